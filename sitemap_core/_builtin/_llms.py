"""``llms_txt``: collect the written entries and write ``llms.txt`` beside the XML sitemap,
grouped as the HTML sitemap groups them (the generator's sections, else directories)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from urllib.parse import urlsplit

from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._html import may_state_description, page_description
from sitemap_core._html_sitemap import PAGES, HtmlEntry, Node, translate, tree
from sitemap_core._llms import Link, Section, plan, write
from sitemap_core._record import Entry, PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._values import is_page_file
from sitemap_core.hookspecs import hookimpl

_KEY = "llms_txt"


def _description(record: PageRecord, context: BuildContext) -> str | None:
    """Front matter ``description``, else the built page's ``<meta name="description">``."""
    value = record.front_matter.get("description")
    if isinstance(value, str) and value.strip():
        return value
    output = record.output
    if output is None or not is_page_file(output.name) or not may_state_description(output):
        return None
    try:
        return page_description(output)
    except (OSError, ValueError) as exc:
        context.diagnostics.debug(f"built file {output} {exc}; no description", record.label)
        return None


@hookimpl(trylast=True)
def sitemap_transform(entry: Entry, context: BuildContext) -> Entry | None:
    """Remember each entry as it is finally written (runs after other transforms)."""
    if context.settings.llms_txt:
        record = entry.record
        context.cache.setdefault(_KEY, []).append(
            (
                HtmlEntry(entry.loc, record.title, record.section),
                _description(record, context),
                record.lang,
            )
        )
    return None


def _links(
    node: Node, descriptions: Mapping[str, str | None], home: tuple[str, str]
) -> Iterator[Link]:
    for page in node.pages:
        title = page.title or (home[1] if page.loc == home[0] else None)
        yield Link(page.loc, title, descriptions.get(page.loc))
    for child in node.children.values():
        yield from _links(child, descriptions, home)


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Write llms.txt (one file per section when the site is over the budget). The site's
    name and description, when not set, are the home page's title and description; a page's
    description that is the site's is left out."""
    settings = context.settings
    collected: list[tuple[HtmlEntry, str | None, str | None]] = context.cache.pop(_KEY, [])
    base_url = settings.output_url
    if not settings.llms_txt or not collected or not report.files or not base_url:
        return
    home = next((entry for entry, _, _ in collected if entry.loc == base_url), None)
    name = settings.site_name or (home and home.title) or urlsplit(base_url).hostname or base_url
    summary = settings.site_description or next(
        (description for entry, description, _ in collected if entry.loc == base_url), None
    )
    # Themes repeat the site's description in every page's head: it says nothing of the page.
    descriptions = {
        entry.loc: description if description != summary else None
        for entry, description, _ in collected
    }
    lang = next((lang for _, _, lang in collected if lang), None)
    top = translate(PAGES, lang)
    entries = [entry for entry, _, _ in collected]
    if any(entry.section for entry in entries):
        # The generator drew the sections: a page outside them is at the top of its site,
        # not in a group named after its folder.
        entries = [replace(entry, section=entry.section or top) for entry in entries]
    sections = []
    for node in tree(entries, base_url):
        label = top if node.label == PAGES and node.path == "" else node.label
        sections.append(Section(label, tuple(_links(node, descriptions, (base_url, name)))))
    files = plan(name, summary, sections, base_url, settings.llms_budget)
    output_dir = report.files[0].parent
    try:
        written = write(output_dir, files, base_url)
    except SitemapError as exc:
        context.diagnostics.warning(str(exc), field="llms_txt")
        return
    report.llms = written
    for file in written:
        if file.chars > settings.llms_budget:
            context.diagnostics.warning(
                f"{file.name} has {file.chars:,} characters, over llms_budget "
                f"({settings.llms_budget:,}): one section is that long; raise llms_budget or "
                "leave pages out with exclude",
                field="llms_budget",
            )
