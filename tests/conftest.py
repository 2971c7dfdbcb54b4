"""Shared fixtures: the official schemas (test data in ../shared/xsd) and sitemap parsing."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
XSD_DIR = ROOT.parent / "shared" / "xsd"
NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9", "xhtml": "http://www.w3.org/1999/xhtml"}


@pytest.fixture(scope="session")
def xsd_dir() -> Path:
    """The official sitemap schemas; tests that need them skip where ../shared is absent."""
    if not (XSD_DIR / "sitemap.xsd").is_file():
        pytest.skip(f"official XSDs not found at {XSD_DIR} (CI always has ../shared/)")
    return XSD_DIR


def read_xml(path: Path) -> etree._Element:
    """Parse a sitemap file (plain or gzipped) with a hardened parser."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(data, parser)


@pytest.fixture(scope="session")
def assert_valid(xsd_dir: Path) -> Callable[[Path], etree._Element]:
    """Validate a urlset or sitemapindex file against the official schemas; returns the root."""
    urlset = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    index = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))

    def check(path: Path) -> etree._Element:
        root = read_xml(path)
        schema = index if root.tag.endswith("sitemapindex") else urlset
        if not schema.validate(root):
            raise AssertionError(f"{path} is not schema-valid: {schema.error_log}")
        return root

    return check


def locs(path: Path) -> list[str]:
    """The ``<loc>`` values of a urlset or index, in file order."""
    return [str(e.text) for e in read_xml(path).iterfind(".//sm:loc", NS)]


@pytest.fixture
def sitemap_locs() -> Callable[[Path], list[str]]:
    """:func:`locs` as a fixture."""
    return locs
