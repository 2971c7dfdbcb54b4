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
    marked,
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
    "marked",
    "plan",
    "read_back",
    "render",
    "write",
]
