"""``lastmod-one-commit``: many URLs carry the time of one commit (or one day's commits) that
edited them, looked up in the checked folder's repository (the build's rule ``dates_many``);
without one, nothing is said."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from sitemap_core._check._findings import CheckReport
from sitemap_core._lastmod import ONE_COMMIT_FIX, SMALL_MIN, SWEEP_FIX, commits_at, dates_many
from sitemap_core._values import check_lastmod


def one_commit(
    report: CheckReport, file: str, path: Path, lastmods: Mapping[str, int], dated: int
) -> None:
    """Report the lastmod most URLs share when it is the time of a commit in ``path``'s
    repository that edited them; else the day (UTC) whose commits edited most of them."""
    days: dict[dt.date, Counter[int]] = {}
    shown: dict[int, str] = {}
    for value, count in lastmods.items():
        moment = check_lastmod(value)[0] if "T" in value else None  # a date: many commits'
        if moment is not None:
            stamp = int(moment.timestamp())
            shown[stamp] = value
            days.setdefault(moment.astimezone(dt.timezone.utc).date(), Counter())[stamp] += count
    # The import that created the pages may be the largest day: each day in turn.
    for day, stamps in sorted(days.items(), key=lambda item: -item[1].total()):
        if not dates_many(stamps.total(), dated):
            return
        commits = {s: c for s, c in commits_at(path.parent, stamps).items() if c[1] > 0}
        ((stamp, count),) = stamps.most_common(1)
        on_day = sum(stamps[s] for s in commits)
        if stamp in commits and dates_many(count, dated) and commits[stamp][1] >= SMALL_MIN:
            sha, edited = commits[stamp]
            said = (
                f"{count:,} of the {dated:,} dated URLs share lastmod {shown[stamp]}, the time "
                f"of commit {sha[:12]}, which edited {edited:,} files; {ONE_COMMIT_FIX}"
            )
        elif len(commits) > 1 and dates_many(on_day, dated):
            edited = sum(edits for _sha, edits in set(commits.values()))
            said = (
                f"{on_day:,} of the {dated:,} dated URLs have a lastmod on {day} (UTC), the "
                f"times of {len(commits):,} commits that edited {edited:,} files; {SWEEP_FIX}"
            )
        else:
            continue
        report.warning("lastmod-one-commit", file, None, said)
        return
