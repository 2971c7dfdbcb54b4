"""``sphinx-build`` run from the repository root or from the docs folder gives the same
lastmods, on a project laid out as Flask's: docs under ``docs/``, ``../CHANGES.rst`` included,
autodoc of a package under ``src/``. Sphinx before 9 records those files relative to the docs
folder, not to the folder ``sphinx-build`` runs in."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import GIT_ENV, SPHINX_BUILD, git_commit, git_init, lastmods

pytestmark = pytest.mark.slow

BASE = "https://docs.example.org/"

CONF = f"""\
import os, sys
sys.path.insert(0, os.path.abspath("../src"))
extensions = ["sphinx.ext.autodoc", "ssg_sitemap.sphinx"]
html_baseurl = "{BASE}"
sitemap_url_scheme = "{{link}}"
sitemap_show_lastmod = True
exclude_patterns = ["_build", "links.rst"]
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = git_init(tmp_path_factory.mktemp("flask") / "project")
    files = {
        "CHANGES.rst": "Changes\n=======\n",
        "src/pkg/__init__.py": "",
        "src/pkg/mod.py": '"""The module."""\n\n\ndef f():\n    """F."""\n',
        "docs/conf.py": CONF,
        "docs/index.rst": "Home\n====\n\n.. include:: links.rst\n\n.. toctree::\n\n   api\n"
        "   changes\n",
        "docs/links.rst": "Links.\n",
        "docs/api.rst": "API\n===\n\n.. automodule:: pkg.mod\n   :members:\n",
        "docs/changes.rst": ".. include:: ../CHANGES.rst\n",
    }
    git_commit(root, files, "2024-01-01T00:00:00+00:00")
    git_commit(root, {"CHANGES.rst": "Changes\n=======\n\n1.1\n"}, "2024-02-01T00:00:00+00:00")
    git_commit(root, {"src/pkg/mod.py": '"""The module, v2."""\n'}, "2024-03-01T00:00:00+00:00")
    git_commit(root, {"docs/links.rst": "More links.\n"}, "2024-04-01T00:00:00+00:00")
    # A file of the same name as the docs' include, at the repository root, changed later.
    git_commit(root, {"links.rst": "Unrelated.\n"}, "2024-05-01T00:00:00+00:00")
    return root


def build(cwd: Path, src: str, out: Path) -> dict[str, str | None]:
    """``sphinx-build -b dirhtml SRC OUT`` run in ``cwd``; the sitemap's lastmods."""
    proc = subprocess.run(
        [SPHINX_BUILD, "-q", "-b", "dirhtml", src, str(out)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=GIT_ENV,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return lastmods(out / "sitemap.xml")


def test_lastmods_do_not_depend_on_the_folder_sphinx_build_runs_in(
    project: Path, tmp_path: Path
) -> None:
    from_root = build(project, "docs", tmp_path / "from-root")
    from_docs = build(project / "docs", ".", tmp_path / "from-docs")
    assert from_root == from_docs
    assert from_root[BASE] == "2024-04-01T00:00:00Z"  # docs/links.rst, not ./links.rst
    assert from_root[BASE + "changes/"] == "2024-02-01T00:00:00Z"  # ../CHANGES.rst
    assert from_root[BASE + "api/"] == "2024-03-01T00:00:00Z"  # src/pkg/mod.py
