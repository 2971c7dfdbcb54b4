"""The ``sitemap`` plugin's options (``plugins: - sitemap: {...}``) mapped onto core Settings.

The MkDocs adapter validates them with MkDocs' config classes first; ``--project`` reads them
as written and checks names and types here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sitemap_core._config import Option, Rule, Settings, load_hooks_file, offered
from sitemap_core._errors import ConfigError
from sitemap_core._mkdocs_project._pages import METADATA_DATES

_OPTIONS: Mapping[str, Option] = {str(option.mkdocs): option for option in offered("mkdocs")}

#: The types a value of each kind has as YAML or TOML give it (the core checks the rest: the
#: items of a list or mapping, the choices, the ranges); the MkDocs plugin's checks too.
VALUE_TYPES: Mapping[str, tuple[type, ...]] = {
    "flag": (bool,),
    "int": (int,),
    "text": (str,),
    "choice": (str,),
    "choices": (list,),
    "texts": (list,),
    "number": (int, float),
    "rules": (list,),
    "sections": (dict,),
    "file": (str,),
    "new_file": (str,),
    "xsl": (bool, str),
}


def page_stem(page: str) -> str:
    """The HTML sitemap page's path without suffix for the plugin's ``html_sitemap`` option:
    ``sitemap/``, ``sitemap.html`` and ``sitemap.md`` are all ``sitemap``."""
    stem = page.strip("/")
    for suffix in (".md", ".html"):
        stem = stem.removesuffix(suffix)
    return stem or "sitemap"


def options_with_defaults(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options as written, completed with the defaults.

    :raises ConfigError: an unknown option (a typo silently doing nothing is how sitemaps go
        wrong unnoticed) or a value of the wrong type.
    """
    options = {name: option.default_for("mkdocs") for name, option in _OPTIONS.items()}
    for key, value in (raw or {}).items():
        option = _OPTIONS.get(key)
        if option is None:
            raise ConfigError(f"sitemap plugin: unknown option {key!r} (a typo?)")
        kinds = VALUE_TYPES[option.kind]
        if value is not None and (
            not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
        ):
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
    **extra: Any,
) -> Settings:
    """Map the plugin's options and ``site_url`` onto the core's Settings.

    :param serving: ``mkdocs serve``: the state file is not touched (the local address would
        end up in it).
    :param root: folder relative file options are read from (the config file's folder).
    :param extra: Settings fields besides the options (the site's name), over them.
    :raises ConfigError: a value the core rejects, named in the message.
    """
    values = {
        option.name: _value(option, options[name], root)
        for name, option in _OPTIONS.items()
        if option.setting
    }
    # The standalone page (--project has no theme) of the plugin's: sitemap/ is sitemap.html.
    page = options["html_sitemap"]
    values["html_sitemap"] = None if page is None else page_stem(page).replace("/", "-") + ".html"
    if serving:
        values["state_file"] = None
    hooks_file = _path(options["hooks"], root)
    hooks = {} if hooks_file is None else load_hooks_file(hooks_file)
    return Settings(
        base_url=base_url, metadata_dates=METADATA_DATES, **hooks, **{**values, **extra}
    )


def _value(option: Option, value: Any, root: Path | None) -> Any:
    """An option's value as the core's Settings take it."""
    if option.kind == "choices":
        return tuple(value)
    if option.kind == "rules":
        try:
            return tuple(Rule.from_mapping(raw) for raw in value)
        except ConfigError as exc:
            raise ConfigError(f"rules: {exc}") from None
    if option.kind in ("file", "new_file"):
        return _path(value, root)
    if option.kind == "sections":
        return value or ()  # as written ({glob: name}); the core checks it
    return value


def _path(value: str | None, root: Path | None) -> Path | None:
    if not value:
        return None
    path = Path(value)
    return path if root is None or path.is_absolute() else root / path
