"""The external sorter: the same order as ``sorted``, with at most ``fan_in`` files open."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_NOFILE is POSIX")
def test_many_runs_merge_in_passes_within_the_open_file_limit(tmp_path: Path) -> None:
    # 400 runs of 5 items, fan-in 4: the process may open only 4 files more than it holds.
    code = textwrap.dedent(
        """
        import os, random, resource, sys
        from pathlib import Path
        from sitemap_core._util.sorting import ExternalSorter, Item
        folder = Path(sys.argv[1])
        rng = random.Random(3)
        locs = [f"https://e.org/{rng.randrange(700):04d}" for _ in range(2000)]
        sorter = ExternalSorter(run_size=5, directory=folder, fan_in=4)
        held = len(os.listdir("/proc/self/fd" if os.path.exists("/proc/self/fd") else "/dev/fd"))
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (held + 4, hard))
        for seq, loc in enumerate(locs):
            sorter.add(Item(loc, seq, "p", 0.0, None, str(seq)))
        dropped = []
        got = [(i.loc, i.seq) for i in sorter.unique(lambda a, b: dropped.append(b.seq))]
        first = {}
        for seq, loc in enumerate(locs):
            first.setdefault(loc, seq)
        assert got == sorted((loc, seq) for loc, seq in first.items()), got[:5]
        assert sorted(dropped) == sorted(set(range(len(locs))) - set(first.values()))
        assert not list(folder.iterdir()), list(folder.iterdir())
        print("ok", len(got))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("ok ")


def test_spilled_items_come_back_in_order_and_the_runs_are_removed(tmp_path: Path) -> None:
    from sitemap_core._util.sorting import SpillingSorter

    sorter: SpillingSorter[tuple[int, str]] = SpillingSorter(
        run_size=3, directory=tmp_path, fan_in=3
    )
    items = [((i * 7919) % 101, f"x{i}") for i in range(101)]
    for item in items:
        sorter.add(item)
    assert list(sorter.sorted()) == sorted(items)
    assert not list(tmp_path.iterdir())
