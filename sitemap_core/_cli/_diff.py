"""What changed between two builds, or between a build and the deployed site.

  ssg-sitemap diff OLD NEW [--json] [--fail-on-removed N|N%] [--fail-on-lastmod-churn N%]

OLD and NEW are each a built site's folder, a sitemap file, or the http(s) URL of a sitemap
(read politely: one origin, each file capped, the whole read bounded by --timeout). Prints the
URLs added, removed, whose lastmod moved, and (two folders) whose page's main content changed
under the same lastmod: what `announce` would send. The thresholds catch a build that drops
many URLs or restamps every page before it ships.

exit status: 0, 1 a threshold exceeded, 2 usage error (a side that cannot be read).
"""

from __future__ import annotations

import argparse
import logging
import sys

from sitemap_core._diff import as_json, as_table, failures, parse_threshold, read_side
from sitemap_core._indexnow import compare

NAME = "diff"
HELP = "what changed between two builds, or a build and the deployed sitemap"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``diff OLD NEW``."""
    for side, what in (("old", "before"), ("new", "after")):
        parser.add_argument(
            side,
            metavar=side.upper(),
            help=f"the site {what}: a built folder, a sitemap file or an http(s) sitemap URL",
        )
    parser.add_argument("--json", action="store_true", help="print JSON, every URL listed")
    parser.add_argument(
        "--fail-on-removed",
        metavar="N|N%",
        default=None,
        help="exit 1 when more than N URLs (or N%% of OLD's) are removed",
    )
    parser.add_argument(
        "--fail-on-lastmod-churn",
        metavar="N%",
        default=None,
        help="exit 1 when the lastmod of more than N%% of the URLs in both moved",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="time for reading a sitemap URL, each request and all together (120)",
    )


def run(args: argparse.Namespace) -> int:
    """Compare and print; see the module docstring for exit codes."""
    removed = churn = None
    if args.fail_on_removed is not None:
        removed = parse_threshold("--fail-on-removed", args.fail_on_removed)
    if args.fail_on_lastmod_churn is not None:
        churn = parse_threshold(
            "--fail-on-lastmod-churn", args.fail_on_lastmod_churn, percent_only=True
        )
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request says nothing
    old = read_side(args.old, timeout=args.timeout)
    new = read_side(args.new, timeout=args.timeout)
    changes = compare(old, new)
    failed = failures(changes, len(old), removed=removed, churn=churn)
    if args.json:
        print(as_json(changes, args.old, args.new, failed))
    elif not args.quiet:
        print(as_table(changes, args.old, args.new))
    for line in failed:
        print(f"ssg-sitemap: {line}", file=sys.stderr)
    return 1 if failed else 0
