"""MkDocs and Sphinx: the share of a whole build our plugin takes, beside its peers.

Builds ``mkdocs_site.py``'s 2,000-page site (500 commits, the built-in ``mkdocs`` theme) and
``sphinx_site.py``'s 3,000-page project (300 commits), each cached under
``benchmarks/.cache/``, in every way below, one whole build a fresh process, the ways
alternating in each round (each way first in turn), and prints the medians over ``--runs``
rounds with the machine's load average before and after:

- MkDocs: no plugin (its built-in sitemap, whose template render is timed as that peer's own
  work); ours with ``llms_txt`` off, on, and with the Markdown twins and ``llms-full.txt``;
  ours with ``html_checks`` and git dates off (what the built-in sitemap does: no lastmod, no
  page read); mkdocs-llmstxt 0.5.1 (``sections`` naming every page, ``full_output``).
- Sphinx: no extension; ours (``sitemap_show_lastmod``: git dates) with llms.txt off, on and
  with twins and ``llms-full.txt``; ours without lastmod; sphinx-sitemap 2.9.0 with and
  without ``sitemap_show_lastmod`` (sphinx-last-updated-by-git); sphinx-llms-txt 0.7.1.

"own CPU" is the CPU time (user + system) spent in the tool's event handlers, timed inside the
build, plus the CPU of the build's child processes (the ``git`` runs: only the tools run any).
Ours starts its git read in a thread at the start of the build; what that thread does while
the generator runs is not in "own" but is in the build's CPU, so "Δ build" (the median of each
round's build CPU less the no-plugin build's in the same round) is the other figure to read.
"share" is own CPU over the build's CPU. The ratio lines are ours / the peer doing the same
work, by own CPU and by Δ build.

The peers are installed, with the same MkDocs and Sphinx and this checkout, into their own
venv ``benchmarks/.cache/peers/`` (gitignored; never the project's venv: mkdocs-llmstxt pins
markdown-it-py < 4), made on the first run; ``--python`` runs them with another interpreter.

Usage: ``python benchmarks/doc_shares.py [--runs 3] [--only mkdocs|sphinx]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks._runs import (
    cpu,
    last_json,
    load_average,
    rotation,
    sphinx_build,
    time_plugin,
    timed,
)

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CACHE = HERE / ".cache"
PEERS_VENV = CACHE / "peers"
PEERS = ("mkdocs-llmstxt==0.5.1", "sphinx-sitemap==2.9.0", "sphinx-llms-txt==0.7.1")
MKDOCS_COMMITS, SPHINX_COMMITS = 500, 300

#: MkDocs ways: the plugins block, and the plugins whose handlers are the way's own work.
MKDOCS = {
    "builtin": ("plugins: []\n", ()),
    "ours": ("plugins:\n  - sitemap\n", ("sitemap",)),
    "ours-llms": ("plugins:\n  - sitemap:\n      llms_txt: true\n", ("sitemap",)),
    "ours-twins": (
        "plugins:\n  - sitemap:\n      llms_full: true\n",  # turns llms_markdown on
        ("sitemap",),
    ),
    "ours-lean": (
        "plugins:\n  - sitemap:\n      html_checks: false\n      lastmod_sources: []\n",
        ("sitemap",),
    ),
    "mkdocs-llmstxt": ("", ("llmstxt",)),  # made by _llmstxt_yaml
}
#: Sphinx ways: the conf.py lines after the project's own, and the modules of their handlers.
SPHINX = {
    "none": ("", ()),
    "ours": ('extensions = ["ssg_sitemap.sphinx"]\n', ("ssg_sitemap",)),
    "ours-llms": (
        'extensions = ["ssg_sitemap.sphinx"]\nsitemap_llms_txt = True\n',
        ("ssg_sitemap",),
    ),
    "ours-twins": (
        'extensions = ["ssg_sitemap.sphinx"]\nsitemap_llms_full = True\n',
        ("ssg_sitemap",),
    ),
    "ours-lean": (
        'extensions = ["ssg_sitemap.sphinx"]\nsitemap_show_lastmod = False\n',
        ("ssg_sitemap",),
    ),
    "sphinx-sitemap": (
        'extensions = ["sphinx_sitemap"]\n',
        ("sphinx_sitemap", "sphinx_last_updated_by_git"),
    ),
    "sphinx-sitemap-lean": (
        'extensions = ["sphinx_sitemap"]\nsitemap_show_lastmod = False\n',
        ("sphinx_sitemap",),
    ),
    "sphinx-llms-txt": ('extensions = ["sphinx_llms_txt"]\n', ("sphinx_llms_txt",)),
}
#: (ours, peer, what both do): the ratio lines.
PAIRS = {
    "mkdocs": [
        ("ours", "builtin", "sitemap; ours with git dates and HTML checks, MkDocs' without"),
        ("ours-lean", "builtin", "sitemap, no lastmod, no page read"),
        ("ours-twins", "mkdocs-llmstxt", "llms.txt, a Markdown file a page, llms-full.txt"),
    ],
    "sphinx": [
        ("ours", "sphinx-sitemap", "sitemap with git dates"),
        ("ours-lean", "sphinx-sitemap-lean", "sitemap without lastmod"),
        (
            "ours-twins",
            "sphinx-llms-txt",
            "llms.txt and llms-full.txt (ours: from the HTML, a twin a page, and the sitemap; "
            "its: the reST sources, nothing else)",
        ),
    ],
}


def finish(own: float, wall: float) -> dict[str, float]:
    """The numbers of a build: wall, CPU (with the children's: git) and own CPU (the same)."""
    children = cpu(resource.RUSAGE_CHILDREN)
    return {"wall": wall, "cpu": cpu() + children, "own": own + children}


# -- one build (in a child process) --------------------------------------------------------------
def _llmstxt_yaml() -> str:
    from benchmarks.mkdocs_site import SECTIONS

    lines = ["plugins:", "  - llmstxt:", "      full_output: llms-full.txt", "      sections:"]
    lines += ["        Home:", "          - index.md"]
    for s in range(SECTIONS):
        lines += [f"        Section {s}:", f"          - section-{s:02d}/*.md"]
    return "\n".join(lines) + "\n"


def mkdocs_one(root: Path, way: str) -> dict[str, float]:
    import mkdocs.commands.build as mkdocs_build
    from mkdocs.config import load_config

    plugins, own = MKDOCS[way]
    config_file = root / f"mkdocs-share-{way}.yml"
    config_file.write_text(
        "site_name: Bench\nsite_url: https://bench.example.org/\n"
        "site_description: A benchmark site.\n"
        f"site_dir: site-share-{way}\n{plugins or _llmstxt_yaml()}"
    )
    spent = [0.0]
    started = time.perf_counter()
    config = load_config(str(config_file))
    for name in own:
        time_plugin(config.plugins, name, spent, cpu)
    if not own:  # the built-in sitemap: its template's render and gzip
        template = mkdocs_build._build_theme_template
        sitemap = timed(template, spent, cpu)

        def build_template(name: str, *args: Any, **kwargs: Any) -> Any:
            return (sitemap if name == "sitemap.xml" else template)(name, *args, **kwargs)

        mkdocs_build._build_theme_template = build_template  # type: ignore[assignment]
    mkdocs_build.build(config)
    return finish(spent[0], time.perf_counter() - started)


def sphinx_one(src: Path, way: str) -> dict[str, float]:
    lines, own = SPHINX[way]
    conf = CACHE / "doc_shares" / f"conf-{way}"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "conf.py").write_text((src / "conf.py").read_text(encoding="utf-8") + lines)
    wall, spent = sphinx_build(src, conf, src / "_build" / f"share-{way}", own, cpu)
    return finish(spent, wall)


