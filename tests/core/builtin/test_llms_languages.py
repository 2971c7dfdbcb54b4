"""``llms_txt`` on a translated site: one llms.txt per language in its folder, the root's
naming the others; each language split on its own over the budget; ``check`` follows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitemap_core import PageRecord
from sitemap_core._check import check_site
from tests.conftest import core_build, finding_codes, llms_parsed, locs

BASE = "https://example.org/"


def _records(languages: tuple[str, ...] = ("fr", "de"), pages: int = 3) -> list[PageRecord]:
    records = [
        PageRecord(url="", title="Home", lang="en", front_matter={"description": "Start."}),
        PageRecord(url="guide/", title="Guide", lang="en", section="Guide"),
    ]
    for lang in languages:
        records.append(
            PageRecord(
                url=f"{lang}/", title=f"Home {lang}", lang=lang, front_matter={"description": lang}
            )
        )
        records += [
            PageRecord(url=f"{lang}/guide/p{n}/", title=f"P{n}", lang=lang, section="Guide")
            for n in range(pages)
        ]
    records.append(PageRecord(url="fr/tags/", title="Étiquettes"))  # no language: French
    return records


def _build(out: Path, records: list[PageRecord], **settings: Any) -> Any:
    """The core build with each page's file on disk, as a generator leaves it (``check``
    finds a listed page without one missing)."""
    for record in records:
        page = out / record.url / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"<html><head><title>{record.title}</title></head><body>x</body></html>")
    return core_build(records, out, **settings)


def test_each_language_has_its_own_file_and_the_root_names_them(tmp_path: Path) -> None:
    report = _build(tmp_path, _records(), llms_txt=True, site_name="Demo")
    root = llms_parsed(tmp_path / "llms.txt")
    assert list(root.sections) == ["Pages", "Guide", "Languages"]
    assert [(link.title, link.url) for link in root.sections["Languages"]] == [
        ("Français (fr)", BASE + "fr/llms.txt"),
        ("Deutsch (de)", BASE + "de/llms.txt"),
    ]
    french = llms_parsed(tmp_path / "fr" / "llms.txt")
    assert (french.title, french.summary) == ("Demo: Français (fr)", "fr")
    assert [link.url for link in french.sections["Pages"]] == [BASE + "fr/", BASE + "fr/tags/"]
    assert french.sections["Pages"][0].desc is None  # the language's summary, said once
    german = llms_parsed(tmp_path / "de" / "llms.txt")
    assert list(german.sections) == ["Seiten", "Guide"]  # our label in the language
    every = {
        link.url
        for file in (root, french, german)
        for links in file.sections.values()
        for link in links
        if not link.url.endswith("/llms.txt")
    }
    assert every == set(locs(tmp_path / "sitemap.xml"))
    assert "fr/llms.txt " in report.summary()
    assert not {c for c in finding_codes(check_site(tmp_path, BASE)) if "llms" in c}


def test_each_language_is_split_on_its_own_and_stale_files_go(tmp_path: Path) -> None:
    _build(tmp_path, _records(pages=40), llms_txt=True, llms_budget=1_500)
    root = llms_parsed(tmp_path / "llms.txt")
    assert [link.url for link in root.sections["Languages"]] == [
        BASE + "fr/llms.txt",
        BASE + "de/llms.txt",
    ]
    french = llms_parsed(tmp_path / "fr" / "llms.txt")
    assert [link.url for link in french.sections["Guide"]] == [BASE + "fr/guide/llms.txt"]
    assert len(llms_parsed(tmp_path / "fr" / "guide" / "llms.txt").sections["Guide"]) == 40
    assert not {c for c in finding_codes(check_site(tmp_path, BASE)) if "llms" in c}
    # German is gone and the French fit in one file: the files of the earlier split go.
    _build(tmp_path, _records(("fr",)), llms_txt=True, llms_budget=1_500)
    assert not (tmp_path / "de" / "llms.txt").exists()
    assert not (tmp_path / "fr" / "guide" / "llms.txt").exists()
    assert (tmp_path / "fr" / "llms.txt").is_file()


def test_a_broken_link_in_a_language_file_is_found(tmp_path: Path) -> None:
    _build(tmp_path, _records(), llms_txt=True)
    french = tmp_path / "fr" / "llms.txt"
    text = french.read_text(encoding="utf-8").replace(f"{BASE}fr/guide/p1/", f"{BASE}fr/gone/")
    french.write_text(text, encoding="utf-8")
    found = {(f.code, f.file) for f in check_site(tmp_path, BASE).findings if "llms" in f.code}
    # The page the link named is in no llms.txt now: the coverage note counts it.
    assert found == {("llms-unlisted", "fr/llms.txt"), ("llms-coverage", "llms.txt")}


def test_a_language_file_of_the_site_s_own_is_kept_linked_and_not_a_fault(
    tmp_path: Path, caplog: Any
) -> None:
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "llms.txt").write_text("# Mon site\n", encoding="utf-8")
    with caplog.at_level("INFO"):
        _build(tmp_path, _records(), llms_txt=True)
    assert (tmp_path / "fr" / "llms.txt").read_text(encoding="utf-8") == "# Mon site\n"
    assert any(
        "fr/llms.txt was not written by ssg-sitemap" in r.getMessage() for r in caplog.records
    )
    assert BASE + "fr/llms.txt" in (tmp_path / "llms.txt").read_text(encoding="utf-8")
    found = {(f.code, f.file) for f in check_site(tmp_path, BASE).findings if "llms" in f.code}
    # French pages are in no llms.txt of ours: counted, not faulted.
    assert found == {("llms-foreign", "fr/llms.txt"), ("llms-coverage", "llms.txt")}
