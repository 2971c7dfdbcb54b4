"""Signal handlers: collect what one build writes, across the main instance and i18n subsites.

A build starts at the first ``get_generators`` of a Pelican instance while none is running
(also each ``--autoreload`` rerun); Pelican instances started inside it (i18n_subsites runs
its subsites from the main instance's ``get_writer``) add to it. The sitemap is written at the
main instance's ``finalized``, after every subsite has finished.

Handlers are module-level functions: Pelican's blinker signals hold receivers weakly.
"""

from __future__ import annotations

import gc
import time
import weakref
from typing import Any

from .build import Build, Written, absolute

#: The keys of a template context that hold the articles an index page lists, best first.
_LISTING_KEYS = ("articles_page", "articles", "dates_page", "dates")
#: The context keys of a tag, category, author, period or paginated index page.
_WRAPPER_KEYS = ("tag", "category", "author", "period", "articles_page", "dates_page")
#: What is kept of their context (see ``_index_url``, ``_listed`` and ``_title``).
_INDEX_KEYS = (*_WRAPPER_KEYS, *_LISTING_KEYS, "output_file", "period_archives", "page_name")
#: Files whose heads the HTML checks read.
_HTML_SUFFIXES = (".html", ".htm", ".xhtml")


class _State:
    build: Build | None = None
    #: Seconds the last finished build spent in the plugin (read by the benchmark).
    last_seconds: float | None = None
    #: How long the last build's background git read took (read by the benchmark).
    last_git_seconds: float | None = None


STATE = _State()


def start(pelican: Any) -> None:
    """``get_generators``: start a build, or join the running one as a subsite."""
    began = time.perf_counter()
    build = STATE.build
    if build is not None:
        main = build.main()
        if main is not None and main is not pelican and _is_subsite(main, pelican):
            build.seconds += time.perf_counter() - began
            return
    if build is not None and build.heads is not None:
        build.heads.release()  # a build that never reached its finalized
    STATE.build = Build(weakref.ref(pelican), absolute(pelican.output_path))
    from .write import prefetch, prefetch_heads

    STATE.build.git_prefetch = prefetch(pelican)
    STATE.build.heads = prefetch_heads(pelican)
    STATE.build.seconds += time.perf_counter() - began


def _is_subsite(main: Any, pelican: Any) -> bool:
    """Whether ``pelican`` is one of the i18n subsites of ``main``: its language is one of
    main's ``I18N_SUBSITES``. (Any other instance starts a new build, also after a build
    that failed before its ``finalized``.)"""
    subsites = getattr(main, "settings", {}).get("I18N_SUBSITES") or {}
    lang = getattr(pelican, "settings", {}).get("DEFAULT_LANG")
    return isinstance(subsites, dict) and lang in subsites


def content_written(path: str, context: Any = None, **_: Any) -> None:
    """``content_written``: remember the file and what it shows.

    Only what the template context holds is kept here (it runs between two page renders,
    with cold caches): :meth:`Build.resolve` works the rest out at the end, in one go.
    """
    build = STATE.build
    if build is None:
        return
    began = time.perf_counter()
    context = context if isinstance(context, dict) else {}
    content = context.get("article")
    if content is None:
        content = context.get("page")
    if content is not None:
        build.pending.append((path, content, context.get("output_file")))
    else:
        build.pending.append((path, None, _index_context(context)))
    if build.heads is not None and path.lower().endswith(_HTML_SUFFIXES):
        build.heads.add(path)
    build.seconds += time.perf_counter() - began


def _index_context(context: dict[str, Any]) -> dict[str, Any]:
    """What :func:`_index_url`, :func:`_listed` and :func:`_title` read of an index-like
    page's context. A direct template's page (a handful a site) keeps all of it."""
    if all(context.get(key) is None for key in _WRAPPER_KEYS):
        return context
    return {key: context[key] for key in _INDEX_KEYS if key in context}


def _written(build: Build, path: str, content: Any, extra: Any) -> None:
    key = absolute(path)
    previous = build.written.get(key)
    # Pelican sends the signal for a write it skipped in favour of an overriding one
    # (a page with ``save_as: index.html``); the overriding content is what the file holds.
    if previous is not None and _overrides(previous.content) and not _overrides(content):
        return
    if content is not None:
        # The writer's output_file is the content's save_as: reading it here is free, while
        # the property re-expands the URL settings on every access.
        build.written[key] = Written(
            key, content, save_as=extra if isinstance(extra, str) else None
        )
    else:
        url, save_as = _index_url(extra)
        listed = _listed(extra)
        if len(listed) > 32:
            # Archives, tags, categories and authors pages each list every article: one
            # tuple for them all, so that what follows from it is worked out once.
            listed = build.listings.setdefault(tuple(map(id, listed)), listed)
        build.written[key] = Written(key, None, listed, _title(extra), url=url, save_as=save_as)


def _overrides(content: Any) -> bool:
    return content is not None and hasattr(content, "override_save_as")


def _listed(context: dict[str, Any]) -> tuple[Any, ...]:
    for key in _LISTING_KEYS:
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
    """The URL Pelican links to for an index-like page, and the file it wrote it to.

    A paginated page's URL comes from ``PAGINATION_PATTERNS``; a tag, category or author
    page's from its object (``TAG_URL``...); a period archive's from ``*_ARCHIVE_URL``; a
    direct template's from ``<NAME>_URL``. ``(None, None)`` when unknown: the file's path
    is then used.
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


def static_finalized(generator: Any) -> None:
    """``static_generator_finalized``: remember static files (listed only when opted in)."""
    build = STATE.build
    if build is None:
        return
    output = absolute(generator.output_path)
    build.statics.extend((static, output) for static in generator.staticfiles)


def resolve(build: Build) -> dict[str, Written]:
    """``build.written``, with every ``content_written`` call so far taken in, in order."""
    for path, content, extra in build.pending:
        _written(build, path, content, extra)
    build.pending.clear()
    return build.written


def finalized(pelican: Any) -> None:
    """``finalized``: write the sitemap when the main instance finishes."""
    build = STATE.build
    if build is None or build.main() is not pelican:
        return
    STATE.build = None
    began = time.perf_counter()
    if build.heads is not None:
        build.heads.close()  # every file is written: the child checks them while we go on
    # The step makes tens of thousands of short-lived objects, none in a cycle; each
    # collection they would set off also walks the whole of Pelican's heap.
    collecting = gc.isenabled()
    gc.disable()
    try:
        from .write import write_sitemap

        resolve(build)
        write_sitemap(pelican, build)
    finally:
        if collecting:
            gc.enable()
        if build.heads is not None:
            build.heads.release()
        STATE.last_seconds = build.seconds + time.perf_counter() - began
        STATE.last_git_seconds = getattr(build.git_prefetch, "seconds", None)
