"""The XML structure rules, applied by a parser *target* (flat memory, no tree built).

Lines are counted from the newlines the parser hands over: exact except after a start tag
that itself spans lines below the root element.
"""

from __future__ import annotations

import datetime as dt

from sitemap_core._check._across_files import SiteRules
from sitemap_core._check._findings import CheckReport
from sitemap_core._files import IMAGE_NS, SITEMAP_NS, XHTML_NS
from sitemap_core._html import MAX_IMAGES, image_problem
from sitemap_core._util.text import short
from sitemap_core._values import (
    check_changefreq,
    check_hreflang,
    check_language_once,
    check_lastmod,
    check_loc,
    check_priority,
)

NS = f"{{{SITEMAP_NS}}}"
URL, SITEMAP = NS + "url", NS + "sitemap"
LOC, LASTMOD, CHANGEFREQ, PRIORITY = NS + "loc", NS + "lastmod", NS + "changefreq", NS + "priority"
LINK = f"{{{XHTML_NS}}}link"
IMAGE, IMAGE_LOC = f"{{{IMAGE_NS}}}image", f"{{{IMAGE_NS}}}loc"
XSI = "{http://www.w3.org/2001/XMLSchema-instance}"
#: Extension namespaces search engines document; others are reported as warnings.
KNOWN_EXTENSIONS = frozenset(
    {
        XHTML_NS,
        IMAGE_NS,
        "http://www.google.com/schemas/sitemap-video/1.1",
        "http://www.google.com/schemas/sitemap-news/0.9",
    }
)
URL_ORDER = {LOC: 1, LASTMOD: 2, CHANGEFREQ: 3, PRIORITY: 4}
INDEX_ORDER = {LOC: 1, LASTMOD: 2}
_EXTENSION = 9


def _split(tag: str) -> tuple[str | None, str]:
    if tag[:1] == "{":
        namespace, _, local = tag[1:].partition("}")
        return namespace, local
    return None, tag


