"""``images: true``: each page's own images as ``<image:image>`` entries.

Read from the built page (:mod:`sitemap_core._html`) only when the setting is on; a
page without a built file (an extra URL) has none. A text sitemap has no place for them.
"""

from __future__ import annotations

import dataclasses

from sitemap_core._config import Settings
from sitemap_core._context import BuildContext
from sitemap_core._html import page_images
from sitemap_core._record import Entry
from sitemap_core.hookspecs import LeftOut, hookimpl


def active_for(settings: Settings) -> bool:
    """Only when asked for, and only for XML sitemaps (see hookspecs)."""
    return settings.images and settings.format == "xml"


@hookimpl(tryfirst=True)
def sitemap_transform(entry: Entry, context: BuildContext) -> Entry | LeftOut | None:
    """The entry with its page's images (before the site's own transform sees it)."""
    output = entry.record.output
    if output is None:
        return None
    try:
        images = page_images(output, entry.loc)
    except OSError as exc:
        context.diagnostics.debug(
            f"images not read: {exc.strerror or exc}", entry.record.label, "images"
        )
        return None
    return dataclasses.replace(entry, images=images) if images else None
