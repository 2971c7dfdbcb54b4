"""The example plugin (``examples/plugin``), installed with pip and found through the
``sitemap_core`` entry-point group, on real ``pelican``, ``mkdocs build`` and ``sphinx-build``
runs and the ``ssg-sitemap`` command: each leaves its ``drafts/`` page out and logs the
plugin's line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import locs, pip_install_into, write_files

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "plugin"
BIN = Path(sys.executable).parent
SITE = "https://example.org"
LINE = "drafts plugin: 1 page(s) left out"


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin, installed by pip into a folder of its own (put on PYTHONPATH)."""
    target = tmp_path_factory.mktemp("plugin-site-packages")
    pip_install_into(target, EXAMPLE)
    return target


def _run(args: list[str], cwd: Path, plugin_path: Path | None) -> str:
    """Run a generator's command; its whole output (stdout and stderr)."""
    # Wide enough that Pelican's rich log never wraps a message line the test looks for.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "COLUMNS": "250"}
    env.pop("PYTHONPATH", None)
    if plugin_path is not None:
        env["PYTHONPATH"] = str(plugin_path)
    proc = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout + proc.stderr


def _assert_effect(sitemap: Path, output: str, kept: str, draft: str, installed: bool) -> None:
    listed = locs(sitemap)
    assert kept in listed
    assert (draft in listed) is not installed, listed
    assert (LINE in output) is installed, output


@pytest.mark.parametrize("installed", [True, False])
def test_pelican(tmp_path: Path, plugin_path: Path, installed: bool) -> None:
    write_files(
        tmp_path,
        {
            "conf.py": f'SITEURL = "{SITE}"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap"]\n',
            "content/post.md": "Title: Post\nDate: 2024-01-01\nCategory: a\n\nx\n",
            "content/pages/wip.md": (
                "Title: Work in progress\nSave_as: drafts/wip.html\nURL: drafts/wip.html\n\nx\n"
            ),
        },
    )
    output = _run(
        [str(BIN / "pelican"), "content", "-s", "conf.py", "-o", "output", "-v"],
        tmp_path,
        plugin_path if installed else None,
    )
    sitemap = tmp_path / "output" / "sitemap.xml"
    _assert_effect(sitemap, output, f"{SITE}/post.html", f"{SITE}/drafts/wip.html", installed)


@pytest.mark.parametrize("installed", [True, False])
def test_mkdocs(tmp_path: Path, plugin_path: Path, installed: bool) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": f"site_name: Demo\nsite_url: {SITE}/\nplugins:\n  - sitemap\n",
            "docs/index.md": "# Home\n",
            "docs/drafts/wip.md": "# Work in progress\n",
        },
    )
    output = _run([str(BIN / "mkdocs"), "build"], tmp_path, plugin_path if installed else None)
    sitemap = tmp_path / "site" / "sitemap.xml"
    _assert_effect(sitemap, output, f"{SITE}/", f"{SITE}/drafts/wip/", installed)


@pytest.mark.parametrize("installed", [True, False])
def test_sphinx(tmp_path: Path, plugin_path: Path, installed: bool) -> None:
    write_files(
        tmp_path,
        {
            "conf.py": (
                'project = "Demo"\nextensions = ["ssg_sitemap.sphinx"]\n'
                f'html_baseurl = "{SITE}/"\nsitemap_url_scheme = "{{link}}"\n'
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   drafts/wip\n",
            "drafts/wip.rst": "Work in progress\n================\n\nx\n",
        },
    )
    output = _run(
        [str(BIN / "sphinx-build"), "-b", "html", ".", "_build"],
        tmp_path,
        plugin_path if installed else None,
    )
    sitemap = tmp_path / "_build" / "sitemap.xml"
    _assert_effect(sitemap, output, f"{SITE}/index.html", f"{SITE}/drafts/wip.html", installed)


@pytest.mark.parametrize("installed", [True, False])
def test_command_line(tmp_path: Path, plugin_path: Path, installed: bool) -> None:
    page = "<!DOCTYPE html><html><head><title>{}</title></head><body>x</body></html>\n"
    write_files(
        tmp_path,
        {"site/index.html": page.format("Home"), "site/drafts/wip.html": page.format("WIP")},
    )
    output = _run(
        [str(BIN / "ssg-sitemap"), "build", "site", "--base-url", f"{SITE}/", "-v"],
        tmp_path,
        plugin_path if installed else None,
    )
    sitemap = tmp_path / "site" / "sitemap.xml"
    _assert_effect(sitemap, output, f"{SITE}/", f"{SITE}/drafts/wip.html", installed)
