"""A title a generator gives as HTML (``Q&amp;A``, ``Who am&nbsp;I?``, ``<code>x</code>``),
shown as its own navigation shows it, less anything but inline text markup.

Themes put such titles in their menus as they are; the site map page keeps the text and a few
inline elements without attributes, so a title can neither run a script nor restyle the page.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

#: Inline elements kept (``tt`` becomes ``code``); every other element keeps only its text.
_KEPT = {
    "abbr",
    "b",
    "cite",
    "code",
    "del",
    "em",
    "i",
    "ins",
    "kbd",
    "mark",
    "q",
    "s",
    "samp",
    "small",
    "strong",
    "sub",
    "sup",
    "u",
    "var",
}
_RENAMED = {"tt": "code"}
#: Elements whose content is no text for a reader.
_DROPPED = {"script", "style", "svg", "math", "template", "noscript", "object", "iframe"}


class _Title(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if self.skipping or tag in _DROPPED:
            self.skipping.append(tag)
            return
        name = _RENAMED.get(tag, tag)
        if name in _KEPT:
            self.open.append(name)
            self.out.append(f"<{name}>")

    def handle_startendtag(self, tag: str, attrs: object) -> None:
        pass  # void elements (img, br) and self-closed svg parts carry no text

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.pop()
            return
        name = _RENAMED.get(tag, tag)
        if name in self.open:
            while self.open:
                last = self.open.pop()
                self.out.append(f"</{last}>")
                if last == name:
                    break

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.out.append(html.escape(data, quote=False))


def title_markup(title: str, markup: bool) -> str:
    """The title as HTML to put in a link or heading: escaped text, or (``markup``) the
    generator's HTML with inline text elements only; no space at either end."""
    if not markup:
        return html.escape(title.strip(), quote=False)
    parser = _Title()
    parser.feed(title)
    parser.close()
    parser.out.extend(f"</{name}>" for name in reversed(parser.open))
    return "".join(parser.out).strip()


#: What themes put between a page's title and the site's name (`Features - FastAPI`).
_SUFFIX_SEPARATORS = (" - ", " | ", " — ", " – ")


def without_site_suffix(title: str, site: str | None) -> str:
    """The title less the theme's `` - Site`` (``|``, ``—``) suffix, when ``Site`` is the
    site's name or the part of it after such a separator (the home page's own title)."""
    site = site or ""
    for name in {site, *(site.rsplit(separator, 1)[-1] for separator in _SUFFIX_SEPARATORS)}:
        for end in (separator + name for separator in _SUFFIX_SEPARATORS if name.strip()):
            if title.endswith(end) and title[: -len(end)].strip():
                return title[: -len(end)].rstrip()
    return title
