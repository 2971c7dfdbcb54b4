"""Each listed page's Markdown twin (llmstxt.org's rule: the page's file URL + ``.md``), its
front matter, and whether an unrecorded twin file is ours (an earlier version's).

Twins are recorded in the build's ledger; one the ledger does not name is replaced only when
the line after its front matter is our marker (a user's own ``x.html.md`` has none), and is
never removed.
"""

from __future__ import annotations

import json
from pathlib import Path

from sitemap_core._files import MARKER
from sitemap_core._util.regular import read_regular

#: What a twin's name adds to its page's file name.
TWIN_SUFFIX = ".md"
_INDEX = "index.html"


def twin_url(loc: str) -> str:
    """The URL of a page's Markdown twin: the page's built file URL + ``.md``
    (``https://x/guide/`` → ``https://x/guide/index.html.md``, ``https://x/page.html`` →
    ``https://x/page.html.md``). Works on a URL relative to the site's root as well."""
    return (loc + _INDEX if loc.endswith("/") or not loc else loc) + TWIN_SUFFIX


def front_matter(title: str | None, url: str, lastmod: str | None) -> str:
    """The twin's YAML front matter and our marker (JSON strings are YAML's quoted
    scalars: any title is safe)."""
    lines = ["---"]
    if title:
        lines.append(f"title: {json.dumps(' '.join(title.split()), ensure_ascii=False)}")
    lines.append(f"url: {json.dumps(url)}")
    if lastmod:
        lines.append(f"lastmod: {json.dumps(lastmod)}")
    lines += ["---", MARKER, ""]
    return "\n".join(lines)


def is_twin_ours(path: Path) -> bool:
    """Whether ``path`` is a twin this suite wrote: front matter, then our marker."""
    try:
        head = read_regular(path, 1 << 14).decode("utf-8", "replace")
    except OSError:
        return False
    end = head.find("\n---\n", 3)
    return head.startswith("---\n") and end >= 0 and head[end + 5 :].startswith(MARKER)
