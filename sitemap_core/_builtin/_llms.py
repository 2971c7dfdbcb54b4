"""``llms_txt``: collect the written entries and write ``llms.txt`` beside the XML sitemap,
grouped as the HTML sitemap groups them (the generator's sections, else directories)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from urllib.parse import urlsplit

from sitemap_core._builtin._llms_twins import Twin, link_twins, write_full, write_twins
from sitemap_core._config import Settings
from sitemap_core._context import BuildContext
from sitemap_core._errors import SitemapError
from sitemap_core._files import PLAN_KEY
from sitemap_core._html import may_state_description, page_description
from sitemap_core._html_sitemap import (
    LANGUAGES,
    PAGES,
    HtmlEntry,
    Node,
    excluded_by,
    language_name,
    translate,
    tree,
    without_site_suffix,
)
from sitemap_core._llms import (
    LLMS_TXT,
    OVER_BUDGET,
    Link,
    Section,
    Written,
    plan,
    split_languages,
    write,
)
from sitemap_core._record import PageRecord
from sitemap_core._report import BuildReport
from sitemap_core._values import is_page_file
from sitemap_core.hookspecs import hookimpl

_UNSET = ("None", "null")  # a theme's text for a description never set (MkDocs)


def _description(record: PageRecord, context: BuildContext) -> str | None:
    """Front matter ``description``, else the built page's ``<meta name="description">``."""
    value = record.front_matter.get("description")
    if isinstance(value, str) and value.strip():
        return value
    output = record.output
    if output is None or not is_page_file(output.name) or not may_state_description(output):
        return None
    try:
        found = page_description(output)
    except (OSError, ValueError) as exc:
        context.diagnostics.debug(f"built file {output} {exc}; no description", record.label)
        return None
    return None if found in _UNSET else found


def _links(
    node: Node, descriptions: Mapping[str, str | None], home: tuple[str, str]
) -> Iterator[Link]:
    for page in node.pages:
        title = page.title and without_site_suffix(page.title, home[1])
        title = title or (home[1] if page.loc == home[0] else None)  # an untitled home page
        yield Link(page.loc, title, descriptions.get(page.loc))
    for child in node.children.values():
        yield from _links(child, descriptions, home)


#: A page as collected: its entry, its description, its language.
_Collected = tuple[HtmlEntry, str | None, str | None]


@hookimpl
def sitemap_written(report: BuildReport, context: BuildContext) -> None:
    """Write llms.txt (one file per language, one per section when over the budget). The
    site's name and description, when not set, are the home page's title and description."""
    settings = context.settings
    base_url = settings.output_url
    if not settings.llms_txt or not report.entries or not report.files or not base_url:
        return
    collected = _collected(report, context)
    if not collected:
        return
    home = next((item[0] for item in collected if item[0].loc == base_url), None)
    name = settings.site_name or (home and home.title) or urlsplit(base_url).hostname or base_url
    summary = settings.site_description or _home_description(collected, base_url)
    output_dir = report.files[0].parent
    twins = write_twins(context, output_dir, report.entries) if settings.llms_markdown else {}
    files, sections = _language_files(collected, (name, summary), base_url, settings, twins)
    try:
        written = write(output_dir, files, context.cache[PLAN_KEY])
    except SitemapError as exc:
        context.diagnostics.warning(str(exc), field="llms_txt")
        return
    report.llms_pages = len(collected)
    _say_written(written, files, context)
    full = write_full(context, output_dir, (name, summary), sections, twins)
    # llms-full.txt is the pages' whole text: its sections are as long as they are, and no
    # budget warning is said of them (the format's checkers judge llms.txt).
    report.llms = [*written, *full]


def _collected(report: BuildReport, context: BuildContext) -> list[_Collected]:
    """The report's entries llms.txt lists: the sitemap's pages less ``llms_exclude`` and,
    unless ``llms_listings``, the listings (the one place llms.txt leaves a page out), with
    their descriptions and languages."""
    settings = context.settings
    globs, site = settings.llms_exclude, settings.base_url or ""
    kept = [e for e in report.entries if not (globs and excluded_by(e.loc, site, globs))]
    report.llms_excluded = len(report.entries) - len(kept)
    if not settings.llms_listings:
        # The listings go (tag, category, archive and ``page/N`` views, a Sphinx index or
        # search page): the pages they list are in llms.txt themselves. A language's home
        # page, a listing on a blog, stays. Before the descriptions: those are read from disk.
        base_url = settings.output_url or ""
        languages = split_languages([(e.loc, e.record.lang) for e in kept], base_url)
        homes = {base_url + (lang.folder and lang.folder + "/") for lang in languages}
        kept = [e for e in kept if e.record.kind != "index" or e.loc in homes]
    return [
        (
            HtmlEntry(entry.loc, entry.record.title, entry.record.section),
            _description(entry.record, context),
            entry.record.lang,
        )
        for entry in kept
    ]


