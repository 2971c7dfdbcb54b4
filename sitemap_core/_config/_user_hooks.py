"""Functions from the site's own config: ``filter``, ``transform`` and ``extra_urls``, loaded
(:func:`load_hooks_file`) and checked here; ``builtin/`` calls them.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import traceback
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from sitemap_core._errors import ConfigError, SitemapError
from sitemap_core._util.text import exception_text, short

HooksErrors = Literal["fail", "warn"]
#: The names a hooks file may define.
HOOK_NAMES = ("filter", "transform", "extra_urls")
#: The keys an ``extra_urls`` mapping may have.
EXTRA_KEYS = ("loc", "lastmod", "changefreq", "priority", "alternates")


class HookError(SitemapError):
    """A function from the site's config raised; the message says which, where and on what."""


@dataclass(frozen=True, slots=True)
class ExtraUrl:
    """One validated ``extra_urls`` item.

    :param label: how messages name it (``extra_urls[2] (/search/)``).
    :param loc: the URL as given (relative to the base URL, or absolute).
    :param lastmod: raw lastmod (validated where records' dates are), or ``None``.
    :param changefreq: raw changefreq, or ``None``.
    :param priority: raw priority, or ``None``.
    :param alternates: ``(hreflang, href)`` pairs as given.
    """

    label: str
    loc: str
    lastmod: Any = None
    changefreq: Any = None
    priority: Any = None
    alternates: tuple[tuple[str, str], ...] = ()


def extra_items(value: object) -> list[ExtraUrl]:
    """Validate ``extra_urls`` (already called when it was a function).

    :raises ConfigError: not a list, an item that is no string or mapping, a mapping without
        a string ``loc`` or with an unknown key, malformed ``alternates``; naming the item.
    """
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ConfigError(
            f"extra_urls: {short(value)} is not a list of URLs (strings or mappings with 'loc')"
        )
    items: list[ExtraUrl] = []
    for number, raw in enumerate(value):
        where = f"extra_urls[{number}]"
        if isinstance(raw, str):
            if not raw.strip():
                raise ConfigError(f"{where}: an empty URL")
            items.append(ExtraUrl(f"{where} ({short(raw)})", raw.strip()))
            continue
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{where}: {short(raw)} is not a URL string or a mapping with 'loc'")
        unknown = sorted(str(k) for k in raw if k not in EXTRA_KEYS)
        if unknown:
            raise ConfigError(
                f"{where}: unknown key(s) {', '.join(unknown)}; the keys are "
                f"{', '.join(EXTRA_KEYS)}"
            )
        loc = raw.get("loc")
        if not isinstance(loc, str) or not loc.strip():
            raise ConfigError(f"{where}: loc: {short(loc)} is not a URL string")
        label = f"{where} ({short(loc)})"
        alternates = _alternates(raw.get("alternates"), label)
        lastmod, changefreq, priority = (raw.get(k) for k in ("lastmod", "changefreq", "priority"))
        items.append(ExtraUrl(label, loc.strip(), lastmod, changefreq, priority, alternates))
    return items


def _alternates(raw: object, label: str) -> tuple[tuple[str, str], ...]:
    """``{"de": url, ...}`` or ``[{"hreflang": "de", "href": url}, ...]`` as pairs."""
    if raw is None:
        return ()
    pairs: list[tuple[object, object]]
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, (list, tuple)) and all(
        isinstance(a, Mapping) and set(a) == {"hreflang", "href"} for a in raw
    ):
        pairs = [(a["hreflang"], a["href"]) for a in raw]
    else:
        raise ConfigError(
            f"{label}: alternates: {short(raw)} is not a mapping {{language: URL}} or a list "
            "of {hreflang: ..., href: ...}"
        )
    for lang, href in pairs:
        if not isinstance(lang, str) or not isinstance(href, str):
            raise ConfigError(f"{label}: alternates: {short(lang)}: {short(href)} is not text")
    return tuple((str(lang), str(href)) for lang, href in pairs)


def check_functions(filter_: object, transform: object, extra_urls: object) -> None:
    """The values :class:`~sitemap_core._config.Settings` accepts for these settings.

    :raises ConfigError: naming the setting.
    """
    for name, value in (("filter", filter_), ("transform", transform)):
        if value is not None and not callable(value):
            raise ConfigError(f"{name}: {short(value)} is not a function")
    if extra_urls is not None and not callable(extra_urls):
        extra_items(extra_urls)


def load_hooks_file(path: Path) -> dict[str, Any]:
    """The ``filter``, ``transform`` and ``extra_urls`` a Python file defines (``None`` for
    one it does not), as Settings fields.

    Loaded as MkDocs loads ``hooks:``: a module named from its path, its folder first on
    ``sys.path`` while it runs.

    :raises ConfigError: the file is missing, fails to load, or defines none of the names.
    """
    if not path.is_file():
        raise ConfigError(f"hooks: {path} is not a file")
    # Once per version of the file: MkDocs validates its config more than once a build, and
    # a file changed under `mkdocs serve` is loaded again.
    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    if key in _LOADED:
        return dict(_LOADED[key])
    found = _load(path)
    _LOADED.clear()
    _LOADED[key] = found
    return dict(found)


_LOADED: dict[tuple[str, int, int], dict[str, Any]] = {}


def _load(path: Path) -> dict[str, Any]:
    name = f"ssg_sitemap_hooks_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ConfigError(f"hooks: {path} cannot be loaded as a Python file")
    module: ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(path.resolve().parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:
        sys.modules.pop(name, None)
        frames = traceback.extract_tb(exc.__traceback__)
        inside = [f.lineno for f in frames if Path(f.filename).resolve() == path.resolve()]
        if isinstance(exc, SyntaxError) and exc.lineno:
            inside.append(exc.lineno)  # a file that does not parse has no frame of its own
        line = f":{inside[-1]}" if inside else ""
        raise ConfigError(f"hooks: {path}{line} failed to load: {exception_text(exc)}") from None
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)
    found = {n: getattr(module, n, None) for n in HOOK_NAMES}
    if not any(value is not None for value in found.values()):
        raise ConfigError(f"hooks: {path} defines none of {', '.join(HOOK_NAMES)}; nothing to do")
    return found
