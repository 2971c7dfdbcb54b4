"""robots.txt ``Allow``/``Disallow`` and ``Crawl-delay``, matched the way Google documents it.

Groups are chosen by the most specific ``User-agent`` that names the crawler (``*``
otherwise); within a group the longest matching pattern wins and ``Allow`` wins a tie;
patterns may use ``*`` (any characters) and a final ``$`` (end of the URL).
Python's :mod:`urllib.robotparser` knows neither wildcards nor longest match, hence this.
"""

from __future__ import annotations

import contextlib
import math
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

# The value is stripped in Python: ``\s*(.*?)\s*$`` is quadratic on a long run of spaces.
_LINE = re.compile(r"^\s*([A-Za-z-]+)\s*:(.*)")
#: A group's rules indexed by :func:`_index`: plain patterns, their lengths, the globs.
_Index = tuple[dict[str, tuple[bool, int]], list[int], list[tuple[Any, ...]]]


@dataclass
class _Group:
    rules: list[tuple[bool, str, _Glob]] = field(default_factory=list)
    crawl_delay: float | None = None
    #: the rules indexed for matching (:func:`_index`), made at the first verdict
    index: _Index | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a URL may be crawled, and the rule that decided it (``None``: no rule)."""

    allowed: bool
    rule: str | None = None
    agent: str = "*"


class RobotsRules:
    """The rules of one robots.txt.

    :param text: the file's text (an empty text allows everything).
    """

    def __init__(self, text: str = "") -> None:
        self.groups: dict[str, _Group] = {}
        #: ``Crawl-delay`` values that are no finite number (``inf``, ``nan``): ignored.
        self.bad_delays: list[str] = []
        self._chosen: dict[str, tuple[str, _Group | None]] = {}
        current: list[_Group] = []
        collecting = False
        for raw in text.splitlines():
            match = _LINE.match(raw.split("#", 1)[0])
            if not match:
                continue
            key, value = match.group(1).lower(), match.group(2).strip()
            if key == "user-agent":
                if not collecting:
                    current = []
                    collecting = True
                agent = value.lower()
                group = self.groups.setdefault(agent, _Group())
                current.append(group)
                continue
            if key in ("allow", "disallow", "crawl-delay"):
                collecting = False
                for group in current:
                    if key == "crawl-delay":
                        with contextlib.suppress(ValueError):
                            delay = float(value)
                            # "inf" and "nan" parse as floats but are no number of seconds
                            if math.isfinite(delay):
                                group.crawl_delay = max(0.0, delay)
                            else:
                                self.bad_delays.append(value)
                    elif value:
                        group.rules.append((key == "allow", value, _Glob(value)))

    def _group(self, agent: str) -> tuple[str, _Group | None]:
        name = agent.lower()
        chosen = self._chosen.get(name)
        if chosen is None:
            best = max((t for t in self.groups if t != "*" and t in name), key=len, default="")
            chosen = self._chosen[name] = (
                (best, self.groups[best]) if best else ("*", self.groups.get("*"))
            )
        return chosen

    def verdict(self, agent: str, url: str) -> Verdict:
        """May ``agent`` (a crawler's name, e.g. ``Googlebot``) fetch ``url``?"""
        token, group = self._group(agent)
        if group is None or not group.rules:
            return Verdict(True, None, token)
        parts = urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        group.index = group.index or _index(group.rules)
        best = _best(group.index, target)
        if best is None:
            return Verdict(True, None, token)
        allowed, pattern = best
        return Verdict(allowed, f"{'Allow' if allowed else 'Disallow'}: {pattern}", token)

    def disallows(self) -> bool:
        """Whether any group has a ``Disallow`` rule (else every URL is allowed)."""
        return any(not allow for group in self.groups.values() for allow, _p, _g in group.rules)

    def crawl_delay(self, agent: str) -> float | None:
        """The ``Crawl-delay`` of the group that applies to ``agent``, in seconds."""
        _token, group = self._group(agent)
        return None if group is None else group.crawl_delay


def _index(rules: list[tuple[bool, str, _Glob]]) -> _Index:
    """A group's rules for :func:`_best`: plain prefixes (most rules) by pattern, with their
    distinct lengths longest first, and the glob rules longest first (``Allow`` first on a
    tie, then the first written: the order in which they win)."""
    plain: dict[str, tuple[bool, int]] = {}
    globs = []
    for index, (allow, pattern, glob) in enumerate(rules):
        if glob.pieces is not None:
            globs.append((len(pattern), allow, index, pattern, glob))
        elif pattern not in plain or (allow and not plain[pattern][0]):
            plain[pattern] = (allow, index)  # Allow wins over the same Disallow
    lengths = sorted({len(p) for p in plain}, reverse=True)
    return plain, lengths, sorted(globs, key=lambda g: (-g[0], not g[1], g[2]))


def _best(index: _Index, target: str) -> tuple[bool, str] | None:
    """The deciding rule's ``(allow, pattern)`` (``None``: no rule matches): a plain prefix
    by one lookup per distinct length, then only the globs that could beat it."""
    plain, lengths, globs = index
    found: tuple[int, bool, int, str] | None = None
    for length in lengths:
        hit = plain.get(target[:length]) if length <= len(target) else None
        if hit is not None:
            found = (length, hit[0], hit[1], target[:length])
            break
    for length, allow, at, pattern, glob in globs:
        if found is not None and (length, allow) < found[:2]:
            break
        if glob.match(target):
            if found is None or (length, allow) > found[:2] or at < found[2]:
                found = (length, allow, at, pattern)
            break
    return None if found is None else (found[1], found[3])


class _Glob:
    """A robots.txt path pattern: ``*`` is any run of characters, a final ``$`` the end. Matched
    piece by piece at the leftmost place, linear and exact, where a regular expression built from
    a hostile file would backtrack polynomially.
    """

    __slots__ = ("anchored", "first", "pattern", "pieces")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.anchored = pattern.endswith("$")
        pieces = (pattern[:-1] if self.anchored else pattern).split("*")
        self.first = pieces[0]
        #: the pieces after the first star; ``None`` for a plain prefix (no star, no ``$``)
        self.pieces = pieces[1:] if len(pieces) > 1 or self.anchored else None

    def match(self, target: str) -> bool:
        """Does ``target`` (path and query) start with a match (or match whole, with ``$``)?"""
        first, rest = self.first, self.pieces or []
        if not target.startswith(first):
            return False
        if not rest:
            return not self.anchored or target == first
        pos = len(first)
        for piece in rest[:-1]:
            found = target.find(piece, pos)
            if found < 0:
                return False
            pos = found + len(piece)
        last = rest[-1]
        if self.anchored:
            return len(target) - len(last) >= pos and target.endswith(last)
        return target.find(last, pos) >= 0
