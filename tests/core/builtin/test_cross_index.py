"""``include_sitemaps``: a build writes a top-level index over its own and other sitemaps."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from tests.conftest import urlset_text

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


BASE = "https://docs.example.org/"


def build(out: Path, base: str, dates: list[str], **settings: object) -> None:
    """A real core build of pages dated ``dates``."""
    out.mkdir(parents=True, exist_ok=True)
    for i in range(len(dates)):
        (out / f"page-{i}.html").write_text(f"<html><head><title>Page {i}</title></head></html>")
    records = [PageRecord(url=f"page-{i}.html", dates={"modified": d}) for i, d in enumerate(dates)]
    config = Settings(base_url=base, lastmod_sources=("metadata",), html_checks=False, **settings)  # type: ignore[arg-type]
    report = build_sitemap(
        records, config, out, plugin_manager=make_plugin_manager(load_entry_points=False)
    )
    assert report.urls == len(dates)


def entries(index: Path) -> list[tuple[str, str | None]]:
    root = etree.parse(str(index)).getroot()
    return [
        (s.findtext(f"{{{NS}}}loc") or "", s.findtext(f"{{{NS}}}lastmod"))
        for s in root.iter(f"{{{NS}}}sitemap")
    ]


def test_include_sitemaps_setting_writes_the_index_during_a_build(tmp_path: Path, xsd_dir: Path):
    root = tmp_path / "public"
    build(root / "docs", BASE + "docs/", ["2024-03-01"])
    build(
        root,
        BASE,
        ["2024-01-01", "2024-02-01"],
        include_sitemaps=("docs/sitemap.xml", BASE + "later/sitemap.xml", "https://x.org/s.xml"),
        gzip=True,
    )
    index = root / "sitemap_index.xml"
    assert entries(index) == [
        (BASE + "sitemap.xml", "2024-02-01"),
        (BASE + "docs/sitemap.xml", "2024-03-01"),
        (BASE + "later/sitemap.xml", None),  # not built yet: listed without a date
    ]
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))
    assert schema.validate(etree.parse(str(index)))
    robots = (root / "robots.txt").read_text()
    assert robots.count("Sitemap:") == 1 and f"Sitemap: {BASE}sitemap_index.xml" in robots
    # a rebuild keeps one Sitemap line, pointing at the index
    build(root, BASE, ["2024-01-01"], include_sitemaps=("docs/sitemap.xml",))
    robots = (root / "robots.txt").read_text()
    assert robots.count("Sitemap:") == 1 and "sitemap_index.xml" in robots
    assert not (root / "sitemap.xml.gz").exists()  # the rebuild's stale gzip copy is gone


def test_robots_txt_is_merged_once_and_follows_include_sitemaps_off(tmp_path: Path):
    root = tmp_path / "public"
    build(root / "docs", BASE + "docs/", ["2024-03-01"])
    build(root, BASE, ["2024-01-01"], include_sitemaps=("docs/sitemap.xml",))
    stamp = (root / "robots.txt").stat().st_mtime_ns
    assert "sitemap_index.xml" in (root / "robots.txt").read_text()
    # turning include_sitemaps off points robots.txt back at the build's own sitemap,
    # replacing our index line rather than keeping it beside the new one
    build(root, BASE, ["2024-01-01"])
    robots = (root / "robots.txt").read_text()
    assert robots.splitlines().count(f"Sitemap: {BASE}sitemap.xml") == 1
    assert "sitemap_index.xml" not in robots
    assert (root / "robots.txt").stat().st_mtime_ns >= stamp


DOCS = "https://docs.example.org/"


def test_include_sitemaps_refuses_encoded_parent_paths(tmp_path: Path) -> None:
    import logging

    from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager

    out = tmp_path / "site"
    out.mkdir()
    (out / "p.html").write_text("<html><head><title>p</title></head></html>")
    (tmp_path / "other.xml").write_text(urlset_text("https://docs.example.org/q.html"))
    records = []
    settings = Settings(
        base_url=DOCS,
        html_checks=False,
        include_sitemaps=(DOCS + "%2e%2e/other.xml", "../other.xml"),
    )
    handler_records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            handler_records.append(record)

    logger = logging.getLogger("sitemap_core")
    keep = Keep()
    logger.addHandler(keep)
    try:
        records = [PageRecord(url="p.html")]
        build_sitemap(
            records, settings, out, plugin_manager=make_plugin_manager(load_entry_points=False)
        )
    finally:
        logger.removeHandler(keep)
    index = (out / "sitemap_index.xml").read_text()
    assert "other.xml" not in index
    messages = [r.getMessage() for r in handler_records]
    assert sum("outside the output directory" in m for m in messages) == 2, messages


def test_the_index_is_a_file_of_the_build_s_set(tmp_path: Path) -> None:
    from sitemap_core._files import read_owned

    root = tmp_path / "public"
    build(root / "docs", BASE + "docs/", ["2024-03-01"])
    build(root, BASE, ["2024-01-01"], include_sitemaps=("docs/sitemap.xml",))
    index = root / "sitemap_index.xml"
    assert read_owned(root).unchanged(index)  # recorded with the build's other files
    # Edited since: a rebuild leaves it alone and writes no index over it.
    index.write_text(index.read_text().replace("</sitemapindex>", "<!-- mine --></sitemapindex>"))
    build(root, BASE, ["2024-01-01"], include_sitemaps=("docs/sitemap.xml",))
    assert "<!-- mine -->" in index.read_text()
    # Unchanged, and the setting gone: the next build takes it away.
    index.unlink()
    build(root, BASE, ["2024-01-01"], include_sitemaps=("docs/sitemap.xml",))
    build(root, BASE, ["2024-01-01"])
    assert not index.exists()
