"""Per-record hook calls without pluggy's per-call overhead.

A build calls the exclude and lastmod hooks once per record, a million times on a large site;
pluggy's general machinery costs several microseconds per call. When no implementation is a
wrapper, the same calls in the same order (tryfirst → normal → trylast, latest registered
first, each given only the arguments it declares) are made directly here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pluggy import HookCaller

Impl = tuple[Callable[..., Any], tuple[str, ...]]


def _plain_impls(hook: HookCaller) -> list[Impl] | None:
    impls = hook.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in impls):
        return None
    return [(impl.function, tuple(impl.argnames)) for impl in reversed(impls)]


def first_result(hook: HookCaller) -> Callable[..., Any]:
    """A callable with the hook's ``firstresult`` semantics: the first non-``None`` wins."""
    impls = _plain_impls(hook)
    if impls is None:
        return hook

    def call(**kwargs: Any) -> Any:
        for function, names in impls:
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                return result
        return None

    return call


def chained(hook: HookCaller) -> Callable[..., Any]:
    """A callable that passes one value through every implementation in turn.

    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was.
    """
    impls = [(impl.function, tuple(impl.argnames)) for impl in reversed(hook.get_hookimpls())]

    def call(argname: str, value: Any, **kwargs: Any) -> Any:
        for function, names in impls:
            kwargs[argname] = value
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                value = result
        return value

    return call
