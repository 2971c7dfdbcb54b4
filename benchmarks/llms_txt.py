"""MkDocs: what writing llms.txt adds to a real build of a 1,000-page site with git history.

Builds the same site (made once, cached under ``benchmarks/.cache/``: 1,000 pages in 10 nav
sections of 4 subsections, each page with headings, paragraphs, two code blocks and a table,
a third of them with a front matter ``description``; ``site_description`` set, so the theme
(Material, ``--theme``) repeats it in every page's head and llms.txt reads each other page's
head for it; a git history of ``--commits`` commits) in four ways:

(a) ``plugins: [sitemap]`` with ``llms_txt`` off (git lastmod on, the default);
(b) (a) with ``llms_txt: true``;
(c) (b) with ``llms_markdown: true`` (a Markdown twin of every page) and ``llms_full: true``,
    when the installed plugin has the ``llms_markdown`` option (else skipped, with a line);
(d) (a) with mkdocs-llmstxt (PyPI ``mkdocs-llmstxt``, Python >= 3.11) configured for the same
    site: its ``sections`` list every page (one glob per nav subsection, in nav order) and
    ``full_output: llms-full.txt``. It is installed with the same MkDocs and this checkout
    into its own venv, ``benchmarks/.cache/mkdocs-llmstxt/`` (gitignored; never into the
    project's venv); (d) is skipped, with the reason, when that fails.

Each build is a whole ``load_config`` + ``build`` in a fresh process, the ways alternating in
each round (each way first in turn), so that a slow spell of the machine hits all alike.
Prints the min and median of each way's wall time, CPU time (the build process's and its
children's, git included) and the plugins' own time (the time spent in the event handlers of
``sitemap`` and ``llmstxt``, timed inside the build as ``mkdocs_site.py`` does), and against
(a): the median of the per-round ratios of whole builds, and what the llms step adds, the
plugins' own time less (a)'s, as a share of (a)'s build. Whole builds of the same way swing
by several percent from one round to the next on a shared machine, more than llms.txt costs;
the own-time difference is the cost itself. Budget: (b) adds under 2% to (a) (``(b)/(a)``
under 1.02) by own time.

Measured 2026-11-28 (``benchmarks/RESULTS.md``, "llms.txt"): (b) adds 0.4-0.6% (0.14-0.17 s
of own time on builds of about 30 s), (c) 9.1 s (9 ms a page; 60 ms before the
content cut-out), (d) 15.8 s.

Usage: ``python benchmarks/llms_txt.py [--pages 1000] [--commits 200] [--runs 4]
[--theme material]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks._runs import cpu_with_children, last_json, made, mark, rotation, time_plugin

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CACHE = HERE / ".cache"
LLMSTXT_VENV = CACHE / "mkdocs-llmstxt"
SECTIONS = 10
SUBSECTIONS = 4
BUDGET = 1.02

WAYS = {
    "a": "sitemap, llms_txt off",
    "b": "llms_txt",
    "c": "llms_txt + llms_markdown + llms_full",
    "d": "mkdocs-llmstxt (full_output)",
}

WORDS = [
    "build",
    "site",
    "page",
    "section",
    "option",
    "plugin",
    "value",
    "default",
    "theme",
    "search",
    "index",
    "cache",
    "file",
    "folder",
    "request",
    "server",
    "client",
    "token",
    "network",
    "table",
    "column",
    "record",
    "field",
    "entry",
    "output",
    "input",
    "version",
    "release",
    "branch",
    "commit",
    "history",
    "update",
    "config",
    "setting",
    "example",
    "result",
]


# -- the site ------------------------------------------------------------------------------------
def page_path(n: int) -> str:
    return f"section-{n % SECTIONS:02d}/part-{n // SECTIONS % SUBSECTIONS}/page-{n:04d}.md"


def sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 18))]
    if rng.random() < 0.3:
        words[rng.randrange(len(words))] = f"`{rng.choice(WORDS)}_{rng.choice(WORDS)}`"
    if rng.random() < 0.2:
        words[rng.randrange(len(words))] = f"[{rng.choice(WORDS)}](../index.md)"
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(3, 6)))


def page_text(n: int, revision: int) -> str:
    """A documentation page of about 4 KB: an intro, four parts with paragraphs, two code
    blocks and a table."""
    rng = random.Random(n * 1000 + revision)
    front = ""
    if n % 3 == 0:
        front = f"---\ndescription: {sentence(rng)[:-1]} on page {n}\n---\n\n"
    parts = [f"# Page {n}: {rng.choice(WORDS)} {rng.choice(WORDS)}", paragraph(rng)]
    for k in range(4):
        parts += [f"## Part {k}: {rng.choice(WORDS)}", paragraph(rng), paragraph(rng)]
        if k == 1:
            parts.append(
                "```python\n"
                f"def {rng.choice(WORDS)}_{k}(value: int) -> int:\n"
                f'    """Revision {revision}."""\n'
                f"    return value * {rng.randint(2, 99)} + {n}\n"
                "```"
            )
        if k == 2:
            rows = "\n".join(
                f"| `{rng.choice(WORDS)}` | {rng.choice(WORDS)} | {rng.randint(0, 999)} |"
                for _ in range(5)
            )
            parts.append(f"| name | kind | default |\n| --- | --- | --- |\n{rows}")
        if k == 3:
            parts.append(f"```yaml\nplugins:\n  - {rng.choice(WORDS)}:\n      n: {n}\n```")
    return front + "\n\n".join(parts) + "\n"


def nav_yaml(pages: int) -> str:
    lines = ["nav:", "  - Home: index.md"]
    for s in range(SECTIONS):
        lines.append(f"  - Section {s}:")
        for p in range(SUBSECTIONS):
            part = [
                f"      - {page_path(n)}"
                for n in range(pages)
                if n % SECTIONS == s and n // SECTIONS % SUBSECTIONS == p
            ]
            if part:  # a small site leaves some parts empty: MkDocs refuses an empty one
                lines += [f"    - Part {p}:", *part]
    return "\n".join(lines) + "\n"


def make_site(root: Path, pages: int, commits: int) -> None:
    """A git repository with ``pages`` pages under ``docs/`` and ``commits`` commits, each
    later commit editing 5 pages."""
    if made(root, f"{pages} {commits}"):
        return
    sys.path.append(str(REPO))
    from benchmarks.mkdocs_site import fast_import

    rng = random.Random(42)

    def history() -> Iterator[tuple[str, dict[str, str]]]:
        first = {"docs/index.md": "# Home\n\nA benchmark site of documentation pages.\n"}
        first.update({f"docs/{page_path(n)}": page_text(n, 0) for n in range(pages)})
        yield "edit 0", first
        for index in range(1, commits):
            edited = rng.sample(range(pages), 5)
            yield f"edit {index}", {f"docs/{page_path(n)}": page_text(n, index) for n in edited}

    fast_import(root, history())
    (root / "nav.yml").write_text(nav_yaml(pages))
    mark(root, f"{pages} {commits}")


def plugins_yaml(way: str, pages: int) -> str:
    if way == "a":
        return "plugins:\n  - sitemap\n"
    if way == "b":
        return "plugins:\n  - sitemap:\n      llms_txt: true\n"
    if way == "c":
        return "plugins:\n  - sitemap:\n      llms_txt: true\n      llms_markdown: true\n" + (
            "      llms_full: true\n" if has_option("llms_full") else ""
        )
    lines = [
        "plugins:",
        "  - sitemap",
        "  - llmstxt:",
        "      full_output: llms-full.txt",
        "      markdown_description: A benchmark site of documentation pages.",
        "      sections:",
    ]
    for s in range(SECTIONS):
        for p in range(SUBSECTIONS):
            lines += [
                f"        Section {s} part {p}:",
                f"          - section-{s:02d}/part-{p}/*.md",
            ]
    return "\n".join(lines) + "\n"


def has_option(name: str) -> bool:
    """Whether the installed sitemap plugin offers the MkDocs option ``name``."""
    from sitemap_core._config import offered

    return any(option.mkdocs == name for option in offered("mkdocs"))


# -- one build (in a child process) --------------------------------------------------------------
def run_one(root: Path, way: str, pages: int, theme: str) -> dict[str, float]:
    """One whole build in this process: wall time, CPU time (with children, git's) and the
    time spent in the sitemap and llmstxt plugins' event handlers."""
    started = time.perf_counter()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config_file = root / f"mkdocs-{way}.yml"
    config_file.write_text(
        "site_name: Bench\nsite_url: https://bench.example.org/\n"
        "site_description: A benchmark site of documentation pages.\n"
        f"theme: {theme}\nsite_dir: site-{way}\n"
        f"{(root / 'nav.yml').read_text()}{plugins_yaml(way, pages)}"
    )
    config = load_config(str(config_file))
    own = [0.0]
    for name in ("sitemap", "llmstxt"):
        if name in config.plugins:
            time_plugin(config.plugins, name, own)
    build(config)
    wall = time.perf_counter() - started
    return {"wall": wall, "cpu": cpu_with_children(), "own": own[0]}


# -- the driver ----------------------------------------------------------------------------------
def llmstxt_python() -> tuple[str | None, str]:
    """The Python of the venv with mkdocs-llmstxt, installed there (with this project and the
    same MkDocs and Material as here) when it is not yet; or ``None`` and why not."""
    if sys.version_info < (3, 11):
        return None, "mkdocs-llmstxt needs Python >= 3.11"
    python = LLMSTXT_VENV / "bin" / "python"
    probe = [str(python), "-c", "import material, mkdocs_llmstxt, sitemap_core"]
    if not python.exists() or subprocess.run(probe, capture_output=True).returncode:
        from importlib.metadata import version

        wanted = [f"mkdocs=={version('mkdocs')}", f"mkdocs-material=={version('mkdocs-material')}"]
        made = subprocess.run(
            f"{sys.executable} -m venv {LLMSTXT_VENV} && {python} -m pip install -q "
            f"{' '.join(wanted)} mkdocs-llmstxt -e {REPO}",
            shell=True,
            capture_output=True,
            text=True,
        )
        if made.returncode:
            return None, f"installing it failed: {made.stderr.strip()[-300:]}"
    found = subprocess.run(
        [
            *probe[:2],
            probe[2] + "; from importlib.metadata import version as v; print(v('mkdocs-llmstxt'))",
        ],
        capture_output=True,
        text=True,
    )
    if found.returncode:
        return None, f"not importable in {LLMSTXT_VENV}: {found.stderr.strip()[-300:]}"
    return str(python), found.stdout.strip()


def measure(
    root: Path, pythons: dict[str, str], pages: int, runs: int, theme: str
) -> dict[str, list[dict[str, float]]]:
    ways = list(pythons)
    results: dict[str, list[dict[str, float]]] = {way: [] for way in ways}
    for n in range(runs):
        for way in rotation(ways, n):
            child = ["--one", way, "--root", str(root), "--pages", str(pages), "--theme", theme]
            results[way].append(last_json([pythons[way], __file__, *child], f"({way})"))
        print(
            f"round {n + 1}/{runs}: "
            + ", ".join(
                f"({w}) {results[w][-1]['cpu']:.2f} s CPU, {results[w][-1]['own']:.2f} s own"
                for w in ways
            ),
            flush=True,
        )
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--commits", type=int, default=200)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--theme", default="material")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        import logging

        logging.disable(logging.WARNING)
        print(json.dumps(run_one(Path(args.root), args.one, args.pages, args.theme)))
        return 0

    root = CACHE / "llms_txt" / f"p{args.pages}-c{args.commits}"
    started = time.perf_counter()
    make_site(root, args.pages, args.commits)
    print(
        f"site: {args.pages:,} pages in {SECTIONS} sections, {args.commits:,} commits "
        f"({time.perf_counter() - started:.1f} s to prepare or reuse {root})"
    )
    pythons = {"a": sys.executable, "b": sys.executable}
    if has_option("llms_markdown"):
        pythons["c"] = sys.executable
    else:
        print("(c) skipped: the installed sitemap plugin has no llms_markdown option")
    python, said = llmstxt_python()
    if python is None:
        print(f"(d) skipped: {said}")
    else:
        pythons["d"] = python
        print(f"(d) mkdocs-llmstxt {said}, in {LLMSTXT_VENV}")
    results = measure(root, pythons, args.pages, args.runs, args.theme)
    return report(root, results, args.runs, args.theme)


