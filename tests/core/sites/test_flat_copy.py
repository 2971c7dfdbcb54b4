"""Material's flat ``sitemap.xml`` copy, made from the index and shards on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._util import atomic
from tests.conftest import HANG_TIMEOUT, core_build
from tests.core.conftest import hold_lock


def test_materials_flat_copy_is_written_under_the_folder_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sitemap.xml for Material is made from the index and shards on disk: while another
    build holds the folder, it waits (a build replacing them meanwhile could sweep a shard
    being read), and it changes nothing when the lock never comes."""
    import logging

    from sitemap_core import Settings
    from sitemap_core._mkdocs_project import MATERIAL_INDEX, write_material_copy

    out = tmp_path / "site"
    out.mkdir()
    records = [PageRecord(url=f"p{i}.html") for i in range(5)]
    report = core_build(records, out, max_urls=2, index_filename=MATERIAL_INDEX)
    settings = Settings(base_url="https://example.org/", index_filename=MATERIAL_INDEX)
    log = logging.getLogger("test")
    holder = hold_lock(out)
    try:
        monkeypatch.setattr(atomic, "LOCK_WAIT_SECONDS", 0.5)
        with pytest.raises(atomic.FolderBusy):
            write_material_copy(out, settings, report, log)
        assert not (out / "sitemap.xml").exists()
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(HANG_TIMEOUT)
        holder.stdout.close()
    write_material_copy(out, settings, report, log)
    assert (out / "sitemap.xml").read_text().count("<url>") == 5
