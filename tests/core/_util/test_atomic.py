"""Atomic writes and the folder lock: concurrent builds never leave a mixed set, a held lock makes
the next build wait then refuse, errors name the final file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._util import atomic
from tests.conftest import HANG_TIMEOUT, core_build
from tests.core.conftest import hold_lock, plain_site

#: A worker process: one build of the folder per line read, "done STATUS" after each.
_WORKER = """
import contextlib, io, sys
from sitemap_core._cli import main
site, max_urls = sys.argv[1], sys.argv[2]
for _line in sys.stdin:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["build", site, "--base-url", "https://example.org/", "--no-html-checks",
                       "--no-robots", "-q", "--max-urls", max_urls])
    print("done", status, err.getvalue().replace("\\n", " | "), flush=True)
"""


def one_whole_set(site: Path, pages: int, sizes: set[int]) -> str | None:
    """``None`` when ``site`` holds one build's whole set, else what is wrong."""
    index = site / "sitemap.xml"
    listed = re.findall(r"<loc>https://example\.org/(sitemap-\d+\.xml)</loc>", index.read_text())
    shards = sorted(p.name for p in site.glob("sitemap-*.xml"))
    if sorted(listed) != shards:
        return f"index lists {sorted(listed)}, folder holds {shards}"
    counts = [len(re.findall(r"<url>", (site / name).read_text())) for name in listed]
    if len({*counts[:-1]}) > 1 or (len(counts) > 1 and counts[0] not in sizes):
        return f"shards of two builds: {counts}"
    found = [
        loc
        for name in listed
        for loc in re.findall(r"<loc>([^<]*)</loc>", (site / name).read_text())
    ]
    if len(found) != pages or len(set(found)) != pages:
        return f"{len(set(found))} of {pages} pages listed, {len(found) - len(set(found))} twice"
    return None


@pytest.mark.slow
def test_concurrent_builds_with_different_options_never_leave_a_mixed_set(
    tmp_path: Path,
) -> None:
    """Two builds of one folder at once, 50 times: each end state is one build's whole set
    (the index lists exactly the shards there are, every page is in exactly one)."""
    pages, sizes = 2000, {300, 700}
    site = plain_site(tmp_path / "site", pages)
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(site), str(size)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for size in sorted(sizes)
    ]
    bad: list[str] = []
    try:
        for pair in range(50):
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write("go\n")
                worker.stdin.flush()
            for worker in workers:
                assert worker.stdout is not None
                answer = worker.stdout.readline()
                assert answer.startswith("done 0"), answer
            problem = one_whole_set(site, pages, sizes)
            if problem:
                bad.append(f"pair {pair}: {problem}")
    finally:
        for worker in workers:
            assert worker.stdin is not None and worker.stdout is not None
            worker.stdin.close()
            worker.wait(HANG_TIMEOUT)
            worker.stdout.close()
    assert not bad, f"{len(bad)} of 50 pairs left a mixed set: {bad[:3]}"


