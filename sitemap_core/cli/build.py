"""Build a sitemap for an already-built static site (Hugo, Jekyll, hand-written HTML).

Walks the HTML files of SITE_DIR, maps x/index.html to x/, leaves out pages whose HTML says
noindex, redirects or names another canonical URL, writes the sitemap(s) and merges a
Sitemap: line into SITE_DIR/robots.txt.

exit status: 0 success, 1 --strict turned warnings into a failure, 2 usage or config error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sitemap_core.cli.progress import Progress
from sitemap_core.errors import SitemapError
from sitemap_core.pipeline import build_sitemap, check_output_dir
from sitemap_core.settings import (
    CLI_LASTMOD_SOURCES,
    DEFAULT_MAX_BYTES,
    LASTMOD_SOURCES,
    PROTOCOL_MAX_URLS,
    Settings,
)
from sitemap_core.site_walk import html_files, site_records

NAME = "build"
HELP = "write sitemap(s) and robots.txt for an already-built site"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options mirror the core settings."""
    parser.add_argument("site_dir", metavar="SITE_DIR", type=Path, help="the built site's root")
    parser.add_argument(
        "--base-url",
        required=True,
        metavar="URL",
        help="absolute URL the site is served at, e.g. https://example.org/docs/",
    )
    parser.add_argument(
        "--filename",
        default=None,
        help="sitemap file name (sitemap.xml; sitemap.txt with --format txt)",
    )
    parser.add_argument("--format", choices=("xml", "txt"), default="xml", help="output format")
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
        default=PROTOCOL_MAX_URLS,
        metavar="N",
        help=f"URLs per file (at most {PROTOCOL_MAX_URLS:,}, the default)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
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
        "--no-html-checks",
        action="store_true",
        help="do not read pages for noindex, canonical and redirects",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when there are warnings")
    parser.add_argument(
        "--lastmod-sources",
        default=",".join(CLI_LASTMOD_SOURCES),
        metavar="LIST",
        help=f"lastmod sources in order, comma-separated, from {','.join(LASTMOD_SOURCES)} "
        f"(default {','.join(CLI_LASTMOD_SOURCES)}); empty: no lastmod",
    )
    parser.add_argument(
        "--shard-order",
        choices=("url", "lastmod"),
        default="url",
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
        "--html-sitemap",
        default=None,
        metavar="NAME",
        help="also write an HTML sitemap for visitors (e.g. sitemap.html), titles from <title>",
    )


def run(args: argparse.Namespace) -> int:
    """Build the sitemap; see the module docstring for exit codes."""
    site_dir: Path = args.site_dir
    check_output_dir(site_dir)
    # Settings owns the default name (sitemap.xml, or sitemap.txt for the text format).
    named = {"filename": args.filename} if args.filename else {}
    settings = Settings(
        base_url=args.base_url,
        format=args.format,
        gzip=args.gzip or args.gzip_only,
        gzip_only=args.gzip_only,
        exclude=tuple(args.exclude),
        max_urls=args.max_urls,
        max_bytes=args.max_bytes,
        changefreq=args.changefreq,
        priority=args.priority,
        robots=not args.no_robots,
        html_checks=not args.no_html_checks,
        strict=args.strict,
        html_sitemap=args.html_sitemap,
        shard_order=args.shard_order,
        indexnow_key=args.indexnow_key,
        lastmod_sources=tuple(s.strip() for s in args.lastmod_sources.split(",") if s.strip()),
        **named,
    )
    files = html_files(site_dir)
    progress = Progress(len(files), "pages")
    try:
        report = build_sitemap(
            site_records(site_dir, files, args.keep_index_html, titles=bool(args.html_sitemap)),
            settings,
            site_dir,
            progress=progress.update,
        )
    finally:
        progress.close()
    if report.skipped:
        raise SitemapError(report.skipped)
    return 1 if report.failed else 0
