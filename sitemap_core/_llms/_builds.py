"""A root ``llms.txt`` over several builds deployed under one root (mike's versions): it names
each build's own llms.txt, so that an agent asking the root finds every version's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sitemap_core._llms._text import LLMS_TXT, Link, Section, is_ours, read_back, render
from sitemap_core._util.atomic import atomic_write


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


def write_builds_file(root: Path, builds: Sequence[Build], heading: str) -> str | None:
    """Write ``root/llms.txt`` naming the builds' files that are ours, in the order given; its
    title and description are the first one's. With none, a root file of ours goes.

    :return: what was done, for the command's output (``None``: nothing to say).
    :raises WriteError: the file cannot be written.
    """
    path = root / LLMS_TXT
    found: list[tuple[Build, str]] = []
    for build in builds:
        if build.path.is_file() and is_ours(build.path):
            try:
                found.append((build, build.path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue
    if path.exists() and not is_ours(path):
        return (
            f"{path}: not written by ssg-sitemap; kept (the builds' llms.txt are not named "
            "at the root)"
            if found
            else None
        )
    if not found:
        if path.is_file():
            path.unlink()
            return f"{path}: removed (no build has an llms.txt of ours now)"
        return None
    first = found[0][1]
    title = read_back(first)[0] or LLMS_TXT
    links = tuple(Link(build.url, build.label) for build, _ in found)
    lines = first.split("\n## ", 1)[0].splitlines()  # the ``> description`` line is the summary
    summary = next((line[2:].strip() for line in lines if line.startswith("> ")), None) or None
    text = render(title, summary, [Section(heading, links)])
    with atomic_write(path) as handle:
        handle.write(text.encode("utf-8"))
    return f"{path}: names {len(found)} llms.txt ({heading.lower()})"
