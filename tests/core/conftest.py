"""Built sites and folders for the core's tests: small static sites, a site beside a private
folder (nothing of it may leak into findings), another build's folder lock, and a MkDocs
project for ``build --project``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core._check import CheckReport


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    """A built site of two pages and a robots.txt of its own."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>home</title></head><body>hi")
    (site / "about.html").write_text("<html><head><title>about</title></head><body>me")
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    return site


def plain_site(root: Path, pages: int) -> Path:
    """A built site at ``root`` of ``pages`` numbered pages."""
    root.mkdir()
    for i in range(pages):
        (root / f"p{i:04d}.html").write_text(f"<html><head><title>{i}</title></head><body>{i}")
    return root


SECRET = "TOPSECRET-do-not-print"


@pytest.fixture
def walled(tmp_path: Path) -> Path:
    """A site beside a private folder whose files would leak into findings if read."""
    priv = tmp_path / "priv"
    priv.mkdir()
    (priv / "secret.txt").write_text(f"{SECRET}\nsecond {SECRET}\n", encoding="utf-8")
    (priv / "page.html").write_text(
        f'<html><head><link rel="canonical" href="https://example.org/{SECRET}"></head>',
        encoding="utf-8",
    )
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>home</title></head>", encoding="utf-8")
    return site


def no_leak(report: CheckReport) -> None:
    """No finding of ``report`` quotes the private folder of :func:`walled`."""
    for finding in report.findings:
        assert SECRET not in finding.message, finding
        assert SECRET not in finding.file, finding


_HOLDER = """
import sys
import textwrap
from pathlib import Path
from sitemap_core._util.atomic import folder_lock
with folder_lock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


def hold_lock(folder: Path) -> subprocess.Popen[str]:
    """Another build's lock on ``folder``, held until its stdin closes."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside the site that no error message may quote."""
    path = tmp_path / "secret.txt"
    path.write_text("aws_secret_access_key = AKIAEXAMPLEKEY\n")
    return path


def mkdocs_project(root: Path, config: str) -> Path:
    """A built one-page MkDocs project at ``root`` with ``config`` as its mkdocs.yml."""
    root.mkdir()
    (root / "mkdocs.yml").write_text(config)
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# x\n")
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("<html><head></head><body>x")
    return root
