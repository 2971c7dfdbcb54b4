"""``ssg-sitemap check``: a native, hardened validator for built sitemaps.

Modules: :mod:`.scan` (streaming XML/text scan), :mod:`.across_files` (rules across files),
:mod:`.robots`, :mod:`.runner` (discovery), :mod:`.output` (formatting); over HTTP,
:mod:`.live_site` (the live audit), :mod:`.live_fetch` (the polite client) and
:mod:`.robots_rules` (Disallow, Crawl-delay); :mod:`.truth` holds the rules that compare a
listed URL with its page and robots.txt, for both; :mod:`.one_commit` asks git which commit
gave most URLs their lastmod; :mod:`.links` holds the internal links' graph,
:mod:`.link_report` its findings (orphans, click depth, broken links), :mod:`.graph_page`
draws it (``--graph``). Reading files
safely (:mod:`sitemap_core._files`) and the per-value protocol rules
(:mod:`sitemap_core._values`) live in the core: the build side uses them too.
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
