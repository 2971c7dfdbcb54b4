"""Is a page's head script an unconditional redirect (then the page is a stub, not a page)?

A script counts only when every top-level statement is the redirect (to a string literal or
a variable declared as one, maybe with the visitor's ``#hash``/``?query`` appended) or such a
variable; anything else (an ``if``, ``navigator.language``) decides at run time and the page
stays. A stub title with a ``<noscript>`` refresh is evidence too (:func:`redirect_title`).
Untrusted input: linear passes only (a hand-written tokenizer; one plain regex to scan).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import NamedTuple

__all__ = ["escaped_refresh", "may_redirect", "redirect_title", "refresh_url", "script_target"]

#: Objects whose ``location`` is the page's own.
_HOLDERS = frozenset({"window", "document", "self", "top"})
#: Names a harmless expression may use: the visitor's own fragment or query, and string helpers.
_SAFE_NAMES = frozenset(
    {"window", "document", "self", "top", "location", "hash", "search"}
    | {"substr", "substring", "slice", "length", "startsWith", "replace"}
)
_DECLARE = frozenset({"var", "let", "const"})
_ASSIGN = "="
_OPERATORS = frozenset("=!<>+-*/%&|^?")
_COMPARE = frozenset({"==", "===", "!=", "!==", "<=", ">="})


class _Token(NamedTuple):
    kind: str  # "name", "str", "num", "punct"
    text: str
    newline: bool  # a line break stands before it


class _Unknown(Exception):
    """The script uses something the tokenizer does not follow; it is no plain redirect."""


def _string(src: str, i: int) -> tuple[str, int]:
    quote = src[i]
    out: list[str] = []
    i += 1
    n = len(src)
    while i < n:
        c = src[i]
        if c == quote:
            return "".join(out), i + 1
        if c == "\\" and i + 1 < n:
            out.append(src[i + 1])  # "\/" and "\"" are what redirect stubs escape
            i += 2
            continue
        if c == "\n" and quote != "`":
            raise _Unknown
        if quote == "`" and c == "$" and src.startswith("${", i):
            raise _Unknown
        out.append(c)
        i += 1
    raise _Unknown


def _tokens(src: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(src)
    newline = False
    while i < n:
        c = src[i]
        if c in " \t\r\f\v\ufeff":
            i += 1
        elif c == "\n":
            newline = True
            i += 1
        elif src.startswith("//", i) or src.startswith("<!--", i) or src.startswith("-->", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif src.startswith("/*", i):
            end = src.find("*/", i + 2)
            if end < 0:
                raise _Unknown
            newline = newline or "\n" in src[i:end]
            i = end + 2
        else:
            if c in "'\"`":
                text, i = _string(src, i)
                tokens.append(_Token("str", text, newline))
            elif c.isalpha() or c in "_$":
                start = i
                while i < n and (src[i].isalnum() or src[i] in "_$"):
                    i += 1
                tokens.append(_Token("name", src[start:i], newline))
            elif c.isdigit():
                start = i
                while i < n and (src[i].isalnum() or src[i] == "."):
                    i += 1
                tokens.append(_Token("num", src[start:i], newline))
            else:
                start = i
                i += 1
                # "==", "+=", "=>", "&&", "||", "??", "===": one token, so a lone "=" is always
                # an assignment.
                while i < n and c in _OPERATORS and src[i] in _OPERATORS and i - start < 3:
                    i += 1
                tokens.append(_Token("punct", src[start:i], newline))
            newline = False
    return tokens


_ENDS_VALUE = frozenset({"name", "str", "num"})


def _statements(tokens: list[_Token]) -> list[list[_Token]]:
    """Top-level statements: split at ``;`` and where a line break ends one (ASI, roughly)."""
    out: list[list[_Token]] = [[]]
    depth = 0
    for token in tokens:
        current = out[-1]
        if depth == 0 and token.text == ";" and token.kind == "punct":
            out.append([])
            continue
        if (
            depth == 0
            and token.newline
            and current
            and token.kind in _ENDS_VALUE
            and (current[-1].kind in _ENDS_VALUE or current[-1].text in (")", "]"))
        ):
            out.append([])
            current = out[-1]
        if token.kind == "punct":
            if token.text in "([{":
                depth += 1
            elif token.text in ")]}":
                depth = max(depth - 1, 0)
        current.append(token)
    return [s for s in out if s]


def _assigns(token: _Token) -> bool:
    return token.kind == "punct" and token.text.endswith("=") and token.text not in _COMPARE


def _harmless(tokens: list[_Token], names: set[str]) -> bool:
    """Only the visitor's own fragment/query, literals and operators; no assignment, block,
    function or sequence."""
    for token in tokens:
        if token.kind == "name" and token.text not in _SAFE_NAMES and token.text not in names:
            return False
        if _assigns(token) or token.text in ("{", "}", ",", "=>"):
            return False
    return True


def _location_end(tokens: list[_Token]) -> int:
    """Length of a leading ``[window.]location`` reference, or 0."""
    texts = [t.text for t in tokens[:3]]
    if texts[:1] == ["location"]:
        return 1
    if len(texts) == 3 and texts[0] in _HOLDERS and texts[1:] == [".", "location"]:
        return 3
    return 0


def _target(expr: list[_Token], names: set[str], constants: dict[str, str]) -> str | None:
    """A string literal (or a variable declared as one), optionally ``+`` a harmless tail;
    ``None`` for anything else."""
    if not expr:
        return None
    first = expr[0]
    if first.kind == "str":
        text = first.text
    elif first.kind == "name" and first.text in constants:
        text = constants[first.text]
    else:
        return None
    rest = expr[1:]
    if not text.strip() or (rest and (rest[0].text != "+" or not _harmless(rest[1:], names))):
        return None
    return text.strip()


def _redirect(statement: list[_Token], names: set[str], constants: dict[str, str]) -> str | None:
    end = _location_end(statement)
    if not end:
        return None
    rest = statement[end:]
    texts = [t.text for t in rest]
    if texts[:2] == [".", "href"]:
        rest, texts = rest[2:], texts[2:]
    if texts[:1] == [_ASSIGN]:
        return _target(rest[1:], names, constants)
    if texts[:1] == ["."] and texts[1:2] in (["replace"], ["assign"]) and texts[2:3] == ["("]:
        return _target(rest[3:-1], names, constants) if texts[-1] == ")" else None
    return None


def script_target(text: str) -> str | None:
    """The URL a script unconditionally sends the visitor to, as written; ``None`` when the
    script does anything else (or nothing)."""
    if "location" not in text:
        return None
    try:
        statements = _statements(_tokens(text))
    except _Unknown:
        return None
    names: set[str] = set()
    # Variables declared as a string literal and never changed (every statement is a
    # declaration or the redirect): ``var a = "/new/"; location.replace(a)``.
    constants: dict[str, str] = {}
    target: str | None = None
    for statement in statements:
        first = statement[0].text
        if len(statement) == 1 and statement[0].kind == "str":
            continue  # a directive such as "use strict"
        if first in _DECLARE and len(statement) >= 4 and statement[2].text == _ASSIGN:
            name = statement[1].text
            if statement[1].kind != "name" or not _harmless(statement[3:], names):
                return None
            names.add(name)
            value = statement[3:]
            if len(value) == 1 and value[0].kind == "str":
                constants[name] = value[0].text
            else:
                constants.pop(name, None)
            continue
        found = _redirect(statement, names, constants)
        if found is None:
            return None
        target = target or found
    return target


#: How redirect stubs title themselves: "Redirecting...", "Redirecting…", "Redirect",
#: "Redirecting to https://...", "Page Redirection".
_REDIRECT_TITLES = ("redirecting", "redirect to ", "redirection")
_REDIRECT_TITLE_NAMES = frozenset({"redirect", "page redirection", "page redirect"})


def redirect_title(title: str | None) -> bool:
    """Whether a page's title calls it a redirect stub. Not evidence on its own (a page may
    be titled "Redirecting output in bash"), only beside a ``<noscript>`` refresh."""
    if not title:
        return False
    low = " ".join(title.lower().split()).rstrip(".…! ")
    return low in _REDIRECT_TITLE_NAMES or low.startswith(_REDIRECT_TITLES)


def refresh_url(content: str) -> str | None:
    """The URL of a ``<meta http-equiv=refresh>`` ``content`` value; ``None`` without one.

    Read step by step: the natural regex (``\\s*\\d*\\s*[;,]?\\s*url``) backtracks
    cubically on a long run of spaces.
    """
    rest = content.lstrip().lstrip("0123456789").lstrip()
    if rest[:1] in (";", ","):
        rest = rest[1:].lstrip()
    if rest[:3].lower() != "url":
        return None
    rest = rest[3:].lstrip()
    if rest[:1] != "=":
        return None
    rest = rest[1:].lstrip()
    if rest[:1] in ("'", '"'):
        rest = rest[1:]
    ends = [i for i in (rest.find("'"), rest.find('"')) if i >= 0]
    return (rest[: min(ends)] if ends else rest).strip() or None


class _RefreshFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.url: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta" and self.url is None:
            values = {k.lower(): (v or "") for k, v in attrs}
            if values.get("http-equiv", "").lower() == "refresh":
                self.url = refresh_url(values.get("content", ""))


def escaped_refresh(text: str) -> str | None:
    """The refresh URL of a ``<meta http-equiv=refresh>`` that a minifier left as text
    (``&lt;meta ...&gt;``, already unescaped here) inside ``<noscript>``."""
    if "refresh" not in text.lower():
        return None
    finder = _RefreshFinder()
    finder.feed(text)
    finder.close()
    return finder.url


def may_redirect(low: bytes) -> bool:
    """Cheap byte scan of a lower-cased head: could a script in it assign or replace
    ``location``? ``False`` only when no ``location`` is followed by ``=``, ``.href``,
    ``.replace`` or ``.assign``."""
    return _ASSIGNS_LOCATION.search(low) is not None


#: Linear: a literal, a class, then literals (the scan above, 0.3 µs where the loop took 1.5).
_ASSIGNS_LOCATION = re.compile(rb"location[ \t\r\n]*(?:=(?!=)|\.(?:href|replace|assign))")
