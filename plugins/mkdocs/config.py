"""The plugin's options (``plugins: - sitemap: {...}``) and their mapping onto core Settings."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

from sitemap_core import ConfigError, Settings
from sitemap_core._config import DEFAULT_MAX_BYTES, LASTMOD_SOURCES, PROTOCOL_MAX_URLS
from sitemap_core._mkdocs_project import page_stem, settings_from_options

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
    preview_detection = c.Type(bool, default=True)
    alternates = c.Type(bool, default=True)
    x_default = c.Optional(c.Type(str))
    i18n_fallbacks = c.Type(bool, default=False)
    html_checks = c.Type(bool, default=True)
    html_sitemap = c.Optional(c.Type(str))
    html_sitemap_title = c.Type(str, default="Site map")
    html_sitemap_in_nav = c.Type(bool, default=False)
    html_sitemap_dates = c.Type(bool, default=False)
    html_exclude = c.ListOfItems(c.Type(str), default=[])
    xsl = c.Type((bool, str), default=False)
    include_sitemaps = c.ListOfItems(c.Type(str), default=[])
    strict = c.Type(bool, default=False)
    publish_date_is_lastmod = c.Type(bool, default=False)
    shard_order = c.Choice(("url", "lastmod"), default="url")
    indexnow_key = c.Optional(c.Type(str))
    hooks = c.Optional(c.File(exists=True))
    hooks_errors = c.Choice(("fail", "warn"), default="fail")
    sections = c.DictOfItems(c.Type(str), default={})
    images = c.Type(bool, default=False)

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
                settings = to_settings(self, None)
                if self.html_sitemap:
                    # The page is the folder NAME/ (or NAME.html) in the site's root.
                    root = page_stem(self.html_sitemap).split("/")[0]
                    settings.check_free_name(root, "html_sitemap", self.html_sitemap)
            except ConfigError as exc:
                key, _, message = str(exc).partition(": ")
                if key.startswith("rule "):
                    key, message = "rules", str(exc)
                elif key.startswith("extra_urls") and self.get("hooks"):
                    # Written in the hooks file, not among the plugin's options.
                    key, message = "hooks", f"{self['hooks']}: {exc}"
                elif key not in self or not message:
                    key, message = "sitemap", str(exc)
                failed.append((key, base.ValidationError(message)))
        return failed, kept


def to_settings(config: SitemapConfig, base_url: str | None, *, serving: bool = False) -> Settings:
    """Map the options and MkDocs' ``site_url`` onto the core's Settings (the shared mapping
    that ``ssg-sitemap build --project`` uses too).

    :param serving: ``mkdocs serve``: the state file is not touched (the local address would
        end up in it).
    :raises ConfigError: a value the core rejects, named in the message.
    """
    return settings_from_options(dict(config), base_url, serving=serving)
