"""Build a sitemap for an already-built static site (Hugo, Jekyll, hand-written HTML).

Walks the HTML files of SITE_DIR, maps x/index.html to x/, leaves out pages whose HTML says
noindex, redirects or names another canonical URL, writes the sitemap(s) and merges a
Sitemap: line into SITE_DIR/robots.txt.

With --project (a mkdocs.yml, properdocs.yml or zensical.toml, or the folder holding it),
the pages come from the project's sources by MkDocs' rules, with front matter and git dates,
the same sitemap the MkDocs plugin writes; SITE_DIR defaults to the config's site_dir and
--base-url to its site_url. Use it after `zensical build`.

exit status: 0 success, 1 no sitemap written because a file at its name is not ours (or
--strict turned warnings into a failure), 2 usage or config error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sitemap_core._cli._build_project import run_project
from sitemap_core._cli._build_site import run_site
from sitemap_core._config import (
    CLI_LASTMOD_SOURCES,
    DEFAULT_MAX_BYTES,
    LASTMOD_SOURCES,
    PROTOCOL_MAX_URLS,
    check_indexnow_key,
)

NAME = "build"
HELP = "write sitemap(s) and robots.txt for an already-built site"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options mirror the core settings."""
    parser.add_argument(
        "site_dir",
        metavar="SITE_DIR",
        type=Path,
        nargs="?",
        help="the built site's root (with --project: the config's site_dir by default)",
    )
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="absolute URL the site is served at, e.g. https://example.org/docs/ "
        "(with --project: the config's site_url by default)",
    )
    parser.add_argument(
        "--project",
        type=Path,
        nargs="?",
        const=Path(),
        metavar="FILE|DIR",
        help="a MkDocs-family project (mkdocs.yml, properdocs.yml, zensical.toml, or the "
        "folder holding one; alone: the current folder): pages, front matter and git dates "
        "from its sources, options from its sitemap plugin entry",
    )
    parser.add_argument(
        "--filename",
        default=None,
        help="sitemap file name (sitemap.xml; sitemap.txt with --format txt)",
    )
    parser.add_argument("--format", choices=("xml", "txt"), default=None, help="output format")
    parser.add_argument("--gzip", action="store_true", help="also write .gz copies")
    parser.add_argument("--gzip-only", action="store_true", help="write only .gz files")
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out URLs matching GLOB (relative to the base URL); repeatable",
    )
    parser.add_argument(
        "--max-urls",
        type=int,
        default=None,
        metavar="N",
        help=f"URLs per file (at most {PROTOCOL_MAX_URLS:,}, the default)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=None,
        metavar="N",
        help=f"uncompressed bytes per file (default {DEFAULT_MAX_BYTES:,}, at most 52,428,800)",
    )
    parser.add_argument("--changefreq", default=None, help="changefreq for every page")
    parser.add_argument("--priority", default=None, help="priority for every page (0.0-1.0)")
    parser.add_argument(
        "--keep-index-html", action="store_true", help="list x/index.html instead of x/"
    )
    parser.add_argument("--no-robots", action="store_true", help="do not touch robots.txt")
    parser.add_argument(
        "--no-preview-detection",
        action="store_true",
        help="write the robots.txt Sitemap: line on a preview deploy too (Netlify, Vercel, "
        "a GitHub pull request, Read the Docs)",
    )
    parser.add_argument(
        "--no-html-checks",
        action="store_true",
        help="do not read pages for noindex, canonical and redirects",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when there are warnings")
    parser.add_argument(
        "--lastmod-sources",
        default=None,
        metavar="LIST",
        help=f"lastmod sources in order, comma-separated, from {','.join(LASTMOD_SOURCES)} "
        f"(default {','.join(CLI_LASTMOD_SOURCES)}); empty: no lastmod; git and mtime dates "
        "need --project (a built page does not name its source)",
    )
    parser.add_argument(
        "--shard-order",
        choices=("url", "lastmod"),
        default=None,
        help="fill shards in URL order (default) or oldest first, so that new and edited "
        "pages change only the last shards (lastmod)",
    )
    parser.add_argument(
        "--indexnow-key",
        default=None,
        metavar="KEY",
        help="write the IndexNow key file KEY.txt to SITE_DIR (for 'ssg-sitemap announce')",
    )
    parser.add_argument(
        "--section",
        action="append",
        default=[],
        metavar="GLOB=NAME",
        help="write the URLs matching GLOB (relative to the base URL) to a sitemap of their "
        "own, sitemap-NAME.xml, listed in the sitemap.xml index; repeatable, first match "
        "wins, the rest go to sitemap-pages.xml",
    )
    parser.add_argument(
        "--images",
        action="store_true",
        help="list each page's own images (<image:image>): its <main>/<article> images, "
        "else those outside header, nav and footer, and og:image",
    )
    parser.add_argument(
        "--hooks",
        type=Path,
        default=None,
        metavar="FILE.py",
        help="a Python file defining filter(entry), transform(entry) and/or extra_urls "
        "(with --project it replaces the plugin's hooks option)",
    )
    parser.add_argument(
        "--hooks-errors",
        choices=("fail", "warn"),
        default=None,
        help="an exception in a hooks function fails the build (fail, the default) or is a "
        "warning and the page stays as it was (warn)",
    )
    parser.add_argument(
        "--xsl",
        action="store_true",
        help="make the XML sitemap readable in a browser: name the bundled stylesheet "
        "(<?xml-stylesheet?>) and write it beside the sitemap as sitemap.xsl",
    )
    parser.add_argument(
        "--xsl-href",
        default=None,
        metavar="URL",
        help="name your own stylesheet in the sitemap files instead of ours (nothing written)",
    )
    parser.add_argument(
        "--html-exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave pages matching this URL glob out of the HTML sitemap only (repeatable)",
    )
    parser.add_argument(
        "--html-sitemap-into",
        default=None,
        metavar="PAGE",
        help="put the HTML sitemap into this page of SITE_DIR (e.g. sitemap/index.html), "
        "inside your theme: at a <!-- ssg-sitemap --> comment or into the element with "
        'id="ssg-sitemap"; rebuilds replace the list',
    )
    parser.add_argument(
        "--html-sitemap",
        default=None,
        metavar="NAME",
        help="also write an HTML sitemap for visitors (e.g. sitemap.html), titles from <title>",
    )


def run(args: argparse.Namespace) -> int:
    """Build the sitemap; see the module docstring for exit codes.

    Two modes: a built site's HTML files (``SITE_DIR``, :mod:`._build_site`) or a MkDocs-family
    project's sources (``--project``, :mod:`._build_project`).
    """
    if args.indexnow_key is not None:
        check_indexnow_key(args.indexnow_key)
    if args.project is not None:
        return run_project(args)
    return run_site(args)
