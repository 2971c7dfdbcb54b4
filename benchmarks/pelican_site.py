"""Benchmark: what a sitemap plugin adds to a whole Pelican build, ours beside pelican-sitemap's.

Generates (once, cached under ``benchmarks/.cache/``) a blog of N Markdown articles with tags,
categories, some ``Modified`` dates and 20 pages, committed over a few hundred git commits and
packed (``git gc``), as a clone is. Then builds it with real Pelican (``--pelican``, 4.12.0 by
default; content cache off) in fresh processes, alternating five ways each round:

* **none**: no sitemap plugin (``PLUGINS = []``), the baseline;
* **ours**: ``PLUGINS = ["sitemap"]`` with ssg-sitemap's defaults (git lastmod and the HTML
  checks on), installed from this working tree into a throwaway venv;
* **ours-nogit**: ours with the HTML checks, without git dates (:data:`NO_GIT`);
* **ours-plain**: ours doing pelican-sitemap's job only: no git, no HTML checks (the contents'
  own dates, :data:`PLAIN`);
* **theirs**: ``PLUGINS = ["sitemap"]`` with pelican-sitemap 1.2.2, in another throwaway venv;
* with ``--baseline DIR`` (a copy of another tree, ``git archive main | tar -x -C DIR``), three
  more: **before**, **before-nogit** and **before-plain**, ours' three ways run from ``DIR`` (put
  before the editable install through ``PYTHONPATH``), for a before-and-after in the same rounds.

Both venvs live under ``benchmarks/.cache/`` (gitignored) and are made by this script with pip;
the project's own ``.venv`` is never touched. Each build's wall and CPU time (the process's
and its children's: git's, also printed apart) are measured around ``Pelican.run()``; inside
it, every signal handler of the ``pelican.plugins.sitemap`` package is wrapped with a timer,
so a plugin's "step" is the time Pelican spent in its handlers.

The floor of what the HTML checks do that pelican-sitemap never does: after each build with the
checks on, the child opens, reads (64 KiB, one ``os.read``, as the checks read a head) and
closes every page the sitemap lists, and prints that CPU beside the handlers'.

Prints, per article count, the medians and spread (min-max) of ``--runs`` rounds: each way's
build, the plugins' deltas against the baseline of the same round (wall and CPU, in seconds
and in % of the baseline), and the handler times beside them. On a shared machine the deltas
carry the noise of whole builds; the handler times do not.

The budget, checked at the end (``met`` or ``MISSED``), on each way's *cost*: the CPU of
its signal handlers plus git's (the child process), in % of the CPU of the build without a
plugin in the same round. The raw deltas of whole builds are printed beside it; on a 2-core
machine their noise (several %, either way) is larger than the budget itself.

* ours, with git dates and the HTML checks on, costs < 5% of the build's CPU;
* ours-plain, pelican-sitemap's job alone, costs < 1.5 times what pelican-sitemap costs in the
  same rounds;
* the step: ours' handlers take at most the CPU of pelican-sitemap's (``ours``, and
  ``ours-nogit``: the HTML checks on, git dates off, :data:`NO_GIT`).

Pages are shaped like a real theme's output (:data:`THEME_BASE`: 60-70 KB, inline CSS and
scripts); ``--simple-theme`` builds with Pelican's own theme instead, as before.

Usage: ``python benchmarks/pelican_site.py [--articles 3000 10000] [--runs 3] [--profile F]
[--simple-theme]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CACHE = HERE / ".cache"
SITEURL = "https://bench.example.org"
TAGS = [f"topic-{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(60)]
CATEGORIES = [f"section-{chr(97 + n)}" for n in range(12)]
INCUMBENT = "pelican-sitemap==1.2.2"
#: Where each plugin's signal handlers live: ours in ``ssg_sitemap.pelican`` (Pelican finds it
#: through the ``pelican.plugins.sitemap`` entry module), pelican-sitemap's in its package.
PLUGIN_PACKAGES = ("ssg_sitemap.pelican", "pelican.plugins.sitemap")
#: Ours without what pelican-sitemap does not do: git dates and reading the built pages.
PLAIN = {"html_checks": False, "lastmod": ["front_matter", "metadata"]}
#: Ours with the HTML checks but without git dates (pelican-sitemap reads no history).
NO_GIT = {"lastmod": ["front_matter", "metadata"]}
#: The budget of ours, in % of the build's CPU, and of ours-plain, as a multiple of
#: pelican-sitemap's cost; and of the step: ours' handlers' CPU (with and without git
#: dates) against pelican-sitemap's (see the module docstring).
BUDGET_SHARE = 5.0
BUDGET_RATIO = 1.5
BUDGET_STEP = 1.0


# -- the site ----------------------------------------------------------------------------------
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
    # benchmarks._runs is imported in the driver's functions only: the build child runs in the
    # throwaway venvs, and pelican-sitemap's has no checkout to import it from.
    from benchmarks._runs import git

    root = CACHE / f"pelican-site-{articles}-{commits}"
    if (root / ".done").is_file():
        if not (root / ".packed").is_file():  # a cache made before the site was packed
            git(root, "gc", "--quiet")
            (root / ".packed").write_text("ok\n")
        return root
    shutil.rmtree(root, ignore_errors=True)
    content = root / "content"
    (content / "pages").mkdir(parents=True)
    git(root, "init", "-q")
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
        git(root, "add", "-A")
        git(
            root,
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            f"commit {commit}",
            when=f"{start + commit * 3600} +0000",
        )
    # Packed, as any clone is: 300 commits of loose objects made git's own history pass
    # take 0.28 s of CPU at 3,000 articles, packed 0.07 s.
    git(root, "gc", "--quiet")
    (root / ".packed").write_text("ok\n")
    (root / ".done").write_text("ok\n")
    return root


#: A theme whose pages are shaped like a real theme's (Flex, plumage, alexis): 60-70 KB each, a
#: 26 KB head of inline CSS, analytics and a colour-scheme script, `robots: index, follow`, its
#: own canonical link, and a footer script. Pelican's own themes write 3-6 KB pages, on which
#: reading a head costs a few microseconds; a real blog's head costs the HTML checks 100 times
#: that.
_CSS = "".join(
    f".c{n} {{ color: #{n % 999:03d}; margin: {n % 7}px; display: none; }}\n" for n in range(700)
)
_FOOTER_JS = "".join(f"  function f{n}(a) {{ return a.map(x => x * {n}); }}\n" for n in range(300))
THEME_BASE = (
    """{% extends "!simple/base.html" %}
{% block head %}{{ super() }}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="index, follow, max-image-preview:large">
<link rel="canonical" href="{{ SITEURL }}/{{ output_file }}">
<meta property="og:url" content="{{ SITEURL }}/{{ output_file }}">
<style>
"""
    + _CSS
    + """</style>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-BENCH"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);}
