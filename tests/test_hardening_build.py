"""Build-side hardening, second round: concurrent builds, planted files, tight limits.

Each test reproduces one problem on a small fixture; a hang or a resource limit is tried in a
child process (never by timing the work itself).
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sitemap_core import PageRecord
from sitemap_core._util import atomic
from tests.conftest import HANG_TIMEOUT, build_cli, core_build, snapshot

BASE = "https://example.org/"


def plain_site(root: Path, pages: int) -> Path:
    root.mkdir()
    for i in range(pages):
        (root / f"p{i:04d}.html").write_text(f"<html><head><title>{i}</title></head><body>{i}")
    return root


# -- concurrent builds into one folder ---------------------------------------------------------
#: A worker process: one build of the folder per line read, "done STATUS" after each.
_WORKER = """
import contextlib, io, sys
from sitemap_core.cli.main import main
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
        "robots.txt",
        "sitemap-1.xml",
        "sitemap-2.xml",
        "sitemap-3.xml",
        "sitemap-4.xml",
        "sitemap.xml",
    ]


def test_materials_flat_copy_is_written_under_the_folder_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sitemap.xml for Material is made from the index and shards on disk: while another
    build holds the folder, it waits (a build replacing them meanwhile could sweep a shard
    being read), and it changes nothing when the lock never comes."""
    import logging

    from sitemap_core import Settings
    from sitemap_core.mkdocs_project.material import MATERIAL_INDEX, write_material_copy

    out = tmp_path / "site"
    out.mkdir()
    records = [PageRecord(url=f"p{i}.html") for i in range(5)]
    report = core_build(records, out, max_urls=2, index_filename=MATERIAL_INDEX)
    settings = Settings(base_url="https://example.org/", index_filename=MATERIAL_INDEX)
    log = logging.getLogger("test")
    holder = hold_lock(out)
    try:
        monkeypatch.setattr(atomic, "LOCK_WAIT_SECONDS", 0.5)
        with pytest.raises(atomic.FolderBusy):
            write_material_copy(out, settings, report, log)
        assert not (out / "sitemap.xml").exists()
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(HANG_TIMEOUT)
        holder.stdout.close()
    write_material_copy(out, settings, report, log)
    assert (out / "sitemap.xml").read_text().count("<url>") == 5


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


# -- open files -------------------------------------------------------------------------------
def test_many_shards_build_under_a_low_open_files_limit(tmp_path: Path) -> None:
    """400 gzip shards (800 temp files) with ``ulimit -n 64``: each shard's files are closed
    when it is complete, and renamed into place at the end."""
    out = tmp_path / "site"
    out.mkdir()
    code = """
        import resource, sys
        from pathlib import Path
        from sitemap_core import PageRecord, Settings, build_sitemap, make_plugin_manager
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        records = [PageRecord(url=f"page-{i}.html") for i in range(2000)]
        settings = Settings(base_url="https://example.org/", html_checks=False, gzip=True,
                            max_urls=5, robots=False)
        report = build_sitemap(records, settings, Path(sys.argv[1]),
                               plugin_manager=make_plugin_manager(load_entry_points=False))
        print(report.urls)
    """
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(out)],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["2000"]
    assert len(list(out.glob("sitemap-*.xml"))) == len(list(out.glob("sitemap-*.xml.gz"))) == 400
    assert not list(out.glob(".sitemap-*"))


# -- robots.txt: never read through a symlink out of the site, never read whole ---------------
@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text("aws_secret_access_key = AKIAEXAMPLEKEY\n")
    return path


def test_build_refuses_a_robots_symlink_out_of_the_site(tmp_path: Path, secret: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / "robots.txt").symlink_to(secret)
    before = snapshot(site)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 2, done.stderr
    assert "robots.txt is a symlink that leads outside" in done.stderr
    assert snapshot(site) == before  # no sitemap, robots.txt still the link
    assert "AKIA" not in done.stderr + done.stdout


def test_build_follows_a_robots_symlink_inside_the_site(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    (site / "static").mkdir()
    (site / "static" / "robots.txt").write_text("User-agent: *\nDisallow: /x/\n")
    (site / "robots.txt").symlink_to(Path("static") / "robots.txt")
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 0, done.stderr
    robots = (site / "robots.txt").read_text()
    assert robots == "User-agent: *\nDisallow: /x/\nSitemap: https://example.org/sitemap.xml\n"


def test_build_refuses_a_robots_txt_over_512_kib_and_leaves_it(tmp_path: Path) -> None:
    site = plain_site(tmp_path / "site", 3)
    big = b"User-agent: *\n" + b"Disallow: /" + b"x" * (600 * 1024) + b"\n"
    (site / "robots.txt").write_bytes(big)
    before = snapshot(site)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 2, done.stderr
    assert "robots.txt is larger than 512 KiB; it is left unchanged" in done.stderr
    assert snapshot(site) == before


def test_index_refuses_a_robots_symlink_out_of_its_folder(
    tmp_path: Path, secret: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sitemap_core.cli.main import main

    top = tmp_path / "top"
    top.mkdir()
    (top / "en").mkdir()
    core_build([PageRecord(url="a.html")], top / "en", base_url=BASE + "en/")
    (top / "robots.txt").symlink_to(secret)
    before = snapshot(top)
    assert main(["index", str(top / "sitemap.xml"), "--base-url", BASE, str(top / "en")]) == 2
    err = capsys.readouterr().err
    assert "robots.txt is a symlink that leads outside" in err and "AKIA" not in err
    assert snapshot(top) == before


# -- the IndexNow key file -----------------------------------------------------------------
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


# -- shard_order lastmod reads earlier shards through the cap -----------------------------------
@pytest.mark.parametrize("marked", [True, False], ids=["passes-for-ours", "foreign"])
def test_shard_order_never_unpacks_a_gzip_bomb_in_a_shards_place(
    tmp_path: Path, marked: bool
) -> None:
    """1 GiB of spaces, gzipped to about 1 MB, in place of ``sitemap-1.xml``: the next
    ``--shard-order lastmod`` build, under a 400 MB address-space limit, reads at most the
    50 MiB cap of it when it carries our marker, and nothing past its head when it does not
    (then it is somebody else's file: left alone, with a warning)."""
    import gzip

    from sitemap_core.files._serialize import MARKER

    site = plain_site(tmp_path / "site", 10)
    options = ["--base-url", BASE, "--no-robots", "--max-urls", "3", "--shard-order", "lastmod"]
    assert build_cli(str(site), *options).returncode == 0
    spaces = gzip.compress(b" " * (1 << 20), mtime=0)
    head = gzip.compress(f'<?xml version="1.0"?>\n{MARKER if marked else ""}\n'.encode(), mtime=0)
    bomb = head + spaces * 1024  # gzip members, one after another
    (site / "sitemap-1.xml").write_bytes(bomb)
    code = """
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20))
        from sitemap_core.cli.main import main
        sys.exit(main(["build", *sys.argv[1:]]))
    """
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(site), *options],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    if marked:
        assert done.returncode == 0, done.stderr[-2000:]
        assert len(re.findall(r"<url>", (site / "sitemap-1.xml").read_text())) == 3
    else:
        assert "sitemap-1.xml exists and was not written by ssg-sitemap" in done.stderr
        assert (site / "sitemap-1.xml").read_bytes() == bomb


