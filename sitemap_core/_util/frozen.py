"""A faster ``__init__`` for the frozen dataclasses made once per page."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def stores_given(cls: type[T]) -> type[T]:
    """Give a frozen dataclass an ``__init__`` of the same parameters that stores only the
    values not given as their default; the class holds the defaults (a ``default_factory``
    is called once: its value must be immutable). The dataclass's own sets every field with
    ``object.__setattr__``: 1.4 µs for a ``PageRecord``, against 0.35 µs."""
    scope: dict[str, Any] = {}
    params, lines = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is MISSING and f.default_factory is MISSING:
            params.append(f.name)
            lines.append(f"own[{f.name!r}] = {f.name}")
            continue
        default = f.default if f.default_factory is MISSING else f.default_factory()
        setattr(cls, f.name, default)
        scope[f"_{f.name}"] = default
        params.append(f"{f.name}=_{f.name}")
        lines.append(f"if {f.name} is not _{f.name}: own[{f.name!r}] = {f.name}")
    body = "".join(f"\n    {line}" for line in lines)
    exec(f"def __init__(self, {', '.join(params)}):\n    own = self.__dict__{body}", scope)
    cls.__init__ = scope["__init__"]  # type: ignore[method-assign]
    return cls
