"""``ssg-sitemap build``: a real subprocess on a built site; exit codes and messages."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core._cli._main import make_parser
from sitemap_core._config._options import spellings
from sitemap_core._util.progress import Progress
from tests.conftest import (
    build_cli,
    cli,
    locs,
    snapshot,
    urlset_text,
    write_files,
)

BASE = "https://example.org/"


PAGE = "<!doctype html><html><head><title>{t}</title>{h}</head><body>x</body></html>"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return cli(*args)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "public"
    for rel, head in {
        "index.html": "",
        "about/index.html": "",
        "blog/café & crêpes.html": "",
        "blog/index.htm": "",
        "search.html": '<meta name="robots" content="noindex,follow">',
        "old.html": '<meta http-equiv="refresh" content="0; url=/about/">',
        "404.html": "",
        "drafts/wip.html": "",
        ".hidden/x.html": "",
    }.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PAGE.format(t=rel, h=head), "utf-8")
    (root / "style.css").write_text("body{}")
    return root


def test_build_walks_the_site(site: Path) -> None:
    result = run("build", str(site), "--base-url", BASE, "--exclude", "drafts/*")
    assert result.returncode == 0, result.stderr
    assert locs(site / "sitemap.xml") == [
        BASE,
        BASE + "about/",
        BASE + "blog/",
        BASE + "blog/caf%C3%A9%20&%20cr%C3%AApes.html",
    ]
    assert result.stderr.strip().splitlines()[-1] == (
        "sitemap: 4 URLs written; 4 excluded (1 404 page, 1 exclude pattern, 1 noindex, "
        "1 redirect); 2 files: sitemap.xml, robots.txt"
    )
    assert (site / "robots.txt").read_text().endswith(f"Sitemap: {BASE}sitemap.xml\n")


def test_a_site_with_nothing_to_list_says_no_files_written(tmp_path: Path) -> None:
    root = tmp_path / "public"
    root.mkdir()
    head = '<meta name="robots" content="noindex">'
    (root / "index.html").write_text(PAGE.format(t="x", h=head), "utf-8")
    result = run("build", str(root), "--base-url", BASE)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "sitemap: 0 URLs written; 1 excluded (1 noindex); no files written; 1 warning"
    )


def test_build_options(site: Path) -> None:
    result = run(
        "build",
        str(site),
        "--base-url",
        BASE,
        "--keep-index-html",
        "--format",
        "txt",
        "--no-robots",
        "--gzip",
        "--max-urls",
        "2",
        "--no-html-checks",
    )
    assert result.returncode == 0, result.stderr
    assert not (site / "robots.txt").exists()
    text = "".join((site / f"sitemap-{i}.txt").read_text() for i in (1, 2, 3, 4))
    assert f"{BASE}about/index.html\n" in text and f"{BASE}search.html\n" in text
    assert (site / "sitemap-1.txt.gz").exists()
    assert locs(site / "sitemap.xml")[0] == f"{BASE}sitemap-1.txt.gz"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--base-url", "/relative/"], "--base-url: '/relative/' is not absolute"),
        (["--base-url", "ftp://example.org/"], "--base-url: 'ftp://example.org/' must use http"),
        (["--base-url", "https://example.org/?x=1"], "--base-url: 'https://example.org/?x=1'"),
        (["--base-url", BASE, "--filename", "../sitemap.xml"], "--filename: '../sitemap.xml'"),
        (["--base-url", BASE, "--max-urls", "60000"], "--max-urls: 60000 must be"),
        (["--base-url", BASE, "--max-urls", "0"], "--max-urls: 0 must be a whole number from 1"),
        (["--base-url", BASE, "--max-bytes", "60000000"], "--max-bytes: 60000000 must be"),
        (["--base-url", BASE, "--max-bytes", "0"], "--max-bytes: 0 must be"),
        (["--base-url", BASE, "--priority", "1.5"], "--priority: '1.5' is outside"),
        (["--base-url", BASE, "--changefreq", "sometimes"], "--changefreq: 'sometimes'"),
        (["--base-url", BASE, "--lastmod-sources", "git,gut"], "--lastmod-sources: 'gut' is"),
        (
            ["--base-url", BASE, "--lastmod-sources", "html,mtime"],
            "--lastmod-sources: mtime dates each page by its source file's time",
        ),
        (["--base-url", BASE, "--xsl-href", "javascript:x"], "--xsl-href: 'javascript:x' must"),
        (["--base-url", BASE, "--section", "blog/*=2"], "--section: blog/*: '2' is not a sec"),
        (["--base-url", BASE, "--section", "blog/*=index"], "--section: blog/*: 'index' is no"),
        (["--base-url", BASE, "--filename", "sitemap.xsl", "--xsl"], "--filename: 'sitemap.xsl'"),
        (["--base-url", BASE, "--filename", "map.html"], "--filename: 'map.html' must end in"),
        (["--base-url", BASE, "--html-sitemap", "a/b.html"], "--html-sitemap: 'a/b.html' must"),
        (["--base-url", BASE, "--hooks", "missing.py"], "--hooks: missing.py is not a file"),
        (["--base-url", BASE, "--indexnow-key", "short"], "--indexnow-key: 'short' must be"),
        # Bytes that are not UTF-8 reach argv as lone surrogates.
        (
            ["--base-url", os.fsdecode(b"https://example.org/\xff/")],
            "--base-url: 'https://example.org/\\udcff/' holds bytes that are not UTF-8",
        ),
        (
            ["--base-url", BASE, "--xsl-href", os.fsdecode(b"/s\xff.xsl")],
            "--xsl-href: '/s\\udcff.xsl' holds bytes that are not UTF-8",
        ),
    ],
)
def test_config_errors_exit_2_without_traceback(site: Path, args: list[str], message: str) -> None:
    """An error about a value typed as a flag names the flag, not the setting behind it."""
    result = run("build", str(site), *args)
    assert result.returncode == 2
    assert result.stderr.startswith(f"ssg-sitemap: error: {message}"), result.stderr
    assert "Traceback" not in result.stderr
    assert not (site / "sitemap.xml").exists()


def test_build_project_titles_the_standalone_page_with_html_sitemap_title(
    tmp_path: Path,
) -> None:
    project = tmp_path / "proj"
    page = PAGE.format(t="home", h="")
    write_files(
        project,
        {
            "docs/index.md": "# Home\n",
            "site/index.html": page,
            "mkdocs.yml": f"site_name: T\nsite_url: {BASE}\nplugins:\n  - sitemap:\n"
            "      html_sitemap: plan/\n      html_sitemap_title: Plan du site & co\n",
        },
    )
    done = run("build", "--project", str(project / "mkdocs.yml"))
    assert done.returncode == 0, done.stderr
    written = (project / "site/plan.html").read_text(encoding="utf-8")
    assert "<title>Plan du site &amp; co</title>" in written
    assert "<h1>Plan du site &amp; co</h1>" in written


def test_a_project_error_names_the_config_key_or_the_flag(tmp_path: Path) -> None:
    """With --project a value comes from the config file or from a flag; the error names
    where the user wrote it: the file and its key, or the flag."""
    project = tmp_path / "proj"
    page = PAGE.format(t="home", h="")
    write_files(project, {"docs/index.md": "# Home\n", "site/index.html": page})
    config = project / "mkdocs.yml"
    options = "site_name: T\nsite_url: {url}\nplugins:\n  - sitemap:\n      max_urls: {n}\n"
    config.write_text(options.format(url=BASE, n=0))
    from_config = run("build", "--project", str(config))
    assert from_config.returncode == 2
    assert from_config.stderr == (
        f"ssg-sitemap: error: {config}: sitemap plugin: max_urls: 0 must be a whole number "
        "from 1 to 50,000\n"
    )
    from_flag = run("build", "--project", str(config), "--max-urls", "-3")
    assert from_flag.returncode == 2
    assert from_flag.stderr.startswith("ssg-sitemap: error: --max-urls: -3 must be")
    config.write_text(options.format(url="ftp://example.org/", n=10))
    site_url = run("build", "--project", str(config))
    assert site_url.returncode == 2
    assert site_url.stderr.startswith(f"ssg-sitemap: error: {config}: site_url: 'ftp://")
    flag_url = run("build", "--project", str(config), "--base-url", "ftp://example.net/")
    assert flag_url.returncode == 2
    assert flag_url.stderr.startswith("ssg-sitemap: error: --base-url: 'ftp://example.net/'")
    assert not (project / "site" / "sitemap.xml").exists()


def test_a_project_list_of_globs_that_is_not_text_is_named_not_a_traceback(
    tmp_path: Path,
) -> None:
    """``exclude: [1]`` passes the YAML type check (a list): its items are the core's to
    refuse, by the option's name, before anything is written."""
    project = tmp_path / "proj"
    write_files(project, {"docs/index.md": "# Home\n", "site/index.html": PAGE.format(t="h", h="")})
    config = project / "mkdocs.yml"
    config.write_text(f"site_url: {BASE}\nplugins:\n  - sitemap:\n      exclude: [1]\n")
    result = run("build", "--project", str(config))
    assert result.returncode == 2
    assert result.stderr == (
        f"ssg-sitemap: error: {config}: sitemap plugin: exclude: [1] is not a list of strings\n"
    )
    assert not (project / "site" / "sitemap.xml").exists()


