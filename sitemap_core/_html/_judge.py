"""The rules by which a page's head speaks against listing it, in order, each beside the
byte-scan trigger that decides whether the head must be parsed at all. The build and
``check`` both judge with :func:`judge`; a new rule is one :class:`Rule` in :data:`RULES`,
trigger and judgement together, so that the cheap scan can never skip it.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urljoin

from sitemap_core._html._error_pages import error_reason, title_code
from sitemap_core._html._head_reader import cut_head, read_head
from sitemap_core._html._inspect import ROBOT_NAMES, HtmlFacts
from sitemap_core._html._script_redirect import may_redirect

#: An HTTP error status in a title (``404 Not Found``), not part of a longer number.
_STATUS = re.compile(rb"(?<![0-9])[45][0-9][0-9](?![0-9])")
#: ``noindex`` or ``none`` in one search (0.5 µs on a 1 KiB head; two ``in``, 1.9 µs).
_WORDS = re.compile(rb"no(?:index|ne)")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a page's head says against listing it.

    :param rule: the :class:`Rule` that said it (``noindex``, ``error-title``, ``redirect``,
        ``canonical``, or a new rule's name).
    :param reason: the build's exclusion reason (the summary counts pages under it).
    :param code: the HTTP status an error page's title names.
    :param target: where a redirect sends the visitor, as written; the canonical URL,
        absolute.
    """

    rule: str
    reason: str
    code: int | None = None
    target: str | None = None


