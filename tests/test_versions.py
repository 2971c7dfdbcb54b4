"""Versioned docs: a version's pages whose canonical names their copy in another version."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core.check import check_files, check_site
from sitemap_core.versions import looks_like_version, version_sibling

from .conftest import core_build, locs, mkdocs_build, write_files

ROOT = "https://docs.example.org/"
V1 = ROOT + "1.0/"


def page(canonical: str) -> str:
    return (
        f'<!DOCTYPE html><html><head><title>t</title><link rel="canonical" href="{canonical}">'
        "</head><body>x</body></html>"
    )


def test_version_sibling_names_the_folder_of_the_same_page() -> None:
    assert version_sibling(ROOT + "latest/guide/", V1 + "guide/", V1) == "latest"
    assert version_sibling(ROOT + "2.0/guide/#x", V1 + "guide/", V1) == "2.0"
    # Another page of the sibling, the root itself, or the page's own folder: not a copy.
    assert version_sibling(ROOT + "latest/other/", V1 + "guide/", V1) is None
    assert version_sibling(ROOT + "guide/", V1 + "guide/", V1) is None
    assert version_sibling("https://other.org/latest/guide/", V1 + "guide/", V1) is None
    # Languages are not versions, unless the build says it is versioned (mike's folders).
    en = ROOT + "en/"
    assert version_sibling(ROOT + "fr/guide/", en + "guide/", en) is None
    assert version_sibling(ROOT + "fr/guide/", en + "guide/", en, versioned=True) == "fr"
    assert all(map(looks_like_version, ("1.0", "v2", "3.1.4rc1", "latest", "stable", "dev")))
    assert not any(map(looks_like_version, ("en", "fr", "docs", "blog")))


def test_build_keeps_pages_whose_canonical_is_their_copy_in_latest(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """mike's canonical_version: every page of 1.0 names its twin under latest/. The 1.0
    sitemap keeps 1.0's own pages (the version selector reads it), without a warning; a
    canonical naming another page is still a page left out."""
    out = write_files(
        tmp_path / "site",
        {
            "index.html": page(ROOT + "latest/"),
            "guide/install/index.html": page(ROOT + "latest/guide/install/"),
            "old/index.html": page(ROOT + "latest/new/"),
        },
    )
    records = [
        PageRecord(url=u, output=out / f)
        for u, f in (
            ("", "index.html"),
            ("guide/install/", "guide/install/index.html"),
            ("old/", "old/index.html"),
        )
    ]
    with caplog.at_level(logging.DEBUG):
        report = core_build(records, out, base_url=V1)
    assert locs(out / "sitemap.xml") == [V1, V1 + "guide/install/"]
    assert report.warnings == 0
    assert report.excluded == {"canonical elsewhere": 1}
    assert "2 pages name their copy in another version as canonical (latest/ (2))" in caplog.text


def test_check_catches_urls_outside_the_version_folder(tmp_path: Path) -> None:
    """What the build wrote before: 1.0/sitemap.xml listing latest/ URLs."""
    site = write_files(
        tmp_path,
        {
            "1.0/sitemap.xml": '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"<url><loc>{ROOT}latest/</loc></url>\n</urlset>\n",
        },
    )
    report = check_files([site / "1.0/sitemap.xml"], V1)
    assert [f.code for f in report.findings if f.severity == "error"] == ["outside-directory"]


def test_check_notes_version_canonicals_instead_of_failing(tmp_path: Path) -> None:
    """Build and check agree: a version's page naming its copy in latest/ is a note."""
    site = write_files(
        tmp_path,
        {
            "1.0/index.html": page(ROOT + "latest/"),
            "1.0/a/index.html": page(ROOT + "latest/b/"),
        },
    )
    records = [
        PageRecord(url="", output=site / "1.0/index.html"),
        PageRecord(url="a/", output=site / "1.0/a/index.html"),
    ]
    core_build(records, site / "1.0", base_url=V1, html_checks=False)
    (site / "robots.txt").write_text(f"Sitemap: {V1}sitemap.xml\n")
    report = check_site(site, ROOT)
    found = {(f.severity, f.code) for f in report.findings}
    assert ("info", "page-version-canonical") in found
    assert ("error", "page-canonical") in found  # a/ names another page: still an error
    assert report.errors == 1


MIKE_SITE = {
    "mkdocs.yml": """
        site_name: Demo
        site_url: https://docs.example.org/
        theme:
          name: material
        extra:
          version:
            provider: mike
        plugins:
          - mike:
              canonical_version: latest
          - sitemap
    """,
    "docs/index.md": "# Home\n",
    "docs/guide/install.md": "# Install\n",
}


@pytest.mark.slow
def test_mkdocs_mike_version_build_lists_its_own_folder(tmp_path: Path) -> None:
    """A real ``mkdocs build`` as ``mike deploy 1.0`` runs it: mike points site_url at
    latest/ (canonical_version); the sitemap still lists 1.0's own pages, no warning."""
    pytest.importorskip("mike")
    write_files(tmp_path, MIKE_SITE, dedent=True)
    proc = mkdocs_build(tmp_path, env={"MIKE_DOCS_VERSION": "1.0"})
    assert locs(tmp_path / "site/sitemap.xml") == [V1, V1 + "guide/install/"]
    html = (tmp_path / "site/guide/install/index.html").read_text()
    assert 'rel="canonical" href="https://docs.example.org/latest/guide/install/"' in html
    assert "WARNING" not in proc.stderr
    assert "name their copy in another version as canonical" in proc.stderr
