"""The HTML sitemap as a page of the built docs: the theme's ``page.html`` around the toctree.

Sphinx renders the page at ``html-collect-pages`` (before the sitemap is built) with the
core's marker as its body; once the XML sitemap is written, the marker becomes the toctree,
less the pages the XML sitemap left out, so the two never disagree.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from sitemap_core import BuildReport
from sitemap_core._adapters import (
    SLOT,
    TOC_SLOT,
    NavItem,
    PageOptions,
    fill_slot,
    inspect_html,
    page_title,
    render_nav_and_toc,
)

from .config import SiteConfig
from .pages import Page, html_stem, is_website_builder, output_for


def pagename(app: Sphinx) -> str | None:
    """The page name of the HTML sitemap (``sitemap_html = "sitemap.html"``: ``sitemap``);
    ``None`` when it is off or the builder has no page per document (singlehtml)."""
    name = app.config.sitemap_html
    if not name or not is_website_builder(app.builder) or app.builder.name == "singlehtml":
        return None
    return html_stem(app.builder, name)


def collect(app: Sphinx, site: SiteConfig) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: the page, unless a document of that name is the site's own
    (its text around the marker, which a ``.. raw:: html`` block puts in)."""
    name = pagename(app)
    if name is None or name in app.env.found_docs:
        return
    title = page_title(PageOptions.of(site.settings).html_sitemap_title, site.language)
    body = f"<h1>{html.escape(title)}</h1>\n{SLOT}\n"
    # The page's own table of contents, as Sphinx writes a document's: its sections go in
    # at the marker once they are known.
    link = f'<a class="reference internal" href="#">{html.escape(title)}</a>'
    toc = f"<ul>\n<li>{link}{TOC_SLOT}</li>\n</ul>\n"
    context = {"title": title, "body": body, "toc": toc, "display_toc": True}
    yield name, context, "page.html"


def toctree_items(env: BuildEnvironment, locs: Mapping[str, str]) -> tuple[list[NavItem], set[str]]:
    """The root document, then its toctrees (a captioned toctree is a section), each document
    with the documents of its own toctrees below it; and the documents met."""
    root = env.config.root_doc
    seen = {root}
    items = [NavItem(_title(env, root), locs.get(root))]
    try:
        doctree = env.get_doctree(root)
    except (OSError, LookupError):
        return items, seen
    for toctree in doctree.findall(addnodes.toctree):
        listed: list[tuple[str | None, str]] = toctree.get("entries", [])
        entries = [
            _item(env, doc, title, locs, seen)
            for title, doc in listed
            if doc in env.found_docs and doc not in seen
        ]
        children = [item for item in entries if item is not None]
        caption = toctree.get("caption")
        if caption and children:
            items.append(NavItem(str(caption), None, tuple(children)))
        else:
            items.extend(children)
    return items, seen


def _item(
    env: BuildEnvironment, doc: str, title: str | None, locs: Mapping[str, str], seen: set[str]
) -> NavItem | None:
    if doc in seen:
        return None
    seen.add(doc)
    children = [
        child
        for sub in env.toctree_includes.get(doc, [])
        if (child := _item(env, sub, None, locs, seen)) is not None
    ]
    return NavItem(title or _title(env, doc), locs.get(doc), tuple(children))


def _title(env: BuildEnvironment, doc: str) -> str:
    node: nodes.Node | None = env.titles.get(doc)
    return node.astext() if node is not None else doc


#: What the navigation calls Sphinx's generated pages when their file cannot be read.
EXTRA_TITLES = {"genindex": "Index", "py-modindex": "Python Module Index", "search": "Search"}


def fill(
    app: Sphinx, site: SiteConfig, pages: list[Page], locs: Mapping[str, str], report: BuildReport
) -> str | None:
    """Put the toctree into the built page; a message for the log when it cannot be."""
    name = pagename(app)
    if name is None:
        return None
    env = app.env
    items, reached = toctree_items(env, locs)
    others = [
        NavItem(_title(env, p.pagename) if p.is_doc else _page_title(app, p), locs[p.pagename])
        for p in pages
        if p.pagename not in reached and p.pagename in locs
    ]
    path = output_for(app.builder, name)
    page_loc = locs.get(name)
    if page_loc is None or not path.is_file():
        return f"the HTML sitemap page {_show(path, app)} was not built"
    fragment, toc = render_nav_and_toc(
        items,
        report.html_entries,
        page_loc,
        PageOptions.of(site.settings),
        others=others,
        lang=site.language,
    )
    try:
        if not fill_slot(path, fragment, toc):
            return (
                f"{name} has no {SLOT} marker: the HTML sitemap's list was not added; put "
                '".. raw:: html" with the marker where the list goes'
            )
    except OSError as exc:
        return f"cannot fill the HTML sitemap {_show(path, app)}: {exc.strerror}"
    return None


def _page_title(app: Sphinx, page: Page) -> str:
    """A page that is no document (genindex, viewcode's ``_modules/…``, an extension's tag
    page): its built ``<title>`` (in the project's language) less the project's suffix; read
    from the file, because an incremental build does not write every such page again."""
    try:
        title = inspect_html(page.output).title
    except OSError:
        title = None
    docstitle = getattr(app.builder, "globalcontext", {}).get("docstitle")
    if title and isinstance(docstitle, str):
        # The <title> is read with its spaces collapsed: so is the suffix.
        title = title.removesuffix(f" \u2014 {' '.join(docstitle.split())}").strip()
    return title or EXTRA_TITLES.get(page.pagename, page.pagename)


def _show(path: Path, app: Sphinx) -> str:
    try:
        return path.relative_to(app.outdir).as_posix()
    except ValueError:
        return str(path)
