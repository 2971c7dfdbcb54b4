"""``llms.txt`` for coding agents: the XML sitemap's pages, grouped and ordered as the site
shows them, under a size budget."""

from __future__ import annotations

from sitemap_core._llms._text import (
    CHARS_PER_TOKEN,
    LLMS_TXT,
    Link,
    Section,
    Written,
    is_ours,
    link_line,
    plan,
    read_back,
    render,
    write,
)

__all__ = [
    "CHARS_PER_TOKEN",
    "LLMS_TXT",
    "Link",
    "Section",
    "Written",
    "is_ours",
    "link_line",
    "plan",
    "read_back",
    "render",
    "twin_url",
    "write",
]


def twin_url(loc: str) -> str:
    """The URL of a page's Markdown twin: the page's built file's URL + ``.md``
    (``https://x/guide/`` → ``https://x/guide/index.html.md``, ``https://x/page.html`` →
    ``https://x/page.html.md``)."""
    return (loc + "index.html" if loc.endswith("/") or not loc else loc) + ".md"
