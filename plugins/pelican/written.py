"""What one build wrote: the files, the part of each template context the records are made
from, and the static files (noted by :mod:`.collect`, read by :mod:`.records`)."""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Build:
    """What one build (the main instance and its subsites) wrote.

    :param main: a weak reference to the first Pelican instance.
    :param settings: the main instance's settings.
    :param output: the main instance's output directory (absolute, normalised).
    :param written: every ``content_written`` call: the path and the template context.
    :param statics: static file objects, each with its instance's output directory.
    :param git_prefetch: the git read started with the build (a thread), if any.
    """

    main: weakref.ref[Any]
    settings: Any
    output: str
    written: list[tuple[str, Any]] = field(default_factory=list)
    statics: list[tuple[Any, str]] = field(default_factory=list)
    git_prefetch: Any = None


#: The keys of a template context that hold the articles an index page lists, best first.
LISTING_KEYS = ("articles_page", "articles", "dates_page", "dates")
#: The key of the site map page's context: the page waiting for its list (one per instance,
#: :class:`.html_page.Pending`), read at ``finalized`` as the written files are.
HTML_PAGE = "SITEMAP_HTML_PAGE"
#: The keys of a template context that say what the written file shows (its content, or
#: what a listing shows), the only ones :mod:`.records` reads; and :data:`HTML_PAGE`.
CONTEXT_KEYS = (
    "article", "page", "output_file", *LISTING_KEYS, "tag", "category", "author", "period",
    "period_archives", "page_name", "DIRECT_TEMPLATES", HTML_PAGE,
)  # fmt: skip


_OWN_URL = frozenset(("article", "page", "tag", "category", "author", "period"))


def noted(context: Any) -> dict[str, Any]:
    """The part of a template context the records are made from (:data:`CONTEXT_KEYS`, and a
    direct template's ``<NAME>_SAVE_AS`` and ``<NAME>_URL``): keeping Pelican's whole context
    (~145 keys) cost 54 MB of peak memory at 10,000 articles (``benchmarks/pelican_site.py``).
    """
    if not isinstance(context, dict):
        return {}
    article, page = context.get("article"), context.get("page")
    if (article is not None or page is not None) and HTML_PAGE not in context:
        # A content's own page: its record is made from the content alone (4 µs to 1.5).
        return {"article": article, "page": page, "output_file": context.get("output_file")}
    kept = {key: context[key] for key in CONTEXT_KEYS if key in context}
    if not kept.keys().isdisjoint(_OWN_URL):
        # A tag, category, author or period page (its URL comes from that object), or a
        # content's own page with the site map page's marker: no direct template's keys are read.
        return kept
    templates = kept.get("DIRECT_TEMPLATES")
    if isinstance(templates, (list, tuple)):
        for name in templates:
            if isinstance(name, str):
                for key in (f"{name.upper()}_SAVE_AS", f"{name.upper()}_URL"):
                    if key in context:
                        kept[key] = context[key]
    return kept


def absolute(*parts: str) -> str:
    """The normalised absolute path of ``parts`` joined (string operations only)."""
    path = os.path.join(*parts)  # noqa: PTH118
    # Pelican's writer names every file so already (sanitised_join): no abspath, 1 µs a file.
    normal = path[:1] == os.sep == "/" and "/." not in path and "//" not in path
    return path if normal and path[-1] != "/" else os.path.abspath(path)  # noqa: PTH100
