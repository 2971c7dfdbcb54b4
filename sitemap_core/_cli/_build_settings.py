"""``build``'s settings: from the flags alone (``SITE_DIR``), or from a project's sitemap plugin
options with the flags given on the command line on top (``--project``)."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterable
from typing import Any

from sitemap_core._cli._flags import given_flags
from sitemap_core._config import (
    CLI_LASTMOD_SOURCES,
    DEFAULT_MAX_BYTES,
    PROTOCOL_MAX_URLS,
    Settings,
    load_hooks_file,
)
from sitemap_core._errors import ConfigError
from sitemap_core._mkdocs_project import ProjectConfig, options_with_defaults, settings_from_options


def site_settings(args: argparse.Namespace) -> Settings:
    """The settings of ``build SITE_DIR``: the flags, and the defaults for the rest."""
    # Settings owns the default name (sitemap.xml, or sitemap.txt for the text format).
    named = {"filename": args.filename} if args.filename else {}
    hooks = {} if args.hooks is None else load_hooks_file(args.hooks)
    return Settings(
        base_url=args.base_url,
        format=args.format or "xml",
        gzip=args.gzip or args.gzip_only,
        gzip_only=args.gzip_only,
        exclude=tuple(args.exclude),
        # 0 is a value given (and refused), not a default.
        max_urls=PROTOCOL_MAX_URLS if args.max_urls is None else args.max_urls,
        max_bytes=DEFAULT_MAX_BYTES if args.max_bytes is None else args.max_bytes,
        changefreq=args.changefreq,
        priority=args.priority,
        robots=not args.no_robots,
        preview_detection=not args.no_preview_detection,
        html_checks=not args.no_html_checks,
        strict=args.strict,
        html_sitemap=args.html_sitemap,
        html_exclude=tuple(args.html_exclude),
        shard_order=args.shard_order or "url",
        indexnow_key=args.indexnow_key,
        lastmod_sources=_sources(args.lastmod_sources, CLI_LASTMOD_SOURCES),
        filter=hooks.get("filter"),
        transform=hooks.get("transform"),
        extra_urls=hooks.get("extra_urls"),
        hooks_errors=args.hooks_errors or "fail",
        sections=_sections(args.section),
        images=args.images,
        xsl=args.xsl_href or args.xsl,
        **named,
    )


def project_settings(args: argparse.Namespace, project: ProjectConfig, base_url: str) -> Settings:
    """The plugin's options from the config; what the command line says explicitly wins.

    :raises ConfigError: about a value from the config: naming the file and the key as
        written there (one given by a flag is named by its flag, see ``cli._flags``).
    """
    try:
        return _merged_settings(args, project, base_url)
    except ConfigError as exc:
        if exc.setting in given_flags(args):
            raise
        named = exc.renamed({"base URL": "site_url"})
        if exc.setting in options_with_defaults(None):
            named = ConfigError(f"sitemap plugin: {exc}")
        raise ConfigError(f"{project.path}: {named}") from None


def _merged_settings(args: argparse.Namespace, project: ProjectConfig, base_url: str) -> Settings:
    options = options_with_defaults(project.sitemap_options)
    given: dict[str, Any] = {
        "filename": args.filename,
        "format": args.format,
        "max_urls": args.max_urls,
        "max_bytes": args.max_bytes,
        "changefreq": args.changefreq,
        "priority": args.priority,
        "html_sitemap": args.html_sitemap,
        "shard_order": args.shard_order,
        "indexnow_key": args.indexnow_key,
        "hooks": None if args.hooks is None else str(args.hooks.resolve()),
        "hooks_errors": args.hooks_errors,
        "lastmod_sources": None
        if args.lastmod_sources is None
        else list(_sources(args.lastmod_sources, ())),
    }
    options.update({k: v for k, v in given.items() if v is not None})
    options["exclude"] = [*options["exclude"], *args.exclude]
    if args.html_exclude:
        options["html_exclude"] = [*options["html_exclude"], *args.html_exclude]
    if args.section:
        options["sections"] = dict(_sections(args.section))
    if args.gzip or args.gzip_only:
        options["gzip"] = True
    if args.no_robots:
        options["robots"] = False
    if args.no_preview_detection:
        options["preview_detection"] = False
    if args.images:
        options["images"] = True
    if args.xsl or args.xsl_href:
        options["xsl"] = args.xsl_href or True
    if args.no_html_checks:
        options["html_checks"] = False
    if args.strict:
        options["strict"] = True
    settings = settings_from_options(options, base_url, root=project.path.resolve().parent)
    if args.gzip_only:
        settings = dataclasses.replace(settings, gzip_only=True)
    return settings


def _sections(given: list[str]) -> tuple[tuple[str, str], ...]:
    """``--section GLOB=NAME`` options as pairs, in order."""
    pairs = []
    for text in given:
        glob, sep, name = text.rpartition("=")
        if not sep or not glob or not name:
            raise ConfigError(f"--section {text!r}: write it as GLOB=NAME (blog/*=blog)")
        pairs.append((glob, name))
    return tuple(pairs)


def _sources(text: str | None, default: Iterable[str]) -> tuple[str, ...]:
    """``--lastmod-sources a,b``: the names in order; ``default`` when not given."""
    if text is None:
        return tuple(default)
    return tuple(s.strip() for s in text.split(",") if s.strip())
