"""Per-record hook calls without pluggy's per-call overhead.

A build calls the exclude and lastmod hooks once per record, a million times on a large site;
pluggy's general machinery costs several microseconds per call. When no implementation is a
wrapper, the same calls are made here directly, in pluggy's order (tryfirst → normal →
trylast, latest registered first), each implementation given only the arguments it declares.
With a wrapper, pluggy itself makes the call. Built-in plugins idle for a build are left out
beforehand with pluggy's :meth:`~pluggy.PluginManager.subset_hook_caller`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from pluggy import HookCaller

from sitemap_core.hookspecs import LeftOut

Impl = tuple[Callable[..., Any], tuple[str, ...]]


def _plain(hook: HookCaller) -> list[Impl] | None:
    """The implementations in call order, or ``None`` when one of them wraps the others."""
    impls = hook.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in impls):
        return None
    return [(impl.function, tuple(impl.argnames)) for impl in reversed(impls)]


def first_result(hook: HookCaller) -> Callable[..., Any] | None:
    """A callable with the hook's ``firstresult`` semantics: the first non-``None`` wins.

    :param hook: the hook (a subset caller without idle plugins).
    :return: ``call(**kwargs)``; ``None`` when there is no implementation to call.
    """
    if not hook.get_hookimpls():
        return None
    impls = _plain(hook)
    if impls is None:
        return hook

    # One C-level argument pick an implementation (itemgetter), not a list built in Python.
    picks = [(function, _picker(names)) for function, names in impls]

    def call(**kwargs: Any) -> Any:
        for function, pick in picks:
            result = function(*pick(kwargs))
            if result is not None:
                return result
        return None

    return call


def _picker(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """``kwargs -> tuple(kwargs[name] for name in names)``."""
    if not names:
        return lambda kwargs: ()
    if len(names) == 1:
        get = itemgetter(names[0])
        return lambda kwargs: (get(kwargs),)
    return itemgetter(*names)


def chained(hook: HookCaller) -> Callable[..., Any] | None:
    """A callable that passes one value through every implementation in turn.

    :param hook: the hook (a subset caller without idle plugins); no wrappers.
    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was; a :class:`~sitemap_core.hookspecs.LeftOut` is returned at
        once. ``None`` when there is no implementation to call.
    """
    impls = [(impl.function, tuple(impl.argnames)) for impl in reversed(hook.get_hookimpls())]
    if not impls:
        return None

    def call(argname: str, value: Any, **kwargs: Any) -> Any:
        for function, names in impls:
            kwargs[argname] = value
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                if type(result) is LeftOut:
                    return result
                value = result
        return value

    return call
