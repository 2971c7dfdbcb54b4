"""``page_description`` reads what ``inspect_html`` reads, without the head's scripts."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._html import inspect_html, page_description

HEADS = [
    '<meta name="description" content="  Two\n words  ">',
    # A theme's head: scripts before and after (one of them a redirect, which is not the
    # description's business), entities, a second description.
    '<script>var __md_scope = new URL(".", location)</script>'
    '<meta name="Description" content="Fish &amp; chips">'
    '<script>location.href = "/elsewhere/"</script>'
    '<meta name="description" content="second">',
    '<script type="application/ld+json">{"dateModified": "2024-01-01"}</script>',
    '<meta name="description" content="">',
]


@pytest.mark.parametrize("head", HEADS)
def test_page_description_is_inspect_htmls(tmp_path: Path, head: str) -> None:
    page = tmp_path / "index.html"
    page.write_text(f"<html><head><title>T</title>{head}</head><body>x</body></html>")
    assert page_description(page) == inspect_html(page).description


def test_page_description_skips_the_scripts(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text(HEADS[1].join(["<html><head>", "</head><body></body></html>"]))
    assert page_description(page) == "Fish & chips"
    # inspect_html still reads them: the redirect is seen there.
    assert inspect_html(page).script_redirect == "/elsewhere/"


def test_page_description_refuses_what_inspect_html_refuses(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_bytes(b"no tags at all")
    with pytest.raises(ValueError):
        page_description(page)
