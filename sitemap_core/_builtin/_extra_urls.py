"""``extra_urls``: pages the generator did not build, from the site's config. Each item is a
page record (kind ``extra``, ``extra_urls[N] (loc)`` in messages) and goes through what every
page does; its lastmod is an explicit answer, its alternates are written as given.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sitemap_core._builtin._site_code import alternate_href, failure_message
from sitemap_core._config import ExtraUrl, HookError, Settings, extra_items
from sitemap_core._context import BuildContext
from sitemap_core._errors import ConfigError
from sitemap_core._record import Alternate, Entry, PageRecord
from sitemap_core._util.text import short
from sitemap_core._values import Lastmod, is_language_tag, parse_date
from sitemap_core.hookspecs import LeftOut, hookimpl

KEY = "extra_urls"
KIND = "extra"


def active_for(settings: Settings) -> bool:
    """Per-record hooks only when the site lists extra URLs (see hookspecs)."""
    return settings.extra_urls is not None


@hookimpl
def sitemap_extra_pages(context: BuildContext) -> list[PageRecord] | None:
    """The configured URLs as records (a function is called once per build)."""
    value: Any = context.settings.extra_urls
    if value is None:
        return None
    if callable(value):
        function = value
        try:
            value = function()
        except (Exception, SystemExit) as exc:
            message = failure_message("extra_urls", function, exc, "the build")
            if context.settings.hooks_errors == "warn":
                context.diagnostics.warning(f"{message}; no extra URLs are listed")
                return None
            raise HookError(message) from None
        if value is None:
            return None
    try:
        items = extra_items(value)
    except ConfigError as exc:
        # A function's result is only known now: its mistakes fail the build like its errors.
        raise HookError(f"{exc} (returned by the extra_urls function)") from None
    known: dict[int, ExtraUrl] = {}
    records = []
    for item in items:
        record = PageRecord(
            url=item.loc,
            kind=KIND,
            name=item.label,
            changefreq=item.changefreq,
            priority=item.priority,
        )
        known[id(record)] = item
        records.append(record)
    # The records stay alive in the list beside their ids for the whole build.
    context.cache[KEY] = (known, records)
    return records


def _item(record: PageRecord, context: BuildContext) -> ExtraUrl | None:
    if record.kind != KIND:
        return None
    found = context.cache.get(KEY)
    return None if found is None else found[0].get(id(record))


@hookimpl
def sitemap_lastmod(record: PageRecord, context: BuildContext) -> Lastmod | None:
    """An extra URL's own lastmod, checked like a page's metadata date."""
    item = _item(record, context)
    if item is None or item.lastmod is None:
        return None
    try:
        return parse_date(item.lastmod, context.tz, "extra_urls")
    except ValueError as exc:
        context.diagnostics.warning(f"{exc}; no lastmod for this URL", item.label, "lastmod")
        return None


@hookimpl(tryfirst=True)
def sitemap_transform(entry: Entry, context: BuildContext) -> Entry | LeftOut | None:
    """An extra URL's alternates (before the site's own transform sees the entry)."""
    item = _item(entry.record, context)
    if item is None or not item.alternates:
        return None
    base = context.settings.base_url or ""
    alternates: dict[str, str] = {}
    for lang, href in item.alternates:
        if not is_language_tag(lang, x_default=True):
            context.diagnostics.warning(
                f"{short(lang)} is not a language code (like en or pt-BR); no alternates for "
                "this URL",
                item.label,
                "alternates",
            )
            return None
        try:
            alternates[lang] = alternate_href(base, href)
        except ValueError as exc:
            context.diagnostics.warning(
                f"{exc}; no alternates for this URL", item.label, "alternates"
            )
            return None
    pairs = tuple(Alternate(lang, href) for lang, href in sorted(alternates.items()))
    return dataclasses.replace(entry, alternates=pairs)