# -- the driver ----------------------------------------------------------------------------------
def peers_python() -> str:
    """The Python of the venv with the peers (made, with this checkout, when it is not yet)."""
    from importlib.metadata import version

    python = PEERS_VENV / "bin" / "python"
    probe = [str(python), "-c", "import mkdocs_llmstxt, sphinx_sitemap, sphinx_llms_txt"]
    if not python.exists() or subprocess.run(probe, capture_output=True).returncode:
        same = [f"{name}=={version(name)}" for name in ("mkdocs", "sphinx", "markdownify")]
        print(f"installing the peers into {PEERS_VENV} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(PEERS_VENV)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *same, *PEERS, "-e", str(REPO)],
            check=True,
        )
    return str(python)


def measure(
    python: str, generator: str, site: Path, ways: list[str], runs: int
) -> dict[str, list[dict[str, float]]]:
    results: dict[str, list[dict[str, float]]] = {way: [] for way in ways}
    for n in range(runs):
        for way in rotation(ways, n):
            argv = [python, __file__, "--one", generator, way, str(site)]
            results[way].append(last_json(argv, f"{generator} {way}", cwd=REPO))
        print(
            f"  round {n + 1}/{runs} (load {os.getloadavg()[0]:.1f}): "
            + ", ".join(
                f"{w} {results[w][-1]['own']:.3f}/{results[w][-1]['cpu']:.2f}" for w in ways
            ),
            flush=True,
        )
    return results


