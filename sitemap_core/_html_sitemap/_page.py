"""An HTML sitemap for visitors: the site's pages as a tree of sections, with dates.

Themed (MkDocs, Sphinx, Pelican): the generator renders a page with its own theme around
:data:`SLOT`, and :func:`fill_slot` puts the site's navigation there, less the pages the XML
sitemap left out. Standalone (the CLI): one self-contained page, no script or external asset,
links relative to the base URL (it works served and opened from disk).
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from sitemap_core._config import OPTIONS, matches_any
from sitemap_core._errors import SitemapError
from sitemap_core._files import MARKER, FilePlan, is_ours
from sitemap_core._html_sitemap._encoding import page_encoding
from sitemap_core._html_sitemap._labels import (
    MORE_PAGES,
    OTHER_PAGES,
    PAGES,
    SITE_MAP,
    page_title,
    translate,
)
from sitemap_core._html_sitemap._title import title_markup
from sitemap_core._util.atomic import replace_contents

if TYPE_CHECKING:
    from sitemap_core._config import Settings


@dataclass(frozen=True)
class PageOptions:
    """The site map page's options: the option table's ``page`` rows, by their names. Every
    adapter hands this one value, made by :meth:`of`, to :func:`render_nav_and_toc`; a new
    option of the page is a row of the table, a field here and its use in the renderer.

    :param html_sitemap_title: the page's title, the list's label (in the page's language
        unless the user set one).
    :param html_sitemap_dates: show each page's lastmod beside its link.
    :param html_sitemap_orphans: mark the pages no other page links (:data:`ORPHAN`).
    """

    html_sitemap_title: str = SITE_MAP
    html_sitemap_dates: bool = False
    html_sitemap_orphans: bool = False

    @property
    def reads_links(self) -> bool:
        """Whether the page needs the build's link pass (it marks orphan pages)."""
        return self.html_sitemap_orphans

    @classmethod
    def of(cls, settings: Settings) -> PageOptions:
        """The page's options of a build's settings."""
        return cls(
            **{option.name: getattr(settings, option.name) for option in OPTIONS if option.page}
        )


#: The class and label of a page no other page links, after its link.
ORPHAN = "ssg-sitemap-orphan"
_ORPHAN_MARK = f' <small class="{ORPHAN}-label">{html.escape("(no page links it)")}</small>'

#: Label of the pages at the top of the site (no directory).
TOP_LABEL = PAGES
#: Folders nest this deep at most; deeper ones are one group named by their path (a heading
#: goes no deeper than ``<h6>``, and a tree as deep as the site's folders is unreadable).
_DEEPEST = 6

_STYLE = """
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fff; --muted: #5f6368; --line: #ddd;
  --link: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8e8e8; --bg: #121212; --muted: #a0a0a0;
  --line: #333; --link: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto,
  sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 48rem; margin: 0 auto; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
p.meta { color: var(--muted); margin: 0 0 1rem; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem .75rem; padding: 0; list-style: none; }
a { color: var(--link); text-underline-offset: .15em; }
details { border-top: 1px solid var(--line); padding: .5rem 0; }
summary { cursor: pointer; font-weight: 600; font-size: 1.15rem; padding: .25rem 0; }
summary .count { color: var(--muted); font-weight: 400; font-size: .9rem; }
details details { margin-left: .5rem; padding: .25rem 0 .25rem .75rem; border-top: 0;
  border-left: 2px solid var(--line); }
details details summary { font-size: 1.05rem; }
ul.pages { list-style: none; margin: 0; padding: 0; }
ul.pages li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1rem;
  padding: .5rem 0; border-bottom: 1px solid var(--line); }
ul.pages li:last-child { border-bottom: 0; }
ul.pages a { overflow-wrap: anywhere; min-width: 0; padding: .15rem 0; }
time, small { color: var(--muted); font-size: .9rem; white-space: nowrap; }
"""


@dataclass(frozen=True, slots=True)
class HtmlEntry:
    """One page of the HTML sitemap.

    :param loc: the page's absolute URL.
    :param title: its title, or ``None`` (the URL is shown).
    :param section: its group, or ``None`` (its directory is used).
    :param lastmod: W3C Datetime of its last change, or ``None``.
    :param orphan: no other page of the site links it (the build's link pass).
    """

    loc: str
    title: str | None = None
    section: str | None = None
    lastmod: str | None = None
    orphan: bool = False


