"""Shared fixtures: paths to the official schemas (test data in ../shared/xsd)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
XSD_DIR = ROOT.parent / "shared" / "xsd"


@pytest.fixture(scope="session")
def xsd_dir() -> Path:
    """The official sitemap schemas; tests that need them skip where ../shared is absent."""
    if not (XSD_DIR / "sitemap.xsd").is_file():
        pytest.skip(f"official XSDs not found at {XSD_DIR} (CI always has ../shared/)")
    return XSD_DIR
