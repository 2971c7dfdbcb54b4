"""What Pelican's process hands over for each file it writes: plain, picklable specs.

Runs inside Pelican's build for every written file, so it reads attributes and joins strings,
nothing more, and imports nothing of the core: the records and the sitemap are made from
these specs elsewhere (:mod:`.worker`, a process of its own, or :mod:`.write` in this one).
"""

from __future__ import annotations

import datetime as dt
import os
import re
from typing import Any, Generic, NamedTuple, TypeVar

#: Files our own build writes in the output root; never listed as pages.
OWN_FILES = re.compile(r"^(?:robots\.txt|sitemap[A-Za-z0-9._-]*\.(?:xml|txt)(?:\.gz)?)$")


_Item = TypeVar("_Item")


class ContentSpec(NamedTuple):
    """An article or page Pelican wrote.

    :param path: the absolute output path.
    :param key: ``id()`` of the content object (index pages name what they list by it).
    :param url: the URL a visitor uses, relative to SITEURL.
    :param overrides: the content has its own ``save_as`` (it wins over other writes there).
    :param front: the ``sitemap*`` metadata keys, or ``None``.
    """

    path: str
    key: int
    url: str
    kind: str
    overrides: bool
    source: str | None
    front: dict[str, Any] | None
    changefreq: Any
    priority: Any
    modified: Any
    date: Any
    lang: str | None
    translation_key: str | None
    title: str | None
    section: str | None
    status: str
    private: Any


class IndexSpec(NamedTuple):
    """An index-like page: home, tag, category, author, archive, a direct template.

    :param listing: the content keys it lists, or the key of a shared :class:`ListingSpec`
        sent before it.
    """

    path: str
    url: str
    title: str | None
    listing: int | tuple[int, ...]


class ListingSpec(NamedTuple):
    """The content keys an index-like page lists (many pages share one)."""

    listing: int
    keys: tuple[int, ...]


class DatesSpec(NamedTuple):
    """A listed content object not written (so far): its dates count for the listing."""

    key: int
    source: str | None
    modified: Any
    date: Any


class StaticSpec(NamedTuple):
    """A static file (listed only when ``SITEMAP["static"]`` opts in)."""

    path: str
    url: str
    source: str | None
    front: dict[str, Any] | None
    modified: Any
    date: Any
    title: str | None


Spec = ContentSpec | IndexSpec | ListingSpec | DatesSpec | StaticSpec


class SiteInfo(NamedTuple):
    """What the record maker and the writer need of a Pelican build (picklable).

    :param sitemap: the raw ``SITEMAP`` setting.
    :param output: the main instance's output directory (absolute, normalised).
    :param cwd: the working folder (messages name sources relative to it).
    """

    sitemap: Any
    siteurl: Any
    timezone: Any
    default_date: Any
    template_pages: Any
    content_path: Any
    output: str
    cwd: str


class Final(Generic[_Item]):
    """What each written path holds, as Pelican's writer decides it: a later write replaces
    an earlier one, except that a content with its own ``save_as`` is never replaced by one
    without (Pelican skips that write but still sends ``content_written``)."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[_Item, bool]] = {}

    def take(self, path: str, overrides: bool, item: _Item) -> bool:
        """Record a write of ``item`` to ``path``; whether it is now what the path holds.

        :param overrides: the write is a content's with its own ``save_as``.
        """
        previous = self._held.get(path)
        if previous is not None and previous[1] and not overrides:
            return False
        self._held[path] = (item, overrides)
        return True

    def values(self) -> list[_Item]:
        """What the paths hold, in the order they were first written."""
        return [item for item, _ in self._held.values()]


def take_page(final: Final[ContentSpec | IndexSpec], spec: ContentSpec | IndexSpec) -> bool:
    """:meth:`Final.take` of a page's spec."""
    return final.take(spec.path, isinstance(spec, ContentSpec) and spec.overrides, spec)