def test_a_build_waits_for_the_folder_lock_then_refuses_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    core_build([PageRecord(url="a.html")], out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    holder = hold_lock(out)
    try:
        monkeypatch.setattr(atomic, "LOCK_WAIT_SECONDS", 0.5)
        with pytest.raises(atomic.FolderBusy, match=r"another build has been writing the sitemap"):
            core_build([PageRecord(url=f"p{i}.html") for i in range(10)], out, max_urls=3)
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before | {atomic.LOCK_NAME: b""}
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(HANG_TIMEOUT)
        holder.stdout.close()
    # Released: the next build goes ahead, and leaves no lock file behind.
    core_build([PageRecord(url=f"p{i}.html") for i in range(10)], out, max_urls=3)
    assert sorted(p.name for p in out.iterdir()) == [
        ".sitemap.sha256",
        "robots.txt",
        "sitemap-1.xml",
        "sitemap-2.xml",
        "sitemap-3.xml",
        "sitemap-4.xml",
        "sitemap.xml",
    ]


def test_a_killed_builds_lock_does_not_block_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    holder = hold_lock(out)
    holder.kill()
    holder.wait(HANG_TIMEOUT)
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.close()
    holder.stdout.close()
    assert (out / atomic.LOCK_NAME).exists()  # left behind; the system released the lock itself
    report = core_build([PageRecord(url="a.html")], out)
    assert report.urls == 1 and not (out / atomic.LOCK_NAME).exists()


def test_a_file_that_cannot_be_written_is_named_not_its_temp_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The state file is a folder: renaming the temp file onto it fails; the warning names
    the state file and the reason, never ``.sitemap-*.tmp``, and no temp file is left."""
    out = plain_site(tmp_path / "site", 1)
    state = tmp_path / "state.json"
    state.mkdir()
    page = PageRecord(url="p0000.html", output=out / "p0000.html")
    core_build([page], out, state_file=state, html_checks=False)
    written = [r.getMessage() for r in caplog.records if "could not be written" in r.getMessage()]
    assert len(written) == 1 and str(state) in written[0], written
    assert "Is a directory" in written[0] and ".tmp" not in written[0]
    assert not list(tmp_path.glob(".sitemap-*")) and not list(out.glob(".sitemap-*"))


def test_atomic_write_errors_name_the_final_file(tmp_path: Path) -> None:
    from sitemap_core._util.atomic import atomic_write

    target = tmp_path / "robots.txt"
    target.mkdir()
    missing = tmp_path / "nowhere" / "robots.txt"
    for final, reason in ((target, "Is a directory"), (missing, "No such file or directory")):
        with pytest.raises(OSError) as raised, atomic_write(final) as handle:
            handle.write(b"x")
        assert str(raised.value) == f"cannot write {final}: {reason}"
    assert [p.name for p in tmp_path.iterdir()] == ["robots.txt"]


#: Another user's build of a folder whose lock file a crashed root build left: as ``nobody``
#: when the test runs as root, after the imports (the interpreter may sit where nobody reads).
_OTHER_USER = """
import logging, os, sys
from pathlib import Path
from sitemap_core._errors import SitemapError
from sitemap_core._util.atomic import folder_lock
logging.basicConfig(level=logging.INFO, format="%(message)s")
if os.geteuid() == 0:
    os.setgid(65534)
    os.setuid(65534)
try:
    with folder_lock(Path(sys.argv[1]), wait=0.5):
        print("held", flush=True)
except SitemapError as exc:
    print("error:", exc, flush=True)
"""


@pytest.fixture
def shared_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder another user may write in, with a lock file this user may not write."""
    import shutil
    import tempfile

    # Under the system's temp folder: pytest's own is private to this user.
    folder = Path(tempfile.mkdtemp(prefix="ssg-sitemap-lock-"))
    folder.chmod(0o777)
    lock = folder / atomic.LOCK_NAME
    lock.write_bytes(b"")
    lock.chmod(0o444)  # not writable by its owner either, when the test is not root
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def _as_other_user(folder: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _OTHER_USER, str(folder)],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


def test_another_users_stale_lock_file_is_taken_over(shared_folder: Path) -> None:
    said = _as_other_user(shared_folder)
    assert "held" in said, said
    assert f"removed the stale lock file {shared_folder / atomic.LOCK_NAME}" in said
    assert not (shared_folder / atomic.LOCK_NAME).exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs two users")
def test_another_users_lock_file_that_cannot_be_removed_says_how(shared_folder: Path) -> None:
    shared_folder.chmod(0o1777)  # sticky, as /tmp: only the file's owner may remove it
    said = _as_other_user(shared_folder)
    lock = shared_folder / atomic.LOCK_NAME
    assert f"error: the lock file {lock} is stale (owned by uid 0; no build holds it)" in said
    assert f"remove it (rm {lock})" in said
    assert lock.exists()


def test_another_users_held_lock_is_waited_for(shared_folder: Path) -> None:
    holder = hold_lock(shared_folder)
    try:
        said = _as_other_user(shared_folder)
    finally:
        holder.communicate("")
    assert "another build has been writing the sitemap files" in said, said