gtag('js', new Date()); gtag('config', 'G-BENCH', {page_path: window.location.pathname});</script>
<script>(function () { var t = localStorage.getItem('theme');
if (t) { document.documentElement.setAttribute('data-theme', t); } })();</script>
{% endblock head %}
{% block content %}{{ super() }}
<footer><script>
"""
    + _FOOTER_JS
    + """</script></footer>
{% endblock content %}
"""
)


def make_theme(site: Path) -> Path:
    """The theme above, in the site's folder."""
    templates = site / "theme" / "templates"
    templates.mkdir(parents=True, exist_ok=True)
    (templates / "base.html").write_text(THEME_BASE, encoding="utf-8")
    return site / "theme"


# -- the throwaway venvs -----------------------------------------------------------------------
def _pip(venv: Path, *args: str) -> None:
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *args],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def make_venv(name: str, pelican: str, ours: bool) -> Path:
    """A venv under ``benchmarks/.cache/`` with Pelican and one of the two plugins.

    Ours is an editable install of the working tree, so every run measures the current code.
    """
    venv = CACHE / f"venv-{name}-pelican-{pelican}"
    stamp = venv / ".ready"
    if not stamp.is_file():
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        extra = ["-e", str(REPO)] if ours else [INCUMBENT]
        _pip(venv, f"pelican[markdown]=={pelican}", *extra)
        stamp.write_text("ok\n")
    return venv


