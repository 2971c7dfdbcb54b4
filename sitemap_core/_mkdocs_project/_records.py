"""Page records of a built MkDocs-family project, from its sources (``build --project``)."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from sitemap_core._config import excluded_by
from sitemap_core._html import inspect_html
from sitemap_core._mkdocs_project._config import ProjectConfig, flat_section
from sitemap_core._mkdocs_project._pages import (
    DRAFT,
    Inclusion,
    dest_path,
    front_matter_dates,
    is_draft,
    is_markdown,
    page_url,
)
from sitemap_core._record import PageRecord
from sitemap_core._sites import html_files, url_for
from sitemap_core._util.text import printable
from sitemap_core._values import is_page_file

_log = logging.getLogger("sitemap_core")

#: The reason for a source page whose built file is not where MkDocs' rules put it.
NOT_BUILT = "not built"

#: MkDocs' YAML front matter block (``mkdocs.utils.meta``).
_YAML_BLOCK = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


def read_front_matter(path: Path) -> Mapping[str, Any]:
    """A page's YAML front matter as MkDocs reads it; none when it is not a mapping or does
    not parse (MkDocs then treats the block as text, and so do we)."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    match = _YAML_BLOCK.match(text)
    if match is None:
        return {}
    try:
        data = yaml.load(match.group(1), Loader=_FrontMatterLoader)
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


class _FrontMatterLoader(yaml.SafeLoader):
    """Safe YAML; a tag of another tool is read as nothing rather than failing the page."""


_FrontMatterLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def _sources(docs_dir: Path) -> list[str]:
    """Every file of docs_dir, as MkDocs walks it (symlinks followed, sorted, index first); a
    folder symlink back into itself (``docs/again -> .``), which MkDocs would walk until the path
    is too long, is left out with a warning naming it.
    """
    found: list[str] = []
    # The folders each folder is in, by (device, inode): a folder among them is a loop.
    enclosing: dict[Path, frozenset[tuple[int, int]]] = {}
    for folder, dirs, files in os.walk(docs_dir, followlinks=True):
        here = Path(folder)
        chain = enclosing.pop(here, frozenset()) | {_folder_id(here)}
        kept = []
        for name in sorted(dirs):
            path = here / name
            if _folder_id(path) in chain:
                target = f" -> {path.readlink()}" if path.is_symlink() else ""
                _log.warning(
                    "sitemap: %s%s leads to a folder it is in, a loop; it is not followed",
                    printable(str(path)),
                    printable(target),
                )
                continue
            enclosing[path] = chain
            kept.append(name)
        dirs[:] = kept
        rel = Path(folder).relative_to(docs_dir).as_posix()
        for name in sorted(files, key=lambda f: (Path(f).stem not in ("index", "README"), f)):
            found.append(name if rel == "." else f"{rel}/{name}")
    return found


def _folder_id(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return (-1, -1)
    return (info.st_dev, info.st_ino)


def project_records(
    project: ProjectConfig,
    site_dir: Path,
    source_excludes: tuple[str, ...] = (),
    *,
    titles: bool = False,
) -> Iterator[PageRecord]:
    """One record per Markdown page (by MkDocs' rules), per HTML ``extra_templates`` output,
    and per built HTML page no docs_dir file produced (listings, 404). Unpublished pages and
    pages whose built file is missing come with their reason, for the summary.

    :param titles: give each page a title (front matter ``title``, else the built page's
        ``<title>``), for the HTML sitemap.
    :raises ValueError: an ``exclude_docs`` / ``draft_docs`` pattern is not gitignore syntax.
    """
    inclusion = Inclusion.from_config(project.exclude_docs, project.draft_docs)
    root = project.path.resolve().parent
    docs = project.docs_dir
    urls = project.use_directory_urls
    sources = _sources(docs)
    chosen = _chosen(sources, urls, inclusion)
    # The nav's pages first, in its order (the rest after, as walked), each in its top-level
    # nav section: the MkDocs plugin's order and sections (a page twice in the nav: the last).
    nav = {src: (number, section) for number, (src, section) in enumerate(project.nav)}
    # A nav without (titled) sections: one group named by the site, as the plugin does.
    flat = flat_section(project.site_name) if nav and not any(s for _, s in nav.values()) else None
    ordered = sorted(chosen.items(), key=lambda item: nav.get(item[1], (len(nav), None))[0])
    for dest, src in ordered:
        source = docs / src
        name = _name(source, root, src)
        url = page_url(src, urls)
        reason = inclusion.reason(src)
        if reason is not None:
            yield PageRecord(url, name=name, exclude=reason)
            continue
        try:
            meta = read_front_matter(source)
        except OSError:
            meta = {}
        if is_draft(meta):
            yield PageRecord(url, name=name, exclude=DRAFT)
            continue
        output = site_dir / dest
        if not output.is_file():
            # Not where MkDocs' rules put it (a plugin moved it, or the build is stale).
            yield PageRecord(url, name=name, exclude=NOT_BUILT)
            continue
        yield PageRecord(
            url=url,
            source=source,
            output=output,
            front_matter=meta,
            dates=front_matter_dates(meta),
            title=_title(meta, output) if titles else None,
            section=flat or (nav.get(src, (0, None))[1] if nav else _auto_section(src)),
            name=name,
            exclude=excluded_by(source_excludes, src),
        )
    for src in project.extra_templates:
        output = site_dir / src
        if is_page_file(src) and output.is_file():
            yield PageRecord(
                url=page_url(src, False),
                source=docs / src,
                output=output,
                name=_name(docs / src, root, src),
                exclude=excluded_by(source_excludes, src),
            )
    made = {dest_path(src, urls) for src in sources} | set(project.extra_templates)
    for path in html_files(site_dir) if site_dir.is_dir() else []:
        rel = path.relative_to(site_dir).as_posix()
        if rel not in made:
            yield PageRecord(url_for(site_dir, path), output=path, name=f"{rel} (generated)")


def _chosen(sources: list[str], urls: bool, inclusion: Inclusion) -> dict[str, str]:
    """Each page's source by its built file: of README.md and index.md in one folder, MkDocs
    keeps index.md."""
    chosen: dict[str, str] = {}
    for src in sources:
        dest = dest_path(src, urls)
        if is_markdown(src) and not (dest in chosen and inclusion.reason(src) is not None):
            chosen[dest] = src
    return chosen


def _title(meta: Mapping[str, Any], output: Path) -> str | None:
    title = meta.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    try:
        return inspect_html(output).title
    except (OSError, ValueError):
        return None


def _name(source: Path, root: Path, src: str) -> str:
    try:
        return source.relative_to(root).as_posix()
    except ValueError:
        return src


def _auto_section(src: str) -> str | None:
    """A page's section in MkDocs' automatic nav (a config without ``nav``): its top folder,
    titled as MkDocs titles it (``getting-started`` → ``Getting started``); ``None`` at the top."""
    if "/" not in src:
        return None
    title = src.split("/", 1)[0].replace("-", " ").replace("_", " ")
    return title.capitalize() if title.lower() == title else title
