"""Values shown to people: bounded, and safe to print on a terminal (no YAML-bomb ``repr``,
no cursor-moving control characters): :func:`short` for values, :func:`printable` for files.
"""

from __future__ import annotations

import reprlib

#: Characters of a value shown in a message; longer ones are cut in the middle.
SHOWN = 80

_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = SHOWN
_REPR.maxother = SHOWN
_REPR.maxlong = SHOWN
for _name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 4)

# C0 and C1 control characters, DEL, and the bidirectional overrides (which reorder what a
# terminal shows); tab stays.
_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)] if c != 0x09}
_CONTROLS.update(
    {c: f"\\u{c:04x}" for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F]}
)
# Lone surrogates: the bytes of a file name that is not UTF-8 (``os.fsdecode``); printed as
# they are, they would stop the output with an encoding error.
_CONTROLS.update({c: f"\\u{c:04x}" for c in range(0xD800, 0xE000)})


def short(value: object) -> str:
    """``repr(value)``, bounded in time, memory and length (nested and long values cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = len(str(value)) if value.bit_length() < 13_000 else "many"
        return f"<an integer of {digits} digits>"
    try:
        shown = _REPR.repr(value)
    except (ValueError, RecursionError):
        return f"<a {type(value).__name__} too large to show>"
    if len(shown) > 2 * SHOWN:
        shown = shown[:SHOWN] + "..." + shown[-SHOWN // 2 :]
    return shown


def cut(text: str, limit: int = 300) -> str:
    """A message of the user's (an exception's text), bounded to ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "..."


def printable(text: str) -> str:
    """``text`` with control characters written as escapes (``\\x1b`` for ESC)."""
    if text.isprintable():
        return text
    return text.translate(_CONTROLS)


def exception_text(exc: BaseException) -> str:
    """``Type: message`` of an exception raised by someone else's code, bounded; its
    ``__str__`` may itself raise."""
    name = type(exc).__name__
    try:
        text = str(exc)
    except Exception as inner:
        why = f"{type(inner).__name__}: {cut(_safe(inner))}"
        return f"{name} (its message cannot be shown: {why})"
    return f"{name}: {cut(text)}" if text else name


def _safe(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:
        return "?"


def is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8: bytes of another encoding in a command
    line or a file name arrive as lone surrogates (``os.fsdecode``)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
