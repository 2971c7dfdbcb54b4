"""``ssg-sitemap index`` and ``include_sitemaps``: a top-level index over several builds."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._check import check_site
from sitemap_core._cli import main
from tests.conftest import index_text, urlset_text

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


@pytest.fixture
def versions(tmp_path: Path) -> Path:
    """mike-style: one build per version under one root, plus the latest at the root."""
    root = tmp_path / "site"
    build(root / "1.0", BASE + "1.0/", ["2023-01-05", "2023-03-01T10:00:00+02:00"])
    build(
        root / "2.0",
        BASE + "2.0/",
        ["2024-02-01", "2024-06-30T08:00:00Z", "2024-06-01"],
        max_urls=2,  # sharded: its index's shards are listed directly
        gzip=True,
    )
    build(root, BASE, ["2024-07-01"], robots=True)
    return root


def test_index_lists_each_build_with_its_newest_lastmod(
    versions: Path, xsd_dir: Path, capsys: pytest.CaptureFixture[str]
):
    out = versions / "sitemap_index.xml"
    status = main(
        [
            "index",
            str(out),
            "--base-url",
            BASE,
            str(versions),
            str(versions / "1.0"),
            str(versions / "2.0"),
        ]
    )
    assert status == 0
    assert entries(out) == [
        (BASE + "sitemap.xml", "2024-07-01"),
        (BASE + "1.0/sitemap.xml", "2023-03-01T10:00:00+02:00"),
        (BASE + "2.0/sitemap-1.xml.gz", "2024-06-30T08:00:00Z"),
        (BASE + "2.0/sitemap-2.xml.gz", "2024-06-01"),
    ]
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))
    assert schema.validate(etree.parse(str(out)))
    robots = (versions / "robots.txt").read_text()
    assert f"Sitemap: {BASE}sitemap_index.xml\n" in robots
    assert f"Sitemap: {BASE}sitemap.xml\n" in robots  # the user's other lines stay
    report = check_site(versions)
    assert [f for f in report.findings if f.severity != "info"] == []
    assert report.urls == 6


def test_newest_lastmod_compares_moments_not_text(tmp_path: Path):
    build(tmp_path / "a", BASE + "a/", ["2024-05-01T23:30:00-05:00", "2024-05-02T01:00:00Z"])
    out = tmp_path / "index.xml"
    assert main(["index", str(out), "--base-url", BASE, str(tmp_path / "a")]) == 0
    # 23:30 at -05:00 is 04:30Z on May 2nd: later than 01:00Z; kept as written
    assert entries(out) == [(BASE + "a/sitemap.xml", "2024-05-01T23:30:00-05:00")]


def test_outside_the_index_directory_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    build(tmp_path / "other", BASE + "other/", ["2024-01-01"])
    (tmp_path / "site").mkdir()
    out = tmp_path / "site" / "sitemap_index.xml"
    status = main(["index", str(out), "--base-url", BASE, str(tmp_path / "other")])
    assert status == 2
    err = capsys.readouterr().err
    assert "outside the index's directory" in err and "scope rule" in err
    assert not out.exists()


def test_a_listed_index_with_foreign_entries_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "sitemap.xml").write_text(
        f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://evil.example.com/s.xml</loc>'
        "</sitemap></sitemapindex>"
    )
    status = main(["index", str(tmp_path / "i.xml"), "--base-url", BASE, str(sub)])
    assert status == 2
    assert "outside" in capsys.readouterr().err


def test_unreadable_inputs_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    (tmp_path / "bad.xml").write_text("<urlset")
    (tmp_path / "empty").mkdir()
    (tmp_path / "bomb.xml").write_text('<!DOCTYPE x [<!ENTITY a "b">]><urlset/>')
    for given in ("bad.xml", "empty", "bomb.xml", "missing.xml"):
        status = main(["index", str(tmp_path / "i.xml"), "--base-url", BASE, str(tmp_path / given)])
        assert status == 2, given
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "DOCTYPE" in err and "holds no sitemap" in err and "does not exist" in err
    assert not (tmp_path / "i.xml").exists()


def test_a_foreign_file_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    build(tmp_path / "a", BASE + "a/", ["2024-01-01"])
    out = tmp_path / "sitemap_index.xml"
    out.write_text("<sitemapindex>the user's own</sitemapindex>")
    assert main(["index", str(out), "--base-url", BASE, str(tmp_path / "a")]) == 2
    assert "not written by ssg-sitemap" in capsys.readouterr().err
    assert out.read_text() == "<sitemapindex>the user's own</sitemapindex>"
    out.unlink()
    assert main(["index", str(out), "--base-url", BASE, str(tmp_path / "a")]) == 0
    assert main(["index", str(out), "--base-url", BASE, str(tmp_path / "a")]) == 0  # ours: ok


def test_a_folder_given_as_the_index_file_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """``ssg-sitemap index . ...`` (the deployment root, not the index's file): the error
    says OUT_FILE is a file name, not that the folder is someone else's file."""
    build(tmp_path / "a", BASE + "a/", ["2024-01-01"])
    assert main(["index", str(tmp_path), "--base-url", BASE, str(tmp_path / "a")]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and str(tmp_path / "sitemap.xml") in err, err
    assert "not written by ssg-sitemap" not in err
    assert not (tmp_path / "robots.txt").exists()


DOCS = "https://docs.example.org/"


def index_cli(tmp_path: Path, *listed: Path) -> tuple[int, Path]:
    from sitemap_core._cli import main

    out = tmp_path / "top.xml"
    status = main(["index", str(out), "--base-url", DOCS, "--no-robots", *map(str, listed)])
    return status, out


def nested(tmp_path: Path, entries: str) -> Path:
    sub = tmp_path / "sub"
    sub.mkdir(exist_ok=True)
    (sub / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">{entries}'
        "</sitemapindex>\n"
    )
    return sub


def test_listed_index_lastmod_is_validated_and_escaped(
    tmp_path: Path, xsd_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lxml import etree

    sub = nested(
        tmp_path,
        f"<sitemap><loc>{DOCS}sub/a.xml</loc><lastmod>2024-01-01&lt;/lastmod&gt;&lt;/sitemap&gt;"
        f"&lt;sitemap&gt;&lt;loc&gt;https://evil.example/&lt;/loc&gt;</lastmod></sitemap>"
        f"<sitemap><loc>{DOCS}sub/b.xml</loc><lastmod>2024-02-03</lastmod></sitemap>",
    )
    (sub / "a.xml").write_text(urlset_text(DOCS + "sub/x.html"))
    (sub / "b.xml").write_text(
        urlset_text(DOCS + "sub/y.html").replace("</loc>", "</loc><lastmod>2024-03-04</lastmod>")
    )
    status, out = index_cli(tmp_path, sub)
    assert status == 0
    schema = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))
    tree = etree.parse(str(out))
    assert schema.validate(tree), schema.error_log
    got = [
        (s.findtext(f"{{{NS}}}loc"), s.findtext(f"{{{NS}}}lastmod"))
        for s in tree.getroot().iter(f"{{{NS}}}sitemap")
    ]
    # a.xml has no lastmod and its index's one is junk: dropped; b.xml: the newest inside
    assert got == [(DOCS + "sub/a.xml", None), (DOCS + "sub/b.xml", "2024-03-04")]
    assert "evil.example" not in out.read_text()
    assert "not a W3C Datetime" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("loc", "why"),
    [
        (DOCS + "../etc/s.xml", "outside the index's directory"),
        (DOCS + "sub/%2e%2e/%2e%2e/s.xml", "outside the index's directory"),
        (DOCS + "sub/missing.xml", "does not exist"),
        (DOCS + "sub/inner.xml", "indexes cannot be nested"),
        (DOCS + "sub/sitemap.xml", "indexes cannot be nested"),
    ],
)
def test_listed_index_entries_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], loc: str, why: str
) -> None:
    sub = nested(tmp_path, f"<sitemap><loc>{loc}</loc></sitemap>")
    (sub / "inner.xml").write_text(index_text(DOCS + "sub/a.xml"))
    (sub / "a.xml").write_text(urlset_text(DOCS + "sub/x.html"))
    status, out = index_cli(tmp_path, sub)
    assert status == 2
    assert why in capsys.readouterr().err
    assert not out.exists()


