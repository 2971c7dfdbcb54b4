"""IndexNow: the key file a build writes; :func:`announce` sends changed URLs."""

from __future__ import annotations

from sitemap_core._indexnow._announce import announce, default_state_file
from sitemap_core._indexnow._key import DEFAULT_ENDPOINT, check_key_file, write_key_file

__all__ = [
    "DEFAULT_ENDPOINT",
    "announce",
    "check_key_file",
    "default_state_file",
    "write_key_file",
]
