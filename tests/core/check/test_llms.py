"""``check`` reads the llms.txt a build wrote: a title, links to pages the sitemap lists (or
a section's own file), sizes within the format's limit; a file of the site's own is left be."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import PageRecord
from sitemap_core._check import check_site
from tests.conftest import core_build, finding_codes

BASE = "https://example.org/"


def _built(tmp_path: Path, **settings: object) -> Path:
    records = [
        PageRecord(url=f"{folder}/p{n}/", title=f"Page {n}", section=folder)
        for folder in ("guide", "api")
        for n in range(30)
    ]
    core_build(records, tmp_path, llms_txt=True, **settings)
    return tmp_path


def test_a_fresh_build_passes(tmp_path: Path) -> None:
    assert not {c for c in finding_codes(check_site(_built(tmp_path), BASE)) if "llms" in c}


def test_per_section_files_are_followed_and_pass(tmp_path: Path) -> None:
    site = _built(tmp_path, llms_budget=1_000)
    assert (site / "guide" / "llms.txt").is_file()
    assert not {c for c in finding_codes(check_site(site, BASE)) if "llms" in c}


def test_a_broken_link_a_missing_title_and_an_oversized_file_are_found(tmp_path: Path) -> None:
    site = _built(tmp_path, llms_budget=1_000)
    guide = site / "guide" / "llms.txt"
    text = guide.read_text(encoding="utf-8").replace("# ", "", 1)
    text = text.replace(f"{BASE}guide/p3/", f"{BASE}guide/gone/")
    guide.write_text(text + "- [x](https://example.org/x/)\n" * 2000, encoding="utf-8")
    report = check_site(site, BASE)
    found = {(f.code, f.file, f.severity) for f in report.findings if "llms" in f.code}
    assert found == {
        ("llms-no-title", "guide/llms.txt", "error"),
        ("llms-unlisted", "guide/llms.txt", "error"),
        ("llms-too-big", "guide/llms.txt", "warning"),
    }
    messages = [f.message for f in report.findings if f.code == "llms-unlisted"]
    assert any(f"{BASE}guide/gone/" in m for m in messages)


def test_a_sites_own_llms_txt_is_not_checked(tmp_path: Path) -> None:
    core_build([PageRecord(url="a/")], tmp_path)
    (tmp_path / "llms.txt").write_text("no title\n- [x](https://elsewhere.example/)\n")
    codes = {c for c in finding_codes(check_site(tmp_path, BASE)) if "llms" in c}
    assert codes == {"llms-foreign"}
