"""IndexNow's key file: ``KEY.txt`` in the site root, holding the key, proves the site owns it.

A build writes it (planned with its other files); ``announce`` first makes sure it is there
(:func:`require_key_file`)."""

from __future__ import annotations

from pathlib import Path

from sitemap_core._config import check_indexnow_key
from sitemap_core._errors import SitemapError
from sitemap_core._util.regular import NotRegularFile, read_regular
from sitemap_core._util.text import printable

#: Where ``ssg-sitemap announce`` sends URLs unless told otherwise.
DEFAULT_ENDPOINT = "https://api.indexnow.org/indexnow"


def key_file_name(key: str) -> str:
    """The key file's name in the site root."""
    return f"{check_indexnow_key(key)}.txt"


#: More than a key file ever holds (a key is at most 128 characters, maybe a line end).
_KEY_READ = 1024


def _holds_key(path: Path, key: str) -> bool:
    """Whether the key file holds ``key``: the key alone, maybe with ASCII whitespace around it
    (a line end). The build and ``announce`` judge a key file by this one rule: what one
    accepts, the other does too.

    :raises OSError: not a readable regular file (a FIFO would block, /dev/zero never end).
    """
    raw = read_regular(path, _KEY_READ + 1)
    return len(raw) <= _KEY_READ and raw.strip() == key.encode("ascii")


def check_key_file(output_dir: Path, key: str) -> bool:
    """Whether ``KEY.txt`` must be written: ``False`` when it holds the key already.

    A file of that name that holds anything else is somebody's file, never replaced. Run
    before any file is written, so that a refusal leaves the folder as it was.

    :raises SitemapError: the file holds something else, or is not a readable regular file.
    :raises ConfigError: the key is not a valid IndexNow key.
    """
    path = output_dir / key_file_name(key)
    if not path.exists() and not path.is_symlink():
        return True
    shown = printable(str(path))
    try:
        if _holds_key(path, key):
            return False
    except OSError as exc:
        raise SitemapError(
            f"{shown} exists and cannot be read as the IndexNow key file "
            f"({exc.strerror or exc}); it is left alone and nothing was written"
        ) from None
    raise SitemapError(
        f"{shown} exists and does not hold the key {key}; it is left alone and nothing was "
        "written: remove the file, or choose another key"
    )


def require_key_file(site_dir: Path, key: str) -> None:
    """The site holds its key file (the endpoint fetches it from the deployed site).

    :raises SitemapError: it is missing, not a regular file, or does not hold the key.
    """
    key_path = site_dir / key_file_name(key)
    try:
        holds = _holds_key(key_path, key)
    except NotRegularFile:
        raise SitemapError(f"the key file {key_path} is not a regular file") from None
    except OSError:
        raise SitemapError(
            f"the key file {key_path} is missing; build with --indexnow-key {key} "
            "(adapters: indexnow_key) so that it is deployed with the site"
        ) from None
    if not holds:
        raise SitemapError(f"the key file {key_path} does not hold the key {key}")
