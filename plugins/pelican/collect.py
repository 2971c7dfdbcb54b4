"""Signal handlers: note what one build writes, across the main instance and i18n subsites.

A build starts at the first ``get_generators`` while none is running (also each
``--autoreload`` rerun); instances started inside it add to it. The sitemap is made at the
main instance's ``finalized``, after every subsite. Handlers are module-level functions:
Pelican's blinker signals hold receivers weakly.
"""

from __future__ import annotations

import gc
import sys
import weakref
from typing import Any

from sitemap_core import BuildReport

from .write import prefetch_git_for, write_sitemap
from .written import Build, absolute, noted


class _State:
    build: Build | None = None


STATE = _State()


def start(pelican: Any) -> None:
    """``get_generators``: start a build, or join the running one as a subsite."""
    build = STATE.build
    if build is not None:
        main = build.main()
        # An i18n subsite of main (its language is one of main's I18N_SUBSITES) joins it; any
        # other instance starts a new build, also after one that failed before ``finalized``.
        subsites = getattr(main, "settings", {}).get("I18N_SUBSITES") or {}
        lang = getattr(pelican, "settings", {}).get("DEFAULT_LANG")
        # (A gone main has no settings: no subsites.)
        if main is not pelican and isinstance(subsites, dict) and lang in subsites:
            return
    settings = pelican.settings
    _forget_our_messages()
    build = STATE.build = Build(weakref.ref(pelican), settings, absolute(pelican.output_path))
    if str(settings.get("SITEURL") or "").strip():  # no SITEURL: no sitemap, no work
        # git's history is read in a thread while Pelican builds the site.
        build.git_prefetch = prefetch_git_for(settings)


def _forget_our_messages() -> None:
    """Let this build log what an earlier build of the process logged (``--autoreload``): Pelican
    drops any INFO or WARNING it logged before, which hid a rebuild's summary and warnings. Only
    our lines are forgotten; within one build each is still logged once.
    """
    limit = getattr(sys.modules.get("pelican.log"), "LimitFilter", None)
    seen = getattr(limit, "_raised_messages", None)
    if not isinstance(seen, set):  # another Pelican version: nothing to forget
        return
    ours = [
        key
        for key in seen
        if isinstance(key, tuple) and len(key) == 2 and str(key[1]).startswith("sitemap:")
    ]
    seen.difference_update(ours)


def content_written(path: str, context: Any = None, **_: Any) -> None:
    """``content_written``: note the file and what its template context says of it (each
    write has a context of its own; the records are made from them at ``finalized``)."""
    build = STATE.build
    if build is not None:
        build.written.append((path, noted(context)))


def static_finalized(generator: Any) -> None:
    """``static_generator_finalized``: note static files (listed only when opted in)."""
    build = STATE.build
    if build is None:
        return
    output = absolute(generator.output_path)
    build.statics.extend((static, output) for static in generator.staticfiles)


def finalized(pelican: Any) -> BuildReport | None:
    """``finalized``: write the sitemap when the main instance finishes.

    :return: what the build wrote, or ``None`` (a subsite, or no sitemap made).
    """
    build = STATE.build
    if build is None or build.main() is not pelican:
        return None
    STATE.build = None
    # No garbage collection meanwhile: the step makes tens of thousands of short-lived objects,
    # none in a cycle, and the collections they would set off walk the whole of Pelican's heap
    # (at 3,000 articles: 0.03 to 0.1 s of the step's 0.6 s of CPU, up to 0.8% of the build).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return write_sitemap(build)
    finally:
        if collecting:
            gc.enable()