# -- one build, in a child process -------------------------------------------------------------
def _wrap_handlers(times: dict[str, float], cpu: dict[str, float], profiler: Any) -> None:
    """Replace every receiver of the plugin package on Pelican's signals with a timed one
    (wall seconds into ``times``, the CPU seconds of Pelican's thread into ``cpu``)."""
    import weakref

    from blinker import Signal
    from pelican import signals

    for attr in dir(signals):
        signal = getattr(signals, attr)
        if not isinstance(signal, Signal):
            continue
        for ref in list(signal.receivers.values()):
            func = ref() if isinstance(ref, weakref.ref) else ref
            module = getattr(func, "__module__", "") or ""
            if func is None or not module.startswith(PLUGIN_PACKAGES):
                continue
            name = f"{attr}:{getattr(func, '__qualname__', func)}"
            signal.disconnect(func)
            signal.connect(_timed(func, name, times, cpu, profiler), weak=False)


def _timed(
    func: Callable[..., Any],
    name: str,
    times: dict[str, float],
    cpu: dict[str, float],
    profiler: Any,
) -> Callable[..., Any]:
    clock, thread_clock = time.perf_counter, time.thread_time
    times.setdefault(name, 0.0)
    cpu.setdefault(name, 0.0)

    def timed(*args: Any, **kwargs: Any) -> Any:
        if profiler is not None:
            profiler.enable()
        began, began_cpu = clock(), thread_clock()
        try:
            return func(*args, **kwargs)
        finally:
            times[name] += clock() - began
            cpu[name] += thread_clock() - began_cpu
            if profiler is not None:
                profiler.disable()

    return timed


