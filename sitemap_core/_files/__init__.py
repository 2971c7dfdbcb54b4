"""The files a build writes and reads back: sitemap text, shards and index, robots.txt, the XSL
stylesheet.
"""

from __future__ import annotations

from sitemap_core._files._entry import ENTRY_NAMES, entry_file
from sitemap_core._files._owned import (
    PLAN_KEY,
    RECORD_NAME,
    Committed,
    FilePlan,
    OwnedFiles,
    add_owned,
    commit_set,
    not_ours,
    read_owned,
)
from sitemap_core._files._reading import (
    CHUNK,
    ERROR_BYTES,
    SAFE_PARSER,
    CappedReader,
    FileProblem,
    check_binary,
    check_prolog,
    open_sitemap,
    prolog_end,
    read_entries,
    read_whole,
    root_element,
)
from sitemap_core._files._robots import (
    MAX_ROBOTS,
    check_robots,
    merge_robots,
    our_line,
    robots_leads_outside,
    sitemap_value,
)
from sitemap_core._files._serialize import (
    IMAGE_NS,
    INDEX_FOOTER,
    INDEX_HEADER,
    MARKER,
    SITEMAP_NS,
    XHTML_NS,
    XSL_NAME,
    index_block,
    url_block,
)
from sitemap_core._files._site_urls import site_urls
from sitemap_core._files._stylesheet import STYLESHEET
from sitemap_core._files._writer import (
    GZIP_LEVEL,
    NEW_SHARD_GROUP,
    ForeignFile,
    SitemapWriter,
    Written,
    is_ours,
    listed_in_index,
)

__all__ = [
    "CHUNK",
    "ENTRY_NAMES",
    "ERROR_BYTES",
    "GZIP_LEVEL",
    "IMAGE_NS",
    "INDEX_FOOTER",
    "INDEX_HEADER",
    "MARKER",
    "MAX_ROBOTS",
    "NEW_SHARD_GROUP",
    "PLAN_KEY",
    "RECORD_NAME",
    "SAFE_PARSER",
    "SITEMAP_NS",
    "STYLESHEET",
    "XHTML_NS",
    "XSL_NAME",
    "CappedReader",
    "Committed",
    "FilePlan",
    "FileProblem",
    "ForeignFile",
    "OwnedFiles",
    "SitemapWriter",
    "Written",
    "add_owned",
    "check_binary",
    "check_prolog",
    "check_robots",
    "commit_set",
    "entry_file",
    "index_block",
    "is_ours",
    "listed_in_index",
    "merge_robots",
    "not_ours",
    "open_sitemap",
    "our_line",
    "prolog_end",
    "read_entries",
    "read_owned",
    "read_whole",
    "robots_leads_outside",
    "root_element",
    "site_urls",
    "sitemap_value",
    "url_block",
]
