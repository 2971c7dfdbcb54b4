"""Benchmark: the Pelican adapter's share of a real build of a 5,000-article blog.

Generates (once, cached under ``benchmarks/.cache/``) a blog of 5,000 Markdown articles with
tags, categories and some ``Modified`` dates, committed over a few hundred git commits; then
builds it with Pelican twice in fresh processes, without and with ``PLUGINS = ["sitemap"]``
(Pelican's cache off, git lastmod on). Prints both build times, the sitemap step's own time
as measured inside the plugin (its signal handlers plus the final write), and each build's
peak RSS.

Budget: the sitemap step under 2% of the build and under 1 s.

Usage: ``python benchmarks/pelican_site.py [--articles N] [--commits N]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

CACHE = Path(__file__).resolve().parent / ".cache"
SITEURL = "https://bench.example.org"
TAGS = [f"topic-{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(60)]
CATEGORIES = [f"section-{chr(97 + n)}" for n in range(12)]


def _git(repo: Path, *args: str, when: int | None = None) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.org",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.org",
    }
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"{when} +0000"
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def _article(n: int) -> str:
    day = 1 + n % 28
    month = 1 + (n // 28) % 12
    year = 2015 + n // (28 * 12)
    tags = ", ".join(TAGS[(n * k) % len(TAGS)] for k in (1, 7, 13))
    lines = [
        f"Title: Article number {n}",
        f"Date: {year}-{month:02d}-{day:02d} 10:{n % 60:02d}",
        f"Category: {CATEGORIES[n % len(CATEGORIES)]}",
        f"Tags: {tags}",
        f"Slug: article-{n}",
    ]
    if n % 10 == 0:
        lines.append(f"Modified: {year + 1}-{month:02d}-{day:02d} 12:00")
    body = " ".join(f"Paragraph text {n} word {k}." for k in range(40))
    return "\n".join(lines) + f"\n\n{body}\n\nSecond paragraph of article {n}.\n"


def make_site(articles: int, commits: int) -> Path:
    """The blog and its git history; reused while the parameters are the same."""
    root = CACHE / f"pelican-site-{articles}-{commits}"
    if (root / ".done").is_file():
        return root
    shutil.rmtree(root, ignore_errors=True)
    content = root / "content"
    (content / "pages").mkdir(parents=True)
    _git(root, "init", "-q")
    start = 1_600_000_000
    per_commit = -(-articles // commits)
    written = 0
    for commit in range(commits):
        batch = range(written, min(articles, written + per_commit))
        for n in batch:
            (content / f"article-{n}.md").write_text(_article(n))
        written = batch.stop
        if commit % 10 == 5 and written > 50:  # edits to older articles
            for n in range(commit, written, 97):
                path = content / f"article-{n}.md"
                path.write_text(path.read_text() + f"\nEdited in commit {commit}.\n")
        if commit == 0:
            for n in range(20):
                (content / "pages" / f"page-{n}.md").write_text(
                    f"Title: Page {n}\n\nAbout page {n}.\n"
                )
        _git(root, "add", "-A")
        _git(
            root,
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            f"commit {commit}",
            when=start + commit * 3600,
        )
    (root / ".done").write_text("ok\n")
    return root


def child(site: Path, output: Path, plugin: bool) -> None:
    """Build the site in this process; print a JSON line with the timings."""
    import logging

    from pelican import Pelican
    from pelican.settings import read_settings

    logging.getLogger().setLevel(logging.ERROR)
    settings = read_settings(
        override={
            "PATH": str(site / "content"),
            "OUTPUT_PATH": str(output),
            "SITEURL": SITEURL,
            "TIMEZONE": "UTC",
            "CACHE_CONTENT": False,
            "LOAD_CONTENT_CACHE": False,
            "DELETE_OUTPUT_DIRECTORY": True,
            "DEFAULT_PAGINATION": 10,
            "FEED_ALL_ATOM": None,
            "CATEGORY_FEED_ATOM": None,
            "TRANSLATION_FEED_ATOM": None,
            "AUTHOR_FEED_ATOM": None,
            "AUTHOR_FEED_RSS": None,
            "PLUGINS": ["sitemap"] if plugin else [],
            "SITEMAP": {"lastmod": ["front_matter", "metadata", "git"]},
        }
    )
    background = _time_prefetch() if plugin else [0.0]
    began = time.perf_counter()
    Pelican(settings).run()
    total = time.perf_counter() - began
    result: dict[str, Any] = {"seconds": total}
    if plugin:
        from pelican.plugins.sitemap.collect import STATE

        result["sitemap_seconds"] = STATE.last_seconds
        result["background_seconds"] = background[0]
        sitemap = output / "sitemap.xml"
        result["sitemap_bytes"] = sitemap.stat().st_size if sitemap.exists() else 0
        result["urls"] = sitemap.read_text().count("<loc>") if sitemap.exists() else 0
    print(json.dumps(result))


def _time_prefetch() -> list[float]:
    """Time the git history read that runs in a background thread, beside the build (not
    part of the sitemap step's own time, since the build does not wait for it)."""
    spent = [0.0]
    try:
        from sitemap_core.git_prefetch import GitPrefetch
    except ImportError:
        return spent
    run = GitPrefetch._run

    def timed(self: Any) -> None:
        began = time.perf_counter()
        try:
            run(self)
        finally:
            spent[0] += time.perf_counter() - began

    GitPrefetch._run = timed  # type: ignore[method-assign]
    return spent


def run_child(site: Path, output: Path, plugin: bool) -> tuple[dict[str, Any], int]:
    """A build in a fresh process: its JSON result and its peak RSS in KiB."""
    argv = [sys.executable, __file__, "--child", str(site), str(output)]
    if plugin:
        argv.append("--plugin")
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, cwd=site)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"build failed ({proc.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1]), usage.ru_maxrss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=5000)
    parser.add_argument("--commits", type=int, default=300)
    parser.add_argument("--child", nargs=2, metavar=("SITE", "OUTPUT"), help=argparse.SUPPRESS)
    parser.add_argument("--plugin", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), args.plugin)
        return 0

    began = time.perf_counter()
    site = make_site(args.articles, args.commits)
    print(
        f"site: {args.articles:,} articles, {args.commits} commits "
        f"({time.perf_counter() - began:.1f} s to prepare; cached in {site})"
    )
    without, rss_without = run_child(site, CACHE / "pelican-out-without", plugin=False)
    with_, rss_with = run_child(site, CACHE / "pelican-out-with", plugin=True)
    step = float(with_["sitemap_seconds"])
    share = 100 * step / with_["seconds"]
    print(
        f"build without plugin: {without['seconds']:.2f} s, peak RSS {rss_without / 1024:.0f} MiB"
    )
    print(f"build with plugin:    {with_['seconds']:.2f} s, peak RSS {rss_with / 1024:.0f} MiB")
    print(
        f"sitemap step (inside the plugin): {step:.3f} s = {share:.2f}% of the build; "
        f"{with_['urls']:,} URLs, {with_['sitemap_bytes']:,} bytes"
    )
    if with_.get("background_seconds"):
        print(
            f"git history read in a background thread, beside the build: "
            f"{with_['background_seconds']:.3f} s (not in the step's time)"
        )
    verdict = "OK" if share < 2 and step < 1 else "OVER BUDGET"
    print(f"budget (< 2% of the build and < 1 s): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
