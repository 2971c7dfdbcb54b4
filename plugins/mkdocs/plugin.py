"""The MkDocs plugin: ``plugins: [sitemap]`` replaces the built-in sitemap with an honest one."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import html
import json
import logging
import os
import re
import tempfile
import time
from collections.abc import Mapping
from itertools import chain
from pathlib import Path
from typing import Any, Literal

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from sitemap_core import (
    BuildReport,
    ConfigError,
    Diagnostics,
    GitPrefetch,
    PageRecord,
    Settings,
    SitemapError,
    build_sitemap,
    prefetch_git,
)
from sitemap_core._adapters import (
    MATERIAL_INDEX,
    SLOT,
    NavItem,
    PageOptions,
    absolute_url,
    fill_slot,
    material_problem,
    material_readers,
    page_stem,
    page_title,
    reads_material_file,
    remove_set,
    render_nav_and_toc,
    settings_from_options,
    twin_link,
    write_material_copy,
)

from . import blog
from .config import SitemapConfig
from .pages import (
    Collect,
    FrontMatterCache,
    is_i18n_fallback,
    page_record,
    page_records,
    project_root,
    template_records,
)

log = get_plugin_logger("sitemap")


class _OncePerProcess(logging.Filter):
    """Lets a message holding ``text`` through once per process: the robots.txt notice (the
    base URL has a path) is the same on every ``mkdocs serve`` rebuild, and saying it each
    time buries the messages that changed."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.said = False

    def filter(self, record: logging.LogRecord) -> bool:
        if self.text not in record.getMessage():
            return True
        said, self.said = self.said, True
        return not said


#: The core's notice when it leaves robots.txt alone (see :mod:`sitemap_core._files`).
ROBOTS_HAS_PATH = "robots.txt not changed: the base URL"
log.logger.addFilter(_OncePerProcess(ROBOTS_HAS_PATH))

#: The template MkDocs renders (and gzips) into its own sitemap.
BUILTIN_TEMPLATE = "sitemap.xml"

#: After every other plugin, mkdocs-static-i18n (-100) included: its ``on_post_build`` runs
#: the other languages' builds, and the sitemap is written once, after all of them.
LAST = -150


