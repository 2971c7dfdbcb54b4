"""The ``llms_txt`` plugin: exactly the pages the XML sitemap lists, in the site's groups and
order, beside the sitemap; read back by the format authors' parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from sitemap_core import PageRecord
from tests.conftest import core_build, locs


def _records() -> list[PageRecord]:
    return [
        PageRecord(url="", title="Home", front_matter={"description": "Start here."}),
        PageRecord(url="guide/", title="Guide", section="User guide"),
        PageRecord(url="guide/install/", title="Install", section="User guide"),
        PageRecord(url="secret/", title="Secret", section="User guide", exclude="draft"),
        PageRecord(url="api/", title="API", section="Reference"),
        PageRecord(url="guide/faq/", title="FAQ", section="User guide"),
    ]


def test_llms_txt_lists_the_sitemaps_pages_in_the_sites_groups_and_order(tmp_path: Path) -> None:
    report = core_build(
        _records(), tmp_path, llms_txt=True, site_name="Demo", site_description="A demo."
    )
    parsed = parse_llms_file((tmp_path / "llms.txt").read_text(encoding="utf-8"))
    assert (parsed.title, parsed.summary) == ("Demo", "A demo.")
    assert list(parsed.sections) == ["Pages", "User guide", "Reference"]
    assert [(link.title, link.url) for link in parsed.sections["User guide"]] == [
        ("Guide", "https://example.org/guide/"),
        ("Install", "https://example.org/guide/install/"),
        ("FAQ", "https://example.org/guide/faq/"),
    ]
    assert parsed.sections["Pages"][0].desc == "Start here."
    listed = {link.url for links in parsed.sections.values() for link in links}
    assert listed == set(locs(tmp_path / "sitemap.xml"))
    assert "llms.txt " in report.summary() and " tokens" in report.summary()


def test_rebuilds_are_byte_identical_and_off_by_default(tmp_path: Path) -> None:
    (tmp_path / "off").mkdir()
    core_build(_records(), tmp_path / "off")
    assert not (tmp_path / "off" / "llms.txt").exists()
    core_build(_records(), tmp_path, llms_txt=True)
    first = (tmp_path / "llms.txt").read_bytes()
    assert first.startswith(b"# Home\n\n> Start here.\n")  # the home page names the site
    core_build(_records(), tmp_path, llms_txt=True)
    assert (tmp_path / "llms.txt").read_bytes() == first


def test_a_users_own_llms_txt_is_kept_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "llms.txt").write_text("# Mine\n", encoding="utf-8")
    report = core_build(_records(), tmp_path, llms_txt=True)
    assert (tmp_path / "llms.txt").read_text(encoding="utf-8") == "# Mine\n"
    assert report.warnings == 1
    assert (tmp_path / "sitemap.xml").exists()


def test_a_page_without_front_matter_description_gets_its_meta_description(
    tmp_path: Path,
) -> None:
    page = tmp_path / "about" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<html><head><title>About</title><meta name="description" content="Who  we\n are.">'
        "</head><body>Hi</body></html>",
        encoding="utf-8",
    )
    records = [PageRecord(url="about/", title="About", output=page)]
    core_build(records, tmp_path, llms_txt=True)
    parsed = parse_llms_file((tmp_path / "llms.txt").read_text(encoding="utf-8"))
    assert [link.desc for links in parsed.sections.values() for link in links] == ["Who we are."]


def test_a_site_over_the_budget_gets_a_file_per_section_and_the_summary_sizes_each(
    tmp_path: Path,
) -> None:
    records = [
        PageRecord(url=f"{folder}/p{n}/", title=f"Page {n}", section=folder.title())
        for folder in ("guide", "api")
        for n in range(40)
    ]
    report = core_build(records, tmp_path, llms_txt=True, llms_budget=2_000)
    root = parse_llms_file((tmp_path / "llms.txt").read_text(encoding="utf-8"))
    assert [link.url for links in root.sections.values() for link in links] == [
        "https://example.org/guide/llms.txt",
        "https://example.org/api/llms.txt",
    ]
    api = parse_llms_file((tmp_path / "api" / "llms.txt").read_text(encoding="utf-8"))
    assert len(api.sections["Api"]) == 40
    summary = report.summary()
    for name in ("llms.txt", "guide/llms.txt", "api/llms.txt"):
        chars = len((tmp_path / name).read_text(encoding="utf-8"))
        assert f"{name} {chars:,} characters, ~{-(-chars // 4):,} tokens" in summary


def test_a_section_longer_than_the_budget_is_a_warning_naming_the_setting(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    records = [PageRecord(url=f"guide/p{n}/", title=f"P{n}", section="Guide") for n in range(60)]
    report = core_build(records, tmp_path, llms_txt=True, llms_budget=1_000)
    assert report.warnings == 1
    assert "guide/llms.txt has" in caplog.text and "llms_budget" in caplog.text


def test_llms_exclude_leaves_pages_out_of_llms_txt_only_and_the_summary_counts_them(
    tmp_path: Path,
) -> None:
    report = core_build(_records(), tmp_path, llms_txt=True, llms_exclude=["guide/*/", "/api/"])
    parsed = parse_llms_file((tmp_path / "llms.txt").read_text(encoding="utf-8"))
    listed = {link.url for links in parsed.sections.values() for link in links}
    assert listed == {"https://example.org/", "https://example.org/guide/"}
    assert len(locs(tmp_path / "sitemap.xml")) == 5  # the sitemap keeps them all
    summary = report.summary()
    assert "; llms.txt: 2 pages (3 left out by llms_exclude): llms.txt " in summary
    assert summary.count("; ") == 3  # still one line of four parts
