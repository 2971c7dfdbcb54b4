"""Where the Pelican HTML sitemap page gets its list: from the build that wrote the XML
sitemap (the core's report), as MkDocs and Sphinx do, never by reading the XML back. Real
``pelican`` builds."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tests.adapters.pelican.conftest import small_blog
from tests.conftest import NS, read_xml, run_pelican, u

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow


class _Files:
    """What this process does to files while :attr:`watching`: ``("open", path)`` and
    ``("rename", destination)`` (an audit hook cannot be removed, so it stays installed,
    idle)."""

    watching = False
    events: list[tuple[str, str]] = []  # noqa: RUF012

    @classmethod
    def hook(cls, event: str, args: tuple[Any, ...]) -> None:
        if not cls.watching or event not in ("open", "os.rename"):
            return
        path = args[0] if event == "open" else args[1]
        if event == "open" and _hashing_the_set():
            return  # the core's record of what it wrote hashes each file: not a parse
        if isinstance(path, (str, Path)):
            cls.events.append((event.removeprefix("os."), Path(path).name))

    @classmethod
    def opened_after_written(cls, name: str) -> list[tuple[str, str]]:
        """The opens of ``name`` after it was last put in place."""
        written = max(i for i, event in enumerate(cls.events) if event == ("rename", name))
        return [event for event in cls.events[written:] if event == ("open", name)]


def _hashing_the_set() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__") == "sitemap_core._files._owned":
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


sys.addaudithook(_Files.hook)


@pytest.mark.parametrize("gzip_only", [False, True])
def test_the_page_is_filled_without_reading_the_xml_sitemap_back(
    tmp_path: Path, gzip_only: bool
) -> None:
    output = tmp_path / "output"
    settings = {"html_sitemap": "plan.html", "html_dates": True, "gzip_only": gzip_only}
    _Files.events, _Files.watching = [], True
    try:
        built = run_pelican(small_blog(tmp_path), output, SITEMAP=settings)
    finally:
        _Files.watching = False
    name = "sitemap.xml.gz" if gzip_only else "sitemap.xml"
    assert not built.messages()
    assert _Files.opened_after_written(name) == []
    plan = (output / "plan.html").read_text()
    assert '<a href="post.html"><bdi>Post</bdi></a> <time datetime="2024-01-02' in plan
    assert '<a href="pages/about.html"><bdi>About</bdi></a>' in plan
    listed = {e.text for e in read_xml(output / name).iterfind(".//sm:loc", NS)}
    assert {u("post.html"), u("pages/about.html")} <= listed


def test_a_build_that_writes_no_sitemap_leaves_the_list_out(tmp_path: Path) -> None:
    """A stale sitemap.xml from an earlier build is no source for this build's page."""
    output = tmp_path / "output"
    output.mkdir()
    stale = u("stale-page.html")
    (output / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{stale}</loc></url></urlset>\n"
    )
    built = run_pelican(
        small_blog(tmp_path), output, SITEMAP={"html_sitemap": "plan.html", "exclude": [".*"]}
    )
    assert any("no pages to list" in m for m in built.messages()), built.messages()
    assert "stale-page" not in (output / "plan.html").read_text()
