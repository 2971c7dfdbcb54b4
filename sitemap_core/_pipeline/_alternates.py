"""hreflang alternates: the translations of one page (one ``translation_key``) each list all
of them, themselves included, and ``x-default``; a group with one real language has none."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterator

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._record import Alternate, Entry
from sitemap_core._util.text import short
from sitemap_core._values import is_language_tag


def with_alternates(
    entries: list[Entry], x_default: str | None, diagnostics: Diagnostics
) -> Iterator[Entry]:
    """The entries, grouped by translation key, each with its group's alternates.

    :param entries: entries of pages with a ``translation_key``, in build order.
    :param x_default: the setting's language for ``x-default`` (a page that names itself
        the default wins).
    :param diagnostics: warned at for a page whose language is no language code, and for two
        versions of one language (the first is used).
    """
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[entry.record.translation_key or ""].append(entry)
    for members in groups.values():
        links: dict[str, str] = {}
        named_default: str | None = None
        for entry in members:
            lang = (entry.record.lang or "").replace("_", "-")
            if entry.record.x_default and named_default is None:
                named_default = entry.loc
                if not lang:
                    continue
            if not lang or not is_language_tag(lang, x_default=True):
                # The page's own metadata (Pelican takes any Lang): INFO, not a warning.
                diagnostics.info(
                    f"{short(entry.record.lang)} is not a language code (like en or pt-BR); "
                    "no alternates for this page",
                    entry.record.label,
                    "lang",
                )
                continue
            if lang in links and links[lang] != entry.loc:
                diagnostics.warning(
                    f"two versions in language {lang} ({links[lang]} and {entry.loc}); "
                    "the first is used",
                    entry.record.label,
                    "lang",
                )
                continue
            links.setdefault(lang, entry.loc)
        if named_default is not None:
            links["x-default"] = named_default
        elif x_default is not None:
            default = links.get(x_default.replace("_", "-"))
            if default is not None:
                links["x-default"] = default
        alternates = tuple(Alternate(lang, href) for lang, href in sorted(links.items()))
        real = len([k for k in links if k != "x-default"])
        for entry in members:
            yield dataclasses.replace(entry, alternates=alternates) if real > 1 else entry