class SitemapTarget:
    """Checks a ``urlset`` or ``sitemapindex`` as the parser streams it.

    :param urls: ``True`` for a urlset, ``False`` for an index.
    :param first_line: the line on which the root start tag ends.
    """

    def __init__(
        self, display: str, report: CheckReport, sink: SiteRules, urls: bool, first_line: int
    ) -> None:
        self.display = display
        self.report = report
        self.sink = sink
        self.urls = urls
        self.entry_tag = URL if urls else SITEMAP
        self.order = URL_ORDER if urls else INDEX_ORDER
        self.name = "url" if urls else "sitemap"
        self.root_name = "urlset" if urls else "sitemapindex"
        self.first_line = first_line
        #: line of the last entry's start tag, and newlines seen since then
        self.line = 1
        self.newlines = 0
        self.parts: list[str] = []
        self.depth = 0
        self.entries = 0
        # state of the current entry
        self.entry_line = 0
        self.state = 0
        self.position = 0
        self.mark = 0
        self.marks: dict[int, int] = {}
        self.values: dict[int, str] = {}
        self.links: list[tuple[str, str]] = []
        #: The current entry's link for each language (lower case), to find a second one.
        self.link_langs: dict[str, str] = {}
        self.skip_below = 0  # inside an extension element: ignore its content
        # <image:image> of the current entry: how many, and the <image:loc> being read
        self.images = 0
        self.image_locs = 0
        self.image_parts: list[str] | None = None

    @property
    def current_line(self) -> int:
        """The line the parser is on."""
        return self.line + self.newlines

    def line_at(self, mark: int) -> int:
        """The line of a value, from the newline count at its start."""
        return self.line + mark

    # -- helpers ---------------------------------------------------------------------------
    def problem(self, severity: str, code: str, line: int | None, message: str) -> None:
        self.report.add(severity, code, self.display, line, message)  # type: ignore[arg-type]

    def _sequence(self) -> str:
        return "loc, lastmod" + (", changefreq, priority" if self.urls else "")

    # -- parser callbacks ------------------------------------------------------------------
    def start(self, tag: str, attrib: dict[str, str]) -> None:
        depth = self.depth = self.depth + 1
        if self.skip_below:
            if depth == 4 and tag == IMAGE_LOC and self.skip_below == 3 and self.images:
                self.image_locs += 1
                self.image_parts = []
            return
        if depth == 3:
            position = self.order.get(tag)
            if position is not None and position > self.state and not attrib:
                self.state = self.position = position
                self.mark = self.newlines
                self.parts = []
                return
            self._child(tag, attrib)
        elif depth == 2:
            self.line += self.newlines
            self.newlines = 0
            if tag == self.entry_tag:
                self.entry_line = self.line
                self.state = 0
                self.values = {}
                self.marks = {}
                self.links = []
                self.link_langs = {}
                self.images = 0
                if attrib:
                    self.problem(
                        "error", "attribute", self.line, f"<{self.name}> must not have attributes"
                    )
            else:
                self._stray(tag)
        elif depth == 1:
            self.line = self.first_line
            self.newlines = 0
            for name in attrib:
                if not name.startswith(XSI):
                    self.problem(
                        "error",
                        "attribute",
                        self.line,
                        f"unexpected attribute {short(name)} on <{self.root_name}>",
                    )
        elif self.position:
            _ns, local = _split(tag)
            self.problem(
                "error",
                "structure",
                self.current_line,
                f"<{local}> inside a sitemap value; values hold text only, no markup",
            )

    def _child(self, tag: str, attrib: dict[str, str]) -> None:
        position = self.order.get(tag)
        line = self.current_line
        if position is not None:
            local = tag[len(NS) :]
            if position <= self.state:
                if position == self.state:
                    why = f"<{local}> appears twice"
                else:
                    why = (
                        f"<{local}> is out of order; the schema's order is {self._sequence()}, "
                        "then extensions"
                    )
                self.problem("error", "order", line, why)
            self.state = max(self.state, position)
            if attrib:
                self.problem("error", "structure", line, f"<{local}> must not have attributes")
            self.position = position
            self.mark = self.newlines
            self.parts = []
            return
        self.state = _EXTENSION
        self.skip_below = self.depth
        namespace, local = _split(tag)
        if namespace is None:
            self.problem(
                "error",
                "namespace",
                line,
                f"<{local}> has no namespace; inside <{self.name}> only {self._sequence()} and "
                "elements of extension namespaces are allowed",
            )
        elif namespace == SITEMAP_NS:
            self.problem("error", "unknown-element", line, f"<{local}> is not a sitemap element")
        elif tag == LINK and self.urls:
            self._link(attrib, line)
        elif tag == IMAGE and self.urls:
            self.images += 1
            self.image_locs = 0
            if self.images == MAX_IMAGES + 1:
                self.problem(
                    "error",
                    "image-invalid",
                    line,
                    f"more than {MAX_IMAGES:,} <image:image> in one <url>; Google reads the "
                    f"first {MAX_IMAGES:,}",
                )
        elif namespace not in KNOWN_EXTENSIONS:
            self.problem(
                "warning",
                "unknown-extension",
                line,
                f"<{local}> is in namespace {short(namespace)}, which search engines do not "
                "document; they ignore it",
            )

    def _link(self, attrib: dict[str, str], line: int) -> None:
        # libxml2 without entity resolution hands attribute values over with every "&"
        # as "&#38;" (``&amp;`` in the file); a literal "&#38;" would arrive as
        # "&#38;#38;", so replacing each one gives back the value as written.
        attrs = {key: value.replace("&#38;", "&") for key, value in attrib.items()}
        rel, lang, href = (
            attrs.pop("rel", None),
            attrs.pop("hreflang", None),
            attrs.pop("href", None),
        )
        problems = []
        if rel is None or rel.strip() != "alternate":
            problems.append(f'rel={short(rel)}; it must be "alternate"')
        if not check_hreflang(lang.strip() if lang else None):
            problems.append(f"hreflang={short(lang)} is not a language code (en, pt-BR, x-default)")
        if attrs:
            problems.append(f"unexpected attribute(s) {', '.join(sorted(attrs))}")
        if href is None:
            problems.append("has no href")
        for why in problems:
            self.problem("error", "hreflang-invalid", line, f"<xhtml:link> {why}")
        if href is None:
            return
        loc, issues = check_loc(href)
        for severity, code, message in issues:
            self.problem(severity, code, line, f"<xhtml:link> href: {message}")
        if loc and lang and not problems and not any(p[0] == "error" for p in issues):
            tag = lang.strip()
            again = check_language_once(self.link_langs, tag, loc)
            if again is not None:
                self.problem(again[0], again[1], line, f"<xhtml:link> {again[2]}")
            self.links.append((tag, loc))

    def _stray(self, tag: str) -> None:
        namespace, local = _split(tag)
        self.skip_below = 2
        self.position = 0
        if namespace is None or namespace == SITEMAP_NS:
            self.problem(
                "error",
                "unknown-element",
                self.line,
                f"<{local}> is not allowed here; <{self.root_name}> holds <{self.name}> "
                "elements only",
            )
        elif self.entries:
            self.problem(
                "error",
                "order",
                self.line,
                f"<{local}> (an extension element) must come before the first <{self.name}>",
            )

    def data(self, text: str) -> None:
        if "\n" in text:
            self.newlines += text.count("\n")
        if self.image_parts is not None:
            self.image_parts.append(text)
            return
        if self.position:
            self.parts.append(text)
            return
        if text.isspace() or self.depth > 2:
            if self.skip_below == 3 and self.depth == 3 and self.links and text.strip():
                self.problem(
                    "error", "hreflang-invalid", self.current_line, "<xhtml:link> must be empty"
                )
            return
        if self.depth >= 1:
            where = f"directly inside <{self.name}>" if self.depth == 2 else "between entries"
            self.problem("error", "text", self.current_line, f"text {where}")

    def comment(self, text: str) -> None:
        self.newlines += text.count("\n")

    def pi(self, target: str, data: str | None = None) -> None:
        self.newlines += (data or "").count("\n")

    def end(self, tag: str) -> None:
        depth = self.depth
        self.depth = depth - 1
        if self.skip_below:
            if self.image_parts is not None and depth == 4:
                self._image_loc("".join(self.image_parts).strip())
                self.image_parts = None
            elif depth == 3 and tag == IMAGE and self.images and not self.image_locs:
                self.problem(
                    "error", "image-invalid", self.current_line, "<image:image> has no <image:loc>"
                )
            if depth == self.skip_below:
                self.skip_below = 0
            return
        if depth == 3:
            position = self.position
            if position:
                if position not in self.values:
                    self.values[position] = "".join(self.parts)
                    self.marks[position] = self.mark
                self.parts = []
                self.position = 0
        elif depth == 2:
            self.entries += 1
            self._entry()

    def close(self) -> int:
        return self.entries

    def _image_loc(self, value: str) -> None:
        """One ``<image:loc>``: the build's own rule for image URLs."""
        why = image_problem(value)
        if why is not None:
            self.problem(
                "error", "image-invalid", self.current_line, f"<image:loc> {short(value)} {why}"
            )

    # -- one finished entry ------------------------------------------------------------------
    def _entry(self) -> None:
        values = self.values
        raw = values.get(1)
        loc = None
        if raw is None:
            self.problem("error", "loc-missing", self.entry_line, f"<{self.name}> has no <loc>")
        else:
            loc, problems = check_loc(raw)
            if problems:
                line = self.line_at(self.marks[1])
                for severity, code, message in problems:
                    self.problem(severity, code, line, message)
                if any(p[0] == "error" for p in problems):
                    loc = None
        lastmod: dt.datetime | None = None
        lastmod_text = values.get(2)
        if lastmod_text is not None:
            lastmod, issue = check_lastmod(lastmod_text)
            lastmod_text = lastmod_text.strip()
            if issue is not None:
                self.problem(issue[0], issue[1], self.line_at(self.marks[2]), issue[2])
        if 3 in values or 4 in values:
            for position, check in ((3, check_changefreq), (4, check_priority)):
                if position in values:
                    issue = check(values[position])
                    if issue is not None:
                        line = self.line_at(self.marks[position])
                        self.problem(issue[0], issue[1], line, issue[2])
        if loc is None:
            return
        if self.urls:
            self.sink.url(self.display, self.entry_line, loc, lastmod, lastmod_text, self.links)
        else:
            self.sink.sitemap(self.display, self.entry_line, loc, lastmod)
