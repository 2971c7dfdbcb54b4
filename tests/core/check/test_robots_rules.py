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


# Google's documented examples (developers.google.com, "How Google interprets the robots.txt
# specification": URL matching based on path values, and the order of precedence for rules).
_GOOGLE_PATHS = {
    "/fish": (
        [
            "/fish",
            "/fish.html",
            "/fish/salmon.html",
            "/fishheads",
            "/fishheads/yummy.html",
            "/fish.php?id=anything",
        ],
        ["/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"],
    ),
    "/fish*": (
        [
            "/fish",
            "/fish.html",
            "/fish/salmon.html",
            "/fishheads",
            "/fishheads/yummy.html",
            "/fish.php?id=anything",
        ],
        ["/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"],
    ),
    "/fish/": (
        ["/fish/", "/fish/?id=anything", "/fish/salmon.htm"],
        ["/fish", "/fish.html", "/animals/fish/", "/Fish/Salmon.asp"],
    ),
    "/*.php": (
        [
            "/index.php",
            "/filename.php",
            "/folder/filename.php",
            "/folder/filename.php?parameters",
            "/folder/any.php.file.html",
            "/filename.php/",
        ],
        ["/", "/windows.PHP"],
    ),
    "/*.php$": (
        ["/filename.php", "/folder/filename.php"],
        ["/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"],
    ),
    "/fish*.php": (["/fish.php", "/fishheads/catfish.php?parameters"], ["/Fish.PHP"]),
}


def test_google_documented_path_examples() -> None:
    from sitemap_core._check._robots_rules import RobotsRules

    for pattern, (matching, other) in _GOOGLE_PATHS.items():
        rules = RobotsRules(f"User-agent: *\nDisallow: {pattern}\n")
        for path in matching:
            verdict = rules.verdict("Googlebot", "https://example.com" + path)
            assert (verdict.allowed, verdict.rule) == (False, f"Disallow: {pattern}"), path
        for path in other:
            assert rules.verdict("Googlebot", "https://example.com" + path).allowed, path


def test_google_documented_precedence_examples() -> None:
    from sitemap_core._check._robots_rules import RobotsRules

    cases = [
        ("Allow: /p\nDisallow: /", "/page", "Allow: /p"),  # the longest match wins
        ("Allow: /folder\nDisallow: /folder", "/folder/page", "Allow: /folder"),  # Allow, a tie
        ("Disallow: /folder\nAllow: /folder", "/folder/page", "Allow: /folder"),
        ("Allow: /page\nDisallow: /*.htm", "/page.htm", "Disallow: /*.htm"),
        ("Allow: /$\nDisallow: /", "/", "Allow: /$"),
        ("Allow: /$\nDisallow: /", "/page.htm", "Disallow: /"),
    ]
    for body, path, rule in cases:
        verdict = RobotsRules(f"User-agent: *\n{body}\n").verdict("x", "https://example.com" + path)
        assert (verdict.allowed, verdict.rule) == (rule.startswith("Allow"), rule), (body, path)


def _one_by_one(rules: list[tuple[bool, str]], target: str) -> tuple[bool, str] | None:
    """The rule that decides, tried in file order: longest, then Allow, then the first."""
    from sitemap_core._check._robots_rules import _Glob

    best: tuple[int, bool, str] | None = None
    for allow, pattern in rules:
        if _Glob(pattern).match(target) and (best is None or (len(pattern), allow) > best[:2]):
            best = (len(pattern), allow, pattern)
    return None if best is None else (best[1], best[2])


@given(
    rules=st.lists(st.tuples(st.booleans(), st.text(alphabet="ab*/$", min_size=1, max_size=5))),
    target=st.text(alphabet="ab/$", max_size=8),
)
@settings(max_examples=400, deadline=None)
def test_indexed_rules_decide_as_trying_each_rule_in_order(
    rules: list[tuple[bool, str]], target: str
) -> None:
    from sitemap_core._check._robots_rules import RobotsRules

    body = "".join(f"{'Allow' if allow else 'Disallow'}: {p}\n" for allow, p in rules)
    parsed = RobotsRules("User-agent: *\n" + body)
    verdict = parsed.verdict("bot", "https://example.com" + ("/" + target).replace("//", "/"))
    path = ("/" + target).replace("//", "/")
    decided = _one_by_one(rules, path)
    expected = (
        (True, None)
        if decided is None
        else (decided[0], f"{'Allow' if decided[0] else 'Disallow'}: {decided[1]}")
    )
    assert (verdict.allowed, verdict.rule) == expected
