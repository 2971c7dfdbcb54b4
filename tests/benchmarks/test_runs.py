"""The benchmarks' shared runs: alternating rounds put each way first in turn, and a fresh
process is measured by its own CPU and peak memory."""

from __future__ import annotations

import subprocess
import sys

from benchmarks._runs import rotation, wait_for


def test_in_as_many_rounds_as_ways_each_way_goes_first_once_and_all_run() -> None:
    ways = ["a", "b", "c"]
    orders = [rotation(ways, n) for n in range(len(ways))]
    assert [order[0] for order in orders] == ways
    assert all(sorted(order) == ways for order in orders)
    assert rotation(ways, 3) == ways


def test_a_fresh_process_is_measured_by_its_own_peak_and_reaped() -> None:
    """Its 320 MiB show in its peak, not in that of one that allocates nothing; it is reaped
    (no warning of a process still running: warnings are errors). Both peaks also count the
    RSS of this process when it started them (Linux's way), far below 320 MiB."""
    size = 320 * 1024 * 1024
    small = wait_for([sys.executable, "-c", "pass"], stdout=subprocess.PIPE)
    big = wait_for(
        [sys.executable, "-c", f"x = bytearray({size}); print(len(x))"], stdout=subprocess.PIPE
    )
    assert small.status == 0 and big.status == 0
    assert small.rss_mib < 320 < big.rss_mib, (small, big)
    assert big.out.strip() == str(size)
    assert big.cpu > 0
