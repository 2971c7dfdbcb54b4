"""The plugin's options (``plugins: - sitemap: {...}``) and their mapping onto core Settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from mkdocs.config import base
from mkdocs.config import config_options as c

from sitemap_core.errors import ConfigError
from sitemap_core.settings import (
    DEFAULT_MAX_BYTES,
    LASTMOD_SOURCES,
    PROTOCOL_MAX_URLS,
    DateKind,
    Format,
    Precision,
    Rule,
    Settings,
    ShardOrder,
)

#: MkDocs' front matter dates, newest meaning first (see :func:`.pages._dates`).
METADATA_DATES = ("updated", "date")
_UNKNOWN = "Unrecognised configuration name: "


class SitemapConfig(base.Config):
    """Options of ``plugins: [sitemap]``; every one has a default that matches MkDocs."""

    filename = c.Type(str, default="sitemap.xml")
    format = c.Choice(("xml", "txt"), default="xml")
    gzip = c.Type(bool, default=True)
    max_urls = c.Type(int, default=PROTOCOL_MAX_URLS)
    max_bytes = c.Type(int, default=DEFAULT_MAX_BYTES)
    exclude = c.ListOfItems(c.Type(str), default=[])
    changefreq = c.Optional(c.Type(str))
    priority = c.Optional(c.Type((int, float)))
    rules = c.ListOfItems(c.Type(dict), default=[])
    lastmod_sources = c.ListOfItems(
        c.Choice(LASTMOD_SOURCES), default=["front_matter", "metadata", "git"]
    )
    precision = c.Choice(("datetime", "date"), default="datetime")
    timezone = c.Optional(c.Type(str))
    git_date = c.Choice(("committer", "author"), default="committer")
    git_ignore_revs = c.Optional(c.File(exists=True))
    state_file = c.Optional(c.File(exists=False))
    robots = c.Type(bool, default=True)
    alternates = c.Type(bool, default=True)
    x_default = c.Optional(c.Type(str))
    i18n_fallbacks = c.Type(bool, default=False)
    html_checks = c.Type(bool, default=True)
    html_sitemap = c.Optional(c.Type(str))
    include_sitemaps = c.ListOfItems(c.Type(str), default=[])
    strict = c.Type(bool, default=False)
    publish_date_is_lastmod = c.Type(bool, default=False)
    shard_order = c.Choice(("url", "lastmod"), default="url")
    indexnow_key = c.Optional(c.Type(str))

    def validate(self) -> tuple[base.ConfigErrors, base.ConfigWarnings]:
        """MkDocs' checks, then the core's; unknown options are errors, not warnings.

        A misspelt option silently doing nothing is how sitemaps go wrong unnoticed, so it
        fails the build the way any other config error does.
        """
        failed, warnings = super().validate()
        kept: base.ConfigWarnings = []
        for key, message in warnings:
            if isinstance(message, str) and message.startswith(_UNKNOWN):
                failed.append((key, base.ValidationError(f"unknown option {key!r} (a typo?)")))
            else:
                kept.append((key, message))
        if not failed:
            try:
                to_settings(self, None)
            except ConfigError as exc:
                key, _, message = str(exc).partition(": ")
                if key.startswith("rule "):
                    key, message = "rules", str(exc)
                elif key not in self or not message:
                    key, message = "sitemap", str(exc)
                failed.append((key, base.ValidationError(message)))
        return failed, kept


def to_settings(config: SitemapConfig, base_url: str | None, *, serving: bool = False) -> Settings:
    """Map the options and MkDocs' ``site_url`` onto the core's Settings.

    :param serving: ``mkdocs serve``: the state file is not touched (the local address would
        end up in it).
    :raises ConfigError: a value the core rejects, named in the message.
    """
    return Settings(
        base_url=base_url,
        filename=config.filename,
        format=cast("Format", config.format),
        gzip=config.gzip,
        max_urls=config.max_urls,
        max_bytes=config.max_bytes,
        exclude=tuple(config.exclude),
        changefreq=config.changefreq,
        priority=config.priority,
        rules=tuple(_rule(raw) for raw in config.rules),
        lastmod_sources=tuple(config.lastmod_sources),
        metadata_dates=METADATA_DATES,
        precision=cast("Precision", config.precision),
        timezone=config.timezone,
        git_date=cast("DateKind", config.git_date),
        git_ignore_revs=_path(config.git_ignore_revs),
        state_file=None if serving else _path(config.state_file),
        robots=config.robots,
        alternates=config.alternates,
        x_default=config.x_default,
        html_checks=config.html_checks,
        strict=config.strict,
        html_sitemap=config.html_sitemap,
        include_sitemaps=tuple(config.include_sitemaps),
        publish_date_is_lastmod=config.publish_date_is_lastmod,
        shard_order=cast("ShardOrder", config.shard_order),
        indexnow_key=config.indexnow_key,
    )


def _rule(raw: dict[str, Any]) -> Rule:
    unknown = set(raw) - {"pattern", "changefreq", "priority"}
    if unknown or not isinstance(raw.get("pattern"), str):
        raise ConfigError(
            f"rules: {raw!r} must be a mapping with 'pattern' and optional 'changefreq', "
            f"'priority'{' (unknown: ' + ', '.join(sorted(unknown)) + ')' if unknown else ''}"
        )
    return Rule(raw["pattern"], raw.get("changefreq"), raw.get("priority"))


def _path(value: str | None) -> Path | None:
    return Path(value) if value else None
