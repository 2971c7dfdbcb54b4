"""The change model ``announce`` and ``diff`` share."""

from __future__ import annotations

from sitemap_core._indexnow import Listed, compare
from sitemap_core._indexnow._changes import Moved


def test_each_kind_of_change() -> None:
    old = {
        "a": Listed("2024-01-01", "h1"),
        "b": Listed("2024-01-01", "h1"),
        "c": Listed("2024-01-01", "h1"),
        "gone": Listed(None, None),
        "same": Listed("2024-01-01", "h1"),
    }
    new = {
        "a": Listed("2024-02-01", "h1"),
        "b": Listed("2024-01-01", "h2"),
        "c": Listed("2024-01-01", None),
        "new": Listed(),
        "same": Listed("2024-01-01", "h1"),
    }
    changes = compare(old, new)
    assert changes.added == ("new",)
    assert changes.removed == ("gone",)
    assert changes.moved == (Moved("a", "2024-01-01", "2024-02-01"),)
    assert changes.edited == ("b",)  # "c": no hash on one side, nothing to compare
    assert changes.unchanged == 2
    assert changes.kept == 4


def test_signature_round_trip_and_the_older_forms() -> None:
    for listed in (Listed("2024-01-01", "ab"), Listed(None, "ab"), Listed("2024-01-01"), Listed()):
        assert Listed.from_signature(listed.signature()) == listed
    assert Listed.from_signature("2024-01-01T10:00:00+02:00") == Listed("2024-01-01T10:00:00+02:00")
    assert Listed.from_signature("sha256:ab") == Listed(None, "ab")
