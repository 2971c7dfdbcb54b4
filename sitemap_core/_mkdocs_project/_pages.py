"""Pages of a MkDocs-family project: URL, inclusion and dates, by MkDocs 1.6's rules."""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pathspec

#: MkDocs' Markdown file extensions (``mkdocs.utils.markdown_extensions``).
MARKDOWN_SUFFIXES = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")

#: Front matter dates, newest meaning first: MkDocs' ``updated`` and ``date``.
METADATA_DATES = ("updated", "date")

#: Exclusion reasons the summary shows.
DRAFT = "draft"
EXCLUDE_DOCS = "exclude_docs"

#: What MkDocs always leaves out of docs_dir: dot files and a top-level ``templates/``.
DEFAULT_EXCLUDE = (".*", "/templates/")


def is_markdown(src_uri: str) -> bool:
    """A documentation page (rather than a static file copied as it is)."""
    return src_uri.endswith(MARKDOWN_SUFFIXES)


def dest_path(src_uri: str, use_directory_urls: bool) -> str:
    """The built file of a source, relative to site_dir (``a/b.md`` → ``a/b/index.html``).

    Static files keep their path; ``README.md`` is an index page.
    """
    if not is_markdown(src_uri):
        return src_uri
    parent = posixpath.dirname(src_uri)
    stem = posixpath.splitext(posixpath.basename(src_uri))[0]
    stem = "index" if stem == "README" else stem
    if not use_directory_urls or stem == "index":
        return posixpath.join(parent, stem + ".html")
    return posixpath.join(parent, stem, "index.html")


def page_url(src_uri: str, use_directory_urls: bool) -> str:
    """The page's URL relative to site_url, as MkDocs' ``Page.url`` has it (``""`` for home)."""
    url = dest_path(src_uri, use_directory_urls)
    dirname, filename = posixpath.split(url)
    if use_directory_urls and filename == "index.html":
        url = (dirname or ".") + "/"
    url = quote(url)
    return "" if url in (".", "./") else url


def _spec(patterns: str | Iterable[str] | None) -> pathspec.GitIgnoreSpec | None:
    if patterns is None:
        return None
    lines = patterns.splitlines() if isinstance(patterns, str) else list(patterns)
    return pathspec.GitIgnoreSpec.from_lines(lines)


@dataclass(frozen=True)
class Inclusion:
    """``exclude_docs`` and ``draft_docs``: gitignore-style patterns over the path in docs_dir.

    ``not_in_nav`` pages are published (only kept out of the navigation), so they need no rule.
    """

    exclude: pathspec.GitIgnoreSpec
    drafts: pathspec.GitIgnoreSpec | None = None

    @classmethod
    def from_config(
        cls,
        exclude_docs: str | Iterable[str] | None = None,
        draft_docs: str | Iterable[str] | None = None,
    ) -> Inclusion:
        """Compile the config's patterns (multi-line text as in ``mkdocs.yml``, or lines).

        :raises ValueError: a pattern gitignore does not accept.
        """
        try:
            default = pathspec.GitIgnoreSpec.from_lines(DEFAULT_EXCLUDE)
            extra = _spec(exclude_docs)
            return cls(default + extra if extra else default, _spec(draft_docs))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a pattern is not gitignore syntax: {exc}") from None

    def reason(self, src_uri: str) -> str | None:
        """Why MkDocs would not publish the file (``exclude_docs``, ``draft``), or ``None``."""
        if self.exclude.match_file(src_uri):
            return EXCLUDE_DOCS
        return DRAFT if self.drafts is not None and self.drafts.match_file(src_uri) else None


def is_draft(meta: Mapping[str, Any]) -> bool:
    """Front matter marks the page a draft (``draft: true``, Material's blog convention).

    Material previews draft posts under ``mkdocs serve``; a draft is never listed.
    """
    return meta.get("draft") is True


def front_matter_dates(meta: Mapping[str, Any]) -> dict[str, Any]:
    """MkDocs' conventions ``updated`` and ``date``; Material's blog ``date: {created, updated}``.

    Keyed by the front matter names (the core's messages name the key the user wrote).
    """
    dates: dict[str, Any] = {}
    date = meta.get("date")
    updated = meta.get("updated")
    if isinstance(date, Mapping):
        if updated is None:
            updated = as_written(date.get("updated"))
        date = as_written(date.get("created"))
    if updated is not None:
        dates["updated"] = updated
    if date is not None:
        dates["date"] = date
    return dates


def as_written(value: Any) -> Any:
    """Material's blog turns ``updated: 2024-02-01`` into midnight UTC, in place: a date again.

    A time of day nobody wrote would be an invented one.
    """
    if (
        isinstance(value, dt.datetime)
        and value.time() == dt.time()
        and value.utcoffset() in (None, dt.timedelta(0))
    ):
        return value.date()
    return value
