"""The ``<link rel="alternate" type="text/markdown">`` naming each document's Markdown twin,
put in its page's ``metatags`` while Sphinx renders it (every theme prints ``metatags`` in the
head)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from sitemap_core._adapters import twin_link

from .config import SiteConfig
from .pages import Page, link_for, output_for
from .records import rendered_record


def add_twin_link(app: Sphinx, site: SiteConfig, pagename: str, context: Any) -> None:
    """With ``llms_markdown`` on, add the link to a document's page the sitemap will list, judged
    on what is known before the page is written (the document's fields, ``sitemap_excludes``, its
    ``metatags``). Generated pages (genindex, search) get no link.
    """
    settings = site.settings
    if not settings.llms_markdown or pagename not in app.env.found_docs:
        return
    builder = app.builder
    uri = builder.get_target_uri(pagename)
    page = Page(pagename, link_for(uri), output_for(builder, pagename), True, uri)
    metatags = context.get("metatags")
    tags = metatags if isinstance(metatags, str) else ""
    output = Path(app.outdir)
    link = twin_link(
        rendered_record(site, app.env, page),
        settings,
        tags,
        output.parent if site.in_parent else output,
    )
    if link is not None:
        context["metatags"] = f"{tags}\n{link}" if tags else link
