"""hreflang alternates that built pages declare in their heads (Hugo, Jekyll, Zensical, ...):
the links join pages into translation groups, written as for the adapters' translation keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from urllib.parse import urljoin

from sitemap_core._html._inspect import inspect_html, may_state_alternates
from sitemap_core._record import PageRecord
from sitemap_core._values import absolute_url, is_page_file, without_index

X_DEFAULT = "x-default"


def with_head_alternates(records: Iterable[PageRecord], base_url: str) -> list[PageRecord]:
    """The records, those in a group of hreflang-linked pages given its key, language and
    ``x-default`` mark. Records that already have a translation key are kept as they are.

    Reads only the heads that mention ``hreflang`` (a cheap byte scan decides), once each.
    """
    kept = list(records)
    index: dict[str, int] = {}
    for number, record in enumerate(kept):
        loc = _loc(base_url, record.url)
        if loc is not None:
            index.setdefault(loc, number)
    parent = list(range(len(kept)))

    def root(item: int) -> int:
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    langs: dict[int, str] = {}
    claimed: dict[int, str] = {}
    defaults: set[int] = set()
    for number, record in enumerate(kept):
        output = record.output
        if record.translation_key or record.exclude or output is None:
            continue
        if not is_page_file(output.name) or not may_state_alternates(output):
            continue
        try:
            links = inspect_html(output).alternates
        except (OSError, ValueError):
            continue  # the HTML checks report an unreadable page
        own = _loc(base_url, record.url)
        if own is None:
            continue
        for hreflang, href in links:
            target = index.get(_loc(base_url, urljoin(own, href)) or "")
            if target is None or kept[target].translation_key:
                continue
            if hreflang.lower() == X_DEFAULT:
                defaults.add(target)
            elif target == number:
                langs.setdefault(number, hreflang)
            else:
                claimed.setdefault(target, hreflang)
            parent[root(target)] = root(number)
    grouped: list[PageRecord] = []
    for number, record in enumerate(kept):
        lang = langs.get(number) or claimed.get(number)
        is_default = number in defaults
        if lang is None and not is_default:
            grouped.append(record)
            continue
        key = f"hreflang:{kept[root(number)].url}"
        grouped.append(
            dataclasses.replace(record, lang=lang, translation_key=key, x_default=is_default)
        )
    return grouped


def _loc(base_url: str, url: str) -> str | None:
    try:
        loc = absolute_url(base_url, url)
    except ValueError:
        return None
    # x/index.html and x/ are one page (the CLI lists the folder form).
    return without_index(loc)
