"""The site's own ``filter`` and ``transform`` functions, run as the first
``sitemap_transform``: a false ``filter(entry)`` or a ``None`` from ``transform(entry)``
leaves the page out; a changed copy is checked like any page's values. An exception names
the function, the page and the user's line, and fails the build (``hooks_errors: warn``: a
warning, the entry unchanged).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

from sitemap_core._builtin._site_code import alternate_href, failure_message, hook_label
from sitemap_core._config import HookError, Settings
from sitemap_core._context import BuildContext
from sitemap_core._html import checked_images
from sitemap_core._record import Alternate, Entry
from sitemap_core._util.text import short
from sitemap_core._values import (
    Lastmod,
    absolute_url,
    is_language_tag,
    parse_changefreq,
    parse_date,
    parse_priority,
    written_lastmod,
)
from sitemap_core.hookspecs import LeftOut, hookimpl

FILTERED = LeftOut("filter")
TRANSFORMED = LeftOut("transform")


def active_for(settings: Settings) -> bool:
    """Nothing to call without a filter or transform (see hookspecs)."""
    return settings.filter is not None or settings.transform is not None


def _failed(
    setting: str,
    function: Callable[..., Any],
    exc: BaseException,
    entry: Entry,
    context: BuildContext,
) -> None:
    message = failure_message(setting, function, exc, entry.loc)
    if context.settings.hooks_errors == "warn":
        context.diagnostics.warning(f"{message}; the page stays as it was", entry.record.label)
        return
    raise HookError(message) from None


@hookimpl(tryfirst=True)
def sitemap_transform(entry: Entry, context: BuildContext) -> Entry | LeftOut | None:
    """``filter`` then ``transform``, each on the entry the pipeline built."""
    settings = context.settings
    keep = settings.filter
    if keep is not None:
        try:
            if not keep(entry):
                return FILTERED
        except (Exception, SystemExit) as exc:
            _failed("filter", keep, exc, entry, context)
    change = settings.transform
    if change is None:
        return None
    try:
        result = change(entry)
    except (Exception, SystemExit) as exc:
        _failed("transform", change, exc, entry, context)
        return None
    if result is None:
        return TRANSFORMED
    if result is entry:
        return None
    return _checked(result, entry, change, context)


def _checked(
    result: object, entry: Entry, change: Callable[..., Any], context: BuildContext
) -> Entry:
    """A transform's result with values the writer can trust.

    :raises HookError: no ``Entry``, or a value that cannot be written (``fail`` mode); in
        ``warn`` mode the original entry is kept instead.
    """
    who = f"transform function {hook_label(change)}"

    def refuse(message: str) -> Entry:
        text = f"{who} returned {message}, for {entry.loc}"
        if context.settings.hooks_errors == "warn":
            context.diagnostics.warning(f"{text}; the page stays as it was", entry.record.label)
            return entry
        raise HookError(text)

    if not isinstance(result, Entry):
        return refuse(
            f"{short(result)}, not an Entry (return dataclasses.replace(entry, ...) or None)"
        )
    changes: dict[str, Any] = {}
    if result.loc != entry.loc:
        try:
            changes["loc"] = absolute_url(context.settings.base_url or "", result.loc)
        except (ValueError, TypeError) as exc:
            return refuse(f"an invalid loc {short(result.loc)} ({exc})")
    if result.lastmod != entry.lastmod:
        try:
            lastmod = _lastmod(result.lastmod, context)
        except ValueError as exc:
            return refuse(f"an invalid lastmod: {exc}")
        if lastmod is not None:
            now = dt.datetime.now(dt.timezone.utc)
            lastmod, dropped = written_lastmod(lastmod, context.upper_bound, now)
            if dropped is not None:
                context.diagnostics.warning(dropped, entry.record.label, "lastmod")
        changes["lastmod"] = lastmod
    for name, parse in (("changefreq", parse_changefreq), ("priority", parse_priority)):
        value = getattr(result, name)
        if value != getattr(entry, name):
            try:
                changes[name] = parse(value)
            except ValueError as exc:
                return refuse(f"an invalid {name}: {exc}")
    if result.alternates != entry.alternates:
        try:
            changes["alternates"] = _alternates(result.alternates, context.settings.base_url or "")
        except (ValueError, TypeError) as exc:
            return refuse(f"invalid alternates: {exc}")
    if result.images != entry.images:
        try:
            changes["images"] = checked_images(result.images)
        except ValueError as exc:
            return refuse(f"invalid images: {exc}")
    return dataclasses.replace(result, **changes) if changes else result


def _lastmod(value: object, context: BuildContext) -> Lastmod | None:
    """A transform's lastmod as every other lastmod is read: a naive time is in the site's
    timezone.

    :raises ValueError: not a date, nor a :class:`Lastmod` of one.
    """
    if value is None:
        return None
    if not isinstance(value, Lastmod):
        return parse_date(value, context.tz, "transform")
    if not isinstance(value.when, dt.datetime):
        raise ValueError(f"{short(value)} does not hold a datetime")
    if value.when.tzinfo is None:
        return Lastmod(value.when.replace(tzinfo=context.tz), value.date_only, value.source)
    return value


def _alternates(value: object, base: str) -> tuple[Alternate, ...]:
    """A transform's alternates, encoded, sorted by hreflang, each language once.

    :raises ValueError: not a tuple of :class:`Alternate`, an invalid language or URL, two
        URLs for one language.
    """
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"{short(value)} is not a tuple of Alternate")
    found: dict[str, Alternate] = {}
    for alt in value:
        if not isinstance(alt, Alternate) or not isinstance(alt.hreflang, str):
            raise ValueError(f"{short(alt)} is not an Alternate")
        if not is_language_tag(alt.hreflang, x_default=True):
            raise ValueError(f"{short(alt.hreflang)} is not a language code")
        try:
            checked = Alternate(alt.hreflang, alternate_href(base, alt.href))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{short(alt)} ({exc})") from None
        seen = found.setdefault(alt.hreflang.lower(), checked)
        if seen.href != checked.href:
            raise ValueError(
                f"hreflang {short(alt.hreflang)} twice, for {short(seen.href)} and "
                f"{short(checked.href)}"
            )
    return tuple(sorted(found.values(), key=lambda a: a.hreflang))
