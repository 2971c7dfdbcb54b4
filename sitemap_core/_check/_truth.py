"""Does the sitemap tell the truth about a page (``lastmod-drift``, ``hreflang-head``,
``robots-blocked``)? The local and live check, and the build for ``robots-blocked``, share it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from urllib.parse import urljoin

from sitemap_core._check._findings import CheckReport
from sitemap_core._check._robots_rules import RobotsRules, Verdict
from sitemap_core._html import HtmlFacts
from sitemap_core._values import check_lastmod, parse_date, same_page

#: Crawlers whose robots.txt rules decide whether a listed URL is "blocked".
CRAWLERS = ("*", "Googlebot")
#: How far a sitemap's lastmod may be from the page's own date: a date-only value on either
#: side is a day wide, and time zones reach 14 hours either way.
DRIFT_TOLERANCE = dt.timedelta(days=2)


def blocked(robots: RobotsRules, loc: str) -> Verdict | None:
    """The rule that blocks ``loc`` for the first crawler it blocks, or ``None``."""
    for agent in CRAWLERS:
        verdict = robots.verdict(agent, loc)
        if not verdict.allowed:
            return verdict
    return None


def blocked_message(loc: str, verdict: Verdict) -> str:
    """The words for a listed URL that robots.txt blocks."""
    return (
        f"{loc} is listed but blocked: robots.txt says '{verdict.rule}' for "
        f"User-agent: {verdict.agent}"
    )


def report_blocked(
    report: CheckReport, robots: RobotsRules, file: str, line: int | None, loc: str
) -> None:
    """Report ``loc`` when robots.txt blocks it."""
    verdict = blocked(robots, loc)
    if verdict is not None:
        report.error("robots-blocked", file, line, blocked_message(loc, verdict))


def report_truth(
    report: CheckReport,
    file: str,
    line: int | None,
    loc: str,
    lastmod_text: str | None,
    links: Iterable[tuple[str, str]],
    facts: HtmlFacts,
) -> None:
    """Report where the sitemap's entry for ``loc`` and the page's own head disagree: its
    lastmod and the page's modification date (``lastmod-drift``), its alternates and the
    head's (``hreflang-head``)."""
    stated = facts.modified
    if lastmod_text is not None and stated is not None:
        moment, _problem = check_lastmod(lastmod_text)
        try:
            own: dt.datetime | None = parse_date(stated, dt.timezone.utc).when
        except ValueError:
            own = None  # a page's unreadable date says nothing about the sitemap
        if moment is not None and own is not None and abs(moment - own) > DRIFT_TOLERANCE:
            report.warning(
                "lastmod-drift",
                file,
                line,
                f"{loc}: the sitemap's lastmod {lastmod_text} differs from the page's own "
                f"modification date {stated} by {abs(moment - own).days:,} days; date the "
                "sitemap from the same source as the page, or fix the page's date",
            )
    listed = {(lang.lower(), href) for lang, href in links}
    if not listed or not facts.alternates:
        return
    head = {(lang.lower(), urljoin(loc, href)) for lang, href in facts.alternates}
    listed, head = _others(listed, head, loc), _others(head, listed, loc)
    head_only = _missing(head, listed)
    listed_only = _missing(listed, head)
    if not head_only and not listed_only:
        return
    parts = []
    if head_only:
        parts.append(f"the page's head names alternates the sitemap does not ({_pairs(head_only)})")
    if listed_only:
        parts.append(
            f"the sitemap names alternates the page's head does not ({_pairs(listed_only)})"
        )
    report.warning(
        "hreflang-head",
        file,
        line,
        f"{loc}: {'; '.join(parts)}; search engines see two different sets: give both the same",
    )


def _others(
    pairs: set[tuple[str, str]], other: set[tuple[str, str]], loc: str
) -> set[tuple[str, str]]:
    """The pairs that can contradict the other side: a link to the page itself, and an
    ``x-default`` the other side does not state at all, are no contradiction (themes often
    name only the other languages; the build adds the page itself and ``x-default``)."""
    other_default = any(lang == "x-default" for lang, _href in other)
    return {
        (lang, href)
        for lang, href in pairs
        if not same_page(href, loc) and (lang != "x-default" or other_default)
    }


def _missing(pairs: set[tuple[str, str]], other: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The pairs of ``pairs`` that ``other`` lacks: the same language naming the same page
    (``x/``, ``x/index.html``; host case, default port) is the same alternate."""
    return {
        (lang, href)
        for lang, href in pairs
        if not any(lang == theirs and same_page(href, target) for theirs, target in other)
    }


def _pairs(pairs: set[tuple[str, str]]) -> str:
    return ", ".join(f"{lang} {href}" for lang, href in sorted(pairs))
