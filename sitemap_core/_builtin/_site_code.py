"""Calling the site's own functions (``filter``, ``transform``, ``extra_urls``): how messages
name them, the one line a user's exception becomes (the function, the page, the line of the
user's code that raised), and the URLs of the alternates they give.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from sitemap_core._util.text import exception_text, short
from sitemap_core._values import absolute_url


def hook_label(function: Callable[..., Any]) -> str:
    """``name (file.py:12)``: how messages name a user's function."""
    name = getattr(function, "__qualname__", None) or getattr(function, "__name__", None)
    code = getattr(function, "__code__", None)
    where = "" if code is None else f" ({_file(code.co_filename)}:{code.co_firstlineno})"
    return f"{name or short(function)}{where}"


def _file(filename: str) -> str:
    """A file name as the user knows it: relative to the working folder when inside it."""
    path = Path(filename)
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return filename


def _raised_at(function: Callable[..., Any], tb: TracebackType | None) -> str:
    """``file:line`` in the user's code where the exception came from: the deepest frame of
    the function's own file, else the deepest frame (a helper module of the user's)."""
    code = getattr(function, "__code__", None)
    own = None if code is None else code.co_filename
    frames = traceback.extract_tb(tb)
    chosen = next(
        (f for f in reversed(frames) if f.filename == own), frames[-1] if frames else None
    )
    return "?" if chosen is None else f"{_file(chosen.filename)}:{chosen.lineno}"


def failure_message(
    setting: str, function: Callable[..., Any], exc: BaseException, page: str
) -> str:
    """The one line a user's exception becomes.

    :param setting: ``filter``, ``transform`` or ``extra_urls``.
    :param page: the page's URL (or what the function was asked about).
    """
    at = _raised_at(function, exc.__traceback__)
    name = getattr(function, "__qualname__", None) or getattr(function, "__name__", "?")
    return f"{setting} function {name} raised {exception_text(exc)} at {at}, for {page}"


def alternate_href(base_url: str, href: str) -> str:
    """An alternate's URL, encoded: absolute (another host is fine: a language version may
    live elsewhere), or relative to the base URL.

    :raises ValueError: not http(s), control characters, a fragment, too long.
    """
    return absolute_url("" if "://" in href else base_url, href)
