"""``ssg-sitemap check``: a native, hardened validator for built sitemaps.

Modules: :mod:`.scan` (streaming XML/text scan), :mod:`.site` (rules across files),
:mod:`.robots`, :mod:`.runner` (discovery), :mod:`.output` (formatting). Reading files
safely (:mod:`sitemap_core.sitemap_reading`) and the per-value protocol rules
(:mod:`sitemap_core.sitemap_values`) live in the core: the build side uses them too.
"""

from __future__ import annotations

from sitemap_core.check.findings import CheckReport, Finding
from sitemap_core.check.runner import check_files, check_site

__all__ = ["CheckReport", "Finding", "check_files", "check_site"]
