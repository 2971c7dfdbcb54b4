"""The byte scan of built pages' heads: what it reads, and what it never opens."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from sitemap_core._html._head_reader import read_head_lower


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs")
def test_a_fifo_named_like_a_page_is_never_waited_on(tmp_path: Path) -> None:
    """The head read opens pages through ``_util.regular`` like every other reader: a FIFO
    (nothing ever writes to it) gives no head at once instead of hanging the build."""
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    assert read_head_lower(fifo) is None


def test_the_head_ends_at_body(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(b"<html><head><title>T</title></head><BODY>text</body></html>")
    found = read_head_lower(page)
    assert found is not None and found[0] == b"<html><head><title>T</title></head>"
    assert read_head_lower(tmp_path / "missing.html") is None