#: A trigger reads the lower-cased head and its ``<title`` element up to and with its
#: ``</title`` (lower case; maybe empty, or cut off at 300 bytes without an end tag):
#: ``True``, the rule may apply; ``False``, it cannot; ``None``, it applies unless the head
#: names the page's own URL (a single canonical link whose tag does: :func:`names_loc`).
Trigger = Callable[[bytes, bytes], "bool | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its name, the byte scan that may rule it out, and its judgement."""

    name: str
    trigger: Trigger
    judge: Callable[[HtmlFacts, str], Verdict | None]


_ROBOT_BYTES = tuple(name.encode() for name in ROBOT_NAMES)


def _noindex_trigger(low: bytes, title: bytes) -> bool:
    # Themes often say `robots: index, follow` on every page: the words the parser would
    # find (noindex, none, or letters hidden behind numeric character references) first.
    words = _WORDS.search(low) is not None or (b"&" in low and b"&#" in low)
    return words and any(name in low for name in _ROBOT_BYTES)


def _noindex(facts: HtmlFacts, loc: str) -> Verdict | None:
    return Verdict("noindex", "noindex") if facts.noindex else None


def _error_title_trigger(low: bytes, title: bytes) -> bool:
    # What title_code reads: "Not Found", "does not exist", a 4xx/5xx status.
    if not (b"found" in title or b"exist" in title or _STATUS.search(title) is not None):
        return False
    # Titles with numbers are common ("Article number 416", "Top 500 films"); sent to the
    # parser they cost a full parse each. Where the title is plain text, title_code decides
    # here, on the same text the parser would give it.
    text = _plain_title(title)
    return text is None or title_code(text) is not None


def _plain_title(title: bytes) -> str | None:
    """The text of the head's only ``<title>`` element (``title``: from ``<title`` to its
    ``</title``), or ``None`` when the parser might read it differently: markup, entities, no
    end tag, bytes that are not UTF-8."""
    opened = title.find(b">")
    if opened < 0 or not title.endswith(b"</title"):
        return None
    raw = title[opened + 1 : -len(b"</title")]
    if b"<" in raw or b"&" in raw:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return " ".join(text.split())  # as the parser's title (html/_inspect.py)


def _error_title(facts: HtmlFacts, loc: str) -> Verdict | None:
    code = title_code(facts.title)
    return None if code is None else Verdict("error-title", error_reason(code), code=code)


def _redirect_trigger(low: bytes, title: bytes) -> bool:
    # A refresh tag, a script that may assign location, or a stub's "Redirecting..." title
    # (its <noscript> refresh may be in the body).
    return b"refresh" in low or b"redirect" in title or may_redirect(low)


def _redirect(facts: HtmlFacts, loc: str) -> Verdict | None:
    target = facts.refresh if facts.refresh is not None else facts.script_redirect
    return None if target is None else Verdict("redirect", "redirect", target=target)


def _canonical_trigger(low: bytes, title: bytes) -> bool | None:
    count = low.count(b"canonical")
    return False if count == 0 else True if count > 1 else None


def _canonical(facts: HtmlFacts, loc: str) -> Verdict | None:
    if facts.canonical is None:
        return None
    return Verdict("canonical", "canonical", target=urljoin(loc, facts.canonical))


#: The rules, first match wins: noindex, an error page's title, a redirect, a canonical link.
RULES: tuple[Rule, ...] = (
    Rule("noindex", _noindex_trigger, _noindex),
    Rule("error-title", _error_title_trigger, _error_title),
    Rule("redirect", _redirect_trigger, _redirect),
    Rule("canonical", _canonical_trigger, _canonical),
)


def judge(facts: HtmlFacts, loc: str) -> Verdict | None:
    """What the head of the page at ``loc`` says against listing it: the first rule of
    :data:`RULES` that speaks, or ``None``. A canonical verdict may still name the page itself
    (in another form): what that means is the build's and the check's business."""
    for rule in RULES:
        said = rule.judge(facts, loc)
        if said is not None:
            return said
    return None


def verdict(head: bytes, low: bytes | None = None) -> bool | None:
    """What a head (``read_head``) says before the page's URL is known: the rules' triggers.

    :param low: the head lower-cased, when the caller has it.
    :return: ``True``: a rule may apply (the head must be parsed); ``False``: none can;
        ``None``: only a single canonical link, which excludes the page unless it names the
        page itself.
    """
    if low is None:
        low = head.lower()
    start = low.find(b"<title")
    if start < 0:
        title = b""
    elif low.find(b"<title", start + 6) >= 0:
        return True  # which title counts (one may be in a comment) is the parser's to say
    else:
        end = low.find(b"</title", start)
        title = low[start : end + len(b"</title") if end >= 0 else start + 300]
    said: bool | None = False
    for rule in RULES:
        fires = rule.trigger(low, title)
        if fires:
            return True
        if fires is None:
            said = None
    return said


def names_loc(head: bytes, loc: str) -> bool:
    """Whether ``loc`` appears quoted in ``head`` (as written or HTML-escaped)."""
    if f'"{loc}"'.encode() in head:  # as a theme writes it, mostly
        return True
    forms = {loc, html.escape(loc), html.escape(loc, quote=False), loc.replace("'", "&#39;")}
    return any(f'"{form}"'.encode() in head or f"'{form}'".encode() in head for form in forms)


def may_exclude(path: str | os.PathLike[str], loc: str) -> bool:
    """Cheap byte scan: could the page's head exclude it (noindex, redirect, canonical)? Most
    pages cannot, and parsing every head is the slowest part of a large site's sitemap step.
    ``False`` only when sure; ``True`` lets the full parse decide.
    """
    found = read_head(path)
    if found is None:
        return True  # no head found, or unreadable: the full check reports it
    return _may_exclude(*found, loc)


def head_may_exclude(head: bytes, *, loc: str) -> bool:
    """:func:`may_exclude` of a head already read (the bytes before ``<body``)."""
    head = cut_head(head)[0]
    return _may_exclude(head, head.lower(), loc)


def _may_exclude(head: bytes, low: bytes, loc: str) -> bool:
    said = verdict(head, low)
    if said is not None:
        return said
    # A single canonical link: its own tag must name the page (not an og:url beside it).
    at = low.find(b"canonical")
    end = head.find(b">", at)
    return end < 0 or not names_loc(head[head.rfind(b"<", 0, at) + 1 : end], loc)