@pytest.mark.parametrize("command", ["check", "index", "announce"])
def test_other_commands_name_the_base_url_flag(tmp_path: Path, command: str) -> None:
    site = tmp_path / "public"
    site.mkdir()
    (site / "index.html").write_text(PAGE.format(t="home", h=""), "utf-8")
    where = {
        "check": [str(site)],
        "index": [str(tmp_path / "index.xml"), str(site)],
        "announce": [str(site), "--key", "abcdefgh-1234"],
    }[command]
    result = run(command, *where, "--base-url", "ftp://example.org/")
    assert result.returncode == 2
    assert result.stderr.startswith("ssg-sitemap: error: --base-url: 'ftp://example.org/'")


def test_a_rebuild_without_xsl_removes_our_stylesheet_never_the_users(tmp_path: Path) -> None:
    """The stylesheet an earlier ``--xsl`` build wrote goes when no sitemap names it; a
    ``sitemap.xsl`` the site brought itself stays, whatever the build does."""
    site = tmp_path / "public"
    site.mkdir()
    (site / "index.html").write_text(PAGE.format(t="home", h=""), "utf-8")
    styled = run("build", str(site), "--base-url", BASE, "--xsl")
    assert styled.returncode == 0, styled.stderr
    assert (site / "sitemap.xsl").is_file()
    again = run("build", str(site), "--base-url", BASE, "--xsl")
    assert again.returncode == 0, again.stderr
    assert (site / "sitemap.xsl").is_file()
    plain = run("build", str(site), "--base-url", BASE)
    assert plain.returncode == 0, plain.stderr
    assert not (site / "sitemap.xsl").exists()
    assert "<?xml-stylesheet" not in (site / "sitemap.xml").read_text()
    # Their own stylesheet named instead of ours: ours goes as well.
    run("build", str(site), "--base-url", BASE, "--xsl")
    theirs = run("build", str(site), "--base-url", BASE, "--xsl-href", "/style/map.xsl")
    assert theirs.returncode == 0, theirs.stderr
    assert not (site / "sitemap.xsl").exists()
    # A file of the site's own under that name is never removed.
    own = b'<?xml version="1.0"?>\n<xsl:stylesheet version="1.0"/>\n'
    (site / "sitemap.xsl").write_bytes(own)
    for args in ([], ["--format", "txt"], ["--exclude", "*"]):
        done = run("build", str(site), "--base-url", BASE, *args)
        assert done.returncode == 0, done.stderr
        assert (site / "sitemap.xsl").read_bytes() == own