def relative(path: str, root: str) -> str | None:
    """``path`` relative to ``root`` in URL form, or ``None`` when it is outside.

    Both are normalised absolute paths, so a prefix test is enough; ``os.path.relpath``
    would cost more than the rest of a spec.
    """
    if path == root:
        return ""
    prefix = root if root.endswith(os.sep) else root + os.sep
    if not path.startswith(prefix):
        return None
    rel = path[len(prefix) :]
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


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


def attr(obj: Any, name: str) -> Any:
    """``getattr(obj, name, None)``. Pelican keeps metadata (``modified``, ``override_url``...)
    as instance attributes that most pages lack, and a missing attribute costs an exception:
    where the attribute can only be in the instance's ``__dict__``, look there."""
    if _instance_only(type(obj), name):
        return obj.__dict__.get(name)
    return getattr(obj, name, None)


def has(obj: Any, name: str) -> bool:
    """``hasattr(obj, name)``, as :func:`attr` does it."""
    if _instance_only(type(obj), name):
        return name in obj.__dict__
    return hasattr(obj, name)


#: Whether the URL setting of contents of a class, status and language is its save_as
#: setting, by (class, draft, default language, settings) identities.
_SAVE_AS_URLS: dict[tuple[type, bool, bool, int], bool] = {}


def _article_page() -> tuple[type, type]:
    """Pelican's Article and Page classes. Imported when first needed, in Pelican's process
    (which has them already): the worker reads these specs without importing Pelican."""
    from pelican.contents import Article, Page

    return Article, Page


def _url_is_save_as(content: Any, overrides: bool | None = None) -> bool:
    """Whether the content's URL setting is its save_as setting, or that without a final
    ``index.html``: then its URL is known from where it was written, without re-expanding
    the settings (the ``url`` property costs more than the rest of a spec).

    Mirrors ``Content.get_url_setting`` for articles and pages; anything else says no.

    :param overrides: whether the content has its own ``save_as``, when already known.
    """
    if overrides is None:
        overrides = has(content, "override_save_as")
    if overrides or has(content, "override_url"):
        return False
    draft = getattr(content, "status", None) == "draft"
    default_lang = bool(getattr(content, "in_default_lang", True))
    settings = getattr(content, "settings", None) or {}
    key = (type(content), draft, default_lang, id(settings))
    found = _SAVE_AS_URLS.get(key)
    if found is not None:
        return found
    article, page = _article_page()
    if isinstance(content, article):
        klass = "draft" if draft else "article"
    elif isinstance(content, page):
        klass = "draft_page" if draft else "page"
    else:
        return False
    lang = "" if default_lang else "lang_"
    url = settings.get(f"{klass}_{lang}url".upper())
    save_as = settings.get(f"{klass}_{lang}save_as".upper())
    found = (
        isinstance(url, str) and isinstance(save_as, str) and save_as in (url, url + "index.html")
    )
    if len(_SAVE_AS_URLS) < 1024:  # settings of one build's instances; bounded for -r
        _SAVE_AS_URLS[key] = found
    return found


def page_url(
    content: Any,
    written: str,
    own: str | None = None,
    save_as: str | None = None,
    *,
    overrides: bool | None = None,
) -> str:
    """The URL a visitor uses for a content object written to ``written`` (output-relative).

    The content's own ``url`` is the truth when its file was written where ``save_as`` says
    (custom ``ARTICLE_URL``/``PAGE_URL``; i18n subsites add their folder in front). A
    ``save_as``-only override (no ``url`` metadata) makes Pelican's ``url`` point elsewhere:
    then the file's real location is used. A trailing ``index.html`` is dropped.

    For index-like pages (``content`` is ``None``) ``own`` and ``save_as`` are what
    Pelican linked to and wrote (tag, category, author, archive and pagination URLs).

    :param own: the content's ``url`` when already known.
    :param save_as: its ``save_as`` when already known (the writer's ``output_file``).
    :param overrides: whether the content has its own ``save_as``, when already known.
    """
    url = written
    if overrides is None:
        overrides = has(content, "override_save_as")
    save_as_only = overrides and not has(content, "override_url")
    if save_as_only:
        own = save_as = None
    elif content is not None:
        if (
            own is None
            and save_as is not None
            and not overrides
            and _url_is_save_as(content, False)
        ):
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
    return without_index(url)


