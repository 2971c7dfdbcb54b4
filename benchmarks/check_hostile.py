"""``check`` on hostile input: time grows linearly with the input, never faster.

Each case is timed at two sizes in the same run and the ratio printed: linear work gives a
ratio near the size ratio (4), quadratic work near its square (16), exponential never ends.

* one text-sitemap line of N MiB without a newline (it was joined and split again
  for every 64 KiB chunk);
* 2,000 and 8,000 ``?v=N`` locs of one page with SITE_DIR checks on (each page read once);
* a ``<loc>`` of N characters ending in one non-ASCII character (the fast path's regex).

usage: python benchmarks/check_hostile.py
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sitemap_core.check import check_files, check_site

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _urlset(locs: list[str]) -> str:
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n'


def long_line(folder: Path, size: int) -> Callable[[], object]:
    path = folder / f"line{size}.txt"
    path.write_text("https://example.org/" + "a" * (size << 20) + "\n")
    return lambda: check_files([path], "https://example.org/")


def many_versions(folder: Path, count: int) -> Callable[[], object]:
    site = folder / f"site{count}"
    site.mkdir()
    (site / "page.html").write_text("<html><head><title>p</title></head><body>" + "x" * 100_000)
    (site / "s.xml").write_text(
        _urlset([f"https://example.org/page.html?v={i}" for i in range(count)])
    )
    (site / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    return lambda: check_site(site, "https://example.org/")


def hostile_loc(folder: Path, size: int) -> Callable[[], object]:
    path = folder / f"loc{size}.xml"
    path.write_text(_urlset(["https://example.org/" + "ab/" * size + "\u00e9"]))
    return lambda: check_files([path], "https://example.org/")


def main() -> None:
    cases: list[tuple[str, Callable[[Path, int], Callable[[], object]], int, int]] = [
        ("text line, MiB", long_line, 8, 32),
        ("?v=N locs of one page", many_versions, 2_000, 8_000),
        ("hostile loc, segments", hostile_loc, 150, 600),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, make, small, large in cases:
            times = []
            for size in (small, large):
                run = make(folder, size)
                start = time.perf_counter()
                run()
                times.append(time.perf_counter() - start)
            ratio = times[1] / times[0] if times[0] else float("inf")
            print(
                f"{name:24} {small:>6}: {times[0]:7.3f} s  {large:>6}: {times[1]:7.3f} s  "
                f"ratio {ratio:5.1f} (size ratio {large / small:.0f})"
            )


if __name__ == "__main__":
    main()
