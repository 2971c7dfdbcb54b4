"""``check`` on a real MkDocs build: a page left out of the navigation is an orphan, a raw
HTML link to a page the site lacks is broken, a noindex page linked is left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._check._links import LINK_CODES
from tests.conftest import mkdocs_build, write_files

pytestmark = pytest.mark.slow
BASE = "https://example.org/"


def test_link_findings_on_a_mkdocs_build(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "mkdocs.yml": """
                site_name: Links
                site_url: https://example.org/
                nav: [index.md, guide.md]
                not_in_nav: orphan.md
                plugins: [sitemap]
            """,
            "docs/index.md": '# Home\n\n[Guide](guide.md) <a href="nowhere/">gone</a>\n',
            "docs/guide.md": "# Guide\n\n[private](private.md)\n",
            "docs/orphan.md": "# Orphan\n\nNo page links here.\n",
            "docs/private.md": "---\nsitemap: false\n---\n# Private\n",
        },
        dedent=True,
    )
    mkdocs_build(tmp_path)
    report = check_site(tmp_path / "site")
    found = {(f.code, f.message) for f in report.findings if f.code in LINK_CODES}
    assert {code for code, _ in found} == {"orphan", "link-broken", "unlisted-linked"}, found
    assert any(m.startswith(f"{BASE}orphan/: no page links it") for _, m in found)
    assert any(m.startswith(f"links {BASE}nowhere/, which the site") for _, m in found)
    assert any(m.startswith(f"{BASE}private/ is linked from {BASE}guide/") for _, m in found)
    assert report.links is not None
    assert report.links.depth_table() == [("0", 1), ("1", 1), ("unreachable", 1)]