def _relative(loc: str, base_url: str) -> str:
    return loc[len(base_url) :] if loc.startswith(base_url) else loc


def section_of(entry: HtmlEntry, base_url: str) -> str:
    """The entry's section, else its directory (decoded), else :data:`TOP_LABEL`."""
    if entry.section:
        return entry.section
    original = _relative(entry.loc, base_url)
    rel = unquote(original.split("?", 1)[0]).rstrip("/")
    if "://" in rel or "/" not in rel:
        # x/ (a directory's own page) belongs to x; top-level files to the top.
        return rel if rel and original.endswith("/") and "://" not in rel else TOP_LABEL
    return rel.rsplit("/", 1)[0]


@dataclass
class Node:
    """A section of the HTML sitemap: its pages, then its subsections.

    :param label: what the visitor reads (a section name, or a directory path).
    :param path: for directories, the path relative to the base URL (``"docs/guide"``).
    """

    label: str
    path: str | None = None
    pages: list[HtmlEntry] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)

    def count(self) -> int:
        """Pages in this section and all below it."""
        return len(self.pages) + sum(child.count() for child in self.children.values())


def tree(entries: Iterable[HtmlEntry], base_url: str) -> list[Node]:
    """Top-level sections, in the order first seen (the top of the site first): generator
    sections as given, directories nested by path (a directory with no pages and one subfolder
    shown as one, ``docs/guide``), a directory's own page first, each URL once.
    """
    roots: dict[tuple[str, str], Node] = {("top", ""): Node(TOP_LABEL, "")}
    seen: set[str] = set()
    for entry in entries:
        if entry.loc in seen:
            continue
        seen.add(entry.loc)
        if entry.section:
            node = roots.setdefault(("section", entry.section), Node(entry.section))
        else:
            directory = section_of(entry, base_url)
            if directory == TOP_LABEL:
                node = roots[("top", "")]
            else:
                parts = directory.split("/")
                if len(parts) > _DEEPEST:
                    parts[_DEEPEST - 1 :] = ["/".join(parts[_DEEPEST - 1 :])]
                node = roots.setdefault(("dir", parts[0]), Node(parts[0], parts[0]))
                for part in parts[1:]:
                    path = f"{node.path}/{part}"
                    node = node.children.setdefault(part, Node(part, path))
        node.pages.append(entry)
    nodes = [node for node in roots.values() if node.count()]
    for node in nodes:
        _tidy(node, base_url)
    return nodes


def _tidy(node: Node, base_url: str) -> None:
    while node.path and not node.pages and len(node.children) == 1:
        (child,) = node.children.values()
        node.label = f"{node.label}/{child.label}"
        node.path, node.pages, node.children = child.path, child.pages, child.children
    if node.path is not None:
        own = base_url + (node.path + "/" if node.path else "")
        node.pages.sort(key=lambda entry: unquote(entry.loc) != own)  # stable: own page first
    for child in node.children.values():
        _tidy(child, base_url)


def _label(entry: HtmlEntry, base_url: str) -> str:
    return entry.title or unquote(_relative(entry.loc, base_url)) or "Home"


def render(
    entries: Iterable[HtmlEntry], base_url: str, options: PageOptions = PageOptions()
) -> str:
    """The whole HTML document."""
    title, orphans = options.html_sitemap_title, options.html_sitemap_orphans
    nodes = tree(entries, base_url)
    total = sum(node.count() for node in nodes)
    esc = html.escape
    out = [
        "<!DOCTYPE html>",
        MARKER,
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">{total:,} page{"s" if total != 1 else ""} on '
        f'<a href="./">{esc(base_url)}</a></p>',
    ]
    if len(nodes) > 1:
        out.append('<nav aria-label="Sections"><ul>')
        for number, node in enumerate(nodes, 1):
            out.append(f'<li><a href="#s{number}">{esc(node.label)}</a></li>')
        out.append("</ul></nav>")
    for number, node in enumerate(nodes, 1):
        _render_node(node, base_url, out, orphans, f' id="s{number}"')
    out += ["</main>", "</body>", "</html>", ""]
    return "\n".join(out)


