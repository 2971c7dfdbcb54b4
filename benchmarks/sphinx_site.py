"""Benchmark: the Sphinx adapter on a 3,000-page project with a git history.

Builds the same project (a) without a sitemap extension, (b) with ``ssg_sitemap.sphinx``
(``sitemap_show_lastmod = True``: git lastmod), (c) with sphinx-sitemap 2.9
(``sitemap_show_lastmod = True``, which uses sphinx-last-updated-by-git) when it is installed.
Each build runs in its own process; each extension's own time is measured inside it by
wrapping its event handlers. Prints build time, extension time and peak RSS.

    python benchmarks/sphinx_site.py [--pages 3000] [--commits 300]

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
if variant == "ours":
    extensions.append("ssg_sitemap.sphinx")
elif variant == "sphinx-sitemap":
    extensions.append("sphinx_sitemap")
exclude_patterns = ["_build", "_snippets"]
"""

VARIANTS = {
    "none": "(a) no sitemap extension",
    "ours": "(b) ssg_sitemap.sphinx, git lastmod",
    "sphinx-sitemap": "(c) sphinx-sitemap 2.9, show_lastmod",
}
# Handlers whose time counts as the extension's own.
OWN_MODULES = {
    "none": (),
    "ours": ("ssg_sitemap",),
    "sphinx-sitemap": ("sphinx_sitemap", "sphinx_last_updated_by_git"),
}


def _git(repo: Path, *args: str, when: str | None = None) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.org",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.org",
    }
    if when:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, stdout=subprocess.DEVNULL)


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
    marker = root / ".complete"
    if marker.is_file() and marker.read_text() == f"{pages} {commits}":
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
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "initial", when="2023-01-01T00:00:00+00:00")
    rng = random.Random(42)
    for c in range(1, commits + 1):
        for n in rng.sample(range(per_section * SECTIONS), 10):
            path = root / f"s{n // per_section:02d}" / f"p{n:04d}.rst"
            path.write_text(_page(n, c), encoding="utf-8")
        if c % 7 == 0:
            snippet = root / "_snippets" / f"s{c % 50:02d}.rst"
            snippet.write_text(f"Snippet {c % 50}, revision {c}.\n", encoding="utf-8")
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(1672531200 + c * 86400))
        _git(root, "commit", "-q", "-a", "-m", f"change {c}", when=stamp)
    marker.write_text(f"{pages} {commits}")
    return root


def _wrap(handler: Callable[..., Any], spent: list[float]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return handler(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start

    return timed


def child(variant: str, src: Path, out: Path) -> None:
    """One build in this process; prints a JSON line with the numbers."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    os.environ["BENCH_VARIANT"] = variant
    spent = [0.0]
    start = time.perf_counter()
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(out),
            str(out.parent / f"{out.name}.doctrees"),
            "html",
            status=io.StringIO(),
            warning=sys.stderr,
            freshenv=True,
        )
        own = OWN_MODULES[variant]
        for listeners in app.events.listeners.values():
            for i, listener in enumerate(listeners):
                module = getattr(listener.handler, "__module__", "") or ""
                if own and module.startswith(own):
                    listeners[i] = listener._replace(handler=_wrap(listener.handler, spent))
        app.build()
    total = time.perf_counter() - start
    sitemap = out / "sitemap.xml"
    text = sitemap.read_text(encoding="utf-8") if sitemap.is_file() else ""
    result = {
        "total": total,
        "own": spent[0],
        "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "urls": text.count("<loc>"),
        "lastmods": text.count("<lastmod>"),
    }
    print(json.dumps(result))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3000)
    parser.add_argument("--commits", type=int, default=300)
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
    src = make_project(CACHE / f"sphinx_site_{args.pages}", args.pages, args.commits)
    print(f"project: {args.pages:,} pages, {args.commits} commits, {src}")
    if importlib.util.find_spec("sitemap_core.git_history") is None:
        print("note: this core has no git lastmod provider yet; (b) writes no git dates")
    results: dict[str, dict[str, float]] = {}
    for variant, label in VARIANTS.items():
        if variant not in args.variants:
            continue
        module = {"ours": "ssg_sitemap.sphinx", "sphinx-sitemap": "sphinx_sitemap"}.get(variant)
        if module and importlib.util.find_spec(module) is None:
            print(f"{label}: not installed, skipped")
            continue
        out = src / "_build" / variant
        shutil.rmtree(out.parent / f"{variant}.doctrees", ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
        proc = subprocess.run(
            [sys.executable, __file__, "--child", variant, str(src), str(out)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            print(f"{label}: failed\n{proc.stderr[-2000:]}")
            continue
        numbers = json.loads(proc.stdout.strip().splitlines()[-1])
        results[variant] = numbers
        share = 100 * numbers["own"] / numbers["total"] if numbers["total"] else 0.0
        print(
            f"{label:40} build {numbers['total']:7.2f} s  extension {numbers['own']:6.3f} s "
            f"({share:4.2f}%)  peak RSS {numbers['rss_mib']:6.0f} MiB  "
            f"URLs {int(numbers['urls']):,}  lastmods {int(numbers['lastmods']):,}"
        )
    if "none" in results and "ours" in results:
        extra = results["ours"]["total"] - results["none"]["total"]
        share = 100 * extra / results["none"]["total"]
        print(f"ours vs. no extension: {extra:+.2f} s wall ({share:+.1f}%, noisy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
