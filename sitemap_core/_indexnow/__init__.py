"""IndexNow: the key file a build writes; :func:`announce` sends changed URLs; the change
model (:func:`compare`) ``diff`` shares."""

from __future__ import annotations

from sitemap_core._indexnow._announce import announce
from sitemap_core._indexnow._changes import Changes, Listed, compare, listed_urls
from sitemap_core._indexnow._key import DEFAULT_ENDPOINT, check_key_file, key_file_name

__all__ = [
    "DEFAULT_ENDPOINT",
    "Changes",
    "Listed",
    "announce",
    "check_key_file",
    "compare",
    "key_file_name",
    "listed_urls",
]