def _render_node(
    node: Node, base_url: str, out: list[str], orphans: bool, attributes: str = ""
) -> None:
    esc = html.escape
    out.append(f"<details open{attributes}>")
    out.append(f'<summary>{esc(node.label)} <span class="count">({node.count()})</span></summary>')
    if node.pages:
        out.append('<ul class="pages">')
        for entry in node.pages:
            href = _relative(entry.loc, base_url) or "./"
            item = f'<li><a href="{esc(href)}"><bdi>{esc(_label(entry, base_url))}</bdi></a>'
            if entry.lastmod:
                item += _time(entry.lastmod)
            if orphans and entry.orphan:
                item = f'<li class="{ORPHAN}">' + item[4:] + _ORPHAN_MARK
            out.append(item + "</li>")
        out.append("</ul>")
    for child in node.children.values():
        _render_node(child, base_url, out, orphans)
    out.append("</details>")


def write_html_sitemap(
    path: Path,
    entries: Iterable[HtmlEntry],
    base_url: str,
    options: PageOptions,
    plan: FilePlan,
) -> None:
    """Put the HTML sitemap into the build's ``plan`` (committed and recorded with its other
    files).

    :raises SitemapError: ``path`` exists and is not ours to replace (never overwritten).
    """
    if not plan.owned.may_replace(path, is_ours):
        raise SitemapError(
            f"{path} exists and was not written by ssg-sitemap; it is left alone (choose "
            "another name for the HTML sitemap)"
        )
    plan.files[path] = render(entries, base_url, options).encode("utf-8")


# -- the themed page ---------------------------------------------------------------------------
#: Where a generator's themed page gets the list (an HTML comment: invisible until filled).
SLOT = "<!-- ssg-sitemap -->"

#: The heading of the pages a site's navigation does not reach.
OTHER_LABEL = OTHER_PAGES


@dataclass(frozen=True, slots=True)
class NavItem:
    """One entry of the site's own navigation: a page (``loc``), a section (``children``),
    or a section with a page of its own (both).

    :param title: what the navigation shows.
    :param loc: the page's absolute URL (as the XML sitemap writes it), or ``None``.
    :param children: the section's entries, in the site's order.
    :param markup: ``title`` is HTML, as the generator's themes put it in their menus (MkDocs,
        Pelican); else plain text.
    """

    title: str
    loc: str | None = None
    children: tuple[NavItem, ...] = ()
    markup: bool = False


def html_excluded(entry: HtmlEntry, settings: Settings) -> bool:
    """Whether ``html_exclude`` leaves this page out of the HTML sitemap (not the XML one)."""
    return excluded_by(entry.loc, settings.base_url or "", settings.html_exclude)


def excluded_by(loc: str, base_url: str, patterns: tuple[str, ...]) -> bool:
    """Whether one of the globs (``html_exclude``, ``llms_exclude``) matches the URL's path
    under ``base_url`` (decoded or as written)."""
    rel = _relative(loc, base_url)
    return bool(patterns) and matches_any(patterns, unquote(rel), rel)


def relative_href(loc: str, page_loc: str) -> str:
    """``loc`` as a link relative to the page at ``page_loc`` (works from any subfolder, and
    when the built site is opened from disk); absolute when the two are on different hosts."""
    target, page = urlsplit(loc), urlsplit(page_loc)
    if (target.scheme, target.netloc) != (page.scheme, page.netloc):
        return loc
    folder = page.path.rsplit("/", 1)[0] or "/"
    rel = posixpath.relpath(target.path or "/", folder)
    if target.path.endswith("/"):
        rel = "./" if rel == "." else rel + "/"
    if target.query:
        rel += "?" + target.query
    return rel


def _keep(
    items: Sequence[NavItem], listed: Mapping[str, HtmlEntry], page_loc: str
) -> list[NavItem]:
    """The navigation less the pages the sitemap does not list; empty sections go too."""
    kept = []
    for item in items:
        children = tuple(_keep(item.children, listed, page_loc))
        loc = item.loc if item.loc in listed and item.loc != page_loc else None
        if loc is not None or children:
            kept.append(NavItem(item.title, loc, children, item.markup))
    return kept


