"""``llms.txt`` (llmstxt.org) from the pages the XML sitemap lists: its text, the size budget
that splits a large site into one file per section, and the plan of the files it writes.

The format: ``# Name``, ``> description``, then one ``## Section`` per group, each page a
``- [Title](url): description`` line. Our marker is an HTML comment after the blockquote
(Markdown readers skip it; the format allows free text there).
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitemap_core._errors import SitemapError
from sitemap_core._files import MARKER, FilePlan
from sitemap_core._llms._twins import twin_url
from sitemap_core._util.regular import read_regular

#: The file's name, in the output root and in each section's folder.
LLMS_TXT = "llms.txt"
#: A rough count of characters per token for English prose and URLs (an estimate only).
CHARS_PER_TOKEN = 4

_SPACE = re.compile(r"\s+")
#: A link of a list line, as the format's readers take it: ``- [title](url)``.
_LINK = re.compile(r"^\s*-\s*\[[^\]]*\]\(([^)\s]+)\)", re.M)
_SLUG = re.compile(r"[^a-z0-9]+")
#: What to do about a file over the budget, said alike by the build and ``check``.
OVER_BUDGET = (
    "leave pages out of llms.txt with llms_exclude (they stay in the sitemap); a root file "
    "is split per section over llms_budget"
)


@dataclass(frozen=True, slots=True)
class Link:
    """One page of llms.txt.

    :param title: what the site calls it (``None``: its URL).
    :param url: its absolute URL, as the XML sitemap lists it.
    :param description: one line about it, or ``None``.
    """

    url: str
    title: str | None = None
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Section:
    """One ``## Section``: its name and its pages, in the site's order."""

    name: str
    links: tuple[Link, ...]


