"""Turn what a Pelican build wrote into page records for the core."""

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

from sitemap_core import PageRecord
from sitemap_core.front_matter import parse_flag

from .build import Build, Written, absolute
from .config import SitemapConfig

logger = logging.getLogger("pelican.plugins.sitemap")

_INDEX_FILE = re.compile(r"(?:^|(?<=/))index\.html?$")
_TAG = re.compile(r"<[^>]+>")
#: Python < 3.12 parses every joined part of a path again; pathlib's own directory walk
#: skips that for a single file name (3.12 parses lazily: the plain join is cheap there).
_CHILD: Callable[[Path, str], Path] | None = (
    getattr(Path, "_make_child_relpath", None) if sys.version_info < (3, 12) else None
)
#: Files our own build writes in the output root; never listed as pages.
_OWN_FILES = re.compile(r"^(?:robots\.txt|sitemap[A-Za-z0-9._-]*\.(?:xml|txt)(?:\.gz)?)$")


def relative(path: str, root: str) -> str | None:
    """``path`` relative to ``root`` in URL form, or ``None`` when it is outside.

    Both are normalised absolute paths (see :func:`.build.absolute`), so a prefix test is
    enough; ``os.path.relpath`` would cost more than the rest of a record.
    """
    if path == root:
        return ""
    prefix = root if root.endswith(os.sep) else root + os.sep
    if not path.startswith(prefix):
        return None
    rel = path[len(prefix) :]
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def page_url(content: Any, written: str, own: str | None = None, save_as: str | None = None) -> str:
    """The URL a visitor uses for a content object written to ``written`` (output-relative).

    The content's own ``url`` is the truth when its file was written where ``save_as`` says
    (custom ``ARTICLE_URL``/``PAGE_URL``; i18n subsites add their folder in front). A
    ``save_as``-only override (no ``url`` metadata) makes Pelican's ``url`` point elsewhere:
    then the file's real location is used. A trailing ``index.html`` is dropped.

    For index-like pages (``content`` is ``None``) ``own`` and ``save_as`` are what
    Pelican linked to and wrote (tag, category, author, archive and pagination URLs).

    :param own: the content's ``url`` when already known.
    :param save_as: its ``save_as`` when already known (the writer's ``output_file``).
    """
    url = written
    save_as_only = _has(content, "override_save_as") and not _has(content, "override_url")
    if save_as_only:
        own = save_as = None
    elif content is not None:
        if own is None and save_as is not None and _url_is_save_as(content):
            own = save_as
        try:
            # Each property re-expands the URL settings (costly): read only what is missing.
            if save_as is None:
                save_as = content.save_as
            if own is None:
                own = content.url
        except Exception:  # a content object without URL settings: keep the file's path
            save_as = own = None
    if (
        isinstance(save_as, str)
        and isinstance(own, str)
        and save_as
        and own
        and "://" not in own
        and (written == save_as or written.endswith("/" + save_as))
    ):
        url = written[: len(written) - len(save_as)] + own.lstrip("/")
    return _INDEX_FILE.sub("", url)


#: The URLs an index-like page lists, and their newest date.
_Listing = tuple[tuple[str, ...], "dt.datetime | None"]
#: Whether an attribute of a class's instances can only live in the instance's ``__dict__``.
_INSTANCE_ONLY: dict[tuple[type, str], bool] = {}


def _instance_only(cls: type, name: str) -> bool:
    key = (cls, name)
    found = _INSTANCE_ONLY.get(key)
    if found is None:
        found = _INSTANCE_ONLY[key] = (
            cls.__dictoffset__ != 0
            and not hasattr(cls, name)
            and not hasattr(cls, "__getattr__")
            and getattr(cls, "__getattribute__", None) is object.__getattribute__
        )
    return found


def _attr(obj: Any, name: str) -> Any:
    """``getattr(obj, name, None)``. Pelican keeps metadata (``modified``, ``override_url``...)
    as instance attributes that most pages lack, and a missing attribute costs an exception:
    where the attribute can only be in the instance's ``__dict__``, look there."""
    if _instance_only(type(obj), name):
        return obj.__dict__.get(name)
    return getattr(obj, name, None)


def _has(obj: Any, name: str) -> bool:
    """``hasattr(obj, name)``, as :func:`_attr` does it."""
    if _instance_only(type(obj), name):
        return name in obj.__dict__
    return hasattr(obj, name)


