"""``ssg-sitemap build --project`` on a 2,000-page MkDocs-family project with git history.

Uses the project ``benchmarks/mkdocs_site.py`` makes (cached under ``benchmarks/.cache/``) and
measures, each in a fresh process, fastest of ``--runs``:

(a) the MkDocs plugin's own time in a real ``mkdocs build`` (time spent in its handlers);
(b) ``zensical build`` of the same project (wall time, caches cleaned: ``--clean``);
(c) ``ssg-sitemap build --project`` over Zensical's output (its own time: ``main()`` timed
    inside the process, without interpreter start-up).

Budget: (c) within 2x of (a) (the git pass dominates both). Also prints whether (c) and (a)
wrote the same URL set and lastmods.

Usage: ``python benchmarks/project_cli.py [--pages 2000] [--commits 500] [--runs 3]``
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import sys
import time
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import mkdocs_site
from benchmarks._runs import last_json

ZENSICAL = shutil.which("zensical", path=str(Path(sys.executable).parent)) or shutil.which(
    "zensical"
)
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def zensical_config(root: Path) -> Path:
    config = root / "mkdocs-zensical.yml"
    config.write_text(
        "site_name: Bench\nsite_url: https://bench.example.org/\n"
        "site_dir: site-zensical\nplugins:\n  - sitemap\n"
    )
    return config


def zensical_build(root: Path, config: Path) -> float:
    assert ZENSICAL is not None
    started = time.perf_counter()
    subprocess.run(
        [ZENSICAL, "build", "--clean", "-f", str(config)],
        cwd=root,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - started


def project_one(config: Path) -> float:
    """One ``--project`` run in this process (called in a child): its own time."""
    import logging

    from sitemap_core._cli._main import main

    started = time.perf_counter()
    status = main(["build", "-q", "--project", str(config)])
    elapsed = time.perf_counter() - started
    logging.disable(logging.WARNING)
    assert status == 0, status
    return elapsed


def project_time(config: Path, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        argv = [sys.executable, __file__, "--one", str(config)]
        best = min(best, float(last_json(argv, "ssg-sitemap build --project")))
    return best


def lastmods(path: Path) -> dict[str, str | None]:
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    root = etree.fromstring(raw)
    return {
        url.findtext("s:loc", namespaces=NS) or "": url.findtext("s:lastmod", namespaces=NS)
        for url in root.iterfind("s:url", NS)
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(project_one(Path(args.one)))
        return 0
    if ZENSICAL is None:
        print("zensical is not installed (pip install zensical): nothing to compare")
        return 1
    root = mkdocs_site.CACHE / f"p{args.pages}-c{args.commits}"
    started = time.perf_counter()
    mkdocs_site.make_site(root, args.pages, args.commits)
    print(
        f"project: {args.pages:,} pages, {args.commits:,} commits "
        f"({time.perf_counter() - started:.1f} s to prepare or reuse {root})"
    )
    plugin = mkdocs_site.measure(root, ["sitemap"], args.runs)["sitemap"]
    config = zensical_config(root)
    zensical = min(zensical_build(root, config) for _ in range(args.runs))
    ours = project_time(config, args.runs)
    print(f"{'step':<48}{'seconds':>9}")
    print(f"{'(a) MkDocs plugin, own time in mkdocs build':<48}{plugin['plugin']:>9.3f}")
    print(f"{'    mkdocs build with the plugin, wall':<48}{plugin['wall']:>9.2f}")
    print(f"{'(b) zensical build --clean, wall':<48}{zensical:>9.2f}")
    print(f"{'(c) ssg-sitemap build --project, own time':<48}{ours:>9.3f}")
    ratio = ours / plugin["plugin"]
    print(f"(c) / (a) = {ratio:.2f}x (budget within 2x): {'met' if ratio <= 2 else 'MISSED'}")
    print(f"(c) / (b) = {ours / zensical * 100:.1f}% of the zensical build")
    theirs = lastmods(root / "site-sitemap" / "sitemap.xml.gz")
    mine = lastmods(root / "site-zensical" / "sitemap.xml.gz")
    same = "yes" if theirs == mine else f"NO ({len(set(theirs) ^ set(mine))} URLs differ)"
    print(f"same URL set and lastmods as the plugin: {same} ({len(mine):,} URLs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
