"""robots.txt rules as ``check`` matches them: globs like the regex they replaced, no super-linear
matching."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import (
    finishes,
)


def _regex_glob(pattern: str, target: str) -> bool:
    import re

    anchored = pattern.endswith("$")
    body = pattern[:-1] if anchored else pattern
    regex = ".*".join(re.escape(part) for part in body.split("*"))
    return re.match(regex + ("$" if anchored else ""), target) is not None


def test_long_space_run_in_robots_line_does_not_hang(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text(
        "Sitemap: https://example.org/sitemap.xml" + " " * 200_000 + "x\n", encoding="utf-8"
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core._check import check_site
        check_site(Path(sys.argv[1]), "https://example.org/")
        """,
        str(tmp_path),
    )


@given(
    pattern=st.text(alphabet="ab*/$", max_size=8),
    target=st.text(alphabet="ab/$", max_size=10),
)
@settings(max_examples=400, deadline=None)
def test_robots_glob_matches_like_the_regex_it_replaces(pattern: str, target: str) -> None:
    from sitemap_core._check._robots_rules import _Glob

    assert _Glob(pattern).match(target) == _regex_glob(pattern, target)


def test_robots_rules_with_many_stars_do_not_hang() -> None:
    finishes(
        """
        from sitemap_core._check._robots_rules import RobotsRules
        rules = RobotsRules("User-agent: *\\nDisallow: /" + "*a" * 30 + "*b$\\n"
                            + "Allow:" + " " * 100_000 + "/x\\n")
        assert rules.verdict("Googlebot", "https://example.org/" + "a" * 5000).allowed
        """
    )
