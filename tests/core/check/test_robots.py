"""robots.txt as ``check`` reads it from a built site (_check/_robots.py): the build's rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core._check import check_site
from tests.conftest import build_cli, finding_codes
from tests.core.conftest import SECRET, no_leak


@pytest.mark.parametrize("base_url", [None, "https://example.org/"])
def test_a_robots_symlink_out_of_the_site_is_never_read(walled: Path, base_url: str | None) -> None:
    """``build`` refuses this robots.txt; ``check`` neither reads it nor quotes its lines."""
    secret = walled.parent / "priv" / "secret.txt"
    secret.write_text(f"Sitemap: {SECRET}\nSitemap: https://example.org/{SECRET}.xml\n")
    (walled / "robots.txt").symlink_to(secret)
    report = check_site(walled, base_url)
    no_leak(report)
    assert "outside-site" in finding_codes(report)
    assert [f.file for f in report.findings if f.code == "outside-site"] == ["robots.txt"]
    built = build_cli(str(walled), "--base-url", "https://example.org/")
    assert built.returncode != 0 and "symlink that leads outside" in built.stderr
    checked = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(walled)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 1
    assert SECRET not in checked.stdout + checked.stderr


def test_a_robots_symlink_inside_the_site_is_read(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><head><title>home</title></head>")
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "robots.txt").write_text("User-agent: *\nAllow: /\n")
    (tmp_path / "robots.txt").symlink_to(tmp_path / "conf" / "robots.txt")
    report = check_site(tmp_path, "https://example.org/")
    assert "outside-site" not in finding_codes(report)
    assert "robots-no-sitemap" in finding_codes(report)
