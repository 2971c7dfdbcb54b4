"""Sphinx adapter: ``extensions = ["ssg_sitemap.sphinx"]``, a drop-in for sphinx-sitemap.

The sitemap is built once, at ``build-finished`` in the main process, from the environment
(every document of the project, not only the ones this run rewrote), so incremental and
parallel builds list the same URLs as a fresh build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from sitemap_core import GitPrefetch, __version__, prefetch_git

from . import html_page
from .build import TypedLogger, remove_previous, write_sitemap
from .compat import SPHINX_SITEMAP, incumbent
from .config import RTD_VARIABLE, SiteConfig, SitemapConfigError, register, site_config
from .pages import ExtraPages, is_website_builder
from .reach import early_read_paths
from .twins import add_twin_link

logger = TypedLogger(logging.getLogger(__name__), {})


class _State:
    """Per-application state: the checked configuration and the extra pages seen."""

    def __init__(self) -> None:
        self.site: SiteConfig | None = None
        self.active = False
        self.extras = ExtraPages()
        self.git_prefetch: GitPrefetch | None = None


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the config values and the event handlers."""
    if incumbent(app.config.extensions):
        # Loaded first whatever the order in ``extensions``: it registers config values of the
        # same names (site_url, sitemap_*) and would fail on ours; ``register`` skips its ones.
        app.setup_extension(SPHINX_SITEMAP)
    register(app)
    state = _State()

    def builder_inited(app: Sphinx) -> None:
        state.extras = ExtraPages()
        state.site = None
        state.git_prefetch = None
        state.active = is_website_builder(app.builder)
        if not state.active:
            return
        if incumbent(app.extensions):
            logger.warning(
                "sitemap: sphinx_sitemap is also in extensions; both write %s: "
                'remove "sphinx_sitemap" from extensions in conf.py',
                app.config.sitemap_filename,
                subtype="config",
            )
        try:
            state.site = site_config(app)
        except SitemapConfigError as exc:
            state.active = False
            removed = remove_previous(Path(app.outdir), logger)
            logger.error(
                "sitemap: invalid %s: %s; no sitemap written%s",
                # Read the Docs sets its canonical URL, not conf.py.
                "environment variable" if exc.setting == RTD_VARIABLE else "setting in conf.py",
                exc,
                f" (the previous build's {', '.join(removed)} removed)" if removed else "",
                subtype="config",
            )
            if app.config.sitemap_strict is True:
                app.statuscode = 1
            return
        # The history read overlaps Sphinx's own build. Not with -j: worker processes are
        # forked, and forking beside a running thread is unsafe.
        if app.parallel <= 1:
            paths = early_read_paths(Path(app.srcdir), Path(app.doctreedir))
            state.git_prefetch = prefetch_git(paths, state.site.settings)

    def html_page_context(
        app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any
    ) -> None:
        if state.active and pagename not in app.env.found_docs:
            state.extras.note(pagename, templatename)
        elif state.active and state.site is not None:
            add_twin_link(app, state.site, pagename, context)

    def build_finished(app: Sphinx, exception: BaseException | None) -> None:
        if exception is not None or not state.active or state.site is None:
            return
        site = state.site
        if not site.settings.has_base_url:
            # The previous build's set would stay looking current: it goes.
            removed = remove_previous(Path(app.outdir), logger)
            message = (
                "sitemap: no sitemap written: html_baseurl is not set to the site's address "
                '(a sitemap needs absolute URLs: html_baseurl = "https://docs.example.org/")'
                + (f"; the previous build's {', '.join(removed)} removed" if removed else "")
            )
            if site.settings.strict:
                logger.error(message)
                app.statuscode = 1
            else:
                logger.info(message)
            return
        write_sitemap(app, site, state.extras, logger, state.git_prefetch)

    def html_collect_pages(app: Sphinx) -> Any:
        if state.active and state.site is not None and state.site.settings.html_themed:
            yield from html_page.collect(app, state.site)

    def env_get_outdated(
        app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]
    ) -> list[str]:
        # The site's own sitemap document is filled after it is written: rewrite it each
        # build, or an incremental build would keep the last build's list (and no marker).
        name = html_page.pagename(app) if state.active else None
        return [name] if name is not None and name in env.found_docs else []

    app.connect("builder-inited", builder_inited)
    app.connect("env-get-outdated", env_get_outdated)
    app.connect("html-collect-pages", html_collect_pages)
    app.connect("html-page-context", html_page_context)
    # Late, so that files other handlers write (robots.txt, HTML) are there to be read.
    app.connect("build-finished", build_finished, priority=900)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
