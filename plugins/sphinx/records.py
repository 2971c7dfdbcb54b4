"""Page records from the Sphinx environment: URL, source, includes, metadata, title."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sphinx import addnodes
from sphinx.environment import BuildEnvironment

from sitemap_core import PageRecord
from sitemap_core._adapters import excluded_by

from .config import SiteConfig
from .pages import Page


def page_url(site: SiteConfig, link: str) -> str:
    """The URL relative to the base URL: sphinx-sitemap's ``sitemap_url_scheme``."""
    return site.scheme.format(lang=site.lang, version=site.version, link=link)


def rendered_record(site: SiteConfig, env: BuildEnvironment, page: Page) -> PageRecord:
    """What is known of a document's record while Sphinx renders its page: its URL, output,
    front matter and ``sitemap_excludes`` verdict (no dates, title or section)."""
    url = page_url(site, page.link)
    return PageRecord(
        url=url,
        output=page.output,
        front_matter=_front_matter(env, page.pagename),
        name=page.pagename,
        exclude=excluded_by(site.excludes, page.link, url),
    )


def sections(env: BuildEnvironment, root_doc: str) -> dict[str, str]:
    """Each document under the root document's toctrees, in reading order, with its section:
    the caption of the root's toctree that lists it, else its top-level entry's title."""
    found: dict[str, str] = {}
    includes = env.toctree_includes
    captions = _captions(env, root_doc)
    for top in includes.get(root_doc, []):
        title = captions.get(top) or (env.titles[top].astext() if top in env.titles else top)
        stack = [top]
        while stack:
            doc = stack.pop()
            if doc in found or doc == root_doc:
                continue
            found[doc] = title
            stack.extend(reversed(includes.get(doc, [])))
    return found


def in_reading_order(env: BuildEnvironment, pages: list[Page]) -> list[Page]:
    """The root document, then its toctrees' documents in reading order (llms.txt lists
    them so), then the other pages in the order of ``pages``."""
    root_doc = env.config.root_doc
    order = {root_doc: -1, **{doc: n for n, doc in enumerate(sections(env, root_doc))}}
    return sorted(pages, key=lambda page: order.get(page.pagename, len(order)))


def _captions(env: BuildEnvironment, root_doc: str) -> dict[str, str]:
    """The documents the root document's captioned toctrees list, by caption."""
    try:
        doctree = env.get_doctree(root_doc)
    except (OSError, KeyError):
        return {}
    found: dict[str, str] = {}
    for toctree in doctree.findall(addnodes.toctree):
        caption = toctree.get("caption")
        if isinstance(caption, str) and caption.strip():
            entries: list[tuple[str | None, str]] = toctree.get("entries", [])
            for _, doc in entries:
                if isinstance(doc, str):
                    found.setdefault(doc, caption)
    return found


def _front_matter(env: BuildEnvironment, docname: str) -> dict[str, Any]:
    """reST file-wide fields (``:sitemap_priority: 0.8``) and MyST front matter.

    MyST stores a nested front-matter mapping (``sitemap: {exclude: true}``) as JSON text.
    """
    found = dict(env.metadata.get(docname, {}))
    for key, value in found.items():
        if key.lower() == "sitemap" and isinstance(value, str) and value.startswith("{"):
            with contextlib.suppress(ValueError):
                found[key] = json.loads(value)
    return found


def _dates(front_matter: dict[str, Any]) -> dict[str, Any]:
    """``:modified:`` and ``:date:`` fields (any case), keyed as the core names them."""
    found: dict[str, Any] = {}
    for key, value in front_matter.items():
        low = key.lower() if isinstance(key, str) else ""
        if low in ("modified", "date") and value not in (None, ""):
            found.setdefault(low, value)
    return found


def catalogues(env: BuildEnvironment) -> dict[str, Path]:
    """The ``.po`` message catalogues of the build's language, by gettext domain.

    A translated page changes when its catalogue does. Sphinx reads the compiled ``.mo``
    (built from the ``.po``, usually not committed); the ``.po`` is what git dates.
    """
    config = env.config
    if not config.language or not config.locale_dirs:
        return {}
    from sphinx.util.i18n import CatalogRepository

    repo = CatalogRepository(
        env.srcdir, config.locale_dirs, config.language, config.source_encoding
    )
    return {c.domain: Path(c.po_path) for c in repo.catalogs}


