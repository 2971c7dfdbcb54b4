"""``files.ENTRY_NAMES`` and ``entry_file``: the one rule for a site's entry sitemap."""

from __future__ import annotations

from pathlib import Path

from sitemap_core._files import ENTRY_NAMES, entry_file


def test_indexes_come_first_then_each_form_of_the_sitemap(tmp_path: Path) -> None:
    assert entry_file(tmp_path) is None
    for name in reversed(ENTRY_NAMES):
        (tmp_path / name).write_text("x")
        assert entry_file(tmp_path) == tmp_path / name
    assert ENTRY_NAMES[:3] == ("sitemap_index.xml", "sitemap-index.xml", "sitemap.xml")
    assert {"sitemap.xml.gz", "sitemap.txt", "sitemap.txt.gz"} <= set(ENTRY_NAMES)


def test_a_folder_named_like_a_sitemap_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "sitemap_index.xml").mkdir()
    (tmp_path / "sitemap.xml").write_text("x")
    assert entry_file(tmp_path) == tmp_path / "sitemap.xml"
    assert entry_file(tmp_path, ("sitemap_index.xml",)) is None
