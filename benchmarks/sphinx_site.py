"""Benchmark: the Sphinx adapter on a 3,000-page project with a git history.

Builds the same project (a) without a sitemap extension, (b) with ``ssg_sitemap.sphinx``
(``sitemap_show_lastmod = True``: git lastmod), (c) with sphinx-sitemap 2.9
(``sitemap_show_lastmod = True``, which uses sphinx-last-updated-by-git) when it is installed.
Each build runs in its own process; each extension's own time is measured inside it by
wrapping its event handlers. Prints build time, extension time, peak RSS and the number of
``git log`` passes (a ``git`` first on PATH counts the calls, then runs the real one).

    python benchmarks/sphinx_site.py [--pages 3000] [--commits 300]
    python benchmarks/sphinx_site.py --layout flask [--variants ours ours-docs-read]

``--layout flask`` is a Flask-sized project instead: a ``docs/`` folder of 42 documents in a
repository of 4,000 commits, with autodoc modules under ``src/`` and ``.. include::
../CHANGES.rst``, so the pages reach files outside the docs folder. Variant
``ours-docs-read`` is this adapter with its early git read limited to the docs folder (the
behaviour before autodoc sources were followed), for a before/after in the same run.

The project is cached under ``benchmarks/.cache/`` (delete it to regenerate).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks._runs import git, made, mark, sphinx_build

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
SECTIONS = 30

CONF = """
import os
project = "bench"
variant = os.environ.get("BENCH_VARIANT", "none")
extensions = []
html_baseurl = "https://docs.example.org/"
sitemap_url_scheme = "{link}"
sitemap_show_lastmod = True
if variant.startswith("ours"):
    extensions.append("ssg_sitemap.sphinx")
elif variant == "sphinx-sitemap":
    extensions.append("sphinx_sitemap")
