"""filter, transform and extra_urls from each generator's own config, in real builds: a
pelicanconf.py (``pelican``), a MkDocs ``hooks:`` file (``mkdocs build`` and ``ssg-sitemap
build --project``) and conf.py (``sphinx-build -W``, built twice)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import NS, SEARCH_LISTED, locs, mkdocs_build, read_xml, write_files

pytestmark = pytest.mark.slow

HOOKS = """
import dataclasses


def filter(entry):
    return "secret" not in entry.loc


def transform(entry):
    if "keep" in entry.loc:
        return dataclasses.replace(entry, priority=0.9)
    return entry


def extra_urls():
    return ["search/", {"loc": "app/", "lastmod": "2024-05-01", "changefreq": "daily"}]
"""

RAISING = """
def transform(entry):
    if "keep" in entry.loc:
        raise RuntimeError("broken on purpose")
    return entry
"""


def fields(path: Path) -> dict[str, dict[str, str]]:
    return {
        url.findtext("sm:loc", "", NS): {
            child.tag.rpartition("}")[2]: str(child.text) for child in url if len(child.tag) > 0
        }
        for url in read_xml(path).iterfind("sm:url", NS)
    }


def bin_path(name: str) -> str:
    return str(Path(sys.executable).parent / name)


# -- Pelican --------------------------------------------------------------------------------
PELICAN_ARTICLE = "Title: {t}\nDate: 2024-01-0{n}\nSlug: {t}\n\nText.\n"


def pelican_site(root: Path, hooks: str, sitemap: str) -> Path:
    write_files(
        root,
        {
            "content/keep.md": PELICAN_ARTICLE.format(t="keep", n=1),
            "content/secret.md": PELICAN_ARTICLE.format(t="secret", n=2),
            "content/other.md": PELICAN_ARTICLE.format(t="other", n=3),
            "conf.py": hooks
            + f"""
