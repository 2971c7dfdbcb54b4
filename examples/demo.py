"""``make demo``: build sitemaps for the bundled example sites and print what was written.

Each example is built with its real generator (Pelican, MkDocs, Sphinx) from the project's
.venv; the static example goes through ``ssg-sitemap build``. An example whose folder is
missing is skipped.
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


def _run(argv: list[str], cwd: Path) -> None:
    print(f"$ {' '.join(argv)}", flush=True)
    subprocess.run(argv, cwd=cwd, check=True)


def static() -> Path:
    """A hand-written HTML site, through the command line."""
    source = EXAMPLES / "static" / "site"
    out = EXAMPLES / "static" / "public"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(source, out)
    _run(
        [
            str(BIN / "ssg-sitemap"),
            "build",
            str(out),
            "--base-url",
            "https://static.example.org/",
            "--gzip",
            "--html-sitemap",
            "sitemap.html",
        ],
        EXAMPLES,
    )
    return out


def pelican() -> Path:
    """The Pelican blog in examples/pelican.

    Pelican shows info messages only with ``-v``, which also lists every file it writes;
    only the plugin's own lines (the summary) and Pelican's last line are shown.
    """
    root = EXAMPLES / "pelican"
    argv = [str(BIN / "pelican"), "content", "-s", "pelicanconf.py", "-o", "output", "-v"]
    print(f"$ {' '.join(argv)}", flush=True)
    # A wide "terminal" keeps Pelican's rich log lines from wrapping.
    env = {**os.environ, "COLUMNS": "400"}
    done = subprocess.run(argv, cwd=root, check=True, capture_output=True, text=True, env=env)
    for line in (done.stdout + done.stderr).splitlines():
        if "sitemap:" in line or "WARNING" in line or "ERROR" in line or "Done:" in line:
            print(re.sub(r"\s+\S+\.py:\d+$", "", line.strip()), flush=True)
    return root / "output"


def mkdocs() -> Path:
    """The MkDocs project in examples/mkdocs."""
    root = EXAMPLES / "mkdocs"
    _run([str(BIN / "mkdocs"), "build", "--clean"], root)
    return root / "site"


def sphinx() -> Path:
    """The Sphinx project in examples/sphinx."""
    root = EXAMPLES / "sphinx"
    _run([str(BIN / "sphinx-build"), "-b", "html", ".", "_build/html"], root)
    return root / "_build" / "html"


BUILDERS: dict[str, Callable[[], Path]] = {
    "static": static,
    "pelican": pelican,
    "mkdocs": mkdocs,
    "sphinx": sphinx,
}


def main() -> int:
    """Build every example present; print the sitemap files each one got."""
    written: list[tuple[str, Path]] = []
    for name, build in BUILDERS.items():
        if not (EXAMPLES / name).is_dir():
            continue
        print(f"\n== {name} ==", flush=True)
        out = build()
        for path in sorted(out.glob("sitemap*")) + sorted(out.glob("robots.txt")):
            written.append((name, path))
    print("\nChecking every example with `ssg-sitemap check`:", flush=True)
    for name in dict.fromkeys(name for name, _ in written):
        out = next(path.parent for example, path in written if example == name)
        print(f"  [{name}] ", end="", flush=True)
        subprocess.run([str(BIN / "ssg-sitemap"), "check", str(out)], check=True)
    print("\nFiles written:")
    for name, path in written:
        print(f"  [{name}] {path.relative_to(EXAMPLES.parent)} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
