"""``ssg-sitemap check``: a native, hardened validator for built and deployed sitemaps (each
module's part: ARCHITECTURE.md's module map). Reading files safely (:mod:`sitemap_core._files`)
and the per-value rules (:mod:`sitemap_core._values`) are the build's too.
"""

from __future__ import annotations

from sitemap_core._check._findings import CheckReport
from sitemap_core._check._graph_page import graph_target, write_graph
from sitemap_core._check._links import LinkOptions
from sitemap_core._check._live_fetch import PoliteClient, fetch_entries, origin_of
from sitemap_core._check._live_site import LiveOptions, check_live
from sitemap_core._check._output import as_json, human
from sitemap_core._check._robots import site_robots_rules
from sitemap_core._check._robots_rules import RobotsRules
from sitemap_core._check._runner import check_files, check_site
from sitemap_core._check._truth import blocked, blocked_message

__all__ = [
    "CheckReport",
    "LinkOptions",
    "LiveOptions",
    "PoliteClient",
    "RobotsRules",
    "as_json",
    "blocked",
    "blocked_message",
    "check_files",
    "check_live",
    "check_site",
    "fetch_entries",
    "graph_target",
    "human",
    "origin_of",
    "site_robots_rules",
    "write_graph",
]
