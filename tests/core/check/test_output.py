"""``check``'s text and JSON output: control characters in findings are escaped."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli


def test_check_text_output_escapes_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J.txt"
    path.write_bytes(b"https://example.org/a\x1b]0;pwned\x07b\nhttps://example.org/\x9bc\n")
    done = cli("check", str(path))
    assert done.returncode == 1, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\x9b" not in done.stdout
    assert "evil\\x1b[2J.txt" in done.stdout
    json_out = cli("check", "--format", "json", str(path))
    assert "\x1b" not in json_out.stdout


def test_a_site_dirs_files_are_named_under_it_as_given(tmp_path: Path) -> None:
    """Run from a repository's root (a pre-commit hook), ``check site/`` names
    ``site/sitemap.xml:2``, a file an editor or CI annotation can open from there."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "robots.txt").write_text("Sitemap: https://example.org/sitemap.xml\n", "utf-8")
    (site / "sitemap.xml").write_text("<?xml version='1.0'?>\n<urlset>not closed", "utf-8")
    done = cli("check", "site/", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.startswith("site/sitemap.xml:2: error:"), done.stdout
    report = json.loads(cli("check", "site", "--format", "json", "--no-links", cwd=tmp_path).stdout)
    assert report["files"] == ["site/robots.txt", "site/sitemap.xml"]
    assert {f["file"] for f in report["findings"]} == {"site/sitemap.xml"}
    inside = cli("check", ".", cwd=site)  # from inside the folder: the names as before
    assert inside.stdout.startswith("sitemap.xml:2: error:"), inside.stdout
