"""Named section sitemaps: ``sections: {"blog/*": "blog", "docs/*": "docs"}``.

A URL goes to the first matching glob's section, else :data:`DEFAULT_SECTION`; each section
is a sitemap of its own, one index names them all (search consoles report per section).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from sitemap_core._config._patterns import matches_any
from sitemap_core._errors import ConfigError
from sitemap_core._util.text import short
from sitemap_core._values import relative_path, unquoted_path

#: Where the URLs that match no section's glob go (a ``"*": name`` last names it otherwise).
DEFAULT_SECTION = "pages"
#: A section name is part of file names; digits alone or a ``-N`` ending would read as a
#: shard number.
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_SHARD_LIKE = re.compile(r"(^|-)\d+$")

Sections = tuple[tuple[str, str], ...]


def parse_sections(raw: object) -> Sections:
    """``{glob: name}`` (or ``[(glob, name), ...]``) as checked pairs, in order.

    :raises ConfigError: not a mapping, a glob or name that is not text, a name that cannot
        be part of a file name.
    """
    if raw is None:
        return ()
    pairs: Iterable[object]
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, (list, tuple)):
        pairs = raw
    else:
        raise ConfigError(f"sections: {short(raw)} is not a mapping {{glob: name}}")
    result: list[tuple[str, str]] = []
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ConfigError(f"sections: {short(pair)} is not a glob: name pair")
        glob, name = pair
        if not isinstance(glob, str) or not glob.strip():
            raise ConfigError(f"sections: {short(glob)} is not a glob (like 'blog/*')")
        if not isinstance(name, str) or not _NAME_RE.match(name) or _SHARD_LIKE.search(name):
            raise ConfigError(
                f"sections: {glob}: {short(name)} is not a section name: letters, digits, "
                "'_' and '-', not ending in a number (it becomes part of a file name, "
                "sitemap-NAME.xml)"
            )
        if name.lower() == "index":
            raise ConfigError(
                f"sections: {glob}: {name!r} is not a section name: sitemap-{name}.xml is where "
                "readers look for a site's index first, and would be taken for the whole site; "
                "choose another name"
            )
        result.append((glob, name))
    return tuple(result)


def section_names(sections: Sections) -> list[str]:
    """The section names in the index's order: as configured, then the default section."""
    names = list(dict.fromkeys(name for _glob, name in sections))
    if DEFAULT_SECTION not in names:
        names.append(DEFAULT_SECTION)
    return names


def section_finder(sections: Sections, base_url: str) -> Callable[[str], str] | None:
    """``loc -> section name`` for these sections; ``None`` without sections."""
    if not sections:
        return None
    rules = [((glob,), name) for glob, name in sections]

    def find(loc: str) -> str:
        rel = relative_path(base_url, loc)
        plain = unquoted_path(base_url, loc)
        for globs, name in rules:
            if matches_any(globs, rel, plain):
                return name
        return DEFAULT_SECTION

    return find
