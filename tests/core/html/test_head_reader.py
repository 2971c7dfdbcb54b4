"""The byte scan of built pages' heads: what it reads, and what it never opens."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from sitemap_core._html._head_reader import read_head


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs")
def test_a_fifo_named_like_a_page_is_never_waited_on(tmp_path: Path) -> None:
    """The head read opens pages through ``_util.regular`` like every other reader: a FIFO
    (nothing ever writes to it) gives no head at once instead of hanging the build."""
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    assert read_head(fifo) is None


def test_the_head_ends_at_body(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(b"<html><head><title>T</title></head><BODY>text</body></html>")
    found = read_head(page)
    assert found is not None and found[0] == b"<html><head><title>T</title></head>"
    assert read_head(tmp_path / "missing.html") is None


def test_the_head_is_read_without_its_css(tmp_path: Path) -> None:
    """The text of ``<style>`` elements is never scanned (a real theme's 26 KiB of it cost
    more than the rest of the check); a ``<`` in it keeps it, so no tag can hide there."""
    page = tmp_path / "page.html"
    css = b"a { color: red }\n" * 2000
    page.write_bytes(
        b"<html><head><STYLE media=x>" + css + b"</Style><style>a{}<!-- x --></style>"
        b"<title>T</title></head><body>text</body></html>"
    )
    found = read_head(page)
    assert found == (
        b"<html><head><STYLE media=x></Style><style>a{}<!-- x --></style><title>T</title></head>",
        b"<html><head><style media=x></style><style>a{}<!-- x --></style><title>t</title></head>",
    )
