"""hreflang alternates for a one-language Sphinx build.

Sphinx builds one language per run, so the other language versions of a page are not records
of this build: the alternates are computed from the URL scheme (sphinx-sitemap's way) and put
on each entry through the core's ``sitemap_transform`` hook.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from sitemap_core import Alternate, BuildContext, Entry, hookimpl
from sitemap_core._adapters import absolute_url, is_language_tag


def hreflang(locale: str) -> str:
    """``pt_BR`` → ``pt-BR`` (hreflang uses hyphens)."""
    return locale.replace("_", "-")


def valid_locales(locales: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Split locales into usable ones and ones that are not language codes."""
    good: list[str] = []
    bad: list[str] = []
    for locale in locales:
        (good if is_language_tag(hreflang(locale)) else bad).append(locale)
    return good, bad


def alternates_for(
    base_url: str, scheme: str, version: str, link: str, locales: list[str], x_default: str | None
) -> tuple[Alternate, ...]:
    """Every language version of ``link`` (self included), plus ``x-default`` if configured.

    :raises ValueError: a URL the core rejects (too long, outside the base URL).
    """
    links: dict[str, str] = {}
    for locale in locales:
        url = scheme.format(lang=f"{locale}/", version=version, link=link)
        links.setdefault(hreflang(locale), absolute_url(base_url, url))
    if x_default is not None and hreflang(x_default) in links:
        links["x-default"] = links[hreflang(x_default)]
    return tuple(Alternate(lang, href) for lang, href in sorted(links.items()))


class AlternatesPlugin:
    """Adds precomputed alternates to the entries whose record URL is known."""

    def __init__(self, by_url: Mapping[str, tuple[Alternate, ...]]) -> None:
        self.by_url = by_url

    @hookimpl
    def sitemap_transform(self, entry: Entry, context: BuildContext) -> Entry | None:
        """Attach the page's language versions."""
        found = self.by_url.get(entry.record.url)
        return dataclasses.replace(entry, alternates=found) if found else None