def _dependencies(
    env: BuildEnvironment,
    docname: str,
    source: Path,
    po_files: dict[str, Path],
    holds: tuple[str, ...] = (),
) -> tuple[Path, ...]:
    """The files a document's page changes with: its includes, its catalogue and, for a page
    that shows other documents too (singlehtml), theirs and their sources."""
    srcdir = Path(env.srcdir)
    found: set[Path] = set()
    for doc in (docname, *holds):
        found.update(srcdir / p for p in env.dependencies.get(doc, ()))
        if doc != docname:
            found.add(srcdir / env.doc2path(doc, False))
        if po_files:
            from sphinx.util.i18n import docname_to_domain

            po = po_files.get(docname_to_domain(doc, env.config.gettext_compact))
            if po is not None:
                found.add(po)
    found.discard(source)
    return tuple(sorted(found))


VIEWCODE = "_modules/"


def _module_file(modname: str) -> Path | None:
    """The source file of a module, as viewcode finds it for its ``_modules/`` page."""
    from sphinx.pycode import ModuleAnalyzer

    try:
        filename = ModuleAnalyzer.get_module_source(modname)[0]
    except Exception:  # any import trouble means "no file": the page is undated
        return None
    return Path(filename) if filename else None


def _summarised(env: BuildEnvironment, pagename: str, doc_urls: dict[str, str]) -> tuple[str, ...]:
    """The URLs of the documents an index page lists (its lastmod is the newest of theirs)."""
    if pagename == "genindex":
        entries = env.get_domain("index").data.get("entries", {})
        docs = [doc for doc, found in entries.items() if found]
    elif pagename == "py-modindex":
        modules = env.get_domain("py").data.get("modules", {})
        docs = [getattr(entry, "docname", None) or entry[0] for entry in modules.values()]
    elif pagename.startswith("genindex-") or pagename in {
        f"{d.name}-{i.name}" for d in env.domains.values() for i in d.indices
    }:
        docs = list(doc_urls)  # a split general index, another domain's index
    else:
        return ()
    return tuple(sorted({doc_urls[doc] for doc in docs if doc in doc_urls}))


def page_records(
    site: SiteConfig, env: BuildEnvironment, pages: list[Page], *, with_sections: bool
) -> Iterator[PageRecord]:
    """One record per page, in the order of ``pages``."""
    srcdir = Path(env.srcdir)
    by_section = sections(env, env.config.root_doc) if with_sections else {}
    po_files = catalogues(env)
    doc_urls = {p.pagename: page_url(site, p.link) for p in pages if p.is_doc}
    module_urls = tuple(
        page_url(site, p.link)
        for p in pages
        if p.pagename.startswith(VIEWCODE) and p.pagename != VIEWCODE + "index"
    )
    for page in pages:
        url = page_url(site, page.link)
        # sitemap_excludes, matched against the link and the URL.
        exclude = excluded_by(site.excludes, page.link, url)
        if not page.is_doc:
            name = page.pagename
            source = None
            summarises: tuple[str, ...] = ()
            if name == VIEWCODE + "index":
                summarises = module_urls
            elif name.startswith(VIEWCODE):
                # viewcode's page shows the module's source: it changes with that file.
                source = _module_file(name[len(VIEWCODE) :].replace("/", "."))
            else:
                summarises = _summarised(env, name, doc_urls)
            yield PageRecord(
                url=url,
                source=source,
                output=page.output,
                kind="index",
                lang=site.language,
                name=name,
                exclude=exclude,
                summarises=summarises,
            )
            continue
        docname = page.pagename
        # A str before Sphinx 8; absolute from Sphinx 9 on (the join keeps it so).
        relative = Path(env.doc2path(docname, False))
        name = relative.as_posix()
        source = srcdir / relative
        title_node = env.titles.get(docname)
        front_matter = _front_matter(env, docname)
        yield PageRecord(
            url=url,
            source=source,
            output=page.output,
            front_matter=front_matter,
            kind="page",
            dates=_dates(front_matter),
            lang=site.language,
            title=title_node.astext() if title_node is not None else None,
            section=by_section.get(docname),
            name=name,
            exclude=exclude,
            dependencies=_dependencies(env, docname, source, po_files, page.holds),
        )