def _say_written(written: list[Written], files: Mapping[str, str], context: BuildContext) -> None:
    """An INFO line for each file kept as the user's own; one warning for the files over
    budget (a long blog is one finding, not one per section)."""
    budget = context.settings.llms_budget
    done = {file.name for file in written}
    for rel in (rel for rel in files if rel not in done):
        context.diagnostics.info(
            f"{rel} was not written by ssg-sitemap: it is kept, and llms.txt links it"
        )
    over = [file for file in written if file.chars > budget]
    if over:
        names = ", ".join(f"{file.name} has {file.chars:,} characters" for file in over)
        context.diagnostics.warning(
            f"{names}, over llms_budget ({budget:,}): one section is that long; {OVER_BUDGET}",
            field="llms_budget",
        )


def _home_description(collected: list[_Collected], home: str) -> str | None:
    return next((item[1] for item in collected if item[0].loc == home), None)


def _language_files(
    collected: list[_Collected],
    site: tuple[str, str | None],
    base_url: str,
    settings: Settings,
    twins: Mapping[str, Twin],
) -> tuple[dict[str, str], list[Section]]:
    """The files of each language (its own folder's, ``fr/llms.txt``), the root's first: it
    lists the other languages' files. One language: the root's alone.

    :param site: the site's name and description.
    :return: the files, and every language's sections in order (for ``llms-full.txt``).
    """
    name, summary = site
    languages = split_languages([(item[0].loc, item[2]) for item in collected], base_url)
    root, others = languages[0], languages[1:]
    files: dict[str, str] = {}
    every: list[Section] = []
    for language in others:
        lang_base = f"{base_url}{language.folder}/"
        label = f"{name}: {language_name(language.lang or '')}"
        title = settings.site_names.get(language.lang or "", label)  # its own site_name
        own = _home_description(collected, lang_base) or summary
        pages = [collected[n] for n in language.pages]
        sections = _sections(pages, name, own, lang_base, language.lang, twins)
        every += sections
        for rel, text in plan(title, own, sections, lang_base, settings.llms_budget).items():
            files[f"{language.folder}/{rel}"] = text
    also = [
        Section(
            translate(LANGUAGES, root.lang),
            tuple(
                Link(f"{base_url}{language.folder}/{LLMS_TXT}", language_name(language.lang or ""))
                for language in others
            ),
        )
    ]
    pages = [collected[n] for n in root.pages]
    sections = _sections(pages, name, summary, base_url, root.lang, twins)
    notes = settings.llms_markdown_description
    root_files = plan(name, summary, sections, base_url, settings.llms_budget, also, notes)
    return {**root_files, **files}, sections + every


def _sections(
    collected: list[_Collected],
    name: str,
    summary: str | None,
    base_url: str,
    lang: str | None,
    twins: Mapping[str, Twin],
) -> list[Section]:
    """One language's sections (``base_url``: its folder): its pages in the site's groups,
    our labels in ``lang``, each page that has a Markdown twin linked by the twin; a page's
    description that is the site's is left out.

    :param name: the site's name (an untitled home page's).
    """
    # Themes repeat the site's description in every page's head: it says nothing of the page.
    descriptions = {item[0].loc: item[1] if item[1] != summary else None for item in collected}
    top = translate(PAGES, lang)
    entries = [item[0] for item in collected]
    if any(entry.section for entry in entries):
        # The generator drew the sections: a page outside them is at the top of its site,
        # not in a group named after its folder.
        entries = [replace(entry, section=entry.section or top) for entry in entries]
    sections = []
    for node in tree(entries, base_url):
        # A caption's colon (sphinx-quickstart's "Contents:") is no part of a heading.
        label = top if node.label == PAGES and node.path == "" else node.label.rstrip(": ")
        links = list(_links(node, descriptions, (base_url, name)))
        if label == top:
            # The home page leads the top of the site (a generator may hand it over last).
            links.sort(key=lambda link: link.url != base_url)
        sections.append(Section(label, tuple(links)))
    return link_twins(sections, twins)