class SitemapPlugin(BasePlugin[SitemapConfig]):
    """Collects every page of the build (all languages) and writes one sitemap after it. Builds
    nest (mkdocs-static-i18n builds each language from its own ``on_post_build``): a stack of
    the running builds tells a nested build from the outermost one, which writes.
    """

    def __init__(self) -> None:
        super().__init__()
        self.serving = False
        self.front_matter = FrontMatterCache()
        self.settings: Settings | None = None
        self.git_prefetch: GitPrefetch | None = None
        self.records: list[PageRecord] = []
        #: (URL, source) of every page collected in this build: mkdocs-static-i18n builds the
        #: default language a second time when it is not listed first, and the same source
        #: rendered again at the same URL is the same page, not a duplicate.
        self.collected: set[tuple[str, Path | None]] = set()
        self.stack: list[_Running] = []
        #: The HTML sitemap's page source (``sitemap.md``), ``None`` when it is off.
        self.page_src: str | None = None
        #: Each build's themed HTML sitemap, filled once the XML sitemap is written.
        self.fills: list[_Fill] = []
        self.warned_replaced: set[str] = set()
        #: Files of docs_dir at our sitemap's name: MkDocs copies them, we replace them (warned).
        self.replace: set[Path] = set()
        #: Seconds this plugin spent in the last build (for benchmarks and the debug log).
        self.elapsed = 0.0
        #: Where the HTML sitemap page's source is written (outside docs_dir, so that `mkdocs
        #: serve` does not watch it); removed when the plugin goes.
        self.page_dir: tempfile.TemporaryDirectory[str] | None = None

    # MkDocs keeps a plugin with on_startup alive across `mkdocs serve` rebuilds, which is
    # what lets the front matter cache serve --dirty rebuilds.
    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"

    @event_priority(LAST)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        started = time.perf_counter()
        # MkDocs would write its own sitemap.xml and sitemap.xml.gz from this template.
        config.theme.static_templates.discard(BUILTIN_TEMPLATE)
        if not self.stack:  # the outermost build: its site_url is the sitemap's base URL
            self.elapsed = 0.0
            self.warned_replaced.clear()
            try:
                # `mkdocs serve` put its own address in site_url (`serve --clean` says it builds).
                host, port = config.dev_addr
                serving = self.serving or (config.site_url or "").startswith(
                    f"http://{host}:{port}/"
                )
                base_url, versioned = mike_base_url(config)
                # sitemap/, sitemap.html and sitemap.md are all sitemap.md.
                page = self.config.html_sitemap
                self.page_src = f"{page_stem(page)}.md" if page else None
                # Made once (each change of a frozen Settings checks every value again), by
                # the mapping build --project shares.
                themed: dict[str, Any] = {"html_sitemap": None, "html_themed": True}
                settings = settings_from_options(
                    dict(self.config),
                    base_url,
                    serving=serving,
                    site_name=config.site_name or None,
                    site_description=config.site_description or None,
                    versioned=versioned,
                    # A page of the site, rendered by its theme: the core writes no page.
                    **(themed if self.page_src else {}),
                )
                if material_uses(config) and reads_material_file(settings):
                    # Material reads sitemap.xml's own entries: a sharded site's index goes
                    # to another name, and sitemap.xml lists every page (see _write).
                    settings = dataclasses.replace(settings, index_filename=MATERIAL_INDEX)
                self.settings = settings
            except ConfigError as exc:
                raise PluginError(f"sitemap: {exc}") from None
            self._warn_custom_template(config)
            if self.config.hooks and self.config.hooks not in config.watch:
                # `mkdocs serve` rebuilds when the hooks file changes, as for its own hooks.
                config.watch.append(self.config.hooks)
            # The history read overlaps MkDocs' own build; the sitemap step takes its result.
            self.git_prefetch = prefetch_git([Path(config.docs_dir)], self.settings)
        self.elapsed += time.perf_counter() - started
        return config

    @event_priority(100)
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if not self.stack:
            self.records = []
            self.collected = set()
            self.fills = []
        # mkdocs-static-i18n moves on to the next language before the outer build ends.
        self.stack.append(_Running(page_language(config)))

    @event_priority(LAST)
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        """Drop the theme's sitemap template, which MkDocs would otherwise copy as a file."""
        docs_dir = Path(config.docs_dir).resolve()
        names = (BUILTIN_TEMPLATE, BUILTIN_TEMPLATE + ".gz")
        for file in [f for f in files if f.src_uri in names]:
            name = file.src_uri
            if file.abs_src_path is None:
                continue
            if Path(file.abs_src_path).resolve().is_relative_to(docs_dir):
                self.replace.add(Path(config.site_dir) / name)
                self._warn_once(
                    name,
                    f"{Path(config.docs_dir).name}/{name} is replaced by the sitemap this "
                    "plugin writes; remove it from docs_dir",
                )
            else:
                files.remove(file)
        if self.page_src is not None:
            self._add_page(files, config)
        return files

    def _add_page(self, files: Files, config: MkDocsConfig) -> None:
        """The HTML sitemap page of this build (of this language, on a translated site).

        Its source is a real file: published plugins walk every file and read its
        ``abs_src_path`` (mkdocs-autolinks-plugin, mkdocs-rss-plugin), and fail on ``None``.
        """
        src_uri = language_folder(config) + (self.page_src or "")
        if self.page_dir is None:
            self.page_dir = tempfile.TemporaryDirectory(prefix="ssg-sitemap-")
        source = Path(self.page_dir.name, src_uri)
        source.parent.mkdir(parents=True, exist_ok=True)
        assert self.settings is not None  # made with page_src
        title = page_title(PageOptions.of(self.settings).html_sitemap_title, page_language(config))
        quoted = json.dumps(title)  # a JSON string is a YAML string
        text = f"---\ntitle: {quoted}\nsearch:\n  exclude: true\n---\n\n# {title}\n\n{SLOT}\n"
        source.write_text(text, encoding="utf-8")
        page = File.generated(
            config, src_uri, abs_src_path=str(source), inclusion=InclusionLevel.NOT_IN_NAV
        )
        own = next((f for f in files if f.dest_uri == page.dest_uri), None)
        if own is None:
            files.append(page)
        # else a docs_dir page at that URL is the site's own (intro text around the marker)
        if self.stack:
            self.stack[-1].page_url = (own or page).url

    @event_priority(LAST)
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        if self.stack:
            self.stack[-1].nav = nav
        url = self.stack[-1].page_url if self.stack else None
        file = next((f for f in files.documentation_pages() if f.url == url), None)
        page = file.page if file is not None else None
        if page is None:
            return nav
        listed = page in nav.items
        if listed and not self.config.html_sitemap_in_nav and config.nav is None:
            nav.items.remove(page)  # MkDocs' automatic nav lists every root page
            if page in nav.pages:
                nav.pages.remove(page)
        elif not listed and self.config.html_sitemap_in_nav and page not in nav.pages:
            nav.items.append(page)
            nav.pages.append(page)
        return nav

    @event_priority(LAST)
    def on_env(self, env: object, *, config: MkDocsConfig, files: Files) -> None:
        if self.stack:
            self.stack[-1].files = files

    @event_priority(LAST)
    def on_page_context(
        self, context: Any, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> Any:
        """The site map page's language selector names its own versions: mkdocs-static-i18n
        sets it per page from each file's alternates, and our generated page has none of its
        own (the selector kept the page rendered before it)."""
        if self.stack and page.url == self.stack[-1].page_url:
            own_alternates(config, page.url)
        return context

    @event_priority(LAST)
    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        """With ``llms_markdown`` on, put ``<link rel="alternate" type="text/markdown">`` naming
        the page's Markdown twin before ``</head>`` while MkDocs renders it (last of the
        plugins: their changes to the head are judged too), when the sitemap will list the page
        (judged as the core's :func:`~sitemap_core._pipeline.listed_url` judges, on ``output``)."""
        settings = self.settings
        if settings is None or not settings.llms_markdown:
            return output
        started = time.perf_counter()
        try:
            how, root = self._collect(), project_root(config)
            record = page_record(page.file, config, self.front_matter, how, root)
            end = _HEAD_END.search(output)
            if record is None or end is None:
                return output
            head = output[: end.start()]
            link = twin_link(record, settings, head, Path(config.site_dir))
            return output if link is None else f"{head}{link}\n{output[end.start() :]}"
        finally:
            self.elapsed += time.perf_counter() - started

    @event_priority(LAST)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        started = time.perf_counter()
        run = self.stack.pop() if self.stack else _Running(None)
        files, nav, page_url, build_lang = run.files, run.nav, run.page_url, run.lang
        try:
            self._remember_fill(run, config)
            settings = self.settings
            if build_lang and settings and config.site_name not in ("", settings.site_name):
                # static-i18n's per-language site_name: that language's llms.txt heading.
                names = {**settings.site_names, build_lang: config.site_name}
                self.settings = dataclasses.replace(settings, site_names=names)
            if files is not None:
                translated = config.plugins.get("i18n") is not None
                how = self._collect()
                for record in chain(
                    page_records(files, config, self.front_matter, how, nav),
                    template_records(files, config, how),
                ):
                    if record.url == page_url and translated and build_lang:
                        # Each language's site map page is the others' translation.
                        record = dataclasses.replace(
                            record, lang=build_lang, translation_key=self.page_src
                        )
                    key = (record.url, record.source)
                    if record.source is None or key not in self.collected:
                        self.collected.add(key)
                        self.records.append(record)
            if not self.stack:
                self._write(config)
        finally:
            self.elapsed += time.perf_counter() - started
        if not self.stack:
            log.debug(f"sitemap step took {self.elapsed:.3f} s")

    def on_build_error(self, *, error: Exception) -> None:
        self.stack.clear()
        self.fills = []
        self.records = []
        self.collected = set()

    def _collect(self) -> Collect:
        return Collect(
            source_excludes=tuple(self.config.exclude), fallbacks=self.config.i18n_fallbacks
        )

    def _remember_fill(self, run: _Running, config: MkDocsConfig) -> None:
        """This build's HTML sitemap page and its navigation, for after the XML is written."""
        base = self.settings.base_url if self.settings is not None else None
        files, nav = run.files, run.nav
        if not base or files is None or nav is None:
            return
        file = next((f for f in files.documentation_pages() if f.url == run.page_url), None)
        if file is None or file.page is None:
            return
        reached: set[str] = set()
        copies = i18n_copies(files, config)
        items = nav_items(nav.items, base, reached, copies)
        others = [
            item
            for f in files.documentation_pages()
            if f.page is not None and f.page.url not in reached
            for item in nav_items([f.page], base, reached, copies)
        ]
        self.fills.append(
            _Fill(Path(file.abs_dest_path), _loc(base, file.url), items, others, run.lang)
        )

    def _fill_html_sitemaps(self, report: BuildReport) -> None:
        """Put the list into each themed HTML sitemap page (one per language)."""
        assert self.settings is not None  # the pages are noted only with settings
        options = PageOptions.of(self.settings)
        for fill in self.fills:
            fragment = render_nav_and_toc(
                fill.items,
                report.html_entries,
                fill.page_loc,
                options,
                others=fill.others,
                lang=fill.lang,
            )[0]
            try:
                filled = fill_slot(fill.path, fragment)
            except OSError as exc:
                log.warning(f"cannot fill the HTML sitemap {fill.path}: {exc.strerror}")
                continue
            if not filled:
                log.warning(
                    f"{self.page_src} has no {SLOT} marker: the HTML sitemap's list was not "
                    "added; put the marker on a line of its own where the list goes"
                )
        self.fills = []

    def _write(self, config: MkDocsConfig) -> None:
        settings = self.settings
        records, self.records = self.records, []
        self.collected = set()
        if settings is None:
            return
        if not settings.has_base_url:
            # The core would say the same; this names the setting MkDocs users know. The
            # previous build's set (mkdocs build --dirty) would stay looking current: it goes.
            removed = remove_set(Path(config.site_dir), Diagnostics(log, ""))
            gone = ", ".join(path.name for path in removed)
            message = (
                "no sitemap written: site_url is not set in mkdocs.yml, and a sitemap needs "
                "absolute URLs" + (f"; the previous build's {gone} removed" if gone else "")
            )
            if settings.strict:
                raise PluginError(f"sitemap: {message}")
            # Not a warning: `mkdocs new` writes no site_url, and MkDocs' own sitemap is silent.
            log.info(message)
            return
        try:
            report = build_sitemap(
                records,
                settings,
                Path(config.site_dir),
                logger=log,
                prefix="",
                git_prefetch=self.git_prefetch,
                replace=self.replace,
            )
            self._fill_html_sitemaps(report)
            write_material_copy(Path(config.site_dir), settings, report, log)
        except SitemapError as exc:
            raise PluginError(f"sitemap: {exc}") from None
        problem = material_problem(material_uses(config), Path(config.site_dir), report)
        if problem is not None:
            log.warning(problem)
            if settings.strict:
                report.failed = True
        if report.failed:
            raise PluginError(
                "sitemap: warnings were reported and the plugin's strict option is on"
            )

    def _warn_custom_template(self, config: MkDocsConfig) -> None:
        custom_dir = config.theme.custom_dir
        template = Path(custom_dir, BUILTIN_TEMPLATE) if custom_dir else None
        if template is not None and template.is_file():
            self._warn_once(
                "custom_dir",
                f"{template} (theme custom_dir) is not used: "
                "this plugin writes sitemap.xml itself; remove the template, or the plugin",
            )

    def _warn_once(self, key: str, message: str) -> None:
        if key not in self.warned_replaced:
            self.warned_replaced.add(key)
            log.warning(message)


@dataclasses.dataclass
class _Running:
    """One running build: its language, and what MkDocs' events tell of it on the way."""

    lang: str | None
    files: Files | None = None
    nav: Navigation | None = None
    page_url: str | None = None


@dataclasses.dataclass(frozen=True)
class _Fill:
    """One build's themed HTML sitemap page, filled once the XML sitemap is written.

    :param path: the built file.
    :param page_loc: its URL.
    :param items: the build's navigation.
    :param others: the pages the navigation does not reach.
    :param lang: the build's language (our labels are in it), or ``None``.
    """

    path: Path
    page_loc: str
    items: list[NavItem]
    others: list[NavItem]
    lang: str | None


#: Where a page's head ends (the first ``</head>``; themes write it in lower case, HTML
#: allows any).
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)


