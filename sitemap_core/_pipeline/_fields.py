"""The changefreq and priority of each page: the page's front matter, then the record's own
values, then the first matching rule, then its kind's defaults, then the settings'."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sitemap_core._config import Settings, matches_any
from sitemap_core._context import BuildContext, record_front_matter_keys
from sitemap_core._record import PageRecord
from sitemap_core._values import parse_changefreq, parse_priority, relative_path


class PageFields:
    """Works out ``(changefreq, priority)`` for the pages of one build."""

    def __init__(self, settings: Settings, context: BuildContext) -> None:
        self.settings = settings
        self.base = settings.base_url or ""
        self.context = context
        #: The answer for a record with no values of its own, by kind.
        self.kind_fields: dict[str, tuple[str | None, float | None]] = {}

    def of(self, record: PageRecord, loc: str) -> tuple[str | None, float | None]:
        """``record``'s changefreq and priority; an invalid value of its own warns (naming
        the page and the field) and the next source answers."""
        settings = self.settings
        values = record_front_matter_keys(record, self.context) if record.front_matter else {}
        # Nothing of the page's own: its kind's defaults, worked out once a kind.
        own = values or record.changefreq is not None or record.priority is not None
        plain = not (own or settings.rules)
        if plain and record.kind in self.kind_fields:
            return self.kind_fields[record.kind]
        rule = None
        if settings.rules:
            rel = relative_path(self.base, loc)
            rule = next(
                (r for r in settings.rules if matches_any((r.pattern,), record.url, rel)), None
            )
        kind = settings.kinds.get(record.kind)
        fallbacks = (rule, kind, settings)
        changefreq = self._field("changefreq", parse_changefreq, values, record, fallbacks)
        priority = self._field("priority", parse_priority, values, record, fallbacks)
        if plain:
            self.kind_fields[record.kind] = changefreq, priority  # type: ignore[assignment]
        return changefreq, priority  # type: ignore[return-value]

    def _field(
        self,
        name: str,
        parse: Callable[[object], object],
        values: Mapping[str, tuple[str, object]],
        record: PageRecord,
        fallbacks: tuple[object, ...],
    ) -> object:
        """One field: the front matter's, the record's (an invalid one warns and the next
        answers), then the first of the rule, the kind and the settings that has one."""
        candidates = [values[name]] if name in values else []
        candidates.append((name, getattr(record, name)))
        for key, raw in candidates:
            try:
                chosen = parse(raw)
            except ValueError as exc:
                self.context.diagnostics.warning(f"{exc}; the default is used", record.label, key)
                continue
            if chosen is not None:
                return chosen
        for source in fallbacks:
            chosen = None if source is None else getattr(source, name)
            if chosen is not None:
                return chosen
        return None
