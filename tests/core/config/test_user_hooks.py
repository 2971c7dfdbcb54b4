"""The site's own functions in the settings: malformed ones are config errors, and
``build --hooks FILE.py`` loads them (the built-in plugins that call them: tests/core/builtin)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from sitemap_core._config import HookError
from tests.conftest import cli, core_build, locs, url_fields, write_files

BASE = "https://example.org/"
RECORDS = [PageRecord(url) for url in ("", "blog/a.html", "blog/b.html", "drafts/x.html")]


def test_malformed_settings_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="filter: 'x' is not a function"):
        Settings(base_url=BASE, filter="x")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="hooks_errors: 'loud' is not"):
        Settings(base_url=BASE, hooks_errors="loud")  # type: ignore[arg-type]
    with pytest.raises(HookError, match=r"extra_urls\[0\].*\(returned by the extra_urls"):
        core_build([], tmp_path, extra_urls=lambda: [{"nope": 1}])


# -- ssg-sitemap build --hooks ------------------------------------------------------------
HOOKS = """
import dataclasses

def filter(entry):
    return "/drafts/" not in entry.loc

def transform(entry):
    if entry.loc.endswith("b.html"):
        return dataclasses.replace(entry, priority=0.9)
    return entry

def extra_urls():
    return ["search/", {"loc": "app/", "lastmod": "2024-05-01"}]
"""

BAD_HOOKS = """
def transform(entry):
    return helper(entry)

def helper(entry):
    if entry.loc.endswith("b.html"):
        raise ValueError("cannot")
    return entry
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return cli(*args, cwd=cwd)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    page = "<!doctype html><html><head><title>t</title></head><body>x</body></html>"
    write_files(
        tmp_path,
        {
            "public/index.html": page,
            "public/blog/a.html": page,
            "public/blog/b.html": page,
            "public/drafts/x.html": page,
            "hooks.py": HOOKS,
            "bad.py": BAD_HOOKS,
        },
    )
    return tmp_path


def test_cli_hooks_file(site: Path) -> None:
    result = run("build", "public", "--base-url", BASE, "--hooks", "hooks.py", cwd=site)
    assert result.returncode == 0, result.stderr
    fields = url_fields(site / "public/sitemap.xml")
    assert list(fields) == [
        BASE,
        BASE + "app/",
        BASE + "blog/a.html",
        BASE + "blog/b.html",
        BASE + "search/",
    ]
    assert fields[BASE + "blog/b.html"] == {"priority": "0.9"}
    assert fields[BASE + "app/"] == {"lastmod": "2024-05-01"}
    assert "1 excluded (1 filter)" in result.stderr


def test_cli_hooks_error_is_one_clear_line(site: Path) -> None:
    result = run("build", "public", "--base-url", BASE, "--hooks", "bad.py", cwd=site)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "ssg-sitemap: error: transform function transform raised ValueError: cannot at "
        f"bad.py:7, for {BASE}blog/b.html"
    )
    assert not (site / "public/sitemap.xml").exists()
    warned = run(
        "build",
        "public",
        "--base-url",
        BASE,
        "--hooks",
        "bad.py",
        "--hooks-errors",
        "warn",
        cwd=site,
    )
    assert warned.returncode == 0, warned.stderr
    assert "warning: sitemap: blog/b.html: transform function transform raised" in warned.stderr
    assert len(locs(site / "public/sitemap.xml")) == 4


def test_cli_hooks_file_that_cannot_load(site: Path) -> None:
    write_files(site, {"broken.py": "x = 1\nimport no_such_module_here\n", "empty.py": "x = 1\n"})
    result = run("build", "public", "--base-url", BASE, "--hooks", "broken.py", cwd=site)
    assert result.returncode == 2
    assert "--hooks: broken.py:2 failed to load: ModuleNotFoundError" in result.stderr
    result = run("build", "public", "--base-url", BASE, "--hooks", "empty.py", cwd=site)
    assert "--hooks: empty.py defines none of filter, transform, extra_urls" in result.stderr
    result = run("build", "public", "--base-url", BASE, "--hooks", "nope.py", cwd=site)
    assert "--hooks: nope.py is not a file" in result.stderr


# -- SystemExit and unprintable exceptions in the site's code --------------------------------
def test_cli_hooks_file_that_exits_at_import_is_a_clear_error(site: Path) -> None:
    write_files(site, {"exits.py": "import sys\nsys.exit(0)\n"})
    result = run("build", "public", "--base-url", BASE, "--hooks", "exits.py", cwd=site)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "ssg-sitemap: error: --hooks: exits.py:2 failed to load: SystemExit: 0"
    )
    assert not (site / "public/sitemap.xml").exists()


EXITING = """
import sys

def filter(entry):
    sys.exit(3)
"""

UNPRINTABLE = """
class Weird(Exception):
    def __str__(self):
        raise RuntimeError("no text")

def transform(entry):
    raise Weird()
"""


@pytest.mark.parametrize(
    ("code", "line"),
    [
        (EXITING, "filter function filter raised SystemExit: 3 at exits.py:5, for "),
        (
            UNPRINTABLE,
            "transform function transform raised Weird (its message cannot be shown: "
            "RuntimeError: no text) at exits.py:7, for ",
        ),
    ],
)
def test_cli_a_function_that_exits_or_cannot_say_why_is_a_clear_error(
    site: Path, code: str, line: str
) -> None:
    write_files(site, {"exits.py": code})
    result = run("build", "public", "--base-url", BASE, "--hooks", "exits.py", cwd=site)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("ssg-sitemap: error: " + line)
    assert not (site / "public/sitemap.xml").exists()
    warned = run(
        "build", "public", "--base-url", BASE, "--hooks", "exits.py", "--hooks-errors", "warn",
        cwd=site,
    )  # fmt: skip
    assert warned.returncode == 0, warned.stderr
    assert line in warned.stderr
    assert len(locs(site / "public/sitemap.xml")) == 4


def test_cli_transform_returning_what_cannot_be_written_is_one_line(site: Path) -> None:
    write_files(
        site,
        {
            "none.py": "import dataclasses\n"
            "def transform(e):\n"
            "    return dataclasses.replace(e, images=None)\n"
        },
    )
    result = run("build", "public", "--base-url", BASE, "--hooks", "none.py", "--images", cwd=site)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "ssg-sitemap: error: transform function transform (none.py:2) returned invalid images: "
        f"None is not a tuple of image URLs, for {BASE}"
    )
