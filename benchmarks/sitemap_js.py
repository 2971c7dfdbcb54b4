"""Benchmark: our core writer beside sitemap.js (npm ``sitemap`` 9.x), on the same URLs.

Both writers get N URLs (``section-{i % 97}/page-{i}.html`` under https://example.org/, a
lastmod per URL, as in ``core_write.py``) and write gzipped sitemaps sharded at 50,000 URLs
plus a sitemap index, into a temporary directory:

* **ours**: ``build_sitemap`` with ``core_write.py``'s settings (``gzip=True``, so a plain
  ``.xml`` is written beside each ``.gz``; ``robots=False``; the plugin manager without entry
  points), so the figure is the README's core-writer figure (``--gzip-only`` writes only the
  ``.gz`` files, like sitemap.js);
* **theirs**: sitemap.js's ``simpleSitemapAndIndex`` (its README's way for more than 50,000
  URLs: ``SitemapAndIndexStream`` with a gzip pipe per shard) fed by a ``Readable`` over a JS
  generator that makes the same URLs and ISO lastmod strings itself, so no side pays for
  handing the other its input.

sitemap.js is installed with the machine's npm into ``benchmarks/.cache/node-sitemap/``
(gitignored; never global). Each build runs in its own child process, the two alternating,
``--runs`` times each. A build's time is measured inside its process around the write
(records are generated lazily inside it on both sides); its peak RSS is the process's own
``getrusage`` maximum (``resource`` for Python, ``process.resourceUsage()`` for node), which
counts each runtime from its start (so ours reads a few MB above ``core_write.py``'s, whose
forked child does not count the parent's pages it never touches).

A third side, **floor**, is ``core_write.floor_write`` in its own child process: the same
shards' text from a list, a sort, a ``"".join``, gzip and a write, in plain Python.

Prints medians with the min-max spread, URLs/s and the time ratio ours/theirs (median of the
per-pair ratios), the CPU time of each child process (user + system, from the parent's
``RUSAGE_CHILDREN``: what a shared machine's load does not inflate) with the ratios
ours/floor and sitemap.js/ours, then checks that both outputs list the same (URL, lastmod)
pairs: ours
orders URLs by loc and sitemap.js by input, so shard contents differ by design and the check
is over all shards.

Usage: ``python benchmarks/sitemap_js.py [N] [--runs 3] [--gzip-only]``
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import hashlib
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks._runs import cpu, last_json, load_average, rotation, spread

if TYPE_CHECKING:
    from sitemap_core import PageRecord

HERE = Path(__file__).resolve().parent
NODE_DIR = HERE / ".cache" / "node-sitemap"
PACKAGE = "sitemap@9"
BASE_URL = "https://example.org/"

NODE_SCRIPT = """\
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { simpleSitemapAndIndex } from 'sitemap';

const n = Number(process.argv[2]);
const out = process.argv[3];
const start = Date.UTC(2020, 0, 1);

function* items() {
  for (let i = 0; i < n; i++) {
    yield {
      url: `section-${i % 97}/page-${i}.html`,
      lastmod: new Date(start + i * 60000).toISOString(),
    };
  }
}

