"""``build --html-sitemap-into PAGE``: the HTML sitemap put into a page of the built site
itself (inside the site's theme), at its ``<!-- ssg-sitemap -->`` slot."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from sitemap_core._config import Settings
from sitemap_core._errors import ConfigError
from sitemap_core._html_sitemap import (
    SLOT,
    PageOptions,
    check_fillable,
    directory_nav,
    fill_slot,
    render_nav_and_toc,
)
from sitemap_core._report import BuildReport
from sitemap_core._values import absolute_url, without_index

log = logging.getLogger("ssg-sitemap")


def into_page(args: argparse.Namespace, site_dir: Path) -> tuple[Path, str] | None:
    """``--html-sitemap-into``: the page's file and its URL relative to the base URL."""
    name = args.html_sitemap_into
    if name is None:
        return None
    if args.html_sitemap:
        raise ConfigError("give --html-sitemap or --html-sitemap-into, not both")
    path = (site_dir / name).resolve()
    if not path.is_relative_to(site_dir.resolve()) or not path.is_file():
        raise ConfigError(f"--html-sitemap-into: {name!r} is not a page in {site_dir}")
    try:
        # Before the build writes anything: a page the list cannot go into stops it here.
        check_fillable(path)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise ConfigError(f"--html-sitemap-into: {name!r} {why}") from None
    rel = path.relative_to(site_dir.resolve()).as_posix()
    return path, rel if args.keep_index_html else without_index(rel)


def fill_into(into: tuple[Path, str], report: BuildReport, settings: Settings) -> bool:
    """The HTML sitemap into the site's own page: the sitemap's pages by directory."""
    path, rel = into
    base_url = settings.base_url or ""
    page_loc = absolute_url(base_url, rel)
    nav = directory_nav(report.html_entries, base_url)
    options = PageOptions.of(settings)
    try:
        filled = fill_slot(path, render_nav_and_toc(nav, report.html_entries, page_loc, options)[0])
    except OSError as exc:
        log.error("sitemap: cannot fill %s: %s", path, exc.strerror)
        return False
    if not filled:
        log.error(
            'sitemap: %s has no %s comment and no element with id="ssg-sitemap": put one '
            "where the HTML sitemap goes",
            path,
            SLOT,
        )
        return False
    log.info("sitemap: HTML sitemap put into %s", path)
    return True
