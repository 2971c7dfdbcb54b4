"""llms.txt's text, the size budget and the write, read back by the format authors' parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from llms_txt import parse_llms_file

from sitemap_core._errors import SitemapError
from sitemap_core._files import FilePlan, commit_set, read_owned
from sitemap_core._llms import LLMS_TXT, Link, Section, Written, is_ours, plan, write
from sitemap_core._llms._text import render

BASE = "https://example.org/"


def _write(folder: Path, files: dict[str, str]) -> list[Written]:
    """Plan the files as a build does, then commit the plan as its second commit does (the
    earlier build's recorded files not planned now go)."""
    planned = FilePlan(read_owned(folder))
    written = write(folder, files, planned)
    commit_set(planned.owned, [], planned.files, set(planned.owned.digests))
    return written


def _sections(count: int = 2, pages: int = 3) -> list[Section]:
    return [
        Section(
            f"Part {s}",
            tuple(
                Link(f"{BASE}part{s}/page{p}/", f"Page {s}.{p}", f"About page {s}.{p}.")
                for p in range(pages)
            ),
        )
        for s in range(count)
    ]


def test_the_format_authors_parser_reads_name_summary_sections_and_links() -> None:
    sections = [
        Section("Guide", (Link(BASE + "a/", "A [draft] page", "Line one\nline two"),)),
        Section("API", (Link(BASE + "f(x)/", None),)),
    ]
    parsed = parse_llms_file(render("My  Site", "What it is.", sections))
    assert parsed.title == "My Site"
    assert parsed.summary == "What it is."
    assert list(parsed.sections) == ["Guide", "API"]
    (guide,) = parsed.sections["Guide"]
    assert guide.title == "A (draft) page"
    assert guide.url == BASE + "a/"
    assert guide.desc == "Line one line two"
    (api,) = parsed.sections["API"]
    assert api.url == BASE + "f%28x%29/"  # the same URL, and the link does not end early


def test_our_marker_sits_after_the_summary_where_the_format_allows_free_text() -> None:
    text = render("Site", "About.", _sections())
    lines = text.splitlines()
    assert lines[0] == "# Site"
    assert lines[2] == "> About."
    assert "ssg-sitemap" in parse_llms_file(text).info


def test_a_site_under_the_budget_gets_one_file() -> None:
    files = plan("Site", None, _sections(), BASE, 50_000)
    assert list(files) == [LLMS_TXT]


def test_a_site_over_the_budget_gets_one_file_per_section_in_its_folder() -> None:
    files = plan("Site", "About.", _sections(3, 400), BASE, 50_000)
    assert list(files) == [LLMS_TXT, "part0/llms.txt", "part1/llms.txt", "part2/llms.txt"]
    assert all(len(text) < 50_000 for text in files.values())
    root = parse_llms_file(files[LLMS_TXT])
    assert [link.url for links in root.sections.values() for link in links] == [
        f"{BASE}part{s}/llms.txt" for s in range(3)
    ]
    part = parse_llms_file(files["part1/llms.txt"])
    assert list(part.sections) == ["Part 1"]
    assert len(part.sections["Part 1"]) == 400


def test_sections_without_a_shared_folder_are_named_by_their_title() -> None:
    big = Section("Getting Started!", tuple(Link(f"{BASE}p{n}/", "P" * 40) for n in range(60)))
    # p0/, p1/, ... share no folder but the root
    assert "getting-started/llms.txt" in plan("Site", None, [big], BASE, 1_000)


def test_write_is_atomic_ours_and_byte_identical(tmp_path: Path) -> None:
    files = plan("Site", None, _sections(), BASE, 50_000)
    written = _write(tmp_path, files)
    first = (tmp_path / LLMS_TXT).read_bytes()
    assert [(w.name, w.chars) for w in written] == [(LLMS_TXT, len(files[LLMS_TXT]))]
    assert written[0].tokens == -(-written[0].chars // 4)
    assert is_ours(tmp_path / LLMS_TXT)
    _write(tmp_path, files)
    assert (tmp_path / LLMS_TXT).read_bytes() == first
    # no temp file left (beside it: the ledger that records it)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".sitemap.sha256", LLMS_TXT]


def test_a_users_own_llms_txt_is_kept(tmp_path: Path) -> None:
    own = tmp_path / LLMS_TXT
    own.write_text("# Mine\n\n## Docs\n\n- [Home](https://example.org/)\n", encoding="utf-8")
    with pytest.raises(SitemapError, match="not written by ssg-sitemap; it is kept"):
        _write(tmp_path, plan("Site", None, _sections(), BASE, 50_000))
    assert own.read_text(encoding="utf-8").startswith("# Mine")


def test_section_files_of_an_earlier_split_go_when_the_site_fits_again(tmp_path: Path) -> None:
    _write(tmp_path, plan("Site", None, _sections(3, 400), BASE, 50_000))
    assert (tmp_path / "part1" / "llms.txt").is_file()
    mine = tmp_path / "part2" / "llms.txt"
    mine.write_text("# My own\n", encoding="utf-8")
    _write(tmp_path, plan("Site", None, _sections(3, 2), BASE, 50_000))
    assert not (tmp_path / "part0" / "llms.txt").exists()
    assert not (tmp_path / "part1" / "llms.txt").exists()
    assert mine.read_text(encoding="utf-8") == "# My own\n"  # not ours: kept


def test_the_top_of_the_site_stays_in_the_root_file_when_split(tmp_path: Path) -> None:
    top = Section("Pages", (Link(BASE, "Home"), Link(BASE + "about.html", "About")))
    files = plan("Site", None, [top, *_sections(2, 400)], BASE, 50_000)
    assert list(files) == [LLMS_TXT, "part0/llms.txt", "part1/llms.txt"]
    root = parse_llms_file(files[LLMS_TXT])
    assert [link.title for link in root.sections["Pages"]] == ["Home", "About"]


def test_a_section_file_in_a_folder_with_a_space_goes_when_the_site_fits_again(
    tmp_path: Path,
) -> None:
    # The root links it escaped (my%20part/llms.txt); the file is in "my part/".
    links = tuple(Link(f"{BASE}my part/page{p}/", f"Page {p}") for p in range(900))
    sections = [Section("Mine", links), *_sections(1, 900)]
    _write(tmp_path, plan("Site", None, sections, BASE, 50_000))
    assert (tmp_path / "my part" / "llms.txt").is_file()
    _write(tmp_path, plan("Site", None, _sections(1, 2), BASE, 50_000))
    assert not (tmp_path / "my part" / "llms.txt").exists()


def test_over_budget_the_home_page_stays_in_the_root_file_when_its_section_moves() -> None:
    # A blog's top of the site is long (its tag and archive pages): it gets its own file, and
    # the home page still leads the root llms.txt.
    pages = tuple(Link(f"{BASE}p{n}.html", f"Page {n} " + "x" * 60) for n in range(900))
    top = Section("Pages", (Link(BASE, "Home"), *pages))
    files = plan("Site", None, [top, *_sections(1, 10)], BASE, 50_000)
    root = parse_llms_file(files[LLMS_TXT])
    assert root.sections["Pages"][0].url == BASE
    assert len(files) == 3 and f"{BASE}p0.html" not in files[LLMS_TXT]


def test_html_in_a_title_or_description_reaches_no_reader_as_html() -> None:
    text = render(
        "<b>Site</b>",
        "<script>alert(1)</script>",
        [Section("S", (Link(BASE + "a/", '<img src=x onerror="alert(1)">', "<script>"),))],
    )
    assert "<script" not in text and "<img" not in text and "<b>" not in text
    assert "&lt;img src=x onerror=" in text


def test_a_section_without_a_shared_folder_is_filed_under_pelican_s_slug() -> None:
    # Pelican's slug of "Français" is francais (unidecode): the section's own file goes there.
    links = tuple(Link(f"{BASE}post{n}.html", "x" * 80) for n in range(700))
    files = plan("Site", None, [Section("Français", links), *_sections(1, 10)], BASE, 50_000)
    assert "francais/llms.txt" in files
