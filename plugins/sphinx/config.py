"""Configuration: sphinx-sitemap 2.9's ``conf.py`` names, our own ``sitemap_*`` values, and
their mapping onto the core's :class:`~sitemap_core.Settings`."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError

from sitemap_core import ConfigError, Rule, Settings
from sitemap_core._adapters import BY_NAME, Option, offered, parse_sections, spellings

from .pages import html_stem

#: sphinx-sitemap's default URL scheme.
DEFAULT_SCHEME = "{lang}{version}{link}"
RTD_VARIABLE = "READTHEDOCS_CANONICAL_URL"

#: sphinx-sitemap 2.9's values that only this adapter has, (name, default, types); the rest
#: are the option table's (``sitemap_core._config._options``).
_OWN_VALUES: tuple[tuple[str, Any, frozenset[type]], ...] = (
    ("site_url", None, frozenset({str, type(None)})),
    ("sitemap_url_scheme", DEFAULT_SCHEME, frozenset({str})),
    ("sitemap_locales", [], frozenset({list, tuple})),
    ("sitemap_excludes", [], frozenset({list, tuple})),
    ("sitemap_show_lastmod", False, frozenset({bool})),
    ("sitemap_indent", 0, frozenset({int})),
)

#: The types a ``conf.py`` value of each kind may have. Functions get none: Sphinx skips a
#: ``None`` default without types.
_TYPES: Mapping[str, frozenset[type]] = {
    "flag": frozenset({bool}),
    "int": frozenset({int}),
    "text": frozenset({str}),
    "choice": frozenset({str}),
    "choices": frozenset({list, tuple}),
    "texts": frozenset({list, tuple}),
    "number": frozenset({float, int, str}),
    "rules": frozenset({list, tuple}),
    "sections": frozenset({dict, list, tuple}),
    "file": frozenset({str, Path}),
    "new_file": frozenset({str, Path}),
    "xsl": frozenset({bool, str}),
    "function": frozenset(),
}


def _types(option: Option) -> frozenset[type]:
    types = _TYPES[option.kind]
    return types | {type(None)} if types and option.default_for("sphinx") is None else types


#: Every value this adapter reads from ``conf.py``: (name, default, types).
CONFIG_VALUES: tuple[tuple[str, Any, frozenset[type]], ...] = (
    *_OWN_VALUES,
    *((str(o.sphinx), o.default_for("sphinx"), _types(o)) for o in offered("sphinx")),
)
#: The values named in the docs that the option table does not hold (Sphinx's own
#: ``html_baseurl`` is registered here when Sphinx has not).
ADAPTER_ONLY = (*(name for name, _, _ in _OWN_VALUES), "html_baseurl")

# Which conf.py value a core ConfigError message (``"<field>: ..."``) is about.
_FIELD_TO_CONF = spellings("sphinx")


def _theme_description(config: Config) -> str | None:
    """The site's description as themes take it (``html_theme_options["description"]``)."""
    options = config.html_theme_options
    value = options.get("description") if isinstance(options, dict) else None
    return value if isinstance(value, str) and value.strip() else None


class SitemapConfigError(ConfigError):
    """A ``conf.py`` value is invalid; the message names it (as conf.py spells it)."""


def register(app: Sphinx) -> None:
    """Add every config value that Sphinx (or another extension) has not registered yet.

    Sphinx itself registers ``html_baseurl``; sphinx-sitemap registers ``site_url`` and the
    ``sitemap_*`` values it knows. Re-registering raises, so existing ones are left alone.
    """
    values = (*CONFIG_VALUES, ("html_baseurl", "", frozenset({str})))
    for name, default, types in values:
        try:
            app.add_config_value(name, default, "", types=types)
        except ExtensionError:  # registered already
            continue


