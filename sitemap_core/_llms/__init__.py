"""``llms.txt`` for coding agents: the XML sitemap's pages, grouped and ordered as the site
shows them, one file per language, under a size budget."""

from __future__ import annotations

from sitemap_core._llms._builds import Build, write_builds_file
from sitemap_core._llms._languages import Language, split_languages
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
    "Build",
    "Language",
    "Link",
    "Section",
    "Written",
    "is_ours",
    "link_line",
    "marked",
    "plan",
    "read_back",
    "render",
    "split_languages",
    "write",
    "write_builds_file",
]
