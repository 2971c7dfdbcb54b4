"""Turn what a Pelican build wrote into page records for the core, from Pelican's own objects."""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from pelican.contents import Article, Page

from sitemap_core import PageRecord, SitemapNames
from sitemap_core._adapters import parse_flag, without_index

from .config import SitemapConfig
from .written import LISTING_KEYS, Build, absolute

logger = logging.getLogger("pelican.plugins.sitemap")

_TAG = re.compile(r"<[^>]+>")
#: pathlib's join of one plain name to a folder, where it skips parsing (Python < 3.12).
_CHILD: Callable[[Path, str], Path] | None = (
    getattr(Path, "_make_child_relpath", None) if sys.version_info < (3, 12) else None
)


def relative(path: str, root: str) -> str | None:
    """``path`` relative to ``root`` in URL form, or ``None`` when it is outside.

    Both are normalised absolute paths (:func:`.written.absolute`): a prefix test is enough.
    """
    if path == root:
        return ""
    prefix = root if root.endswith(os.sep) else root + os.sep
    if not path.startswith(prefix):
        return None
    rel = path[len(prefix) :]
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def page_url(content: Any, written: str, own: str | None = None, save_as: str | None = None) -> str:
    """The URL a visitor uses for a page written to ``written`` (output-relative).

    A content's own ``url`` is the truth when its file was written where ``save_as`` says; after
    a ``save_as``-only override the file's real location is used. A trailing ``index.html`` is
    dropped. For index-like pages (``content`` is ``None``) ``own`` and ``save_as`` are what
    Pelican linked to and wrote.

    :param save_as: the content's ``save_as`` when known (the writer's ``output_file``).
    """
    if content is not None:
        if hasattr(content, "override_save_as") and not hasattr(content, "override_url"):
            own = save_as = None
        elif save_as is not None and _url_is_save_as(content):
            own = save_as
        else:
            try:
                if save_as is None:
                    save_as = content.save_as
                own = content.url
            except Exception:  # a content object without URL settings: the file's path
                save_as = own = None
    url = written
    if (
        isinstance(save_as, str)
        and isinstance(own, str)
        and save_as
        and own
        and "://" not in own
        and (written == save_as or written.endswith("/" + save_as))
    ):
        url = written[: len(written) - len(save_as)] + own.lstrip("/")
    return without_index(url)


#: Whether the URL setting of contents of a class, status and language is their save_as
#: setting, by (class, draft, default language, ``id`` of the settings); emptied for each
#: build (its settings stay alive through its contents; a later build's may reuse an id).
_SAVE_AS_URLS: dict[tuple[type, bool, bool, int], bool] = {}


def _url_is_save_as(content: Any) -> bool:
    """Whether the content's URL setting is its save_as setting (or that without a final
    ``index.html``): then its URL is where it was written, without the cost of its ``url``
    property. Mirrors ``Content.get_url_setting`` for articles and pages.
    """
    if hasattr(content, "override_url") or hasattr(content, "override_save_as"):
        return False
    draft = getattr(content, "status", None) == "draft"
    default_lang = bool(getattr(content, "in_default_lang", True))
    settings = getattr(content, "settings", None) or {}
    key = (type(content), draft, default_lang, id(settings))
    found = _SAVE_AS_URLS.get(key)
    if found is None:
        if isinstance(content, Article):
            klass = "draft" if draft else "article"
        elif isinstance(content, Page):
            klass = "draft_page" if draft else "page"
        else:
            return False
        lang = "" if default_lang else "lang_"
        url = settings.get(f"{klass}_{lang}url".upper())
        save_as = settings.get(f"{klass}_{lang}save_as".upper())
        found = (
            isinstance(url, str)
            and isinstance(save_as, str)
            and save_as in (url, url + "index.html")
        )
        _SAVE_AS_URLS[key] = found
    return found