def test_excluding_every_page_removes_the_sitemap_and_its_robots_line(tmp_path: Path) -> None:
    """An empty urlset is invalid, so no sitemap is written; robots.txt then no longer names
    it, and every line of the site's own stays byte for byte."""
    site = tmp_path / "public"
    site.mkdir()
    (site / "index.html").write_text(PAGE.format(t="home", h=""), "utf-8")
    (site / "about.html").write_text(PAGE.format(t="about", h=""), "utf-8")
    rules = (
        b"\xef\xbb\xbf# ours\r\nUser-agent: *\r\nDisallow: /private/\r\n"
        b"Sitemap: https://blog.example.org/sitemap.xml\r\n"
        b"Sitemap: https://example.org/news/sitemap.xml\r\n"
    )
    (site / "robots.txt").write_bytes(rules)
    first = run("build", str(site), "--base-url", BASE, "--xsl")
    assert first.returncode == 0, first.stderr
    assert (site / "robots.txt").read_bytes() == rules + f"Sitemap: {BASE}sitemap.xml\r\n".encode()
    empty = run("build", str(site), "--base-url", BASE, "--exclude", "*")
    assert empty.returncode == 0, empty.stderr
    assert not (site / "sitemap.xml").exists() and not (site / "sitemap.xsl").exists()
    assert (site / "robots.txt").read_bytes() == rules
    lines = empty.stderr.strip().splitlines()
    assert lines[-2] == (
        "warning: sitemap: no pages to list; no sitemap written (the earlier sitemap.xml, "
        "sitemap.xsl and its Sitemap line in robots.txt removed)"
    )
    assert lines[-1] == (
        "sitemap: 0 URLs written; 2 excluded (2 exclude pattern); 1 file: robots.txt; 1 warning"
    )
    # Pages again: the line comes back where it was added before.
    back = run("build", str(site), "--base-url", BASE)
    assert back.returncode == 0, back.stderr
    assert (site / "robots.txt").read_bytes() == rules + f"Sitemap: {BASE}sitemap.xml\r\n".encode()


