"""The shared front-matter keys: ``sitemap_*`` keys or a ``sitemap:`` mapping."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sitemap_core._util.text import short

KEYS = ("exclude", "changefreq", "priority", "lastmod")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0", ""}


def front_matter_keys(front_matter: Mapping[str, Any]) -> dict[str, tuple[str, Any]]:
    """Collect the sitemap keys of a page's front matter.

    Case-insensitive; a flat ``sitemap_changefreq`` wins over a ``sitemap:`` mapping's key;
    ``sitemap: false`` excludes; another non-mapping value comes back under ``"invalid"``.

    :return: ``{"changefreq": ("sitemap_changefreq", "weekly"), ...}``: the key as the user
        wrote it (for messages) and the raw value.
    """
    found: dict[str, tuple[str, Any]] = {}
    if not front_matter:
        return found
    try:
        # Most pages have no sitemap key: one C-level pass over the keys tells.
        keys = "\0".join(front_matter)
    except TypeError:  # a key that is not a string: look at each
        keys = "sitemap"
    if "sitemap" not in keys.lower():
        return found
    # One pass, one lower() a key: this runs for every page. Flat keys are applied after
    # the mapping's, so they win (and keep their first position when new).
    flat: dict[str, tuple[str, Any]] = {}
    for key, value in front_matter.items():
        if not isinstance(key, str):
            continue
        low = key.lower()
        if not low.startswith("sitemap"):
            continue
        if low == "sitemap":
            if isinstance(value, Mapping):
                for sub, subvalue in value.items():
                    if isinstance(sub, str) and sub.lower() in KEYS:
                        found.setdefault(sub.lower(), (f"{key}.{sub}", subvalue))
            elif value is False or (isinstance(value, str) and value.lower() in _FALSE - {""}):
                found.setdefault("exclude", (key, True))
            elif not (
                value is None
                or value is True
                or (isinstance(value, str) and value.lower() in _TRUE | {""})
            ):
                # sitemap: [1, 2] or sitemap: 0.8: reported, not silently ignored
                found.setdefault("invalid", (key, value))
        elif low.startswith("sitemap_"):
            name = low.removeprefix("sitemap_")
            if name in KEYS:
                flat[name] = (key, value)
    found.update(flat)
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
    raise ValueError(f"{short(value)} is not true or false")