def plain(value: Any) -> Any:
    """A metadata value as plain data for plugins: text, numbers, dates, lists and mappings
    as they are, anything else (Pelican's Category, Tag, Author, Markup) as its text."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, dt.datetime):  # Pelican's SafeDatetime: a plain datetime
        return value if type(value) is dt.datetime else dt.datetime.combine(value, value.timetz())
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        return value if type(value) is str else str(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    return str(value)


class PlainMetadata(Mapping[str, Any]):
    """A read-only view of a page's metadata whose values come out :func:`plain`.

    Converted when read, not before: the core reads only a page's ``sitemap*`` keys, and
    converting every value of every page up front cost 0.04 s of CPU at 3,000 articles
    (0.3% of the whole build, ``benchmarks/pelican_site.py``'s site).
    """

    __slots__ = ("_raw",)

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self._raw = raw

    def __getitem__(self, key: str) -> Any:
        return plain(self._raw[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __repr__(self) -> str:
        return f"PlainMetadata({dict(self)!r})"


def _content_of(context: dict[str, Any]) -> Any:
    content = context.get("article")
    return context.get("page") if content is None else content


class RecordMaker:
    """Makes the records of one build.

    :param build: what the build wrote.
    :param config: the ``SITEMAP`` setting, read.
    :param names: the sitemap's file names (our own files are never pages).
    """

    def __init__(self, build: Build, config: SitemapConfig, names: SitemapNames) -> None:
        self.build = build
        self.config = config
        self.owned = names.owned
        self.cwd = absolute(os.curdir)
        #: Warnings logged here (strict mode counts them).
        self.warnings = 0
        self.url_of: dict[int, str] = {}
        #: A listed content's URL (``None``: not a written page) and newest date, by ``id``.
        self._items: dict[int, tuple[str | None, dt.datetime | None]] = {}
        self._listings: dict[tuple[int, ...], tuple[tuple[str, ...], dt.datetime | None]] = {}
        #: ``DEFAULT_DATE = "fs"``: undated content carries its file's mtime as date.
        self.fs_dates = build.settings.get("DEFAULT_DATE") == "fs"
        self._fs_stamps: dict[str, dt.datetime | None] = {}
        self._folders: dict[str, Path] = {}
        self.templates = self._template_sources()
        #: Files Pelican wrote at our sitemap's names (a theme's own sitemap).
        self.theme_files: list[Path] = []
        _SAVE_AS_URLS.clear()

    def records(self) -> list[PageRecord]:
        """Every written page in the site's reading order (:func:`_reading_order`), then the
        opted-in static files."""
        pages: list[tuple[str, str, Any, dict[str, Any]]] = []
        for path, context in self._final().items():
            rel = relative(path, self.build.output)
            if not rel or self._ours(rel):
                if rel and rel != "robots.txt":
                    self.theme_files.append(Path(path))
                continue  # outside the site, the root itself, or one of our own files
            content = _content_of(context)
            if content is not None:
                output_file = context.get("output_file")
                save_as = output_file if isinstance(output_file, str) else None
                url = page_url(content, rel, None, save_as)
                self.url_of.setdefault(id(content), url)
            else:
                url = page_url(None, rel, *_index_url(context))
            pages.append((path, url, content, context))
        pages.sort(key=_reading_order)
        found = [
            self._index(path, url, context)
            if content is None
            else self._content(content, path, url)
            for path, url, content, context in pages
        ]
        found.extend(self._statics())
        return found

    def _final(self) -> dict[str, dict[str, Any]]:
        """What each written path holds, as Pelican's writer decides it: a later write
        replaces an earlier one, except that a content with its own ``save_as`` is never
        replaced by one without (Pelican skips that write but still sends the signal)."""
        final: dict[str, dict[str, Any]] = {}
        for path, context in self.build.written:
            key = absolute(path)
            context = context if isinstance(context, dict) else {}
            previous = final.get(key)
            if (
                previous is not None
                and hasattr(_content_of(previous), "override_save_as")
                and not hasattr(_content_of(context), "override_save_as")
            ):
                continue
            final[key] = context
        return final

    def _ours(self, rel: str) -> bool:
        """robots.txt and the sitemap's own files: written by the core, never pages."""
        return rel == "robots.txt" or self.owned.match(rel) is not None

    # -- pages ------------------------------------------------------------------------------
    def _content(self, content: Any, path: str, url: str) -> PageRecord:
        metadata = getattr(content, "metadata", None) or {}
        source = getattr(content, "source_path", None)
        category = getattr(content, "category", None)
        name = self._name(source)
        return PageRecord(
            url=url,
            source=self._path(source) if source else None,
            output=self._path(path),
            front_matter=PlainMetadata(metadata),
            kind="article" if isinstance(content, Article) else "page",
            changefreq=metadata.get("changefreq"),
            priority=metadata.get("priority"),
            dates=self._dates(content),
            lang=getattr(content, "lang", None),
            translation_key=_translation_key(content),
            title=_text(getattr(content, "title", None)),
            # A static page's category is its folder's name (USE_FOLDER_AS_CATEGORY): no
            # group a reader knows; pages are the top of the site.
            section=None if category is None or isinstance(content, Page) else str(category),
            name=name,
            exclude=self._exclusion(content, url, metadata, name or url),
        )

    def _index(self, path: str, url: str, context: dict[str, Any]) -> PageRecord:
        template = self.templates.get(path)
        if template is not None:
            return PageRecord(
                url=url,
                source=template,
                output=Path(path),
                # pelican-sitemap gives TEMPLATE_PAGES its "indexes" defaults.
                kind="index",
                name=self._name(str(template)),
                exclude=self._matches(url),
            )
        summarises, newest = self._listing(_listed(context))
        return PageRecord(
            url=url,
            output=self._path(path),
            kind="index",
            # The listed articles' own dates count even for those left out of the sitemap
            # (private, excluded): the page shows them. Git dates come through summarises.
            dates={"modified": newest} if newest is not None else {},
            summarises=summarises,
            title=_title(context),
            name=url or "/",
            exclude=self._matches(url),
        )

    def _listing(self, listed: tuple[Any, ...]) -> tuple[tuple[str, ...], dt.datetime | None]:
        """The URLs of the listed articles, and their newest date (worked out once for the
        pages that list the same articles: archives, tags, categories, authors)."""
        key = tuple(map(id, listed))
        known = self._listings.get(key)
        if known is None:
            items = self._items
            found = [items.get(id(item)) or self._item(item) for item in listed]
            urls = dict.fromkeys([url for url, _ in found if url is not None])
            known = self._listings[key] = (tuple(urls), _newest([date for _, date in found]))
        return known

    def _item(self, item: Any) -> tuple[str | None, dt.datetime | None]:
        found = (self.url_of.get(id(item)), _newest(self._dates(item).values()))
        self._items[id(item)] = found
        return found

    # -- fields -----------------------------------------------------------------------------
    def _path(self, path: str) -> Path:
        """``Path(path)``, joined to a cached folder: most pages share a few folders, and
        Python before 3.12 parses every full path again (0.03 s of CPU at 3,000 articles on
        3.11, 0.25% of the whole build; pathlib's own child join skips that)."""
        folder, _, name = path.rpartition(os.sep)
        if _CHILD is None or not folder or name in ("", ".", ".."):
            return Path(path)
        parent = self._folders.get(folder)
        if parent is None:
            parent = self._folders[folder] = Path(folder)
        return _CHILD(parent, name)

    def _dates(self, content: Any) -> dict[str, Any]:
        """The content's ``modified`` and ``date``, without those Pelican took from the file
        system (``DEFAULT_DATE = "fs"``): a checkout's mtime is when it was cloned, not when
        the page changed. Git (then the mtime, see write.py) answers for those."""
        dates = {
            name: value
            for name in ("modified", "date")
            if (value := getattr(content, name, None)) is not None
        }
        if not self.fs_dates or not dates:
            return dates
        stamp = self._fs_stamp(getattr(content, "source_path", None))
        if stamp is None:
            return dates
        return {
            name: value
            for name, value in dates.items()
            if not (isinstance(value, dt.datetime) and value.replace(tzinfo=None) == stamp)
        }

    def _fs_stamp(self, source: str | None) -> dt.datetime | None:
        """What Pelican's path_metadata computed for an undated file: a naive local time from
        its mtime."""
        key = source or ""
        if key not in self._fs_stamps:
            try:
                stamp = dt.datetime.fromtimestamp(os.stat(key).st_mtime)  # noqa: PTH116
            except (OSError, TypeError, ValueError):
                stamp = None
            self._fs_stamps[key] = stamp
        return self._fs_stamps[key]

    def _exclusion(
        self, content: Any, url: str, metadata: Mapping[str, Any], label: str
    ) -> str | None:
        status = str(getattr(content, "status", "published") or "published").lower()
        if status == "hidden" and not self.config.include_hidden:
            return "hidden"
        if status not in ("published", "hidden"):
            return status
        private = metadata.get("private")
        if private not in (None, ""):
            try:
                if parse_flag(private):
                    return "private"
            except ValueError:
                # Excluding is the safe reading of an unclear privacy flag.
                self.warnings += 1
                logger.warning(
                    "sitemap: %s: private: %r is not true or false; the page is left out",
                    label,
                    private,
                )
                return "private"
        return self._matches(url)

    def _matches(self, url: str) -> str | None:
        """pelican-sitemap's ``exclude`` regexes, on the URL with and without a leading /."""
        for pattern in self.config.exclude:
            if pattern.search(url) or pattern.search("/" + url):
                return "SITEMAP exclude"
        return None

    def _name(self, source: str | None) -> str | None:
        """How messages name a source file: relative to the working folder when inside it."""
        if not source:
            return None
        rel = relative(source, self.cwd)
        return rel if rel else source

    def _template_sources(self) -> dict[str, Path]:
        settings = self.build.settings
        pages = settings.get("TEMPLATE_PAGES") or {}
        base = settings.get("PATH") or os.curdir
        found: dict[str, Path] = {}
        if isinstance(pages, Mapping):
            for source, dest in pages.items():
                if isinstance(source, str) and isinstance(dest, str):
                    found[absolute(self.build.output, dest)] = Path(absolute(base, source))
        return found

    # -- static files -----------------------------------------------------------------------
    def _statics(self) -> Iterator[PageRecord]:
        globs = self.config.static
        if not globs:
            return
        seen: set[str] = set()
        for static, output in self.build.statics:
            try:
                save_as = static.save_as
            except Exception:
                continue
            path = absolute(output, save_as)
            rel = relative(path, self.build.output)
            if rel is None or rel in seen or self._ours(rel):
                continue
            seen.add(rel)
            url = page_url(static, rel)
            if not any(fnmatchcase(url, glob.lstrip("/")) for glob in globs):
                continue
            source = getattr(static, "source_path", None)
            yield PageRecord(
                url=url,
                source=Path(source) if source else None,
                output=Path(path),
                front_matter=PlainMetadata(getattr(static, "metadata", None) or {}),
                kind="static",
                dates={
                    name: value
                    for name in ("modified", "date")
                    if (value := getattr(static, name, None)) is not None
                },
                title=_text(getattr(static, "title", None)),
                name=self._name(source),
                exclude=self._matches(url),
            )


# -- what an index-like page's template context says ---------------------------------------------
def _reading_order(page: tuple[str, str, Any, dict[str, Any]]) -> tuple[int, str]:
    """Static pages first, then the articles one category after another (by name, as
    Pelican's category list; in each, the order Pelican wrote them, its ``ARTICLE_ORDER_BY``:
    newest first by default, as its category pages list them), then the index, tag, category
    and archive pages. llms.txt and the site map page group pages in this order; a stable
    sort, so the order written holds within each group."""
    content = page[2]
    if isinstance(content, Page):
        return (0, "")
    if isinstance(content, Article):
        return (1, str(getattr(content, "category", "") or "").casefold())
    return (2, "")


def _listed(context: dict[str, Any]) -> tuple[Any, ...]:
    for key in LISTING_KEYS:
        value = context.get(key)
        if value is None:
            continue
        items = getattr(value, "object_list", value)
        try:
            return tuple(items)
        except TypeError:
            continue
    return ()


def _index_url(context: dict[str, Any]) -> tuple[str | None, str | None]:
    """The URL Pelican links to for an index-like page, and the file it wrote it to (from
    ``PAGINATION_PATTERNS``, the tag/category/author object, ``*_ARCHIVE_URL`` or ``<NAME>_URL``);
    ``(None, None)`` when unknown: the file's path is then used.
    """
    save_as = context.get("output_file")
    if not isinstance(save_as, str):
        return None, None
    url: object = None
    for key in ("articles_page", "dates_page"):
        page = context.get(key)
        if page is not None and hasattr(page, "paginator"):
            url = getattr(page, "url", None)
            break
    else:
        for key in ("tag", "category", "author"):
            item = context.get(key)
            if item is not None:
                if getattr(item, "save_as", None) == save_as:
                    url = getattr(item, "url", None)
                break
        else:
            if context.get("period") is not None:
                url = _period_url(context, save_as)
            else:
                url = _direct_template_url(context, save_as)
    return (url, save_as) if isinstance(url, str) and url else (None, None)


def _direct_template_url(context: dict[str, Any], save_as: str) -> object:
    """``<NAME>_URL`` of the direct template (``DIRECT_TEMPLATES``) written to ``save_as``."""
    templates = context.get("DIRECT_TEMPLATES")
    if not isinstance(templates, (list, tuple)):
        return None
    for name in templates:
        if not isinstance(name, str):
            continue
        upper = name.upper()
        if context.get(f"{upper}_SAVE_AS", f"{name}.html") == save_as:
            return context.get(f"{upper}_URL", f"{name}.html")
    return None


def _period_url(context: dict[str, Any], save_as: str) -> object:
    archives = context.get("period_archives")
    if not isinstance(archives, dict):
        return None
    for group in archives.values():
        for archive in group:
            if isinstance(archive, dict) and archive.get("save_as") == save_as:
                return archive.get("url")
    return None


def _title(context: dict[str, Any]) -> str | None:
    for key in ("tag", "category", "author"):
        value = context.get(key)
        if value is not None:
            return str(value)
    period = context.get("period")
    if isinstance(period, tuple):
        return " ".join(str(p) for p in period)
    # Direct templates (tags, categories, authors, archives) name themselves.
    name = context.get("page_name")
    if isinstance(name, str) and name and "/" not in name and name != "index":
        return name.replace("_", " ").capitalize()
    return None


# -- small helpers ------------------------------------------------------------------------------
def _newer(a: dt.datetime | None, b: Any) -> dt.datetime | None:
    """The newer of ``a`` and ``b`` (``b`` counts only when it is a ``datetime``)."""
    if not isinstance(b, dt.datetime):
        return a
    try:
        return b if a is None or b > a else a
    except TypeError:  # naive beside aware: Pelican makes both aware, others may not
        return a


def _newest(values: Any) -> dt.datetime | None:
    newest: dt.datetime | None = None
    for value in values:
        newest = _newer(newest, value)
    return newest


def _translation_key(content: Any) -> str | None:
    """Translations share a key: the smallest source path of the group (stable across
    i18n subsites, where each language is a different content object)."""
    translations = getattr(content, "translations", None) or ()
    if not translations:
        return None
    paths = [str(getattr(c, "source_path", "") or "") for c in (content, *translations)]
    paths = [p for p in paths if p]
    return min(paths) if paths else None


def _text(value: object) -> str | None:
    if value is None:
        return None
    text = str(value)
    if "<" in text:
        text = _TAG.sub("", text)
    text = text.strip()
    return text or None
