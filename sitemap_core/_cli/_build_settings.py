"""``build``'s settings: from the flags alone (``SITE_DIR``), or from a project's sitemap plugin
options with the flags given on the command line on top (``--project``)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from sitemap_core._cli._flags import given, given_flags
from sitemap_core._config import BY_NAME, CLI_LASTMOD_SOURCES, Settings, load_hooks_file, offered
from sitemap_core._errors import ConfigError
from sitemap_core._mkdocs_project import ProjectConfig, options_with_defaults, settings_from_options


def given_values(args: argparse.Namespace) -> dict[str, Any]:
    """The value of each option of the table whose flag this command line gives, by the
    option's name: ``--no-robots`` is ``robots`` false, ``--lastmod-sources a,b`` a tuple."""
    values: dict[str, Any] = {}
    for option in offered("cli"):
        flag = str(option.cli)
        value = given(args, flag)
        if value is None:
            continue
        if option.kind == "flag":
            value = not flag.startswith("--no-")
        elif option.kind == "choices":  # --lastmod-sources a,b: the names in order
            value = tuple(s.strip() for s in value.split(",") if s.strip())
        elif option.kind == "sections":
            value = _sections(value)
        elif option.kind == "texts":
            value = tuple(value)
        values[option.name] = value
    if args.xsl and "xsl" not in values:
        values["xsl"] = True
    return values


def site_settings(args: argparse.Namespace) -> Settings:
    """The settings of ``build SITE_DIR``: the flags, and the defaults for the rest."""
    values = given_values(args)
    values.setdefault("lastmod_sources", CLI_LASTMOD_SOURCES)
    hooks_file = values.pop("hooks", None)
    hooks = {} if hooks_file is None else load_hooks_file(hooks_file)
    return Settings(base_url=args.base_url, **hooks, **values)


def project_settings(args: argparse.Namespace, project: ProjectConfig, base_url: str) -> Settings:
    """The plugin's options from the config; what the command line says explicitly wins.

    :raises ConfigError: about a value from the config: naming the file and the key as
        written there (one given by a flag is named by its flag, see ``cli._flags``).
    """
    try:
        options = options_with_defaults(project.sitemap_options)
        for name, value in given_values(args).items():
            key = str(BY_NAME[name].mkdocs)
            if name in ("exclude", "html_exclude", "llms_exclude"):
                value = [*options[key], *value]  # added to the config's lists
            elif name == "hooks":
                value = str(value.resolve())
            elif isinstance(value, tuple):
                value = dict(value) if name == "sections" else list(value)
            options[key] = value
        settings = settings_from_options(options, base_url, root=project.path.resolve().parent)
        return dataclasses.replace(
            settings, site_name=project.site_name, site_description=project.site_description
        )
    except ConfigError as exc:
        if exc.setting in given_flags(args):
            raise
        named = exc.renamed({"base URL": "site_url"})
        if exc.setting in options_with_defaults(None):
            named = ConfigError(f"sitemap plugin: {exc}")
        raise ConfigError(f"{project.path}: {named}") from None


def _sections(given: list[str]) -> tuple[tuple[str, str], ...]:
    """``--section GLOB=NAME`` options as pairs, in order."""
    pairs = []
    for text in given:
        glob, sep, name = text.rpartition("=")
        if not sep or not glob or not name:
            raise ConfigError(f"--section {text!r}: write it as GLOB=NAME (blog/*=blog)")
        pairs.append((glob, name))
    return tuple(pairs)
