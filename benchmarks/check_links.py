"""``ssg-sitemap check SITE_DIR``'s CPU and peak memory with and without the link pass.

Generates a built site of N pages (default 10,000; cached in benchmarks/.cache/check_links)
shaped like a documentation theme's output: a navigation of 40 section links, a table of
contents, 30 in-text links, prev/next, about 24 KB a page; builds its sitemap once, then runs
``check SITE_DIR`` and ``check SITE_DIR --no-links`` alternating, each in a fresh process,
and prints the median CPU time and peak RSS of each and their ratio.
Budget: the link pass costs at most 1.5x ``check``'s CPU without it.
Then times the href scan (``_links._HREF``) against lxml's parser over the same pages, and
prints the size of the ``--graph`` page of the site.
``--full-nav``: MkDocs' shape instead: each page its own folder (``s3/p7/index.html``), a nav
of relative links to every page (``../p8/``, ``../../s4/p9/``) on every page: N x N links.

usage: python benchmarks/check_links.py [--full-nav] [N] [ROUNDS]   (default: 10000 3)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks._runs import made, mark, wait_for

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache" / "check_links"
BASE_URL = "https://example.org/"
BUDGET = 1.5
SECTIONS = 40


def page(i: int, pages: int) -> str:
    def link(k: int) -> str:
        k %= pages
        return f"p{k}.html" if k % SECTIONS == i % SECTIONS else f"../s{k % SECTIONS}/p{k}.html"

    nav = "".join(f'<li><a href="{link(s)}">Section {s}</a></li>' for s in range(SECTIONS))
    toc = "".join(f'<li><a href="#h{h}">Heading {h}</a></li>' for h in range(10))
    body = "".join(
        f'<h2 id="h{h}">Heading {h}</h2><p>Text of page {i}, '
        f'see <a href="{link(i * 7 + h)}">page</a> and '
        f'<a class="ref" href="{link(i + h + SECTIONS)}#h1">this</a>. '
        + "Words of the paragraph go on for a while. " * 12
        + "</p>"
        for h in range(15)
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Page {i}</title>'
        f'<link rel="stylesheet" href="../css/theme.css"></head><body>'
        f'<nav><a href="../">Home</a><ul>{nav}</ul></nav><aside><ul>{toc}</ul></aside>'
        f"<main>{body}</main>"
        f'<footer><a href="{link(i - 1)}">Prev</a> '
        f'<a href="{link(i + 1)}">Next</a></footer></body></html>\n'
    )


def full_nav_page(i: int, pages: int) -> str:
    """Page ``i`` at ``s{i % SECTIONS}/p{i}/``: its nav links every page."""

    def link(k: int) -> str:
        same = k % SECTIONS == i % SECTIONS
        return f"../p{k}/" if same else f"../../s{k % SECTIONS}/p{k}/"

    nav = "".join(f'<li><a href="{link(k)}">Page {k}</a></li>' for k in range(pages))
    text = "Words of the paragraph go on for a while. " * 40
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Page {i}</title>'
        f'</head><body><nav><a href="../../">Home</a><ul>{nav}</ul></nav><main><p>{text}</p>'
        f'<a href="{link(i + 1)}">Next</a></main></body></html>\n'
    )


def site(pages: int, full_nav: bool = False) -> Path:
    """Write (or reuse) a built site of ``pages`` pages with its sitemap."""
    root = CACHE / (f"full-{pages}" if full_nav else str(pages))
    if made(root):
        return root
    for s in range(SECTIONS):
        (root / f"s{s}").mkdir(parents=True, exist_ok=True)
    home = page(0, pages).replace('href="../', 'href="').replace('href="p', 'href="s0/p')
    if full_nav:
        home = full_nav_page(0, pages).replace('href="../../', 'href="').replace("../p", "s0/p")
    (root / "index.html").write_text(home, encoding="utf-8")
    for i in range(pages):
        folder = root / f"s{i % SECTIONS}"
        if full_nav:
            (folder / f"p{i}").mkdir(exist_ok=True)
            text = full_nav_page(i, pages)
            (folder / f"p{i}" / "index.html").write_text(text, encoding="utf-8")
        else:
            (folder / f"p{i}.html").write_text(page(i, pages), encoding="utf-8")
    argv = [sys.executable, "-m", "sitemap_core", "build", str(root), "--base-url", BASE_URL]
    subprocess.run([*argv, "-q"], check=True)
    mark(root)
    return root


def measure(root: Path, *flags: str) -> tuple[float, float]:
    """``check`` of ``root`` in a fresh process: CPU s, peak RSS MB."""
    argv = [sys.executable, "-m", "sitemap_core", "check", str(root), *flags]
    done = wait_for(argv, stdout=subprocess.DEVNULL)
    if os.waitstatus_to_exitcode(done.status) not in (0, 1):
        raise SystemExit(f"check of {root} failed with status {done.status}")
    return done.cpu, done.rss_mib


def scan_speed(root: Path, count: int = 2000) -> None:
    """The href byte scan against lxml over the same pages, in this process."""
    from lxml import html

    from sitemap_core._check._links import _HREF

    paths = sorted([*root.glob("s*/p*.html"), *root.glob("s*/p*/index.html")])
    bodies = [p.read_bytes() for p in paths[:count]]
    start = time.process_time()
    found = sum(len(_HREF.findall(b)) for b in bodies)
    scan = time.process_time() - start
    start = time.process_time()
    parsed = sum(
        1 for b in bodies for a in html.fromstring(b).iter("a") if a.get("href") is not None
    )
    lxml_time = time.process_time() - start
    print(
        f"href scan: {scan / len(bodies) * 1e6:.0f} µs a page ({found:,} links), lxml "
        f"{lxml_time / len(bodies) * 1e6:.0f} µs a page ({parsed:,} links): "
        f"{lxml_time / scan:.1f}x"
    )


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--full-nav"]
    full_nav = len(args) < len(sys.argv) - 1
    pages = int(args[0]) if args else 10_000
    rounds = int(args[1]) if len(args) > 1 else 3
    root = site(pages, full_nav)
    without: list[tuple[float, float]] = []
    with_links: list[tuple[float, float]] = []
    for _ in range(rounds):
        without.append(measure(root, "--no-links"))
        with_links.append(measure(root))
    cpu_off = statistics.median(c for c, _ in without)
    cpu_on = statistics.median(c for c, _ in with_links)
    rss_off = max(r for _, r in without)
    rss_on = max(r for _, r in with_links)
    ratio = cpu_on / cpu_off
    shape = ", full nav" if full_nav else ""
    print(f"{pages:,} pages{shape}, {rounds} rounds (median CPU, peak RSS)")
    print(f"check --no-links: {cpu_off:6.2f} s CPU, {rss_off:6.1f} MB")
    print(f"check (links):    {cpu_on:6.2f} s CPU, {rss_on:6.1f} MB")
    print(f"ratio: {ratio:.2f}x (budget {BUDGET}x): {'met' if ratio <= BUDGET else 'MISSED'}")
    scan_speed(root)
    graph = CACHE / f"graph-{pages}.html"
    run = [sys.executable, "-m", "sitemap_core", "check", str(root), "--graph", str(graph)]
    subprocess.run(run, stdout=subprocess.DEVNULL, check=False)
    print(f"check --graph: {graph.stat().st_size:,} bytes")
    return 0 if ratio <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
