"""The Pelican adapter's settings on real ``pelican`` runs: a development build without SITEURL
under ``--fatal warnings``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core._config._options import Option, offered
from tests.adapters.pelican.conftest import small_blog
from tests.conftest import pelican_blog, run_pelican, write

pytest.importorskip("pelican")

from ssg_sitemap.pelican.config import read_config

pytestmark = pytest.mark.slow


def pelican_fatal_warnings(root: Path, siteurl: str, sitemap: str = "{}") -> int:
    write(root / "content" / "post.md", "Title: Post\nDate: 2024-01-02\n\nBody.\n")
    write(
        root / "conf.py",
        f"SITEURL = {siteurl!r}\nRELATIVE_URLS = True\nTIMEZONE = 'UTC'\n"
        "PLUGINS = ['sitemap']\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
        "TRANSLATION_FEED_ATOM = None\nAUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\n"
        f"SITEMAP = {sitemap}\n",
    )
    pelican_bin = Path(sys.executable).parent / "pelican"
    done = subprocess.run(
        [str(pelican_bin), "content", "-s", "conf.py", "-o", "output", "--fatal", "warnings"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return done.returncode


def test_fatal_warnings_dev_build_without_siteurl_passes(tmp_path: Path) -> None:
    assert pelican_fatal_warnings(tmp_path / "dev", "") == 0
    assert not (tmp_path / "dev" / "output" / "sitemap.xml").exists()
    # Strict mode still fails it.
    assert pelican_fatal_warnings(tmp_path / "strict", "", "{'strict': True}") != 0


SITE_MAP_SLOT = "<!-- ssg-sitemap -->"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("index.html", "'index.html' is a file Pelican writes already"),
        ("old-news.html", "'old-news.html' is a file Pelican writes already"),
        ("../x.html", "'../x.html' must be a plain file name in the output root"),
        ("/abs.html", "'/abs.html' must be a plain file name in the output root"),
        ("pages/sitemap.html", "'pages/sitemap.html' must be a plain file name in the output"),
    ],
)
def test_an_unusable_html_sitemap_is_one_warning_naming_the_key(
    tmp_path: Path, value: str, said: str
) -> None:
    """No traceback, no page written where the value points, one message naming the key."""
    content = pelican_blog(tmp_path)
    output = tmp_path / "output"
    built = run_pelican(content, output, SITEMAP={"html_sitemap": value})
    about = [m for m in built.messages() if "html_sitemap" in m]
    assert len(about) == 1, built.messages()
    assert about[0].startswith(f"sitemap: SITEMAP['html_sitemap']: {said}"), about[0]
    assert not (tmp_path / "x.html").exists()
    assert not (output / "pages/sitemap.html").exists()
    assert (output / "sitemap.xml").exists()
    home = (output / "index.html").read_text(encoding="utf-8")
    assert "Old news" in home or "New news" in home  # Pelican's own home page, not ours


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("html_title", 5, "5 is not a non-empty string"),
        ("html_title", " ", "' ' is not a non-empty string"),
        ("html_dates", "yes", "'yes' is not True or False"),
        ("html_exclude", "x", "'x' must be a list of strings"),
        ("html_exclude", [3], "[3] must be a list of strings"),
    ],
)
def test_invalid_html_page_keys_are_reported_like_the_other_keys(
    tmp_path: Path, key: str, value: object, said: str
) -> None:
    content = pelican_blog(tmp_path)
    output = tmp_path / "output"
    built = run_pelican(content, output, SITEMAP={"html_sitemap": "sitemap.html", key: value})
    assert [m for m in built.messages() if key in m] == [
        f"sitemap: SITEMAP[{key!r}]: {said}; the default is used"
    ]
    page = (output / "sitemap.html").read_text(encoding="utf-8")
    assert "<h1" in page and "Site map" in page
    assert SITE_MAP_SLOT not in page  # filled in


@pytest.mark.parametrize(
    "option",
    [
        o
        for o in offered("pelican")
        if o.setting and o.kind in ("flag", "choice", "choices", "texts", "int", "file")
    ],
    ids=lambda option: option.name,
)
def test_a_bad_value_of_any_key_is_named_and_the_default_used(option: Option) -> None:
    key = option.pelican
    value = 0 if option.kind in ("texts", "choices", "file") else "nope"
    config = read_config({key: value})
    assert len(config.problems) == 1, config.problems
    assert config.problems[0].startswith(f"SITEMAP[{key!r}]: ")
    assert config.problems[0].endswith(" is used")
    assert config.core.get(option.name) != value


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("git_ignore_revs", "no-such-revs", "no file "),
        ("gzip", 2, "2 is not True or False"),
        ("x_default", ["a"], "['a'] is not a string"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_as_in_every_adapter(
    tmp_path: Path, key: str, value: object, said: str
) -> None:
    """The option table's kinds, checked once in the core; a relative path starts in the
    folder pelican runs in."""
    built = run_pelican(small_blog(tmp_path), tmp_path / "output", SITEMAP={key: value})
    assert [m for m in built.messages() if key in m] == [
        f"sitemap: SITEMAP[{key!r}]: {said}"
        + (repr(str(Path.cwd() / str(value))) if key == "git_ignore_revs" else "")
        + "; the default is used"
    ]
