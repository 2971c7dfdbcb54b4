"""IndexNow: the key file a build writes; ``announce`` (a public module) sends changed URLs."""

from __future__ import annotations

from sitemap_core.indexnow._key import DEFAULT_ENDPOINT, check_key_file, write_key_file

__all__ = [
    "DEFAULT_ENDPOINT",
    "check_key_file",
    "write_key_file",
]