@dataclass(frozen=True, slots=True)
class Written:
    """A file written: its path relative to the output root and its size in characters."""

    name: str
    chars: int

    @property
    def tokens(self) -> int:
        """An estimate of its size in tokens."""
        return -(-self.chars // CHARS_PER_TOKEN)


def _line(text: str) -> str:
    # A "<" opens no element: a title's <script> or <img onerror> reaches no Markdown reader
    # as HTML (llms.txt is read by agents and rendered by Markdown viewers alike).
    return _SPACE.sub(" ", text).strip().replace("<", "&lt;")


def _title(text: str) -> str:
    # Brackets become parentheses: readers of the format (its authors' parser among them)
    # end a link's text at the first "]", escaped or not.
    return _line(text).replace("[", "(").replace("]", ")")


def link_line(link: Link) -> str:
    """The page as a ``- [Title](url): description`` line."""
    # Equivalent URLs whose parentheses and spaces cannot end a Markdown link early.
    url = link.url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    line = f"- [{_title(link.title or link.url) or link.url}]({url})"
    description = _line(link.description or "")
    return f"{line}: {description}" if description else line


def head(name: str, description: str | None, notes: str | None = None) -> list[str]:
    """A file's first lines: ``# Name``, ``> description``, our marker, then ``notes`` (the
    site's own Markdown for agents, as it is: mkdocs-llmstxt's ``markdown_description``)."""
    out = [f"# {_line(name)}", ""]
    summary = _line(description or "")
    if summary:
        out += [f"> {summary}", ""]
    out += [MARKER, ""]
    return [*out, notes.strip(), ""] if notes and notes.strip() else out


def render(
    name: str, description: str | None, sections: Sequence[Section], notes: str | None = None
) -> str:
    """The whole file (a trailing newline; no date, so rebuilds are byte-identical)."""
    out = head(name, description, notes)
    for section in sections:
        if not section.links:
            continue
        out += [f"## {_line(section.name)}", ""]
        out += [link_line(link) for link in section.links]
        out.append("")
    return "\n".join(out)


def read_back(text: str) -> tuple[str | None, list[tuple[int, str]]]:
    """What an llms.txt says, for ``check``: its H1 title (``None``: its first line is not
    one) and the URL of each list link with its line number."""
    first = text.split("\n", 1)[0]
    title = first[2:].strip() if first.startswith("# ") else None
    links = [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _LINK.finditer(text)]
    return title or None, links


def is_ours(path: Path) -> bool:
    """Whether ``path`` is an llms.txt this suite wrote (its marker before the first section)."""
    try:
        head = read_regular(path, 1 << 16).decode("utf-8", "replace")
    except OSError:
        return False
    return marked(head)


def marked(text: str) -> bool:
    """Whether an llms.txt's text (or its first 64 KiB) is ours: our marker before the first
    section (a file read from disk or served live)."""
    return MARKER in text.split("\n## ", 1)[0]


def folder_of(loc: str, base_url: str) -> str | None:
    """A page's folder relative to ``base_url`` (``""``: the top), ``None`` outside it."""
    if not loc.startswith(base_url):
        return None
    path = urlsplit(loc[len(base_url) :]).path
    return path.rsplit("/", 1)[0] if "/" in path else ""


def common_folder(urls: Iterable[str], base_url: str) -> str:
    """The folder all ``urls`` share below ``base_url`` (``""``: none, as when one is at the
    top of the site or outside it)."""
    paths = [folder_of(url, base_url) for url in urls]
    return posixpath.commonpath(paths) if paths and all(paths) else ""  # type: ignore[arg-type]


def section_path(section: Section, base_url: str, taken: Collection[str], name: str) -> str:
    """The path of a section's own file ``name`` (``guide/llms.txt``): in the folder its pages
    share, numbered (``guide-2/``) when another section's file ``taken`` has that path."""
    common = common_folder((link.url for link in section.links), base_url)
    # A name's accents go as Pelican's slugs drop them (Français: francais/, not fran-ais/).
    plain = unicodedata.normalize("NFKD", section.name).encode("ascii", "ignore").decode()
    folder = common or _SLUG.sub("-", plain.lower()).strip("-") or "section"
    path = f"{folder}/{name}"
    number = 2
    while path in taken:
        path = f"{folder}-{number}/{name}"
        number += 1
    return path


def plan(
    name: str,
    description: str | None,
    sections: Sequence[Section],
    base_url: str,
    budget: int,
    also: Sequence[Section] = (),
    notes: str | None = None,
) -> dict[str, str]:
    """The files to write, ``{path relative to base_url: text}``: one file when it fits in
    ``budget`` characters, else one per section in its pages' folder, and a root file linking
    them (the top of the site stays in it while it fits).

    :param also: sections the root file ends with, split or not (links to other files).
    :param notes: the root file's Markdown after the summary (``llms_markdown_description``).
    """
    whole = render(name, description, [*sections, *also], notes)
    if len(whole) <= budget:
        return {LLMS_TXT: whole}
    files: dict[str, str] = {}
    index: list[Section] = []
    home = {base_url, twin_url(base_url)}
    for section in sections:
        if not section.links:
            continue
        if all(folder_of(link.url, base_url) == "" for link in section.links):
            trial = render(name, description, [*index, section], notes)
            if len(trial) <= budget // 2:  # room left for the sections' links
                index.append(section)
                continue
        # The home page stays in the root file, whatever else of its section moves out.
        lead = section.links[:1] if section.links[0].url in home else ()
        rest = Section(section.name, section.links[len(lead) :])
        if not rest.links:
            index.append(section)
            continue
        path = section_path(rest, base_url, files, LLMS_TXT)
        files[path] = render(f"{name}: {section.name}", description, [rest])
        index.append(Section(section.name, (*lead, Link(base_url + path, section.name))))
    return {LLMS_TXT: render(name, description, [*index, *also], notes), **files}


def write(
    output_dir: Path, files: dict[str, str], plan: FilePlan, root_name: str = LLMS_TXT
) -> list[Written]:
    """Plan each file into ``plan``, committed with the build's other files (whose sweep
    removes the earlier build's files not planned now). A file not ours to replace is kept
    (left out). A path is the URL path below the base URL, decoded for the folder
    (``my%20folder/llms.txt`` → ``my folder/llms.txt``).

    :param root_name: the root file's name (``llms-full.txt`` splits as llms.txt does).
    :return: what was planned, in order, with sizes.
    :raises SitemapError: the root file exists and is not ours (nothing planned).
    """
    root = output_dir / root_name
    if not plan.owned.may_replace(root, is_ours):
        raise SitemapError(
            f"{root} exists and was not written by ssg-sitemap; it is kept (not ours, or changed "
            f"since: remove it to have {root_name} written)"
        )
    written = []
    for rel, text in files.items():
        path = output_dir / unquote(rel)
        if plan.owned.may_replace(path, is_ours):
            plan.files[path] = text.encode("utf-8")
            written.append(Written(rel, len(text)))
    return written


def linked_file(base_url: str, url: str, names: tuple[str, ...] = (LLMS_TXT,)) -> str | None:
    """A file of ours a file links (``guide/llms.txt``): its path under ``base_url``
    (decoded), or ``None`` when the URL is none (not under the site, not one of ``names``)."""
    if not url.startswith(base_url) or not url.endswith(tuple("/" + name for name in names)):
        return None
    rel = unquote(url[len(base_url) :])
    return rel if ".." not in rel.split("/") else None