exclude_patterns = ["_build", "_snippets"]
"""

VARIANTS = {
    "none": "(a) no sitemap extension",
    "ours-docs-read": "(b0) ours, early git read of docs only",
    "ours": "(b) ssg_sitemap.sphinx, git lastmod",
    "sphinx-sitemap": "(c) sphinx-sitemap 2.9, show_lastmod",
}
# Handlers whose time counts as the extension's own.
OWN_MODULES = {
    "none": (),
    "ours": ("ssg_sitemap",),
    "ours-docs-read": ("ssg_sitemap",),
    "sphinx-sitemap": ("sphinx_sitemap", "sphinx_last_updated_by_git"),
}


def _page(number: int, revision: int) -> str:
    title = f"Page {number}"
    body = "\n\n".join(
        f"Paragraph {k} of page {number}, revision {revision}. " * 4 for k in range(4)
    )
    include = f"\n.. include:: ../_snippets/s{number % 50:02d}.rst\n" if number % 10 == 0 else ""
    code = f".. code-block:: python\n\n   x = {number}\n"
    return f"{title}\n{'=' * len(title)}\n\n{body}\n{include}\n{code}"


def make_project(root: Path, pages: int, commits: int) -> Path:
    """A Sphinx project of ``pages`` pages in ``SECTIONS`` sections, with a git history."""
    if made(root, f"{pages} {commits}"):
        return root
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    (root / "conf.py").write_text(CONF, encoding="utf-8")
    (root / ".gitignore").write_text("_build/\n.complete\n", encoding="utf-8")
    toc = "\n".join(f"   s{s:02d}/index" for s in range(SECTIONS))
    (root / "index.rst").write_text(f"Bench\n=====\n\n.. toctree::\n\n{toc}\n", encoding="utf-8")
    (root / "_snippets").mkdir()
    for n in range(50):
        (root / "_snippets" / f"s{n:02d}.rst").write_text(f"Snippet {n}.\n", encoding="utf-8")
    per_section = pages // SECTIONS
    for s in range(SECTIONS):
        folder = root / f"s{s:02d}"
        folder.mkdir()
        numbers = range(s * per_section, (s + 1) * per_section)
        entries = "\n".join(f"   p{n:04d}" for n in numbers)
        (folder / "index.rst").write_text(
            f"Section {s}\n==========\n\n.. toctree::\n\n{entries}\n", encoding="utf-8"
        )
        for n in numbers:
            (folder / f"p{n:04d}.rst").write_text(_page(n, 0), encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "initial", when="2023-01-01T00:00:00+00:00")
    rng = random.Random(42)
    for c in range(1, commits + 1):
        for n in rng.sample(range(per_section * SECTIONS), 10):
            path = root / f"s{n // per_section:02d}" / f"p{n:04d}.rst"
            path.write_text(_page(n, c), encoding="utf-8")
        if c % 7 == 0:
            snippet = root / "_snippets" / f"s{c % 50:02d}.rst"
            snippet.write_text(f"Snippet {c % 50}, revision {c}.\n", encoding="utf-8")
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(1672531200 + c * 86400))
        git(root, "commit", "-q", "-a", "-m", f"change {c}", when=stamp)
    mark(root, f"{pages} {commits}")
    return root


FLASK_DOCS = 30
FLASK_MODULES = 10
FLASK_TESTS = 100


def make_flask_project(root: Path, commits: int) -> Path:
    """A Flask-sized project (see the module docstring); returns its docs folder.

    The history is written with ``git fast-import``: thousands of commits in a second.
    """
    docs = root / "docs"
    if made(root, f"flask {commits}"):
        return docs
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    conf = CONF + "import sys, pathlib\n"
    conf += "sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / 'src'))\n"
    conf += 'extensions.append("sphinx.ext.autodoc")\n'
    files: dict[str, str] = {
        ".gitignore": "docs/_build/\n.complete\n",
        "CHANGES.rst": "Changes\n=======\n",
        "src/pkg/__init__.py": "",
        "docs/conf.py": conf,
        "docs/changes.rst": ".. include:: ../CHANGES.rst\n",
    }
    toc = ["changes"]
    for n in range(FLASK_DOCS):
        files[f"docs/p{n:02d}.rst"] = _page(n, 0).replace("\n.. include::", "\n.. ignored::")
        toc.append(f"p{n:02d}")
    for n in range(FLASK_MODULES):
        files[f"src/pkg/m{n:02d}.py"] = f'"""Module {n}."""\n\n\ndef f{n}():\n    """F."""\n'
        files[f"docs/api/m{n:02d}.rst"] = (
            f"m{n:02d}\n===\n\n.. automodule:: pkg.m{n:02d}\n   :members:\n"
        )
        toc.append(f"api/m{n:02d}")
    for n in range(FLASK_TESTS):
        files[f"tests/test_{n:03d}.py"] = f"def test_{n}():\n    pass\n"
    entries = "\n".join(f"   {t}" for t in toc)
    files["docs/index.rst"] = f"Flask-like\n==========\n\n.. toctree::\n\n{entries}\n"
    names = sorted(files)
    changing = [n for n in names if n.endswith((".py", ".rst")) and n != "docs/conf.py"]
    rng = random.Random(16)
    stream = io.BytesIO()

    def blob(path: str, text: str) -> None:
        data = text.encode()
        stream.write(f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")

    for c in range(commits):
        stamp = 1262304000 + c * 43200
        message = f"change {c}".encode()
        stream.write(f"commit refs/heads/main\nmark :{c + 1}\n".encode())
        stream.write(f"committer Bench <bench@example.org> {stamp} +0000\n".encode())
        stream.write(f"data {len(message)}\n".encode() + message + b"\n")
        if c:
            stream.write(f"from :{c}\n".encode())
            for name in rng.sample(changing, 3):
                blob(
                    name,
                    files[name] + f"\n.. revision {c}\n"
                    if name.endswith(".rst")
                    else files[name] + f"\n# revision {c}\n",
                )
        else:
            for name in names:
                blob(name, files[name])
        stream.write(b"\n")
    git(root, "init", "-q", "-b", "main")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=stream.getvalue(), check=True)
    git(root, "reset", "-q", "--hard", "main")
    mark(root, f"flask {commits}")
    return docs


def _git_spy(folder: Path) -> tuple[dict[str, str], Path]:
    """Environment with a ``git`` first on PATH that logs its calls, and the log file."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "calls.log"
    real = shutil.which("git") or "git"
    spy = folder / "git"
    spy.write_text(f'#!/bin/sh\necho "$*" >> {log}\nexec {real} "$@"\n')
    spy.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}, log


