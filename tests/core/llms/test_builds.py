"""Versions deployed with the real mike, each build with ``llms_txt``: every version's own
llms.txt lists its own URLs, and ``ssg-sitemap index`` with versions.json writes a root
llms.txt naming them (default first, mike's aliases), keeping a root file of the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mike")

from sitemap_core import PageRecord
from sitemap_core._check import check_site
from sitemap_core._cli import main
from sitemap_core._llms import Build, builds_file
from sitemap_core._llms._text import render
from tests.conftest import finding_codes, llms_parsed
from tests.core.sites.conftest import deploy_three_versions

pytestmark = pytest.mark.slow

ROOT = "https://docs.example.org/"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("mike-llms")
    served = tmp_path / "served"
    served.mkdir()
    deploy_three_versions(tmp_path, ROOT, served, sitemap="sitemap:\n      llms_txt: true")
    return served


def _index(served: Path) -> int:
    return main(
        ["index", str(served / "sitemap.xml"), "--base-url", ROOT, str(served / "versions.json")]
    )


def test_each_version_build_has_its_own_llms_txt_with_its_urls(served: Path) -> None:
    for version in ("1.0", "2.0", "3.0"):
        parsed = llms_parsed(served / version / "llms.txt")
        urls = [link.url for links in parsed.sections.values() for link in links]
        assert ROOT + version + "/guide/deep/options/" in urls, version
        assert all(url.startswith(ROOT + version + "/") for url in urls), version
    assert ROOT + "1.0/new/" not in (served / "1.0" / "llms.txt").read_text(encoding="utf-8")


def test_the_index_root_names_each_version_default_first(
    served: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = llms_parsed(served / "llms.txt")
    assert root.title == "Demo"
    assert [(link.title, link.url) for link in root.sections["Versions"]] == [
        ("3.0 (latest)", ROOT + "3.0/llms.txt"),
        ("2.0", ROOT + "2.0/llms.txt"),
        ("1.0", ROOT + "1.0/llms.txt"),
    ]
    first = (served / "llms.txt").read_bytes()
    assert _index(served) == 0
    assert "llms.txt: names 3 llms.txt (versions)" in capsys.readouterr().out
    assert (served / "llms.txt").read_bytes() == first
    assert not {c for c in finding_codes(check_site(served, ROOT)) if "llms" in c}


def test_a_users_own_root_llms_txt_is_kept(
    served: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = served / "llms.txt"
    before = own.read_bytes()
    try:
        own.write_text("# Mine\n", encoding="utf-8")
        assert _index(served) == 0
        assert own.read_text(encoding="utf-8") == "# Mine\n"
        assert "not written by ssg-sitemap; kept" in capsys.readouterr().out
    finally:
        own.write_bytes(before)


def test_a_broken_link_in_a_version_s_file_is_found(served: Path) -> None:
    path = served / "1.0" / "llms.txt"
    before = path.read_text(encoding="utf-8")
    try:
        path.write_text(before.replace(ROOT + "1.0/guide/", ROOT + "1.0/gone/"), encoding="utf-8")
        found = {(f.code, f.file) for f in check_site(served, ROOT).findings if "llms" in f.code}
        # The page the link named is in no llms.txt now: the coverage note counts it.
        assert found == {("llms-unlisted", "1.0/llms.txt"), ("llms-coverage", "llms.txt")}
    finally:
        path.write_text(before, encoding="utf-8")


def test_the_root_file_goes_when_no_build_has_one_of_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Title and description from the first build's; when no build has one of ours any more,
    the root file (recorded in the ledger, unchanged) goes, said once."""
    from tests.conftest import core_build

    version = tmp_path / "2.0"
    version.mkdir()
    (version / "index.html").write_text("<html><head><title>Two</title></head></html>")
    core_build([PageRecord(url="")], version, base_url=ROOT + "2.0/", html_checks=False)
    (tmp_path / "versions.json").write_text('[{"version": "2.0", "aliases": []}]')
    own = version / "llms.txt"
    own.write_text(render("Two", "The second.", []), encoding="utf-8")
    builds = [
        Build(own, ROOT + "2.0/llms.txt", "2.0"),
        Build(tmp_path / "1.0" / "llms.txt", "x", "1.0"),
    ]
    made = builds_file(builds, "Versions")
    assert made is not None and made[1] == 1
    assert _index(tmp_path) == 0
    parsed = llms_parsed(tmp_path / "llms.txt")
    assert (parsed.title, parsed.summary) == ("Two", "The second.")
    assert [link.title for link in parsed.sections["Versions"]] == ["2.0"]
    own.write_text("# A file of the version's own\n", encoding="utf-8")
    assert builds_file(builds, "Versions") is None
    capsys.readouterr()
    assert _index(tmp_path) == 0
    said = capsys.readouterr().out
    assert f"{tmp_path / 'llms.txt'}: removed" in said
    assert not (tmp_path / "llms.txt").exists()
    assert _index(tmp_path) == 0
    assert "llms.txt" not in capsys.readouterr().out
