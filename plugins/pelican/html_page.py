"""The HTML sitemap as a page of the site: the theme's own ``base.html`` around the site's
groups (pages, then categories with their articles newest first, tags, authors).

A generator writes the page with the marker (and puts ``SITEMAP_HTML_URL`` in every
template's context); once the XML sitemap is written the marker becomes the list of the pages
it lists, so the two never disagree. Each instance (each i18n subsite) writes its own page.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pelican
from jinja2 import Environment, TemplateNotFound
from pelican.generators import Generator

from sitemap_core import BuildReport, SitemapError
from sitemap_core._adapters import (
    ARCHIVES,
    AUTHORS,
    PAGES,
    SLOT,
    TAGS,
    HtmlEntry,
    NavItem,
    PageOptions,
    absolute_url,
    fill_slot,
    page_title,
    render_nav_and_toc,
    translate,
    validate_base_url,
    without_index,
)

from .config import read_config
from .written import HTML_PAGE, Build

logger = logging.getLogger("pelican.plugins.sitemap")

PREFIX = "sitemap: "

#: Rendered with the theme's environment: the template the theme's pages extend (its
#: ``base.html`` as a rule) around the marker.
TEMPLATE = (
    """{% extends SITEMAP_HTML_BASE %}
{% block title %}{{ SITEMAP_HTML_TITLE|e }} - {{ SITENAME|striptags|e }}{% endblock %}
{% block content %}
<section id="content" class="body">
<h1 class="entry-title">{{ SITEMAP_HTML_TITLE|e }}</h1>
"""
    + SLOT
    + """
