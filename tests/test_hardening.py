"""Issue 18: hostile or careless input never hangs, escapes the site, loses lines or files.

Each test reproduces one reported problem on a tiny fixture. A hang is caught by running
the work in a child process with a generous timeout (never by timing the work itself).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_core.check import check_files
from sitemap_core.check.findings import CheckReport

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
#: A child process gets this long; the fixed code needs well under a second.
HANG_TIMEOUT = 60


def urlset(*locs: str) -> str:
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n'


def codes(report: CheckReport) -> set[str]:
    return {f.code for f in report.findings}


def finishes(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; fail the test if it does not end in time."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code), *args],
            capture_output=True,
            text=True,
            timeout=HANG_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish within {HANG_TIMEOUT} s (super-linear backtracking?)")
    assert done.returncode == 0, done.stderr
    return done


# -- 1: no super-linear regex on untrusted input ---------------------------------------------
HOSTILE_LOCS = [
    "https://example.org/blog/2024/05/my-first-post-about-café/",
    "https://example.org/" + "a" * 1500 + " b",
    "https://example.org/" + "ab/" * 600 + "\u00e9",
    "https://example.org/" + "%41" * 500 + "%zz",
]


@pytest.mark.parametrize("loc", HOSTILE_LOCS, ids=["cafe", "space", "slashes", "bad-percent"])
def test_hostile_loc_does_not_hang_check(tmp_path: Path, loc: str) -> None:
    good = [f"https://example.org/p{i}" for i in range(50)]
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset(*good, loc, *good[:3]), encoding="utf-8")
    done = finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.check import check_files
        report = check_files([Path(sys.argv[1])], "https://example.org/")
        print(sorted({f.code for f in report.findings}))
        """,
        str(path),
    )
    assert "loc-" in done.stdout or "duplicate" in done.stdout


def test_long_space_run_in_robots_line_does_not_hang(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text(
        "Sitemap: https://example.org/sitemap.xml" + " " * 200_000 + "x\n", encoding="utf-8"
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.check import check_site
        check_site(Path(sys.argv[1]), "https://example.org/")
        """,
        str(tmp_path),
    )


def test_long_refresh_content_does_not_hang(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html><head><meta http-equiv="refresh" content="' + " " * 20_000 + 'x"></head>',
        encoding="utf-8",
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core.html_inspect import inspect_html
        assert inspect_html(Path(sys.argv[1])).refresh is None
        """,
        str(page),
    )


@pytest.mark.parametrize(
    ("content", "url"),
    [
        ("0; url=/about/", "/about/"),
        ("5;URL='/next/'", "/next/"),
        ('0, url = "/q"', "/q"),
        ("url=/plain", "/plain"),
        ("5", None),
        ("0; url=", None),
    ],
)
def test_refresh_url_reading_unchanged(content: str, url: str | None) -> None:
    from sitemap_core.script_redirect import refresh_url

    assert (refresh_url(content) or None) == url


def test_hostile_loc_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset("https://example.org/a", HOSTILE_LOCS[0]), encoding="utf-8")
    report = check_files([path], "https://example.org/")
    assert [(f.code, f.line) for f in report.findings] == [("loc-unescaped", 4)]


def test_fast_path_rollback_forgets_its_alternates(tmp_path: Path) -> None:
    """Found by the fuzz test: the fast pass recorded alternates, then the file turned out
    not well-formed; the detailed pass stops earlier, so those alternates must go too."""
    from unittest import mock

    import sitemap_core.check.scan as scan
    from sitemap_core.check.fast import NotCanonical

    entries = "".join(
        f"<url>\n<loc>https://example.org/{'&' if i == 0 else ''}p{i}</loc>\n"
        f'<xhtml:link rel="alternate" hreflang="en" href="https://example.org/p{i}"/>\n</url>\n'
        for i in range(3)
    )
    path = tmp_path / "s.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
        f'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n{entries}</urlset>\n',
        encoding="utf-8",
    )
    fast = check_files([path], "https://example.org/")

    def refuse(*args: object, **kwargs: object) -> int:
        raise NotCanonical

    with mock.patch.object(scan, "fast_scan", refuse):
        detailed = check_files([path], "https://example.org/")
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )
    assert codes(fast) == {"not-well-formed"}


def test_namespace_with_brace_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    """Found by the fuzz test: ``xmlns="}http://..."`` made ``etree.QName`` raise."""
    path = tmp_path / "s.xml"
    path.write_text(urlset("https://example.org/a").replace(f'"{NS}"', f'"}}{NS}"'))
    report = check_files([path], "https://example.org/")
    assert codes(report) == {"namespace"}


def _regex_glob(pattern: str, target: str) -> bool:
    import re

    anchored = pattern.endswith("$")
    body = pattern[:-1] if anchored else pattern
    regex = ".*".join(re.escape(part) for part in body.split("*"))
    return re.match(regex + ("$" if anchored else ""), target) is not None


@given(
    pattern=st.text(alphabet="ab*/$", max_size=8),
    target=st.text(alphabet="ab/$", max_size=10),
)
@settings(max_examples=400, deadline=None)
def test_robots_glob_matches_like_the_regex_it_replaces(pattern: str, target: str) -> None:
    from sitemap_core.check.robots_rules import _Glob

    assert _Glob(pattern).match(target) == _regex_glob(pattern, target)


def test_robots_rules_with_many_stars_do_not_hang() -> None:
    finishes(
        """
        from sitemap_core.check.robots_rules import RobotsRules
        rules = RobotsRules("User-agent: *\\nDisallow: /" + "*a" * 30 + "*b$\\n"
                            + "Allow:" + " " * 100_000 + "/x\\n")
        assert rules.verdict("Googlebot", "https://example.org/" + "a" * 5000).allowed
        """
    )
