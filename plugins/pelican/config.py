"""The ``SITEMAP`` setting: pelican-sitemap 1.2.2's keys and defaults, plus ssg-sitemap's own.

Every invalid value is reported once, naming the key, and replaced by its default; nothing
invalid reaches the sitemap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitemap_core import ConfigError, KindDefaults, Settings
from sitemap_core._adapters import BY_NAME, offered, parse_changefreq, parse_priority, spellings

#: pelican-sitemap's defaults, by its group names.
CHANGEFREQ_DEFAULTS = {"articles": "monthly", "pages": "monthly", "indexes": "daily"}
PRIORITY_DEFAULTS = {"articles": 0.5, "pages": 0.5, "indexes": 0.5}
#: pelican-sitemap's group names → the core's record kinds.
KINDS = {"articles": "article", "pages": "page", "indexes": "index"}

#: How a value of each kind is read before the core checks it (the rest as they are). A
#: single string stands for a list of one, except for ``html_exclude`` (see ``_CORE_KEYS``).
_CONVERT: Mapping[str, Callable[[Any], Any]] = {
    "flag": lambda v: _flag(v),
    "texts": lambda v: _strings(v),
    "choices": lambda v: _strings(v),
    # Relative to the folder pelican runs in (the docs say so), as the core checks it.
    "file": lambda v: _path(v, Path.cwd()),
    "new_file": lambda v: _path(v),
    "xsl": lambda v: v if isinstance(v, str) else _flag(v),
}
#: The option table's keys that set a core setting: SITEMAP key → (Settings field,
#: converter). ``format`` is read first, by hand: it names the default file.
_CORE_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    str(option.pelican): (
        option.name,
        _CONVERT.get(
            option.kind,
            (lambda v: _optional_str(v))
            if option.kind == "text" and option.default is None
            else (lambda v: v),
        ),
    )
    for option in offered("pelican")
    if option.setting and option.name != "format"
}
_CORE_KEYS["html_exclude"] = ("html_exclude", lambda v: _strings(v, single=False))
#: Keys that only this adapter has (the option table holds the rest): pelican-sitemap's, and
#: the template the site map page extends (read by html_page.py).
ADAPTER_ONLY = ("priorities", "changefreqs", "exclude", "static", "include_hidden", "html_template")
KNOWN_KEYS = frozenset(ADAPTER_ONLY) | frozenset(spellings("pelican").values())


@dataclass(frozen=True)
class SitemapConfig:
    """The adapter's view of ``SITEMAP``.

    :param core: keyword arguments for :class:`sitemap_core.Settings` (without ``base_url``).
    :param exclude: compiled pelican-sitemap ``exclude`` regexes.
    :param static: globs of static files (on their URL) to list.
    :param include_hidden: list ``Status: hidden`` content too.
    :param problems: one message per invalid value, for the log.
    """

    core: dict[str, Any] = field(default_factory=dict)
    exclude: tuple[re.Pattern[str], ...] = ()
    static: tuple[str, ...] = ()
    include_hidden: bool = False
    problems: tuple[str, ...] = ()

    @property
    def strict(self) -> bool:
        """Whether warnings fail the build."""
        return bool(self.core.get("strict", False))

    def settings(self, base_url: str | None, timezone: str | None = None) -> Settings:
        """The core settings for this site.

        :raises ConfigError: the base URL is invalid (the only value not checked here).
        """
        extra: dict[str, Any] = {}
        if timezone:
            try:
                Settings(None, timezone=timezone)
                extra["timezone"] = timezone
            except ConfigError:
                pass  # Pelican itself reports a bad TIMEZONE
        return Settings(base_url, **self.core, **extra)


def read_config(raw: object) -> SitemapConfig:
    """Read the ``SITEMAP`` setting; invalid values become their defaults, with a message."""
    problems: list[str] = []
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        problems.append(f"SITEMAP must be a dict, not {type(raw).__name__}; every default is used")
        raw = {}
    for key in raw:
        if key not in KNOWN_KEYS:
            problems.append(
                f"SITEMAP[{key!r}] is not a known key (known: {', '.join(sorted(KNOWN_KEYS))}); "
                "it is ignored"
            )

    core: dict[str, Any] = {}
    formats = BY_NAME["format"]
    fmt = raw.get("format", formats.default)
    if fmt not in formats.choices:
        problems.append(
            f"SITEMAP['format']: {fmt!r} is not 'xml' or 'txt'; {formats.default!r} is used"
        )
        fmt = formats.default
    core["format"] = fmt
    core["filename"] = f"sitemap.{fmt}"
    # pelican-sitemap writes a numeric zero offset; its users' tools may compare text.
    core["utc_suffix"] = "+00:00"

    for key, (name, convert) in _CORE_KEYS.items():
        if key not in raw:
            continue
        try:
            value = convert(raw[key])
            Settings(None, **{**core, name: value})  # validates this one value
        except (ConfigError, ValueError, TypeError) as exc:
            text = str(exc).removeprefix(f"{name}: ")
            problems.append(f"SITEMAP[{key!r}]: {text}; the default is used")
            continue
        core[name] = value
    if core.get("html_sitemap"):
        # A page of the site in its theme (html_page.py): the core writes no page of its own.
        core["html_themed"] = True

    core["kinds"] = _kinds(raw, problems)
    exclude = _regexes(raw.get("exclude", ()), problems)
    try:
        static = _strings(raw.get("static", ()))
    except ValueError as exc:
        problems.append(f"SITEMAP['static']: {exc}; no static files are listed")
        static = ()
    include_hidden = False
    if "include_hidden" in raw:
        try:
            include_hidden = _flag(raw["include_hidden"])
        except ValueError as exc:
            problems.append(f"SITEMAP['include_hidden']: {exc}; the default (False) is used")
    return SitemapConfig(core, exclude, static, include_hidden, tuple(problems))


def _kinds(raw: Mapping[str, Any], problems: list[str]) -> dict[str, KindDefaults]:
    changefreqs = dict(CHANGEFREQ_DEFAULTS)
    priorities: dict[str, float | None] = dict(PRIORITY_DEFAULTS)
    for key, defaults, parse in (
        ("changefreqs", changefreqs, parse_changefreq),
        ("priorities", priorities, parse_priority),
    ):
        given = raw.get(key, {})
        if not isinstance(given, Mapping):
            problems.append(
                f"SITEMAP[{key!r}] must be a dict with keys articles, pages, indexes; "
                "the defaults are used"
            )
            continue
        for group, value in given.items():
            if group not in defaults:
                problems.append(
                    f"SITEMAP[{key!r}][{group!r}] is not one of articles, pages, indexes; "
                    "it is ignored"
                )
                continue
            try:
                defaults[group] = parse(value)  # type: ignore[assignment]
            except ValueError as exc:
                problems.append(
                    f"SITEMAP[{key!r}][{group!r}]: {exc}; the default ({defaults[group]!r}) is used"
                )
    kinds = {KINDS[group]: KindDefaults(changefreqs[group], priorities[group]) for group in KINDS}
    # Static files (opt-in) are documents like pages.
    kinds["static"] = kinds["page"]
    return kinds


def _regexes(value: object, problems: list[str]) -> tuple[re.Pattern[str], ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        problems.append(
            f"SITEMAP['exclude']: {value!r} must be a list of regular expressions; "
            "nothing is excluded by it"
        )
        return ()
    compiled = []
    for pattern in value:
        if not isinstance(pattern, str):
            problems.append(f"SITEMAP['exclude']: {pattern!r} is not a string; it is ignored")
            continue
        try:
            compiled.append(re.compile(pattern))
        except re.error as exc:
            problems.append(
                f"SITEMAP['exclude']: {pattern!r} is not a valid regular expression ({exc}); "
                "it is ignored"
            )
    return tuple(compiled)


def _flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(f"{value!r} is not True or False")


def _strings(value: object, single: bool = True) -> tuple[str, ...]:
    if single and isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ValueError(f"{value!r} must be a list of strings")


def _optional_str(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value or None
    raise ValueError(f"{value!r} is not a string")


def _path(value: object, start: Path | None = None) -> Path | None:
    if value is None or value == "":
        return None
    if isinstance(value, (str, Path)):
        return start / value if start is not None else Path(value)
    raise ValueError(f"{value!r} is not a file path")
