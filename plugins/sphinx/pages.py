"""The pages an HTML builder writes, with their links and built files, from the environment."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from sphinx.builders import Builder
from sphinx.builders.dirhtml import DirectoryHTMLBuilder
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment

from sitemap_core._adapters import is_page_file

from .compat import same_output_rule

# HTML-format builders that do not make a website: e-books, help bundles, serialised HTML.
_NOT_WEBSITES = frozenset(
    {"epub", "epub3", "htmlhelp", "qthelp", "devhelp", "applehelp", "json", "pickle"}
)


def is_website_builder(builder: Builder) -> bool:
    """html, dirhtml, singlehtml and their subclasses; not epub, help or serialising builders."""
    if getattr(builder, "format", None) != "html" or builder.name in _NOT_WEBSITES:
        return False
    # epub builders subclass the HTML builder under any name.
    return not hasattr(builder, "epub_version")


@dataclass(frozen=True)
class Page:
    """One HTML page of the build.

    :param pagename: Sphinx's page name (``"guide/intro"``, ``"genindex"``).
    :param link: the builder's link to it relative to the site root, not percent-encoded
        (``"guide/intro.html"``, dirhtml ``"guide/intro/"`` and ``""`` for the root).
    :param output: the built file.
    :param is_doc: a document of the project (not genindex, search, ...).
    :param target_uri: ``get_target_uri`` as the builder returns it (percent-encoded).
    :param holds: the other documents this page shows (singlehtml: every document).
    """

    pagename: str
    link: str
    output: Path
    is_doc: bool
    target_uri: str
    holds: tuple[str, ...] = ()


def html_stem(builder: Builder, value: object) -> str:
    """The page name ``sitemap_html`` gives: ``sitemap.html`` (or the builder's suffix) less it."""
    suffix = str(getattr(builder, "out_suffix", ".html"))
    return str(value).removesuffix(suffix).removesuffix(".html")


def link_for(target_uri: str) -> str:
    """The builder's own link to a page (``get_target_uri``), decoded and without anchor."""
    return unquote(target_uri.split("#", 1)[0])


def output_for(builder: Builder, pagename: str) -> Path:
    """The file the builder writes for a page."""
    outdir = Path(builder.outdir)
    # html and dirhtml's own rules, joined to the out dir without re-parsing it (thousands of
    # pages); any other builder is asked.
    cls = type(builder)
    suffix = getattr(builder, "out_suffix", ".html")
    if same_output_rule(cls, StandaloneHTMLBuilder):
        return outdir / f"{pagename}{suffix}"
    if same_output_rule(cls, DirectoryHTMLBuilder):
        if pagename == "index" or pagename.endswith("/index"):
            return outdir / f"{pagename}{suffix}"
        return outdir / pagename / f"index{suffix}"
    outfilename = getattr(builder, "get_outfilename", None)
    if outfilename is None:  # not an HTML builder
        return outdir / f"{pagename}.html"
    return Path(outfilename(pagename))


def collect_pages(builder: Builder, env: BuildEnvironment, extras: Iterable[str]) -> list[Page]:
    """The root document, every other document, then every extra page (each sorted), each link
    once: singlehtml links every document to the root's page, which alone is kept.
    """
    pages: list[Page] = []
    seen: dict[str, int] = {}
    held: dict[int, list[str]] = {}
    root = env.config.root_doc
    docs = sorted(env.found_docs, key=lambda d: (d != root, d))
    for pagename, is_doc in [
        *((d, True) for d in docs),
        *((e, False) for e in sorted(set(extras) - env.found_docs)),
    ]:
        uri = builder.get_target_uri(pagename)
        link = link_for(uri)
        at = seen.get(link)
        if at is not None:
            if is_doc and pages[at].is_doc:
                held.setdefault(at, []).append(pagename)
            continue
        seen[link] = len(pages)
        pages.append(Page(pagename, link, output_for(builder, pagename), is_doc, uri))
    for at, names in held.items():
        pages[at] = dataclasses.replace(pages[at], holds=tuple(names))
    return pages


class ExtraPages:
    """Pages that are not documents (genindex, search, domain indices, additional and collected
    pages such as viewcode's ``_modules/...``), caught from ``html-page-context``. Their names are
    kept beside the environment while their built file exists (viewcode skips up-to-date pages),
    so an incremental build lists the same pages as a fresh one.
    """

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def note(self, pagename: str, templatename: str) -> None:
        """Record a page as it is written (templates that are not pages, such as
        ``opensearch.xml``, are skipped; the core's page suffixes decide)."""
        if is_page_file(templatename):
            self.seen.add(pagename)

    def resolve(self, builder: Builder) -> list[str]:
        """This build's extra pages plus remembered ones whose file still exists; saved."""
        path = Path(builder.doctreedir) / f"ssg-sitemap-{builder.name}-pages.json"
        names = set(self.seen)
        remembered = read_names(path) or []
        names.update(n for n in remembered if n not in names and output_for(builder, n).is_file())
        keep_names(path, sorted(names))
        return sorted(names)


def read_names(path: Path) -> list[str] | None:
    """A list of names an earlier build kept beside the doctrees (``None``: none readable)."""
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return loaded if isinstance(loaded, list) and all(isinstance(n, str) for n in loaded) else None


def keep_names(path: Path, names: list[str]) -> None:
    """Keep ``names`` for the next build, unless the file holds them already. Only a hint for
    it: a file that cannot be written costs that build a little time, nothing else."""
    text = json.dumps(names, indent=0)
    with contextlib.suppress(OSError):
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
