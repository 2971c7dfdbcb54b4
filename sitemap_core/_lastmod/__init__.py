"""lastmod: the ordered sources and floors, git history (read in the background), content-hash
state.
"""

from __future__ import annotations

from sitemap_core._lastmod._chain import LastmodChain
from sitemap_core._lastmod._git_history import GitDates
from sitemap_core._lastmod._git_prefetch import GitPrefetch, prefetch_git
from sitemap_core._lastmod._state import content_hash

__all__ = [
    "GitDates",
    "GitPrefetch",
    "LastmodChain",
    "content_hash",
    "prefetch_git",
]
