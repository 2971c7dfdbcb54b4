"""Core writer benchmark: N records → gzipped, sharded sitemaps + index, with flat memory.

Prints URLs/s, the peak RSS of the build (in a child process, so nothing else counts), and
the ratio to only gzipping the same bytes at the same level in the same run.
Budget: peak RSS under 100 MB at 1,000,000 records; time within 3x of gzip alone. Each
budget is printed as met or MISSED; the exit status is 1 when one is missed.

With ``hooks`` first, it measures the site's own functions instead: builds of N records
(100,000 by default) with trivial ``filter`` and ``transform`` functions against builds
without them, alternating, three of each, and prints the ratio of the medians (budget 1.3x).

Usage: python benchmarks/core_write.py [N]
       python benchmarks/core_write.py hooks [N]
"""

from __future__ import annotations

import datetime as dt
import gzip
import multiprocessing
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from sitemap_core import Entry, PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._files import GZIP_LEVEL


def records(n: int) -> Iterator[PageRecord]:
    """A lazily generated site: sections, pages, a date on every page."""
    start = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    for i in range(n):
        when = start + dt.timedelta(minutes=i)
        yield PageRecord(f"section-{i % 97}/page-{i}.html", dates={"date": when})


def keep(entry: Entry) -> bool:
    """A trivial filter."""
    return True


def same(entry: Entry) -> Entry:
    """A trivial transform."""
    return entry


def build(n: int, out: str, queue: multiprocessing.Queue, hooks: bool = False) -> None:  # type: ignore[type-arg]
    began = time.perf_counter()
    report = build_sitemap(
        records(n),
        Settings(
            base_url="https://example.org/",
            gzip=True,
            robots=False,
            filter=keep if hooks else None,
            transform=same if hooks else None,
        ),
        Path(out),
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    elapsed = time.perf_counter() - began
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    queue.put((elapsed, peak_kib, report.urls, len(report.files)))


def gzip_alone(out: Path) -> tuple[float, int]:
    """Time to gzip the same uncompressed bytes at the same level."""
    shards = sorted(out.glob("sitemap*.xml"))
    total = 0
    began = time.perf_counter()
    for shard in shards:
        data = shard.read_bytes()
        total += len(data)
        gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
    return time.perf_counter() - began, total


def timed(n: int, hooks: bool) -> float:
    """One build in a fresh child process; its build time."""
    with tempfile.TemporaryDirectory() as out:
        queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        child = multiprocessing.Process(target=build, args=(n, out, queue, hooks))
        child.start()
        elapsed: float = queue.get()[0]
        child.join()
    return elapsed


def main_hooks(n: int) -> int:
    plain: list[float] = []
    with_hooks: list[float] = []
    for _ in range(3):
        plain.append(timed(n, False))
        with_hooks.append(timed(n, True))
    a, b = statistics.median(plain), statistics.median(with_hooks)
    print(f"records:                 {n:,}")
    print(f"without filter/transform: {a:.2f} s (median of {', '.join(f'{t:.2f}' for t in plain)})")
    print(
        f"with trivial functions:   {b:.2f} s "
        f"(median of {', '.join(f'{t:.2f}' for t in with_hooks)})"
    )
    met = b / a <= 1.3
    print(f"ratio:                    {b / a:.2f}x (budget 1.3x): {'met' if met else 'MISSED'}")
    return 0 if met else 1


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "hooks":
        return main_hooks(int(sys.argv[2]) if len(sys.argv) > 2 else 100_000)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    with tempfile.TemporaryDirectory() as out:
        queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        child = multiprocessing.Process(target=build, args=(n, out, queue))
        child.start()
        elapsed, peak_kib, urls, files = queue.get()
        child.join()
        gz_time, raw_bytes = gzip_alone(Path(out))
    print(f"records:            {n:,}")
    print(f"URLs written:       {urls:,} in {files} files")
    print(f"uncompressed bytes: {raw_bytes:,}")
    print(f"build time:         {elapsed:.2f} s ({urls / elapsed:,.0f} URLs/s)")
    print(f"gzip alone:         {gz_time:.2f} s (same bytes, level {GZIP_LEVEL})")
    fast = elapsed <= 3 * gz_time
    flat = peak_kib / 1024 < 100
    print(
        f"ratio build/gzip:   {elapsed / gz_time:.2f}x (budget 3x): {'met' if fast else 'MISSED'}"
    )
    print(
        f"peak RSS (build):   {peak_kib / 1024:.1f} MB (budget 100 MB): "
        f"{'met' if flat else 'MISSED'}"
    )
    return 0 if fast and flat else 1


if __name__ == "__main__":
    sys.exit(main())
