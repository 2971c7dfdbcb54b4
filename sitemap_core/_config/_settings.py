"""Settings: one frozen dataclass; each adapter maps its generator's config onto it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sitemap_core._config._names import STYLESHEET, SitemapNames
from sitemap_core._config._options import BY_NAME, DEFAULT, OPTIONS
from sitemap_core._config._sections import Sections, parse_sections, section_names
from sitemap_core._config._user_hooks import HooksErrors, check_functions
from sitemap_core._errors import ConfigError
from sitemap_core._util.text import is_text, short
from sitemap_core._values import Lastmod, parse_changefreq, parse_priority, validate_base_url

DEFAULT_MAX_BYTES: int = DEFAULT["max_bytes"]
#: The command line's default order: a built site's pages often state their own dates.
CLI_LASTMOD_SOURCES: tuple[str, ...] = BY_NAME["lastmod_sources"].defaults["cli"]
Format = Literal["xml", "txt"]
Precision = Literal["datetime", "date"]
DateKind = Literal["committer", "author"]
UtcSuffix = Literal["Z", "+00:00"]
ShardOrder = Literal["url", "lastmod"]

T = TypeVar("T")
_FILENAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
#: IndexNow keys: 8 to 128 letters, digits and dashes.
INDEXNOW_KEY_RE = re.compile(r"^[A-Za-z0-9-]{8,128}$")


@dataclass(frozen=True, slots=True)
class Rule:
    """Per-pattern defaults: pages whose URL matches ``pattern`` (a glob) get these values.

    :param pattern: glob on the URL path relative to the base URL (``"blog/*"``).
    :param changefreq: changefreq for matching pages, or ``None`` to leave it.
    :param priority: priority for matching pages, or ``None`` to leave it.
    """

    pattern: str
    changefreq: str | None = None
    priority: float | None = None

    @classmethod
    def from_mapping(cls, raw: object) -> Rule:
        """A rule from configuration: ``{pattern: ..., changefreq: ..., priority: ...}`` (MkDocs
        ``rules``, Sphinx ``sitemap_rules``); the adapters put their option's name before the
        message.

        :raises ConfigError: not a mapping, no string ``pattern``, an unknown key, a bad value.
        """
        if not isinstance(raw, Mapping):
            raise ConfigError(
                f"{raw!r} is not a mapping {{pattern: ..., changefreq: ..., priority: ...}}"
            )
        unknown = sorted(str(key) for key in set(raw) - {"pattern", "changefreq", "priority"})
        if unknown or not isinstance(raw.get("pattern"), str):
            extra = f" (unknown: {', '.join(unknown)})" if unknown else ""
            raise ConfigError(
                f"{dict(raw)!r} needs a 'pattern' and may have 'changefreq' and 'priority' "
                f"only{extra}"
            )
        return cls(raw["pattern"], raw.get("changefreq"), raw.get("priority"))

    def __post_init__(self) -> None:
        where = f"rule {self.pattern!r}"
        object.__setattr__(self, "changefreq", _config(parse_changefreq, self.changefreq, where))
        object.__setattr__(self, "priority", _config(parse_priority, self.priority, where))


@dataclass(frozen=True, slots=True)
class KindDefaults:
    """Defaults for one kind of page (``article``, ``page``, ``index``...)."""

    changefreq: str | None = None
    priority: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "changefreq", _config(parse_changefreq, self.changefreq, "kind"))
        object.__setattr__(self, "priority", _config(parse_priority, self.priority, "kind"))


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the core needs to know about a build.

    A field an option sets (``filename``, ``gzip``, ``llms_txt``...) takes that option's
    default and check from :data:`sitemap_core._config._options.OPTIONS`, where its one-line
    doc lives (the option tables of ``docs/`` show them all). The fields below only an adapter
    sets.

    :param base_url: absolute ``http(s)`` URL of the site root. ``None`` or ``""``: no sitemap
        is written.
    :param kinds: defaults by record kind; they win over the global defaults.
    :param metadata_dates: the names in ``PageRecord.dates`` tried by the ``metadata`` source.
    :param publish_dates: which of those names are publish dates: a floor for the sources
        after ``metadata`` (lastmod is the newer of the two), not an answer.
    :param utc_suffix: how a zero UTC offset is written in lastmod: ``"Z"`` or ``"+00:00"``.
    :param html_themed: the generator renders the HTML sitemap in its own theme: the build
        hands the listed entries to the adapter (``BuildReport.html_entries``).
    :param output_path: where the output folder is served, relative to ``base_url``
        (``"ja/"``); ``""`` when the output root is the site root.
    :param index_filename: the index's name when the sitemap is sharded (``None``: the
        ``filename`` itself).
    :param versioned: the output is one version of versioned docs: a canonical link naming
        the same page in a sibling version folder keeps the page listed.
    :param site_name: the site's name (llms.txt's heading; ``None``: the base URL's host).
    :param site_description: one line about the site (llms.txt's blockquote), or ``None``.
    :param site_names: each language's own site name, by its tag.
    """

    base_url: str | None
    # The defaults of the options users set are the option table's (_options.OPTIONS).
    filename: str = DEFAULT["filename"]
    format: Format = DEFAULT["format"]
    gzip: bool = DEFAULT["gzip"]
    gzip_only: bool = DEFAULT["gzip_only"]
    max_urls: int = DEFAULT["max_urls"]
    max_bytes: int = DEFAULT["max_bytes"]
    exclude: tuple[str, ...] = DEFAULT["exclude"]
    changefreq: str | None = DEFAULT["changefreq"]
    priority: float | None = DEFAULT["priority"]
    kinds: Mapping[str, KindDefaults] = field(default_factory=dict)
    rules: tuple[Rule, ...] = DEFAULT["rules"]
    lastmod_sources: tuple[str, ...] = DEFAULT["lastmod_sources"]
    metadata_dates: tuple[str, ...] = ("modified", "date")
    precision: Precision = DEFAULT["precision"]
    timezone: str | None = DEFAULT["timezone"]
    git_date: DateKind = DEFAULT["git_date"]
    git_ignore_revs: Path | None = DEFAULT["git_ignore_revs"]
    state_file: Path | None = DEFAULT["state_file"]
    robots: bool = DEFAULT["robots"]
    preview_detection: bool = DEFAULT["preview_detection"]
    alternates: bool = DEFAULT["alternates"]
    x_default: str | None = DEFAULT["x_default"]
    html_checks: bool = DEFAULT["html_checks"]
    strict: bool = DEFAULT["strict"]
    html_sitemap: str | None = DEFAULT["html_sitemap"]
    html_sitemap_title: str = DEFAULT["html_sitemap_title"]
    html_sitemap_dates: bool = DEFAULT["html_sitemap_dates"]
    html_sitemap_orphans: bool = DEFAULT["html_sitemap_orphans"]
    link_summary: bool = DEFAULT["link_summary"]
    html_themed: bool = False
    html_exclude: tuple[str, ...] = DEFAULT["html_exclude"]
    xsl: bool | str = DEFAULT["xsl"]
    include_sitemaps: tuple[str, ...] = DEFAULT["include_sitemaps"]
    publish_dates: tuple[str, ...] = ("date", "created")
    publish_date_is_lastmod: bool = DEFAULT["publish_date_is_lastmod"]
    shard_order: ShardOrder = DEFAULT["shard_order"]
    indexnow_key: str | None = DEFAULT["indexnow_key"]
    utc_suffix: UtcSuffix = "Z"
    output_path: str = ""
    versioned: bool = False
    index_filename: str | None = None
    filter: Callable[[Any], Any] | None = DEFAULT["filter"]
    transform: Callable[[Any], Any] | None = DEFAULT["transform"]
    extra_urls: Any = DEFAULT["extra_urls"]
    hooks_errors: HooksErrors = DEFAULT["hooks_errors"]
    sections: Sections | Mapping[str, str] = DEFAULT["sections"]
    images: bool = DEFAULT["images"]
    llms_txt: bool = DEFAULT["llms_txt"]
    llms_budget: int = DEFAULT["llms_budget"]
    llms_exclude: tuple[str, ...] = DEFAULT["llms_exclude"]
    llms_listings: bool = DEFAULT["llms_listings"]
    llms_markdown_description: str | None = DEFAULT["llms_markdown_description"]
    llms_markdown: bool = DEFAULT["llms_markdown"]
    llms_full: bool = DEFAULT["llms_full"]
    llms_full_split: bool = DEFAULT["llms_full_split"]
    site_name: str | None = None
    site_description: str | None = None
    site_names: Mapping[str, str] = field(default_factory=dict)

    def lastmod_text(self, lastmod: Lastmod | None) -> str | None:
        """``lastmod`` as this build's sitemap writes it (W3C Datetime, its precision)."""
        return None if lastmod is None else lastmod.w3c(self.precision, self.utc_suffix)

    @property
    def output_url(self) -> str:
        """The URL the output folder is served at: ``base_url`` + ``output_path``."""
        return (self.base_url or "") + self.output_path

    def __post_init__(self) -> None:
        if self.base_url:
            object.__setattr__(self, "base_url", validate_base_url(self.base_url))
        if self.format == "txt" and self.filename == DEFAULT["filename"]:
            # The default name follows the format: a text sitemap is sitemap.txt.
            object.__setattr__(self, "filename", "sitemap.txt")
        _check_filename(self.filename)
        if isinstance(self.filename, str) and self.filename.lower().endswith(".gz"):
            # sitemap.xml.gz names the file crawlers fetch: only the .gz files are written.
            object.__setattr__(self, "filename", self.filename[:-3])
            object.__setattr__(self, "gzip_only", True)
        _check_extension("filename", self.filename, ".txt" if self.format == "txt" else ".xml")
        if self.gzip_only and not self.gzip:
            # gzip_only alone would write no file at all while robots.txt names the .gz.
            object.__setattr__(self, "gzip", True)
        if self.html_sitemap is not None:
            _check_filename(self.html_sitemap, "html_sitemap")
        # The full text is the twins' text, and the twins are linked from llms.txt.
        if self.llms_full and not self.llms_markdown:
            object.__setattr__(self, "llms_markdown", True)
        if self.llms_markdown and not self.llms_txt:
            object.__setattr__(self, "llms_txt", True)
        _check_xsl(self.xsl)
        if self.index_filename is not None:
            _check_filename(self.index_filename, "index_filename")
            _check_extension("index_filename", self.index_filename, ".xml")
        object.__setattr__(self, "publish_dates", tuple(self.publish_dates))
        title = self.html_sitemap_title
        if not isinstance(title, str) or not title.strip():
            raise ConfigError(f"html_sitemap_title: {short(title)} is not a non-empty string")
        for option in (option for option in OPTIONS if option.setting):
            option.check(getattr(self, option.name))
            if option.kind == "texts":  # a list as given: kept as a tuple
                object.__setattr__(self, option.name, tuple(getattr(self, option.name)))
        object.__setattr__(self, "changefreq", _config(parse_changefreq, self.changefreq, ""))
        object.__setattr__(self, "priority", _config(parse_priority, self.priority, ""))
        if self.utc_suffix not in ("Z", "+00:00"):
            raise ConfigError(f"utc_suffix: {self.utc_suffix!r} is not 'Z' or '+00:00'")
        _check_output_path(self.output_path)
        if self.indexnow_key is not None:
            check_indexnow_key(self.indexnow_key)
        if isinstance(self.extra_urls, list):
            object.__setattr__(self, "extra_urls", tuple(self.extra_urls))
        check_functions(self.filter, self.transform, self.extra_urls)
        object.__setattr__(self, "sections", parse_sections(self.sections))
        self._check_collisions()
        self.tzinfo()  # validates the name

    @property
    def names(self) -> SitemapNames:
        """The file names this build's settings give."""
        return SitemapNames(self.filename, self.gzip_only, self.index_filename)

    def check_free_name(self, name: str, setting: str, given: str) -> None:
        """``name``, a file or folder another setting puts in the output root, is none of the
        files this build writes (sitemap files, their gzip copies, the stylesheet) nor
        robots.txt.

        :param setting: the setting, and ``given`` its value, as messages name them.
        :raises ConfigError: naming the setting.
        """
        names = self.names
        own = {self.filename, names.index, names.cross_index}
        own |= {n + ".gz" for n in own}
        if self.xsl is True:
            own.add(STYLESHEET)
        if name.lower() == "robots.txt" or name in own or names.owned.match(name):
            raise ConfigError(
                f"{setting}: {given!r} is the name of robots.txt or of a file this build "
                f"writes (filename {self.filename!r}); choose another name, e.g. 'sitemap.html'"
            )

    def _check_collisions(self) -> None:
        """No two files of ours share a name, and none is robots.txt.

        :raises ConfigError: naming both settings.
        """
        names = self.names
        own = {self.filename, names.index, names.cross_index}
        own |= {name + ".gz" for name in own}
        if "robots.txt" in {name.lower() for name in own}:
            raise ConfigError(
                f"filename: {self.filename!r} would overwrite the site's robots.txt; choose "
                "another name"
            )
        html = self.html_sitemap
        if html is not None:
            self.check_free_name(html, "html_sitemap", html)
        for section in section_names(self.named_sections) if self.sections else ():
            # sitemap-NAME.xml, or its shards sitemap-NAME-N.xml, must not be the index.
            stem = names.section(section).removesuffix(names.ext)
            if names.index == stem + names.ext or re.fullmatch(
                rf"{re.escape(stem)}-\d+{re.escape(names.ext)}", names.index
            ):
                raise ConfigError(
                    f"sections: the section {section!r} would write {names.index}, the name "
                    "of the index over the sections; choose another section name"
                )
        if self.indexnow_key is not None:
            key_file = f"{self.indexnow_key}.txt"
            if key_file in own or key_file == html or names.owned.match(key_file):
                raise ConfigError(
                    f"indexnow_key: its key file {key_file!r} would have the name of a sitemap "
                    "file; choose another key or filename"
                )

    @property
    def stylesheet(self) -> bool | str:
        """The ``xsl`` setting where it applies: XML sitemaps, and their index. A text sitemap
        has no place for the line, so with ``format: txt`` no file names a stylesheet and
        none is written (the index over text shards would name one nobody writes)."""
        return self.xsl if self.format == "xml" else False

    @property
    def named_sections(self) -> Sections:
        """``sections`` as checked ``(glob, name)`` pairs, in order."""
        return self.sections  # type: ignore[return-value]  # normalised in __post_init__

    @property
    def has_base_url(self) -> bool:
        """Whether a sitemap can be written at all."""
        return bool(self.base_url)

    def tzinfo(self) -> dt.tzinfo:
        """The timezone for naive dates (UTC when unset)."""
        if not self.timezone:
            return dt.timezone.utc
        try:
            return ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ConfigError(f"timezone: {self.timezone!r} is not a known IANA zone") from exc


