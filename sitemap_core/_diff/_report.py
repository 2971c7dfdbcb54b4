"""What ``diff`` prints (a table for people, JSON for scripts) and the thresholds that fail a
CI run: too many URLs removed, too many ``lastmod`` values moved at once."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from sitemap_core._errors import SitemapError
from sitemap_core._indexnow import Changes
from sitemap_core._util.text import printable

#: URLs the table shows of each kind; ``--json`` lists them all.
SHOWN = 50


@dataclass(frozen=True, slots=True)
class Threshold:
    """A limit as the user wrote it: a number of URLs, or a percentage."""

    value: float
    percent: bool

    def __str__(self) -> str:
        return f"{self.value:g}%" if self.percent else f"{self.value:g}"


def parse_threshold(flag: str, text: str, *, percent_only: bool = False) -> Threshold:
    """``N`` (URLs) or ``N%``.

    :raises SitemapError: anything else, naming ``flag``.
    """
    percent = text.strip().endswith("%")
    number = text.strip().removesuffix("%").strip()
    if percent_only and not percent:
        raise SitemapError(f"{flag}: {text!r} is not a percentage (write {number}%)")
    try:
        value = float(number) if percent else int(number)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (percent and value > 100):
        wanted = "a percentage from 0% to 100%" if percent_only else "N (URLs) or N% (0 to 100)"
        raise SitemapError(f"{flag}: {printable(repr(text))} is not {wanted}")
    return Threshold(value, percent)


def failures(
    changes: Changes, old_count: int, *, removed: Threshold | None, churn: Threshold | None
) -> list[str]:
    """Why the run fails: each threshold exceeded, in one line."""
    failed = []
    gone = len(changes.removed)
    if removed is not None:
        share = _percent(gone, old_count)
        if (share if removed.percent else gone) > removed.value:
            of = f" ({share:.0f}% of {old_count:,})" if removed.percent else ""
            urls = f"{gone:,} URL{'s' if gone != 1 else ''}"
            failed.append(f"{urls} removed{of}, more than --fail-on-removed {removed} allows")
    if churn is not None:
        moved = len(changes.moved)
        share = _percent(moved, changes.kept)
        if share > churn.value:
            what = "lastmod" if moved == 1 else "lastmods"
            failed.append(
                f"{moved:,} {what} moved ({share:.0f}% of the {changes.kept:,} URLs in both), "
                f"more than --fail-on-lastmod-churn {churn} allows"
            )
    return failed


def as_table(changes: Changes, old: str, new: str) -> str:
    """The counts in one line, then each changed URL by kind (at most :data:`SHOWN` each)."""
    lines = [f"{printable(old)} -> {printable(new)}: {summary(changes)}"]
    sections = (
        ("added", [f"+ {loc}" for loc in changes.added]),
        ("removed", [f"- {loc}" for loc in changes.removed]),
        (
            "lastmod moved",
            [f"~ {m.loc}  {m.old or 'none'} -> {m.new or 'none'}" for m in changes.moved],
        ),
        ("content changed, lastmod unchanged", [f"* {loc}" for loc in changes.edited]),
    )
    for title, rows in sections:
        if rows:
            lines.append(f"{title}:")
            lines.extend(f"  {printable(row)}" for row in rows[:SHOWN])
            if len(rows) > SHOWN:
                lines.append(f"  ... and {len(rows) - SHOWN:,} more (--json lists all)")
    return "\n".join(lines)


def summary(changes: Changes) -> str:
    """``1 added, 0 removed, ...``."""
    return (
        f"{len(changes.added):,} added, {len(changes.removed):,} removed, "
        f"{len(changes.moved):,} lastmod moved, {len(changes.edited):,} content changed, "
        f"{changes.unchanged:,} unchanged"
    )


def as_json(changes: Changes, old: str, new: str, failed: list[str]) -> str:
    """Every changed URL by kind, the unchanged count and the thresholds exceeded."""
    data = {
        "old": old,
        "new": new,
        "added": list(changes.added),
        "removed": list(changes.removed),
        "lastmod_moved": [{"loc": m.loc, "old": m.old, "new": m.new} for m in changes.moved],
        "content_changed": list(changes.edited),
        "unchanged": changes.unchanged,
        "failed": failed,
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0
