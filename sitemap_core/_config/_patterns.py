"""Glob patterns of URLs and source paths, as users write them in every adapter's settings."""

from __future__ import annotations

from fnmatch import fnmatchcase


def matches_any(patterns: tuple[str, ...], *candidates: str) -> bool:
    """Whether any glob matches any candidate; a leading ``/`` in either side is ignored.

    :param patterns: globs (``fnmatch`` syntax, case-sensitive).
    :param candidates: URLs or paths relative to the site root.
    """
    for pattern in patterns:
        bare = pattern.lstrip("/")
        for candidate in candidates:
            if fnmatchcase(candidate, bare) or fnmatchcase("/" + candidate, pattern):
                return True
    return False


#: Why a page an ``exclude`` glob matches is left out.
EXCLUDE_PATTERN = "exclude pattern"


def excluded_by(patterns: tuple[str, ...], *candidates: str) -> str | None:
    """:data:`EXCLUDE_PATTERN` when a glob matches a candidate (:func:`matches_any`)."""
    return EXCLUDE_PATTERN if patterns and matches_any(patterns, *candidates) else None
