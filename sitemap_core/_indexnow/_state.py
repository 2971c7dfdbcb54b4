"""The announce state file: each URL taken as announced, with its signature then (its
lastmod, or its built file's content hash), so that the next run sends only what changed."""

from __future__ import annotations

import json
from pathlib import Path

from sitemap_core._errors import SitemapError
from sitemap_core._util.atomic import atomic_write
from sitemap_core._util.regular import open_regular

_STATE_VERSION = 1


def load_state(path: Path) -> dict[str, str] | None:
    """The URLs announced so far with their signatures; ``None`` when there is no file yet.

    :raises SitemapError: the file cannot be read or is not a state file.
    """
    try:
        with open_regular(path) as handle:  # a FIFO here would block the run for ever
            data = json.loads(handle.read().decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else exc
        raise SitemapError(f"{path}: cannot read the announce state file ({why})") from None
    except RecursionError:
        raise SitemapError(
            f"{path}: not an announce state file (JSON nested too deeply to read)"
        ) from None
    urls = data.get("urls") if isinstance(data, dict) else None
    if not isinstance(urls, dict) or not all(isinstance(v, str) for v in urls.values()):
        raise SitemapError(f"{path}: not an announce state file (no 'urls' mapping)")
    return {str(k): v for k, v in urls.items()}


def save_state(path: Path, urls: dict[str, str]) -> None:
    """Record ``urls`` as announced (atomically: a run cut short leaves the old file)."""
    data = {"version": _STATE_VERSION, "urls": dict(sorted(urls.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        handle.write(json.dumps(data, indent=0, ensure_ascii=False).encode("utf-8"))
