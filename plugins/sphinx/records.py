"""Page records from the Sphinx environment: URL, source, includes, metadata, title."""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sphinx.environment import BuildEnvironment

from sitemap_core import PageRecord
from sitemap_core.patterns import matches_any

from .config import SiteConfig
from .pages import Page


def page_url(site: SiteConfig, link: str) -> str:
    """The URL relative to the base URL: sphinx-sitemap's ``sitemap_url_scheme``."""
    return site.scheme.format(lang=site.lang, version=site.version, link=link)


def sections(env: BuildEnvironment, root_doc: str) -> dict[str, str]:
    """Each document's top-level toctree entry under the root document, by title."""
    found: dict[str, str] = {}
    includes = env.toctree_includes
    for top in includes.get(root_doc, []):
        title = env.titles[top].astext() if top in env.titles else top
        queue = deque([top])
        while queue:
            doc = queue.popleft()
            if doc in found or doc == root_doc:
                continue
            found[doc] = title
            queue.extend(includes.get(doc, []))
    return found


def _front_matter(env: BuildEnvironment, docname: str) -> dict[str, Any]:
    """reST file-wide fields (``:sitemap_priority: 0.8``) and MyST front matter.

    MyST stores a nested front-matter mapping (``sitemap: {exclude: true}``) as JSON text.
    """
    found = dict(env.metadata.get(docname, {}))
    for key, value in found.items():
        if key.lower() == "sitemap" and isinstance(value, str) and value.startswith("{"):
            with contextlib.suppress(ValueError):
                found[key] = json.loads(value)
    return found


def _dates(front_matter: dict[str, Any]) -> dict[str, Any]:
    """``:modified:`` and ``:date:`` fields (any case), keyed as the core names them."""
    found: dict[str, Any] = {}
    for key, value in front_matter.items():
        low = key.lower() if isinstance(key, str) else ""
        if low in ("modified", "date") and value not in (None, ""):
            found.setdefault(low, value)
    return found


def _dependencies(env: BuildEnvironment, docname: str, source: Path) -> tuple[Path, ...]:
    found = {p if isinstance(p, Path) else Path(p) for p in env.dependencies.get(docname, ())}
    found.discard(source)
    return tuple(sorted(found))


def page_records(
    site: SiteConfig,
    env: BuildEnvironment,
    pages: list[Page],
    *,
    with_sections: bool,
) -> Iterator[PageRecord]:
    """One record per page, in the order of ``pages``."""
    srcdir = Path(env.srcdir)
    by_section = sections(env, env.config.root_doc) if with_sections else {}
    for page in pages:
        url = page_url(site, page.link)
        exclude = None
        if site.excludes and matches_any(site.excludes, page.link, url):
            exclude = "exclude pattern"
        if not page.is_doc:
            yield PageRecord(
                url=url,
                output=page.output,
                kind="index",
                lang=site.language,
                name=page.pagename,
                exclude=exclude,
            )
            continue
        docname = page.pagename
        relative = env.doc2path(docname, False)
        name = relative.as_posix()
        source = srcdir / relative
        title_node = env.titles.get(docname)
        front_matter = _front_matter(env, docname)
        yield PageRecord(
            url=url,
            source=source,
            output=page.output,
            front_matter=front_matter,
            kind="page",
            dates=_dates(front_matter),
            lang=site.language,
            title=title_node.astext() if title_node is not None else None,
            section=by_section.get(docname),
            name=name,
            exclude=exclude,
            dependencies=_dependencies(env, docname, source),
        )
