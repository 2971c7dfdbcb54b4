"""Turn MkDocs' files and pages into the core's page records."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import meta as mkdocs_meta

from sitemap_core import PageRecord
from sitemap_core._adapters import (
    DRAFT,
    EXCLUDE_DOCS,
    excluded_by,
    flat_section,
    front_matter_dates,
    is_draft,
    is_page_file,
)


class FrontMatterCache:
    """Front matter of every page, kept across the builds of one ``mkdocs serve``: a ``--dirty``
    build leaves ``page.meta`` empty for the pages it skips, so theirs comes from here, or from
    the file by MkDocs' own parser when the file has changed.
    """

    def __init__(self) -> None:
        self._entries: dict[str, tuple[tuple[int, int], Mapping[str, Any]]] = {}

    def meta(self, page: Page) -> Mapping[str, Any]:
        """The page's front matter, whether or not this build read the page."""
        path = page.file.abs_src_path
        if path is None:
            return page.meta
        try:
            info = Path(path).stat()
            stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
        except OSError:
            stamp = None
        if page.markdown is not None:  # read in this build: MkDocs (and plugins) parsed it
            if stamp is not None:
                self._entries[path] = (stamp, page.meta)
            return page.meta
        cached = self._entries.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        try:
            text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
        except OSError:
            return page.meta
        found = mkdocs_meta.get_data(text)[1]
        if stamp is not None:
            self._entries[path] = (stamp, found)
        return found


@dataclass(frozen=True)
class Collect:
    """How one build's pages become records.

    :param source_excludes: the ``exclude`` globs, matched here against the path in docs_dir
        (the core matches them against URLs).
    :param fallbacks: list mkdocs-static-i18n's copies of untranslated pages as their own URLs.
    """

    source_excludes: tuple[str, ...] = ()
    fallbacks: bool = False


def page_records(
    files: Files,
    config: MkDocsConfig,
    cache: FrontMatterCache,
    how: Collect,
    nav: Navigation | None = None,
) -> Iterator[PageRecord]:
    """One record for each Markdown page of this build: the pages of ``nav`` in its order, then
    the others in MkDocs' order (llms.txt keeps it). Drafts and ``exclude_docs`` pages come with
    an exclusion reason, so that the summary counts them.
    """
    root = project_root(config)
    in_nav = {} if nav is None else {page.file.src_uri: n for n, page in enumerate(nav.pages)}
    pages = files.documentation_pages(inclusion=InclusionLevel.all)
    # A nav without sections is one group, named by the site: never its folders.
    flat = nav is not None and not any(isinstance(item, Section) for item in nav.items)
    top = flat_section(config.site_name) if flat else None
    for file in sorted(pages, key=lambda file: in_nav.get(file.src_uri, len(in_nav))):
        record = page_record(file, config, cache, how, root, top)
        if record is not None:
            yield record


def page_record(
    file: File,
    config: MkDocsConfig,
    cache: FrontMatterCache,
    how: Collect,
    root: str | None = None,
    top: str | None = None,
) -> PageRecord | None:
    """The record of one Markdown page (``None``: a page MkDocs did not make, which is never
    listed); ``root`` is the project's folder (:func:`project_root`), for messages; ``top``
    the section of a page in no nav section."""
    excluded = _generator_exclusion(file, how)
    page = file.page
    if page is None or excluded is not None:
        if excluded is not None:
            return PageRecord(file.url, name=_name(file, root), exclude=excluded)
        return None
    meta = cache.meta(page)
    if is_draft(meta):  # Material previews draft posts under `mkdocs serve`
        return PageRecord(file.url, name=_name(file, root), exclude=DRAFT)
    source = _source(file)
    excluded = excluded_by(how.source_excludes, file.src_uri)
    # Language and translation key from mkdocs-static-i18n, when it is in use.
    lang = getattr(file, "locale_alternate_of", None)
    key = getattr(file, "norm_src_uri", None)
    if not isinstance(lang, str) or not isinstance(key, str):
        lang = key = None
    summarises = _listed_pages(page, config)
    return PageRecord(
        url=page.url,
        source=source,
        output=Path(file.abs_dest_path),
        front_matter=meta,
        kind="index" if summarises else "page",
        summarises=summarises,
        dates=front_matter_dates(meta),
        lang=lang,
        translation_key=key,
        title=page.title if isinstance(page.title, str) else None,
        section=_section(page) or top,
        name=_name(file, root),
        exclude=excluded,
    )