def _config(parse: Callable[[object], T], value: object, where: str) -> T:
    """Run a field parser; turn its ValueError into a ConfigError naming the setting."""
    name = parse.__name__.removeprefix("parse_")
    try:
        return parse(value)
    except ValueError as exc:
        prefix = f"{where}: " if where else ""
        raise ConfigError(f"{prefix}{name}: {exc}") from None


def _check_filename(name: str, setting: str = "filename") -> None:
    if not isinstance(name, str) or not _FILENAME_RE.match(name) or ".." in name:
        raise ConfigError(
            f"{setting}: {name!r} must be a plain file name in the output root "
            "(letters, digits, '.', '_', '-'; no '/' or '..')"
        )


def _check_extension(setting: str, name: str, ext: str) -> None:
    """A sitemap file's name ends in its format's extension: crawlers, servers and ``check``
    tell the format by it, and a section's file takes it too (``sitemap-blog.xml``)."""
    if not name.lower().endswith(ext) or len(name) == len(ext):
        what = "an index is always XML" if setting == "index_filename" else f"format {ext[1:]}"
        raise ConfigError(
            f"{setting}: {name!r} must end in {ext} ({what}; add .gz for a gzip-only sitemap); "
            f"choose another name, e.g. 'sitemap{ext}'"
        )


