"""``check`` reads the llms.txt a build wrote: a title, links to pages the sitemap lists (or
a section's own file), sizes within the format's limit; a file of the site's own is left be."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._check import CheckReport, check_live, check_site
from tests.conftest import core_build, finding_codes
from tests.core.check.conftest import FAST, Reply, Site

BASE = "https://example.org/"


def _built(tmp_path: Path, head: dict[str, str] | None = None, **settings: object) -> Path:
    """A built site of 60 pages; ``head`` puts markup in some pages' heads."""
    records = []
    for folder in ("guide", "api"):
        for n in range(30):
            url = f"{folder}/p{n}/"
            page = tmp_path / url / "index.html"
            page.parent.mkdir(parents=True)
            extra = (head or {}).get(url, "")
            page.write_text(f"<html><head><title>P</title>{extra}</head><body>x</body></html>")
            records.append(PageRecord(url=url, title=f"Page {n}", section=folder))
    settings.setdefault("llms_txt", True)
    core_build(records, tmp_path, html_checks=False, **settings)
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
        ("llms-coverage", "llms.txt", "info"),  # guide/p3/ is linked no more
    }
    messages = [f.message for f in report.findings if f.code == "llms-unlisted"]
    assert any(f"{BASE}guide/gone/" in m for m in messages)


def test_a_sites_own_llms_txt_is_not_checked(tmp_path: Path) -> None:
    core_build([PageRecord(url="a/")], tmp_path)
    (tmp_path / "llms.txt").write_text("no title\n- [x](https://elsewhere.example/)\n")
    codes = {c for c in finding_codes(check_site(tmp_path, BASE)) if "llms" in c}
    assert codes == {"llms-foreign"}


def test_pages_llms_exclude_leaves_out_are_counted_in_a_note_with_examples(tmp_path: Path) -> None:
    site = _built(tmp_path, llms_exclude=["api/*"])
    report = check_site(site, BASE)
    found = [f for f in report.findings if "llms" in f.code]
    assert [(f.code, f.severity) for f in found] == [("llms-coverage", "info")]
    assert found[0].message.startswith("30 of the 60 pages the sitemap lists are in no llms.txt")
    assert f"{BASE}api/p0/, {BASE}api/p1/, {BASE}api/p10/)" in found[0].message
    assert report.exit_status(strict=True) == 0


def test_a_link_to_a_page_the_sitemap_check_finds_unfit_is_a_finding_on_its_line(
    tmp_path: Path,
) -> None:
    # Built without the HTML checks, the sitemap (and so llms.txt) lists these pages.
    head = {
        "guide/p1/": '<meta name="robots" content="noindex">',
        "guide/p2/": '<meta http-equiv="refresh" content="0; url=../p3/">',
    }
    site = _built(tmp_path, head=head)
    (site / "api" / "p4" / "index.html").unlink()
    report = check_site(site, BASE)
    text = (site / "llms.txt").read_text(encoding="utf-8").split("\n")
    found = {
        (f.severity, text[f.line - 1].split("](")[1].split(")")[0], f.message.split("found ")[1])
        for f in report.findings
        if f.code == "llms-not-indexable" and f.line is not None
    }
    assert found == {
        (
            "error",
            f"{BASE}guide/p1/",
            "page-noindex for this page; agents are sent to a page not fit to be listed",
        ),
        (
            "warning",
            f"{BASE}guide/p2/",
            "page-redirect for this page; agents are sent to a page not fit to be listed",
        ),
        (
            "error",
            f"{BASE}api/p4/",
            "page-missing for this page; agents are sent to a page not fit to be listed",
        ),
    }


# -- the live check: the same rules over HTTP -----------------------------------------------
_TYPES = {".xml": "application/xml", ".txt": "text/plain; charset=utf-8", ".html": "text/html"}


def _serve_folder(site: Site, folder: Path) -> None:
    """Every file of a built folder as the site's routes (``x/index.html`` also as ``x/``)."""
    for path in folder.rglob("*"):
        if path.is_file():
            rel = path.relative_to(folder).as_posix()
            reply = Reply(200, path.read_bytes(), {"Content-Type": _TYPES.get(path.suffix, "")})
            site.routes["/" + rel] = reply
            if rel.endswith("index.html"):
                site.routes["/" + rel[: -len("index.html")]] = reply


