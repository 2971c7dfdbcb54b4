"""Exclusions from the record itself, front matter and configured glob patterns."""

from __future__ import annotations

from sitemap_core._config import matches_any, parse_flag
from sitemap_core._context import BuildContext, record_front_matter_keys
from sitemap_core._record import PageRecord
from sitemap_core._util.text import short
from sitemap_core._values import relative_path
from sitemap_core.hookspecs import hookimpl


@hookimpl(tryfirst=True)
def sitemap_exclude(record: PageRecord, loc: str, context: BuildContext) -> str | None:
    """The generator's own decision, then ``sitemap_exclude`` front matter, then globs."""
    if record.exclude:
        return record.exclude
    values = record_front_matter_keys(record, context) if record.front_matter else {}
    invalid = values.get("invalid")
    if invalid is not None:
        context.diagnostics.warning(
            f"{short(invalid[1])} is not a mapping like {{exclude: true, changefreq: weekly}} "
            "or true/false; it is ignored",
            record.label,
            invalid[0],
        )
    found = values.get("exclude")
    if found is not None:
        key, value = found
        try:
            if parse_flag(value):
                return "front matter"
        except ValueError as exc:
            context.diagnostics.warning(f"{exc}; the page stays listed", record.label, key)
    patterns = context.settings.exclude
    if patterns:
        base = context.settings.base_url or ""
        candidates = [record.url.lstrip("/"), relative_path(base, loc)]
        if record.source is not None:
            candidates.append(record.source.as_posix())
        if matches_any(patterns, *candidates):
            return "exclude pattern"
    return None
