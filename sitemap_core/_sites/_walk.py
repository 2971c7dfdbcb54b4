"""Page records for an already-built static site: one per HTML file."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

from sitemap_core._html import inspect_html
from sitemap_core._record import PageRecord
from sitemap_core._util.text import printable
from sitemap_core._values import is_page_file, without_index

_log = logging.getLogger("sitemap_core")
#: Characters a file name keeps as they are in its URL path (RFC 3986 sub-delims, "@", "/").
_URL_SAFE = "/!$&'()*+,;=@~"


def html_files(site_dir: Path, *, warn: bool = True) -> Iterator[Path]:
    """Every HTML file below ``site_dir``, sorted, as the walk finds them: not hidden, regular
    (a FIFO would hang the build), and not through a symlink out of ``site_dir``.

    :param warn: log each symlink left out (off for a second walk of the same site).
    """
    root_real: Path | None = None
    for root, dirs, files in os.walk(site_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if is_page_file(name) and not name.startswith("."):
                path = Path(root) / name
                if not path.is_file():
                    continue
                if path.is_symlink():
                    root_real = root_real or site_dir.resolve()
                    if not path.resolve().is_relative_to(root_real):
                        if warn:
                            _log.warning(
                                "sitemap: %s leads outside %s (a symlink); it is left out",
                                printable(str(path)),
                                site_dir,
                            )
                        continue
                yield path


def url_for(site_dir: Path, path: Path, keep_index_html: bool = False) -> str:
    """The URL path of a built file: ``x/index.html`` → ``x/`` unless asked to keep it."""
    rel = path.relative_to(site_dir).as_posix()
    if not keep_index_html:
        rel = without_index(rel)
    # A file name is not a URL: "%41", "?", "#" and ":" (a scheme, in a first segment) are
    # encoded, so that the URL names this very file. Encoded from its bytes: a name that is
    # not UTF-8 ("caf\xe9.html" from an old archive) is served under those bytes.
    return quote(os.fsencode(rel), safe=_URL_SAFE)


def site_records(
    site_dir: Path, files: Iterable[Path], keep_index_html: bool = False, *, titles: bool = False
) -> Iterator[PageRecord]:
    """Records for the given files of a built site.

    :param titles: read each page's ``<title>`` (for the HTML sitemap and llms.txt), and its
        ``<meta name="description">`` in the same read, as its front matter ``description``.
    """
    for path in files:
        facts = None
        if titles:
            with contextlib.suppress(OSError, ValueError):
                facts = inspect_html(path)
        yield PageRecord(
            url=url_for(site_dir, path, keep_index_html),
            output=path,
            name=path.relative_to(site_dir).as_posix(),
            title=facts.title if facts else None,
            front_matter={"description": facts.description} if facts and facts.description else {},
        )
