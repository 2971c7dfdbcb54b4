"""The ``build-finished`` step: records → core → sitemap files, with Sphinx-style messages."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import sphinx
from sphinx.application import Sphinx

from sitemap_core import (
    Alternate,
    Diagnostics,
    GitPrefetch,
    Settings,
    SitemapError,
    build_sitemap,
    make_plugin_manager,
)
from sitemap_core._adapters import HookError, absolute_url, is_ours, read_entries, remove_set

from . import canonical, html_page, reach
from .alternates import AlternatesPlugin, alternates_for, hreflang, valid_locales
from .canonical import sphinx_page_url
from .compat import incumbent, incumbent_leftover, pageurl_path
from .config import SiteConfig
from .pages import ExtraPages, Page, collect_pages, link_for
from .records import in_reading_order, page_records, page_url

#: Messages carry this type, so ``suppress_warnings = ["sitemap"]`` works.
WARNING_TYPE = "sitemap"
#: The subtype of the core's messages (``suppress_warnings = ["sitemap.build"]``); the
#: adapter's own messages name theirs (docs/sphinx.md lists them).
CORE_SUBTYPE = "build"


class TypedLogger(logging.LoggerAdapter):  # type: ignore[type-arg]
    """Adds ``type="sitemap"`` and a subtype to every message sent through Sphinx's logger:
    Sphinx matches ``suppress_warnings = ["sitemap.<subtype>"]`` only on messages with one."""

    def process(self, msg: Any, kwargs: MutableMapping[str, Any]) -> tuple[Any, Any]:
        kwargs.setdefault("type", WARNING_TYPE)
        kwargs.setdefault("subtype", CORE_SUBTYPE)
        return msg, kwargs


def write_sitemap(
    app: Sphinx, site: SiteConfig, extras: ExtraPages, logger: TypedLogger, git: GitPrefetch | None
) -> None:
    """Collect the build's pages and write the sitemap; a failure under strict sets status 1."""
    settings = site.settings
    builder = app.builder
    env = app.env
    pages = collect_pages(builder, env, extras.resolve(builder))
    with_sections = settings.html_sitemap is not None or settings.llms_txt
    if settings.llms_txt:
        pages = in_reading_order(env, pages)
    records = list(page_records(site, env, pages, with_sections=with_sections))
    pm = make_plugin_manager()
    html_baseurl = app.config.html_baseurl
    page_urls: dict[str, str] = {}
    if html_baseurl and not str(html_baseurl).startswith("/"):
        suffix = str(getattr(builder, "out_suffix", ".html"))
        paths = [pageurl_path(page.pagename, page.target_uri, suffix) for page in pages]
        page_urls = {
            record.url: sphinx_page_url(html_baseurl, path)
            for record, path in zip(records, paths, strict=True)
        }
        _note_scheme(site, str(html_baseurl), logger)
        _note_unwritten_canonicals(Path(app.outdir), pages, paths, logger)
    if app.config.sitemap_robots and not settings.robots and settings.output_path:
        # The folder the sitemap is written to (the build's, or its parent's) is not the root.
        logger.info(
            "sitemap: robots.txt not written: this build is served under %s "
            "(sitemap_url_scheme) and crawlers read robots.txt only at the host root",
            settings.output_path,
        )
    output = Path(app.outdir)
    if site.in_parent:
        output = output.parent
        _note_other_build(
            output / settings.filename, settings, (settings.base_url or "") + site.folder, logger
        )
    canonical.install(pm, page_urls)
    by_url = _alternates(site, pages, records_urls=[r.url for r in records], logger=logger)
    if by_url:
        pm.register(AlternatesPlugin(by_url), name="ssg_sitemap.sphinx.alternates")
    ours = output / settings.filename
    # sphinx-sitemap's file, written this build too (warned at startup) or left by its last.
    replace: tuple[Path, ...] = (
        (ours, ours.with_name(ours.name + ".gz")) if incumbent(app.extensions) else ()
    )
    if not replace and incumbent_leftover(ours, app.confdir, app.config.html_extra_path):
        logger.info("sitemap: %s, sphinx-sitemap's from an earlier build, is replaced", ours)
        replace = (ours,)
    try:
        report = build_sitemap(
            records,
            settings,
            output,
            logger=logger,
            prefix="sitemap: ",
            plugin_manager=pm,
            indent=site.indent,
            git_prefetch=git,
            replace=replace,
        )
    except SitemapError as exc:
        logger.error("sitemap: %s; no sitemap written", exc)
        # A failing function of the site's own fails the build, as it does in the others.
        if settings.strict or isinstance(exc, HookError):
            app.statuscode = 1
        return
    if settings.html_themed:
        locs = {}  # each page's URL as the sitemap writes it, by page name
        for page, record in zip(pages, records, strict=True):
            with contextlib.suppress(ValueError):  # reported by the core
                locs[page.pagename] = absolute_url(settings.base_url or "", record.url)
        problem = html_page.fill(app, site, pages, locs, report)
        if problem is not None:
            logger.warning("sitemap: %s", problem, subtype="html_page")
            if settings.strict:
                report.failed = True
    if report.failed:
        app.statuscode = 1
    if "git" in settings.lastmod_sources:
        reach.remember(Path(app.srcdir), Path(app.doctreedir), records)


