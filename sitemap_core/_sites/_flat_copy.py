"""One urlset of every shard's entries beside a sharded sitemap, for readers that do not
follow an index (Material for MkDocs); robots.txt still names the index.
"""

from __future__ import annotations

from pathlib import Path

from sitemap_core._errors import SitemapError
from sitemap_core._files import add_owned, is_ours, listed_in_index
from sitemap_core._sites._cross_index import sitemap_bytes


def write_flat_copy(output_dir: Path, index_name: str, out_name: str) -> int:
    """Write ``out_name``: one urlset of the entries of every shard ``index_name`` lists.

    :return: the number of entries written; 0 (nothing written) when ``index_name`` is no
        index of ours.
    :raises SitemapError: a listed shard that is missing, unreadable or not ours.
    """
    shards = listed_in_index(output_dir / index_name)
    head: bytes | None = None
    bodies: list[bytes] = []
    for name in shards:
        listed = output_dir / name
        plain = listed.with_suffix("") if name.endswith(".gz") else listed
        source = plain if plain.is_file() else listed
        if not is_ours(source):
            raise SitemapError(f"{source} is listed in {index_name} but was not written by us")
        data = sitemap_bytes(source)[0]
        start = data.find(b"<urlset")
        end = data.rfind(b"</urlset>")
        opened = data.find(b">", start) + 1
        if start < 0 or end < 0 or opened <= 0:
            raise SitemapError(f"{source} is not a urlset")
        if head is None:
            head = data[:opened]
        bodies.append(data[opened:end])
    if head is None:
        return 0
    body = b"".join(bodies)
    add_owned(output_dir, output_dir / out_name, head + body + b"</urlset>\n")  # in the set
    return body.count(b"<url>")
