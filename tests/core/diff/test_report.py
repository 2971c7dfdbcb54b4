"""``diff``'s table, JSON and thresholds."""

from __future__ import annotations

import pytest

from sitemap_core._diff import failures, parse_threshold
from sitemap_core._diff._report import Threshold
from sitemap_core._errors import SitemapError
from sitemap_core._indexnow import Listed, compare

OLD = {f"u{i}": Listed("2024-01-01") for i in range(10)}


def changes(removed: int, moved: int):  # type: ignore[no-untyped-def]
    new = {loc: page for loc, page in OLD.items() if int(loc[1:]) >= removed}
    for loc in list(new)[:moved]:
        new[loc] = Listed("2024-02-01")
    return compare(OLD, new)


def test_thresholds_count_or_percent() -> None:
    assert parse_threshold("--fail-on-removed", "3") == Threshold(3, False)
    assert parse_threshold("--fail-on-removed", "12.5%") == Threshold(12.5, True)
    two_gone = changes(removed=2, moved=0)
    assert failures(two_gone, 10, removed=Threshold(2, False), churn=None) == []
    assert failures(two_gone, 10, removed=Threshold(1, False), churn=None) == [
        "2 URLs removed, more than --fail-on-removed 1 allows"
    ]
    assert failures(two_gone, 10, removed=Threshold(10, True), churn=None) == [
        "2 URLs removed (20% of 10), more than --fail-on-removed 10% allows"
    ]
    restamped = changes(removed=0, moved=6)
    assert failures(restamped, 10, removed=None, churn=Threshold(60, True)) == []
    assert failures(restamped, 10, removed=None, churn=Threshold(50, True)) == [
        "6 lastmods moved (60% of the 10 URLs in both), more than --fail-on-lastmod-churn "
        "50% allows"
    ]


@pytest.mark.parametrize("value", ["lots", "-1", "nan%", "inf", "101%", ""])
def test_a_bad_threshold_names_the_flag(value: str) -> None:
    with pytest.raises(SitemapError, match=f"--fail-on-removed: {value!r}"):
        parse_threshold("--fail-on-removed", value)


def test_churn_is_a_percentage() -> None:
    with pytest.raises(SitemapError, match=r"--fail-on-lastmod-churn: '5' .* percentage"):
        parse_threshold("--fail-on-lastmod-churn", "5", percent_only=True)
