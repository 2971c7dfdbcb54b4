"""The encoding a built page is filled in: the one it declares, else UTF-8 when its bytes are
UTF-8, else ASCII (every other character as a reference, which any such page reads alike).

The page itself is never decoded: the list goes in as bytes of the page's encoding, so every
other byte of the theme's page stays as it was, whatever it holds.
"""

from __future__ import annotations

import codecs
import re

from sitemap_core._errors import SitemapError

#: Where a page declares its encoding: ``<meta charset>`` or the ``http-equiv`` form, near the
#: top (browsers look at the first 1,024 bytes).
_DECLARED = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_PREFIX = 1024
_PROBE = "<!-- ssg-sitemap -->"


class PageEncodingError(SitemapError, OSError):
    """The page's encoding cannot hold the list (UTF-16, an unknown name); it is left alone."""

    def __init__(self, message: str) -> None:
        OSError.__init__(self, 0, message)

    def __str__(self) -> str:
        return str(self.strerror)


def page_encoding(raw: bytes) -> str:
    """The codec the list is written in for a page of bytes ``raw``.

    :raises PageEncodingError: the page is UTF-16/32, or declares an encoding Python does not
        know or one that does not keep ASCII as it is.
    """
    if raw.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in raw[:_PREFIX]:
        raise PageEncodingError("is UTF-16 or UTF-32; only pages in an ASCII-based encoding")
    declared = _DECLARED.search(raw[:_PREFIX])
    if declared is not None:
        name = declared[1].decode("ascii")
        try:
            codec = codecs.lookup(name).name
        except LookupError:
            raise PageEncodingError(f"declares the unknown encoding {name!r}") from None
        if _PROBE.encode(codec, "replace") != _PROBE.encode("ascii"):
            raise PageEncodingError(f"declares {name!r}, which is not an ASCII-based encoding")
        return codec
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return "ascii"  # unknown: character references read the same in any of them
    return "utf-8"