def render_nav_and_toc(
    items: Sequence[NavItem],
    entries: Iterable[HtmlEntry],
    page_loc: str,
    options: PageOptions = PageOptions(),
    *,
    others: Sequence[NavItem] = (),
    level: int = 2,
    lang: str | None = None,
) -> tuple[str, str]:
    """The list for a themed page (the site's navigation as sections, headings and lists) and the
    page's table of contents (a ``<ul>`` of its top-level sections, empty when none).

    Only pages in ``entries`` are shown, so the two sitemaps never disagree; the page
    itself is not listed, ``others`` come last under :data:`OTHER_LABEL`. Headings start at
    ``<h2>``, one deeper per level (at most ``<h6>``); a run of pages after a section gets a
    heading of its own. The whole is a labelled ``<section>`` (a ``<nav>`` is styled as a menu)
    dressed by the theme's CSS. ``lang`` translates our labels (and the title, unless set).
    """
    listed = {entry.loc: entry for entry in entries}
    kept = _keep(items, listed, page_loc)
    seen = set(_locs(kept))
    rest = []
    for item in _keep(others, listed, page_loc):
        if item.loc not in seen:
            seen.add(item.loc or "")
            rest.append(item)
    if rest:
        kept.append(NavItem(translate(OTHER_LABEL, lang), None, tuple(rest)))
    label = page_title(options.html_sitemap_title, lang)
    out = [f'<section class="ssg-sitemap" aria-label="{html.escape(label)}">']
    lists = _Lists(listed, page_loc, options, translate(MORE_PAGES, lang), out, level)
    lists.block(kept, level)
    out.append("</section>")
    toc = "".join(
        f'<li><a class="reference internal" href="#{anchor}">{title}</a></li>\n'
        for anchor, title in lists.toc
    )
    return "\n".join(out), f"<ul>\n{toc}</ul>\n" if toc else ""


def _locs(items: Sequence[NavItem]) -> Iterable[str]:
    for item in items:
        if item.loc:
            yield item.loc
        yield from _locs(item.children)


def _time(lastmod: str) -> str:
    """A page's date after its link: the day shown, the W3C lastmod machine-readable."""
    return f' <time datetime="{html.escape(lastmod)}">{html.escape(lastmod[:10])}</time>'


@dataclass(frozen=True)
class _Lists:
    """Writes a navigation into ``out`` as sections, headings and lists."""

    listed: Mapping[str, HtmlEntry]
    page_loc: str
    options: PageOptions
    more: str
    out: list[str]
    top: int
    #: The top-level sections met: their anchor and title.
    toc: list[tuple[str, str]] = field(default_factory=list)

    def block(self, items: Sequence[NavItem], level: int) -> None:
        """Runs of pages in one ``<ul>``, each section a ``<section>`` with its heading; a run
        after a section is a section of its own headed :data:`MORE_PAGES`."""
        tag = f"h{min(level, 6)}"
        run: list[NavItem] = []
        after_section = False
        for item in [*items, None]:
            if item is not None and not item.children:
                run.append(item)
                continue
            if run and after_section:
                more = html.escape(self.more)
                self.out.append(f"<section><{tag}{self.anchor(level, more)}>{more}</{tag}>")
                self.list(run)
                self.out.append("</section>")
            elif run:
                self.list(run)
            run = []
            if item is not None:
                after_section = True
                anchor = self.anchor(level, f"<bdi>{title_markup(item.title, item.markup)}</bdi>")
                self.out.append(f"<section><{tag}{anchor}>{self.title(item)}</{tag}>")
                self.block(item.children, level + 1)
                self.out.append("</section>")

    def anchor(self, level: int, title: str) -> str:
        """A top-level heading's ``id``, noted for the table of contents; else nothing."""
        if level != self.top:
            return ""
        self.toc.append((f"ssg-sitemap-{len(self.toc) + 1}", title))
        return f' id="{self.toc[-1][0]}"'

    def list(self, items: Sequence[NavItem]) -> None:
        self.out.append("<ul>")
        self.out.extend(f"<li>{self.title(item)}</li>" for item in items)
        self.out.append("</ul>")

    def title(self, item: NavItem) -> str:
        """The item's title, isolated (a right-to-left title does not reorder what follows),
        as a link with its date when it is a page."""
        text = f"<bdi>{title_markup(item.title, item.markup)}</bdi>"
        if item.loc is None:
            return text
        href = html.escape(relative_href(item.loc, self.page_loc))
        entry, options = self.listed[item.loc], self.options
        shown = _time(entry.lastmod) if options.html_sitemap_dates and entry.lastmod else ""
        if options.html_sitemap_orphans and entry.orphan:
            return f'<a class="{ORPHAN}" href="{href}">{text}</a>{shown}{_ORPHAN_MARK}'
        return f'<a href="{href}">{text}</a>{shown}'


