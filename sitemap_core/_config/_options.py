"""Every option a user sets, declared once: its default, its kind, its range or choices, each
adapter's spelling and a one-line doc.

The Settings checks, the MkDocs config class, the Sphinx ``conf.py`` values, the Pelican
``SITEMAP`` keys, the ``ssg-sitemap build`` flags and the docs' option tables
(``tests/test_docs_site.py``) are all made from or compared with :data:`OPTIONS`. Options only
one adapter has stay in that adapter; Settings fields only an adapter sets keep their defaults
in :class:`~sitemap_core.Settings`.
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
        return getattr(self, adapter)  # type: ignore[no-any-return]

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
        if self.kind == "texts" and (
            not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value)
        ):
            raise ConfigError(f"{self.name}: {value!r} is not a list of strings")
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


def _option(
    name: str, kind: Kind, default: Any, doc: str, offered: str = "mspc", **more: Any
) -> Option:
    """An option spelled the usual way (``name``, ``sitemap_name``, ``--name``) by the adapters
    whose first letters ``offered`` holds (``m``kdocs, ``s``phinx, ``p``elican, ``c``li);
    ``more`` spells the others and sets the rest."""
    usual = {
        "mkdocs": name,
        "sphinx": f"sitemap_{name}",
        "pelican": name,
        "cli": "--" + name.replace("_", "-"),
    }
    spelled = {adapter: text for adapter, text in usual.items() if adapter[0] in offered}
    return Option(name, kind, default, doc, **{**spelled, **more})


OPTIONS: tuple[Option, ...] = (
    _option(
        "filename",
        "text",
        "sitemap.xml",
        "name of the sitemap (or of the index, when sharded) in the output root; "
        "sitemap.txt for the text format",
    ),
    _option("format", "choice", "xml", "xml, or txt: one URL a line", choices=("xml", "txt")),
    _option(
        "gzip",
        "flag",
        False,
        "also write .gz copies of the sitemap files",
        # MkDocs' built-in sitemap writes sitemap.xml.gz.
        defaults=MappingProxyType({"mkdocs": True}),
    ),
    _option("gzip_only", "flag", False, "write only the .gz files (implies gzip)", offered="mpc"),
    _option(
        "max_urls",
        "int",
        PROTOCOL_MAX_URLS,
        f"URLs per file, at most {PROTOCOL_MAX_URLS:,}; more are split into shards and an index",
        limits=(1, PROTOCOL_MAX_URLS),
    ),
    _option(
        "max_bytes",
        "int",
        10_485_760,
        f"uncompressed bytes per file, at most {PROTOCOL_MAX_BYTES:,}",
        limits=(4096, PROTOCOL_MAX_BYTES),
    ),
    _option(
        "exclude",
        "texts",
        (),
        "leave out pages whose URL (relative to the base URL) or source matches a glob",
        offered="mc",
        cli_help="leave out URLs matching GLOB (relative to the base URL); repeatable",
    ),
    _option(
        "changefreq",
        "text",
        None,
        "changefreq of every page (always ... never); omitted when unset",
        offered="msc",
    ),
    _option(
        "priority",
        "number",
        None,
        "priority of every page (0.0 to 1.0); omitted when unset",
        offered="msc",
    ),
    _option(
        "rules",
        "rules",
        (),
        "per-URL defaults: pattern, changefreq, priority; the first match wins",
        offered="ms",
    ),
    _option(
        "lastmod_sources",
        "choices",
        ("front_matter", "metadata", "git"),
        "the lastmod sources, asked in this order",
        offered="msc",
        pelican="lastmod",
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
    _option(
        "publish_date_is_lastmod",
        "flag",
        False,
        "a publish date is the lastmod, not a floor under the later sources",
        offered="msp",
    ),
    _option(
        "precision",
        "choice",
        "datetime",
        "lastmod as a date and time, or a date only",
        offered="mp",
        choices=("datetime", "date"),
    ),
    _option(
        "timezone", "text", None, "IANA zone for dates without one (UTC when unset)", offered="ms"
    ),
    _option(
        "git_date",
        "choice",
        "committer",
        "the committer or the author date from git",
        offered="msp",
        choices=("committer", "author"),
    ),
    _option(
        "git_ignore_revs",
        "file",
        None,
        "a .git-blame-ignore-revs file: commits in it do not count",
        offered="msp",
    ),
    _option(
        "state_file",
        "new_file",
        None,
        "content-hash state file: a page's lastmod moves only when its built file changes",
        offered="msp",
    ),
    _option(
        "robots",
        "flag",
        True,
        "merge a Sitemap: line into the site's robots.txt",
        offered="msp",
        cli="--no-robots",
        cli_help="do not touch robots.txt",
    ),
    _option(
        "preview_detection",
        "flag",
        True,
        "a preview deploy (Netlify, Vercel, a GitHub pull request, Read the Docs) gets no "
        "Sitemap: line in robots.txt",
        offered="msp",
        cli="--no-preview-detection",
        cli_help="write the robots.txt Sitemap: line on a preview deploy too (Netlify, Vercel, "
        "a GitHub pull request, Read the Docs)",
    ),
    _option("alternates", "flag", True, "hreflang alternates between translations", offered="mp"),
    _option(
        "x_default",
        "text",
        None,
        "language whose version is also the x-default alternate",
        offered="msp",
    ),
    _option(
        "i18n_fallbacks",
        "flag",
        False,
        "list mkdocs-static-i18n's copies of untranslated pages",
        offered="m",
        setting=False,
    ),
    _option(
        "html_checks",
        "flag",
        True,
        "read built pages for noindex, canonical, redirects and error pages",
        offered="mp",
        cli="--no-html-checks",
        cli_help="do not read pages for noindex, canonical and redirects",
    ),
    _option(
        "link_summary",
        "flag",
        False,
        # Off by default: check's link pass reads every link of every listed page, +66% to a
        # 2,000-page MkDocs build (benchmarks/mkdocs_site.py, whose nav is on every page).
        "a line in the build's summary counting orphan pages and broken internal links",
    ),
    _option(
        "html_sitemap",
        "text",
        None,
        "a site map page for visitors at this path",
        offered="mpc",
        sphinx="sitemap_html",
        cli_help="also write an HTML sitemap for visitors (e.g. sitemap.html), titles from <title>",
    ),
    _option(
        "html_sitemap_title",
        "text",
        "Site map",
        "the site map page's title (by default in the site's language)",
        offered="m",
        sphinx="sitemap_html_title",
        pelican="html_title",
        page=True,
    ),
    _option(
        "html_sitemap_in_nav",
        "flag",
        False,
        "list the site map page in the site's navigation",
        offered="m",
        setting=False,
    ),
    _option(
        "html_sitemap_dates",
        "flag",
        False,
        "show each page's lastmod beside its link on the site map page",
        offered="m",
        sphinx="sitemap_html_dates",
        pelican="html_dates",
        page=True,
    ),
    _option(
        "html_sitemap_orphans",
        "flag",
        False,
        "mark the pages no other page links (orphans) on the site map page",
        offered="mc",
        sphinx="sitemap_html_orphans",
        pelican="html_orphans",
        page=True,
    ),
    _option(
        "html_exclude",
        "texts",
        (),
        "URL globs of pages kept in the XML sitemap but not on the site map page",
        cli_help="leave pages matching this URL glob out of the HTML sitemap only (repeatable)",
    ),
    _option(
        "xsl",
        "xsl",
        False,
        "name the bundled stylesheet (true) or your own (its URL) in the XML sitemap",
        offered="msp",
        cli="--xsl-href",
        cli_help="name your own stylesheet in the sitemap files instead of ours (nothing written)",
    ),
    _option(
        "include_sitemaps",
        "texts",
        (),
        "other sitemaps (URLs, or paths under the site) to list in an index with this one",
        offered="mp",
        sphinx="sitemap_include",
    ),
    _option(
        "shard_order",
        "choice",
        "url",
        "fill shards in URL order, or oldest first (lastmod: edits change the last shards)",
        choices=("url", "lastmod"),
    ),
    _option(
        "indexnow_key",
        "text",
        None,
        "an IndexNow key: the build writes <key>.txt for 'ssg-sitemap announce'",
    ),
    _option(
        "hooks",
        "file",
        None,
        "a Python file defining filter(entry), transform(entry) and/or extra_urls",
        offered="mc",
        setting=False,
        cli_help="a Python file defining filter(entry), transform(entry) and/or extra_urls "
        "(with --project it replaces the plugin's hooks option)",
    ),
    _option(
        "filter",
        "function",
        None,
        "your filter(entry) -> bool: False leaves the page out",
        offered="sp",
    ),
    _option(
        "transform",
        "function",
        None,
        "your transform(entry) -> Entry | None: a changed entry, or None to leave it out",
        offered="sp",
    ),
    _option(
        "extra_urls",
        "function",
        None,
        "pages the generator did not build: a list (or a function returning one)",
        offered="sp",
    ),
    _option(
        "hooks_errors",
        "choice",
        "fail",
        "an exception in your function fails the build, or is a warning (warn)",
        choices=("fail", "warn"),
    ),
    _option(
        "sections",
        "sections",
        (),
        "one sitemap per section, {glob: name}, listed in an index",
        offered="msp",
        cli="--section",
        cli_help="write the URLs matching GLOB (relative to the base URL) to a sitemap of their "
        "own, sitemap-NAME.xml, listed in the sitemap.xml index; repeatable, first match wins, "
        "the rest go to sitemap-pages.xml",
    ),
    _option("images", "flag", False, "list each page's own images (<image:image>)"),
    _option(
        "llms_txt",
        "flag",
        False,
        "also write llms.txt for coding agents: the sitemap's pages with titles and descriptions",
        cli_help="also write llms.txt for coding agents: the sitemap's pages with titles and "
        f"descriptions, one file per section over {LLMS_BUDGET:,} characters",
    ),
    _option(
        "llms_budget",
        "int",
        LLMS_BUDGET,
        "characters the root llms.txt may have; a larger site gets one per section",
        offered="msp",
        limits=(1000, PROTOCOL_MAX_BYTES),
    ),
    _option(
        "llms_exclude",
        "texts",
        (),
        "URL globs of pages kept in the XML sitemap but left out of llms.txt",
        cli_help="leave pages matching this URL glob out of llms.txt only (repeatable)",
    ),
    _option(
        "llms_markdown_description",
        "text",
        None,
        "Markdown put in the root llms.txt after its summary: instructions for agents "
        "(mkdocs-llmstxt's markdown_description)",
        offered="msp",
    ),
    _option(
        "llms_listings",
        "flag",
        False,
        "also list listing pages in llms.txt (tag, category, archive, page/N, a Sphinx index "
        "or search page; the home page is always listed)",
    ),
    _option(
        "llms_markdown",
        "flag",
        False,
        "also write each listed page's Markdown twin (page.html.md) and link the twins from "
        "llms.txt (turns llms_txt on; needs the llms extra)",
    ),
    _option(
        "llms_full",
        "flag",
        False,
        "also write llms-full.txt: the twins' Markdown in llms.txt's order (turns "
        "llms_markdown on)",
    ),
    _option(
        "llms_full_split",
        "flag",
        False,
        "split llms-full.txt per section as llms.txt is split over llms_budget (default: one "
        "file of every listed page's text)",
    ),
    _option("strict", "flag", False, "any sitemap warning fails the build"),
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
