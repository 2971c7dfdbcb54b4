"""``build SITE_DIR --base-url URL``: the pages of an already-built site, read from its HTML."""

from __future__ import annotations

import argparse
import dataclasses
import logging
from collections.abc import Iterable
from pathlib import Path

from sitemap_core._cli._build_settings import site_settings
from sitemap_core._cli._build_write import write_sitemaps
from sitemap_core._cli._html_sitemap_into import into_page
from sitemap_core._errors import ConfigError
from sitemap_core._html import may_state_alternates
from sitemap_core._pipeline import check_output_dir
from sitemap_core._record import PageRecord
from sitemap_core._sites import html_files, site_records

log = logging.getLogger("ssg-sitemap")


def run_site(args: argparse.Namespace) -> int:
    """Walk SITE_DIR's HTML files and write their sitemap; the exit status."""
    if args.site_dir is None:
        raise ConfigError("give SITE_DIR, or --project with a MkDocs-family config")
    if not args.base_url:
        raise ConfigError("--base-url is required (without --project)")
    site_dir: Path = args.site_dir
    check_output_dir(site_dir)
    settings = site_settings(args)
    if "mtime" in settings.lastmod_sources:
        # A built file's time is when it was built, the same for every page: no page's change
        # date, and the source file whose time would be one is not named by a built page.
        raise ConfigError(
            "--lastmod-sources: mtime dates each page by its source file's time, and a built "
            "site does not name its pages' sources; use --project (a MkDocs-family project) "
            "or the generator's plugin"
        )
    if args.lastmod_sources is not None and "git" in settings.lastmod_sources:
        # A built page does not name its source file, so git has nothing to date; asked for
        # by name, the user should learn why no page got a git date.
        log.info(
            "sitemap: git dates need each page's source file, which a built site does not "
            "name: git dates come with --project (a MkDocs-family project) or the generator's "
            "plugin"
        )
    into = into_page(args, site_dir)
    if into is not None:
        settings = dataclasses.replace(settings, html_themed=True)
    # How many pages, and whether one may state hreflang alternates (heads are scanned up to
    # the first that may; the build reads every head again anyway).
    pages, stated = 0, False
    for path in html_files(site_dir, warn=False):
        pages += 1
        stated = stated or may_state_alternates(path)
    records: Iterable[PageRecord] = site_records(
        site_dir,
        html_files(site_dir),
        args.keep_index_html,
        titles=bool(args.html_sitemap or into or settings.llms_txt),
    )
    if stated:
        # Which pages are translations of which is known only once every head was read (a
        # page may be named by a later one): the records are kept until the walk ends.
        records = list(records)
    return write_sitemaps(
        records, settings, site_dir, pages, None, into=into, head_alternates=stated
    )
