"""Versioned docs: a version's pages whose canonical names their copy in another version."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import PageRecord
from sitemap_core._check import check_files, check_site
from sitemap_core._sites._versions import looks_like_version, version_sibling
from tests.conftest import core_build, locs, mkdocs_build, write_files

ROOT = "https://docs.example.org/"
V1 = ROOT + "1.0/"


def page(canonical: str) -> str:
    return (
        f'<!DOCTYPE html><html><head><title>t</title><link rel="canonical" href="{canonical}">'
        "</head><body>x</body></html>"
    )


def test_version_sibling_names_the_folder_of_the_same_page() -> None:
    assert version_sibling(ROOT + "latest/guide/", V1 + "guide/", V1) == "latest"
    assert version_sibling(ROOT + "2.0/guide/#x", V1 + "guide/", V1) == "2.0"
    # Another page of the sibling, the root itself, or the page's own folder: not a copy.
    assert version_sibling(ROOT + "latest/other/", V1 + "guide/", V1) is None
    assert version_sibling(ROOT + "guide/", V1 + "guide/", V1) is None
    assert version_sibling("https://other.org/latest/guide/", V1 + "guide/", V1) is None
    # Languages are not versions, unless the build says it is versioned (mike's folders).
    en = ROOT + "en/"
    assert version_sibling(ROOT + "fr/guide/", en + "guide/", en) is None
    assert version_sibling(ROOT + "fr/guide/", en + "guide/", en, versioned=True) == "fr"
    assert all(map(looks_like_version, ("1.0", "v2", "3.1.4rc1", "latest", "stable", "dev")))
    assert not any(map(looks_like_version, ("en", "fr", "docs", "blog")))


def test_build_keeps_pages_whose_canonical_is_their_copy_in_latest(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """mike's canonical_version: every page of 1.0 names its twin under latest/. The 1.0
    sitemap keeps 1.0's own pages (the version selector reads it), without a warning; a
    canonical naming another page is still a page left out."""
    out = write_files(
        tmp_path / "site",
        {
            "index.html": page(ROOT + "latest/"),
            "guide/install/index.html": page(ROOT + "latest/guide/install/"),
            "old/index.html": page(ROOT + "latest/new/"),
        },
    )
    records = [
        PageRecord(url=u, output=out / f)
        for u, f in (
            ("", "index.html"),
            ("guide/install/", "guide/install/index.html"),
            ("old/", "old/index.html"),
        )
    ]
    with caplog.at_level(logging.DEBUG):
        report = core_build(records, out, base_url=V1)
    assert locs(out / "sitemap.xml") == [V1, V1 + "guide/install/"]
    assert report.warnings == 0
    assert report.excluded == {"canonical elsewhere": 1}
    assert "2 pages name their copy in another version as canonical (latest/ (2))" in caplog.text


def test_check_catches_urls_outside_the_version_folder(tmp_path: Path) -> None:
    """What the build wrote before: 1.0/sitemap.xml listing latest/ URLs."""
    site = write_files(
        tmp_path,
        {
            "1.0/sitemap.xml": '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"<url><loc>{ROOT}latest/</loc></url>\n</urlset>\n",
        },
    )
    report = check_files([site / "1.0/sitemap.xml"], V1)
    assert [f.code for f in report.findings if f.severity == "error"] == ["outside-directory"]


def test_check_notes_version_canonicals_instead_of_failing(tmp_path: Path) -> None:
    """Build and check agree: a version's page naming its copy in latest/ is a note."""
    site = write_files(
        tmp_path,
        {
            "1.0/index.html": page(ROOT + "latest/"),
            "1.0/a/index.html": page(ROOT + "latest/b/"),
        },
    )
    records = [
        PageRecord(url="", output=site / "1.0/index.html"),
        PageRecord(url="a/", output=site / "1.0/a/index.html"),
    ]
    core_build(records, site / "1.0", base_url=V1, html_checks=False)
    (site / "robots.txt").write_text(f"Sitemap: {V1}sitemap.xml\n")
    report = check_site(site, ROOT)
    found = {(f.severity, f.code) for f in report.findings}
    assert ("info", "page-version-canonical") in found
    assert ("error", "page-canonical") in found  # a/ names another page: still an error
    assert report.errors == 1