SITEURL = "https://blog.example.org"
TIMEZONE = "UTC"
PLUGINS = ["sitemap"]
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
ARTICLE_URL = ARTICLE_SAVE_AS = "{{slug}}.html"
SITEMAP = {sitemap}
""",
        },
    )
    return root


def pelican(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [bin_path("pelican"), "content", "-s", "conf.py", "-o", "output"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


def test_pelican_takes_the_functions_from_its_settings(tmp_path: Path) -> None:
    root = pelican_site(
        tmp_path,
        HOOKS,
        '{"filter": filter, "transform": transform, "extra_urls": extra_urls, '
        '"exclude": ["^(tag|category|author)"]}',
    )
    done = pelican(root)
    assert done.returncode == 0, done.stdout + done.stderr
    found = fields(root / "output/sitemap.xml")
    base = "https://blog.example.org/"
    assert base + "secret.html" not in found
    assert found[base + "keep.html"]["priority"] == "0.9"
    assert found[base + "app/"] == {
        "loc": base + "app/",
        "lastmod": "2024-05-01",
        "changefreq": "daily",
    }
    assert base + "search/" in found


def _pelican_version() -> tuple[int, ...]:
    from importlib.metadata import version

    return tuple(int(part) for part in version("pelican").split(".")[:2])


def test_pelican_names_a_raising_function(tmp_path: Path) -> None:
    root = pelican_site(tmp_path, RAISING, '{"transform": transform}')
    done = pelican(root)
    output = done.stdout + done.stderr
    assert done.returncode != 0
    if _pelican_version() < (4, 12):
        # Pelican 4.12 logs every exception that ends a build with its traceback; before it,
        # our one line is all a user sees. Either way the line below names the mistake.
        assert "Traceback" not in output
    else:
        # Pelican's own frames only: none from inside the suite (the paths wrap across lines).
        frames = "".join(output.split())
        assert "Traceback" in frames
        assert "_hook_calls.py" not in frames
        assert "_pipeline.py" not in frames
    # Pelican's log handler wraps lines and puts its own source column between words.
    assert "transform function transform" in output
    assert "raised RuntimeError: broken on purpose at conf.py:4, for" in " ".join(output.split())
    assert "https://blog.example.org/keep.html" in output
    assert not (root / "output/sitemap.xml").exists()


# -- MkDocs -----------------------------------------------------------------------------------
def mkdocs_site(root: Path, hooks: str, extra: str = "") -> Path:
    write_files(
        root,
        {
            "docs/index.md": "# Home\n",
            "docs/keep.md": "# Keep\n",
            "docs/secret.md": "# Secret\n",
            "hooks/sitemap_hooks.py": hooks,
            "mkdocs.yml": "site_name: T\nsite_url: https://docs.example.org/\n"
            "plugins:\n  - sitemap:\n      hooks: hooks/sitemap_hooks.py\n" + extra,
        },
    )
    return root


def test_mkdocs_hooks_file(tmp_path: Path) -> None:
    root = mkdocs_site(tmp_path, HOOKS)
    mkdocs_build(root)
    found = fields(root / "site/sitemap.xml")
    base = "https://docs.example.org/"
    assert sorted(found) == [base, base + "app/", base + "keep/", base + "search/"]
    assert found[base + "keep/"]["priority"] == "0.9"
    assert found[base + "app/"]["lastmod"] == "2024-05-01"
    # The same option through the command line's --project, after the build.
    (root / "site/sitemap.xml").unlink()
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "build", "--project", "."],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert fields(root / "site/sitemap.xml") == found


def test_mkdocs_raising_function_fails_the_build_or_warns(tmp_path: Path) -> None:
    root = mkdocs_site(tmp_path, RAISING)
    done = mkdocs_build(root, ok=False)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert (
        "sitemap: transform function transform raised RuntimeError: broken on purpose at "
        in done.stderr
    )
    assert "sitemap_hooks.py:4, for https://docs.example.org/keep/" in done.stderr
    root = mkdocs_site(tmp_path / "warn", RAISING, "      hooks_errors: warn\n")
    done = mkdocs_build(root)
    assert "transform function transform raised RuntimeError" in done.stderr
    assert "https://docs.example.org/keep/" in locs(root / "site/sitemap.xml")


def test_mkdocs_hooks_file_errors_are_config_errors(tmp_path: Path) -> None:
    root = mkdocs_site(tmp_path, "def filter(entry:\n")
    done = mkdocs_build(root, ok=False)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "sitemap_hooks.py:1 failed to load: SyntaxError" in done.stderr


# -- Sphinx -----------------------------------------------------------------------------------
def sphinx_site(root: Path, hooks: str, extra: str = "") -> Path:
    write_files(
        root,
        {
            "index.rst": "Home\n====\n\n.. toctree::\n\n   keep\n   secret\n",
            "keep.rst": "Keep\n====\n",
            "secret.rst": "Secret\n======\n",
            "conf.py": hooks
            + """