def remove_previous(outdir: Path, logger: TypedLogger) -> list[str]:
    """Remove the sitemap set an earlier build recorded (unchanged since), so that a build
    that writes none does not leave an old one looking current.

    :return: the names removed.
    """
    return [path.name for path in remove_set(outdir, Diagnostics(logger, "sitemap: "))]


def _alternates(
    site: SiteConfig, pages: list[Page], *, records_urls: list[str], logger: TypedLogger
) -> dict[str, tuple[Alternate, ...]]:
    """Alternates by record URL; none unless there are two languages and the scheme has
    ``{lang}`` (otherwise every language would point at the same URL)."""
    locales, bad = valid_locales(site.locales)
    for locale in bad:
        logger.warning(
            "sitemap: sitemap_locales: %r is not a language code (like en or pt_BR); skipped",
            locale,
            subtype="config",
        )
    x_default = site.settings.x_default
    built = {hreflang(loc) for loc in (*locales, *([site.language] if site.language else []))}
    if x_default is not None and hreflang(x_default) not in built:
        logger.warning(
            "sitemap: sitemap_x_default: %r is not one of the languages (%s); no x-default link",
            x_default,
            ", ".join(sorted(built)) or "none",
            subtype="config",
        )
    if len({loc.replace("_", "-") for loc in locales}) < 2:
        return {}
    if "{lang}" not in site.scheme:
        logger.info(
            "sitemap: no hreflang alternates: sitemap_url_scheme %r has no {lang}, so every "
            "language would get the same URL",
            site.scheme,
        )
        return {}
    base = site.settings.base_url or ""
    result: dict[str, tuple[Alternate, ...]] = {}
    for page, url in zip(pages, records_urls, strict=True):
        try:
            result[url] = alternates_for(
                base, site.scheme, site.version, page.link, locales, site.settings.x_default
            )
        except ValueError:
            continue  # the page's own URL is reported by the core
    return result


def _note_scheme(site: SiteConfig, html_baseurl: str, logger: TypedLogger) -> None:
    """Say once when the canonical links Sphinx writes from ``html_baseurl`` name other URLs
    than the sitemap's: every listed page then names another URL as its canonical, so one of
    the two values is wrong; the line names both fixes. INFO, not a warning: it is about
    Sphinx's canonical links, not our sitemap (whose URLs equal sphinx-sitemap's), and a build
    green with sphinx-sitemap stays green; ``check`` reports each such page."""
    base = site.settings.base_url or ""
    ours = absolute_url(base, page_url(site, "page.html"))
    theirs = sphinx_page_url(html_baseurl, "page.html")
    if ours == theirs:
        return
    served_under = base.rstrip("/") + "/" + site.folder if site.folder else ""
    locales, _ = valid_locales(site.locales)
    if site.folder and "{lang}" in site.scheme and len(locales) >= 2:
        # A translated build: its hreflang links need the language folder.
        fix = f"set html_baseurl = {served_under!r}"
    elif served_under:
        fix = (
            f'if the site is served at html_baseurl, set sitemap_url_scheme = "{{link}}"; if '
            f"it is served under {site.folder}, set html_baseurl = {served_under!r}"
        )
    else:
        fix = 'set sitemap_url_scheme = "{link}"'
    logger.info(
        "sitemap: every sitemap URL (like %s, from sitemap_url_scheme %r) differs from the "
        "canonical link Sphinx writes into the page from html_baseurl (%s), so search engines "
        "see each listed page name another URL: %s",
        ours,
        site.scheme,
        theirs,
        fix,
        subtype="canonical",
    )


def _note_unwritten_canonicals(
    outdir: Path, pages: list[Page], paths: list[str], logger: TypedLogger
) -> None:
    """Say once when Sphinx's canonical links name files this build does not write (dirhtml
    before Sphinx 8.1: ``guide.html`` for the page ``guide/``). The sitemap lists the pages
    themselves; a search engine may drop a page whose canonical link is a 404. INFO, as for
    :func:`_note_scheme`: Sphinx writes those links; ``check`` reports each such page."""
    for page, path in zip(pages, paths, strict=True):
        named = link_for(path)
        if page.is_doc and named != page.link and not (outdir / named).is_file():
            logger.info(
                "sitemap: Sphinx %s writes canonical links naming %s for the page %s, a file "
                "this build does not write (fixed in Sphinx 8.1); search engines may drop "
                "such pages and `ssg-sitemap check` reports them: upgrade Sphinx, or give the "
                "site's address in site_url instead of html_baseurl (no canonical links then)",
                sphinx.__version__,
                named,
                page.link or "/",
                subtype="canonical",
            )
            return


def _note_other_build(path: Path, settings: Settings, own: str, logger: TypedLogger) -> None:
    """Warn when the parent folder's sitemap, about to be replaced, lists another build's pages
    (each language build writing ``../sitemap.xml``; ``ssg-sitemap index`` joins them instead).
    ``own`` is the URL of this build's folder.
    """
    if not path.is_file() or not is_ours(path):
        return
    try:
        _kind, entries = read_entries(path)
    except SitemapError:
        return
    parent = settings.output_url
    other = next(
        (loc for loc, _ in entries if loc.startswith(parent) and not loc.startswith(own)), None
    )
    if other is None:
        return
    logger.warning(
        "sitemap: %s listed another build's pages (%s); it is replaced by this build's. To "
        'list every build, write one sitemap per build (sitemap_filename = "sitemap.xml") '
        "and join them: ssg-sitemap index %s --base-url %s <each build's folder>",
        path,
        other,
        path,
        parent,
        subtype="other_build",
    )