def without_index(url: str) -> str:
    """``url`` without a final ``index.html`` (or ``.htm``) file name."""
    if url.endswith("index.html"):
        cut = len(url) - 10
    elif url.endswith("index.htm"):
        cut = len(url) - 9
    else:
        return url
    return url[:cut] if cut == 0 or url[cut - 1] == "/" else url


def sitemap_keys(metadata: Any) -> dict[str, Any] | None:
    """The metadata keys the core reads (``sitemap``, ``sitemap_*``), or ``None``."""
    if not metadata:
        return None
    try:
        # Most pages have none: one C-level pass over the keys tells.
        if "sitemap" not in "\0".join(metadata).lower():
            return None
    except TypeError:
        pass
    found = {
        key: value
        for key, value in metadata.items()
        if isinstance(key, str) and key.lower().startswith("sitemap")
    }
    return found or None


#: Wire tags: a spec crosses to the worker as a plain tuple, its tag first (marshal takes
#: plain tuples, strings and numbers at C speed; named tuples and datetimes cost a Python
#: call each to pickle).
CONTENT, INDEX, LISTING, DATES, STATIC, FACTS, WRITTEN = range(7)
Wire = tuple[Any, ...]


class Zones:
    """The time zones of the dates handed over: a date crosses as its pickle state (C speed)
    and the index of its zone here; the zones themselves are pickled once each."""

    def __init__(self) -> None:
        self.zones: list[Any] = []
        self._index: dict[int, int] = {}
        #: How many of :attr:`zones` have been handed over.
        self.sent = 0

    def wire(self, value: Any) -> Any:
        """A date as ``(state, zone index)``; anything else as it is."""
        if not isinstance(value, dt.datetime):
            return value
        args = value.__reduce_ex__(4)[1]  # (state,) or (state, tzinfo); protocol 4 keeps fold
        if len(args) == 1:
            return (args[0], -1)
        zone = args[1]
        index = self._index.get(id(zone))
        if index is None:
            index = self._index[id(zone)] = len(self.zones)
            self.zones.append(zone)
        return (args[0], index)


def _unwire(value: Any, zones: list[Any]) -> Any:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is bytes:
        # The datetime constructor takes its pickle state (what Zones.wire sent).
        return dt.datetime(value[0], None if value[1] < 0 else zones[value[1]])  # type: ignore[arg-type, call-arg]
    return value


class Decoder:
    """Specs from wire tuples, in the order they were handed over.

    Facts about a content (:func:`content_facts`, sent before Pelican writes) and the write
    itself (``(WRITTEN, path, key, url)``) make one :class:`ContentSpec`.
    """

    def __init__(self) -> None:
        #: :attr:`Zones.zones` as handed over so far.
        self.zones: list[Any] = []
        self.facts: dict[int, tuple[Any, ...]] = {}

    def decode(self, wire: Wire) -> Spec | None:
        """The spec a wire tuple stands for (``None`` for facts, kept for their write)."""
        tag = wire[0]
        zones = self.zones
        if tag == WRITTEN:
            facts = self.facts.get(wire[2])
            if facts is None:
                return None  # facts always come first; a foreign wire is no page
            return ContentSpec(wire[1], wire[2], wire[3], *facts)
        if tag == FACTS:
            facts = wire[2:]
            self.facts[wire[1]] = (
                *facts[:6],
                _unwire(facts[6], zones),
                _unwire(facts[7], zones),
                *facts[8:],
            )
            return None
        if tag == CONTENT:
            spec = ContentSpec._make(wire[1:])
            return spec._replace(
                modified=_unwire(spec.modified, zones), date=_unwire(spec.date, zones)
            )
        if tag == INDEX:
            return IndexSpec._make(wire[1:])
        if tag == LISTING:
            return ListingSpec._make(wire[1:])
        if tag == DATES:
            return DatesSpec(wire[1], wire[2], _unwire(wire[3], zones), _unwire(wire[4], zones))
        found = StaticSpec._make(wire[1:])
        return found._replace(
            modified=_unwire(found.modified, zones), date=_unwire(found.date, zones)
        )


