"""The plugin's options (``plugins: - sitemap: {...}``) and their mapping onto core Settings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mkdocs.config import base
from mkdocs.config import config_options as c

from sitemap_core import ConfigError
from sitemap_core._adapters import VALUE_TYPES, Option, offered, page_stem, settings_from_options

_UNKNOWN = "Unrecognised configuration name: "


def config_option(option: Option) -> base.BaseConfigOption[Any]:
    """MkDocs' check of one option of the table, by its kind, with the MkDocs default."""
    default = option.default_for("mkdocs")
    kind = option.kind
    made: base.BaseConfigOption[Any]
    if kind in ("file", "new_file"):
        made = c.File(exists=kind == "file")
    elif kind == "choice":
        made = c.Choice(option.choices, default=default)
    elif kind == "choices":
        made = c.ListOfItems(c.Choice(option.choices), default=default)
    else:  # as build --project checks it; the core checks a list's or a mapping's items
        made = c.Type(VALUE_TYPES[kind], default=default)
    return c.Optional(made) if default is None else made


class SitemapConfig(base.Config):
    """Options of ``plugins: [sitemap]``: the option table's MkDocs spellings
    (``sitemap_core._config._options``); every default matches MkDocs' built-in sitemap."""

    # MkDocs collects a config class's options from its namespace when the class is made.
    locals().update({str(option.mkdocs): config_option(option) for option in offered("mkdocs")})

    if TYPE_CHECKING:  # what the plugin reads by attribute
        exclude: list[str]
        html_sitemap: str | None
        html_sitemap_in_nav: bool
        i18n_fallbacks: bool
        hooks: str | None

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
                settings = settings_from_options(dict(self), None)
                if self.html_sitemap:
                    # The page is the folder NAME/ (or NAME.html) in the site's root.
                    root = page_stem(self.html_sitemap).split("/")[0]
                    settings.check_free_name(root, "html_sitemap", self.html_sitemap)
            except ConfigError as exc:
                key, _, message = str(exc).partition(": ")
                if key.startswith("extra_urls") and self.get("hooks"):
                    # Written in the hooks file, not among the plugin's options.
                    key, message = "hooks", f"{self['hooks']}: {exc}"
                elif key not in self or not message:
                    key, message = "sitemap", str(exc)
                failed.append((key, base.ValidationError(message)))
        return failed, kept
