"""A built page's content as Markdown, for its twin (``llms_markdown``).

markdownify, chosen by measurement (benchmarks/llms_txt.py): pure Python on every Python we
support, and code blocks keep their language (``code_language_callback``); html-to-markdown
was faster but drops Material's and Sphinx's code languages and has no wheel past 3.19 for
Python 3.10. Ours escapes ``|`` in table cells, renders admonitions as ``> **Note:** …``
quotes and signatures as inline code; :func:`~sitemap_core._html.content_html` makes the
links absolute first.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from sitemap_core._html import content_html

#: The extra that installs the converter.
EXTRA = "ssg-sitemap[llms]"
_LANGUAGE = re.compile(r"^(?:language|highlight|lang)-([\w+#.-]+)$")
_BLANK_LINES = re.compile(r"\n{3,}")
_NOT_SIGNATURE = ("headerlink", "viewcode-link")


class MissingConverter(ImportError):
    """markdownify is not installed."""


def _language(element: Any) -> str | None:
    """A code block's language from its classes or its wrappers' (Pygments, Material, Sphinx)."""
    for node in (element, *list(element.find_all("code", limit=1)), *element.parents):
        if getattr(node, "name", None) in (None, "[document]", "body", "html"):
            break
        for cls in node.get("class") or []:
            match = _LANGUAGE.match(cls)
            if match and match.group(1) not in ("default", "none", "text", "notranslate"):
                return str(match.group(1))
    return None


@cache
def _converter() -> Any:
    try:
        from markdownify import MarkdownConverter
    except ImportError:
        raise MissingConverter(
            f"llms_markdown needs markdownify: install it with pip install '{EXTRA}'"
        ) from None

    # Its stub leaves the per-tag methods out.
    base: Any = MarkdownConverter

    class _Converter(base):  # type: ignore[misc,valid-type]
        def convert_dt(self, el: Any, text: str, parent_tags: Any) -> str:
            if "sig" not in (el.get("class") or []):
                return str(super().convert_dt(el, text, parent_tags))
            # An API signature (autodoc's dl.py > dt.sig) is code, as the page shows it;
            # its permalink and [source] links are no part of it.
            for link in el.find_all(class_=_NOT_SIGNATURE):
                link.decompose()
            signature = " ".join(el.get_text().split())
            return f"\n\n`{signature}`\n" if signature else "\n"

        def convert_p(self, el: Any, text: str, parent_tags: Any) -> str:
            if "admonition-title" in (el.get("class") or []):
                return ""  # said by the admonition's quote
            return str(super().convert_p(el, text, parent_tags))

        def convert_div(self, el: Any, text: str, parent_tags: Any) -> str:
            classes = el.get("class") or []
            if "admonition" not in classes or "_inline" in parent_tags:
                return str(super().convert_div(el, text, parent_tags))
            # Sphinx's and Material's admonitions: a quote led by the title, in bold.
            title = el.find(class_="admonition-title")
            label = title.get_text(" ", strip=True) if title else classes[-1].capitalize()
            body = f"**{label}:**"
            text = text.strip()
            # A paragraph runs on after the title; a list, table or code block starts below.
            body += ("\n\n" if text.startswith(("-", "|", "`", "#", ">")) else " ") + text
            return "\n\n" + "\n".join(f"> {line}".rstrip() for line in body.split("\n")) + "\n\n"

        def convert_td(self, el: Any, text: str, parent_tags: Any) -> str:
            # A "|" in a cell would end it: escaped, as GitHub's tables read it.
            return str(super().convert_td(el, text.replace("|", r"\|"), parent_tags))

        def convert_th(self, el: Any, text: str, parent_tags: Any) -> str:
            return str(super().convert_th(el, text.replace("|", r"\|"), parent_tags))

    # lxml (a dependency already) parses ~10% faster than html.parser, to the same output.
    return _Converter(
        heading_style="ATX", bullets="-", code_language_callback=_language, bs4_options="lxml"
    )


def to_markdown(data: bytes, loc: str) -> str:
    """The Markdown of a built page's own content, its links absolute.

    :param data: the page's bytes.
    :param loc: the page's URL.
    :raises MissingConverter: markdownify is not installed.
    """
    converter = _converter()
    text = converter.convert(content_html(data, loc))
    return _BLANK_LINES.sub("\n\n", text).strip() + "\n"