def test_missing_site_dir_and_missing_base_url(tmp_path: Path) -> None:
    missing = run("build", str(tmp_path / "nope"), "--base-url", BASE)
    assert missing.returncode == 2 and "does not exist" in missing.stderr
    no_base = run("build", str(tmp_path))
    assert no_base.returncode == 2 and "--base-url" in no_base.stderr


def test_unwritable_site_dir_is_a_clear_error(tmp_path: Path) -> None:
    target = Path("/proc/self")  # not writable even for root
    result = run("build", str(target), "--base-url", BASE)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "not writable" in result.stderr or "cannot write" in result.stderr


def test_strict_turns_warnings_into_exit_1(site: Path) -> None:
    (site / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /caf\xe9\n")
    (site / "bad.html").write_bytes(b"<html><head><title>caf\xe9</title>")
    result = run("build", str(site), "--base-url", BASE)
    assert result.returncode == 0
    assert "warning: sitemap: bad.html: output: built file" in result.stderr
    assert "robots.txt" in result.stderr and "is not UTF-8 text" in result.stderr
    strict = run("build", str(site), "--base-url", BASE, "--strict")
    assert strict.returncode == 1
    assert "2 warning(s) and strict mode is on" in strict.stderr
    assert (site / "robots.txt").read_bytes() == b"User-agent: *\nDisallow: /caf\xe9\n"


def test_help_lists_every_option() -> None:
    parser = make_parser()
    result = run("build", "--help")
    assert result.returncode == 0
    for option in (
        "--base-url",
        "--gzip",
        "--format",
        "--exclude",
        "--max-urls",
        "--max-bytes",
        "--no-robots",
        "--strict",
        "--keep-index-html",
        "exit status",
    ):
        assert option in result.stdout
    for flag in spellings("cli").values():
        assert flag in result.stdout
    assert "--hooks " in result.stdout and "--verbose" in result.stdout
    assert parser.prog == "ssg-sitemap"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_for_large_sites() -> None:
    shown = _Terminal()
    bar = Progress(5000, "pages", stream=shown)
    bar.update(2500)
    bar.close()
    assert "pages [###############---------------] 2,500/5,000" in shown.getvalue()
    assert shown.getvalue().endswith("5,000/5,000\n")
    small = _Terminal()
    Progress(100, "pages", stream=small).update(50)
    assert small.getvalue() == ""
    piped = io.StringIO()
    Progress(5000, "pages", stream=piped).update(2500)
    assert piped.getvalue() == ""


def test_build_lists_xhtml_pages_as_the_html_checks_read_them(tmp_path: Path) -> None:
    # One list of page suffixes: the walker lists what the HTML checks and check read.
    root = tmp_path / "public"
    root.mkdir()
    (root / "index.html").write_text(PAGE.format(t="home", h=""), "utf-8")
    (root / "book.xhtml").write_text(PAGE.format(t="book", h=""), "utf-8")
    (root / "hidden.XHTML").write_text(
        PAGE.format(t="hidden", h='<meta name="robots" content="noindex">'), "utf-8"
    )
    result = run("build", str(root), "--base-url", BASE)
    assert result.returncode == 0, result.stderr
    assert locs(root / "sitemap.xml") == [BASE, BASE + "book.xhtml"]
    checked = run("check", str(root), "--base-url", BASE)
    assert checked.returncode == 0, checked.stdout + checked.stderr


NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def test_filename_of_a_page_is_refused(small_site: Path) -> None:
    page = (small_site / "about.html").read_bytes()
    for strict in ([], ["--strict"]):
        done = build_cli(
            str(small_site),
            "--base-url",
            "https://example.org/",
            "--filename",
            "about.html",
            *strict,
        )
        assert (small_site / "about.html").read_bytes() == page
        assert "--filename: 'about.html' must end in .xml" in done.stderr
        assert "Traceback" not in done.stderr
        assert done.returncode == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "txt", "--filename", "robots.txt"],
        ["--filename", "ROBOTS.TXT"],
        ["--html-sitemap", "sitemap.xml"],
        ["--html-sitemap", "sitemap-2.xml"],
        ["--html-sitemap", "robots.txt"],
        ["--filename", "map.xml", "--html-sitemap", "map.xml.gz"],
    ],
)
def test_colliding_names_are_usage_errors(small_site: Path, args: list[str]) -> None:
    before = snapshot(small_site)
    done = build_cli(str(small_site), "--base-url", "https://example.org/", *args)
    assert done.returncode == 2, done.stderr
    assert "choose another name" in done.stderr and "Traceback" not in done.stderr
    assert snapshot(small_site) == before


