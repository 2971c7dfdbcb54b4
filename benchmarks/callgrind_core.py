"""Instructions a URL of ``core_write``, ``minimal_write`` and ``floor_write``, counted by
valgrind's callgrind.

Each side runs as one process of N records and one of none; the difference over N is the
count a URL, imports and start-up left out. The same count whatever the machine's load.

Usage: python benchmarks/callgrind_core.py [N]   (20,000 by default; needs ``valgrind``)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = (
    "import sys, tempfile, pathlib; sys.path.insert(0, 'benchmarks'); import core_write as c\n"
    "with tempfile.TemporaryDirectory() as d: getattr(c, sys.argv[1])(int(sys.argv[2]), "
    "pathlib.Path(d))\n"
)


def instructions(side: str, n: int) -> int:
    """Instructions of one process building ``n`` records with ``side``."""
    with tempfile.TemporaryDirectory() as out:
        log = Path(out) / "cg.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={log}",
                sys.executable,
                "-c",
                _CHILD,
                side,
                str(n),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found, done.stderr[-2000:]
        return int(found.group(1))


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    per = {}
    for side in ("floor_write", "minimal_write", "core_write"):
        per[side] = (instructions(side, n) - instructions(side, 0)) / n
        print(f"{side:13} {per[side] / 1000:.1f}k instructions a URL")
    floor = per["floor_write"]
    least = per["minimal_write"] / floor
    print(f"minimal / floor {least:.2f}x (the least a core reading records does)")
    print(f"core / floor    {per['core_write'] / floor:.2f}x")


if __name__ == "__main__":
    main()