@pytest.mark.slow
def test_mkdocs_material_mike_provider_without_the_plugin(tmp_path: Path) -> None:
    """Material's own mike support (``extra.version.provider: mike``, no mike plugin): under
    ``mike deploy 1.0`` the pages are served from 1.0/, so the sitemap lists them there."""
    write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: Demo\nsite_url: https://docs.example.org/\n"
            "theme:\n  name: material\n"
            "extra:\n  version:\n    provider: mike\n"
            "plugins:\n  - sitemap:\n      html_checks: false\n",
            "docs/index.md": "# Home\n",
            "docs/guide/install.md": "# Install\n",
        },
    )
    mkdocs_build(tmp_path, env={"MIKE_DOCS_VERSION": "1.0"})
    assert locs(tmp_path / "site/sitemap.xml") == [V1, V1 + "guide/install/"]
    mkdocs_build(tmp_path)  # a plain build: site_url as it is
    assert locs(tmp_path / "site/sitemap.xml") == [ROOT, ROOT + "guide/install/"]


MIKE_SITE = {
    "mkdocs.yml": """
        site_name: Demo
        site_url: https://docs.example.org/
        theme:
          name: material
        extra:
          version:
            provider: mike
        plugins:
          - mike:
              canonical_version: latest
          - sitemap
    """,
    "docs/index.md": "# Home\n",
    "docs/guide/install.md": "# Install\n",
}


@pytest.mark.slow
def test_mkdocs_mike_version_build_lists_its_own_folder(tmp_path: Path) -> None:
    """A real ``mkdocs build`` as ``mike deploy 1.0`` runs it: mike points site_url at
    latest/ (canonical_version); the sitemap still lists 1.0's own pages, no warning."""
    pytest.importorskip("mike")
    write_files(tmp_path, MIKE_SITE, dedent=True)
    proc = mkdocs_build(tmp_path, env={"MIKE_DOCS_VERSION": "1.0"})
    assert locs(tmp_path / "site/sitemap.xml") == [V1, V1 + "guide/install/"]
    html = (tmp_path / "site/guide/install/index.html").read_text()
    assert 'rel="canonical" href="https://docs.example.org/latest/guide/install/"' in html
    assert "WARNING" not in proc.stderr
    assert "name their copy in another version as canonical" in proc.stderr
    assert "run ssg-sitemap index with versions.json at the deployment root" in proc.stderr


# -- the index over versions ----------------------------------------------------------------
@pytest.fixture(autouse=True)
def _no_stale_log_handler() -> None:
    """``main`` points the root logger at the stderr of its test; a later test's build must
    not write to that closed stream."""
    logging.getLogger().handlers.clear()


def _version_build(
    root: Path, version: str, canonical: str | None, dates: list[str], **settings: Any
) -> None:
    """One version's build in ``root/version``: pages ``p0/``... in two languages (hreflang),
    whose canonical names their copy under ``canonical/`` (or themselves)."""
    out = root / version
    base = f"{ROOT}{version}/"
    records = []
    for i, date in enumerate(dates):
        for lang in ("en", "fr"):
            url = f"{lang}/p{i}/"
            target = f"{ROOT}{canonical or version}/{url}"
            write_files(out, {f"{url}index.html": page(target)})
            records.append(
                PageRecord(
                    url=url,
                    output=out / url / "index.html",
                    lang=lang,
                    translation_key=f"p{i}",
                    dates={"modified": date},
                )
            )
    report = core_build(records, out, base_url=base, lastmod_sources=("metadata",), **settings)
    assert report.warnings == 0


@pytest.fixture
def deployed(tmp_path: Path) -> Path:
    """mike's gh-pages tree: 1.0, 2.0, 3.0 (alias latest, a symlink), versions.json; every
    version's pages name their copy under latest/ as canonical (canonical_version)."""
    root = tmp_path / "pages"
    _version_build(root, "1.0", "latest", ["2023-01-01"])
    _version_build(root, "2.0", "latest", ["2024-01-01", "2024-02-01"])
    _version_build(root, "3.0", "latest", ["2025-01-01", "2025-03-01T10:00:00Z"])
    (root / "latest").symlink_to("3.0")
    (root / "versions.json").write_text(
        '[{"version": "3.0", "title": "3.0", "aliases": ["latest"]},'
        ' {"version": "2.0", "title": "2.0", "aliases": []},'
        ' {"version": "1.0", "title": "1.0", "aliases": []}]'
    )
    return root


