"""The one journaled commit: a real ``ssg-sitemap build`` killed (SIGKILL) at each step of its
commit leaves a folder the next build finishes or undoes, and then builds whole: every file
the ledger records is there with its bytes, nothing else of ours, and ``check`` is clean."""

from __future__ import annotations

import hashlib
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import cli, write_files

pytestmark = pytest.mark.slow

BASE = "https://example.org/"
KEY = "0123456789abcdef"
#: The build, in a child process, killed as it passes its ``argv[1]``-th commit step (0: never);
#: each step passed is printed first.
WRAPPER = """
import os, signal, sys
from sitemap_core._util import atomic
passed = []
def observe(name):
    passed.append(name)
    print("STEP", name, file=sys.stderr, flush=True)
    if len(passed) == int(sys.argv[1]):
        os.kill(os.getpid(), signal.SIGKILL)
atomic.COMMIT_STEPS.append(observe)
from sitemap_core._cli import main
sys.exit(main(sys.argv[2:]))
"""
FIRST = ["--max-urls", "100", "--gzip"]
SECOND = ["--section", "blog/*=blog"]
COMMON = ["--base-url", BASE, "--llms-txt", "--llms-markdown", "--indexnow-key", KEY]


def _page(title: str) -> str:
    return f"<html><head><title>{title}</title></head><body><main>{title}</main></body></html>"


def _site(root: Path) -> Path:
    pages = {f"{name}.html": _page(name) for name in ("index", "a", "b")}
    pages.update({f"blog/{name}.html": _page(f"Post {name}") for name in ("p1", "p2")})
    site = write_files(root, pages)
    done = cli("build", str(site), *FIRST, *COMMON)
    assert done.returncode == 0, done.stderr
    (site / "a.html").write_text(_page("A, edited"))  # its twin changes in the second build
    return site


def _run(site: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-c", WRAPPER, str(kill_at), "build", str(site), *SECOND, *COMMON]
    return subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)


def _assert_whole(site: Path) -> None:
    ledger = (site / ".sitemap.sha256").read_text().splitlines()
    recorded = {}
    for line in ledger:
        digest, rel = line.split("  ", 1)
        recorded[rel] = digest
        assert hashlib.sha256((site / rel).read_bytes()).hexdigest() == digest, rel
    assert {"sitemap.xml", "sitemap-blog.xml", "sitemap-pages.xml", "llms.txt"} <= set(recorded)
    assert f"{KEY}.txt" in recorded and "blog/p1.html.md" in recorded
    assert not (site / "sitemap.xml.gz").exists()  # the first build's .gz copy went
    assert not list(site.rglob(".sitemap-*.tmp")) and not (site / ".sitemap.journal").exists()
    assert "A, edited" in (site / "a.html.md").read_text()
    checked = cli("check", str(site), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_build_killed_at_any_commit_step_is_finished_by_the_next(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    template = tmp_path / "template"
    shutil.copytree(site, template)
    counted = _run(site, 0)
    assert counted.returncode == 0, counted.stderr
    steps = [line[5:] for line in counted.stderr.splitlines() if line.startswith("STEP ")]
    # The wedge of old: killed the moment the new sitemap.xml (now an index) is renamed in.
    assert "rename sitemap.xml" in steps and "sweep sitemap.xml.gz" in steps
    assert "rename a.html.md" in steps
    _assert_whole(site)
    for number, step in enumerate(steps, 1):
        here = tmp_path / f"kill-{number}"
        shutil.copytree(template, here)
        killed = _run(here, number)
        assert killed.returncode == -signal.SIGKILL, (step, killed.stderr)
        again = cli("build", str(here), *SECOND, *COMMON)
        assert again.returncode == 0, (step, again.stderr)
        _assert_whole(here)
