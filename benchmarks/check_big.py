"""``check`` on a 1,000,000-URL sharded sitemap, against plain XSD validation with lxml.

Generates the sitemap with the core writer (20 shards of 50,000 URLs and an index, cached in
benchmarks/.cache), then in the same run:

* ``ssg-sitemap check`` on the index (it follows every shard): wall time and peak RSS;
* plain XSD validation of the same files with lxml (parse each file, validate it against the
  official sitemap.xsd / siteindex.xsd): wall time and peak RSS.

Each side runs in its own fresh process, so the peak RSS is that side's alone.
Budget: check's memory flat and under 150 MB; its time within 2x of the XSD validation.

usage: python benchmarks/check_big.py [--urls N] [--xsd-dir DIR] [--gzip]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from benchmarks._runs import made, mark, wait_for

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache" / "check_big"
BASE_URL = "https://big.example.org/"
DEFAULT_XSD = HERE.parent.parent / "shared" / "xsd"

CHECK = """
import json, sys, time
from pathlib import Path
from sitemap_core._check import check_files
start = time.perf_counter()
report = check_files([Path(sys.argv[1])], sys.argv[2])
print(json.dumps({"seconds": time.perf_counter() - start, "urls": report.urls,
                  "errors": report.errors, "warnings": report.warnings,
                  "files": len(report.checked)}))
"""

XSD = """
import gzip, json, sys, time
from pathlib import Path
from lxml import etree
start = time.perf_counter()
xsd = Path(sys.argv[1])
urlset = etree.XMLSchema(etree.parse(str(xsd / "sitemap.xsd")))
index = etree.XMLSchema(etree.parse(str(xsd / "siteindex.xsd")))
valid = 0
files = sys.argv[2:]
for name in files:
    if name.endswith(".gz"):
        with gzip.open(name, "rb") as handle:
            doc = etree.parse(handle)
    else:
        doc = etree.parse(name)
    schema = index if doc.getroot().tag.endswith("sitemapindex") else urlset
    valid += schema.validate(doc)
    del doc
print(json.dumps({"seconds": time.perf_counter() - start, "valid": valid, "files": len(files)}))
"""


def generate(urls: int, gz: bool) -> Path:
    """Write (or reuse) the sharded sitemap; return the index path."""
    out = CACHE / f"{urls}{'-gz' if gz else ''}"
    index = out / ("sitemap.xml.gz" if gz else "sitemap.xml")
    if made(out) and index.exists():
        return index
    out.mkdir(parents=True, exist_ok=True)
    from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager

    def records():
        for i in range(urls):
            day = 1 + i % 28
            yield PageRecord(
                url=f"docs/section-{i % 97}/page-{i}.html",
                dates={"modified": f"2024-{1 + i % 12:02d}-{day:02d}T{i % 24:02d}:00:00Z"},
            )

    settings = Settings(
        base_url=BASE_URL,
        gzip=gz,
        gzip_only=gz,
        max_bytes=52_428_800,
        robots=False,
        html_checks=False,
        lastmod_sources=("metadata",),
    )
    start = time.perf_counter()
    report = build_sitemap(
        records(), settings, out, plugin_manager=make_plugin_manager(load_entry_points=False)
    )
    print(
        f"generated {report.urls:,} URLs in {len(report.files)} files in "
        f"{time.perf_counter() - start:.1f} s"
    )
    mark(out)
    return index


def measure(argv: list[str]) -> tuple[dict[str, float], float]:
    """Run ``argv`` in a fresh process; its JSON result and its peak RSS in MB."""
    done = wait_for(argv, stdout=subprocess.PIPE)
    if done.status != 0:
        raise SystemExit(f"{argv[:3]} failed with status {done.status}")
    return json.loads(done.out), done.rss_mib


def main() -> int:
    """Generate, measure both sides, print the numbers and the budget verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--urls", type=int, default=1_000_000)
    parser.add_argument("--xsd-dir", type=Path, default=DEFAULT_XSD)
    parser.add_argument("--gzip", action="store_true", help="gzip-only shards and index")
    args = parser.parse_args()
    index = generate(args.urls, args.gzip)
    files = sorted(str(p) for p in index.parent.glob("sitemap*.xml*"))
    size = sum(Path(f).stat().st_size for f in files)
    print(f"{len(files)} files, {size / 1e6:.0f} MB on disk ({'gzip' if args.gzip else 'plain'})")
    check, check_rss = measure([sys.executable, "-c", CHECK, str(index), BASE_URL])
    print(
        f"check:          {check['seconds']:6.2f} s  peak RSS {check_rss:6.1f} MB  "
        f"({check['urls']:,} URLs in {check['files']:.0f} files, {check['errors']:.0f} errors, "
        f"{check['warnings']:.0f} warnings)"
    )
    if not (args.xsd_dir / "sitemap.xsd").is_file():
        print(f"XSD validation skipped: no schemas in {args.xsd_dir} (pass --xsd-dir)")
        return 0
    xsd, xsd_rss = measure([sys.executable, "-c", XSD, str(args.xsd_dir), *files])
    print(
        f"XSD validation: {xsd['seconds']:6.2f} s  peak RSS {xsd_rss:6.1f} MB  "
        f"({xsd['valid']:.0f} of {xsd['files']:.0f} files valid)"
    )
    ratio = check["seconds"] / xsd["seconds"]
    print(f"check / XSD time: {ratio:.2f}x (budget 2x): {'met' if ratio <= 2 else 'MISSED'}")
    print(
        f"check peak RSS: {check_rss:.0f} MB (budget 150 MB): "
        f"{'met' if check_rss <= 150 else 'MISSED'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