const began = performance.now();
await simpleSitemapAndIndex({
  hostname: 'https://example.org/',
  destinationDir: out,
  sourceData: Readable.from(items()),
  limit: 50000,
  gzip: true,
});
const elapsed = (performance.now() - began) / 1000;
// maxRSS is in KiB, like Python's ru_maxrss on Linux.
console.log(JSON.stringify({ elapsed, peak_kib: process.resourceUsage().maxRSS }));
"""

# The URL and lastmod of each <url> (both writers put loc first, then lastmod).
URL_ENTRY = re.compile(rb"<url>\s*<loc>([^<]*)</loc>\s*<lastmod>([^<]*)</lastmod>")


# -- setup -------------------------------------------------------------------------------------
def install_sitemap_js() -> str:
    """Install the latest sitemap 9.x under ``benchmarks/.cache`` once; return its version."""
    manifest = NODE_DIR / "node_modules" / "sitemap" / "package.json"
    if not manifest.exists():
        NODE_DIR.mkdir(parents=True, exist_ok=True)
        (NODE_DIR / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", PACKAGE],
            cwd=NODE_DIR,
            check=True,
            capture_output=True,
        )
    version = str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    if not version.startswith("9."):
        sys.exit(f"{manifest} is sitemap {version}, not 9.x: remove {NODE_DIR} and rerun")
    (NODE_DIR / "bench.mjs").write_text(NODE_SCRIPT, encoding="utf-8")
    return version


# -- the builds (each in its own child process) --------------------------------------------------
# sitemap_core is imported in the child only: Linux counts the RSS of the process that starts a
# child into the child's peak, so the driver stays small.
def records(n: int) -> Iterator[PageRecord]:
    """The same lazily generated site as ``core_write.py``."""
    from sitemap_core import PageRecord

    start = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    for i in range(n):
        when = start + dt.timedelta(minutes=i)
        yield PageRecord(f"section-{i % 97}/page-{i}.html", dates={"date": when})


def child_ours(n: int, out: str, gzip_only: bool) -> None:
    """Runs in the child: build, then print time and peak RSS as JSON."""
    from sitemap_core import Settings, build_sitemap, make_plugin_manager

    settings = Settings(base_url=BASE_URL, gzip=True, gzip_only=gzip_only, robots=False)
    began = time.perf_counter()
    build_sitemap(
        records(n),
        settings,
        Path(out),
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )
    elapsed = time.perf_counter() - began
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"elapsed": elapsed, "peak_kib": peak_kib}))


def child_floor(n: int, out: str) -> None:
    """Runs in the child: the plain-Python floor (``core_write.floor_write``), as JSON."""
    sys.path.insert(0, str(HERE.parent))
    from benchmarks.core_write import floor_write

    began = time.perf_counter()
    floor_write(n, Path(out))
    elapsed = time.perf_counter() - began
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"elapsed": elapsed, "peak_kib": peak_kib}))


def run(side: str, n: int, out: Path, gzip_only: bool) -> tuple[float, float, float]:
    """One build in a fresh process; return (seconds, peak RSS in MB, CPU seconds of the
    whole process: startup and imports included, on every side)."""
    if side == "ours":
        command = [sys.executable, __file__, "--child", str(n), str(out)]
        if gzip_only:
            command.append("--gzip-only")
    elif side == "floor":
        command = [sys.executable, __file__, "--floor", str(n), str(out)]
    else:
        # sitemap.js 9 refuses an absolute destinationDir: it writes to "." in the output dir.
        command = ["node", str(NODE_DIR / "bench.mjs"), str(n), "."]
    before = cpu(resource.RUSAGE_CHILDREN)
    result = last_json(command, side, cwd=out)
    spent = cpu(resource.RUSAGE_CHILDREN) - before
    return float(result["elapsed"]), float(result["peak_kib"]) / 1024, spent


# -- the outputs are the same -------------------------------------------------------------------
def summary(out: Path) -> tuple[int, list[int], str]:
    """URL count, URLs per shard and an order-free digest of the (URL, lastmod) pairs."""
    total = 0
    sizes: list[int] = []
    digest = 0
    for shard in sorted(out.glob("*.xml.gz")):
        data = gzip.decompress(shard.read_bytes())
        if b"<urlset" not in data:
            continue
        count = 0
        for loc, lastmod in URL_ENTRY.findall(data):
            # sitemap.js writes milliseconds (".000Z"), ours does not: same instant.
            pair = loc + b" " + lastmod.replace(b".000Z", b"Z")
            digest += int.from_bytes(hashlib.blake2b(pair, digest_size=16).digest(), "big")
            count += 1
        sizes.append(count)
        total += count
    return total, sizes, f"{digest % (1 << 128):032x}"


def index_entries(out: Path) -> int:
    for name in ("sitemap.xml.gz", "sitemap-index.xml.gz"):
        if (out / name).exists():
            return gzip.decompress((out / name).read_bytes()).count(b"<sitemap>")
    return 0


# -- report ------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=1_000_000, help="URLs (1,000,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each writer (3)")
    parser.add_argument("--gzip-only", action="store_true", help="ours writes only .gz files")
    parser.add_argument("--child", nargs=2, metavar=("N", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument("--floor", nargs=2, metavar=("N", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_ours(int(args.child[0]), args.child[1], args.gzip_only)
        return 0
    if args.floor:
        child_floor(int(args.floor[0]), args.floor[1])
        return 0

    version = install_sitemap_js()
    node = subprocess.run(["node", "--version"], check=True, capture_output=True, text=True)
    print(
        f"URLs: {args.n:,}; runs: {args.runs} each, alternating; sitemap.js {version}, "
        f"node {node.stdout.strip()}; Python {sys.version.split()[0]}; "
        f"ours writes {'only .gz' if args.gzip_only else '.xml and .gz'}"
    )
    sides = ("ours", "theirs", "floor")
    times: dict[str, list[float]] = {side: [] for side in sides}
    peaks: dict[str, list[float]] = {side: [] for side in sides}
    cpus: dict[str, list[float]] = {side: [] for side in sides}
    ratios: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        outs = {side: Path(tmp) / side for side in times}
        for k in range(args.runs):
            # Rotate who goes first, so none always runs on a warmer (or busier) machine.
            for side in rotation(sides, k):
                shutil.rmtree(outs[side], ignore_errors=True)
                outs[side].mkdir()
                elapsed, peak, cpu = run(side, args.n, outs[side], args.gzip_only)
                times[side].append(elapsed)
                peaks[side].append(peak)
                cpus[side].append(cpu)
                print(
                    f"  run {k + 1} {side:6}: {elapsed:6.2f} s, CPU {cpu:6.2f} s, "
                    f"peak RSS {peak:5.1f} MB"
                )
            ratios.append(times["ours"][-1] / times["theirs"][-1])

        print()
        print(f"{'writer':<22} {'time s, median (min-max)':<26} {'URLs/s':>9}  peak RSS MB")
        for side, label in (("ours", "ssg-sitemap core"), ("theirs", f"sitemap.js {version}")):
            rate = args.n / statistics.median(times[side])
            print(
                f"{label:<22} {spread(times[side], '.2f'):<26} {rate:>9,.0f}  "
                f"{spread(peaks[side], '.1f')}"
            )
        print(f"time ratio ours/theirs: {spread(ratios, '.2f')} (per-pair ratios)")
        print(f"floor (plain Python):   {spread(times['floor'], '.2f')} s")
        cpu_of = {side: statistics.median(values) for side, values in cpus.items()}
        to_floor = cpu_of["ours"] / cpu_of["floor"]
        ahead = cpu_of["theirs"] / cpu_of["ours"]
        print(
            f"CPU s of each process, median: ours {cpu_of['ours']:.2f}, sitemap.js "
            f"{cpu_of['theirs']:.2f}, floor {cpu_of['floor']:.2f}; ours/floor "
            f"{to_floor:.2f}x (target 2x: {'met' if to_floor <= 2 else 'MISSED'}), "
            f"sitemap.js/ours {ahead:.2f}x (target 3x: {'met' if ahead >= 3 else 'MISSED'})"
        )
        print(f"load average at the end: {load_average('.1f', ', ')}")

        print()
        ours, theirs = summary(outs["ours"]), summary(outs["theirs"])
        for side, (total, sizes, digest) in (("ours", ours), ("theirs", theirs)):
            print(
                f"check {side:6}: {total:,} URLs in {len(sizes)} shards "
                f"({min(sizes):,}-{max(sizes):,} each), {index_entries(outs[side])} in the "
                f"index; (URL, lastmod) digest {digest}"
            )
        same = ours[0] == theirs[0] == args.n and ours[2] == theirs[2]
        shards = len(ours[1])
        # One shard is the sitemap itself for ours (no index); sitemap.js always writes one.
        same = same and shards == len(theirs[1])
        same = same and (shards == 1 or index_entries(outs["ours"]) == shards)
        print(f"check: same URLs and lastmods, same shard count: {'yes' if same else 'NO'}")
        floor_same = all(
            gzip.decompress(shard.read_bytes())
            == gzip.decompress((outs["ours"] / shard.name).read_bytes())
            for shard in outs["floor"].glob("*.gz")
        )
        print(f"check: the floor wrote our shards' text: {'yes' if floor_same else 'NO'}")
        same = same and floor_same
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
