"""sphinx-sitemap 2.9's own test suite, run against ``ssg_sitemap.sphinx`` with the same conf
values: the exact ``<loc>`` sets for html, ``.htm``, dirhtml, exact and wildcard excludes,
indentation, and a warning-free parallel build.

One deliberate difference: ``search.html`` is not listed where Sphinx marks it ``noindex``
(from Sphinx 7.3 on).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from sitemap_core._check import check_site
from tests.adapters.sphinx.conftest import PAGES, sphinx
from tests.conftest import (
    OLD_PAGEURL,
    SEARCH_LISTED,
    SphinxRun,
    finding_codes,
    sitemap_warnings,
    sphinx_build,
    write_files,
)

pytestmark = pytest.mark.slow

DOCS = ["index", "foo", "bar", "lorem", "ipsum", "dolor", "elitr"]
#: What every build lists beside the documents (unless excluded).
EXTRAS = ["genindex", *(["search"] if SEARCH_LISTED else [])]
BASE = {"html_baseurl": "https://example.org/docs/", "language": "en"}

# sphinx-sitemap's tests/roots/test-root, with our extension instead of theirs.
ROOT_FILES = {
    "conf.py": 'extensions = ["ssg_sitemap.sphinx"]\n',
    "index.rst": (
        "test for basic sitemap\n======================\n\n.. toctree::\n\n   foo\n   bar\n"
    ),
    "foo.rst": "foo\n===\n\nThis is a foo page\n",
    "bar.rst": "bar\n===\n\nThis is a bar page\n",
    **{
        f"{name}.rst": f":orphan:\n\n{name.title()}\n{'=' * len(name)}\n\nThis is the {name} page\n"
        for name in ("lorem", "ipsum", "dolor", "elitr")
    },
}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_files(tmp_path_factory.mktemp("test-root"), ROOT_FILES)


#: sphinx-sitemap's roots keep html_baseurl at the site root with the default scheme: every
#: URL (``docs/en/foo.html``) differs from the canonical link Sphinx writes
#: (``docs/foo.html``). We list the same URLs, and say so in one INFO line naming the fix: the
#: finding is about Sphinx's canonical, not our sitemap, so it must not fail a ``-W`` build.
SCHEME_NOTE = "differs from the canonical link Sphinx writes"


def build_root(
    root: Path, tmp_path: Path, builder: str = "html", *, note: str = "", **kwargs: Any
) -> SphinxRun:
    """A build that must succeed under ``-W`` with no warning at all; ``note``, when given,
    must be in its status output."""
    overrides = {**BASE, **kwargs.pop("overrides", {})}
    built = sphinx_build(
        root, tmp_path / builder, builder, overrides=overrides, strict=True, **kwargs
    )
    assert built.statuscode == 0
    assert built.warnings == ""
    if note:
        assert note in built.status
    return built


def test_default_scheme_under_a_root_html_baseurl_is_one_info_line_naming_the_fix(
    root: Path, tmp_path: Path
) -> None:
    built = build_root(root, tmp_path)
    said = [line for line in built.status.splitlines() if SCHEME_NOTE in line]
    assert len(said) == 1
    assert 'sitemap_url_scheme = "{link}"' in said[0]
    assert "html_baseurl = 'https://example.org/docs/en/'" in said[0]
    linked = build_root(root, tmp_path / "link", overrides={"sitemap_url_scheme": "{link}"})
    assert SCHEME_NOTE not in linked.status


def test_default_scheme_under_a_root_html_baseurl_is_a_finding_of_check(
    root: Path, tmp_path: Path
) -> None:
    # What the build says at INFO, ``check`` reports: each listed page names another URL.
    built = build_root(root, tmp_path)
    report = check_site(built.out, "https://example.org/docs/en/")
    assert "page-canonical" in finding_codes(report)


def test_simple_html(root: Path, tmp_path: Path) -> None:
    built = build_root(root, tmp_path)
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.html" for d in DOCS + EXTRAS}
    if not SEARCH_LISTED:
        # The one difference from sphinx-sitemap: search.html says noindex, so it is left out.
        assert 'content="noindex"' in (built.out / "search.html").read_text(encoding="utf-8")
        assert "1 noindex" in built.status


def test_html_file_suffix(root: Path, tmp_path: Path) -> None:
    built = build_root(root, tmp_path, overrides={"html_file_suffix": ".htm"})
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.htm" for d in DOCS + EXTRAS}


def test_simple_dirhtml(root: Path, tmp_path: Path) -> None:
    # Sphinx before 8.1 names bar.html in the canonical link of bar/: one INFO line says so.
    note = "writes canonical links naming bar.html for the page bar/" if OLD_PAGEURL else ""
    built = build_root(root, tmp_path, "dirhtml", note=note)
    expected = ["", "foo/", "bar/", "lorem/", "ipsum/", "dolor/", "elitr/"]
    expected += [f"{extra}/" for extra in EXTRAS]
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}" for d in expected}


def test_simple_excludes(root: Path, tmp_path: Path) -> None:
    built = build_root(
        root, tmp_path, overrides={"sitemap_excludes": ["search.html", "genindex.html"]}
    )
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.html" for d in DOCS}


def test_wildcard_excludes(root: Path, tmp_path: Path) -> None:
    built = build_root(root, tmp_path, overrides={"sitemap_excludes": ["*rem.html", "el*", "gen*"]})
    kept = ["index", "foo", "bar", "ipsum", "dolor", *EXTRAS[1:]]
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.html" for d in kept}


def test_wildcard_and_pattern_excludes_as_in_sphinx_sitemap(root: Path, tmp_path: Path) -> None:
    built = build_root(
        root, tmp_path / "a", overrides={"sitemap_excludes": ["*index*.html", "search.html"]}
    )
    kept = ["foo", "bar", "lorem", "ipsum", "dolor", "elitr"]
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.html" for d in kept}
    built = build_root(root, tmp_path / "b", overrides={"sitemap_excludes": ["l*.html"]})
    kept = ["index", "foo", "bar", "ipsum", "dolor", "elitr", *EXTRAS]
    assert set(built.locs()) == {f"https://example.org/docs/en/{d}.html" for d in kept}


def test_indent(root: Path, tmp_path: Path) -> None:
    built = build_root(
        root,
        tmp_path,
        overrides={"sitemap_excludes": ["search.html", "genindex.html"], "sitemap_indent": 2},
    )
    doc = ET.parse(built.sitemap)
    before = ET.tostring(doc.getroot(), encoding="unicode")
    ET.indent(doc, space="  ")
    assert ET.tostring(doc.getroot(), encoding="unicode") == before
    assert "\n  <url>\n    <loc>" in built.sitemap.read_text(encoding="utf-8")
    # sphinx-sitemap's own check: the declaration, the root, then an indented child (our marker
    # shares the declaration's line).
    lines = built.sitemap.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[0][0] == "<" and lines[1][0] == "<"
    assert lines[2] == "  <url>\n"


def test_parallel_is_warning_free_and_identical(root: Path, tmp_path: Path) -> None:
    serial = build_root(root, tmp_path / "j1")
    parallel = build_root(root, tmp_path / "j2", parallel=2)
    assert set(parallel.locs()) == {f"https://example.org/docs/en/{d}.html" for d in DOCS + EXTRAS}
    assert parallel.sitemap.read_bytes() == serial.sitemap.read_bytes()


def test_base_url_without_trailing_slash(root: Path, tmp_path: Path) -> None:
    # sphinx-sitemap 2.9 computes "base/" but never assigns it: ".../docsen/foo.html".
    built = build_root(root, tmp_path, overrides={"html_baseurl": "https://example.org/docs"})
    assert "https://example.org/docs/en/foo.html" in built.locs()


def test_scheme_without_language(root: Path, tmp_path: Path) -> None:
    built = build_root(root, tmp_path, overrides={"sitemap_url_scheme": "{link}", "version": "2.1"})
    assert "https://example.org/docs/foo.html" in built.locs()
    versioned = build_root(
        root,
        tmp_path / "v",
        overrides={"sitemap_url_scheme": "{version}{link}", "version": "2.1"},
    )
    assert "https://example.org/docs/2.1/foo.html" in versioned.locs()


def test_site_url_wins_over_html_baseurl(root: Path, tmp_path: Path) -> None:
    built = build_root(root, tmp_path, overrides={"site_url": "https://other.example/"})
    assert "https://other.example/en/foo.html" in built.locs()


def test_a_joserfc_style_project_builds_under_w(tmp_path: Path) -> None:
    # joserfc's and sphinx-sitemap's own docs: html_baseurl at the site root, language set.
    src = write_files(
        tmp_path / "src",
        {
            **PAGES,
            "conf.py": (
                'extensions = ["ssg_sitemap.sphinx"]\n'
                'html_baseurl = "https://jose.example.org/"\n'
                'language = "en"\n'
            ),
        },
    )
    done = sphinx(src, tmp_path / "out", "-W")
    assert done.returncode == 0, done.stderr
    assert "differs from the canonical link Sphinx writes" in done.stdout
    assert "https://jose.example.org/en/utils.html" in (tmp_path / "out/sitemap.xml").read_text(
        encoding="utf-8"
    )


#: One warning of the adapter's (a bad locale) and one of the core's (a bad priority).
SUBTYPED = {
    **PAGES,
    "conf.py": (
        'extensions = ["ssg_sitemap.sphinx"]\n'
        'html_baseurl = "https://example.org/"\n'
        'sitemap_url_scheme = "{link}"\n'
        'sitemap_locales = ["en", "not a language"]\n'
    ),
    "utils.rst": ":sitemap_priority: 7\n\nUtilities\n=========\n\nText.\n",
}


@pytest.mark.parametrize(
    ("suppressed", "left"),
    [
        ([], ["not a language code", "sitemap_priority"]),
        (["sitemap.config"], ["sitemap_priority"]),
        (["sitemap.build"], ["not a language code"]),
        (["sitemap"], []),
    ],
)
def test_every_warning_has_a_subtype_for_suppress_warnings(
    tmp_path: Path, suppressed: list[str], left: list[str]
) -> None:
    src = write_files(tmp_path / "src", SUBTYPED)
    conf = src / "conf.py"
    conf.write_text(conf.read_text() + f"suppress_warnings = {suppressed!r}\n")
    built = sphinx_build(src, tmp_path / "out")
    said = sitemap_warnings(built.warnings)
    assert len(said) == len(left), said
    for line, part in zip(said, left, strict=True):
        assert part in line


def test_a_sphinx_sitemap_shim_re_exporting_our_setup_builds(tmp_path: Path) -> None:
    """A package named ``sphinx_sitemap`` that re-exports our ``setup`` (kept so that old
    conf.py files build): ours alone, no recursion, no 'both write' warning under -W."""
    import os
    import subprocess
    import sys

    shim = write_files(
        tmp_path / "shim", {"sphinx_sitemap/__init__.py": "from ssg_sitemap.sphinx import setup\n"}
    )
    src = write_files(
        tmp_path / "docs",
        {
            "conf.py": 'extensions = ["sphinx_sitemap"]\nhtml_baseurl = "https://ex.org/"\n',
            "index.rst": "Home\n====\n",
        },
    )
    env = {**os.environ, "PYTHONPATH": str(shim)}
    sphinx_build_bin = str(Path(sys.executable).parent / "sphinx-build")
    proc = subprocess.run(
        [sphinx_build_bin, "-W", "-q", str(src), str(tmp_path / "out")],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "/index.html</loc>" in (tmp_path / "out" / "sitemap.xml").read_text()
