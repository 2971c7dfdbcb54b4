"""``make demo``: build each bundled example site and show, in a few lines each, its sitemap
summary, ``ssg-sitemap check``'s verdict, and the sitemap and site map page to open.

Each example is built with its real generator (Pelican, MkDocs, Sphinx) from the project's
.venv; the static example goes through ``ssg-sitemap build``. A generator's own log is shown
only when it warns or fails. An example whose folder is missing is skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent


def _run(argv: list[str], cwd: Path) -> list[str]:
    """Run a build; return its sitemap lines, or show its whole log and stop if it warns or
    fails (a demo with a warning is a bug)."""
    print(f"$ {' '.join(Path(argv[0]).name if i == 0 else a for i, a in enumerate(argv))}")
    # A wide "terminal" keeps Pelican's rich log lines from wrapping.
    env = {**os.environ, "COLUMNS": "400", "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    log = (done.stdout + done.stderr).splitlines()
    if done.returncode or any(re.search(r"warning|error", line, re.I) for line in log):
        print("\n".join(log))
        sys.exit(f"{argv[0]} failed or warned (above)")
    return [_own(line) for line in log if "sitemap:" in line]


def _own(line: str) -> str:
    """The plugin's message without the generator's level and source-file decorations."""
    return re.sub(r"\s+\S+\.py:\d+$", "", line[line.index("sitemap:") :].strip())


def static() -> tuple[Path, list[str]]:
    """A hand-written HTML site, through the command line."""
    source = EXAMPLES / "static" / "site"
    out = EXAMPLES / "static" / "public"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(source, out)
    argv = [str(BIN / "ssg-sitemap"), "build", "public", "--base-url"]
    argv += ["https://static.example.org/", "--gzip", "--html-sitemap", "sitemap.html"]
    return out, _run(argv, out.parent)


def pelican() -> tuple[Path, list[str]]:
    """The Pelican blog in examples/pelican (``-v``: Pelican logs info messages only then)."""
    root = EXAMPLES / "pelican"
    argv = [str(BIN / "pelican"), "content", "-s", "pelicanconf.py", "-o", "output", "-v"]
    return root / "output", _run(argv, root)


def mkdocs() -> tuple[Path, list[str]]:
    """The MkDocs project in examples/mkdocs."""
    root = EXAMPLES / "mkdocs"
    return root / "site", _run([str(BIN / "mkdocs"), "build", "--clean"], root)


def sphinx() -> tuple[Path, list[str]]:
    """The Sphinx project in examples/sphinx."""
    root = EXAMPLES / "sphinx"
    argv = [str(BIN / "sphinx-build"), "-b", "html", ".", "_build/html"]
    return root / "_build" / "html", _run(argv, root)


BUILDERS: dict[str, Callable[[], tuple[Path, list[str]]]] = {
    "static": static,
    "pelican": pelican,
    "mkdocs": mkdocs,
    "sphinx": sphinx,
}

#: Where each example's configuration puts its site map page for visitors.
PAGES = {
    "static": "sitemap.html",
    "pelican": "sitemap.html",
    "mkdocs": "sitemap/index.html",
    "sphinx": "sitemap.html",
}


def main() -> int:
    """Build and check every example present; say what to open."""
    for name, build in BUILDERS.items():
        if not (EXAMPLES / name).is_dir():
            continue
        print(f"\n== {name} (examples/{name}) ==", flush=True)
        out, summary = build()
        print("\n".join(summary))
        check = subprocess.run(
            [str(BIN / "ssg-sitemap"), "check", str(out)], capture_output=True, text=True
        )
        verdict = (check.stdout + check.stderr).strip().splitlines()
        print(f"check: {verdict[-1] if verdict else ''}")
        if check.returncode:
            print("\n".join(verdict[:-1]))
            return check.returncode
        print(f"open the sitemap:       {(out / 'sitemap.xml').as_uri()}")
        print(f"open the site map page: {(out / PAGES[name]).as_uri()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
