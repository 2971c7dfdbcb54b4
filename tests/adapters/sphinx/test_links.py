"""``check`` on a real Sphinx build: an ``:orphan:`` document no page links is an orphan;
a raw link to a page the build lacks is broken; the toctree gives the click depth."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._check._links import LINK_CODES
from tests.conftest import sphinx_build, write_files

pytestmark = pytest.mark.slow
BASE = "https://example.org/"
SITE = BASE + "en/"  # sphinx-sitemap's URL scheme: the language first


def test_link_findings_on_a_sphinx_build(tmp_path: Path) -> None:
    write_files(
        tmp_path / "src",
        {
            "conf.py": f"extensions = ['ssg_sitemap.sphinx']\nhtml_baseurl = '{BASE}'\n",
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
            "guide.rst": "Guide\n=====\n\n.. raw:: html\n\n   <a href='gone.html'>gone</a>\n",
            "lonely.rst": ":orphan:\n\nLonely\n======\n\nNo page links here.\n",
        },
    )
    run = sphinx_build(tmp_path / "src", tmp_path / "html")
    report = check_site(run.out)
    found = {(f.code, f.message) for f in report.findings if f.code in LINK_CODES}
    assert any(
        code == "orphan" and m.startswith(f"{SITE}lonely.html: no page links it")
        for code, m in found
    ), found
    assert any(
        code == "link-broken" and m.startswith(f"links {SITE}gone.html,") for code, m in found
    ), found
    assert report.links is not None, found
    depths = dict(report.links.depth_table())
    assert depths["0"] == 1 and depths["1"] >= 1, depths
