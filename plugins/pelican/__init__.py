"""Pelican adapter of ssg-sitemap: ``PLUGINS = ["sitemap"]``.

A drop-in replacement for pelican-sitemap 1.2.2 (same ``SITEMAP`` setting). Pelican imports
every namespace plugin even when it is not enabled, so this module imports nothing heavy:
the work lives in the modules beside it, loaded by :func:`register`.
"""

from __future__ import annotations


def register() -> None:
    """Pelican entry point: connect the module-level signal handlers."""
    from pelican import signals

    from . import collect, html_page

    signals.get_generators.connect(collect.start)
    signals.get_generators.connect(html_page.generators)
    signals.content_written.connect(collect.content_written)
    signals.static_generator_finalized.connect(collect.static_finalized)
    signals.finalized.connect(finalized)


def finalized(pelican: object) -> None:
    """``finalized``: the sitemap, then the HTML sitemap pages' list from the same build (one
    handler: blinker does not keep the order in which handlers were connected)."""
    from sitemap_core import SitemapError

    from . import collect, html_page

    build = collect.STATE.build
    main = build is not None and build.main() is pelican
    try:
        report = collect.finalized(pelican)
    except SitemapError as exc:
        # Pelican 4.12 logs a plugin's exception with its traceback. Ours already names the
        # page, the setting and the user's own line; the frames inside the suite that led
        # there would bury that message under 80 lines a user cannot act on.
        raise exc.with_traceback(None) from None
    if main and build is not None:
        html_page.finished(build, report)