def _url_is_save_as(content: Any) -> bool:
    """Whether the content's URL setting is its save_as setting, or that without a final
    ``index.html``: then its URL is known from where it was written, without re-expanding
    the settings (the ``url`` property costs more than the rest of a record).

    Mirrors ``Content.get_url_setting`` for articles and pages; anything else says no.
    """
    if _has(content, "override_url") or _has(content, "override_save_as"):
        return False
    draft = getattr(content, "status", None) == "draft"
    if isinstance(content, Article):
        klass = "draft" if draft else "article"
    elif isinstance(content, Page):
        klass = "draft_page" if draft else "page"
    else:
        return False
    lang = "" if getattr(content, "in_default_lang", True) else "lang_"
    settings = getattr(content, "settings", None) or {}
    url = settings.get(f"{klass}_{lang}url".upper())
    save_as = settings.get(f"{klass}_{lang}save_as".upper())
    if not isinstance(url, str) or not isinstance(save_as, str):
        return False
    return save_as in (url, url + "index.html")


def _name(source: str | None, cwd: str) -> str | None:
    """How messages name a source file: relative to the working folder when inside it."""
    if not source:
        return None
    rel = relative(source, cwd)
    return rel if rel else source


class RecordMaker:
    """Builds the records of one build.

    :param build: what the build wrote.
    :param config: the ``SITEMAP`` setting.
    :param settings: the main Pelican instance's settings.
    """

    def __init__(self, build: Build, config: SitemapConfig, settings: Mapping[str, Any]) -> None:
        self.build = build
        self.config = config
        self.settings = settings
        self.url_of: dict[int, str] = {}
        self.cwd = absolute(os.curdir)
        #: Warnings this module logged (strict mode counts them).
        self.warnings = 0
        self._folders: dict[str, Path] = {}
        self._newest_of: dict[int, dt.datetime | None] = {}
        self._listings: dict[int, tuple[tuple[Any, ...], _Listing]] = {}
        self.templates = self._template_sources()
        #: ``DEFAULT_DATE = "fs"``: undated content carries its file's mtime as date.
        self.fs_dates = settings.get("DEFAULT_DATE") == "fs"
        self._fs_cache: dict[int, dict[str, Any]] = {}

    def _path(self, path: str) -> Path:
        """``Path(path)``, joined to a cached folder: most pages share a few folders, and
        parsing every full path costs more than the rest of a record's fields."""
        folder, _, name = path.rpartition(os.sep)
        if not folder or name in ("", ".", ".."):
            return Path(path)
        parent = self._folders.get(folder)
        if parent is None:
            parent = self._folders[folder] = Path(folder)
        return parent / name if _CHILD is None else _CHILD(parent, name)

    def _dates(self, content: Any) -> dict[str, Any]:
        """The content's ``modified`` and ``date``, without those Pelican took from the file
        system (``DEFAULT_DATE = "fs"``): a checkout's mtime is when it was cloned, not when
        the page changed. Git (then the mtime, see write.py) answers for those."""
        dates: dict[str, Any] = {}
        for name in ("modified", "date"):
            value = _attr(content, name)
            if value is not None:
                dates[name] = value
        if not self.fs_dates or not dates:
            return dates
        key = id(content)
        cached = self._fs_cache.get(key)
        if cached is not None:
            return cached
        source = str(getattr(content, "source_path", None) or "")
        try:
            # What Pelican's path_metadata computed: a naive local time from the mtime.
            stamp = dt.datetime.fromtimestamp(os.stat(source).st_mtime)  # noqa: PTH116
        except (OSError, TypeError, ValueError):
            stamp = None
        kept = {
            name: value
            for name, value in dates.items()
            if stamp is None
            or not isinstance(value, dt.datetime)
            or value.replace(tzinfo=None) != stamp
        }
        self._fs_cache[key] = kept
        return kept

    def _template_sources(self) -> dict[str, Path]:
        pages = self.settings.get("TEMPLATE_PAGES") or {}
        base = self.settings.get("PATH") or os.curdir
        found: dict[str, Path] = {}
        if isinstance(pages, Mapping):
            for source, dest in pages.items():
                if isinstance(source, str) and isinstance(dest, str):
                    out = absolute(self.build.output, dest)
                    found[out] = Path(absolute(base, source))
        return found

    def records(self) -> list[PageRecord]:
        """Every written page and opted-in static file, in write order."""
        located: list[tuple[Written, str]] = []
        for written in self.build.written.values():
            rel = relative(written.path, self.build.output)
            if rel is None or _OWN_FILES.match(rel):
                continue
            url = page_url(written.content, rel, written.url, written.save_as)
            if written.content is not None:
                self.url_of.setdefault(id(written.content), url)
            located.append((written, url))
        result = [self._record(written, url) for written, url in located]
        result.extend(self._statics())
        return result

    # -- one page ---------------------------------------------------------------------------
    def _record(self, written: Written, url: str) -> PageRecord:
        content = written.content
        if content is None:
            return self._index(written, url)
        metadata = getattr(content, "metadata", None) or {}
        source = getattr(content, "source_path", None)
        kind = "article" if isinstance(content, Article) else "page"
        if not isinstance(content, (Article, Page)):
            kind = "page"
        dates = self._dates(content)
        category = getattr(content, "category", None)
        name = _name(source, self.cwd)
        return PageRecord(
            url=url,
            source=self._path(source) if source else None,
            output=self._path(written.path),
            front_matter=metadata,
            kind=kind,
            changefreq=metadata.get("changefreq"),
            priority=metadata.get("priority"),
            dates=dates,
            lang=getattr(content, "lang", None),
            translation_key=_translation_key(content),
            title=_text(getattr(content, "title", None)),
            section=str(category) if category is not None else None,
            name=name,
            exclude=self._exclusion(content, url, metadata, name or url),
        )

    def _index(self, written: Written, url: str) -> PageRecord:
        template = self.templates.get(written.path)
        if template is not None:
            return PageRecord(
                url=url,
                source=template,
                output=self._path(written.path),
                # pelican-sitemap gives TEMPLATE_PAGES its "indexes" defaults.
                kind="index",
                name=_name(str(template), self.cwd),
                exclude=self._matches(url),
            )
        summarises, newest = self._listing(written.listed)
        return PageRecord(
            url=url,
            output=self._path(written.path),
            kind="index",
            # The listed articles' own dates count even for those left out of the sitemap
            # (private, excluded): the page shows them. Git dates come through summarises.
            dates={"modified": newest} if newest is not None else {},
            summarises=summarises,
            title=written.title,
            name=url or "/",
            exclude=self._matches(url),
        )

    def _listing(self, listed: tuple[Any, ...]) -> tuple[tuple[str, ...], dt.datetime | None]:
        """The URLs of the listed articles, and their newest date.

        An article is listed by many index pages (home page, category, tags, archives, each
        paginated): its own newest date is worked out once.
        """
        shared = self._listings.get(id(listed))
        if shared is not None and shared[0] is listed:
            return shared[1]  # the same tuple as another page's (see collect._written)
        url_of = self.url_of
        memo = self._newest_of
        dates = self._dates if self.fs_dates else None
        urls: list[str] = []
        newest: dt.datetime | None = None
        for item in listed:
            key = id(item)
            url = url_of.get(key)
            if url is not None:
                urls.append(url)
            try:
                value = memo[key]
            except KeyError:
                value = memo[key] = _newest((item,), dates)
            if value is None:
                continue
            try:
                if newest is None or value > newest:
                    newest = value
            except TypeError:  # naive beside aware: Pelican makes both aware, others may not
                continue
        result = (tuple(dict.fromkeys(urls)), newest)
        if len(listed) > 32:
            self._listings[id(listed)] = (listed, result)
        return result

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
            if rel is None or rel in seen or _OWN_FILES.match(rel):
                continue
            seen.add(rel)
            url = page_url(static, rel)
            if not any(fnmatchcase(url, g.lstrip("/")) for g in globs):
                continue
            source = getattr(static, "source_path", None)
            dates = {
                name: getattr(static, name)
                for name in ("modified", "date")
                if getattr(static, name, None) is not None
            }
            yield PageRecord(
                url=url,
                source=Path(source) if source else None,
                output=Path(path),
                front_matter=getattr(static, "metadata", None) or {},
                kind="static",
                dates=dates,
                title=_text(getattr(static, "title", None)),
                name=_name(source, self.cwd),
                exclude=self._matches(url),
            )


def _newest(
    items: tuple[Any, ...], dates: Callable[[Any], Mapping[str, Any]] | None = None
) -> dt.datetime | None:
    """The newest ``modified`` or ``date`` of the listed content objects.

    :param dates: an item's dates, when not simply its attributes.
    """
    newest: dt.datetime | None = None
    for item in items:
        own = dates(item) if dates is not None else None
        for name in ("modified", "date"):
            value = own.get(name) if own is not None else _attr(item, name)
            if not isinstance(value, dt.datetime):
                continue
            try:
                if newest is None or value > newest:
                    newest = value
            except TypeError:  # naive beside aware: Pelican makes both aware, others may not
                continue
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
