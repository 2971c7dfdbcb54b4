"""``diff`` of two sitemap files against a regex + set floor, and its memory.

Writes two sitemaps of N URLs each in the core writer's shape (the second with 1% of the
URLs removed, 1% added and 10% of the lastmods moved), then, alternating for 3 rounds, takes
the process CPU time of ``diff``'s own reading and comparing (``read_side`` on each file and
``compare``) and of a floor that does the least the job needs (read each file, one regex for
``<loc>`` and ``<lastmod>``, two dicts, the set differences). Each way also runs once in a
child process at N and 2N, which prints its peak RSS: a reader that keeps what it read grows
with the file beyond the URLs it returns. Budget: within 2x of the floor's CPU.

Usage: python benchmarks/diff_read.py [N]
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks._runs import best_cpu

ROUNDS = 3
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
_ENTRY = re.compile(r"<loc>([^<]*)</loc>\s*(?:<lastmod>([^<]*)</lastmod>)?")


def write_pair(folder: Path, n: int) -> tuple[Path, Path]:
    old, new = folder / "old.xml", folder / "new.xml"
    for path, shift in ((old, 0), (new, n // 100)):
        with path.open("w", encoding="utf-8") as out:
            out.write(HEAD)
            for i in range(shift, n + shift):
                day = 1 + (i % 28) if (path is old or i % 10) else 1 + ((i + 1) % 28)
                out.write(
                    f"<url>\n<loc>https://example.org/posts/{i:07d}/a-page-title.html</loc>\n"
                    f"<lastmod>2026-11-{day:02d}</lastmod>\n</url>\n"
                )
            out.write("</urlset>\n")
    return old, new


def ours(old: Path, new: Path) -> tuple[int, int, int]:
    from sitemap_core._diff import read_side
    from sitemap_core._indexnow import compare

    changes = compare(read_side(str(old)), read_side(str(new)))
    return len(changes.added), len(changes.removed), len(changes.moved)


def floor(old: Path, new: Path) -> tuple[int, int, int]:
    a = {m[0]: m[1] for m in _ENTRY.findall(old.read_text("utf-8"))}
    b = {m[0]: m[1] for m in _ENTRY.findall(new.read_text("utf-8"))}
    moved = sum(1 for loc in a.keys() & b.keys() if a[loc] != b[loc])
    return len(b.keys() - a.keys()), len(a.keys() - b.keys()), moved


def child(way: str, old: str, new: str) -> None:
    (ours if way == "ours" else floor)(Path(old), Path(new))
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)


def rss(way: str, old: Path, new: Path) -> int:
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent.parent)!r}); "
    code += "from benchmarks.diff_read import child; child(*sys.argv[1:])"
    done = subprocess.run(
        [sys.executable, "-c", code, way, str(old), str(new)],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1])


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    with tempfile.TemporaryDirectory() as tmp:
        old, new = write_pair(Path(tmp), n)
        ours(old, new)  # imports, once
        ways = {"ours": lambda: ours(old, new), "floor": lambda: floor(old, new)}
        best, found = best_cpu(ways, ROUNDS)
        memory = {way: rss(way, old, new) for way in ("ours", "floor")}
        big = Path(tmp, "big")
        big.mkdir()
        big_old, big_new = write_pair(big, 2 * n)
        memory_2n = {way: rss(way, big_old, big_new) for way in ("ours", "floor")}
    mine, peer = best["ours"], best["floor"]
    ratio = mine / peer
    print(f"diff of two {n:,}-URL sitemaps: ours {mine:.3f} s CPU, regex + set floor {peer:.3f} s")
    print(f"ratio ours/floor: {ratio:.2f}x (budget 2.0x: {'met' if ratio <= 2.0 else 'MISSED'})")
    print(
        f"same counts: {found['ours'] == found['floor']} (added, removed, moved: {found['ours']})"
    )
    for side in ("ours", "floor"):
        print(f"peak RSS {side}: {memory[side]} MB at {n:,}, {memory_2n[side]} MB at {2 * n:,}")
    return 0 if ratio <= 2.0 and found["ours"] == found["floor"] else 1


if __name__ == "__main__":
    sys.exit(main())