def _cpu() -> tuple[float, float]:
    """CPU seconds (user and system) of this process and of its reaped children (git)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def child(
    site: Path, output: Path, plugins: bool, profile: str | None, setting: dict[str, Any] | None
) -> None:
    """Build the site in this process; print one JSON line with the timings."""
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
            "PLUGINS": ["sitemap"] if plugins else [],
            **({"THEME": str(site / "theme")} if (site / "theme").is_dir() else {}),
            **({} if setting is None else {"SITEMAP": setting}),
        }
    )
    profiler = None
    if profile:
        import cProfile

        # The CPU of Pelican's thread, as the handlers are timed (a wall clock counts the
        # waits of a shared machine and the writer's fsync).
        profiler = cProfile.Profile(time.thread_time)
    pelican = Pelican(settings)
    times: dict[str, float] = {}
    cpu_times: dict[str, float] = {}
    _wrap_handlers(times, cpu_times, profiler)
    own, children = _cpu()
    began = time.perf_counter()
    pelican.run()
    total = time.perf_counter() - began
    own_after, children_after = _cpu()
    git_cpu = children_after - children
    cpu = own_after - own + git_cpu
    if profiler is not None and profile:
        profiler.dump_stats(profile)
    sitemap = output / "sitemap.xml"
    text = sitemap.read_text(encoding="utf-8") if sitemap.exists() else ""
    floor = _read_floor(output, text) if plugins and (setting or {}).get("html_checks", True) else 0
    print(
        json.dumps(
            {
                "build": total,
                "cpu": cpu,
                "git_cpu": git_cpu,
                "step": sum(times.values()),
                "step_cpu": sum(cpu_times.values()),
                "handlers": times,
                "handlers_cpu": cpu_times,
                "urls": text.count("<loc>"),
                "floor_cpu": floor,
            }
        )
    )


def _read_floor(output: Path, sitemap: str) -> float:
    """The CPU of Pelican's thread to open, read (64 KiB at most, in one read) and close every
    page the sitemap lists: the part of the HTML checks no code can avoid."""
    import re

    paths = []
    for loc in re.findall(r"<loc>([^<]*)</loc>", sitemap):
        rel = loc[len(SITEURL) + 1 :]
        paths.append(str(output / (rel + "index.html" if rel.endswith("/") or not rel else rel)))
    began = time.thread_time()
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        os.read(fd, 65536)
        os.close(fd)
    return time.thread_time() - began


def run_child(
    venv: Path,
    site: Path,
    output: Path,
    plugins: bool,
    profile: str | None = None,
    sitemap: dict[str, Any] | None = None,
    tree: Path | None = None,
) -> dict[str, Any]:
    argv = [str(venv / "bin" / "python"), __file__, "--child", str(site), str(output)]
    env = None
    if tree is not None:  # another copy of ours, before the editable install on sys.path
        env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(tree), str(tree / "editable")))}
    if not plugins:
        argv.append("--no-plugins")
    if sitemap is not None:
        argv += ["--sitemap", json.dumps(sitemap)]
    if profile:
        argv += ["--profile", profile]
    proc = subprocess.run(argv, stdout=subprocess.PIPE, cwd=site, check=False, env=env)
    if proc.returncode:
        raise SystemExit(f"build failed ({proc.returncode}): {' '.join(argv)}")
    result: dict[str, Any] = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    return result


# -- the report --------------------------------------------------------------------------------
#: The ways: the venv each builds in (the baseline uses ours, without the plugin), whether the
#: plugin runs, and its SITEMAP setting (``None``: not set).
WAYS: dict[str, tuple[str, bool, dict[str, Any] | None]] = {
    "none": ("ours", False, None),
    "ours": ("ours", True, None),
    "ours-nogit": ("ours", True, NO_GIT),
    "ours-plain": ("ours", True, PLAIN),
    "theirs": ("theirs", True, None),
}
#: With ``--baseline``: ours' ways again, run from another tree.
BASE_WAYS = {"before": "ours", "before-nogit": "ours-nogit", "before-plain": "ours-plain"}


def measure(
    articles: int,
    commits: int,
    runs: int,
    venvs: dict[str, Path],
    profile: str | None,
    real_theme: bool = True,
    baseline: Path | None = None,
) -> dict[str, Any]:
    from benchmarks._runs import rotation, spread

    began = time.perf_counter()
    site = make_site(articles, commits)
    if real_theme:
        make_theme(site)
    else:
        shutil.rmtree(site / "theme", ignore_errors=True)
    print(
        f"\nsite: {articles:,} articles, {commits} commits "
        f"({time.perf_counter() - began:.1f} s to prepare; cached in {site})",
        flush=True,
    )
    ways = {**WAYS, **({b: WAYS[o] for b, o in BASE_WAYS.items()} if baseline else {})}
    plugged = [name for name, (_, plugins, _) in ways.items() if plugins]
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in ways}
    order_of = list(ways)
    for n in range(runs):
        # A different way goes first each round, so that a slow spell hits all alike.
        for name in rotation(order_of, n):
            out = CACHE / f"pelican-out-{name}-{articles}"
            prof = f"{profile}.{articles}" if profile and name == "ours" else None
            venv, plugins, sitemap = ways[name]
            tree = baseline if name in BASE_WAYS else None
            result = run_child(venvs[venv], site, out, plugins, prof, sitemap, tree)
            results[name].append(result)
            print(
                f"  run {n + 1} {name:6}: build {result['build']:.2f} s, "
                f"CPU {result['cpu']:.2f} s (git {result['git_cpu']:.2f} s), "
                f"step {result['step']:.3f} s, {result['urls']:,} URLs",
                flush=True,
            )
    base = results["none"]
    row: dict[str, Any] = {
        "articles": articles,
        "urls": results["ours"][0]["urls"],
        "plugged": plugged,
    }
    for name in ways:
        print(
            f"  {name:6} build: {spread([r['build'] for r in results[name]], '.2f')} s"
            f", CPU {spread([r['cpu'] for r in results[name]], '.2f')} s"
        )
    for name in plugged:
        got = results[name]
        wall = [r["build"] - b["build"] for r, b in zip(got, base, strict=True)]
        cpu = [r["cpu"] - b["cpu"] for r, b in zip(got, base, strict=True)]
        share = [
            100 * (r["build"] - b["build"]) / b["build"] for r, b in zip(got, base, strict=True)
        ]
        cpu_share = [100 * (r["cpu"] - b["cpu"]) / b["cpu"] for r, b in zip(got, base, strict=True)]
        step = [r["step"] for r in got]
        step_share = [100 * r["step"] / b["build"] for r, b in zip(got, base, strict=True)]
        step_cpu = [r["step_cpu"] for r in got]
        step_cpu_share = [100 * r["step_cpu"] / b["cpu"] for r, b in zip(got, base, strict=True)]
        cost = [
            100 * (r["step_cpu"] + r["git_cpu"]) / b["cpu"] for r, b in zip(got, base, strict=True)
        ]
        print(
            f"  {name} adds: wall {spread(wall, '+.2f')} s = "
            f"{spread(share, '+.2f')} %, "
            f"CPU {spread(cpu, '+.2f')} s = {spread(cpu_share, '+.2f')} %; "
            f"handlers {spread(step)} s = {spread(step_share, '.2f')} % of the wall, "
            f"CPU {spread(step_cpu)} s = {spread(step_cpu_share, '.2f')} % of the CPU; "
            f"git (a child process, beside the build) {spread([r['git_cpu'] for r in got])} s "
            f"of CPU; cost (handlers + git, CPU) {spread(cost, '.2f')} % of the CPU"
        )
        for handler in got[0]["handlers"]:
            print(
                f"    {name} {handler}: {spread([r['handlers'][handler] for r in got])} s, "
                f"CPU {spread([r['handlers_cpu'][handler] for r in got])} s"
            )
        row[name] = {
            "wall": spread(wall, "+.2f"),
            "share": spread(share, "+.2f"),
            "cpu": spread(cpu, "+.2f"),
            "cpu_share": spread(cpu_share, "+.2f"),
            "step": spread(step),
            "step_share": spread(step_share, ".2f"),
            "step_cpu": spread(step_cpu),
            "step_cpu_share": spread(step_cpu_share, ".2f"),
            "cost": spread(cost, ".2f"),
            "median_cost": statistics.median(cost),
            "median_cost_cpu": statistics.median(r["step_cpu"] + r["git_cpu"] for r in got),
            "median_step_cpu": statistics.median(step_cpu),
            "step_cpus": step_cpu,
        }
    floor = [r["floor_cpu"] for r in results["ours"]]
    row["floor"] = statistics.median(floor)
    print(
        f"  floor: opening, reading and closing the {row['urls']:,} listed pages "
        f"{spread(floor)} s of CPU ({1e6 * row['floor'] / max(1, row['urls']):.1f} µs a page); "
        "the HTML checks (ours-nogit - ours-plain) "
        f"{row['ours-nogit']['median_step_cpu'] - row['ours-plain']['median_step_cpu']:.3f} s"
    )
    row["base"] = spread([r["build"] for r in base], ".2f")
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, nargs="+", default=[3000, 10000])
    parser.add_argument("--commits", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pelican", default="4.12.0", help="Pelican version for both venvs")
    parser.add_argument(
        "--profile", metavar="FILE", help="cProfile our handlers into FILE.<articles>"
    )
    parser.add_argument(
        "--simple-theme",
        action="store_true",
        help="Pelican's own theme (3-6 KB pages) instead of one shaped like a real theme's",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="DIR",
        help="also run ours' three ways from this copy of another tree (git archive main)",
    )
    parser.add_argument("--child", nargs=2, metavar=("SITE", "OUTPUT"), help=argparse.SUPPRESS)
    parser.add_argument("--no-plugins", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sitemap", type=json.loads, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(
            Path(args.child[0]),
            Path(args.child[1]),
            not args.no_plugins,
            args.profile,
            args.sitemap,
        )
        return 0
    from benchmarks._runs import spread

    CACHE.mkdir(parents=True, exist_ok=True)
    venvs = {
        "ours": make_venv("ours", args.pelican, ours=True),
        "theirs": make_venv("incumbent", args.pelican, ours=False),
    }
    rows = [
        measure(
            n, args.commits, args.runs, venvs, args.profile, not args.simple_theme, args.baseline
        )
        for n in args.articles
    ]
    print(
        f"\nPelican {args.pelican}, content cache off, defaults (git lastmod, HTML checks); "
        f"medians of {args.runs} alternating rounds (min-max); deltas against the build "
        "without a sitemap plugin in the same round"
    )
    print(
        "articles (URLs) | build without | plugin | wall added | % | CPU added | % | "
        "handlers (wall) | % | handlers (CPU) | % | cost (handlers + git) %"
    )
    for row in rows:
        for name in row["plugged"]:
            cells = row[name]
            print(
                f"{row['articles']:,} ({row['urls']:,}) | {row['base']} s | {name} | "
                f"{cells['wall']} s | {cells['share']} | {cells['cpu']} s | {cells['cpu_share']} | "
                f"{cells['step']} s | {cells['step_share']} | {cells['step_cpu']} s | "
                f"{cells['step_cpu_share']} | {cells['cost']}"
            )
    checks = []
    for row in rows:
        share = row["ours"]["median_cost"]
        ratio = row["ours-plain"]["median_cost_cpu"] / row["theirs"]["median_cost_cpu"]
        checks.append(share < BUDGET_SHARE and ratio < BUDGET_RATIO)
        print(
            f"{row['articles']:,} articles: ours costs {share:.2f}% of the build's CPU (budget "
            f"< {BUDGET_SHARE:g}%): {'met' if share < BUDGET_SHARE else 'MISSED'}; ours-plain "
            f"costs {ratio:.2f} times pelican-sitemap's (budget < {BUDGET_RATIO:g}): "
            f"{'met' if ratio < BUDGET_RATIO else 'MISSED'}"
        )
        theirs = row["theirs"]["median_step_cpu"]
        print(
            f"{row['articles']:,} articles: handlers' CPU against pelican-sitemap's: "
            + ", ".join(
                f"{name} {row[name]['median_step_cpu'] / theirs:.2f}x"
                for name in row["plugged"]
                if name != "theirs"
            )
            + f"; the page reads' floor {row['floor'] / theirs:.2f}x"
        )
        # The ratio in each round (one spell of load hits both), then their median.
        per_round = row["theirs"]["step_cpus"]
        print(
            f"{row['articles']:,} articles: the same, medians of each round's ratio: "
            + ", ".join(
                f"{name} "
                + spread([a / b for a, b in zip(row[name]["step_cpus"], per_round, strict=True)])
                + "x"
                for name in row["plugged"]
                if name != "theirs"
            )
        )
        for name in ("ours", "ours-nogit"):
            step = row[name]["median_step_cpu"] / theirs
            checks.append(step <= BUDGET_STEP)
            print(
                f"{row['articles']:,} articles: {name}'s handlers take {step:.2f} times "
                f"pelican-sitemap's CPU (budget <= {BUDGET_STEP:g}): "
                f"{'met' if step <= BUDGET_STEP else 'MISSED'}"
            )
    print(f"budget: {'met' if all(checks) else 'MISSED'}")
    return 0 if all(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
