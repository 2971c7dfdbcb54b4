"""Read a MkDocs-family project's config: ``mkdocs.yml``, ``properdocs.yml``, ``zensical.toml``."""

from __future__ import annotations

import os
import posixpath
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from sitemap_core._errors import ConfigError
from sitemap_core._mkdocs_project._material import material_readers
from sitemap_core._util.regular import read_regular
from sitemap_core._util.text import printable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: The names ``--project DIR`` looks for, in this order (Zensical's own order first: a
#: project with both a zensical.toml and a mkdocs.yml is built from the former).
CONFIG_NAMES = ("zensical.toml", "mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml")
#: Larger than any config file: a bigger file is not read.
CONFIG_MAX_BYTES = 1 << 22
#: What ``INHERIT:`` may name (after symlinks): a YAML file, never any file of the machine.
_INHERIT_SUFFIXES = (".yml", ".yaml")
#: A quoted word of the file in a YAML problem (an alias name); ``'<stream end>'`` and single
#: characters say nothing of the file's content.
_QUOTED = re.compile(r"'[^']*'")


@dataclass(frozen=True)
class ProjectConfig:
    """What the sitemap needs from a project's config.

    :param path: the config file.
    :param zensical: a ``zensical.toml`` project.
    :param sitemap_options: the ``sitemap`` plugin's options as written (``None``: not listed).
    :param material_uses: what of Material (or Zensical) reads ``sitemap.xml`` itself.
    :param nav: the ``nav`` pages in order, each with the title of the top-level section it is
        in (``None``: at the top), as :func:`nav_pages` reads them; empty without a ``nav``.
    """

    path: Path
    site_url: str | None
    docs_dir: Path
    site_dir: Path
    use_directory_urls: bool = True
    exclude_docs: str | None = None
    draft_docs: str | None = None
    extra_templates: tuple[str, ...] = ()
    sitemap_options: Mapping[str, Any] | None = None
    zensical: bool = False
    site_name: str | None = None
    site_description: str | None = None
    material_uses: tuple[str, ...] = ()
    nav: tuple[tuple[str, str | None], ...] = ()


def find_config(path: Path) -> Path:
    """The config file ``--project`` names: the file itself, or the first known name in DIR.

    :raises ConfigError: nothing there.
    """
    if path.is_dir():
        for name in CONFIG_NAMES:
            if (path / name).is_file():
                return path / name
        raise ConfigError(f"--project: no {', '.join(CONFIG_NAMES)} in {path}")
    if not path.is_file():
        raise ConfigError(f"--project: {path} does not exist")
    return path


def read_project(path: Path) -> ProjectConfig:
    """Read and check the config file.

    :raises ConfigError: it does not parse, a key has the wrong type, docs_dir is missing.
    """
    config = find_config(path)
    zensical = config.suffix.lower() == ".toml"
    raw = _read_toml(config) if zensical else _read_yaml(config)
    root = config.resolve().parent
    docs_dir = root / _text(raw, "docs_dir", config, "docs")
    if not docs_dir.is_dir():
        raise ConfigError(f"{config}: docs_dir {docs_dir} is not a folder")
    use_directory_urls = raw.get("use_directory_urls", True)
    if not isinstance(use_directory_urls, bool):
        raise ConfigError(f"{config}: use_directory_urls: {use_directory_urls!r} is not true/false")
    extra = raw.get("extra_templates") or []
    if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
        raise ConfigError(f"{config}: extra_templates must be a list of file names")
    return ProjectConfig(
        path=config,
        site_url=_optional_text(raw, "site_url", config),
        site_name=_optional_text(raw, "site_name", config),
        site_description=_optional_text(raw, "site_description", config),
        docs_dir=docs_dir,
        site_dir=root / _text(raw, "site_dir", config, "site"),
        use_directory_urls=use_directory_urls,
        exclude_docs=_patterns(raw, "exclude_docs", config),
        draft_docs=_patterns(raw, "draft_docs", config),
        extra_templates=tuple(extra),
        sitemap_options=_sitemap_options(raw.get("plugins"), config),
        zensical=zensical,
        material_uses=_material_uses(raw, zensical),
        nav=tuple(nav_pages(raw.get("nav"))),
    )


def flat_section(site_name: str | None) -> str:
    """The one group of a nav without (titled) sections: the site's name, else ``Docs``; never
    the pages' folders (``install``), which name nothing the reader was shown."""
    return (site_name or "").strip() or "Docs"


def nav_pages(
    items: Any, section: str | None = None, *, top: bool = True
) -> Iterator[tuple[str, str | None]]:
    """The pages of a ``nav`` (a list of ``path``, ``{title: path}`` and ``{title: [...]}``
    items), in order, each with its top-level section's title, as the MkDocs plugin takes them
    from MkDocs' navigation (``plugins/mkdocs/pages.py``). Links (a URL, an absolute path)
    are no pages; an item of another shape is skipped, as the build would have refused it."""
    if not isinstance(items, list):
        return
    for item in items:
        if isinstance(item, str):
            if not _is_link(item):
                yield posixpath.normpath(item), section
        elif isinstance(item, Mapping) and len(item) == 1:
            ((title, value),) = item.items()
            if isinstance(value, list):
                named = str(title) if top and title is not None else section
                yield from nav_pages(value, named or None, top=False)
            elif isinstance(value, str) and not _is_link(value):
                yield posixpath.normpath(value), section


def _is_link(target: str) -> bool:
    return "://" in target or target.startswith(("/", "mailto:", "#")) or not target


def _material_uses(raw: Mapping[str, Any], zensical: bool) -> tuple[str, ...]:
    theme = raw.get("theme")
    name = theme if isinstance(theme, str) else None
    features = None
    if isinstance(theme, Mapping):
        name = theme.get("name") if isinstance(theme.get("name"), str) else None
        features = theme.get("features")
    if zensical:
        name = "material"  # Zensical's theme is Material's successor and reads sitemap.xml alike
    return tuple(material_readers(name, features, raw.get("extra")))


def _text(raw: Mapping[str, Any], key: str, config: Path, default: str) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{config}: {key}: {value!r} is not a folder name")
    return value


def _optional_text(raw: Mapping[str, Any], key: str, config: Path) -> str | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{config}: {key}: {value!r} is not text")
    return value or None


def _patterns(raw: Mapping[str, Any], key: str, config: Path) -> str | None:
    value = raw.get(key)
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return "\n".join(value)
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{config}: {key} must be gitignore-style lines (text)")
    return value


def _sitemap_options(plugins: Any, config: Path) -> Mapping[str, Any] | None:
    """The ``sitemap`` entry of ``plugins:`` (a list of names or one-key mappings, or a
    mapping of names as in ``zensical.toml``'s ``[project.plugins.sitemap]``)."""
    if plugins is None:
        return None
    entries: list[tuple[Any, Any]] = []
    if isinstance(plugins, Mapping):
        entries = list(plugins.items())
    elif isinstance(plugins, list):
        for item in plugins:
            if isinstance(item, Mapping):
                entries.extend(item.items())
            else:
                entries.append((item, None))
    for name, options in entries:
        if name == "sitemap":
            if options is None:
                return {}
            if not isinstance(options, Mapping):
                raise ConfigError(f"{config}: plugins: sitemap: options must be a mapping")
            # MkDocs' own plugin switch, not one of ours.
            return {k: v for k, v in options.items() if k != "enabled"}
    return None


def _read_toml(config: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{config} does not parse: {exc}") from None
    project = data.get("project", data)
    if not isinstance(project, dict):
        raise ConfigError(f"{config}: [project] is not a table")
    return project


class _Loader(yaml.SafeLoader):
    """MkDocs' YAML: ``!ENV`` resolved; other tags (``!!python/name:``, ``!relative``) are
    options of other tools and read as nothing."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    elif isinstance(node, yaml.SequenceNode) and node.value:
        *name_nodes, last = node.value
        if not name_nodes:
            name_nodes, last = [last], None
        names = [loader.construct_scalar(n) for n in name_nodes]  # type: ignore[arg-type]
        default = None if last is None else loader.construct_object(last)
    else:
        return None
    for name in names:
        if name in os.environ:
            value = os.environ[name]
            tag = loader.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
            return loader.construct_object(yaml.ScalarNode(tag, value))
    return default


_Loader.add_constructor("!ENV", _env)
_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def _read_yaml(config: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    shown = printable(str(config))
    try:
        raw = read_regular(config, CONFIG_MAX_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{shown}: cannot be read: {exc.strerror or exc}") from None
    if len(raw) > CONFIG_MAX_BYTES:
        raise ConfigError(f"{shown} is larger than {CONFIG_MAX_BYTES >> 20} MiB: not a config file")
    try:
        data: Any = yaml.load(raw.decode("utf-8-sig"), Loader=_Loader)
    except UnicodeDecodeError:
        raise ConfigError(f"{shown} does not parse: it is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        # Never the line itself: INHERIT may have named a file of secrets.
        raise ConfigError(f"{shown} does not parse: {_yaml_problem(exc)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{shown} does not parse: not a mapping of settings")
    settings: dict[str, Any] = data
    parent = settings.pop("INHERIT", None)
    if isinstance(parent, str):
        path = (config.parent / parent).resolve()
        if path in seen:
            raise ConfigError(f"{shown}: INHERIT loops back to {printable(str(path))}")
        if not path.is_file():
            raise ConfigError(f"{shown}: INHERIT: {printable(str(path))} does not exist")
        if path.suffix.lower() not in _INHERIT_SUFFIXES:
            raise ConfigError(
                f"{shown}: INHERIT: {printable(str(path))} is not a .yml or .yaml file; it is "
                "not read"
            )
        settings = _merge(_read_yaml(path, (*seen, config.resolve())), settings)
    return settings


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """Where and what, without the file's text (PyYAML's message quotes the line)."""
    if not isinstance(exc, yaml.MarkedYAMLError) or exc.problem_mark is None:
        return "not valid YAML"
    mark = exc.problem_mark
    problem = _QUOTED.sub(
        lambda quoted: quoted[0] if quoted[0].startswith("'<") or len(quoted[0]) <= 6 else "'...'",
        exc.problem or "not valid YAML",
    )
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}"


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """MkDocs' INHERIT: mappings merge key by key, everything else is replaced."""
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged
