"""The shared front-matter keys: ``sitemap_*`` keys or a ``sitemap:`` mapping."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KEYS = ("exclude", "changefreq", "priority", "lastmod")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0", ""}


def sitemap_values(front_matter: Mapping[str, Any]) -> dict[str, tuple[str, Any]]:
    """Collect the sitemap keys of a page's front matter.

    Keys are matched case-insensitively (Pelican lower-cases metadata names). A flat
    ``sitemap_changefreq`` wins over the same key in a ``sitemap:`` mapping;
    ``sitemap: false`` means exclude.

    :return: ``{"changefreq": ("sitemap_changefreq", "weekly"), ...}``: the key as the user
        wrote it (for messages) and the raw value.
    """
    found: dict[str, tuple[str, Any]] = {}
    if not front_matter:
        return found
    for key, value in front_matter.items():
        if not isinstance(key, str):
            continue
        low = key.lower()
        if low == "sitemap":
            if isinstance(value, Mapping):
                for sub, subvalue in value.items():
                    if isinstance(sub, str) and sub.lower() in KEYS:
                        found.setdefault(sub.lower(), (f"{key}.{sub}", subvalue))
            elif value is False or (isinstance(value, str) and value.lower() in _FALSE - {""}):
                found.setdefault("exclude", (key, True))
    for key, value in front_matter.items():
        if isinstance(key, str) and key.lower().startswith("sitemap_"):
            name = key.lower().removeprefix("sitemap_")
            if name in KEYS:
                found[name] = (key, value)
    return found


def parse_flag(value: object) -> bool:
    """Read a yes/no value as written in front matter (``true``, ``"yes"``, ``1``...).

    :raises ValueError: not a recognisable yes/no value.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        low = value.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
    raise ValueError(f"{value!r} is not true or false")