def page_language(config: MkDocsConfig) -> str | None:
    """The language of this build's pages: mkdocs-static-i18n's current language, else the
    theme's (Material's ``language``, the built-in themes' ``locale``)."""
    plugin = config.plugins.get("i18n")
    current = getattr(plugin, "current_language", None)
    if isinstance(current, str) and current:
        return current
    for key in ("language", "locale"):
        value = config.theme.get(key)
        if value:
            return str(value)
    return None


def own_alternates(config: MkDocsConfig, url: str) -> None:
    """Material's ``extra.alternate`` for the site map page at ``url``: each language's link
    is that language's site map page (under its folder), as mkdocs-static-i18n links a
    translated page to its versions."""
    plugin: Any = config.plugins.get("i18n")
    alternates = getattr(plugin, "extra_alternate", None)
    if (
        not alternates
        or getattr(getattr(plugin, "config", None), "reconfigure_material", 0) is not True
    ):
        return
    rel = url.removeprefix(language_folder(config))
    chosen = copy.deepcopy(alternates)
    for alternate in chosen:
        lang = alternate.get("lang") if isinstance(alternate, dict) else None
        link = getattr(plugin.get_language_config(lang), "link", None) if lang else None
        if isinstance(link, str):
            alternate["link"] = _folder(link) + rel
    # mkdocs-static-i18n sets it as an attribute, which templates read before the key.
    config.extra["alternate"] = chosen
    with contextlib.suppress(AttributeError):
        setattr(config.extra, "alternate", chosen)  # noqa: B010


