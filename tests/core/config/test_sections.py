"""Named section sitemaps: one child sitemap per section, one index naming them all."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from sitemap_core._config import parse_sections
from tests.conftest import cli, core_build, locs, write_files

BASE = "https://example.org/"
SECTIONS = {"blog/*": "blog", "docs/*": "docs"}


def records(blog: int = 3, docs: int = 2, other: int = 2) -> list[PageRecord]:
    return [
        *(
            PageRecord(f"blog/{n}.html", dates={"modified": f"2024-01-{n + 1:02d}"})
            for n in range(blog)
        ),
        *(
            PageRecord(f"docs/{n}/", dates={"modified": f"2024-02-{n + 1:02d}"})
            for n in range(docs)
        ),
        *(PageRecord(f"about-{n}.html") for n in range(other)),
    ]


def files(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("sitemap"))


def test_each_section_is_a_sitemap_of_its_own_in_one_index(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    report = core_build(records(), tmp_path, sections=SECTIONS, lastmod_sources=("metadata",))
    assert files(tmp_path) == [
        "sitemap-blog.xml",
        "sitemap-docs.xml",
        "sitemap-pages.xml",
        "sitemap.xml",
    ]
    index = assert_valid(tmp_path / "sitemap.xml")
    assert index.tag.endswith("sitemapindex")
    assert locs(tmp_path / "sitemap.xml") == [
        BASE + "sitemap-blog.xml",
        BASE + "sitemap-docs.xml",
        BASE + "sitemap-pages.xml",
    ]
    for name in ("sitemap-blog.xml", "sitemap-docs.xml", "sitemap-pages.xml"):
        assert_valid(tmp_path / name)
    assert locs(tmp_path / "sitemap-blog.xml") == [BASE + f"blog/{n}.html" for n in range(3)]
    assert locs(tmp_path / "sitemap-pages.xml") == [BASE + "about-0.html", BASE + "about-1.html"]
    assert report.entry == "sitemap.xml" and report.urls == 7
    assert "Sitemap: https://example.org/sitemap.xml" in (tmp_path / "robots.txt").read_text()


def test_first_match_wins_and_a_catch_all_names_the_rest(tmp_path: Path) -> None:
    core_build(
        records(),
        tmp_path,
        sections=[("blog/1*", "featured"), ("blog/*", "blog"), ("*", "rest")],
    )
    assert files(tmp_path) == [
        "sitemap-blog.xml",
        "sitemap-featured.xml",
        "sitemap-rest.xml",
        "sitemap.xml",
    ]
    assert locs(tmp_path / "sitemap-featured.xml") == [BASE + "blog/1.html"]
    assert locs(tmp_path / "sitemap.xml")[0] == BASE + "sitemap-featured.xml"


def test_large_sections_are_sharded_and_gzipped(tmp_path: Path) -> None:
    core_build(records(blog=5), tmp_path, sections=SECTIONS, max_urls=2, gzip=True)
    assert files(tmp_path) == [
        *(f"sitemap-blog-{n}.xml{gz}" for n in (1, 2, 3) for gz in ("", ".gz")),
        "sitemap-docs.xml",
        "sitemap-docs.xml.gz",
        "sitemap-pages.xml",
        "sitemap-pages.xml.gz",
        "sitemap.xml",
        "sitemap.xml.gz",
    ]
    assert locs(tmp_path / "sitemap.xml") == [
        BASE + f"sitemap-{n}.xml.gz" for n in ("blog-1", "blog-2", "blog-3", "docs", "pages")
    ]


def test_stale_section_files_are_swept(tmp_path: Path) -> None:
    core_build(records(), tmp_path, sections=SECTIONS)
    (tmp_path / "sitemap-mine.xml").write_text("<urlset>hand-written</urlset>")
    core_build(records(), tmp_path, sections={"blog/*": "articles"})
    assert files(tmp_path) == [
        "sitemap-articles.xml",
        "sitemap-mine.xml",  # not ours: left alone
        "sitemap-pages.xml",
        "sitemap.xml",
    ]
    core_build(records(), tmp_path)
    assert files(tmp_path) == ["sitemap-mine.xml", "sitemap.xml"]
    assert len(locs(tmp_path / "sitemap.xml")) == 7


def test_lastmod_shard_order_keeps_each_sections_shards(tmp_path: Path) -> None:
    settings: dict[str, Any] = {
        "sections": SECTIONS,
        "shard_order": "lastmod",
        "max_urls": 2,
        "gzip": True,
        "lastmod_sources": ("metadata",),
    }
    core_build(records(blog=5), tmp_path, **settings)
    before = {p.name: p.read_bytes() for p in tmp_path.glob("sitemap*")}
    core_build(records(blog=5), tmp_path, **settings)
    assert {p.name: p.read_bytes() for p in tmp_path.glob("sitemap*")} == before
    added = [*records(blog=5), PageRecord("blog/new.html", dates={"modified": "2023-01-01"})]
    core_build(added, tmp_path, **settings)
    after = {p.name: p.read_bytes() for p in tmp_path.glob("sitemap*")}
    changed = sorted(name for name in after if after[name] != before.get(name))
    # The new page tops up the blog's last shard, nothing else moves (its newest lastmod,
    # and so the index, stay the same).
    assert changed == ["sitemap-blog-3.xml", "sitemap-blog-3.xml.gz"]
    assert locs(tmp_path / "sitemap-blog-3.xml") == [BASE + "blog/4.html", BASE + "blog/new.html"]


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("blog", "sections: 'blog' is not a mapping"),
        ({"blog/*": "2"}, "sections: blog/\\*: '2' is not a section name"),
        ({"blog/*": "blog-2"}, "is not a section name"),
        ({"blog/*": "a/b"}, "is not a section name"),
        ({"": "blog"}, "sections: '' is not a glob"),
    ],
)
def test_invalid_sections_are_config_errors(given: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings(base_url=BASE, sections=given)
    assert parse_sections({"a/*": "a_b-c"}) == (("a/*", "a_b-c"),)


@pytest.mark.parametrize("name", ["index", "Index"])
def test_a_section_cannot_be_named_index(name: str) -> None:
    # sitemap-index.xml is where readers look for an index first (Material's, Astro's): a
    # section's urlset there would be taken for the whole site.
    for index_filename in (None, "sitemap-index.xml"):
        with pytest.raises(ConfigError, match=rf"sections: \*: '{name}' .*sitemap-{name}\.xml"):
            Settings(base_url=BASE, sections={"*": name}, index_filename=index_filename)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return cli(*args)


def test_cli_sections_pass_check_and_announce_follows_the_index(tmp_path: Path) -> None:
    page = "<!doctype html><html><head><title>t</title></head><body>x</body></html>"
    site = write_files(
        tmp_path / "public",
        {"index.html": page, "blog/a.html": page, "blog/b.html": page, "docs/c/index.html": page},
    )
    built = run(
        "build", str(site), "--base-url", BASE, "--section", "blog/*=blog",
        "--section", "docs/**=docs", "--gzip", "--indexnow-key", "0123456789abcdef",
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert locs(site / "sitemap.xml") == [
        BASE + f"sitemap-{n}.xml.gz" for n in ("blog", "docs", "pages")
    ]
    checked = run("check", str(site), "--base-url", BASE, "--format", "json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads(checked.stdout)["errors"] == 0
    announced = run(
        "announce", str(site), "--base-url", BASE, "--key", "0123456789abcdef", "--all",
        "--dry-run",
    )  # fmt: skip
    assert announced.returncode == 0, announced.stderr
    for loc in ("blog/a.html", "blog/b.html", "docs/c/", ""):
        assert BASE + loc in announced.stdout + announced.stderr
    bad = run("build", str(site), "--base-url", BASE, "--section", "blog")
    assert bad.returncode == 2
    assert "--section 'blog': write it as GLOB=NAME" in bad.stderr


def test_live_check_follows_the_section_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import functools
    from http.server import SimpleHTTPRequestHandler

    from sitemap_core._cli import main
    from tests.conftest import local_server

    page = "<!doctype html><html><head><title>t</title></head><body>x</body></html>"
    site = write_files(
        tmp_path / "public", {"index.html": page, "blog/a.html": page, "docs/b.html": page}
    )

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(functools.partial(Quiet, directory=str(site))) as port:  # type: ignore[arg-type]
        base = f"http://127.0.0.1:{port}/"
        built = run("build", str(site), "--base-url", base, "--section", "blog/*=blog", "--gzip")
        assert built.returncode == 0, built.stderr
        status = main(["check", base, "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0, out["findings"]
    assert out["errors"] == 0 and out["urls"] == 3


def test_a_section_no_url_matches_is_named_in_one_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A glob written from another folder than the base URL (``docs/*`` for a site served
    at /docs/) matches nothing: one INFO line says so, and no warning fails a strict build."""
    caplog.set_level("INFO")
    records = [PageRecord(url="index.html"), PageRecord(url="guide/a.html")]
    report = core_build(
        records,
        tmp_path,
        base_url="https://example.org/docs/",
        sections={"docs/guide/*": "guide"},
        strict=True,
    )
    assert not report.failed
    said = [r.getMessage() for r in caplog.records if "section guide" in r.getMessage()]
    assert said == [
        "sitemap: section guide: no URL matches docs/guide/* (globs match the path after "
        "https://example.org/docs/); the section has no sitemap this time"
    ]
    assert locs(tmp_path / "sitemap.xml") == ["https://example.org/docs/sitemap-pages.xml"]
