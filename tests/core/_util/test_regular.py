"""``begins_with`` (_util/regular.py): a file's first bytes, never waiting on a FIFO."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitemap_core._util.regular import begins_with


def test_a_regular_file_s_first_bytes(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_bytes(b"<?xml version='1.0'?><urlset/>")
    assert begins_with(path, b"<?xml version='1.0'?>")
    assert not begins_with(path, b'<?xml version="1.0"?>')
    assert not begins_with(tmp_path / "missing.xml", b"<?xml")


def test_a_symlink_or_a_folder_is_never_the_file(tmp_path: Path) -> None:
    target = tmp_path / "target.xml"
    target.write_bytes(b"<?xml")
    (tmp_path / "link.xml").symlink_to(target)
    (tmp_path / "folder.xml").mkdir()
    assert not begins_with(tmp_path / "link.xml", b"<?xml")
    assert not begins_with(tmp_path / "folder.xml", b"<?xml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "sitemap.xml"
    os.mkfifo(fifo)
    assert not begins_with(fifo, b"<?xml")  # an open() of it would wait for a writer