@dataclass(frozen=True)
class SiteConfig:
    """What the adapter needs beyond the core settings.

    :param settings: the core's settings.
    :param scheme: the URL scheme (``{lang}{version}{link}``).
    :param lang: ``language + "/"`` or ``""``.
    :param version: ``version + "/"`` or ``""``.
    :param language: the build's language, or ``None``.
    :param locales: languages for hreflang alternates (current language first if set).
    :param excludes: sphinx-sitemap's fnmatch patterns on the link.
    :param indent: indentation per level.
    :param folder: the folder part of the scheme (``"ja/"``, ``"en/1.0/"``, or ``""``): the
        output folder is served under it.
    :param in_parent: the sitemap goes into the output folder's parent (sphinx-sitemap's
        ``sitemap_filename = "../sitemap.xml"``), served one folder up.
    """

    settings: Settings
    scheme: str
    lang: str
    version: str
    language: str | None
    locales: tuple[str, ...]
    excludes: tuple[str, ...]
    indent: str
    folder: str = ""
    in_parent: bool = False


def base_url(config: Config) -> tuple[str, str]:
    """The base URL and where it came from: ``site_url`` (wins, as in sphinx-sitemap), then
    ``html_baseurl``, then Read the Docs' ``READTHEDOCS_CANONICAL_URL``."""
    for name in ("site_url", "html_baseurl"):
        value = getattr(config, name, None)
        # "/" is the local fallback of Read the Docs' conf.py templates
        # (os.environ.get("READTHEDOCS_CANONICAL_URL", "/")): a path, not a site address.
        if value and not str(value).startswith("/"):
            return str(value), name
    env = os.environ.get(RTD_VARIABLE, "").strip()
    return (env, RTD_VARIABLE) if env else ("", "html_baseurl")


def get_locales(config: Config, confdir: Path) -> list[str]:
    """sphinx-sitemap's locale list: ``sitemap_locales``, ``[None]`` for none, or (``[]``)
    the subfolders of each ``locale_dirs`` entry, sorted.

    :raises SitemapConfigError: ``sitemap_locales`` is not a list (``"en"``).
    """
    value = config.sitemap_locales
    if isinstance(value, str) or not isinstance(value, (list, tuple, type(None))):
        raise SitemapConfigError(
            f"sitemap_locales: {value!r} is not a list of language codes "
            f"(write sitemap_locales = [{value!r}])"
        )
    configured = list(value or [])
    if configured:
        return [str(locale) for locale in configured if locale is not None]
    found: set[str] = set()
    for locale_dir in config.locale_dirs or []:
        folder = confdir / locale_dir
        if folder.is_dir():
            found.update(p.name for p in folder.iterdir() if p.is_dir())
    return sorted(found)


def _path(confdir: Path, value: object, name: str) -> Path | None:
    if value in (None, ""):
        return None
    if not isinstance(value, (str, os.PathLike)):
        raise SitemapConfigError(f"{name}: {value!r} is not a path")
    return confdir / os.fspath(value)


def _rules(value: object) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    if not isinstance(value, (list, tuple)):
        raise SitemapConfigError(f"sitemap_rules: {value!r} is not a list")
    for item in value:
        if not isinstance(item, Mapping) and not (
            isinstance(item, (list, tuple)) and 1 <= len(item) <= 3
        ):
            raise SitemapConfigError(
                f"sitemap_rules: {item!r} is not a mapping "
                "{'pattern': ..., 'changefreq': ..., 'priority': ...}"
            )
        try:
            rules.append(Rule.from_mapping(item) if isinstance(item, Mapping) else Rule(*item))
        except (ConfigError, TypeError) as exc:
            raise SitemapConfigError(f"sitemap_rules: {exc}") from None
    return tuple(rules)


def _value(option: Option, value: Any, confdir: Path) -> Any:
    """A ``conf.py`` value as the core's Settings take it, by its option's kind."""
    if option.kind in ("file", "new_file"):
        return _path(confdir, value, str(option.sphinx))
    if option.kind == "rules":
        return _rules(value)
    return (value or None) if option.kind == "text" and option.default is None else value