#: Around the list once filled: the next build replaces what is between them (a page that
#: is not rewritten every build, such as a page of the site the CLI fills, keeps one list).
START = "<!-- ssg-sitemap:start -->"
END = "<!-- ssg-sitemap:end -->"
#: An element the list goes into: ``<div id="ssg-sitemap"></div>``.
_SLOT_ELEMENT = re.compile(rb"""<[a-zA-Z][^<>]*?\sid\s*=\s*(["'])ssg-sitemap\1[^<>]*>""")


#: Where a generator's themed page gets its table of contents (:func:`render_nav_and_toc`).
TOC_SLOT = "<!-- ssg-sitemap:toc -->"


def fill_slot(path: Path, fragment: str, toc: str = "") -> bool:
    """Put ``fragment`` into the built page ``path`` (atomically; the rest of the theme's page
    is kept byte for byte): between :data:`START` and :data:`END` from an earlier fill, else at
    :data:`SLOT`, else first thing inside the element with ``id="ssg-sitemap"``; and ``toc``
    at each :data:`TOC_SLOT`. It is written in the page's own encoding, and only when it
    changes.

    :return: ``False`` when the page has none of them (it is left as it was).
    :raises OSError: the page cannot be read or written, or its encoding cannot hold the list
        (:class:`PageEncodingError`).
    """
    raw = path.read_bytes()
    span = _slot_span(raw)
    if span is None:
        return False
    encoding = page_encoding(raw)
    wrapped = f"{START}{fragment}{END}".encode(encoding, "xmlcharrefreplace")
    filled = raw[: span[0]] + wrapped + raw[span[1] :]
    filled = filled.replace(TOC_SLOT.encode(), toc.encode(encoding, "xmlcharrefreplace"))
    replace_contents(path, filled)
    return True


def check_fillable(path: Path) -> None:
    """Refuse, before a build writes anything, a page :func:`fill_slot` would not fill.

    :raises OSError: unreadable, or an encoding that cannot hold the list.
    :raises ValueError: the page has no slot.
    """
    raw = path.read_bytes()
    page_encoding(raw)
    if _slot_span(raw) is None:
        raise ValueError(
            f'has no {SLOT} comment and no element with id="ssg-sitemap": put one where the '
            "HTML sitemap goes"
        )


def _slot_span(raw: bytes) -> tuple[int, int] | None:
    """The bytes the list replaces: an earlier list, the slot, or none inside the element."""
    start = raw.find(START.encode())
    end = raw.find(END.encode(), start + len(START)) if start >= 0 else -1
    if start >= 0 and end >= 0:
        return start, end + len(END)
    if (slot := raw.find(SLOT.encode())) >= 0:
        return slot, slot + len(SLOT)
    if (element := _SLOT_ELEMENT.search(raw)) is not None:
        return element.end(), element.end()
    return None


def directory_nav(entries: Iterable[HtmlEntry], base_url: str) -> list[NavItem]:
    """The standalone page's tree (:func:`tree`: sections, else directories) as a navigation,
    for a page that has no navigation of its own to follow."""

    def item(node: Node) -> NavItem:
        pages = [NavItem(_label(e, base_url), e.loc) for e in node.pages]
        return NavItem(node.label, None, (*pages, *map(item, node.children.values())))

    out: list[NavItem] = []
    for node in tree(entries, base_url):
        if node.label == TOP_LABEL and node.path == "":
            out.extend(item(node).children)  # the top of the site: no heading
        else:
            out.append(item(node))
    return out