def report(root: Path, results: dict[str, list[dict[str, float]]], runs: int, theme: str) -> int:
    """Print the table, the budget and what each way wrote; 1 when the budget is missed."""
    median = statistics.median
    base = results["a"]
    print(f"{runs} rounds, theme {theme}; median (min) in seconds; against (a): median of")
    print("the per-round ratios of whole builds, and the own time added as a share of (a)")
    print(f"{'way':<40}{'wall':>15}{'CPU':>15}{'own':>15}{'wall/(a)':>9}{'CPU/(a)':>8}{'added':>9}")
    added = {}
    for way, runs_of in results.items():
        cells = []
        for key in ("wall", "cpu", "own"):
            values = [r[key] for r in runs_of]
            cells.append(f"{median(values):.2f} ({min(values):.2f})")
        ratio = {
            key: median(r[key] / a[key] for r, a in zip(runs_of, base, strict=True))
            for key in ("wall", "cpu")
        }
        added[way] = (median(r["own"] for r in runs_of) - median(r["own"] for r in base)) / (
            median(r["wall"] for r in base)
        )
        print(
            f"({way}) {WAYS[way]:<36}{cells[0]:>15}{cells[1]:>15}{cells[2]:>15}"
            f"{ratio['wall']:>9.3f}{ratio['cpu']:>8.3f}{added[way]:>+9.1%}"
        )
    cost = 1 + added["b"]
    print(
        f"(b)/(a) by own time: {cost:.3f} (budget under {BUDGET}): "
        f"{'met' if cost < BUDGET else 'MISSED'}"
    )

    for way in results:
        site = root / f"site-{way}"
        found = sorted(site.glob("llms*.txt")) + sorted(site.glob("*/llms.txt"))
        twins = sum(1 for _ in site.rglob("*.md"))
        sizes = ", ".join(f"{p.relative_to(site)} {p.stat().st_size:,} B" for p in found)
        print(f"({way}) wrote: {sizes or 'no llms files'}; {twins:,} .md files")
    return 0 if cost < BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