project = "T"
extensions = ["ssg_sitemap.sphinx"]
html_baseurl = "https://docs.example.org/"
sitemap_url_scheme = "{link}"
sitemap_filter = filter
sitemap_transform = transform
sitemap_extra_urls = extra_urls
"""
            + extra,
        },
    )
    return root


def sphinx(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [bin_path("sphinx-build"), "-W", "-b", "html", ".", "_build", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


def test_sphinx_conf_functions_keep_w_builds_green_and_incremental(tmp_path: Path) -> None:
    root = sphinx_site(tmp_path, HOOKS)
    first = sphinx(root)
    assert first.returncode == 0, first.stderr
    assert "unpickleable" not in first.stderr + first.stdout
    found = fields(root / "_build/sitemap.xml")
    base = "https://docs.example.org/"
    search = ["search.html"] if SEARCH_LISTED else []  # noindex from Sphinx 7.3 on
    assert sorted(found) == sorted(
        base + p for p in ("app/", "genindex.html", "index.html", "keep.html", "search/", *search)
    )
    assert found[base + "keep.html"]["priority"] == "0.9"
    again = sphinx(root)
    assert again.returncode == 0, again.stderr
    # Nothing changed: no page is read or written again, and the sitemap is the same.
    assert "0 added, 0 changed, 0 removed" in again.stdout
    assert "no targets are out of date" in again.stdout
    assert fields(root / "_build/sitemap.xml") == found


def test_sphinx_raising_function_fails_the_build(tmp_path: Path) -> None:
    root = sphinx_site(tmp_path, RAISING + "filter = None\nextra_urls = None\n")
    done = sphinx(root)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert (
        "transform function transform raised RuntimeError: broken on purpose at conf.py:4, "
        "for https://docs.example.org/keep.html" in done.stderr
    )


def test_sphinx_malformed_extra_urls_names_the_conf_value(tmp_path: Path) -> None:
    root = sphinx_site(
        tmp_path, HOOKS + "extra = [{'url': 'x/'}]\n", "sitemap_extra_urls = extra\n"
    )
    done = sphinx(root)
    assert done.returncode != 0
    assert "sitemap_extra_urls[0]: unknown key(s) url" in done.stderr


# -- Named sections, from each generator's config ---------------------------------------------
def test_sections_in_each_adapter(tmp_path: Path, assert_valid: Callable[[Path], Any]) -> None:
    pelican_root = pelican_site(
        tmp_path / "pelican", "", '{"sections": {"keep*": "kept", "category/*": "categories"}}'
    )
    assert pelican(pelican_root).returncode == 0
    mkdocs_root = mkdocs_site(tmp_path / "mkdocs", HOOKS, '      sections: {"keep/*": "kept"}\n')
    mkdocs_build(mkdocs_root)
    sphinx_root = sphinx_site(tmp_path / "sphinx", HOOKS, 'sitemap_sections = {"keep*": "kept"}\n')
    assert sphinx(sphinx_root).returncode == 0
    for out, base, expected in (
        (pelican_root / "output", "https://blog.example.org/", ["kept", "categories", "pages"]),
        (mkdocs_root / "site", "https://docs.example.org/", ["kept", "pages"]),
        (sphinx_root / "_build", "https://docs.example.org/", ["kept", "pages"]),
    ):
        gz = ".gz" if (out / "sitemap.xml.gz").exists() else ""
        assert locs(out / "sitemap.xml") == [base + f"sitemap-{n}.xml{gz}" for n in expected]
        for name in expected:
            assert_valid(out / f"sitemap-{name}.xml")
        assert base.rstrip("/") + "/keep" in " ".join(locs(out / "sitemap-kept.xml"))


# -- The site's code exits, or hands back what cannot be written ------------------------------
EXITS_IN_FILTER = """
import sys

def filter(entry):
    sys.exit(3)

def transform(entry):
    return entry

def extra_urls():
    return []
"""

IMAGES_NONE = """
import dataclasses

def filter(entry):
    return True

def transform(entry):
    return dataclasses.replace(entry, images=None)

def extra_urls():
    return []
"""


def test_each_adapter_names_a_function_that_exits_or_returns_junk(tmp_path: Path) -> None:
    cases = [
        (EXITS_IN_FILTER, ["filter function filter raised", "SystemExit: 3 at"]),
        (IMAGES_NONE, ["returned invalid images:", "None is not a tuple of image URLs, for"]),
    ]
    for number, (code, said) in enumerate(cases):
        where = tmp_path / str(number)
        pelican_root = pelican_site(
            where / "pelican", code, '{"filter": filter, "transform": transform}'
        )
        done = pelican(pelican_root)
        assert done.returncode != 0
        # Pelican's log handler wraps lines and puts its own source column between words.
        output = " ".join((done.stdout + done.stderr).split())
        assert all(part in output for part in said), output
        mkdocs_root = mkdocs_site(where / "mkdocs", code)
        done = mkdocs_build(mkdocs_root, ok=False)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr
        assert " ".join(said) in done.stderr
        sphinx_root = sphinx_site(where / "sphinx", code)
        done = sphinx(sphinx_root)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr
        assert " ".join(said) in done.stderr


def test_mkdocs_hooks_file_that_exits_at_import_fails_the_build(tmp_path: Path) -> None:
    root = mkdocs_site(tmp_path, "import sys\nsys.exit(0)\n")
    done = mkdocs_build(root, ok=False)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "sitemap_hooks.py:2 failed to load: SystemExit: 0" in done.stderr
    assert not (root / "site/index.html").exists()