def report(generator: str, results: dict[str, list[dict[str, float]]]) -> None:
    base = next(iter(results))
    rounds = len(results[base])

    def median(way: str, key: str) -> float:
        return statistics.median(r[key] for r in results[way])

    def delta(way: str) -> float:
        return statistics.median(
            results[way][n]["cpu"] - results[base][n]["cpu"] for n in range(rounds)
        )

    print(
        f"{'way':<22}{'build CPU s':>12}{'wall s':>9}{'own CPU s':>11}{'share':>8}{'Δ build':>10}"
    )
    for way in results:
        own, whole = median(way, "own"), median(way, "cpu")
        print(
            f"{way:<22}{whole:>12.2f}{median(way, 'wall'):>9.2f}{own:>11.3f}"
            f"{100 * own / whole:>7.2f}%{delta(way) if way != base else 0.0:>+9.2f}s"
        )
    for ours, peer, what in PAIRS[generator]:
        if ours not in results or peer not in results:
            continue
        own_ratio = median(ours, "own") / max(median(peer, "own"), 1e-6)
        d_peer = delta(peer) if peer != base else median(peer, "own")
        print(
            f"  {ours} / {peer}: own CPU {own_ratio:.2f}x, Δ build "
            f"{delta(ours):+.2f} s against {d_peer:+.2f} s ({what})"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["mkdocs", "sphinx"])
    parser.add_argument(
        "--pages", nargs=2, type=int, default=[2000, 3000], help="MkDocs' and Sphinx's pages"
    )
    parser.add_argument("--ways", nargs="+", help="only these ways (the first is the baseline)")
    parser.add_argument("--python", help="the interpreter with the peers installed")
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        import logging

        logging.disable(logging.WARNING)
        sys.path.insert(0, str(REPO))
        generator, way, site = args.one
        one = mkdocs_one if generator == "mkdocs" else sphinx_one
        print(json.dumps(one(Path(site), way)))
        return 0
    from benchmarks.mkdocs_site import CACHE as MKDOCS_CACHE
    from benchmarks.mkdocs_site import make_site
    from benchmarks.sphinx_site import make_project

    python = args.python or peers_python()
    print(f"load average at the start: {load_average()}")
    for generator in ("mkdocs", "sphinx"):
        if args.only and generator != args.only:
            continue
        if generator == "mkdocs":
            pages = args.pages[0]
            site = MKDOCS_CACHE / f"p{pages}-c{MKDOCS_COMMITS}"
            make_site(site, pages, MKDOCS_COMMITS)
            ways = list(MKDOCS)
        else:
            pages = args.pages[1]
            site = make_project(CACHE / f"sphinx_site_{pages}", pages, SPHINX_COMMITS)
            ways = list(SPHINX)
        commits = MKDOCS_COMMITS if generator == "mkdocs" else SPHINX_COMMITS
        print(f"{generator}: {pages:,} pages, {commits} commits, {args.runs} rounds:")
        if args.ways:
            ways = [way for way in args.ways if way in ways]
        report(generator, measure(python, generator, site, ways, args.runs))
        print(f"load average: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
