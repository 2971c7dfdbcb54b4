"""``llms_markdown``: each page the XML sitemap lists gets its Markdown twin beside its built
file (``guide/index.html`` → ``guide/index.html.md``). No plugin of its own: the ``llms_txt``
plugin (``_llms.py``) writes the twins of the written entries before llms.txt, which then
links them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote

from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._files import PLAN_KEY, FilePlan
from sitemap_core._llms import (
    LLMS_FULL,
    MissingConverter,
    Section,
    Written,
    front_matter,
    is_twin_ours,
    plan_full,
    to_markdown,
    twin_url,
    write,
)
from sitemap_core._record import Entry
from sitemap_core._util.regular import read_regular
from sitemap_core._values import OutsideSite, is_page_file, site_path

#: Bytes of a built page read for its twin.
_MAX_READ = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Twin:
    """A page's twin: its URL and its Markdown (without the front matter)."""

    url: str
    markdown: str


def write_twins(
    context: BuildContext, output_dir: Path, entries: Iterable[Entry]
) -> dict[str, Twin]:
    """Plan the twins of the listed pages that have a built page (committed with the build's
    other files, in its ledger; the ledger's sweep removes the twins no page has now).

    :param entries: the entries written (``BuildReport.entries``).
    :return: the pages with a twin, by their URL.
    """
    settings = context.settings
    base_url = settings.output_url
    own: FilePlan = context.cache[PLAN_KEY]
    twins: dict[str, Twin] = {}
    for entry in entries:
        loc, output = entry.loc, entry.record.output
        if not (output and is_page_file(output.name) and loc.startswith(base_url)) or "?" in loc:
            continue
        url = twin_url(loc)
        try:
            path = site_path(output_dir, unquote(url[len(base_url) :]))
        except OutsideSite:
            continue
        if not own.owned.may_replace(path, is_twin_ours):
            own.kept.append(path)  # a file of yours, or ours edited since: llms.txt links it
            twins[loc] = Twin(url, "")
            with suppress(OSError):
                if settings.llms_full:
                    twins[loc] = Twin(url, path.read_text(encoding="utf-8", errors="replace"))
            continue
        try:
            markdown = to_markdown(read_regular(output, _MAX_READ), loc)
        except MissingConverter as exc:
            full = "; no twin and no llms-full.txt is written" if settings.llms_full else ""
            context.diagnostics.error(f"{exc}{full}", field="llms_markdown")
            return {}
        except Exception as exc:
            # A page the converter cannot take (or cannot read) costs its twin, not the build.
            context.diagnostics.warning(f"no Markdown twin: {exc}", loc, "llms_markdown")
            continue
        lastmod = settings.lastmod_text(entry.lastmod)
        own.files[path] = (front_matter(entry.record.title, loc, lastmod) + markdown).encode()
        # llms-full.txt is the only reader of the text: held only for it.
        twins[loc] = Twin(url, markdown if settings.llms_full else "")
    return twins


def link_twins(sections: list[Section], twins: Mapping[str, Twin]) -> list[Section]:
    """The sections with each page that has a twin linked by its twin's URL."""
    return [
        Section(
            section.name,
            tuple(
                replace(link, url=twins[link.url].url) if link.url in twins else link
                for link in section.links
            ),
        )
        for section in sections
    ]


def write_full(
    context: BuildContext,
    output_dir: Path,
    site: tuple[str, str | None],
    sections: list[Section],
    twins: Mapping[str, Twin],
) -> list[Written]:
    """Write llms-full.txt when ``llms_full`` is on (one file; with ``llms_full_split``, split
    per section over ``llms_budget``), from the sections as llms.txt links them (twins' URLs).

    :return: the files written, with their sizes.
    """
    settings = context.settings
    if not settings.llms_full or not twins:
        return []  # not asked, or no page's text (no converter, or no page has a twin)
    texts = {twin.url: twin.markdown for twin in twins.values()}
    budget = settings.llms_budget if settings.llms_full_split else None
    files = plan_full(*site, sections, texts, settings.output_url, budget)
    try:
        return write(output_dir, files, context.cache[PLAN_KEY], LLMS_FULL)
    except SitemapError as exc:
        context.diagnostics.warning(str(exc), field="llms_full")
        return []
