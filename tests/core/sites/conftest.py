"""Versioned docs deployed with the real mike (three versions of a Material site) and a quiet
static file handler to serve them; ``tests/browser/test_versions.py`` uses them too."""

from __future__ import annotations

import os
import subprocess
import sys
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

from sitemap_core._cli import main
from tests.conftest import GIT_ENV, git_commit, git_init

BIN = Path(sys.executable).parent


MKDOCS_YML = """\
site_name: Demo
site_url: {root}
theme:
  name: material
  font: false
  features: [navigation.instant]
extra:
  version:
    provider: mike
plugins:
  - mike:
      canonical_version: latest
      alias_type: {alias_type}
  - {sitemap}
"""


PAGES = {
    "docs/index.md": "# Home\n",
    "docs/guide/index.md": "# Guide\n",
    "docs/guide/install.md": "# Installing\n\nHow to install.\n",
    "docs/guide/deep/options.md": "# Options\n\nEvery option.\n",
}


def serving(directory: Path) -> type[SimpleHTTPRequestHandler]:
    """A quiet handler serving ``directory`` (symlinks followed: mike's aliases)."""

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(directory), **kwargs)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


def mike(repo: Path, *args: str) -> None:
    env = {**GIT_ENV, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env["NO_MKDOCS_2_WARNING"] = "1"
    proc = subprocess.run(
        [str(BIN / "mike"), *args], cwd=repo, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "WARNING" not in proc.stderr, proc.stderr


def deploy_three_versions(
    tmp_path: Path, root: str, served: Path, alias_type: str = "symlink", sitemap: str = "sitemap"
) -> None:
    """``mike deploy 1.0``, ``2.0``, ``--update-aliases 3.0 latest``, ``set-default latest``
    into the local gh-pages branch, exported to ``served``; then the root index.

    :param sitemap: our plugin's entry in mkdocs.yml's plugins (with its options).
    """
    repo = git_init(tmp_path / "repo")
    git_commit(
        repo,
        {
            "mkdocs.yml": MKDOCS_YML.format(root=root, alias_type=alias_type, sitemap=sitemap),
            **PAGES,
        },
        "2024-01-01T00:00:00Z",
    )
    mike(repo, "deploy", "1.0")
    git_commit(repo, {"docs/guide/deep/options.md": "# Options\n\nMore.\n"}, "2024-06-01T00:00:00Z")
    mike(repo, "deploy", "2.0")
    git_commit(repo, {"docs/new.md": "# New in 3.0\n"}, "2025-01-01T00:00:00Z")
    mike(repo, "deploy", "--update-aliases", "3.0", "latest")
    mike(repo, "set-default", "latest")
    tree = subprocess.run(
        ["git", "-C", str(repo), "archive", "gh-pages"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(served)], input=tree, check=True)
    # The documented step after a deploy: the root index and robots.txt.
    status = main(
        [
            "index",
            str(served / "sitemap.xml"),
            "--base-url",
            root,
            str(served / "versions.json"),
        ]
    )
    assert status == 0
