"""``llms-full.txt``: the pages' Markdown twins in llms.txt's order, in one file (what agents
fetch); split per section under llms.txt's budget rule only when the user asks
(``llms_full_split``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sitemap_core._llms._text import Link, Section, head, render, section_path

#: The file's name, beside llms.txt (in the output root and in each section's folder).
LLMS_FULL = "llms-full.txt"


def render_full(
    name: str, description: str | None, sections: Sequence[Section], texts: Mapping[str, str]
) -> str:
    """One file: each page's Markdown (``texts``, by the link's URL) under a ``Source:`` line
    naming its twin, in the sections' order (a page without a twin is left out)."""
    out = head(name, description)
    for section in sections:
        for link in section.links:
            text = texts.get(link.url)
            if text is None:
                continue
            out += ["---", "", f"Source: {link.url}", "", text.strip(), ""]
    return "\n".join(out)


def plan_full(
    name: str,
    description: str | None,
    sections: Sequence[Section],
    texts: Mapping[str, str],
    base_url: str,
    budget: int | None = None,
) -> dict[str, str]:
    """The files to write, ``{path relative to the output root: text}``: one file (no
    ``budget``, or it fits in ``budget`` characters), else one per section in the folder its
    llms.txt goes in, and a root ``llms-full.txt`` that links them."""
    whole = render_full(name, description, sections, texts)
    if budget is None or len(whole) <= budget:
        return {LLMS_FULL: whole}
    files: dict[str, str] = {}
    index: list[Section] = []
    for section in sections:
        if not any(link.url in texts for link in section.links):
            continue
        path = section_path(section, base_url, files, LLMS_FULL)
        files[path] = render_full(f"{name}: {section.name}", description, [section], texts)
        index.append(Section(section.name, (Link(base_url + path, section.name),)))
    return {LLMS_FULL: render(name, description, index), **files}
