"""lastmod: the ordered sources and floors, git history (read in the background), content-hash
state.
"""

from __future__ import annotations

from sitemap_core._lastmod._chain import (
    ONE_COMMIT_FIX,
    ONE_COMMIT_MIN,
    ONE_COMMIT_SHARE,
    LastmodChain,
)
from sitemap_core._lastmod._git_history import GitDates, commit_at
from sitemap_core._lastmod._git_prefetch import GitPrefetch, prefetch_git
from sitemap_core._lastmod._state import content_hash

__all__ = [
    "ONE_COMMIT_FIX",
    "ONE_COMMIT_MIN",
    "ONE_COMMIT_SHARE",
    "GitDates",
    "GitPrefetch",
    "LastmodChain",
    "commit_at",
    "content_hash",
    "prefetch_git",
]
