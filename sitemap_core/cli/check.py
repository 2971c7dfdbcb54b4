"""Check built sitemaps against the protocol and the site: a validator for CI.

  ssg-sitemap check SITE_DIR [--base-url URL]   start from SITE_DIR/robots.txt
  ssg-sitemap check FILE...                      check sitemap files (and their shards)

Follows robots.txt Sitemap: lines into indexes and shards (.xml, .xml.gz, .txt) and reports
each problem with its file and line: protocol errors (well-formedness, root and namespace,
XSD order, loc, lastmod, changefreq, priority, limits, gzip), and site errors (scope, other
hosts, duplicates, pages missing from SITE_DIR, noindex or canonical-elsewhere pages,
hreflang that is not reciprocal, lastmods in the future or all alike, robots.txt lines).
Hostile files are safe: no entities, no DTDs, no network, decompression capped at 50 MiB.

exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sitemap_core.check import check_files, check_site
from sitemap_core.check.output import as_json, human
from sitemap_core.errors import SitemapError

NAME = "check"
HELP = "validate built sitemaps (protocol and site rules); for CI"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``check SITE_DIR`` or ``check FILE...``."""
    parser.add_argument(
        "paths", metavar="SITE_DIR | FILE", type=Path, nargs="+", help="a built site or files"
    )
    parser.add_argument(
        "--base-url",
        metavar="URL",
        default=None,
        help="the URL SITE_DIR (or the files' directory) is served at; by default taken "
        "from robots.txt",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (text)"
    )
    parser.add_argument("--strict", action="store_true", help="warnings fail the check too")
    parser.add_argument(
        "--no-html-checks",
        action="store_true",
        help="do not read listed pages for noindex and canonical",
    )


def run(args: argparse.Namespace) -> int:
    """Run the check and print the report; see the module docstring for exit codes."""
    paths: list[Path] = args.paths
    dirs = [p for p in paths if p.is_dir()]
    html = not args.no_html_checks
    if dirs:
        if len(paths) > 1:
            raise SitemapError("give one SITE_DIR, or sitemap files, not both or several dirs")
        report = check_site(dirs[0], args.base_url, html_checks=html)
    else:
        report = check_files(paths, args.base_url, html_checks=html)
    print(as_json(report, args.strict) if args.format == "json" else human(report, args.strict))
    return report.exit_status(args.strict)