def test_the_index_body_checks_every_value() -> None:
    from sitemap_core import SitemapError
    from sitemap_core._sites import IndexItem, index_body

    warned: list[str] = []
    body = index_body([IndexItem(DOCS + "a.xml", "yesterday<b>")], warned.append)
    assert b"<lastmod>" not in body and "yesterday" in warned[0]
    with pytest.raises(SitemapError, match="cannot list"):
        index_body([IndexItem("javascript:alert(1)</loc>", None)])


def test_a_version_s_canonical_is_read_from_a_clean_url_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mike's ``canonical_version`` on a host that serves ``guide.html`` for ``/3.0/guide``:
    the index finds the page behind the first URL as a static host does, and lists the version
    at its canonical alias."""
    from tests.conftest import core_build, locs

    root = tmp_path / "pages"
    out = root / "3.0"
    out.mkdir(parents=True)
    (out / "guide.html").write_text(
        '<!DOCTYPE html><html><head><title>Guide</title><link rel="canonical" '
        f'href="{BASE}latest/guide"></head><body>x</body></html>'
    )
    record = PageRecord(url="guide", output=out / "guide.html", dates={"modified": "2025-01-01"})
    core_build([record], out, base_url=BASE + "3.0/", lastmod_sources=("metadata",))
    (root / "latest").symlink_to("3.0")
    (root / "versions.json").write_text(
        '[{"version": "3.0", "title": "3.0", "aliases": ["latest"]}]'
    )
    index = root / "sitemap.xml"
    assert main(["index", str(index), "--base-url", BASE, str(root / "versions.json")]) == 0
    assert "3.0: its pages are canonical under latest/" in capsys.readouterr().out
    assert locs(root / "sitemap-latest.xml") == [BASE + "latest/guide"]


def test_a_build_into_the_index_folder_says_it_took_the_index_away(
    versions: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # The docs' example: site/ is both a build's folder and the index's. The index is in
    # that folder's ledger, so the next build there rules on it: it goes, and is named.
    out = versions / "sitemap_index.xml"
    assert main(["index", str(out), "--base-url", BASE, str(versions / "1.0")]) == 0
    logging.getLogger().addHandler(caplog.handler)  # the command set up logging afresh
    caplog.set_level(logging.INFO)
    build(versions, BASE, ["2024-07-01"], robots=True)
    assert not out.exists()
    said = [r.getMessage() for r in caplog.records if "sitemap_index.xml" in r.getMessage()]
    assert len(said) == 1 and "removed" in said[0], [r.getMessage() for r in caplog.records]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
