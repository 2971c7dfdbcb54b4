"""MkDocs: what the sitemap plugin adds to a real build of a 2,000-page site with git history.

Builds the same site (made once, cached under ``benchmarks/.cache/``) with:

(a) plain MkDocs (its built-in sitemap);
(b) ``plugins: [sitemap]`` with git lastmod on (the default), and with ``link_summary: true``
    (the link summary's share: the plugin's time with it less without);
(c) mkdocs-git-revision-date-localized-plugin, when it is installed (not a dependency of this
    project: ``pip install mkdocs-git-revision-date-localized-plugin`` to measure it).

Each build runs in a fresh process (so peak RSS is its own), the variants alternating in each
round, and the fastest of ``--runs`` is kept. Prints wall times, each plugin's own time (the
time spent in its event handlers, timed inside the build: whole-build wall times swing by
several percent on a busy machine) and peak RSS. Budget: (b)'s own time is under 2% of (a),
and at least 20x less than (c)'s.

Usage: ``python benchmarks/mkdocs_site.py [--pages 2000] [--commits 500] [--runs 3]``
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from benchmarks._runs import last_json, made, mark, rotation, time_plugin

CACHE = Path(__file__).resolve().parent / ".cache" / "mkdocs_site"
SECTIONS = 20
START = 1_600_000_000  # 2020-09-13, the first commit's date

VARIANTS = {
    "plain": "plugins: []\n",
    "sitemap": "plugins:\n  - sitemap\n",
    "sitemap-links": "plugins:\n  - sitemap:\n      link_summary: true\n",
    "git-revision-date-localized": "plugins:\n  - git-revision-date-localized\n",
}


def page_text(n: int, revision: int) -> str:
    body = "\n".join(
        f"## Part {k}\n\nParagraph {k} of page {n}, rev. {revision}." for k in range(6)
    )
    front = f"---\nupdated: 2021-01-{n % 28 + 1:02d}\n---\n\n" if n % 10 == 0 else ""
    return f"{front}# Page {n}\n\n{body}\n"


def page_path(n: int) -> str:
    return f"docs/section-{n % SECTIONS:02d}/page-{n:05d}.md"


def fast_import(root: Path, commits: Iterable[tuple[str, Mapping[str, str]]]) -> None:
    """A new git repository at ``root`` whose history is ``commits`` (each a message and the
    files it writes), one every 7 hours from ``START``, checked out; by git fast-import,
    which makes hundreds of commits in a second."""
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    stream: list[bytes] = []
    for index, (message, files) in enumerate(commits):
        stamp = START + index * 3600 * 7
        who = f"Bench <bench@example.org> {stamp} +0000"
        msg = message.encode()
        head = f"commit refs/heads/main\nauthor {who}\ncommitter {who}\ndata {len(msg)}\n"
        stream.append(head.encode() + msg + b"\n")
        for path, text in files.items():
            data = text.encode()
            stream.append(f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=b"".join(stream), check=True)
    subprocess.run(["git", "checkout", "-q", "-f", "main"], cwd=root, check=True)


def make_site(root: Path, pages: int, commits: int) -> None:
    """A git repository with ``pages`` pages and ``commits`` commits."""
    if made(root, f"{pages} {commits}"):
        return
    rng = random.Random(42)

    def history() -> Iterator[tuple[str, dict[str, str]]]:
        first = {"docs/index.md": "# Home\n\nA benchmark site.\n"}
        yield "initial import", first | {page_path(n): page_text(n, 0) for n in range(pages)}
        for index in range(1, commits):
            edited = rng.sample(range(pages), 8)
            yield f"edit {index}", {page_path(n): page_text(n, index) for n in edited}

    fast_import(root, history())
    mark(root, f"{pages} {commits}")


def run_one(root: Path, variant: str) -> dict[str, float]:
    """One build in this process (called in a child): wall time, plugin time, peak RSS."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config_file = root / f"mkdocs-{variant}.yml"
    config_file.write_text(
        "site_name: Bench\nsite_url: https://bench.example.org/\n"
        f"site_dir: site-{variant}\n{VARIANTS[variant]}"
    )
    config = load_config(str(config_file))
    spent = [0.0]
    if variant != "plain":
        time_plugin(config.plugins, variant.removesuffix("-links"), spent)
    started = time.perf_counter()
    build(config)
    wall = time.perf_counter() - started
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"wall": wall, "plugin": spent[0], "rss_mib": rss_mib}


def measure(root: Path, variants: list[str], runs: int) -> dict[str, dict[str, float]]:
    """The fastest of ``runs`` builds of each variant, alternating in each round (each variant
    first in turn), so that a slow spell of the machine hits all alike."""
    best: dict[str, dict[str, float]] = {}
    for n in range(runs):
        for variant in rotation(variants, n):
            argv = [sys.executable, __file__, "--one", variant, "--root", str(root)]
            result: dict[str, float] = last_json(argv, variant)
            if variant not in best or result["wall"] < best[variant]["wall"]:
                best[variant] = result
    return {variant: best[variant] for variant in variants}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        import logging

        logging.disable(logging.WARNING)
        print(json.dumps(run_one(Path(args.root), args.one)))
        return 0

    root = CACHE / f"p{args.pages}-c{args.commits}"
    started = time.perf_counter()
    make_site(root, args.pages, args.commits)
    print(
        f"site: {args.pages:,} pages, {args.commits:,} commits "
        f"({time.perf_counter() - started:.1f} s to prepare or reuse {root})"
    )
    variants = ["plain", "sitemap", "sitemap-links"]
    if importlib.util.find_spec("mkdocs_git_revision_date_localized_plugin") is not None:
        variants.append("git-revision-date-localized")
    else:
        print("(c) skipped: mkdocs-git-revision-date-localized-plugin is not installed")
    results = measure(root, variants, args.runs)
    plain = results["plain"]["wall"]
    print(f"{'build':<32}{'wall s':>9}{'vs plain':>10}{'plugin s':>10}{'peak RSS':>11}")
    for variant, r in results.items():
        added = (r["wall"] - plain) / plain * 100
        print(
            f"{variant:<32}{r['wall']:>9.2f}{added:>+9.1f}%{r['plugin']:>10.3f}"
            f"{r['rss_mib']:>8.0f} MiB"
        )
    ours = results["sitemap"]["plugin"]
    share = ours / plain * 100
    print(
        f"sitemap plugin's own time: {ours:.3f} s = {share:.2f}% of the plain build "
        f"(budget under 2%): {'met' if share < 2 else 'MISSED'}"
    )
    links = results["sitemap-links"]["plugin"] - ours
    print(
        f"link_summary: true adds (check's link pass): {links:.3f} s = "
        f"{links / plain * 100:.2f}% of the plain build"
    )
    if "git-revision-date-localized" in results:
        theirs = results["git-revision-date-localized"]["plugin"]
        ratio = theirs / ours if ours > 0 else float("inf")
        print(
            f"git-revision-date-localized's own time: {theirs:.2f} s = {ratio:.0f}x the "
            "sitemap plugin's"
        )
    sitemap = root / "site-sitemap" / "sitemap.xml"
    text = sitemap.read_text()
    print(
        f"sitemap.xml: {text.count('<url>'):,} URLs, {text.count('<lastmod>'):,} with lastmod "
        f"({args.pages // 10:,} pages have front matter dates; the rest need git lastmod)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