def _check_xsl(xsl: object) -> None:
    if isinstance(xsl, bool):
        return
    if not isinstance(xsl, str) or not xsl.strip() or re.search(r"[\x00-\x20\"<>]|\?>", xsl):
        raise ConfigError(
            f"xsl: {xsl!r} is not true, false or a stylesheet's URL (no spaces, quotes or "
            "angle brackets)"
        )
    if not is_text(xsl):
        raise ConfigError(f"xsl: {short(xsl)} holds bytes that are not UTF-8")
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", xsl)
    if scheme and scheme[1].lower() not in ("http", "https"):
        # A browser runs what the line names: only a web address or a relative one.
        raise ConfigError(f"xsl: {xsl!r} must be an http(s) URL or a path relative to the sitemap")


def _check_output_path(path: object) -> None:
    if not isinstance(path, str):
        raise ConfigError(f"output_path: {path!r} is not a string")
    if path and (
        not path.endswith("/")
        or path.startswith("/")
        or "://" in path
        or any(part in ("", ".", "..") for part in path[:-1].split("/"))
    ):
        raise ConfigError(
            f"output_path: {path!r} must be a relative URL path ending in '/' (like 'ja/')"
        )


def check_indexnow_key(key: object, name: str = "indexnow_key") -> str:
    """The key itself, if it is a valid IndexNow key.

    :param name: the setting or option named in the error.
    :raises ConfigError: not 8 to 128 of ``[A-Za-z0-9-]``.
    """
    if not isinstance(key, str) or not INDEXNOW_KEY_RE.match(key):
        raise ConfigError(
            f"{name}: {key!r} must be 8 to 128 letters, digits or dashes "
            "(IndexNow's rule), e.g. a UUID"
        )
    return key
