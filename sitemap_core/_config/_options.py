"""Every option a user sets, declared once: its default, its kind, its range or choices, each
adapter's spelling and a one-line doc.

Made from :data:`OPTIONS`: the defaults and the choice and range checks of
:class:`~sitemap_core.Settings`; the MkDocs plugin's config class and the options
``ssg-sitemap build --project`` reads; the Sphinx ``conf.py`` values; the Pelican ``SITEMAP``
keys; the ``ssg-sitemap build`` flags; the docs' option tables are compared with it
(``tests/test_docs_site.py``). An option an adapter does not offer has ``None`` as its
spelling there.

Adapter-only options stay in their adapter, because no other adapter has them: Sphinx's
sphinx-sitemap values that shape URLs (``site_url``, ``sitemap_url_scheme``,
``sitemap_locales``, ``sitemap_excludes``, ``sitemap_show_lastmod``, ``sitemap_indent``;
``plugins/sphinx/config.py``), pelican-sitemap's ``priorities``, ``changefreqs``, ``exclude``
(regular expressions), ``static`` and ``include_hidden`` (``plugins/pelican/config.py``), and
pelican-sitemap's neighbour ``html_template`` (the template the site map page extends), and
the command line's ``--base-url``, ``--project``, ``--keep-index-html``,
``--html-sitemap-into`` and ``--xsl`` (``sitemap_core/_cli/_build.py``). Settings fields that
only an adapter sets (``html_themed``, ``output_path``, ``kinds``...) keep their defaults in
:class:`~sitemap_core.Settings`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from sitemap_core._errors import ConfigError

#: The protocol's hard limits.
PROTOCOL_MAX_URLS = 50_000
PROTOCOL_MAX_BYTES = 52_428_800
#: Characters an llms.txt may have: checkers of the format fail longer files.
LLMS_BUDGET = 50_000

LASTMOD_SOURCES = ("front_matter", "metadata", "html", "git", "mtime")

Adapter = Literal["mkdocs", "sphinx", "pelican", "cli"]
ADAPTERS: tuple[Adapter, ...] = ("mkdocs", "sphinx", "pelican", "cli")

#: What a value is, as a user writes it; each adapter turns a kind into its own check:
#: ``flag`` True or False; ``int`` a whole number in ``limits``; ``text`` a string (``None``
#: when the default is); ``choice`` one of ``choices``; ``choices`` a list of them; ``texts`` a
#: list of strings; ``number`` a priority (0.0 to 1.0); ``rules`` a list of mappings
#: (:class:`~sitemap_core.Rule`); ``sections`` a ``{glob: name}`` mapping; ``file`` an existing
#: file; ``new_file`` a file that may not exist yet; ``xsl`` True, False or a URL; ``function``
#: the site's own function (from Python configuration only).
Kind = Literal[
    "flag",
    "int",
    "text",
    "choice",
    "choices",
    "texts",
    "number",
    "rules",
    "sections",
    "file",
    "new_file",
    "xsl",
    "function",
]


@dataclass(frozen=True, slots=True)
class Option:
    """One option.

    :param name: the :class:`~sitemap_core.Settings` field it sets (or, with ``setting``
        false, the name the adapters' code reads it by).
    :param kind: what a value is (see :data:`Kind`).
    :param default: the default, immutable (tuples for lists); ``defaults`` holds an adapter's
        own where it differs.
    :param doc: one line, for the command line's help and the reader of this table.
    :param mkdocs: the MkDocs plugin's option (also read by ``build --project``).
    :param sphinx: the ``conf.py`` value.
    :param pelican: the ``SITEMAP`` key.
    :param cli: the ``ssg-sitemap build`` flag.
    :param choices: the values a ``choice`` or ``choices`` option takes.
    :param limits: the lowest and highest value of an ``int`` option.
    :param setting: a :class:`~sitemap_core.Settings` field; ``False``: the adapters read it
        themselves (whether the site map page is in MkDocs' navigation).
    :param page: an option of the site map page: the renderer takes it in its one
        ``PageOptions`` value (``_html_sitemap/_page.py``), which every adapter hands over whole.
    :param defaults: an adapter's default where it differs from ``default`` (MkDocs writes
        ``sitemap.xml.gz`` as its built-in sitemap does).
    :param cli_help: the flag's help when ``doc`` does not fit the command line.
    """

    name: str
    kind: Kind
    default: Any
    doc: str
    mkdocs: str | None = None
    sphinx: str | None = None
    pelican: str | None = None
    cli: str | None = None
    choices: tuple[str, ...] = ()
    limits: tuple[int, int] | None = None
    setting: bool = True
    page: bool = False
    defaults: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    cli_help: str | None = None

    def spelling(self, adapter: Adapter) -> str | None:
        """How ``adapter``'s users write this option (``None``: not offered there)."""
        spelled: str | None = getattr(self, adapter)
        return spelled

    def default_for(self, adapter: Adapter) -> Any:
        """The default as ``adapter``'s users would write it: lists as lists, mappings as
        dicts (a fresh copy each time)."""
        value = self.defaults.get(adapter, self.default)
        if self.kind == "sections":
            return dict(value)
        if isinstance(value, tuple):
            return list(value)
        return value

    def check(self, value: object) -> None:
        """The kind, choice and range rules of this option, for a value the core is given
        (an adapter has made a relative ``file`` absolute where its users' paths start).

        :raises ConfigError: naming the option by its Settings name.
        """
        if self.kind == "flag" and not isinstance(value, bool):
            raise ConfigError(f"{self.name}: {value!r} is not True or False")
        if self.kind == "text" and not (
            isinstance(value, str) or (value is None and self.default is None)
        ):
            raise ConfigError(f"{self.name}: {value!r} is not a string")
        if self.kind == "file" and value is not None:
            path = Path(value)  # type: ignore[arg-type]
            if path.is_absolute() and not path.is_file():
                raise ConfigError(f"{self.name}: no file {str(path)!r}")
        if self.kind == "choice" and value not in self.choices:
            allowed = " or ".join(repr(choice) for choice in self.choices)
            raise ConfigError(f"{self.name}: {value!r} is not {allowed}")
        if self.kind == "choices":
            for item in value:  # type: ignore[attr-defined]
                if item not in self.choices:
                    raise ConfigError(
                        f"{self.name}: {item!r} is not one of {', '.join(self.choices)}"
                    )
        if self.limits is not None:
            low, high = self.limits
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ConfigError(
                    f"{self.name}: {value!r} must be a whole number from {low:,} to {high:,}"
                )


OPTIONS: tuple[Option, ...] = (
    Option(
        "filename",
        "text",
        "sitemap.xml",
        "name of the sitemap (or of the index, when sharded) in the output root; "
        "sitemap.txt for the text format",
        mkdocs="filename",
        sphinx="sitemap_filename",
        pelican="filename",
        cli="--filename",
    ),
    Option(
        "format",
        "choice",
        "xml",
        "xml, or txt: one URL a line",
        mkdocs="format",
        sphinx="sitemap_format",
        pelican="format",
        cli="--format",
        choices=("xml", "txt"),
    ),
    Option(
        "gzip",
        "flag",
        False,
        "also write .gz copies of the sitemap files",
        mkdocs="gzip",
        sphinx="sitemap_gzip",
        pelican="gzip",
        cli="--gzip",
        # MkDocs' built-in sitemap writes sitemap.xml.gz.
        defaults=MappingProxyType({"mkdocs": True}),
    ),
    Option(
        "gzip_only",
        "flag",
        False,
        "write only the .gz files (implies gzip)",
        mkdocs="gzip_only",
        pelican="gzip_only",
        cli="--gzip-only",
    ),
    Option(
        "max_urls",
        "int",
        PROTOCOL_MAX_URLS,
        f"URLs per file, at most {PROTOCOL_MAX_URLS:,}; more are split into shards and an index",
        mkdocs="max_urls",
        sphinx="sitemap_max_urls",
        pelican="max_urls",
        cli="--max-urls",
        limits=(1, PROTOCOL_MAX_URLS),
    ),
    Option(
        "max_bytes",
        "int",
        10_485_760,
        f"uncompressed bytes per file, at most {PROTOCOL_MAX_BYTES:,}",
        mkdocs="max_bytes",
        sphinx="sitemap_max_bytes",
        pelican="max_bytes",
        cli="--max-bytes",
        limits=(4096, PROTOCOL_MAX_BYTES),
    ),
    Option(
        "exclude",
        "texts",
        (),
        "leave out pages whose URL (relative to the base URL) or source matches a glob",
        mkdocs="exclude",
        cli="--exclude",
        cli_help="leave out URLs matching GLOB (relative to the base URL); repeatable",
    ),
    Option(
        "changefreq",
        "text",
        None,
        "changefreq of every page (always ... never); omitted when unset",
        mkdocs="changefreq",
        sphinx="sitemap_changefreq",
        cli="--changefreq",
    ),
    Option(
        "priority",
        "number",
        None,
        "priority of every page (0.0 to 1.0); omitted when unset",
        mkdocs="priority",
        sphinx="sitemap_priority",
        cli="--priority",
    ),
    Option(
        "rules",
        "rules",
        (),
        "per-URL defaults: pattern, changefreq, priority; the first match wins",
        mkdocs="rules",
        sphinx="sitemap_rules",
    ),
    Option(
        "lastmod_sources",
        "choices",
        ("front_matter", "metadata", "git"),
        "the lastmod sources, asked in this order",
        mkdocs="lastmod_sources",
        sphinx="sitemap_lastmod_sources",
        pelican="lastmod",
        cli="--lastmod-sources",
        choices=LASTMOD_SOURCES,
        defaults=MappingProxyType(
            {
                # sphinx-sitemap's sitemap_show_lastmod decides when this is unset.
                "sphinx": None,
                # A built site's pages often state their own dates; git needs --project.
                "cli": ("front_matter", "metadata", "html", "git"),
            }
        ),
        cli_help="lastmod sources in order, comma-separated, from "
        f"{','.join(LASTMOD_SOURCES)}; empty: no lastmod; git and mtime dates need --project (a "
        "built page does not name its source)",
    ),
    Option(
        "publish_date_is_lastmod",
        "flag",
        False,
        "a publish date is the lastmod, not a floor under the later sources",
        mkdocs="publish_date_is_lastmod",
        sphinx="sitemap_publish_date_is_lastmod",
        pelican="publish_date_is_lastmod",
    ),
    Option(
        "precision",
        "choice",
        "datetime",
        "lastmod as a date and time, or a date only",
        mkdocs="precision",
        pelican="precision",
        choices=("datetime", "date"),
    ),
    Option(
        "timezone",
        "text",
        None,
        "IANA zone for dates without one (UTC when unset)",
        mkdocs="timezone",
        sphinx="sitemap_timezone",
    ),
    Option(
        "git_date",
        "choice",
        "committer",
        "the committer or the author date from git",
        mkdocs="git_date",
        sphinx="sitemap_git_date",
        pelican="git_date",
        choices=("committer", "author"),
    ),
    Option(
        "git_ignore_revs",
        "file",
        None,
        "a .git-blame-ignore-revs file: commits in it do not count",
        mkdocs="git_ignore_revs",
        sphinx="sitemap_git_ignore_revs",
        pelican="git_ignore_revs",
    ),
    Option(
        "state_file",
        "new_file",
        None,
        "content-hash state file: a page's lastmod moves only when its built file changes",
        mkdocs="state_file",
        sphinx="sitemap_state_file",
        pelican="state_file",
    ),
    Option(
        "robots",
        "flag",
        True,
        "merge a Sitemap: line into the site's robots.txt",
        mkdocs="robots",
        sphinx="sitemap_robots",
        pelican="robots",
        cli="--no-robots",
        cli_help="do not touch robots.txt",
    ),
    Option(
        "preview_detection",
        "flag",
        True,
        "a preview deploy (Netlify, Vercel, a GitHub pull request, Read the Docs) gets no "
        "Sitemap: line in robots.txt",
        mkdocs="preview_detection",
        sphinx="sitemap_preview_detection",
        pelican="preview_detection",
        cli="--no-preview-detection",
        cli_help="write the robots.txt Sitemap: line on a preview deploy too (Netlify, Vercel, "
        "a GitHub pull request, Read the Docs)",
    ),
    Option(
        "alternates",
        "flag",
        True,
        "hreflang alternates between translations",
        mkdocs="alternates",
        pelican="alternates",
    ),
    Option(
        "x_default",
        "text",
        None,
        "language whose version is also the x-default alternate",
        mkdocs="x_default",
        sphinx="sitemap_x_default",
        pelican="x_default",
    ),
    Option(
        "i18n_fallbacks",
        "flag",
        False,
        "list mkdocs-static-i18n's copies of untranslated pages",
        mkdocs="i18n_fallbacks",
        setting=False,
    ),
    Option(
        "html_checks",
        "flag",
        True,
        "read built pages for noindex, canonical, redirects and error pages",
        mkdocs="html_checks",
        pelican="html_checks",
        cli="--no-html-checks",
        cli_help="do not read pages for noindex, canonical and redirects",
    ),
    Option(
        "html_sitemap",
        "text",
        None,
        "a site map page for visitors at this path",
        mkdocs="html_sitemap",
        sphinx="sitemap_html",
        pelican="html_sitemap",
        cli="--html-sitemap",
        cli_help="also write an HTML sitemap for visitors (e.g. sitemap.html), titles from <title>",
    ),
    Option(
        "html_sitemap_title",
        "text",
        "Site map",
        "the site map page's title (by default in the site's language)",
        mkdocs="html_sitemap_title",
        sphinx="sitemap_html_title",
        pelican="html_title",
        page=True,
    ),
    Option(
        "html_sitemap_in_nav",
        "flag",
        False,
        "list the site map page in the site's navigation",
        mkdocs="html_sitemap_in_nav",
        setting=False,
    ),
    Option(
        "html_sitemap_dates",
        "flag",
        False,
        "show each page's lastmod beside its link on the site map page",
        mkdocs="html_sitemap_dates",
        sphinx="sitemap_html_dates",
        pelican="html_dates",
        page=True,
    ),
    Option(
        "html_exclude",
        "texts",
        (),
        "URL globs of pages kept in the XML sitemap but not on the site map page",
        mkdocs="html_exclude",
        sphinx="sitemap_html_exclude",
        pelican="html_exclude",
        cli="--html-exclude",
        cli_help="leave pages matching this URL glob out of the HTML sitemap only (repeatable)",
    ),
    Option(
        "xsl",
        "xsl",
        False,
        "name the bundled stylesheet (true) or your own (its URL) in the XML sitemap",
        mkdocs="xsl",
        sphinx="sitemap_xsl",
        pelican="xsl",
        cli="--xsl-href",
        cli_help="name your own stylesheet in the sitemap files instead of ours (nothing written)",
    ),
    Option(
        "include_sitemaps",
        "texts",
        (),
        "other sitemaps (URLs, or paths under the site) to list in an index with this one",
        mkdocs="include_sitemaps",
        sphinx="sitemap_include",
        pelican="include_sitemaps",
    ),
    Option(
        "shard_order",
        "choice",
        "url",
        "fill shards in URL order, or oldest first (lastmod: edits change the last shards)",
        mkdocs="shard_order",
        sphinx="sitemap_shard_order",
        pelican="shard_order",
        cli="--shard-order",
        choices=("url", "lastmod"),
    ),
    Option(
        "indexnow_key",
        "text",
        None,
        "an IndexNow key: the build writes <key>.txt for 'ssg-sitemap announce'",
        mkdocs="indexnow_key",
        sphinx="sitemap_indexnow_key",
        pelican="indexnow_key",
        cli="--indexnow-key",
    ),
    Option(
        "hooks",
        "file",
        None,
        "a Python file defining filter(entry), transform(entry) and/or extra_urls",
        mkdocs="hooks",
        cli="--hooks",
        setting=False,
        cli_help="a Python file defining filter(entry), transform(entry) and/or extra_urls "
        "(with --project it replaces the plugin's hooks option)",
    ),
    Option(
        "filter",
        "function",
        None,
        "your filter(entry) -> bool: False leaves the page out",
        sphinx="sitemap_filter",
        pelican="filter",
    ),
    Option(
        "transform",
        "function",
        None,
        "your transform(entry) -> Entry | None: a changed entry, or None to leave it out",
        sphinx="sitemap_transform",
        pelican="transform",
    ),
    Option(
        "extra_urls",
        "function",
        None,
        "pages the generator did not build: a list (or a function returning one)",
        sphinx="sitemap_extra_urls",
        pelican="extra_urls",
    ),
    Option(
        "hooks_errors",
        "choice",
        "fail",
        "an exception in your function fails the build, or is a warning (warn)",
        mkdocs="hooks_errors",
        sphinx="sitemap_hooks_errors",
        pelican="hooks_errors",
        cli="--hooks-errors",
        choices=("fail", "warn"),
    ),
    Option(
        "sections",
        "sections",
        (),
        "one sitemap per section, {glob: name}, listed in an index",
        mkdocs="sections",
        sphinx="sitemap_sections",
        pelican="sections",
        cli="--section",
        cli_help="write the URLs matching GLOB (relative to the base URL) to a sitemap of their "
        "own, sitemap-NAME.xml, listed in the sitemap.xml index; repeatable, first match wins, "
        "the rest go to sitemap-pages.xml",
    ),
    Option(
        "images",
        "flag",
        False,
        "list each page's own images (<image:image>)",
        mkdocs="images",
        sphinx="sitemap_images",
        pelican="images",
        cli="--images",
    ),
    Option(
        "llms_txt",
        "flag",
        False,
        "also write llms.txt for coding agents: the sitemap's pages with titles and descriptions",
        mkdocs="llms_txt",
        sphinx="sitemap_llms_txt",
        pelican="llms_txt",
        cli="--llms-txt",
        cli_help="also write llms.txt for coding agents: the sitemap's pages with titles and "
        f"descriptions, one file per section over {LLMS_BUDGET:,} characters",
    ),
    Option(
        "llms_budget",
        "int",
        LLMS_BUDGET,
        "characters the root llms.txt may have; a larger site gets one per section",
        mkdocs="llms_budget",
        sphinx="sitemap_llms_budget",
        pelican="llms_budget",
        limits=(1000, PROTOCOL_MAX_BYTES),
    ),
    Option(
        "llms_exclude",
        "texts",
        (),
        "URL globs of pages kept in the XML sitemap but left out of llms.txt",
        mkdocs="llms_exclude",
        sphinx="sitemap_llms_exclude",
        pelican="llms_exclude",
        cli="--llms-exclude",
        cli_help="leave pages matching this URL glob out of llms.txt only (repeatable)",
    ),
    Option(
        "llms_markdown_description",
        "text",
        None,
        "Markdown put in the root llms.txt after its summary: instructions for agents "
        "(mkdocs-llmstxt's markdown_description)",
        mkdocs="llms_markdown_description",
        sphinx="sitemap_llms_markdown_description",
        pelican="llms_markdown_description",
    ),
    Option(
        "llms_listings",
        "flag",
        False,
        "also list listing pages in llms.txt (tag, category, archive, page/N, a Sphinx index "
        "or search page; the home page is always listed)",
        mkdocs="llms_listings",
        sphinx="sitemap_llms_listings",
        pelican="llms_listings",
        cli="--llms-listings",
    ),
    Option(
        "llms_markdown",
        "flag",
        False,
        "also write each listed page's Markdown twin (page.html.md) and link the twins from "
        "llms.txt (turns llms_txt on; needs the llms extra)",
        mkdocs="llms_markdown",
        sphinx="sitemap_llms_markdown",
        pelican="llms_markdown",
        cli="--llms-markdown",
    ),
    Option(
        "llms_full",
        "flag",
        False,
        "also write llms-full.txt: the twins' Markdown in llms.txt's order (turns "
        "llms_markdown on)",
        mkdocs="llms_full",
        sphinx="sitemap_llms_full",
        pelican="llms_full",
        cli="--llms-full",
    ),
    Option(
        "llms_full_split",
        "flag",
        False,
        "split llms-full.txt per section as llms.txt is split over llms_budget (default: one "
        "file of every listed page's text)",
        mkdocs="llms_full_split",
        sphinx="sitemap_llms_full_split",
        pelican="llms_full_split",
        cli="--llms-full-split",
    ),
    Option(
        "strict",
        "flag",
        False,
        "any sitemap warning fails the build",
        mkdocs="strict",
        sphinx="sitemap_strict",
        pelican="strict",
        cli="--strict",
    ),
)

#: The options by name.
BY_NAME: Mapping[str, Option] = MappingProxyType({option.name: option for option in OPTIONS})
#: The core's default of each option (the :class:`~sitemap_core.Settings` fields' defaults).
DEFAULT: Mapping[str, Any] = MappingProxyType({option.name: option.default for option in OPTIONS})


def offered(adapter: Adapter) -> tuple[Option, ...]:
    """The options ``adapter`` offers, in table order."""
    return tuple(option for option in OPTIONS if option.spelling(adapter) is not None)


def spellings(adapter: Adapter) -> dict[str, str]:
    """Each option ``adapter`` offers, by name, mapped to its spelling there: an error the core
    raises about ``max_urls`` names ``sitemap_max_urls`` in Sphinx, ``--max-urls`` on the
    command line."""
    return {
        option.name: spelled
        for option in OPTIONS
        if (spelled := option.spelling(adapter)) is not None
    }
