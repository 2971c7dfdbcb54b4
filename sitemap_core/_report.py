"""What a build did: URLs written, exclusions by reason, files; and its one-line summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sitemap_core._html_sitemap import HtmlEntry
    from sitemap_core._llms import Written
    from sitemap_core._record import Entry


@dataclass
class BuildReport:
    """The outcome of one build.

    :param urls: URLs written.
    :param excluded: pages left out, by reason.
    :param files: files written (sitemaps, index, robots.txt), absolute paths.
    :param removed: stale files from an earlier build that were removed.
    :param warnings: warnings reported.
    :param skipped: why no sitemap was written at all, or ``None``.
    :param failed: strict mode turned warnings into a failure.
    :param refused: a file at a sitemap's name is not ours and was left alone, so no sitemap
        was written (the CLI's whole job failed; an adapter's build goes on).
    :param hosting: what the build did for its host (Read the Docs), for the summary.
    :param entries: the entries written, as every transform left them, in the order they
        were made; kept only when a built-in reads them (``html_sitemap``, ``llms_txt``).
    :param html_entries: with ``Settings.html_themed``, the pages the HTML sitemap lists (the
        XML sitemap's, less ``html_exclude``), for the adapter to fill into its themed page.
    :param llms: the ``llms.txt`` files written (``llms_txt``), with their sizes.
    :param llms_pages: the pages ``llms.txt`` lists (the sitemap's, less ``llms_exclude``).
    :param llms_excluded: the sitemap's pages ``llms_exclude`` left out of ``llms.txt``.
    :param entry: the file crawlers are pointed at (robots.txt's ``Sitemap:`` line), relative
        to the output root; ``None`` when nothing was written.
    """

    urls: int = 0
    excluded: Counter[str] = field(default_factory=Counter)
    files: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    warnings: int = 0
    skipped: str | None = None
    failed: bool = False
    refused: bool = False
    entry: str | None = None
    hosting: str | None = None
    entries: list[Entry] = field(default_factory=list)
    html_entries: list[HtmlEntry] = field(default_factory=list)
    llms: list[Written] = field(default_factory=list)
    llms_pages: int = 0
    llms_excluded: int = 0

    def summary(self, root: Path | None = None) -> str:
        """One line for the log: URLs written, excluded by reason, files."""
        if self.skipped:
            return f"no sitemap written: {self.skipped}"
        parts = [f"{self.urls:,} URL{'s' if self.urls != 1 else ''} written"]
        if self.excluded:
            total = sum(self.excluded.values())
            reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.excluded.items()))
            parts.append(f"{total:,} excluded ({reasons})")
        names = [_show(p, root) for p in self.files]
        if names:
            parts.append(f"{len(names)} file{'s' if len(names) != 1 else ''}: {', '.join(names)}")
        else:
            parts.append("no files written")
        if self.llms:
            sizes = (f"{w.name} {w.chars:,} characters, ~{w.tokens:,} tokens" for w in self.llms)
            pages = f"{self.llms_pages:,} page{'s' if self.llms_pages != 1 else ''}"
            if self.llms_excluded:
                pages += f" ({self.llms_excluded:,} left out by llms_exclude)"
            parts.append(f"llms.txt: {pages}: " + ", ".join(sizes))
        if self.warnings:
            parts.append(f"{self.warnings} warning{'s' if self.warnings != 1 else ''}")
        if self.hosting:
            parts.append(self.hosting)
        return "; ".join(parts)


def _show(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return str(path.relative_to(root))
        except ValueError:
            pass
    return str(path)
