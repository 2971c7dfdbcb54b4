"""Where a site's entry sitemap is when robots.txt names none: one list of names, one lookup."""

from __future__ import annotations

from pathlib import Path

#: The names a site's entry sitemap goes by, in the order tried: indexes first (ours with
#: ``include_sitemaps`` and Yoast's; Material's, Astro's and Gatsby's ``sitemap-index.xml``),
#: then what a build writes, gzipped or not, XML or text.
ENTRY_NAMES = (
    "sitemap_index.xml",
    "sitemap-index.xml",
    "sitemap.xml",
    "sitemap.xml.gz",
    "sitemap.txt",
    "sitemap.txt.gz",
)


def entry_file(site_dir: Path, names: tuple[str, ...] = ENTRY_NAMES) -> Path | None:
    """The first of ``names`` that is a file in ``site_dir``, or ``None``.

    :param names: :data:`ENTRY_NAMES`, or a caller's explicit subset of it.
    """
    for name in names:
        if (site_dir / name).is_file():
            return site_dir / name
    return None
