"""Signal handlers: collect what one build writes, across the main instance and i18n subsites.

A build starts at the first ``get_generators`` of a Pelican instance while none is running
(also each ``--autoreload`` rerun); Pelican instances started inside it (i18n_subsites runs
its subsites from the main instance's ``get_writer``) add to it. The sitemap is written at the
main instance's ``finalized``, after every subsite has finished.

Handlers are module-level functions: Pelican's blinker signals hold receivers weakly.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import weakref
from collections.abc import Iterator
from typing import Any

from pelican.contents import Content

from .build import Build, absolute
from .specs import (
    CONTENT,
    OWN_FILES,
    WRITTEN,
    Decoder,
    Final,
    SiteInfo,
    Wire,
    content_facts,
    content_spec,
    dates_spec,
    has,
    index_spec,
    listing_spec,
    page_url,
    plain_url,
    relative,
    static_spec,
    without_index,
    written_url,
)
from .worker_client import WorkerClient, wanted

logger = logging.getLogger("pelican.plugins.sitemap")

#: The keys of a template context that hold the articles an index page lists, best first.
_LISTING_KEYS = ("articles_page", "articles", "dates_page", "dates")
#: Specs go to the worker in batches of this many (one write each).
BATCH = 64


class _State:
    build: Build | None = None
    #: The last build's worker: wall and CPU seconds, or ``None`` (read by the benchmark).
    last_worker: dict[str, float] | None = None


STATE = _State()


def start(pelican: Any) -> None:
    """``get_generators``: start a build, or join the running one as a subsite."""
    build = STATE.build
    if build is not None:
        main = build.main()
        if main is not None and main is not pelican and _is_subsite(main, pelican):
            return
    if build is not None and build.worker is not None:
        build.worker.stop("the build it served never finished")
    settings = pelican.settings
    output = absolute(pelican.output_path)
    build = STATE.build = Build(weakref.ref(pelican), output, _site_info(settings, output))
    if str(settings.get("SITEURL") or "").strip():  # no SITEURL: no sitemap, no work
        if wanted():
            # A plain tuple: the worker rebuilds it without importing this package's name.
            init = {"site": tuple(build.site), "level": logger.getEffectiveLevel()}
            build.worker = WorkerClient(os.path.dirname(__file__), init)  # noqa: PTH120
            if not build.worker.running:
                logger.debug(
                    "sitemap: the worker process %s; the sitemap is made here",
                    build.worker.failed,
                )
        if build.worker is None or not build.worker.running:
            from .write import prefetch_git_for

            build.git_prefetch = prefetch_git_for(build.site)


def _site_info(settings: Any, output: str) -> SiteInfo:
    return SiteInfo(
        sitemap=settings.get("SITEMAP"),
        siteurl=settings.get("SITEURL"),
        timezone=settings.get("TIMEZONE"),
        default_date=settings.get("DEFAULT_DATE"),
        template_pages=settings.get("TEMPLATE_PAGES"),
        content_path=settings.get("PATH"),
        output=output,
        cwd=absolute("."),
    )


def generators_ready(generators: Any) -> None:
    """``all_generators_finalized``: hand over the facts of every content (:mod:`.specs`),
    and note the paths a content with its own ``save_as`` will write.

    Facts go now, in one pass over contents read one after another (their memory is still
    close together), so that each write later costs a few lookups. Pelican writes a content
    with its own ``save_as`` after whatever else it writes there, and the content wins: the
    specs of those paths are held back until the end, so that no page is passed on and then
    replaced.
    """
    build = STATE.build
    if build is None:
        return
    plain = build.plain
    batch = build.batch
    zones = build.zones
    with _no_collection():
        for generator in generators or ():
            output = getattr(generator, "output_path", None)
            if not isinstance(output, str):
                continue
            for value in vars(generator).values():
                if not isinstance(value, list):
                    continue
                for item in value:
                    if not isinstance(item, Content) or id(item) in plain:
                        continue
                    overrides = has(item, "override_save_as")
                    plain[id(item)] = plain_url(item, overrides)
                    build.alive.append(item)
                    batch.append(content_facts(item, zones, overrides))
                    if overrides:
                        build.overriding.add(id(item))
                        try:
                            build.contested.add(absolute(output, item.save_as))
                        except Exception:
                            continue
    build.send()


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """No garbage collection inside: our work makes thousands of short-lived objects, none in
    a cycle, and each collection they would set off also walks the whole of Pelican's heap."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _is_subsite(main: Any, pelican: Any) -> bool:
    """Whether ``pelican`` is one of the i18n subsites of ``main``: its language is one of
    main's ``I18N_SUBSITES``. (Any other instance starts a new build, also after a build
    that failed before its ``finalized``.)"""
    subsites = getattr(main, "settings", {}).get("I18N_SUBSITES") or {}
    lang = getattr(pelican, "settings", {}).get("DEFAULT_LANG")
    return isinstance(subsites, dict) and lang in subsites


