"""What one Pelican build wrote: the records the signal handlers fill and the sitemap step reads.

Its own module so that the handlers (:mod:`.collect`), the record maker (:mod:`.records`) and
the writer (:mod:`.write`) share these types without importing one another in a circle.
"""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Written:
    """One file Pelican wrote.

    :param path: the absolute output path.
    :param content: the Article or Page it shows, or ``None`` for index-like pages.
    :param listed: the articles an index-like page lists.
    :param title: a title for index-like pages (tag, category, author, period).
    :param url: the content's URL, when known without asking the content.
    :param save_as: the file name relative to the writing instance's output folder.
    """

    path: str
    content: Any
    listed: tuple[Any, ...] = ()
    title: str | None = None
    url: str | None = None
    save_as: str | None = None


@dataclass
class Build:
    """What one build (main instance and its subsites) wrote.

    :param main: a weak reference to the first Pelican instance.
    :param output: the main instance's output directory.
    :param written: written files by absolute path; a later, overriding write replaces one.
    :param statics: static file objects, each with its instance's output directory.
    :param seconds: time spent in our handlers so far.
    :param git_prefetch: the git history read started with the build (``prefetch_git``).
    :param heads: the heads of written pages, read as they are written (``HeadPrefetch``).
    """

    main: weakref.ref[Any]
    output: str
    written: dict[str, Written] = field(default_factory=dict)
    statics: list[tuple[Any, str]] = field(default_factory=list)
    seconds: float = 0.0
    git_prefetch: Any = None
    heads: Any = None
    #: ``content_written`` calls not yet looked at: path, content, and the writer's
    #: ``output_file`` (content) or the context's part an index-like page needs.
    pending: list[tuple[str, Any, Any]] = field(default_factory=list)
    #: Long listings of index-like pages, by the identities of the items they list.
    listings: dict[tuple[int, ...], tuple[Any, ...]] = field(default_factory=dict)


def absolute(*parts: str) -> str:
    """The normalised absolute path of ``parts`` joined.

    String operations only, no file system access: it runs for every written file.
    """
    return os.path.abspath(os.path.join(*parts))  # noqa: PTH100, PTH118
