"""Pelican adapter of ssg-sitemap: ``PLUGINS = ["sitemap"]``.

A drop-in replacement for pelican-sitemap 1.2.2 (same ``SITEMAP`` setting). Pelican imports
every namespace plugin even when it is not enabled, so this module imports nothing heavy:
the work lives in the modules beside it, loaded by :func:`register`.
"""

from __future__ import annotations


def register() -> None:
    """Pelican entry point: connect the module-level signal handlers."""
    from pelican import signals

    from . import collect

    signals.get_generators.connect(collect.start)
    signals.content_written.connect(collect.content_written)
    signals.static_generator_finalized.connect(collect.static_finalized)
    signals.finalized.connect(collect.finalized)