def content_written(path: str, context: Any = None, **_: Any) -> None:
    """``content_written``: note what was written; every :data:`BATCH` writes, work out
    their specs (:mod:`.specs`) in one go and hand them over.

    Pelican gives each write a context of its own, so keeping it a little costs nothing;
    working on a batch at once runs our code while it is still in the processor's caches
    (between two writes, rendering a page has pushed it out).
    """
    build = STATE.build
    if build is None:
        return
    pending = build.pending
    pending.append((path, context))
    if len(pending) >= BATCH:
        _take_pending(build)
        build.send()


def _take_pending(build: Build) -> None:
    """Work out the specs of the writes noted so far, in order."""
    pending, build.pending = build.pending, []
    output = build.output
    plain_of = build.plain
    written_keys = build.written_keys
    contested = build.contested
    batch = build.batch
    for path, context in pending:
        # Pelican's writer hands over absolute, normalised paths: checked, not redone.
        key = path if _is_normal(path) else absolute(path)
        rel = relative(key, output)
        if not rel or (rel.startswith(("robots", "sitemap")) and OWN_FILES.match(rel)):
            continue  # outside the site, the root itself, or one of our own files
        context = context if isinstance(context, dict) else {}
        content = context.get("article")
        if content is None:
            content = context.get("page")
        if content is not None:
            output_file = context.get("output_file")
            save_as = output_file if isinstance(output_file, str) else None
            plain = plain_of.get(id(content))
            if plain is None:  # not among the generators' contents (another plugin's)
                spec = content_spec(content, key, rel, save_as, build.zones)
                build.alive.append(content)  # ids name contents: none may be reused
            else:
                spec = (WRITTEN, key, id(content), written_url(content, rel, save_as, plain))
            written_keys.add(id(content))
        else:
            spec = _index_spec(build, key, rel, context)
        if key in contested:
            build.held.append(spec)
        else:
            batch.append(spec)


def _is_normal(path: str) -> bool:
    """Whether ``path`` is absolute and normalised already (POSIX; elsewhere: no)."""
    return (
        os.sep == "/"
        and path[:1] == "/"
        and "/./" not in path
        and "/../" not in path
        and "//" not in path
        and not path.endswith(("/", "/.", "/.."))
    )


def _index_spec(build: Build, path: str, rel: str, context: dict[str, Any]) -> Wire:
    instance = context.get("OUTPUT_PATH")
    follows = build.paths_are_urls.get(instance)
    if follows is None:
        follows = build.paths_are_urls[instance] = _paths_are_urls(context)
    # A path that is its URL needs none of _index_url's URL expansion.
    url = without_index(rel) if follows else page_url(None, rel, *_index_url(context))
    listed = _listed(context)
    ids = tuple(map(id, listed))
    listing: int | tuple[int, ...] = ids  # a page's own (a page of a paginated list)
    if len(ids) > _SHARED:
        # Archives, tags, categories and authors pages each list every article: one
        # listing for them all, so that what follows from it is worked out once.
        shared = build.listings.get(ids)
        if shared is not None:
            return index_spec(path, url, _title(context), shared)
        listing = build.listings[ids] = len(build.listings)
    if not build.written_keys.issuperset(ids):
        # Listed content not written (yet): its dates still count for the listing.
        build.alive.append(listed)
        for item in listed:
            if id(item) not in build.written_keys and id(item) not in build.dated_keys:
                build.dated_keys.add(id(item))
                build.batch.append(dates_spec(item, build.zones))
    if isinstance(listing, int):
        build.batch.append(listing_spec(listing, ids))
    return index_spec(path, url, _title(context), listing)


#: Listings longer than this are shared between the pages that list the same content.
_SHARED = 32


#: Settings that name index-like pages' URLs and files (``<KIND>_URL``, ``<KIND>_SAVE_AS``).
_INDEX_KINDS = ("TAG", "CATEGORY", "AUTHOR", "YEAR_ARCHIVE", "MONTH_ARCHIVE", "DAY_ARCHIVE")


