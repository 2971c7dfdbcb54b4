"""Tell IndexNow search engines (Bing, Yandex, Seznam, Naver...) which URLs changed.

  ssg-sitemap announce SITE_DIR --base-url URL --key KEY [--endpoint URL] [--since FILE]
                       [--dry-run] [--all] [--no-removed] [--force]

Run it after the site is deployed: the endpoint fetches KEY.txt from the live site (the
build writes it with --indexnow-key KEY, or the adapters' indexnow_key setting). Sends the
URLs of SITE_DIR's sitemaps that are new, whose lastmod changed, or whose built page's main
content changed (a second edit on one day under a date-only lastmod) since the last accepted
announcement, recorded in --since (default .ssg-sitemap-announced.json beside SITE_DIR), and
the URLs no longer listed since then: IndexNow takes a URL that answers 404 or 410 as
deleted (--no-removed leaves them out). The first run without that file sends nothing
and records the URLs as they are; --all sends every URL. At most 10,000 URLs a request.
Only a 200 or 202 answer to the POST itself records a batch as announced: a redirect is not
followed, and the whole run is bounded by --timeout. In a preview deploy's build (Netlify,
Vercel, a GitHub pull request, Read the Docs) it refuses: --force sends anyway.

exit status: 0 announced (or nothing to announce), 1 refused or failed, 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sitemap_core._cli._flags import add_limits
from sitemap_core._indexnow import DEFAULT_ENDPOINT, announce
from sitemap_core._sites import preview_deploy

NAME = "announce"
HELP = "send changed URLs to IndexNow (after deploying)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``announce SITE_DIR --base-url URL --key KEY``."""
    parser.add_argument("site_dir", metavar="SITE_DIR", type=Path, help="the built site's root")
    parser.add_argument(
        "--base-url", required=True, metavar="URL", help="the URL SITE_DIR is served at"
    )
    parser.add_argument(
        "--key", required=True, help="the IndexNow key (8-128 letters, digits, dashes)"
    )
    parser.add_argument(
        "--endpoint",
        default=DEFAULT_ENDPOINT,
        metavar="URL",
        help=f"where to send (default {DEFAULT_ENDPOINT}, shared by the engines)",
    )
    parser.add_argument(
        "--since",
        type=Path,
        default=None,
        metavar="FILE",
        help="the state file of the last announcement (.ssg-sitemap-announced.json beside "
        "SITE_DIR)",
    )
    parser.add_argument(
        "--dry-run", action="store_true", help="print what would be sent; send nothing"
    )
    parser.add_argument(
        "--all", action="store_true", dest="send_all", help="send every URL, changed or not"
    )
    parser.add_argument(
        "--no-removed",
        action="store_true",
        help="do not send URLs no longer listed (they are forgotten)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="announce even when this looks like a preview deploy's build",
    )
    add_limits(
        parser, 300.0, ", every request and retry wait included; one request gets 30 at most"
    )


def run(args: argparse.Namespace) -> int:
    """Announce; see the module docstring for exit codes."""
    preview = None if args.force else preview_deploy()
    if preview is not None:
        print(
            f"ssg-sitemap: error: not announcing: this is a preview deploy ({preview}); search "
            "engines must not be sent to it (--force to announce anyway)",
            file=sys.stderr,
        )
        return 1
    result = announce(
        args.site_dir,
        args.base_url,
        args.key,
        endpoint=args.endpoint,
        state_file=args.since,
        dry_run=args.dry_run,
        send_all=args.send_all,
        no_removed=args.no_removed,
        retries=max(0, args.retries),
        run_timeout=args.timeout,
    )
    if args.dry_run or not args.quiet:  # a dry run's listing is what was asked for
        for line in result.lines:
            print(line)
    if result.error:
        print(f"ssg-sitemap: error: {result.error}", file=sys.stderr)
        return 1
    return 0