def test_index_versions_lists_the_latest_at_its_canonical_urls(
    deployed: Path, xsd_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sitemap_core._cli import main

    own = (deployed / "3.0/sitemap.xml").read_bytes()
    out = deployed / "sitemap.xml"
    assert main(["index", str(out), "--base-url", ROOT, str(deployed / "versions.json")]) == 0
    assert "3.0: its pages are canonical under latest/" in capsys.readouterr().out
    assert locs(out) == [ROOT + "sitemap-latest.xml"]
    copy = deployed / "sitemap-latest.xml"
    assert locs(copy) == [ROOT + f"latest/{lang}/p{i}/" for lang in ("en", "fr") for i in range(2)]
    # hreflang alternates come along, moved with their pages.
    text = copy.read_text()
    assert f'hreflang="fr" href="{ROOT}latest/fr/p0/"' in text and "3.0/" not in text
    assert (deployed / "3.0/sitemap.xml").read_bytes() == own  # the selector's file stays
    robots = (deployed / "robots.txt").read_text()
    assert [line for line in robots.splitlines() if line.startswith("Sitemap:")] == [
        f"Sitemap: {ROOT}sitemap.xml"
    ]
    report = check_site(deployed)
    assert [f for f in report.findings if f.severity != "info"] == []
    assert report.urls == 4
    # Again after the next release: the same robots.txt line, once.
    assert main(["index", str(out), "--base-url", ROOT, str(deployed / "versions.json")]) == 0
    assert (deployed / "robots.txt").read_text() == robots


def test_index_versions_copies_a_sharded_version_and_drops_old_copies(deployed: Path) -> None:
    from sitemap_core._cli import main

    _version_build(deployed, "3.0", "latest", ["2025-01-01", "2025-02-01"], max_urls=3)
    args = ["index", str(deployed / "sitemap.xml"), "--base-url", ROOT]
    assert main([*args, str(deployed / "versions.json")]) == 0
    copies = [ROOT + "sitemap-latest-1.xml", ROOT + "sitemap-latest-2.xml"]
    assert locs(deployed / "sitemap.xml") == copies
    assert len(locs(deployed / "sitemap-latest-1.xml")) == 3
    # The next release fits one file again: the shards' copies go, the user's files stay.
    (deployed / "sitemap-latest-7.xml").write_text("mine")
    _version_build(deployed, "3.0", "latest", ["2025-01-01"])
    assert main([*args, str(deployed / "versions.json")]) == 0
    assert locs(deployed / "sitemap.xml") == [ROOT + "sitemap-latest.xml"]
    assert not (deployed / "sitemap-latest-1.xml").exists()
    assert not (deployed / "sitemap-latest-2.xml").exists()
    assert (deployed / "sitemap-latest-7.xml").read_text() == "mine"


def test_index_versions_with_an_alias_folder_that_is_a_copy(tmp_path: Path) -> None:
    """mike's alias_type copy: latest/ is its own folder, so its own sitemap (and .gz copy)
    gets latest/ URLs, and Material's instant navigation under latest/ knows its links."""
    import gzip
    import shutil

    from sitemap_core._cli import main

    root = tmp_path / "pages"
    _version_build(root, "1.0", "latest", ["2023-01-01"])
    _version_build(root, "3.0", "latest", ["2025-01-01"], gzip=True)
    shutil.copytree(root / "3.0", root / "latest")
    (root / "versions.json").write_text(
        '[{"version": "3.0", "aliases": ["latest"]}, {"version": "1.0", "aliases": []}]'
    )
    own = (root / "3.0/sitemap.xml").read_bytes()
    args = ["index", str(root / "sitemap.xml"), "--base-url", ROOT, str(root / "versions.json")]
    assert main(args) == 0
    assert locs(root / "sitemap.xml") == [ROOT + "latest/sitemap.xml"]
    moved = [ROOT + f"latest/{lang}/p0/" for lang in ("en", "fr")]
    assert locs(root / "latest/sitemap.xml") == moved
    packed = gzip.decompress((root / "latest/sitemap.xml.gz").read_bytes())
    assert packed == (root / "latest/sitemap.xml").read_bytes()
    assert (root / "3.0/sitemap.xml").read_bytes() == own
    assert not (root / "sitemap-latest.xml").exists()
    report = check_site(root)
    assert [f for f in report.findings if f.severity != "info"] == [] and report.urls == 2
    before = (root / "latest/sitemap.xml.gz").read_bytes()
    assert main(args) == 0  # again: nothing moves, the same bytes
    assert (root / "latest/sitemap.xml.gz").read_bytes() == before


def test_index_versions_says_which_alias_type_a_symlinked_alias_wants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mike's default alias_type symlink: latest/sitemap.xml is 3.0's own, so Material's
    instant navigation under latest/ loads pages in full; one line names the fix."""
    from sitemap_core._cli._main import main

    root = tmp_path / "pages"
    _version_build(root, "3.0", "latest", ["2025-01-01"])
    (root / "latest").symlink_to("3.0", target_is_directory=True)
    (root / "versions.json").write_text('[{"version": "3.0", "aliases": ["latest"]}]')
    args = ["index", str(root / "sitemap.xml"), "--base-url", ROOT, str(root / "versions.json")]
    assert main(args) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "alias_type" in line]
    assert len(said) == 1, said
    assert "latest/ is a symlink to 3.0/" in said[0] and "alias_type: copy" in said[0]
    (root / "latest").unlink()
    shutil.copytree(root / "3.0", root / "latest")
    assert main(args) == 0
    assert "alias_type" not in capsys.readouterr().out


def test_switching_to_an_alias_folder_copy_drops_the_root_copy(
    deployed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mike switched to ``alias_type: copy``: the root copy an earlier run made of the
    symlinked alias's sitemap goes (robots.txt names the index, which no longer lists it)."""
    import shutil

    from sitemap_core._cli._main import main

    args = ["index", str(deployed / "sitemap.xml"), "--base-url", ROOT]
    assert main([*args, str(deployed / "versions.json")]) == 0
    assert (deployed / "sitemap-latest.xml").is_file()
    (deployed / "latest").unlink()
    shutil.copytree(deployed / "3.0", deployed / "latest")
    capsys.readouterr()
    assert main([*args, str(deployed / "versions.json")]) == 0
    assert locs(deployed / "sitemap.xml") == [ROOT + "latest/sitemap.xml"]
    assert not (deployed / "sitemap-latest.xml").exists()
    assert "sitemap-latest.xml" in capsys.readouterr().out
    report = check_site(deployed)
    assert [f for f in report.findings if f.severity != "info"] == []


def test_index_versions_by_name_lists_their_own_sitemaps(tmp_path: Path) -> None:
    """Versions that are their own canonical (no canonical_version): their sitemaps as they
    are, only those chosen."""
    from sitemap_core._cli import main

    root = tmp_path / "pages"
    for version in ("1.0", "2.0", "3.0"):
        _version_build(root, version, None, ["2024-01-01"])
    (root / "versions.json").write_text(
        '[{"version": "3.0", "title": "3.0", "aliases": ["latest", "stable"]},'
        ' {"version": "2.0", "title": "2.0", "aliases": []},'
        ' {"version": "1.0", "title": "1.0", "aliases": []}]'
    )
    out = root / "sitemap_index.xml"
    args = ["index", str(out), "--base-url", ROOT, str(root / "versions.json")]
    assert main([*args, "--version", "stable", "--version", "2.0"]) == 0
    assert locs(out) == [ROOT + "3.0/sitemap.xml", ROOT + "2.0/sitemap.xml"]
    assert not (root / "sitemap_index-latest.xml").exists()
    assert main(args) == 0
    assert locs(out) == [ROOT + "3.0/sitemap.xml"]


@pytest.mark.parametrize(
    ("versions", "extra", "message"),
    [
        ("{}", [], "expected a list of {version, title, aliases}"),
        ('[{"title": "x"}]', [], "entry 1: 'version' is None, not a folder name"),
        ('[{"version": "1.0", "aliases": "latest"}]', [], "'aliases' is 'latest'"),
        ('[{"version": "../x"}]', [], "'version' is '../x'"),
        ('[{"version": "1.0"}]', ["--version", "9.9"], "--version 9.9: no such version"),
        ('[{"version": "4.0"}]', [], "lists 4.0, but"),
        ("[", [], "is not JSON"),
    ],
)
def test_index_versions_mistakes_are_named(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    versions: str,
    extra: list[str],
    message: str,
) -> None:
    from sitemap_core._cli import main

    _version_build(tmp_path, "1.0", None, ["2024-01-01"])
    (tmp_path / "versions.json").write_text(versions)
    out = tmp_path / "sitemap.xml"
    status = main(
        [
            "index",
            str(out),
            "--base-url",
            ROOT,
            str(tmp_path / "versions.json"),
            *extra,
        ]
    )
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.slow
def test_material_sharded_site_keeps_one_list_in_sitemap_xml(tmp_path: Path) -> None:
    """Material reads the pages listed in sitemap.xml itself (it does not follow an index):
    a sharded site's index is sitemap-index.xml (robots.txt names it) and sitemap.xml lists
    every page; the site checks clean from robots.txt."""
    site = write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: S\nsite_url: https://example.org/\n"
            "theme:\n  name: material\n  features: [navigation.instant]\n"
            "plugins:\n  - sitemap:\n      max_urls: 2\n",
            "docs/index.md": "# Home\n",
            "docs/a.md": "# A\n",
            "docs/b.md": "# B\n",
        },
    )
    proc = mkdocs_build(site)
    out = site / "site"
    pages = ["https://example.org/", "https://example.org/a/", "https://example.org/b/"]
    assert locs(out / "sitemap.xml") == pages
    assert locs(out / "sitemap-index.xml") == [
        "https://example.org/sitemap-1.xml.gz",
        "https://example.org/sitemap-2.xml.gz",
    ]
    assert "Sitemap: https://example.org/sitemap-index.xml" in (out / "robots.txt").read_text()
    assert "WARNING" not in proc.stderr
    assert "sitemap.xml lists all 3 pages for Material" in proc.stderr
    report = check_site(out)
    assert [f for f in report.findings if f.severity != "info"] == [] and report.urls == 3
    # One file again: the index and its shards go, sitemap.xml is the sitemap.
    (site / "mkdocs.yml").write_text((site / "mkdocs.yml").read_text().replace("2", "50000"))
    mkdocs_build(site)
    assert locs(out / "sitemap.xml") == pages
    assert not (out / "sitemap-index.xml").exists() and not (out / "sitemap-1.xml").exists()
    assert "Sitemap: https://example.org/sitemap.xml" in (out / "robots.txt").read_text()
    assert "sitemap-index" not in (out / "robots.txt").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("strict", [False, True])
