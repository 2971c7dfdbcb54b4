"""The ``sitemap`` plugin's options (``plugins: - sitemap: {...}``) mapped onto core Settings.

The MkDocs adapter validates them with MkDocs' config classes first; ``--project`` reads them
as written and checks names and types here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from sitemap_core._config import (
    DEFAULT_MAX_BYTES,
    PROTOCOL_MAX_URLS,
    DateKind,
    Format,
    Precision,
    Rule,
    Settings,
    ShardOrder,
    load_hooks_file,
)
from sitemap_core._errors import ConfigError
from sitemap_core._mkdocs_project._pages import METADATA_DATES

#: Every option with its default (the plugin's defaults match MkDocs' built-in sitemap).
DEFAULTS: Mapping[str, Any] = {
    "filename": "sitemap.xml",
    "format": "xml",
    "gzip": True,
    "max_urls": PROTOCOL_MAX_URLS,
    "max_bytes": DEFAULT_MAX_BYTES,
    "exclude": [],
    "changefreq": None,
    "priority": None,
    "rules": [],
    "lastmod_sources": ["front_matter", "metadata", "git"],
    "precision": "datetime",
    "timezone": None,
    "git_date": "committer",
    "git_ignore_revs": None,
    "state_file": None,
    "robots": True,
    "preview_detection": True,
    "alternates": True,
    "x_default": None,
    "i18n_fallbacks": False,
    "html_checks": True,
    "html_sitemap": None,
    "html_sitemap_title": "Site map",
    "html_sitemap_in_nav": False,
    "html_sitemap_dates": False,
    "html_exclude": [],
    "xsl": False,
    "include_sitemaps": [],
    "strict": False,
    "publish_date_is_lastmod": False,
    "shard_order": "url",
    "indexnow_key": None,
    "hooks": None,
    "hooks_errors": "fail",
    "sections": {},
    "images": False,
}

_TYPES: Mapping[str, tuple[type, ...]] = {
    "gzip": (bool,),
    "robots": (bool,),
    "preview_detection": (bool,),
    "alternates": (bool,),
    "i18n_fallbacks": (bool,),
    "html_checks": (bool,),
    "strict": (bool,),
    "publish_date_is_lastmod": (bool,),
    "max_urls": (int,),
    "max_bytes": (int,),
    "exclude": (list,),
    "rules": (list,),
    "lastmod_sources": (list,),
    "include_sitemaps": (list,),
    "sections": (dict,),
    "images": (bool,),
    "html_sitemap_in_nav": (bool,),
    "html_sitemap_dates": (bool,),
    "html_exclude": (list,),
    "xsl": (bool, str),
    "html_sitemap_title": (str,),
}


def page_stem(page: str) -> str:
    """The HTML sitemap page's path without suffix for the plugin's ``html_sitemap`` option:
    ``sitemap/``, ``sitemap.html`` and ``sitemap.md`` are all ``sitemap``."""
    stem = page.strip("/")
    for suffix in (".md", ".html"):
        stem = stem.removesuffix(suffix)
    return stem or "sitemap"


def standalone_name(page: str | None) -> str | None:
    """The file name of the standalone HTML sitemap (``--project``, which has no theme) for
    the plugin's ``html_sitemap`` page: ``sitemap/`` is ``sitemap.html``."""
    return None if page is None else page_stem(page).replace("/", "-") + ".html"


def options_with_defaults(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options as written, completed with the defaults.

    :raises ConfigError: an unknown option (a typo silently doing nothing is how sitemaps go
        wrong unnoticed) or a value of the wrong type.
    """
    options = dict(DEFAULTS)
    for key, value in (raw or {}).items():
        if key not in DEFAULTS:
            raise ConfigError(f"sitemap plugin: unknown option {key!r} (a typo?)")
        kinds = _TYPES.get(str(key))
        if value is not None and kinds is not None and not isinstance(value, kinds):
            wanted = " or ".join(k.__name__ for k in kinds)
            raise ConfigError(f"sitemap plugin: {key}: {value!r} is not a {wanted}")
        options[key] = value
    return options


def settings_from_options(
    options: Mapping[str, Any],
    base_url: str | None,
    *,
    serving: bool = False,
    root: Path | None = None,
) -> Settings:
    """Map the plugin's options and ``site_url`` onto the core's Settings.

    :param serving: ``mkdocs serve``: the state file is not touched (the local address would
        end up in it).
    :param root: folder relative file options are read from (the config file's folder).
    :raises ConfigError: a value the core rejects, named in the message.
    """
    hooks_file = _path(options["hooks"], root)
    hooks = {} if hooks_file is None else load_hooks_file(hooks_file)
    return Settings(
        base_url=base_url,
        filename=options["filename"],
        format=cast("Format", options["format"]),
        gzip=options["gzip"],
        max_urls=options["max_urls"],
        max_bytes=options["max_bytes"],
        exclude=tuple(options["exclude"]),
        changefreq=options["changefreq"],
        priority=options["priority"],
        rules=tuple(_rule(raw) for raw in options["rules"]),
        lastmod_sources=tuple(options["lastmod_sources"]),
        metadata_dates=METADATA_DATES,
        precision=cast("Precision", options["precision"]),
        timezone=options["timezone"],
        git_date=cast("DateKind", options["git_date"]),
        git_ignore_revs=_path(options["git_ignore_revs"], root),
        state_file=None if serving else _path(options["state_file"], root),
        robots=options["robots"],
        preview_detection=options["preview_detection"],
        alternates=options["alternates"],
        x_default=options["x_default"],
        html_checks=options["html_checks"],
        strict=options["strict"],
        html_sitemap=standalone_name(options["html_sitemap"]),
        html_sitemap_title=options["html_sitemap_title"],
        html_exclude=tuple(options["html_exclude"]),
        xsl=options["xsl"],
        include_sitemaps=tuple(options["include_sitemaps"]),
        publish_date_is_lastmod=options["publish_date_is_lastmod"],
        shard_order=cast("ShardOrder", options["shard_order"]),
        indexnow_key=options["indexnow_key"],
        filter=hooks.get("filter"),
        transform=hooks.get("transform"),
        extra_urls=hooks.get("extra_urls"),
        hooks_errors=options["hooks_errors"],
        sections=_named_sections(options["sections"]),
        images=options["images"],
    )


def _named_sections(value: Any) -> Any:
    """The option as written (``{glob: name}``); the core checks it."""
    return value or ()


def _rule(raw: Any) -> Rule:
    try:
        return Rule.from_mapping(raw)
    except ConfigError as exc:
        raise ConfigError(f"rules: {exc}") from None


def _path(value: str | None, root: Path | None) -> Path | None:
    if not value:
        return None
    path = Path(value)
    return path if root is None or path.is_absolute() else root / path
