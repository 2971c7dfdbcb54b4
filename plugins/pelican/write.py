"""At the main instance's ``finalized``: check the setup, make the records, call the core."""

from __future__ import annotations

import logging
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sitemap_core import (
    BuildReport,
    ConfigError,
    Diagnostics,
    GitPrefetch,
    StrictModeError,
    build_sitemap,
    prefetch_git,
)
from sitemap_core._adapters import begins_with, remove_set

from .config import read_config
from .records import RecordMaker
from .written import Build, absolute

logger = logging.getLogger("pelican.plugins.sitemap")
PREFIX = "sitemap: "
#: How pelican-sitemap's sitemap.xml begins (its ``XML_HEADER``).
_INCUMBENT_HEAD = (
    b'<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns:xsi="http://www.w3.org/2001/'
    b'XMLSchema-instance"\nxsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 '
)


def incumbent_leftover(build: Build) -> list[Path]:
    """pelican-sitemap's ``sitemap.xml`` from an earlier build, in an output folder Pelican does
    not empty (the first build after the switch): its header, and no static file of this
    build (a file of the site's own) written there."""
    path = Path(absolute(build.output, "sitemap.xml"))
    for static, output in build.statics:
        if absolute(output, str(getattr(static, "save_as", ""))) == str(path):
            return []
    return [path] if begins_with(path, _INCUMBENT_HEAD) else []


def incumbent_version() -> str | None:
    """The version of an installed ``pelican-sitemap`` distribution, if any."""
    try:
        return metadata.distribution("pelican-sitemap").version
    except metadata.PackageNotFoundError:
        return None


def warn_incumbent() -> None:
    """Log one error when pelican-sitemap is installed beside us (same package path)."""
    version = incumbent_version()
    if version is None:
        return
    logger.error(
        "%sthe pelican-sitemap %s distribution is installed beside ssg-sitemap. Both install "
        "the Pelican plugin pelican.plugins.sitemap, so their files overwrite each other and "
        "the plugin that runs depends on which was installed last. Fix: 'pip uninstall "
        "pelican-sitemap', then 'pip install --force-reinstall --no-deps ssg-sitemap' "
        "(uninstalling removes files the two share). Your SITEMAP setting keeps working.",
        PREFIX,
        version,
    )


def write_sitemap(build: Build) -> BuildReport | None:
    """Write the sitemap for a finished build.

    :return: the core's report, or ``None`` when no sitemap was written.
    :raises StrictModeError: ``SITEMAP["strict"]`` is on and something was reported.
    """
    settings = build.settings
    warn_incumbent()
    config = read_config(settings.get("SITEMAP"))
    for text in config.problems:
        logger.warning("%s%s", PREFIX, text)
    warnings = len(config.problems)

    # WRITE_SELECTED is not checked: Pelican 4.9 (the oldest we support) removed it, warns
    # that it has no effect and writes the whole site.
    siteurl = settings.get("SITEURL") or ""
    problem: str | None = _siteurl_problem(siteurl)
    if problem is None:
        try:
            core_settings = replace(
                config.settings(siteurl, settings.get("TIMEZONE")),
                site_name=_text(settings.get("SITENAME")),
                site_description=_text(settings.get("SITEDESCRIPTION")),
            )
        except ConfigError as exc:
            problem = f"SITEURL {siteurl!r} cannot be used ({exc})"
    if problem is not None:
        # The previous build's set would stay looking current: it goes.
        removed = remove_set(Path(settings["OUTPUT_PATH"]), Diagnostics(logger, PREFIX))
        gone = ", ".join(path.name for path in removed)
        message = (
            f"{PREFIX}no sitemap written: {problem}. A sitemap needs absolute URLs: set "
            "SITEURL to the site's address (e.g. SITEURL = 'https://example.org' in "
            "publishconf.py, the settings you publish with)"
            + (f"; the previous build's {gone} removed" if gone else "")
        )
        if config.strict:
            logger.error("%s", message)
            raise StrictModeError(message)
        if not str(siteurl).strip():
            # Development builds have no SITEURL: not worth failing `pelican --fatal
            # warnings` for (Sphinx's -W treats a missing html_baseurl the same way).
            logger.info("%s", message)
        else:
            logger.warning("%s", message)
        return None

    if settings.get("DEFAULT_DATE") == "fs" and "lastmod_sources" not in config.core:
        # Dates Pelican took from the file system are left out of the records (see
        # RecordMaker); the files' modification times still answer where git has none.
        core_settings = replace(
            core_settings, lastmod_sources=(*core_settings.lastmod_sources, "mtime")
        )
    if core_settings.robots and _is_local(core_settings.base_url or ""):
        # A preview (pelican -lr): crawlers never read its robots.txt, and the folder may hold
        # the production build's, whose Sitemap line must stay the only one.
        core_settings = replace(core_settings, robots=False)
        logger.info(
            "%sSITEURL %r is a local address (a preview): robots.txt is left alone", PREFIX, siteurl
        )

    maker = RecordMaker(build, config, core_settings.names)
    records = maker.records()
    leftover = incumbent_leftover(build)
    report = build_sitemap(
        records,
        core_settings,
        Path(build.output),
        logger=logger,
        prefix=PREFIX,
        git_prefetch=build.git_prefetch,
        # A theme's own sitemap (a DIRECT_TEMPLATES entry saved as sitemap.xml): replaced by
        # pelican-sitemap's file, so by ours; any other file of that name is the core's to judge.
        replace=[*maker.theme_files, *leftover],
    )
    for path in set(leftover) & set(report.files):
        logger.info("%s%s, pelican-sitemap's from an earlier build, is replaced", PREFIX, path.name)
    for path in set(maker.theme_files) & set(report.files):
        logger.info(
            "%sthe theme wrote %s (DIRECT_TEMPLATES); ssg-sitemap's replaces it, as "
            "pelican-sitemap's did",
            PREFIX,
            path.name,
        )
    warnings += maker.warnings
    if config.strict and (report.failed or warnings):
        total = report.warnings + warnings
        raise StrictModeError(
            f"{PREFIX}{total} warning(s) and SITEMAP['strict'] is on; see the messages above"
        )
    return report


def prefetch_git_for(settings: Any) -> GitPrefetch | None:
    """Start reading the content folder's git history (a thread) for :func:`write_sitemap`.

    :param settings: the main Pelican instance's settings.
    :return: the handle, or ``None``.
    """
    path = settings.get("PATH")
    if not isinstance(path, str) or not path:
        return None
    try:
        core_settings = read_config(settings.get("SITEMAP")).settings(None)
    except ConfigError:
        return None  # reported when the sitemap is written
    return prefetch_git([Path(path)], core_settings)


_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})


def _is_local(url: str) -> bool:
    """Whether ``url`` names this machine (a development server)."""
    host = (urlsplit(url).hostname or "").lower()
    return host in _LOCAL_HOSTS or host.endswith(".localhost") or host.startswith("127.")


def _siteurl_problem(siteurl: object) -> str | None:
    if not isinstance(siteurl, str) or not siteurl.strip():
        return "SITEURL is empty (Pelican's development default, used with RELATIVE_URLS)"
    parts = urlsplit(siteurl.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return f"SITEURL {siteurl!r} is not an absolute http(s) URL"
    return None


def _text(value: object) -> str | None:
    """A text setting (``SITENAME``, ``SITEDESCRIPTION``), or ``None``."""
    return value.strip() or None if isinstance(value, str) else None