def _strings(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise SitemapConfigError(f"{name}: {value!r} is not a list of strings")
    return tuple(value)


def _indent(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 16:
        raise SitemapConfigError(f"sitemap_indent: {value!r} is not a whole number from 0 to 16")
    return " " * value


def _check_scheme(scheme: object) -> str:
    if not isinstance(scheme, str):
        raise SitemapConfigError(f"sitemap_url_scheme: {scheme!r} is not a string")
    try:
        scheme.format(lang="", version="", link="")
    except (KeyError, IndexError, ValueError) as exc:
        raise SitemapConfigError(
            f"sitemap_url_scheme: {scheme!r} may only use {{lang}}, {{version}} and "
            f"{{link}} ({exc!r})"
        ) from None
    if "{link}" not in scheme:
        raise SitemapConfigError(f"sitemap_url_scheme: {scheme!r} must contain {{link}}")
    return scheme


def _scheme(config: Config, url: str, source: str, language: str | None) -> tuple[str, str, str]:
    """The URL scheme, and its ``{lang}`` and ``{version}`` parts, for this build."""
    scheme = _check_scheme(config.sitemap_url_scheme)
    rtd = os.environ.get(RTD_VARIABLE, "").strip()
    is_rtd = bool(url and rtd) and url.rstrip("/") == rtd.rstrip("/")
    if scheme == DEFAULT_SCHEME and (source == RTD_VARIABLE or is_rtd):
        # Read the Docs' canonical URL already ends with /<lang>/<version>/ (whether it is
        # read from the environment here or by conf.py into html_baseurl).
        scheme = "{link}"
    lang = f"{language}/" if language else ""
    version = f"{config.version}/" if config.version else ""
    if scheme == DEFAULT_SCHEME and language:
        # html_baseurl already names this build's folder (packaging: .../en/stable/ for
        # version 26.4.dev0): what follows the language folder there stands for {version}.
        with contextlib.suppress(ValueError):
            parts = [p for p in urlsplit(url).path.split("/") if p]
            if parts[-1:] == [language]:
                version = ""
            elif parts[-2:-1] == [language]:
                version = parts[-1] + "/"
    return scheme, lang, version


def site_config(app: Sphinx) -> SiteConfig:
    """Read ``conf.py`` into a :class:`SiteConfig`.

    :raises SitemapConfigError: an invalid value, named in the message.
    """
    config = app.config
    confdir = Path(app.confdir)
    url, source = base_url(config)
    language = str(config.language) if config.language else None
    scheme, lang, version = _scheme(config, url, source, language)
    folder = scheme.format(lang=lang, version=version, link="") if scheme.endswith("{link}") else ""
    if folder and url.rstrip("/").endswith("/" + folder.rstrip("/")):
        # html_baseurl names the language (and version) folder, as it should for Sphinx's
        # own canonical links to be right: the scheme adds that part, so drop it here.
        url = url.rstrip("/")[: -len(folder.rstrip("/"))]
    filename, in_parent = _sitemap_filename(config.sitemap_filename)
    if in_parent:
        url, scheme, folder = _parent_scheme(url, scheme, folder, source)
    # The folder the sitemap's own folder is served at, under the base URL.
    served = folder.rstrip("/").rpartition("/")[0] if in_parent else folder.rstrip("/")
    served = served + "/" if served else ""
    sources = config.sitemap_lastmod_sources
    if sources is None:
        sources = BY_NAME["lastmod_sources"].default if config.sitemap_show_lastmod else ()
    locales = get_locales(config, confdir)
    if locales and language and language not in locales:
        locales.insert(0, language)
    values = {
        option.name: _value(option, getattr(config, str(option.sphinx)), confdir)
        for option in offered("sphinx")
        if option.setting
    }
    # Globs name pages as sitemap_excludes do, from the build's own folder: the scheme's
    # language and version part (the URL's path under the base URL) is ours.
    sections = values.pop("sections") or ()
    try:
        BY_NAME["robots"].check(values["robots"])  # before it is combined below
        sections = tuple((folder + glob, name) for glob, name in parse_sections(sections))
        settings = Settings(
            **{
                **values,
                "base_url": url or None,
                "filename": filename,
                "lastmod_sources": _strings(sources, "sitemap_lastmod_sources"),
                # The output folder is served under ``folder``: a robots.txt there is never
                # read.
                "robots": values["robots"] and not served,
                "output_path": served if url else "",
                "sections": sections,
                "site_name": config.project or None,
                "site_description": _theme_description(config),
            }
        )
        if settings.html_sitemap is not None:
            settings = dataclasses.replace(settings, html_sitemap=None, html_themed=True)
    except SitemapConfigError:
        raise
    except ConfigError as exc:
        conf_names = {**_FIELD_TO_CONF, "base URL": source}
        raise SitemapConfigError(str(exc.renamed(conf_names))) from None
    _check_html_page(app)
    return SiteConfig(
        settings=settings,
        scheme=scheme,
        lang=lang,
        version=version,
        language=language,
        locales=tuple(locales),
        excludes=_strings(config.sitemap_excludes, "sitemap_excludes"),
        indent=_indent(config.sitemap_indent),
        folder=folder,
        in_parent=in_parent,
    )


#: Pages Sphinx's HTML builders write themselves (besides ``html_additional_pages``).
SPHINX_PAGES = frozenset({"genindex", "search", "py-modindex"})


def _check_html_page(app: Sphinx) -> None:
    """``sitemap_html`` names no page Sphinx writes itself: the site map page, written
    first, would replace it, or be replaced.

    :raises SitemapConfigError: naming the value.
    """
    name = app.config.sitemap_html
    if not name:
        return
    stem = html_stem(app.builder, name)
    taken = SPHINX_PAGES | set(app.config.html_additional_pages or {})
    if stem in taken or stem.startswith("genindex-"):
        raise SitemapConfigError(
            f"sitemap_html: {name!r} is a page Sphinx writes itself ({stem}); choose another "
            "name, e.g. 'sitemap.html'"
        )


def _sitemap_filename(value: Any) -> tuple[Any, bool]:
    """sphinx-sitemap's ``sitemap_filename``: a file name in the output folder, or one in its
    parent folder (``"../sitemap.xml"``: each language build of a site writes to the site
    root); whether it is the parent's. Other names are left to the core's check.

    :raises SitemapConfigError: a path leading elsewhere (further up, or into a folder).
    """
    if not isinstance(value, str) or ("/" not in value and "\\" not in value):
        return value, False
    normal = posixpath.normpath(value.replace("\\", "/"))
    if "/" not in normal and normal not in (".", ".."):
        return normal, False
    up, _, name = normal.partition("/")
    if up == ".." and name and "/" not in name and name != "..":
        return name, True
    raise SitemapConfigError(
        f"sitemap_filename: {value!r} leads outside the build's folder and its parent; give a "
        'file name ("sitemap.xml") or one in the parent folder ("../sitemap.xml"), or write '
        "one sitemap per build and list them all with 'ssg-sitemap index'"
    )


def _parent_scheme(url: str, scheme: str, folder: str, source: str) -> tuple[str, str, str]:
    """For a sitemap in the output folder's parent: the base URL, scheme and folder such that
    the folder has a last part to go up from. When ``url`` itself names the build's folder
    (``https://host/en/`` with ``{link}``), that folder moves from the URL into the scheme.

    :raises SitemapConfigError: the build is served at the host root (no parent to go to).
    """
    if folder or not url:
        return url, scheme, folder
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    head, _, last = path.rpartition("/")
    if not last:
        raise SitemapConfigError(
            f"sitemap_filename: the build is served at the site root ({url}), so its parent "
            f"folder is served nowhere: write the sitemap into the build's folder "
            f'("sitemap.xml") or set {source} to the URL of the build\'s own folder'
        )
    return urlunsplit(parts._replace(path=head + "/")), f"{last}/{scheme}", f"{last}/"