def child(variant: str, src: Path, out: Path) -> None:
    """One build in this process; prints a JSON line with the numbers."""
    os.environ["BENCH_VARIANT"] = variant
    if variant == "ours-docs-read":
        ours = importlib.import_module("ssg_sitemap.sphinx")

        def docs_only(srcdir: Path, doctreedir: Path) -> list[Path]:
            return [srcdir]

        setattr(ours, "early_read_paths", docs_only)  # noqa: B010
    total, own = sphinx_build(src, src, out, OWN_MODULES[variant], warning=sys.stderr)
    sitemap = out / "sitemap.xml"
    text = sitemap.read_text(encoding="utf-8") if sitemap.is_file() else ""
    result = {
        "total": total,
        "own": own,
        "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "urls": text.count("<loc>"),
        "lastmods": text.count("<lastmod>"),
    }
    print(json.dumps(result))


def _run_child(variant: str, src: Path, out: Path, spy: Path) -> dict[str, float] | str:
    env, log = _git_spy(spy)
    log.unlink(missing_ok=True)
    proc = subprocess.run(
        [sys.executable, __file__, "--child", variant, str(src), str(out)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if proc.returncode != 0:
        return proc.stderr[-2000:]
    numbers: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    calls = log.read_text().splitlines() if log.is_file() else []
    numbers["git_log"] = sum(1 for call in calls if call.startswith("-C") and " log HEAD " in call)
    return numbers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3000)
    parser.add_argument("--commits", type=int, default=None, help="300; flask layout: 4000")
    parser.add_argument("--layout", choices=["flat", "flask"], default="flat")
    parser.add_argument("--repeat", type=int, default=1, help="runs per variant (median)")
    parser.add_argument(
        "--variants",
        nargs="+",
        choices=list(VARIANTS),
        default=list(VARIANTS),
        help="builds to run",
    )
    parser.add_argument("--child", nargs=3, metavar=("VARIANT", "SRC", "OUT"))
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]), Path(args.child[2]))
        return 0
    if args.layout == "flask":
        commits = args.commits or 4000
        src = make_flask_project(CACHE / f"sphinx_flask_{commits}", commits)
        print(f"project: Flask-sized docs/ in a {commits}-commit repository, {src}")
    else:
        commits = args.commits or 300
        src = make_project(CACHE / f"sphinx_site_{args.pages}", args.pages, commits)
        print(f"project: {args.pages:,} pages, {commits} commits, {src}")
    results: dict[str, dict[str, float]] = {}
    for variant, label in VARIANTS.items():
        if variant not in args.variants:
            continue
        module = {"ours": "ssg_sitemap.sphinx", "ours-docs-read": "ssg_sitemap.sphinx"}.get(
            variant, "sphinx_sitemap" if variant == "sphinx-sitemap" else None
        )
        if module and importlib.util.find_spec(module) is None:
            print(f"{label}: not installed, skipped")
            continue
        for build in ("first build", "second build (-E)"):
            runs: list[dict[str, float]] = []
            for _ in range(args.repeat):
                out = src / "_build" / variant
                if build == "first build":
                    shutil.rmtree(out.parent / f"{variant}.doctrees", ignore_errors=True)
                    shutil.rmtree(out, ignore_errors=True)
                got = _run_child(variant, src, out, CACHE / "git-spy")
                if isinstance(got, str):
                    print(f"{label}: failed\n{got}")
                    break
                runs.append(got)
            if not runs:
                break
            runs.sort(key=lambda r: r["own"])
            numbers = runs[len(runs) // 2]
            spread = f"{runs[0]['own']:.3f}–{runs[-1]['own']:.3f}"
            results.setdefault(variant, numbers)
            share = 100 * numbers["own"] / numbers["total"] if numbers["total"] else 0.0
            print(
                f"{label:40} {build:18} build {numbers['total']:6.2f} s  "
                f"extension {numbers['own']:6.3f} s (runs {spread}, {share:4.2f}%)  "
                f"git log passes {int(numbers['git_log'])}  "
                f"peak RSS {numbers['rss_mib']:5.0f} MiB  "
                f"URLs {int(numbers['urls']):,}  lastmods {int(numbers['lastmods']):,}"
            )
    if "none" in results and "ours" in results:
        extra = results["ours"]["total"] - results["none"]["total"]
        share = 100 * extra / results["none"]["total"]
        print(f"ours vs. no extension: {extra:+.2f} s wall ({share:+.1f}%, noisy)")
    if "ours" in results and "ours-docs-read" in results:
        before, after = results["ours-docs-read"]["own"], results["ours"]["own"]
        print(f"step, first build: docs-only early read {before:.3f} s, ours {after:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