def test_a_hand_written_sitemap_is_never_replaced(small_site: Path) -> None:
    mine = urlset_text("https://example.org/hand-made.html")
    (small_site / "sitemap.xml").write_text(mine)
    done = build_cli(str(small_site), "--base-url", "https://example.org/")
    assert (small_site / "sitemap.xml").read_text() == mine
    assert "was not written by ssg-sitemap" in done.stderr
    assert done.returncode == 1
    # our own earlier text sitemap (no marker possible) is replaced as before
    (small_site / "sitemap.xml").unlink()
    (small_site / "sitemap.txt").write_text("https://example.org/old.html\n")
    done = build_cli(str(small_site), "--base-url", "https://example.org/", "--format", "txt")
    assert done.returncode == 0, done.stderr
    assert "https://example.org/about.html" in (small_site / "sitemap.txt").read_text()


@pytest.mark.parametrize("command", ["build", "check"])
def test_broken_ipv6_base_url_is_a_usage_error(small_site: Path, command: str) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_core",
            command,
            str(small_site),
            "--base-url",
            "https://[::1/",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr


def test_html_sitemap_into_an_index_htm_page_does_not_link_itself(tmp_path: Path) -> None:
    """``--html-sitemap-into folder/index.htm``: the page's URL is ``folder/`` (the one rule
    ``values.without_index``), as the sitemap lists it; only ``index.html`` was folded, so the
    page linked to itself."""
    from sitemap_core._html_sitemap import SLOT

    root = tmp_path / "public"
    for rel, body in {
        "index.html": "x",
        "a.html": "x",
        "map/index.htm": f"<main>{SLOT}</main>",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"<html><head><title>T</title></head><body>{body}</body>")
    into = ("--html-sitemap-into", "map/index.htm", "--no-robots")
    result = run("build", str(root), "--base-url", BASE, *into)
    assert result.returncode == 0, result.stderr
    filled = (root / "map" / "index.htm").read_text()
    assert 'href="../a.html"' in filled
    assert "map/index.htm" not in filled and 'href="./"' not in filled, filled
    assert BASE + "map/" in locs(root / "sitemap.xml")


