"""Findings of ``ssg-sitemap check`` and the report that collects them."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from sitemap_core._check._links import LinkGraph

Severity = Literal["error", "warning", "info"]

#: Findings of one kind in one file shown in full; the rest are counted in one summary line.
DETAIL_LIMIT = 50


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem, with where it is.

    :param severity: ``"error"``, ``"warning"`` or ``"info"``.
    :param code: a short stable name for the rule (``"loc-not-absolute"``).
    :param file: the file as the user named it (path or URL), or ``""`` for the whole set.
    :param line: 1-based line in the (uncompressed) file, or ``None``.
    :param message: what is wrong and what to do.
    """

    severity: Severity
    code: str
    file: str
    line: int | None
    message: str

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready mapping."""
        return dataclasses.asdict(self)


@dataclass
class CheckReport:
    """Everything one ``check`` run found.

    :param findings: findings shown in full, in the order they were found.
    :param checked: files read, as named in findings.
    :param urls: URLs seen across all urlsets.
    :param requested: pages a live check requested (``None`` for files).
    """

    findings: list[Finding] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    urls: int = 0
    requested: int | None = None
    counts: Counter[str] = field(default_factory=Counter)
    #: The site's internal links, when they were read.
    links: LinkGraph | None = None
    _per_kind: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, severity: Severity, code: str, file: str, line: int | None, message: str) -> None:
        """Record a finding; past :data:`DETAIL_LIMIT` of a kind in a file, only count it."""
        self.counts[severity] += 1
        key = (file, code)
        self._per_kind[key] += 1
        if self._per_kind[key] <= DETAIL_LIMIT:
            self.findings.append(Finding(severity, code, file, line, message))

    def wants(self, file: str, code: str) -> bool:
        """Whether a finding of this kind in this file would still be shown in full."""
        return self._per_kind[(file, code)] < DETAIL_LIMIT

    def count(self, severity: Severity, code: str, file: str, number: int = 1) -> None:
        """Count findings past the detail limit without building their messages."""
        self.counts[severity] += number
        self._per_kind[(file, code)] += number

    def error(self, code: str, file: str, line: int | None, message: str) -> None:
        """Record an error."""
        self.add("error", code, file, line, message)

    def warning(self, code: str, file: str, line: int | None, message: str) -> None:
        """Record a warning."""
        self.add("warning", code, file, line, message)

    def info(self, code: str, file: str, line: int | None, message: str) -> None:
        """Record a note that never fails a run."""
        self.add("info", code, file, line, message)

    def snapshot(self) -> tuple[int, Counter[str], Counter[tuple[str, str]], int]:
        """The state to go back to with :meth:`restore`."""
        return len(self.findings), self.counts.copy(), self._per_kind.copy(), self.urls

    def restore(self, state: tuple[int, Counter[str], Counter[tuple[str, str]], int]) -> None:
        """Forget everything found since :meth:`snapshot`."""
        length, self.counts, self._per_kind, self.urls = state
        del self.findings[length:]

    def omitted(self) -> list[tuple[str, str, int]]:
        """``(file, code, count)`` of findings past the detail limit."""
        return [
            (file, code, n - DETAIL_LIMIT)
            for (file, code), n in self._per_kind.items()
            if n > DETAIL_LIMIT
        ]

    @property
    def errors(self) -> int:
        """Errors found (shown or not)."""
        return self.counts["error"]

    @property
    def warnings(self) -> int:
        """Warnings found (shown or not)."""
        return self.counts["warning"]

    def exit_status(self, strict: bool) -> int:
        """0 clean, 1 errors (or warnings under ``strict``)."""
        return 1 if self.errors or (strict and self.warnings) else 0


@dataclass(frozen=True, slots=True)
class Run:
    """Many good entries of one file (``urls``: of a urlset), for :meth:`SiteRules.bulk`.

    :param joined: the locs, each with a newline before and after (``"\\na\\nb\\n"``).
    :param newest: the newest lastmod among them.
    :param texts: the lastmod values as written, of the entries that have one.
    :param line_of: the line of entry ``i`` (computed only when a finding needs it).
    :param links: each entry's ``(hreflang, href)`` alternates, when any has some.
    """

    file: str
    locs: list[str]
    joined: str
    newest: dt.datetime | None
    texts: list[str]
    urls: bool
    line_of: Callable[[int], int]
    links: list[list[tuple[str, str]]] | None = None
