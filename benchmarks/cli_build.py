"""``ssg-sitemap build SITE_DIR``'s peak memory against the number of pages.

Generates built sites of N plain HTML pages each (in 100 folders, cached in
benchmarks/.cache/cli_build), then runs ``python -m sitemap_core build SITE_DIR --base-url
URL -q`` on each in a fresh process and prints its wall time, CPU time and peak RSS, and the
RSS each page adds (the slope between the smallest and the largest site).
Budget: memory flat in the number of pages: under 0.1 KB of RSS added per page.

usage: python benchmarks/cli_build.py [N ...]   (default: 50000 100000 200000)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from benchmarks._runs import made, mark, wait_for

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache" / "cli_build"
BASE_URL = "https://example.org/"
#: RSS a page may add, in KB (0: flat; the walk and each page's head are streamed).
BUDGET_KB = 0.1
PAGE = (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
    "<title>Page {i}</title>\n</head>\n<body>\n<p>Page {i}.</p>\n</body>\n</html>\n"
)


def site(pages: int) -> Path:
    """Write (or reuse) a built site of ``pages`` HTML pages."""
    root = CACHE / str(pages)
    if made(root):
        return root
    start = time.perf_counter()
    for i in range(pages):
        folder = root / f"section-{i % 100}"
        if i < 100:
            folder.mkdir(parents=True, exist_ok=True)
        (folder / f"page-{i}.html").write_text(PAGE.format(i=i), encoding="utf-8")
    mark(root)
    print(f"generated {pages:,} pages in {time.perf_counter() - start:.1f} s")
    return root


def measure(root: Path) -> tuple[float, float, float]:
    """``build`` of ``root`` in a fresh process: wall s, CPU s, peak RSS MB."""
    argv = [sys.executable, "-m", "sitemap_core", "build", str(root), "--base-url", BASE_URL]
    start = time.perf_counter()
    done = wait_for([*argv, "-q"])
    wall = time.perf_counter() - start
    if done.status != 0:
        raise SystemExit(f"build of {root} failed with status {done.status}")
    return wall, done.cpu, done.rss_mib


def main() -> int:
    sizes = [int(a) for a in sys.argv[1:]] or [50_000, 100_000, 200_000]
    rss = {}
    for pages in sizes:
        wall, cpu, peak = measure(site(pages))
        rss[pages] = peak
        print(f"{pages:>9,} pages: {wall:6.1f} s wall, {cpu:6.1f} s CPU, peak RSS {peak:6.1f} MB")
    if len(sizes) > 1:
        low, high = min(sizes), max(sizes)
        per_page = (rss[high] - rss[low]) * 1024 / (high - low)
        print(
            f"RSS per page added: {per_page:.2f} KB (budget {BUDGET_KB} KB): "
            f"{'met' if per_page <= BUDGET_KB else 'MISSED'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