def _llms_findings(report: CheckReport, base: str) -> set[tuple[str, str, str, int | None]]:
    """The llms findings, each file named relative to the site (live names are URLs)."""
    return {
        (f.code, f.severity, f.file.removeprefix(base), f.line)
        for f in report.findings
        if f.code.startswith("llms-")
    }


def test_the_live_check_finds_what_the_local_check_finds(tmp_path: Path, site: Site) -> None:
    pytest.importorskip("httpx")
    base = site.url("/")
    head = {"guide/p1/": '<meta name="robots" content="noindex">'}
    built = _built(tmp_path, head=head, base_url=base, llms_budget=1_000, llms_exclude=["api/p2?/"])
    (built / "api" / "p4" / "index.html").unlink()
    guide = built / "guide" / "llms.txt"
    guide.write_text(guide.read_text(encoding="utf-8").replace("guide/p3/", "guide/gone/"))
    _serve_folder(site, built)
    local = _llms_findings(check_site(built, base), base)
    live = _llms_findings(check_live(base, FAST), base)
    assert live == local
    assert {code for code, *_ in live} == {"llms-not-indexable", "llms-unlisted", "llms-coverage"}
    assert ("llms-unlisted", "error", "guide/llms.txt", 10) in live
    pages = [p for p in site.routes if p.endswith("/") and p.count("/") == 3]
    assert all(len(site.hits(p)) <= 1 for p in pages)  # llms.txt's links cost no request


def test_the_live_check_says_nothing_of_a_missing_llms_txt_and_leaves_a_sites_own_be(
    tmp_path: Path, site: Site
) -> None:
    pytest.importorskip("httpx")
    base = site.url("/")
    _serve_folder(site, _built(tmp_path, base_url=base, llms_txt=False))
    assert not _llms_findings(check_live(base, FAST), base)
    assert site.hits("/llms.txt")
    site.routes["/llms.txt"] = Reply(200, b"no title\n- [x](/guide/llms.txt)\n", {})
    assert _llms_findings(check_live(base, FAST), base) == {
        ("llms-foreign", "info", "llms.txt", None)
    }
    assert not site.hits("/guide/llms.txt")


def test_a_description_linking_another_host_is_a_warning(tmp_path: Path) -> None:
    page = tmp_path / "a" / "index.html"
    page.parent.mkdir()
    page.write_text("<html><head><title>A</title></head><body>x</body></html>")
    described = "Read [this](https://evil.example/x) first. See [B](https://example.org/b/)."
    records = [
        PageRecord(url="a/", title="A", front_matter={"description": described}),
        PageRecord(url="b/", title="B", front_matter={"description": "https://example.org/"}),
    ]
    core_build(records, tmp_path, html_checks=False, llms_txt=True)
    found = [f for f in check_site(tmp_path, BASE).findings if f.code == "llms-offsite-link"]
    assert [(f.severity, f.file) for f in found] == [("warning", "llms.txt")]
    assert "https://evil.example/x" in found[0].message


def test_build_and_check_give_one_advice_for_a_file_over_the_budget(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Two sections each over the budget: one warning, naming llms_exclude (exclude would drop
    # the pages from sitemap.xml too), as check's own finding for a file that long does.
    records = [
        PageRecord(url=f"{s}/p{n}/", title=f"Page {n} " + "x" * 300, section=s)
        for s in ("guide", "api")
        for n in range(200)
    ]
    report = core_build(records, tmp_path, html_checks=False, llms_txt=True, llms_budget=50_000)
    assert report.warnings == 1
    (warning,) = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert "guide/llms.txt" in warning and "api/llms.txt" in warning
    found = [f for f in check_site(tmp_path, BASE).findings if f.code == "llms-too-big"]
    assert len(found) == 2
    advice = "leave pages out of llms.txt with llms_exclude"
    assert advice in warning and all(advice in f.message for f in found)
