"""A root ``llms.txt`` over several builds deployed under one root (mike's versions): it names
each build's own llms.txt, so that an agent asking the root finds every version's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sitemap_core._llms._text import LLMS_TXT, Link, Section, is_ours, read_back, render


@dataclass(frozen=True, slots=True)
class Build:
    """One build's llms.txt.

    :param path: its file.
    :param url: its URL.
    :param label: what the root calls it (``3.0 (latest)``).
    """

    path: Path
    url: str
    label: str


def builds_file(builds: Sequence[Build], heading: str) -> tuple[str, int] | None:
    """The root ``llms.txt`` naming the builds' files that are ours, in the order given (its
    title and description are the first one's), and how many it names.

    :return: ``None`` when none of them is ours.
    """
    found: list[tuple[Build, str]] = []
    for build in builds:
        if build.path.is_file() and is_ours(build.path):
            try:
                found.append((build, build.path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue
    if not found:
        return None
    first = found[0][1]
    title = read_back(first)[0] or LLMS_TXT
    links = tuple(Link(build.url, build.label) for build, _ in found)
    lines = first.split("\n## ", 1)[0].splitlines()  # the ``> description`` line is the summary
    summary = next((line[2:].strip() for line in lines if line.startswith("> ")), None) or None
    return render(title, summary, [Section(heading, links)]), len(found)
