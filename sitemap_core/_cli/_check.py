"""Check built sitemaps against the protocol and the site: a validator for CI.

  ssg-sitemap check SITE_DIR [--base-url URL]   start from SITE_DIR/robots.txt
  ssg-sitemap check FILE...                      check sitemap files (and their shards)
  ssg-sitemap check https://example.org/         audit the deployed site (or a sitemap URL)

Follows robots.txt Sitemap: lines into indexes and shards (.xml, .xml.gz, .txt) and reports
each problem with its file and line: protocol errors (well-formedness, root and namespace,
XSD order, loc, lastmod, changefreq, priority, limits, gzip), and site errors (scope, other
hosts, duplicates, pages missing from SITE_DIR, noindex or canonical-elsewhere pages,
hreflang that is not reciprocal, lastmods in the future or all alike, robots.txt lines).
The listed pages' internal links give orphans, click depth and broken links (--no-links);
--graph FILE.html draws them: sections, each page's depth, orphans marked (one offline page).
Hostile files are safe: no entities, no DTDs, no network, decompression capped at 50 MiB.

With a URL, the same rules run over HTTP, and every listed URL on the site's origin is
requested: a status other than 200, a redirect, X-Robots-Tag or meta noindex, a canonical
URL elsewhere, or a robots.txt Disallow for * or Googlebot is an error. Politely: bounded
concurrency, Crawl-delay and Retry-After honoured, one origin only (scheme, host, port),
the run bounded by --timeout. Needs the optional HTTP client: pip install 'ssg-sitemap[live]'.

exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage error.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from sitemap_core._check import (
    CheckReport,
    LinkOptions,
    as_json,
    check_files,
    check_site,
    graph_target,
    human,
    write_graph,
)
from sitemap_core._cli._flags import add_limits
from sitemap_core._errors import SitemapError

NAME = "check"
HELP = "validate built sitemaps (protocol and site rules); for CI"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``check SITE_DIR`` or ``check FILE...``."""
    parser.add_argument(
        "paths",
        metavar="SITE_DIR | FILE | URL",
        nargs="+",
        help="a built site, sitemap files, or the http(s) URL of a site or sitemap",
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
    links = parser.add_argument_group("internal links (orphans, click depth, broken links)")
    links.add_argument(
        "--no-links", action="store_true", help="do not read the listed pages' internal links"
    )
    links.add_argument(
        "--max-depth",
        type=int,
        default=LinkOptions.max_depth,
        metavar="N",
        help=f"name pages more than N clicks from the home page ({LinkOptions.max_depth})",
    )
    links.add_argument(
        "--fail-orphans", action="store_true", help="orphans, unreachable pages fail"
    )
    links.add_argument(
        "--graph",
        metavar="FILE.html",
        help="write the site's structure to FILE.html (one page, readable offline)",
    )
    live = parser.add_argument_group("checking a URL (live site)")
    live.add_argument(
        "--concurrency", type=int, default=8, metavar="N", help="requests at once (8)"
    )
    add_limits(live, 600.0, "; what is left is reported as not checked")
    live.add_argument(
        "--request-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="time for one request (10)",
    )
    live.add_argument(
        "--sample",
        type=int,
        default=None,
        metavar="N",
        help="request only N listed URLs, the same N every run",
    )
    live.add_argument(
        "--max-urls", type=int, default=None, metavar="N", help="request at most N URLs"
    )


def _link_options(args: argparse.Namespace) -> LinkOptions:
    if args.max_depth < 1:
        raise SitemapError(f"--max-depth must be 1 or more, not {args.max_depth}")
    if args.graph and args.no_links:
        raise SitemapError("--graph draws the internal links: not with --no-links")
    return LinkOptions(not args.no_links, args.max_depth, args.fail_orphans)


def _shown(report: CheckReport, args: argparse.Namespace, folder: str | None = None) -> int:
    """Print the report, write the --graph page; the exit status."""
    shown = as_json if args.format == "json" else human
    print(shown(report, args.strict, folder))
    if args.graph:
        if report.links is None:
            raise SitemapError(
                "--graph: the internal links were not read (no base URL, no page checks, or "
                "a --sample or --max-urls of a live site); no graph is written"
            )
        write_graph(report.links, graph_target(args.graph), args.max_depth)
    return report.exit_status(args.strict)


def run(args: argparse.Namespace) -> int:
    """Run the check and print the report; see the module docstring for exit codes."""
    names: list[str] = args.paths
    if args.graph:
        graph_target(args.graph)  # a bad path is said before a long run, and again after it
    html = not args.no_html_checks
    urls = [n for n in names if n.lower().startswith(("http://", "https://"))]
    if urls:
        if len(names) > 1:
            raise SitemapError("give one URL to check a live site, and nothing else")
        if args.base_url:
            raise SitemapError(
                "--base-url is for a SITE_DIR or files; a URL is checked where it is served"
            )
        from sitemap_core._check import LiveOptions, check_live

        # httpx logs every request at INFO: thousands of lines that say nothing here.
        logging.getLogger("httpx").setLevel(logging.WARNING)

        options = LiveOptions(
            concurrency=args.concurrency,
            request_timeout=args.request_timeout,
            timeout=args.timeout,
            retries=args.retries,
            sample=args.sample,
            max_urls=args.max_urls,
            html_checks=html,
            links=_link_options(args),
        )
        return _shown(check_live(urls[0], options), args)
    if args.sample is not None or args.max_urls is not None:
        raise SitemapError("--sample and --max-urls are for checking a URL (live site)")
    paths = [Path(n) for n in names]
    dirs = [p for p in paths if p.is_dir()]
    folder = None  # files are named as given; a SITE_DIR's files under it, as it was given
    if dirs:
        if len(paths) > 1:
            raise SitemapError("give one SITE_DIR, or sitemap files, not both or several dirs")
        report = check_site(dirs[0], args.base_url, html_checks=html, links=_link_options(args))
        folder = names[0]
    else:
        report = check_files(paths, args.base_url, html_checks=html)
    return _shown(report, args, folder)