</section>
{% endblock %}
"""
)


@dataclass(frozen=True)
class Pending:
    """One written page waiting for its list.

    :param path: the built file.
    :param loc: its URL.
    :param site_url: its instance's ``SITEURL`` (a language's own, on a translated site).
    :param items: the site's groups.
    :param options: the page's options (its title, the list's label; dates or not).
    :param lang: the instance's language (``DEFAULT_LANG``): our labels are in it.
    :param aliases: other URLs of a page, by the URL its item has: where it is written, when
        that differs from its ``url`` (its own ``save_as``); the sitemap lists one of them.
    """

    path: Path
    loc: str
    site_url: str
    items: tuple[NavItem, ...]
    options: PageOptions
    aliases: Mapping[str, tuple[str, ...]]
    lang: str | None = None


@dataclass(frozen=True)
class Options:
    """The page's keys of ``SITEMAP``.

    :param save_as: where the page is written.
    :param title: its title, in the instance's language unless the user set one.
    :param page: the page's options, for the list.
    :param template: ``html_template``: the template to extend (``None``: found).
    :param lang: the instance's ``DEFAULT_LANG``.
    """

    save_as: str
    title: str
    page: PageOptions
    template: str | None
    lang: str | None


def options(settings: Mapping[str, Any]) -> Options | None:
    """The page's options from ``SITEMAP`` as :func:`read_config` accepts them (it reports
    each invalid value once); ``None`` when there is no page."""
    config = read_config(settings.get("SITEMAP"))
    save_as = config.core.get("html_sitemap")
    if not isinstance(save_as, str):
        return None
    raw: Mapping[str, Any] = settings.get("SITEMAP") or {}
    lang = settings.get("DEFAULT_LANG")
    lang = lang if isinstance(lang, str) else None
    page = PageOptions.of(config.settings(None))
    template = raw.get("html_template")
    return Options(
        save_as,
        page_title(page.html_sitemap_title, lang),
        page,
        template if isinstance(template, str) and template.strip() else None,
        lang,
    )


#: Pelican's own theme, whose templates stand in for any a theme lacks.
SIMPLE = Path(pelican.__file__).resolve().parent / "themes" / "simple" / "templates"
_EXTENDS = re.compile(r"""\{%-?\s*extends\s+(["'])(.+?)\1""")


def base_template(env: Environment, theme: object) -> str | None:
    """The template the page extends: the theme's own ``base.html``, else the one the theme's
    own pages extend (alexis: ``layouts/base.html``); ``None`` when neither is found."""
    if not _from_simple(env, "base.html") or Path(str(theme), "templates").resolve() == SIMPLE:
        return "base.html"
    for name in ("page.html", "article.html", "index.html"):
        if not _from_simple(env, name):
            assert env.loader is not None
            found = _EXTENDS.search(env.loader.get_source(env, name)[0])
            if found:
                return found.group(2)
    return None


def _from_simple(env: Environment, name: str) -> bool:
    """Whether ``name`` is Pelican's simple theme's (the theme has none), or nobody's."""
    try:
        assert env.loader is not None
        filename = env.loader.get_source(env, name)[1]
    except TemplateNotFound:
        return True
    return filename is not None and Path(filename).resolve().is_relative_to(SIMPLE)


def generators(pelican: Any) -> type[Generator] | None:
    """``get_generators``: the page's generator, when ``SITEMAP`` names ``html_sitemap``."""
    raw = pelican.settings.get("SITEMAP")
    return SitemapPageGenerator if isinstance(raw, Mapping) and raw.get("html_sitemap") else None


class SitemapPageGenerator(Generator):  # type: ignore[misc]
    """Writes the page with the theme's templates; puts its URL in the context."""

    def generate_context(self) -> None:
        # Read once for both steps (None: an invalid value, reported with the others).
        found = self.options = options(self.settings)
        if found is not None:
            self.context["SITEMAP_HTML_URL"] = found.save_as
            self.context["SITEMAP_HTML_TITLE"] = found.title

    def generate_output(self, writer: Any) -> None:
        found = self.options
        site_url = str(self.settings.get("SITEURL") or "").strip()
        if found is None or not site_url:
            return
        save_as = found.save_as
        base = found.template or base_template(self.env, self.settings.get("THEME"))
        if base is None:
            logger.warning(
                "%sthe site map page %s is not written: the theme has no base.html, and its "
                "page.html, article.html and index.html extend no template; name the template "
                "to extend in SITEMAP['html_template']",
                PREFIX,
                save_as,
            )
            return
        template = self.env.from_string(TEMPLATE)
        probe = template.render({**self.context, "SITEMAP_HTML_BASE": base, "output_file": save_as})
        if SLOT not in probe:
            logger.warning(
                "%sthe site map page %s is not written: %s has no {%% block content %%} for its "
                "list; name a template that has one in SITEMAP['html_template']",
                PREFIX,
                save_as,
                base,
            )
            return
        root = site_url.rstrip("/") + "/"
        aliases: dict[str, tuple[str, ...]] = {}
        pending = Pending(
            Path(self.output_path) / save_as,
            root + save_as,
            root,
            tuple(site_groups(self.context, self.settings, root, aliases, found.lang)),
            found.page,
            aliases,
            found.lang,
        )
        try:
            # The page reaches the build as every written file does (content_written, with
            # its context): the build fills it once the XML sitemap is written.
            writer.write_file(
                save_as,
                template,
                self.context,
                relative_urls=self.settings.get("RELATIVE_URLS", False),
                url=save_as,
                SITEMAP_HTML_BASE=base,
                **{HTML_PAGE: pending},
            )
        except RuntimeError as exc:
            # Pelican's writer refuses a second write of one file (4.12's
            # FileOverwriteFailedError, "Failed to overwrite"; before, "to be overwritten"):
            # the page's name is taken, by a generator that ran before.
            if "overwrit" not in str(exc):
                raise
            logger.warning(
                "%sSITEMAP['html_sitemap']: %r is a file Pelican writes already (%s); no HTML "
                "sitemap is written: choose another name, e.g. 'sitemap.html'",
                PREFIX,
                save_as,
                _owner(self.context, self.settings, save_as),
            )
            return


def _owner(context: Mapping[str, Any], settings: Mapping[str, Any], save_as: str) -> str:
    """Whose file ``save_as`` is, as a message names it."""
    for key, what in (("articles", "article"), ("pages", "page"), ("hidden_pages", "page")):
        for item in context.get(key, ()):
            for one in (item, *getattr(item, "translations", ())):
                if getattr(one, "save_as", None) == save_as:
                    return f"the {what} {str(one.title)!r}"
    if save_as == settings.get("INDEX_SAVE_AS", "index.html"):
        return "the home page"
    return "an index, a category, tag or author page"


def site_groups(
    context: Mapping[str, Any],
    settings: Mapping[str, Any],
    base: str,
    aliases: dict[str, tuple[str, ...]],
    lang: str | None = None,
) -> Iterable[NavItem]:
    """Home, pages, each category (its articles newest first, each followed by its
    translations), the overview pages (archives, categories, tags, authors), tags, authors;
    titles as the theme shows them (HTML), our labels in ``lang``."""
    site_name = str(context.get("SITENAME") or "Home")
    yield NavItem(site_name, base, markup=True)
    pages = [item for page in context.get("pages", ()) for item in _items(page, base, aliases)]
    if pages:
        yield NavItem(translate(PAGES, lang), None, tuple(pages))
    for category, articles in context.get("categories", ()):
        newest = sorted(articles, key=lambda a: getattr(a, "date", None) or 0, reverse=True)
        items = tuple(item for a in newest for item in _items(a, base, aliases))
        yield NavItem(str(category), _loc(base, category.url), items)
    overviews = []
    for name in settings.get("DIRECT_TEMPLATES", ()) or ():
        if not isinstance(name, str) or name == "index":
            continue
        key = name.upper()
        save_as = str(settings.get(f"{key}_SAVE_AS") or f"{name}.html")
        loc = _loc(base, settings.get(f"{key}_URL") or save_as)
        aliases[loc] = (_loc(base, save_as), _loc(base, without_index(save_as)))
        overviews.append(NavItem(translate(name.replace("_", " ").capitalize(), lang), loc))
    if overviews:
        yield NavItem(translate(ARCHIVES, lang), None, tuple(overviews))
    for label, key in ((TAGS, "tags"), (AUTHORS, "authors")):
        named = [NavItem(str(thing), _loc(base, thing.url)) for thing, _ in context.get(key, ())]
        if named:
            yield NavItem(translate(label, lang), None, tuple(named))


def _items(content: Any, base: str, aliases: dict[str, tuple[str, ...]]) -> Iterable[NavItem]:
    """The content, then its translations (their language after the title)."""
    yield _item(content, base, aliases)
    for translation in getattr(content, "translations", ()) or ():
        item = _item(translation, base, aliases)
        lang = html.escape(str(translation.lang))
        yield NavItem(f"{item.title} ({lang})", item.loc, markup=True)


def _item(content: Any, base: str, aliases: dict[str, tuple[str, ...]]) -> NavItem:
    title = getattr(content, "title", None)
    loc = _loc(base, content.url)
    save_as = str(getattr(content, "save_as", "") or "")
    if save_as and not save_as.startswith("/"):
        # Written elsewhere than its url says (its own save_as): listed where it is written.
        aliases[loc] = (_loc(base, save_as), _loc(base, without_index(save_as)))
    # Pelican's titles are HTML (`Tips &amp; Tricks <code>x</code>`), as themes show them.
    if title:
        return NavItem(str(title), loc, markup=True)
    return NavItem(str(content.url), loc)


def _resolve(
    items: Iterable[NavItem], listed: set[str], aliases: Mapping[str, tuple[str, ...]]
) -> list[NavItem]:
    """Each item at the URL the sitemap lists it under."""
    out = []
    for item in items:
        loc = item.loc
        if loc is not None and loc not in listed:
            loc = next((a for a in aliases.get(loc, ()) if a in listed), loc)
        children = tuple(_resolve(item.children, listed, aliases))
        out.append(NavItem(item.title, loc, children, item.markup))
    return out


def _loc(base: str, url: object) -> str:
    text = str(url or "")
    try:
        return absolute_url(validate_base_url(base), text)
    except (ValueError, SitemapError):
        return base + text


def fill_all(pending: Iterable[Pending], entries: list[HtmlEntry]) -> None:
    """Put the list into every page written in this build.

    :param entries: what the XML sitemap lists, less ``html_exclude``.
    """
    pending = list(pending)
    roots = sorted({p.site_url for p in pending}, key=len, reverse=True)
    for page in pending:
        # The other pages of this instance: under its SITEURL, not under a longer one.
        mine = [
            e.loc
            for e in entries
            if next((r for r in roots if e.loc.startswith(r)), None) == page.site_url
        ]
        others = [NavItem(unquote(loc[len(page.site_url) :]) or "/", loc) for loc in mine]
        items = _resolve(page.items, {e.loc for e in entries}, page.aliases)
        fragment = render_nav_and_toc(
            items, entries, page.loc, page.options, others=others, lang=page.lang
        )[0]
        try:
            filled = fill_slot(page.path, fragment)
        except OSError as exc:
            logger.warning("%scannot fill the HTML sitemap %s: %s", PREFIX, page.path, exc.strerror)
            continue
        if not filled:
            logger.warning(
                "%s%s has no %s marker: the HTML sitemap's list was not added",
                PREFIX,
                page.path,
                SLOT,
            )


def finished(build: Build, report: BuildReport | None) -> None:
    """After the main instance wrote the XML sitemap: fill this build's pages (noted as
    written, with their context).

    :param report: the core's report (its ``html_entries``), or ``None`` when no sitemap was
        written (said in the log): the pages keep their invisible marker.
    """
    if report is not None:
        pending = [context[HTML_PAGE] for _, context in build.written if HTML_PAGE in context]
        fill_all(pending, report.html_entries)
