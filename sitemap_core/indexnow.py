"""IndexNow's key file: ``KEY.txt`` in the site root, holding the key, proves the site owns it."""

from __future__ import annotations

from pathlib import Path

from sitemap_core.atomic import atomic_write
from sitemap_core.settings import check_indexnow_key

#: Where ``ssg-sitemap announce`` sends URLs unless told otherwise.
DEFAULT_ENDPOINT = "https://api.indexnow.org/indexnow"


def key_file_name(key: str) -> str:
    """The key file's name in the site root."""
    return f"{check_indexnow_key(key)}.txt"


def write_key_file(output_dir: Path, key: str) -> Path:
    """Write ``KEY.txt`` (content: the key) to the site root, atomically.

    :raises ConfigError: the key is not a valid IndexNow key.
    """
    path = output_dir / key_file_name(key)
    with atomic_write(path) as handle:
        handle.write(key.encode("ascii"))
    return path
