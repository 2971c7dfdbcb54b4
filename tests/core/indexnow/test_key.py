"""The IndexNow key file ``KEY.txt``: a user's own file of that name is never replaced, and
the build and ``announce`` judge it by one rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import build_cli, cli, snapshot
from tests.core.conftest import plain_site

BASE = "https://example.org/"


KEY = "1f2e3d4c-5b6a"


def test_a_users_file_named_like_the_key_file_is_never_replaced(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / f"{KEY}.txt").write_text("my notes, not a key\n")
    before = snapshot(site)
    done = build_cli(str(site), "--base-url", BASE, "--indexnow-key", KEY)
    assert done.returncode == 2, done.stderr
    assert f"{KEY}.txt exists and does not hold the key {KEY}; it is left alone" in done.stderr
    assert snapshot(site) == before


def test_a_key_file_that_holds_the_key_is_kept_as_it_is(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / f"{KEY}.txt").write_text(f"{KEY}\n")
    for _ in range(2):
        done = build_cli(str(site), "--base-url", BASE, "--indexnow-key", KEY)
        assert done.returncode == 0, done.stderr
        assert (site / f"{KEY}.txt").read_text() == f"{KEY}\n"
    (site / f"{KEY}.txt").unlink()
    for _ in range(2):  # written by the build, then found again
        done = build_cli(str(site), "--base-url", BASE, "--indexnow-key", KEY)
        assert done.returncode == 0, done.stderr
        assert (site / f"{KEY}.txt").read_text() == KEY


@pytest.mark.parametrize(
    "held",
    [
        f"{KEY}\u00a0",  # a no-break space after the key
        "\ufeff" + KEY,  # a byte-order mark before it
        f"{KEY}\n" + " " * 2000,  # the key, then far more than a key file holds
    ],
    ids=["no-break space", "byte-order mark", "too long"],
)
def test_the_build_and_announce_judge_a_key_file_alike(tmp_path: Path, held: str) -> None:
    """``announce`` read a key file by other rules than the build (4 KiB decoded and stripped of
    any Unicode space, against 1 KiB stripped of ASCII spaces): a file the build refused as
    somebody's was a valid key file to announce."""
    site = plain_site(tmp_path / "site", 3)
    (site / f"{KEY}.txt").write_text(held, encoding="utf-8")
    done = build_cli(str(site), "--base-url", BASE, "--indexnow-key", KEY)
    assert done.returncode == 2, done.stderr
    assert f"does not hold the key {KEY}" in done.stderr
    assert build_cli(str(site), "--base-url", BASE).returncode == 0  # the sitemap, no key
    argv = ["announce", str(site), "--base-url", BASE, "--key", KEY, "--dry-run", "--all"]
    done = cli(*argv)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"does not hold the key {KEY}" in done.stderr
