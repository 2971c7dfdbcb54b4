"""Whole built sites and sets of them: walking built HTML, version folders, an index over several
builds, Material's flat copy.
"""

from __future__ import annotations

from sitemap_core._sites._cross_index import (
    IndexItem,
    canonical_alias,
    entry_sitemap,
    folder_url,
    index_body,
    items_for,
    rebase_in_place,
    rebased_items,
)
from sitemap_core._sites._flat_copy import write_flat_copy
from sitemap_core._sites._preview import preview_deploy
from sitemap_core._sites._versions import (
    ReadTheDocs,
    Version,
    choose_versions,
    read_the_docs,
    read_versions,
    version_canonical_note,
    version_sibling,
)
from sitemap_core._sites._walk import html_files, site_records, url_for

__all__ = [
    "IndexItem",
    "ReadTheDocs",
    "Version",
    "canonical_alias",
    "choose_versions",
    "entry_sitemap",
    "folder_url",
    "html_files",
    "index_body",
    "items_for",
    "preview_deploy",
    "read_the_docs",
    "read_versions",
    "rebase_in_place",
    "rebased_items",
    "site_records",
    "url_for",
    "version_canonical_note",
    "version_sibling",
    "write_flat_copy",
]
