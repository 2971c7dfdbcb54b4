"""``llms.txt`` for coding agents: the XML sitemap's pages, grouped and ordered as the site
shows them, one file per language, under a size budget; each page's Markdown twin."""

from __future__ import annotations

from sitemap_core._llms._builds import Build, builds_file
from sitemap_core._llms._full import LLMS_FULL, plan_full
from sitemap_core._llms._languages import split_languages
from sitemap_core._llms._markdown import MissingConverter, to_markdown
from sitemap_core._llms._text import (
    LLMS_TXT,
    OVER_BUDGET,
    Link,
    Section,
    Written,
    is_ours,
    linked_file,
    marked,
    plan,
    read_back,
    write,
)
from sitemap_core._llms._twins import TWIN_SUFFIX, front_matter, is_twin_ours, twin_url

__all__ = [
    "LLMS_FULL",
    "LLMS_TXT",
    "OVER_BUDGET",
    "TWIN_SUFFIX",
    "Build",
    "Link",
    "MissingConverter",
    "Section",
    "Written",
    "builds_file",
    "front_matter",
    "is_ours",
    "is_twin_ours",
    "linked_file",
    "marked",
    "plan",
    "plan_full",
    "read_back",
    "split_languages",
    "to_markdown",
    "twin_url",
    "write",
]