def test_project_mode_takes_the_html_sitemap_flags(tmp_path: Path) -> None:
    """``--html-sitemap-into`` and ``--html-exclude`` do with ``--project`` what they do
    without it (they were silently ignored there); ``--keep-index-html``, which a project's
    ``use_directory_urls`` decides, is refused rather than ignored."""
    from sitemap_core._html_sitemap import SLOT

    project = tmp_path / "proj"
    write_files(
        project,
        {
            "mkdocs.yml": f"site_name: T\nsite_url: {BASE}\n",
            "docs/index.md": "# Home\n",
            "docs/sub/index.md": "# Sub\n",
            "docs/map.md": "# Map\n",
            "site/index.html": PAGE.format(t="home", h=""),
            "site/sub/index.html": PAGE.format(t="sub", h=""),
            "site/map/index.html": f"<html><head><title>Map</title></head><body>{SLOT}</body>",
        },
    )
    site = project / "site"
    into = ("--html-sitemap-into", "map/index.html", "--html-exclude", "sub/*")
    result = run("build", "--project", str(project), *into)
    assert result.returncode == 0, result.stderr
    filled = (site / "map" / "index.html").read_text("utf-8")
    assert 'href="../"' in filled and "sub/" not in filled, filled
    assert f"{BASE}sub/" in locs(site / "sitemap.xml")
    standalone = ("--html-sitemap", "all.html", "--html-exclude", "sub/*")
    result = run("build", "--project", str(project), *standalone)
    assert result.returncode == 0, result.stderr
    listed = (site / "all.html").read_text("utf-8")
    assert 'href="map/"' in listed and 'href="sub/"' not in listed, listed

    both = run("build", "--project", str(project), *into, *standalone[:2])
    assert both.returncode == 2
    assert (
        both.stderr == "ssg-sitemap: error: give --html-sitemap or --html-sitemap-into, not both\n"
    )
    config = project / "mkdocs.yml"
    config.write_text(
        f"site_name: T\nsite_url: {BASE}\nplugins:\n  - sitemap:\n      html_sitemap: all.html\n"
    )
    both = run("build", "--project", str(project), *into)
    assert both.returncode == 2
    assert both.stderr == (
        f"ssg-sitemap: error: {config}: sitemap plugin: html_sitemap: give it or "
        "--html-sitemap-into, not both\n"
    )
    kept = run("build", "--project", str(project), "--keep-index-html")
    assert kept.returncode == 2
    assert kept.stderr == (
        "ssg-sitemap: error: --keep-index-html: not with --project, where the config's "
        "use_directory_urls gives each page's URL\n"
    )
