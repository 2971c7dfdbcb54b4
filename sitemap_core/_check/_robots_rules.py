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
from urllib.parse import urlsplit

# The value is stripped in Python: ``\s*(.*?)\s*$`` is quadratic on a long run of spaces.
_LINE = re.compile(r"^\s*([A-Za-z-]+)\s*:(.*)")


@dataclass
class _Group:
    rules: list[tuple[bool, str, _Glob]] = field(default_factory=list)
    crawl_delay: float | None = None


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
        best = ""
        for token in self.groups:
            if token != "*" and token in name and len(token) > len(best):
                best = token
        if best:
            return best, self.groups[best]
        return "*", self.groups.get("*")

    def verdict(self, agent: str, url: str) -> Verdict:
        """May ``agent`` (a crawler's name, e.g. ``Googlebot``) fetch ``url``?"""
        token, group = self._group(agent)
        if group is None:
            return Verdict(True, None, token)
        parts = urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        best: tuple[int, bool, str] | None = None
        for allow, pattern, regex in group.rules:
            if regex.match(target):
                score = (len(pattern), allow, pattern)
                if best is None or score[:2] > best[:2]:
                    best = score
        if best is None:
            return Verdict(True, None, token)
        allowed = best[1]
        return Verdict(allowed, f"{'Allow' if allowed else 'Disallow'}: {best[2]}", token)

    def disallows(self) -> bool:
        """Whether any group has a ``Disallow`` rule (else every URL is allowed)."""
        return any(not allow for group in self.groups.values() for allow, _p, _g in group.rules)

    def crawl_delay(self, agent: str) -> float | None:
        """The ``Crawl-delay`` of the group that applies to ``agent``, in seconds."""
        _token, group = self._group(agent)
        return None if group is None else group.crawl_delay


@dataclass(frozen=True, slots=True)
class _Glob:
    """A robots.txt path pattern: ``*`` is any run of characters, a final ``$`` the end.

    Matched without regular expressions: ``a.*b.*c$`` built from a hostile file backtracks
    polynomially in the number of stars; taking each piece at its leftmost place is exact for
    this pattern language and linear per piece.
    """

    pattern: str

    def match(self, target: str) -> bool:
        """Does ``target`` (path and query) start with a match (or match whole, with ``$``)?"""
        anchored = self.pattern.endswith("$")
        pieces = (self.pattern[:-1] if anchored else self.pattern).split("*")
        first, rest = pieces[0], pieces[1:]
        if not target.startswith(first):
            return False
        if not rest:
            return not anchored or target == first
        pos = len(first)
        for piece in rest[:-1]:
            found = target.find(piece, pos)
            if found < 0:
                return False
            pos = found + len(piece)
        last = rest[-1]
        if anchored:
            return len(target) - len(last) >= pos and target.endswith(last)
        return target.find(last, pos) >= 0