def content_facts(content: Any, zones: Zones, overrides: bool) -> Wire:
    """What a content's spec says besides where it was written (see :class:`Decoder`).

    :param overrides: whether it has its own ``save_as``.
    """
    metadata = getattr(content, "metadata", None) or {}
    category = getattr(content, "category", None)
    title = getattr(content, "title", None)
    translations = getattr(content, "translations", None)
    return (
        FACTS,
        id(content),
        "article" if isinstance(content, _article_page()[0]) else "page",
        overrides,
        getattr(content, "source_path", None),
        sitemap_keys(metadata),
        metadata.get("changefreq"),
        metadata.get("priority"),
        zones.wire(attr(content, "modified")),
        zones.wire(attr(content, "date")),
        getattr(content, "lang", None),
        _translation_key(content, translations) if translations else None,
        None if title is None else str(title),
        None if category is None else str(category),
        str(getattr(content, "status", "published") or "published"),
        metadata.get("private"),
    )


def plain_url(content: Any, overrides: bool) -> bool:
    """Whether a content's URL follows from where it is written (:func:`written_url`).

    :param overrides: whether it has its own ``save_as``.
    """
    return not overrides and _url_is_save_as(content, False)


def written_url(content: Any, rel: str, save_as: str | None, plain: bool) -> str:
    """:func:`page_url` of a content written to ``rel``, knowing :func:`plain_url`."""
    if plain and save_as and save_as[:1] != "/" and (rel == save_as or rel.endswith("/" + save_as)):
        return without_index(rel)
    return page_url(content, rel, None, save_as)


def content_spec(content: Any, path: str, rel: str, save_as: str | None, zones: Zones) -> Wire:
    """The spec of an article or page written to ``path`` (``rel`` under the output root)
    whose facts were not handed over: its facts and its write in one.

    :param save_as: the writer's ``output_file`` (the content's ``save_as``), when known.
    :param zones: the build's time zones.
    """
    overrides = has(content, "override_save_as")
    facts = content_facts(content, zones, overrides)
    url = page_url(content, rel, None, save_as, overrides=overrides)
    return (CONTENT, path, facts[1], url, *facts[2:])


def index_spec(path: str, url: str, title: str | None, listing: int | tuple[int, ...]) -> Wire:
    """The spec of an index-like page."""
    return (INDEX, path, url, title, listing)


def listing_spec(listing: int, keys: tuple[int, ...]) -> Wire:
    """The spec of a listing first seen."""
    return (LISTING, listing, keys)


def dates_spec(content: Any, zones: Zones) -> Wire:
    """The spec of a listed content object that was not written."""
    return (
        DATES,
        id(content),
        getattr(content, "source_path", None),
        zones.wire(attr(content, "modified")),
        zones.wire(attr(content, "date")),
    )


def static_spec(static: Any, path: str, rel: str, zones: Zones) -> Wire:
    """The spec of a static file at ``path`` (``rel`` under the output root)."""
    title = getattr(static, "title", None)
    return (
        STATIC,
        path,
        page_url(static, rel),
        getattr(static, "source_path", None),
        sitemap_keys(getattr(static, "metadata", None)),
        zones.wire(getattr(static, "modified", None)),
        zones.wire(getattr(static, "date", None)),
        None if title is None else str(title),
    )


def _translation_key(content: Any, translations: Any) -> str | None:
    """Translations share a key: the smallest source path of the group (stable across
    i18n subsites, where each language is a different content object)."""
    paths = [str(getattr(c, "source_path", "") or "") for c in (content, *translations)]
    paths = [p for p in paths if p]
    return min(paths) if paths else None


def newest(modified: Any, date: Any) -> dt.datetime | None:
    """The newer of two dates, where each is a ``datetime`` (``None`` otherwise)."""
    found: dt.datetime | None = None
    for value in (modified, date):
        if not isinstance(value, dt.datetime):
            continue
        try:
            if found is None or value > found:
                found = value
        except TypeError:  # naive beside aware: Pelican makes both aware, others may not
            continue
    return found
