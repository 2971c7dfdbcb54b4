"""sitemap_core: generator-agnostic sitemaps.org 0.9 sitemaps from page records.

An adapter (Pelican, MkDocs, Sphinx) makes one :class:`PageRecord` per page and calls
:func:`build_sitemap` with the :class:`Settings` it made from the option table; its themed
site map page it fills from the :class:`BuildReport`. That and the hooks
(:mod:`sitemap_core.hookspecs`) are the public face, this module's ``__all__``; the rest of
what an adapter may import (the option table, value rules, the site map page's renderer) is
named once, in ``_adapters``. Everything below is the core's own business, private by its
name, one package per stage: each package's ``__init__`` is the face the other packages
import; the modules inside a package are its own. The number is each unit's layer: a unit
imports only from lower layers (``tests/test_layers.py`` reads this map and holds the code to it)::

     0  _errors          the exception tree (re-exported here)
     0  _version         the version
     1  _util/           text for terminals, FIFO-safe opens, atomic writes, the sorter
     2  _values/         one value's rules, shared by build and check: URLs, dates, fields
     2  _diagnostics     messages through the generator's logger; strict mode
     3  _config/         Settings, our file names, sections, URL globs, front-matter keys,
                         the site's own hook functions
     3  _record          PageRecord (adapter -> core), Entry (what the writer serialises)
     4  _context         BuildContext: what a plugin sees of a build
     4  _report          BuildReport: what a build did, and its summary line
     4  hookspecs        the extension points (pluggy); built-ins are plugins in _builtin/
     4  _html/           what a built page says: head facts, error pages, alternates, images,
                         its own content
     5  _lastmod/        LastmodChain (explicit dates, floors, git), git history, content hash
     5  _files/          the files we write and read back: sitemap text, shards and index,
                         robots.txt, the XSL stylesheet
     6  _html_sitemap/   the HTML sitemap for people, themed or standalone
     6  _llms/          llms.txt for coding agents: the listed pages in the site's groups,
                         one file per language, split per section over the size budget;
                         the root file over versions; Markdown twins, llms-full.txt
     6  _sites/          whole built sites: walking HTML, version folders, the cross-build
                         index, Material's flat copy
     7  _mkdocs_project/ MkDocs-family projects read without MkDocs (for Zensical)
     7  _check/          ``ssg-sitemap check``: local files and live sites
     8  _builtin/        built-in plugins, their names, and make_plugin_manager()
     8  _indexnow/       the IndexNow key file; ``announce`` sends changed URLs
     9  _diff/           ``ssg-sitemap diff``: two builds, or a build and the deployed
                         sitemap, read into the change model ``announce`` uses
     9  _pipeline/       the pipeline: resolve, exclude, lastmod, alternates, transform,
                         sort, write, robots.txt, report
    10  _cli/            the ``ssg-sitemap`` command line
    10  _adapters        what the adapters in plugins/ may import besides this face
    11  __main__         ``python -m sitemap_core``
    11  __init__         this face

ARCHITECTURE.md walks a page from each adapter's event to the files.

The exception tree (:class:`SitemapError` and its children) is drawn in ``_errors``.
"""

from __future__ import annotations

from sitemap_core._builtin import make_plugin_manager
from sitemap_core._config import KindDefaults, Rule, Settings, SitemapNames
from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._errors import ConfigError, SitemapError, StrictModeError
from sitemap_core._lastmod import GitPrefetch, prefetch_git
from sitemap_core._pipeline import build_sitemap
from sitemap_core._record import Alternate, Entry, PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._values import Lastmod, parse_date
from sitemap_core._version import __version__
from sitemap_core.hookspecs import Canonical, LeftOut, hookimpl, hookspec

__all__ = [
    "Alternate",
    "BuildContext",
    "BuildReport",
    "Canonical",
    "ConfigError",
    "Diagnostics",
    "Entry",
    "GitPrefetch",
    "KindDefaults",
    "Lastmod",
    "LeftOut",
    "PageRecord",
    "Rule",
    "Settings",
    "SitemapError",
    "SitemapNames",
    "StrictModeError",
    "__version__",
    "build_sitemap",
    "hookimpl",
    "hookspec",
    "make_plugin_manager",
    "parse_date",
    "prefetch_git",
]
