"""The byte-level fast path of ``inspect_html`` agrees with the full parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import html_inspect
from sitemap_core.html_inspect import HtmlFacts, inspect_html

PAGES = {
    "plain": (b"<html><head><title> A &amp; B\n c </title></head><body>x</body></html>", True),
    "no title": (b"<!doctype html><html><head></head><body><p>x</p></body></html>", True),
    "svg title in body": (b"<html><head></head><body><svg><title>i</title></svg></body>", True),
    "noindex": (
        b"<html><head><meta name='robots' content='noindex'><title>T</title></head><body>",
        False,
    ),
    "googlebot": (b"<html><head><meta name=GoogleBot content=none></head><body>", False),
    "canonical": (b"<html><head><link rel=canonical href='/x'></head><body></body>", False),
    "refresh": (
        b'<html><head><meta http-equiv="Refresh" content="0; url=/new/"></head><body>',
        False,
    ),
    "body string in a head script": (
        b'<html><head><script>var s="<body>";</script>'
        b'<meta name="robots" content="noindex"></head><body>',
        False,
    ),
    "upper case": (b"<HTML><HEAD><TITLE>T</TITLE></HEAD><BODY>x</BODY></HTML>", True),
    "no body tag": (b"<html><head><title>T</title></head></html>", False),
    "robots word only in body": (b"<html><head><title>T</title></head><body>robots</body>", True),
}


def _parsed(data: bytes) -> HtmlFacts:
    parser = html_inspect._HeadParser()
    try:
        parser.feed(data.decode("utf-8"))
        parser.close()
    except html_inspect._Done:
        pass
    return HtmlFacts(parser.noindex, parser.canonical, parser.refresh, parser.title)


@pytest.mark.parametrize("name", list(PAGES))
def test_fast_path_matches_the_parser(name: str, tmp_path: Path) -> None:
    data, fast = PAGES[name]
    assert (html_inspect._fast_facts(data) is not None) is fast
    page = tmp_path / "page.html"
    page.write_bytes(data)
    assert inspect_html(page) == _parsed(data)


def test_fast_path_keeps_the_title() -> None:
    facts = html_inspect._fast_facts(PAGES["plain"][0])
    assert facts == HtmlFacts(title="A & B c")