def test_material_warns_when_sitemap_xml_is_not_written(tmp_path: Path, strict: bool) -> None:
    """Another file name leaves Material no sitemap.xml: a warning, a failure under strict."""
    site = write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: S\nsite_url: https://example.org/\n"
            "theme:\n  name: material\n  features: [navigation.instant]\n"
            f"plugins:\n  - sitemap:\n      strict: {str(strict).lower()}\n"
            "      filename: map.xml\n",
            "docs/index.md": "# Home\n",
        },
    )
    proc = mkdocs_build(site, ok=not strict)
    assert "WARNING" in proc.stderr
    assert "reads sitemap.xml, and this build wrote map.xml instead" in proc.stderr
    assert (proc.returncode != 0) == strict


@pytest.mark.slow
def test_material_language_selector_reads_sitemap_xml_too(tmp_path: Path) -> None:
    """Material's language selector (extra.alternate) reads each language's sitemap.xml."""
    site = write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: S\nsite_url: https://example.org/\n"
            "theme:\n  name: material\n"
            "extra:\n  alternate:\n    - {name: English, link: /en/, lang: en}\n"
            "plugins:\n  - sitemap:\n      filename: map.xml\n",
            "docs/index.md": "# Home\n",
        },
    )
    proc = mkdocs_build(site)
    assert "the language selector (extra.alternate) reads sitemap.xml" in proc.stderr