# -- file names that are not UTF-8 --------------------------------------------------------------
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names are Unicode there")
def test_a_file_name_that_is_not_utf8_gets_the_url_of_its_bytes(tmp_path: Path) -> None:
    """``caf\\xe9.html`` (Latin-1, from an old archive) is served by its bytes: listed as
    ``caf%E9.html``, and ``check`` finds that URL's page; a page of such a name that is
    left out is named in the message, escaped."""
    import os

    from sitemap_core.check import check_site

    site = plain_site(tmp_path / "site", 1)
    (site / os.fsdecode(b"caf\xe9.html")).write_text("<html><head><title>t</title></head>x")
    noindex = '<html><head><meta name="robots" content="noindex"></head>x'
    (site / os.fsdecode(b"d\xe9j\xe0.html")).write_text(noindex)
    done = build_cli(str(site), "--base-url", BASE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "1 excluded (1 noindex)" in done.stderr
    listed = re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text())
    assert listed == [f"{BASE}caf%E9.html", f"{BASE}p0000.html"]
    report = check_site(site, BASE)
    assert not report.findings, report.findings


# -- MkDocs INHERIT (build --project) -----------------------------------------------------------
def mkdocs_project(root: Path, config: str) -> Path:
    root.mkdir()
    (root / "mkdocs.yml").write_text(config)
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# x\n")
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("<html><head></head><body>x")
    return root


