"""``check`` on a real Pelican build: the default theme links no archives page (an orphan,
reached by the sitemap alone); a link in an article to a page the blog lacks is broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._check._links import LINK_CODES
from tests.conftest import SITEURL, pelican_blog, run_pelican

pytestmark = pytest.mark.slow


def test_link_findings_on_a_pelican_build(tmp_path: Path) -> None:
    content = pelican_blog(tmp_path)
    (content / "linked.md").write_text(
        'Title: Linked\nDate: 2024-04-01\nCategory: news\n\n<a href="/missing.html">missing</a>\n'
    )
    built = run_pelican(content, tmp_path / "output")
    report = check_site(built.output)
    found = {(f.code, f.message) for f in report.findings if f.code in LINK_CODES}
    assert any(
        code == "orphan" and m.startswith(f"{SITEURL}/archives.html: no page links it")
        for code, m in found
    ), found
    assert any(
        code == "link-broken" and m.startswith(f"links {SITEURL}/missing.html (and 2 other pages),")
        for code, m in found
    ), found
    assert report.links is not None
    assert dict(report.links.depth_table())["0"] == 1, found