def language_folder(config: MkDocsConfig) -> str:
    """The folder of this build's language on a mkdocs-static-i18n site (``"fr/"``; ``""``
    for a language at the root, and without the plugin)."""
    plugin = config.plugins.get("i18n")
    if plugin is None or not isinstance(getattr(plugin, "current_language", None), str):
        return ""
    return _folder(getattr(getattr(plugin, "current_language_config", None), "link", None))


def _folder(link: object) -> str:
    """A mkdocs-static-i18n language's ``link`` as its folder: ``"fr/"``; ``""`` at the root."""
    folder = link.strip("/") if isinstance(link, str) else ""
    return folder + "/" if folder else ""


def i18n_copies(files: Files, config: MkDocsConfig) -> dict[str, tuple[str, str]]:
    """mkdocs-static-i18n's copies of untranslated pages in this build: by their URL, the URL
    of the page they copy (the one the sitemap lists) and its language."""
    plugin = config.plugins.get("i18n")
    languages = getattr(getattr(plugin, "config", None), "languages", None) or ()
    links = {lang.locale: _folder(lang.link) for lang in languages}
    here = language_folder(config)
    out = {}
    for file in files.documentation_pages():
        lang = getattr(file, "locale", None)
        if is_i18n_fallback(file) and lang in links and file.url.startswith(here):
            out[file.url] = (links[lang] + file.url[len(here) :], str(lang))
    return out


