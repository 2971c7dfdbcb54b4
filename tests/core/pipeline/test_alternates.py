"""hreflang alternates of the pages that share a translation key (build/_alternates.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sitemap_core import PageRecord
from tests.conftest import NS
from tests.conftest import core_build as build

BASE = "https://example.org/"


def test_alternates_are_reciprocal_with_self_and_x_default(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    records = [
        PageRecord("en/a.html", lang="en", translation_key="a"),
        PageRecord("pt-br/a.html", lang="pt_BR", translation_key="a"),
        PageRecord("de/a.html", lang="de", translation_key="a"),
        PageRecord("en/solo.html", lang="en", translation_key="solo"),
    ]
    build(records, tmp_path, x_default="en")
    root = assert_valid(tmp_path / "sitemap.xml")
    links: dict[str, list[tuple[str, str]]] = {}
    for url in root.iterfind("sm:url", NS):
        loc = url.findtext("sm:loc", namespaces=NS)
        assert loc is not None
        links[loc] = [
            (e.get("hreflang", ""), e.get("href", "")) for e in url.iterfind("xhtml:link", NS)
        ]
    expected = [
        ("de", BASE + "de/a.html"),
        ("en", BASE + "en/a.html"),
        ("pt-BR", BASE + "pt-br/a.html"),
        ("x-default", BASE + "en/a.html"),
    ]
    for lang in ("en", "de", "pt-br"):
        assert links[f"{BASE}{lang}/a.html"] == expected
    assert links[BASE + "en/solo.html"] == []
