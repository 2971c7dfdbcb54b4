"""lastmod: the ordered sources and floors, git history (read in the background), content-hash
state.
"""

from __future__ import annotations

from sitemap_core._lastmod._chain import (
    ONE_COMMIT_FIX,
    PAGE_SOURCES,
    SMALL_MIN,
    SWEEP_FIX,
    LastmodChain,
    dates_many,
)
from sitemap_core._lastmod._git_history import GitDates, commits_at
from sitemap_core._lastmod._git_prefetch import GitPrefetch, prefetch_git
from sitemap_core._lastmod._state import content_hash

__all__ = [
    "ONE_COMMIT_FIX",
    "PAGE_SOURCES",
    "SMALL_MIN",
    "SWEEP_FIX",
    "GitDates",
    "GitPrefetch",
    "LastmodChain",
    "commits_at",
    "content_hash",
    "dates_many",
    "prefetch_git",
]