def nav_items(
    items: list[Any],
    base_url: str,
    reached: set[str],
    copies: Mapping[str, tuple[str, str]] | None = None,
) -> list[NavItem]:
    """MkDocs' navigation as the core's :class:`NavItem` tree (external links left out);
    the URL of every page met goes into ``reached``. An untranslated copy (``copies``) is
    the page it copies, marked with its language."""
    copies = copies or {}
    out = []
    for item in items:
        if isinstance(item, Section):
            children = nav_items(item.children, base_url, reached, copies)
            if children:
                # Themes put titles in their menus as HTML (`# Q&A` is `Q&amp;A`).
                out.append(NavItem(str(item.title or ""), None, tuple(children), markup=True))
        elif isinstance(item, Page):
            reached.add(item.url)
            if blog.is_further_page(item):
                continue
            title = item.title if isinstance(item.title, str) else item.file.name
            url = item.url
            if url in copies:
                url, lang = copies[url]
                title = f"{title} ({html.escape(lang)})"
            posts = nav_items(blog.posts(item), base_url, reached, copies)
            out.append(NavItem(title, _loc(base_url, url), tuple(posts), markup=True))
    return out


def _loc(base_url: str, url: str) -> str:
    try:
        return absolute_url(base_url, url)
    except ValueError:
        return base_url + url


def material_uses(config: MkDocsConfig) -> list[str]:
    """What of Material for MkDocs reads ``sitemap.xml`` in this site (empty: nothing)."""
    return material_readers(config.theme.name, config.theme.get("features"), config.extra)


#: The variable ``mike deploy`` sets for the build of one version.
MIKE_VERSION = "MIKE_DOCS_VERSION"


def mike_base_url(config: MkDocsConfig) -> tuple[str | None, bool]:
    """The sitemap's base URL and whether the build is one version of versioned docs.

    With mike, the sitemap lists the version's own folder even when ``site_url`` names the
    canonical one: Material's version selector looks the page up in that version's sitemap.
    """
    site_url = config.site_url or None
    version = os.environ.get(MIKE_VERSION, "")
    plugin = config.plugins.get("mike")
    extra_version = config.extra.get("version") if isinstance(config.extra, Mapping) else None
    provider = isinstance(extra_version, Mapping) and extra_version.get("provider") == "mike"
    if plugin is None and not provider:
        return site_url, False
    if not site_url or not version or "/" in version:
        return site_url, True
    if plugin is not None:
        # mike's on_config ran before ours: site_url is the root joined with this version,
        # or with canonical_version; the root is what comes before that last folder.
        named = plugin.config.get("canonical_version") or version
        trimmed = site_url.rstrip("/")
        if trimmed.endswith("/" + named):
            return trimmed[: -len(named)] + version + "/", True
        return site_url, True
    root = site_url if site_url.endswith("/") else site_url + "/"
    return (root if root.endswith(f"/{version}/") else f"{root}{version}/"), True
