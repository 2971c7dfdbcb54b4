"""A shallow clone (Read the Docs, CI) and a checkout without git (a tarball): real
``sphinx-build -W``, ``mkdocs build --strict`` and ``pelican --fatal warnings`` runs stay
green, pages whose history the clone holds are dated by it, and one INFO line says why the
others are not and what to do."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import GIT_ENV, git, git_commit, git_init, lastmods, write_files

pytestmark = pytest.mark.slow

BIN = Path(sys.executable).parent
BASE = "https://docs.example.org/"

# Three commits with fixed dates: at depth 3 the clone holds the two newer ones and the
# boundary commit, whose files cannot be dated (they may have changed before it).
OLD = "2024-01-01T00:00:00+00:00"
GUIDE = "2024-02-01T00:00:00+00:00"
HOME = "2024-03-01T00:00:00+00:00"


def _sphinx(root: Path) -> dict[str, str]:
    return {
        "docs/conf.py": (
            'project = "p"\nextensions = ["ssg_sitemap.sphinx"]\n'
            f'html_baseurl = "{BASE}"\nsitemap_url_scheme = "{{link}}"\n'
            "sitemap_show_lastmod = True\n"
        ),
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n   old\n",
        "docs/guide.rst": "Guide\n=====\n",
        "docs/old.rst": "Old\n===\n",
    }


def _mkdocs(root: Path) -> dict[str, str]:
    return {
        "mkdocs.yml": f"site_name: p\nsite_url: {BASE}\nplugins:\n  - sitemap\n",
        "docs/index.md": "# Home\n",
        "docs/guide.md": "# Guide\n",
        "docs/old.md": "# Old\n",
    }


def _pelican(root: Path) -> dict[str, str]:
    return {
        "conf.py": (
            f"SITEURL = {BASE.rstrip('/')!r}\nPATH = 'content'\nTIMEZONE = 'UTC'\n"
            "PLUGINS = ['sitemap']\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
            "AUTHOR_FEED_ATOM = None\nAUTHOR_FEED_RSS = None\nTRANSLATION_FEED_ATOM = None\n"
            "DIRECT_TEMPLATES = []\n"
        ),
        "content/pages/index.md": "Title: Home\n\nHome.\n",
        "content/pages/guide.md": "Title: Guide\n\nGuide.\n",
        "content/pages/old.md": "Title: Old\n\nOld.\n",
    }


def when(text: str | None) -> dt.datetime | None:
    return None if text is None else dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _edit(files: dict[str, str], name: str) -> dict[str, str]:
    key = next(k for k in files if k.rsplit("/", 1)[-1].startswith(name))
    return {key: files[key] + "\nEdited.\n"}


def _build(
    kind: str, root: Path, env: dict[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The generator's own strict build of ``root`` in its own process (``env`` added to
    its environment); (run, output)."""
    env = {**GIT_ENV, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    if kind == "sphinx":
        out = root / "out"
        args = [str(BIN / "sphinx-build"), "-W", "-b", "html", "docs", str(out)]
    elif kind == "mkdocs":
        out = root / "site"
        args = [str(BIN / "mkdocs"), "build", "--strict"]
    else:
        out = root / "output"
        args = [str(BIN / "pelican"), "content", "-s", "conf.py", "-o", "output", "-v"]
        args += ["--fatal", "warnings"]
    done = subprocess.run(args, cwd=root, capture_output=True, text=True, env=env, check=False)
    return done, out


def _green_and_undated(done: subprocess.CompletedProcess[str], out: Path) -> tuple[str, str]:
    """Asserts the strict build passed without a warning and dated no page by git; its
    output, and that output with whitespace normalised (Pelican's console wraps lines)."""
    text = done.stdout + done.stderr
    assert done.returncode == 0, text
    assert "WARNING" not in text, text
    assert set(lastmods(out / "sitemap.xml").values()) == {None}
    return text, " ".join(text.split())


PAGES = {
    "sphinx": ("index.html", "guide.html", "old.html"),
    "mkdocs": ("", "guide/", "old/"),
    "pelican": ("pages/home.html", "pages/guide.html", "pages/old.html"),
}
PROJECTS: dict[str, Callable[[Path], dict[str, str]]] = {
    "sphinx": _sphinx,
    "mkdocs": _mkdocs,
    "pelican": _pelican,
}


def _origin(kind: str, root: Path) -> Path:
    origin = git_init(root)
    files = PROJECTS[kind](root)
    git_commit(origin, files, OLD)
    git_commit(origin, _edit(files, "guide"), GUIDE)
    git_commit(origin, _edit(files, "index"), HOME)
    return origin


@pytest.mark.parametrize("kind", ["sphinx", "mkdocs", "pelican"])
def test_a_shallow_clone_dates_what_it_holds_and_says_so_at_info(kind: str, tmp_path: Path) -> None:
    origin = _origin(kind, tmp_path / "origin")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "3", f"file://{origin}", str(clone))
    done, out = _build(kind, clone)
    text = done.stdout + done.stderr
    assert done.returncode == 0, text
    assert "WARNING" not in text, text
    home, guide, old = (BASE + page for page in PAGES[kind])
    found = {loc: when(text) for loc, text in lastmods(out / "sitemap.xml").items()}
    assert found[home] == dt.datetime.fromisoformat(HOME)
    assert found[guide] == dt.datetime.fromisoformat(GUIDE)
    assert found[old] is None
    # One line (Pelican's console wraps it: whitespace is normalised).
    flat = " ".join(text.split())
    assert flat.count("is a shallow clone") == 1, text
    assert "clone is a shallow clone: 1 page(s) last changed before" in flat
    assert "git fetch --unshallow" in flat and "post_checkout" in flat