def test_index_with_a_hostile_versions_json_is_one_bounded_line(
    deployed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A versions.json nested 100,000 deep is an error, not a RecursionError; an unknown
    ``--version`` over 200,000 versions names a few of them, not a 1.7 MB line."""
    from sitemap_core._cli import main

    args = ["index", str(deployed / "sitemap.xml"), "--base-url", ROOT]
    deep = deployed / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert main([*args, str(deep)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ssg-sitemap: error: {deep} is not JSON: nested too deeply"), err
    many = deployed / "many.json"
    many.write_text(
        "[" + ",".join(f'{{"version": "{i}.0", "aliases": []}}' for i in range(200_000)) + "]"
    )
    assert main([*args, "--version", "nosuch", str(many)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "ssg-sitemap: error: --version nosuch: no such version or alias (versions: 0.0, 1.0, "
    ), err
    assert err.rstrip().endswith("and 199,990 more)")
    assert len(err) < 300
    assert not (deployed / "sitemap.xml").exists()


# -- the index's files: one plan, one commit per folder, the ledger -------------------------
def _index_args(root: Path) -> list[str]:
    return ["index", str(root / "sitemap.xml"), "--base-url", ROOT, str(root / "versions.json")]


def _snapshot(root: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file under ``root`` (symlinks not followed): its bytes, inode and mtime."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not any(p.is_symlink() for p in [path, *path.parents]):
            stat = path.stat()
            found[path.relative_to(root).as_posix()] = (
                path.read_bytes(), stat.st_ino, stat.st_mtime_ns
            )  # fmt: skip
    return found


def test_the_ledger_records_the_index_run_and_a_copy_no_longer_made_goes(
    deployed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The index, its root copy and the versions' own files: each folder's ledger records what
    was written there; a copy the next run no longer makes goes because the ledger says so."""
    import hashlib

    from sitemap_core._cli import main
    from sitemap_core._files import read_owned

    three = read_owned(deployed / "3.0").digests
    assert main(_index_args(deployed)) == 0
    digests = read_owned(deployed).digests
    assert set(digests) == {"sitemap.xml", "sitemap-latest.xml"}
    for rel, digest in digests.items():
        assert hashlib.sha256((deployed / rel).read_bytes()).hexdigest() == digest, rel
    assert read_owned(deployed / "3.0").digests == three  # the version's own: untouched
    # The same inputs again: nothing is written (every file keeps its inode and mtime).
    before = _snapshot(deployed)
    assert main(_index_args(deployed)) == 0
    after = _snapshot(deployed)
    ledger = after.pop(".sitemap.sha256")
    assert ledger[0] == before.pop(".sitemap.sha256")[0]
    assert after == before
    # mike moved to alias_type copy: the root copy is made no more, and goes.
    (deployed / "latest").unlink()
    shutil.copytree(deployed / "3.0", deployed / "latest")
    capsys.readouterr()
    assert main(_index_args(deployed)) == 0
    assert not (deployed / "sitemap-latest.xml").exists()
    assert "sitemap-latest.xml: removed" in capsys.readouterr().out
    assert set(read_owned(deployed).digests) == {"sitemap.xml"}


def test_an_edited_root_copy_is_kept_neither_replaced_nor_removed(
    deployed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A root copy the user changed since the last run: kept, said, whether the run no longer
    makes it or would write it again (then nothing is written: exit 2)."""
    from sitemap_core._cli import main

    _version_build(deployed, "3.0", "latest", ["2025-01-01", "2025-02-01"], max_urls=3)
    assert main(_index_args(deployed)) == 0
    second = deployed / "sitemap-latest-2.xml"
    edited = second.read_text().replace("</urlset>", "<!-- mine --></urlset>")
    second.write_text(edited)
    _version_build(deployed, "3.0", "latest", ["2025-01-01"])  # one file again
    capsys.readouterr()
    assert main(_index_args(deployed)) == 0
    out = capsys.readouterr().out
    assert not (deployed / "sitemap-latest-1.xml").exists()
    assert second.read_text() == edited
    assert "sitemap-latest-2.xml: kept" in out and "changed since" in out
    assert locs(deployed / "sitemap.xml") == [ROOT + "sitemap-latest.xml"]
    # Edited where this run writes: refused, the edit and every other file as they were.
    copy = deployed / "sitemap-latest.xml"
    copy.write_text(copy.read_text().replace("</urlset>", "<!-- mine --></urlset>"))
    before = _snapshot(deployed)
    assert main(_index_args(deployed)) == 2
    err = capsys.readouterr().err
    assert f"{copy} exists and was not written by ssg-sitemap, or was changed since" in err
    assert _snapshot(deployed) == before


def test_the_alias_copy_folder_s_ledger_matches_its_rebased_sitemaps(tmp_path: Path) -> None:
    """mike's alias_type copy: the alias folder's sitemaps, moved to its URLs, are recorded in
    its own ledger (a build there would not call them changed since), also when an earlier
    version of the command moved them and left that ledger as mike copied it."""
    from sitemap_core._cli import main
    from sitemap_core._files import RECORD_NAME, read_owned

    root = tmp_path / "pages"
    _version_build(root, "3.0", "latest", ["2025-01-01"], gzip=True)
    shutil.copytree(root / "3.0", root / "latest")
    (root / "versions.json").write_text('[{"version": "3.0", "aliases": ["latest"]}]')
    assert main(_index_args(root)) == 0
    latest = read_owned(root / "latest")
    unchanged, changed = latest.set_files()
    assert changed == []
    assert {root / "latest/sitemap.xml", root / "latest/sitemap.xml.gz"} <= set(unchanged)
    moved = [ROOT + f"latest/{lang}/p0/" for lang in ("en", "fr")]
    assert locs(root / "latest/sitemap.xml") == moved
    # The ledger mike copied, as an earlier version of the command left it: put right.
    shutil.copy(root / "3.0" / RECORD_NAME, root / "latest" / RECORD_NAME)
    assert read_owned(root / "latest").set_files()[1] != []
    assert main(_index_args(root)) == 0
    assert read_owned(root / "latest").set_files()[1] == []


def test_a_refused_file_leaves_every_other_file_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The index's name is the user's file: refused before anything is written, the alias
    folder's sitemaps (rebased otherwise) and the root llms.txt's place included."""
    from sitemap_core._cli import main

    root = tmp_path / "pages"
    _version_build(root, "3.0", "latest", ["2025-01-01"], gzip=True)
    shutil.copytree(root / "3.0", root / "latest")
    (root / "versions.json").write_text('[{"version": "3.0", "aliases": ["latest"]}]')
    (root / "sitemap.xml").write_text("<sitemapindex>the user's own</sitemapindex>")
    before = _snapshot(root)
    assert main(_index_args(root)) == 2
    assert "not written by ssg-sitemap" in capsys.readouterr().err
    assert _snapshot(root) == before


def test_files_an_earlier_version_of_the_command_wrote_are_replaced(deployed: Path) -> None:
    """Our marker and no ledger (the command before the ledger): written over, then recorded."""
    from sitemap_core._cli import main
    from sitemap_core._files import RECORD_NAME, read_owned

    assert main(_index_args(deployed)) == 0
    (deployed / RECORD_NAME).unlink()
    index = deployed / "sitemap.xml"
    index.write_text(index.read_text().replace("</sitemapindex>", "<!-- older --></sitemapindex>"))
    assert main(_index_args(deployed)) == 0
    assert "older" not in index.read_text()
    assert set(read_owned(deployed).digests) == {"sitemap.xml", "sitemap-latest.xml"}


def test_a_copy_of_ours_no_ledger_records_is_never_removed(deployed: Path) -> None:
    """A root copy with our marker that no ledger records (an older version of the command
    made it): the run that no longer makes it leaves it, as a build leaves such a file."""
    from sitemap_core._cli import main
    from sitemap_core._files import RECORD_NAME, read_owned

    assert main(_index_args(deployed)) == 0
    (deployed / RECORD_NAME).unlink()
    (deployed / "latest").unlink()
    shutil.copytree(deployed / "3.0", deployed / "latest")
    assert main(_index_args(deployed)) == 0
    assert locs(deployed / "sitemap.xml") == [ROOT + "latest/sitemap.xml"]
    assert (deployed / "sitemap-latest.xml").is_file()
    assert set(read_owned(deployed).digests) == {"sitemap.xml"}
