"""Per-record hook calls without pluggy's per-call overhead, where that changes nothing.

A build calls the exclude, lastmod and transform hooks once per record, a million times on a
large site; pluggy's general machinery costs several microseconds per call. When every
implementation is a plain function and nobody watches the calls, the same calls are made here
directly, in pluggy's order (tryfirst → normal → trylast, latest registered first), each
implementation given only the arguments it declares. Otherwise pluggy itself makes the calls:
when an implementation is a wrapper (``wrapper=True`` or ``hookwrapper=True``), and when the
manager traces or monitors its calls (:meth:`~pluggy.PluginManager.enable_tracing`,
:meth:`~pluggy.PluginManager.add_hookcall_monitoring`). Built-in plugins idle for a build are
left out beforehand (the ``idle`` argument, pluggy's
:meth:`~pluggy.PluginManager.subset_hook_caller`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from operator import itemgetter
from typing import Any

import pluggy
from pluggy import HookCaller, HookImpl

from sitemap_core.hookspecs import LeftOut

#: What a manager calls its hooks with when nothing traces or monitors them (tracing and
#: monitoring replace it; pluggy has no public way to ask).
_UNWATCHED = getattr(pluggy.PluginManager("sitemap_core_probe"), "_inner_hookexec", None)


def watched(pm: pluggy.PluginManager) -> bool:
    """Whether ``pm``'s hook calls are traced or monitored (pluggy must make every call)."""
    return getattr(pm, "_inner_hookexec", _UNWATCHED) is not _UNWATCHED


def _plain(pm: pluggy.PluginManager, hook: HookCaller) -> list[HookImpl] | None:
    """The implementations in call order, or ``None`` when pluggy must make the calls."""
    impls = hook.get_hookimpls()
    if watched(pm) or any(impl.hookwrapper or impl.wrapper for impl in impls):
        return None
    return list(reversed(impls))


def first_result(
    pm: pluggy.PluginManager, name: str, idle: Collection[object] = ()
) -> Callable[..., Any] | None:
    """A callable with a ``firstresult`` hook's semantics: the first non-``None`` wins.

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :return: ``call(**kwargs)``; ``None`` when there is no implementation to call.
    """
    hook = pm.subset_hook_caller(name, idle)
    if not hook.get_hookimpls():
        return None
    impls = _plain(pm, hook)
    if impls is None:
        return hook

    # One C-level argument pick an implementation (itemgetter), not a list built in Python.
    picks = [(impl.function, _picker(tuple(impl.argnames))) for impl in impls]

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


def chained(
    pm: pluggy.PluginManager, name: str, idle: Collection[object] = ()
) -> Callable[..., Any] | None:
    """A callable that passes one value through every plain implementation in turn.

    Wrappers wrap the whole chain, as pluggy runs them around a hook's implementations: a
    wrapper's ``yield`` gives pluggy's list of results, ``[value]`` (the chain's last value),
    and what a wrapper returns is that list, changed or not. With a wrapper, or with tracing
    or monitoring on, pluggy makes every call (each implementation of the chain is one call
    pluggy sees).

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was; a :class:`~sitemap_core.hookspecs.LeftOut` is returned at
        once. ``None`` when there is no implementation to call.
    """
    hook = pm.subset_hook_caller(name, idle)
    impls = hook.get_hookimpls()
    if not impls:
        return None
    plain = _plain(pm, hook)
    if plain is None:
        return _through_pluggy(pm, name, set(idle), impls)
    steps = [(impl.function, tuple(impl.argnames)) for impl in plain]

    def call(argname: str, value: Any, **kwargs: Any) -> Any:
        for function, names in steps:
            kwargs[argname] = value
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                if type(result) is LeftOut:
                    return result
                value = result
        return value

    return call


def _through_pluggy(
    pm: pluggy.PluginManager, name: str, idle: set[object], impls: list[HookImpl]
) -> Callable[..., Any]:
    """:func:`chained` with pluggy making the calls: the wrappers around one temporary
    implementation (``call_extra``) that runs the chain, each step a call of a hook caller
    holding that step's plugin alone."""
    plugins = {impl.plugin for impl in impls}
    steps = [
        pm.subset_hook_caller(name, idle | (plugins - {impl.plugin}))
        for impl in reversed(impls)
        if not (impl.wrapper or impl.hookwrapper)
    ]
    wrappers = pm.subset_hook_caller(
        name, idle | {impl.plugin for impl in impls if not (impl.wrapper or impl.hookwrapper)}
    )

    def call(argname: str, value: Any, **kwargs: Any) -> Any:
        def chain() -> Any:
            # Takes no arguments: pluggy passes an implementation those its code names, and
            # the chain has this call's values already.
            given = {**kwargs, argname: value}
            for step in steps:
                for result in step(**given):
                    if type(result) is LeftOut:
                        return result
                    given[argname] = result
            return given[argname]

        results = wrappers.call_extra([chain], {argname: value, **kwargs})
        return results[-1] if results else value

    return call
