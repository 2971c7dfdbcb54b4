"""``check --graph FILE.html``: the link graph as one page of plain HTML and CSS (no script,
nothing fetched): sections by URL folder, each page's click depth, orphans, unreachable pages
and broken links marked."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from importlib.resources import files
from pathlib import Path
from string import Template
from urllib.parse import quote

from sitemap_core._check._links import MISSING, LinkGraph
from sitemap_core._errors import SitemapError
from sitemap_core._util.atomic import atomic_write

#: Sections are open at first sight on a site of at most this many pages (past it, the top).
OPEN_BELOW = 300
#: Folders deeper than this are one section (a URL may have thousands of slashes).
_FOLDERS = 24
#: Pages named in the lists above the tree (the tree has all of them).
_LISTED = 500
#: What a page is marked as, past its depth.
_MARKS = ("", "orphan", "unreachable")
#: A section: its pages, its subfolders by name, and ``[pages, pages marked]`` under it.
_Tree = tuple[list[int], dict[str, "_Tree"], list[int]]
_Ids = dict[int, int]


def graph_target(name: str) -> Path:
    """The file ``--graph`` names, checked before the run; :raises SitemapError: a folder, or
    in a folder that does not exist."""
    path = Path(name)
    if path.is_dir() or name.endswith(("/", "\\")):
        raise SitemapError(f"--graph {name}: is a folder; name the HTML file to write")
    if not path.parent.is_dir():
        raise SitemapError(f"--graph {name}: there is no folder {path.parent} to write it in")
    return path


def write_graph(graph: LinkGraph, path: Path, max_depth: int) -> None:
    """Write the page of ``graph`` to ``path`` atomically; :raises WriteError: it cannot."""
    with atomic_write(path) as handle:
        handle.write(render(graph, max_depth).encode("utf-8"))


def render(graph: LinkGraph, max_depth: int) -> str:
    """The page's HTML: totals, the depth table, the pages to look at, the tree."""
    depths, inbound, base, keys = graph.click_depths(), graph.inbound(), graph.base_url, graph.keys
    listed = sorted((p for p, on in enumerate(graph.listed) if on), key=keys.__getitem__)
    status, broken = _marks(graph, listed, depths)

    def row(page: int) -> str:
        return _row(graph, page, depths[page], status.get(page, 0), broken.get(page), max_depth)

    marked = [p for p in listed if status.get(p) or p in broken]
    rows = graph.depth_table()
    most = max(n for _d, n in rows) or 1
    table = "".join(
        f'<tr><th>{d}</th><td>{n:,}</td><td><span class="bar" style="width:{n * 100 // most}%">'
        "</span></td></tr>"
        for d, n in rows
    )
    missing = [t for t, n in enumerate(inbound) if n and graph.kinds[t] == MISSING]
    missing.sort(key=keys.__getitem__)
    gone = "".join(
        f"<li>{escape(base + keys[t])}: linked from {inbound[t]:,} page"
        f"{'s' if inbound[t] != 1 else ''}</li>"
        for t in missing[:_LISTED]
    )
    orphans, unreached = (sum(1 for s in status.values() if s == k) for k in (1, 2))
    totals = (
        f"{len(listed):,} pages listed",
        _count(orphans, "orphan", "orphans"),
        _count(unreached, "unreachable", "unreachable"),
        _count(sum(broken.values()), "broken", "broken links")
        + f" to {len(missing):,} missing pages",
        f"{sum(1 for p in listed if depths[p] > max_depth):,} deeper than {max_depth} clicks",
    )
    more = len(marked) - _LISTED
    page = files("sitemap_core._check").joinpath("graph_page.html").read_text(encoding="utf-8")
    return Template(page).substitute(
        base=escape(base),
        totals="".join(f"<li>{t}</li>" for t in totals),
        table=table,
        marked="".join(map(row, marked[:_LISTED])) or "<li>none</li>",
        more=f"<p>… and {more:,} more in the sections below</p>" if more > 0 else "",
        missing=gone or "<li>none</li>",
        tree=_section("/", _tree(keys, listed, status), row, len(listed) <= OPEN_BELOW),
    )


def _marks(graph: LinkGraph, listed: list[int], depths: list[int]) -> tuple[_Ids, _Ids]:
    """Each listed page's mark (an index of ``_MARKS``), and its broken links' count."""
    home, kinds, dst, orphans = graph.ids.get(""), graph.kinds, graph.dst, graph.orphans()
    status = {
        p: 1 if p in orphans else 2 if depths[p] < 0 and home is not None else 0
        for p in listed
        if p != home
    }
    runs = ((p, dst[graph.starts[p] : graph.starts[p] + graph.counts[p]]) for p in listed)
    broken = {p: n for p, run in runs if (n := sum(1 for t in run if kinds[t] == MISSING))}
    return status, broken


def _row(
    graph: LinkGraph, page: int, depth: int, mark: int, broken: int | None, deepest: int
) -> str:
    """One page's line: its click depth, its link, its marks."""
    what, key = _MARKS[mark], graph.keys[page]
    marks = f'<b class="m {what}">{what}</b>' if what else ""
    if broken:
        marks += f' <b class="m broken">{broken:,} broken</b>'
    deep = " deep" if depth > deepest else ""
    name = key.rstrip("/").rsplit("/", 1)[-1] + "/" * key.endswith("/") or "/"
    return (
        f'<li class="page {what}{deep}"><span class="d d{min(depth, 6)}">'
        f"{depth if depth >= 0 else '–'}</span> "
        f'<a href="{escape(graph.base_url + quote(key))}">{escape(name)}</a> {marks}</li>'
    )


def _count(n: int, mark: str, what: str) -> str:
    """A total, marked in its colour when there is one."""
    return f'<b class="m {mark}">{n:,} {what}</b>' if n else f"{n:,} {what}"


def _tree(keys: list[str], pages: list[int], status: dict[int, int]) -> _Tree:
    """The sections of ``pages`` by the folders of their URL paths."""
    root: _Tree = ([], {}, [0, 0])
    for page in pages:
        parts = keys[page].split("/")[:-1]
        if len(parts) > _FOLDERS:
            parts = [*parts[: _FOLDERS - 1], "/".join(parts[_FOLDERS - 1 :])]
        node, flag = root, 1 if status.get(page) else 0
        for part in ("", *parts):
            if part:
                node = node[1].setdefault(part, ([], {}, [0, 0]))
            node[2][0] += 1
            node[2][1] += flag
        node[0].append(page)
    return root


def _section(name: str, node: _Tree, row: Callable[[int], str], opened: bool) -> str:
    """A section as a ``<details>``: its pages, then its subsections (the top always open)."""
    pages, folders, (total, flagged) = node
    inner = "".join(map(row, pages)) + "".join(
        f"<li>{_section(sub + '/', folders[sub], row, opened)}</li>" for sub in sorted(folders)
    )
    note = f' <b class="m note">{flagged:,} to look at</b>' if flagged else ""
    return (
        f'<details class="section"{" open" if opened or name == "/" else ""}><summary>'
        f"{escape(name)} <small>{total:,} page{'s' if total != 1 else ''}</small>{note}</summary>"
        f"<ul>{inner}</ul></details>"
    )
