"""``lastmod-one-commit``: most URLs of a sitemap share the time of one commit that edited
them all. The sitemap alone cannot tell an edit from the import that created the pages, so
the commit is looked up in the git repository the checked folder lives in (the build names
it the same way, from its own git read); without one, nothing is said."""

from __future__ import annotations

from pathlib import Path

from sitemap_core._check._findings import CheckReport
from sitemap_core._lastmod import ONE_COMMIT_FIX, ONE_COMMIT_MIN, commit_at
from sitemap_core._values import check_lastmod


def one_commit(
    report: CheckReport, file: str, path: Path, value: str, count: int, dated: int
) -> None:
    """Report ``value``, shared by ``count`` of the file's ``dated`` URLs, when it is the
    time of a commit in ``path``'s repository that edited at least as many files."""
    if count < ONE_COMMIT_MIN or "T" not in value:
        return  # a date is many commits' day
    moment, _problem = check_lastmod(value)
    if moment is None:
        return
    found = commit_at(path.parent, moment)
    if found is None or found[1] < ONE_COMMIT_MIN:
        return
    sha, edited = found
    report.warning(
        "lastmod-one-commit",
        file,
        None,
        f"{count:,} of the {dated:,} dated URLs share lastmod {value}, the time of commit "
        f"{sha[:12]}, which edited {edited:,} files; {ONE_COMMIT_FIX}",
    )