def _paths_are_urls(settings: dict[str, Any]) -> bool:
    """Whether every index-like page's URL setting names the file its save_as setting
    writes (equal, or that file's folder for ``.../index.html``): then its URL follows from
    the written path, and :func:`_index_url` (which expands URL settings) is not needed."""

    def same(url: object, save_as: object) -> bool:
        return (
            isinstance(url, str)
            and isinstance(save_as, str)
            and "://" not in url
            and url[:1] != "/"
            and save_as in (url, url + "index.html")
        )

    for kind in _INDEX_KINDS:
        save_as = settings.get(f"{kind}_SAVE_AS")
        if save_as and not same(settings.get(f"{kind}_URL"), save_as):
            return False
    templates = settings.get("DIRECT_TEMPLATES")
    if not isinstance(templates, (list, tuple)):
        return False
    for name in templates:
        if not isinstance(name, str):
            return False
        upper = name.upper()
        save_as = settings.get(f"{upper}_SAVE_AS", f"{name}.html")
        if save_as and not same(settings.get(f"{upper}_URL", f"{name}.html"), save_as):
            return False
    rules = settings.get("PAGINATION_PATTERNS")
    if not isinstance(rules, (list, tuple)):
        return False
    for rule in rules:
        try:
            url, save_as = rule[1], rule[2]
        except (TypeError, IndexError):
            return False
        if not same(url, save_as):
            return False
    return True


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


def finalized(pelican: Any) -> None:
    """``finalized``: the sitemap, when the main instance finishes."""
    build = STATE.build
    if build is None or build.main() is not pelican:
        return
    STATE.build = None
    _take_pending(build)
    last = [*build.batch, *_held(build), *_statics(build)]
    build.batch = []
    worker = build.worker
    if worker is not None and worker.running:
        build.send_zones()
        answer = worker.finish(last)
        if answer is not None and "crash" not in answer:
            STATE.last_worker = {
                key: answer[key] for key in ("seconds", "cpu", "tail", "lag") if key in answer
            }
            _relay(answer)
            return
        why = worker.failed or "it failed:\n" + str(answer and answer.get("crash"))
        logger.debug("sitemap: the worker process %s; the sitemap is made here", why)
    build.sent.extend(last)
    _write_here(build)


def _held(build: Build) -> list[Wire]:
    """The winners among the held writes (see :func:`generators_ready`)."""
    final: Final[Wire] = Final()
    for wire in build.held:
        if wire[0] == WRITTEN:
            overrides = wire[2] in build.overriding
        else:
            overrides = wire[0] == CONTENT and bool(wire[5])
        final.take(wire[1], overrides, wire)
    return final.values()


def _statics(build: Build) -> list[Wire]:
    """Specs of the static files, when ``SITEMAP["static"]`` may list some."""
    raw = build.site.sitemap
    if not isinstance(raw, dict) or not raw.get("static"):
        return []
    found: list[Wire] = []
    seen: set[str] = set()
    for static, output in build.statics:
        try:
            save_as = static.save_as
        except Exception:
            continue
        path = absolute(output, save_as)
        rel = relative(path, build.output)
        if rel is None or rel in seen or OWN_FILES.match(rel):
            continue
        seen.add(rel)
        found.append(static_spec(static, path, rel, build.zones))
    return found


def _relay(answer: dict[str, Any]) -> None:
    """Log the worker's messages here; raise its error."""
    for level, text in answer.get("messages", ()):
        logger.log(level, "%s", text)
    error = answer.get("error")
    if error:
        import sitemap_core

        kind = getattr(sitemap_core, str(error[0]), sitemap_core.SitemapError)
        raise kind(error[1])


def _write_here(build: Build) -> None:
    """Make the sitemap in this process (no worker, or it failed)."""
    with _no_collection():
        from .records import redo, stands, stream_records
        from .write import write_sitemap

        decoder = Decoder()
        decoder.zones = build.zones.zones
        # In order: each content's facts come before its writes.
        specs = [spec for spec in map(decoder.decode, build.sent) if spec is not None]
        if stands(specs):
            write_sitemap(
                build.site,
                lambda stream: stream_records(specs, stream, check=None, kept=[]),
                git_prefetch=build.git_prefetch,
            )
        else:
            write_sitemap(
                build.site, lambda stream: redo(specs, stream), git_prefetch=build.git_prefetch
            )
