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
    """Its 200 MiB show in its peak, beside one that allocates nothing, started from the same
    parent; it is reaped (no warning of a process still running: warnings are errors)."""
    small = wait_for([sys.executable, "-c", "pass"], stdout=subprocess.PIPE)
    big = wait_for(
        [sys.executable, "-c", "x = bytearray(200 * 1024 * 1024); print(len(x))"],
        stdout=subprocess.PIPE,
    )
    assert small.status == 0 and big.status == 0
    assert big.rss_mib - small.rss_mib > 150, (small, big)
    assert big.out.strip() == str(200 * 1024 * 1024)
    assert big.cpu > 0