def _listed_pages(page: Page, config: MkDocsConfig) -> tuple[str, ...]:
    """URLs of the posts a Material blog view (index, archive, category) lists on this page.

    Such a page changes when one of its posts does: the core gives it the newest of their
    dates rather than none (it has no source file of its own).
    """
    posts = getattr(page, "posts", None)
    if not isinstance(posts, list):
        return ()
    shown = _shown_posts(page, posts, config)
    return tuple(url for post in shown if isinstance(url := getattr(post, "url", None), str))


def _shown_posts(page: Page, posts: list[Any], config: MkDocsConfig) -> list[Any]:
    """The slice of ``posts`` one page of a paginated Material blog view shows
    (``posts[at * step : at * step + step]``, as Material renders it); all of them when the view
    is not paginated or Material's internals changed.
    """
    pages = getattr(page, "pages", None)
    if not isinstance(pages, list) or len(pages) < 2 or page not in pages:
        return posts
    for plugin in config.plugins.values():
        paginated = getattr(plugin, "_config_pagination", None)
        per_page = getattr(plugin, "_config_pagination_per_page", None)
        if paginated is None or per_page is None or not _made_view(plugin, pages[0]):
            continue
        try:
            if not paginated(page):
                return posts
            step = int(per_page(page))
        except (AttributeError, KeyError, TypeError, ValueError):  # another Material version
            return posts
        if step < 1:
            return posts
        at = pages.index(page)
        return posts[at * step : at * step + step]
    return posts


def _made_view(plugin: object, view: object) -> bool:
    """Whether a Material blog plugin instance made ``view`` (a site may have several blogs)."""
    todo = [getattr(plugin, "blog", None)]
    while todo:
        current = todo.pop()
        if current is view:
            return True
        children = getattr(current, "views", None)
        if isinstance(children, list):
            todo.extend(children)
    return False


def _generator_exclusion(file: File, how: Collect) -> str | None:
    inclusion = file.inclusion
    if inclusion == InclusionLevel.DRAFT:
        return DRAFT
    if inclusion.is_excluded():
        # Material's blog excludes its draft posts this way; their front matter says why.
        page = file.page
        return DRAFT if page is not None and is_draft(page.meta) else EXCLUDE_DOCS
    return "untranslated copy" if not how.fallbacks and is_i18n_fallback(file) else None


def is_i18n_fallback(file: File) -> bool:
    """mkdocs-static-i18n built this language's URL from another language's source."""
    built_as = getattr(file, "locale_alternate_of", None)
    written_in = getattr(file, "locale", None)
    return built_as is not None and written_in is not None and built_as != written_in


def _source(file: File) -> Path | None:
    """The file in the repository; generated pages have none (and so no git date)."""
    path = file.abs_src_path
    return None if path is None or getattr(file, "generated_by", None) else Path(path)


def _section(page: Page) -> str | None:
    """The title of the top-level nav section the page is in (``None``: at the top)."""
    parent = page.parent
    while parent is not None and parent.parent is not None:
        parent = parent.parent
    title = getattr(parent, "title", None)
    return title if isinstance(title, str) and title else None


def project_root(config: MkDocsConfig) -> str | None:
    path = config.config_file_path
    return str(Path(path).resolve().parent) if path else None


def _name(file: File, root: str | None) -> str:
    """How messages name the page: its path from the project root (``docs/a.md``)."""
    if file.abs_src_path is None or getattr(file, "generated_by", None):
        return f"{file.src_uri} (generated)"
    if root is not None:
        try:
            return Path(os.path.relpath(file.abs_src_path, root)).as_posix()
        except ValueError:  # another drive on Windows
            pass
    return file.src_uri


def template_records(files: Files, config: MkDocsConfig, how: Collect) -> Iterator[PageRecord]:
    """One record for each HTML page MkDocs rendered from ``extra_templates``.

    Such a page is a real page of the site (a landing page, a hand-made index); its template
    in docs_dir is its source (git lastmod) and the written page is read like any other
    (noindex, canonical). A template MkDocs did not find wrote nothing and is not listed.
    """
    root = project_root(config)
    for name in config.extra_templates:
        file = files.get_file_from_path(name)
        # Only web pages (not feed.xml or robots.txt).
        if file is None or not is_page_file(file.dest_uri):
            continue
        output = Path(file.abs_dest_path)
        if not output.is_file() or output.stat().st_size == 0:
            continue
        yield PageRecord(
            url=file.url,
            source=_source(file),
            output=output,
            name=_name(file, root),
            exclude=excluded_by(how.source_excludes, file.src_uri),
        )
