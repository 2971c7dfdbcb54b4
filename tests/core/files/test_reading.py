"""Reading a sitemap back: the writer's shape read by regex reads as the tree parser reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_core._errors import SitemapError
from sitemap_core._files import read_entries

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _tree_read(path: Path, tag: str) -> list[tuple[str, str | None]]:
    from lxml import etree

    found = []
    for _e, el in etree.iterparse(str(path), tag=f"{{{NS}}}{tag}", remove_comments=True):
        loc = (el.findtext(f"{{{NS}}}loc") or "").strip()
        lastmod = el.findtext(f"{{{NS}}}lastmod")
        if loc:
            found.append((loc, lastmod.strip() if lastmod else None))
    return found


_value = st.text(alphabet="ab/:\u00a0 \t\n&<é", max_size=6).map(
    lambda v: v.replace("&", "&amp;").replace("<", "&lt;")
)
_entry = st.tuples(
    _value, st.none() | _value, st.sampled_from(["", "\n", "  ", "<!-- c -->", "\r\n"])
)


@given(entries=st.lists(_entry, max_size=6), index=st.booleans(), bom=st.booleans())
@settings(max_examples=300, deadline=None)
def test_the_fast_reading_gives_what_the_tree_gives(
    tmp_path_factory: pytest.TempPathFactory,
    entries: list[tuple[str, str | None, str]],
    index: bool,
    bom: bool,
) -> None:
    root, tag = ("sitemapindex", "sitemap") if index else ("urlset", "url")
    body = "".join(
        f"{gap}<{tag}>{gap}<loc>{loc}</loc>"
        + (f"<lastmod>{lastmod}</lastmod>" if lastmod is not None else "")
        + f"</{tag}>"
        for loc, lastmod, gap in entries
    )
    path = tmp_path_factory.mktemp("r") / "s.xml"
    text = f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} xmlns="{NS}">{body}\n</{root}>\n'
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode())
    kind, items = read_entries(path)
    assert kind == ("index" if index else "urlset")
    assert items == _tree_read(path, tag)


def test_a_text_sitemap_that_is_a_page_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.txt"
    path.write_text("<!doctype html>\n<title>404 Not Found</title>\n", "utf-8")
    with pytest.raises(SitemapError, match=r"sitemap\.txt: not a text sitemap .*'<!doctype html>'"):
        read_entries(path)
    path.write_text("https://example.org/a\n\nhttps://example.org/b\n", "utf-8")
    assert read_entries(path) == (
        "text",
        [("https://example.org/a", None), ("https://example.org/b", None)],
    )