@pytest.mark.parametrize("kind", ["sphinx", "mkdocs", "pelican"])
def test_a_checkout_without_git_says_why_pages_have_no_git_date(kind: str, tmp_path: Path) -> None:
    origin = _origin(kind, tmp_path / "origin")
    tarball = tmp_path / "release.tar"
    git(origin, "archive", "--format=tar", "-o", str(tarball), "HEAD")
    unpacked = tmp_path / "unpacked"
    unpacked.mkdir()
    subprocess.run(["tar", "-xf", str(tarball), "-C", str(unpacked)], check=True)
    assert not (unpacked / ".git").exists()
    text, flat = _green_and_undated(*_build(kind, unpacked))
    assert flat.count("no git repository") == 1, text
    assert "(a tarball or an export without .git): 3 page(s) get no git date" in flat


@pytest.mark.parametrize("kind", ["sphinx", "mkdocs", "pelican"])
def test_a_repository_of_another_user_says_the_cause_and_the_fix(kind: str, tmp_path: Path) -> None:
    # CI containers and Docker volumes: git refuses a checkout another user owns (its
    # safe.directory check; git's own test switch makes it refuse here).
    origin = _origin(kind, tmp_path / "origin")
    text, flat = _green_and_undated(*_build(kind, origin, {"GIT_TEST_ASSUME_DIFFERENT_OWNER": "1"}))
    assert flat.count("it belongs to another user") == 1, text
    # Pelican's console wraps even the path: compared without any whitespace.
    assert f"--addsafe.directory{origin}" in "".join(text.split()), text


def test_the_info_lines_are_not_said_with_full_history(tmp_path: Path) -> None:
    origin = _origin("mkdocs", tmp_path / "origin")
    done, _ = _build("mkdocs", origin)
    text = done.stdout + done.stderr
    assert done.returncode == 0, text
    assert "shallow" not in text and "no git repository" not in text
    write_files(origin, {"docs/new.md": "# New\n"})  # untracked: debug only
    done, _ = _build("mkdocs", origin)
    assert "no git repository" not in done.stdout + done.stderr
    assert (origin / ".git").is_dir()