@pytest.mark.parametrize(
    ("inherit", "message"),
    [
        ("../secret.txt", "secret.txt is not a .yml or .yaml file; it is not read"),
        ("../base.yml", "secret.txt is not a .yml or .yaml file; it is not read"),  # a symlink
        ("../creds.yml", "creds.yml does not parse: line 2, column 1: expected"),
        ("../alias.yml", "alias.yml does not parse: line 1, column 4: found undefined alias '...'"),
    ],
    ids=["not-yaml", "symlink-to-not-yaml", "yaml-error", "alias-name"],
)
def test_inherit_reads_only_yaml_and_errors_never_quote_the_file(
    tmp_path: Path, secret: Path, inherit: str, message: str
) -> None:
    (tmp_path / "base.yml").symlink_to(secret)
    (tmp_path / "creds.yml").write_text("aws_access_key_id = AKIAEXAMPLEKEY\n: x\n")
    (tmp_path / "alias.yml").write_text("a: *AKIAEXAMPLEKEY\n")
    root = mkdocs_project(
        tmp_path / "project", f"INHERIT: {inherit}\nsite_url: https://example.org/\n"
    )
    done = build_cli("--project", str(root))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "AKIA" not in done.stderr + done.stdout
    assert not (root / "site" / "sitemap.xml").exists()


# -- symlink loops in docs_dir (build --project) ----------------------------------------------
def test_folder_symlinks_that_loop_are_named_and_not_followed(tmp_path: Path) -> None:
    """Two links to ``.`` in docs_dir made the walk exponential (``mkdocs build`` hangs too);
    each is named in a warning and not followed, and the pages are listed once."""
    root = mkdocs_project(tmp_path / "project", "site_url: https://example.org/\n")
    docs = root / "docs"
    (docs / "guide").mkdir()
    (docs / "guide" / "index.md").write_text("# g\n")
    (root / "site" / "guide").mkdir()
    (root / "site" / "guide" / "index.html").write_text("<html><head></head><body>g")
    (docs / "again").symlink_to(".")
    (docs / "more").symlink_to(".")
    (docs / "guide" / "up").symlink_to("..")
    try:
        done = build_cli("--project", str(root), "--lastmod-sources", "", timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the walk of docs_dir did not end within 60 s")
    assert done.returncode == 0, done.stderr[-2000:]
    for link, target in (("again", "."), ("more", "."), ("guide/up", "..")):
        assert f"{docs / link} -> {target} leads to a folder it is in, a loop" in done.stderr
    listed = re.findall(r"<loc>([^<]*)</loc>", (root / "site" / "sitemap.xml").read_text())
    assert listed == [BASE, f"{BASE}guide/"]


# -- messages name the user's files, never our temp files ---------------------------------------
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


@pytest.mark.parametrize(
    "options",
    [{}, {"format": "txt"}, {"gzip": True, "gzip_only": True}],
    ids=["xml", "txt", "gzip"],
)
def test_shard_entries_read_in_chunks_match_the_whole_file(
    tmp_path: Path, options: dict[str, object]
) -> None:
    """Entries that straddle the 64 KiB chunks come out whole, as a full parse reads them."""
    from sitemap_core.build._shard_order import shard_entries
    from sitemap_core.files import read_entries

    records = [
        PageRecord(
            url=f"{'deep/' * (i % 40)}page-{i}.html",
            front_matter={"sitemap_lastmod": f"2024-01-{i % 28 + 1:02d}"},
        )
        for i in range(3000)
    ]
    out = tmp_path / "site"
    out.mkdir()
    report = core_build(records, out, robots=False, html_checks=False, **options)
    (shard,) = [p for p in report.files if p.name.startswith("sitemap")]
    assert shard.stat().st_size > 200_000 or shard.name.endswith(".gz")
    _kind, expected = read_entries(shard)
    assert list(shard_entries(shard)) == expected
    assert len(expected) == 3000
    assert all(lastmod for _loc, lastmod in expected) == (options.get("format") != "txt")
