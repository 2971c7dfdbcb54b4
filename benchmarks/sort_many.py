"""The build's external sort at scale, under a small open-file limit.

Feeds N URL entries (the build's own :class:`Item` records, in a scrambled order, with a
duplicate every 1,000) through the build's sorter with ``ulimit -n 256`` (set here with
``resource.setrlimit``), de-duplicates them as the build does and checks the order. Prints the
CPU time, the peak RSS and the most files the process held open (sampled from ``/proc/self/fd``
by a thread every 20 ms, and counted at each run the merge opens). Budget: no ``Too many open
files``, open files within the fan-in plus what the process held before, RSS under 200 MB.

Usage: python benchmarks/sort_many.py [N]   (default 10,000,000; needs about 2 GB of temp disk)
"""

from __future__ import annotations

import resource
import sys
import threading
import time
from pathlib import Path

from sitemap_core._util import sorting
from sitemap_core._util.sorting import ExternalSorter, Item

LIMIT = 256


def open_files() -> int:
    return sum(1 for _ in Path("/proc/self/fd").iterdir())


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, hard))
    held = open_files()
    most = [held]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            most[0] = max(most[0], open_files())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.process_time()
    sorter = ExternalSorter()
    step = 7_368_787  # coprime with any N used here: a scrambled, repeatable order
    for seq in range(n):
        key = (seq * step) % n if seq % 1000 else (seq * step + 1) % n
        loc = f"https://example.org/section-{key % 97}/page-{key:09d}.html"
        payload = f"<url>\n<loc>{loc}</loc>\n<lastmod>2026-11-30</lastmod>\n</url>\n"
        sorter.add(Item(loc, seq, payload, 1.0, "2026-11-30", f"page-{key}.html"))
    dropped = [0]
    previous, count = "", 0
    for item in sorter.unique(lambda _a, _b: dropped.__setitem__(0, dropped[0] + 1)):
        if item.loc <= previous:
            print(f"out of order at {item.loc}")
            return 1
        previous, count = item.loc, count + 1
        if count % 100_000 == 0:
            most[0] = max(most[0], open_files())
    cpu = time.process_time() - start
    done.set()
    sampler.join()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    extra = most[0] - held
    print(f"{n:,} URLs ({count:,} unique, {dropped[0]:,} duplicates) under ulimit -n {LIMIT}")
    print(f"CPU {cpu:.1f} s ({cpu / n * 1e6:.2f} us/URL), peak RSS {rss:.0f} MB")
    print(f"files open at most: {most[0]} ({held} before, +{extra}; fan-in {sorting.FAN_IN})")
    ok = extra <= sorting.FAN_IN + 1 and rss < 200
    print(f"budget (open files within the fan-in, RSS < 200 MB): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
