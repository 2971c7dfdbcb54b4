"""Per-record hook calls, made by pluggy through its public API, or directly for built-ins.

A hook only built-in plugins implement is a plain loop over their functions in pluggy's order
(the same answers, without a dispatch's cost). Otherwise each call goes through a
:class:`pluggy.HookCaller` of the plugins active for the build, so pluggy keeps its order,
``firstresult``, wrappers and tracing. ``sitemap_transform`` is a chain pluggy does not make:
each step calls a hook caller holding that step's plugin alone, wrappers around the whole.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import pluggy
from pluggy import HookImpl

from sitemap_core.hookspecs import LeftOut

_Steps = list[tuple[Callable[..., Any], tuple[str, ...]]]


def _direct(impls: list[HookImpl], direct: Collection[object]) -> _Steps | None:
    """The functions to call in pluggy's order with the arguments each names, when every
    implementation is a plain one of a ``direct`` plugin; ``None`` otherwise."""
    if not impls or not all(i.plugin in direct and not (i.wrapper or i.hookwrapper) for i in impls):
        return None
    return [(impl.function, tuple(impl.argnames)) for impl in reversed(impls)]


def first_result(
    pm: pluggy.PluginManager,
    name: str,
    idle: Collection[object] = (),
    direct: Collection[object] = (),
) -> Callable[..., Any] | None:
    """The ``firstresult`` hook ``name`` without the ``idle`` plugins.

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :param direct: plugins whose functions may be called without pluggy (the built-ins).
    :return: ``call(*args)``, the arguments in the hook specification's order; ``None`` when
        there is no implementation to call.
    """
    hook = pm.subset_hook_caller(name, idle)
    impls = hook.get_hookimpls()
    if not impls:
        return None
    assert hook.spec is not None, f"{name} is one of our hooks"
    spec = tuple(hook.spec.argnames)
    steps = _direct(impls, direct)
    if steps is None:
        return lambda *args: hook(**dict(zip(spec, args, strict=True)))
    # Positional calls: a call by keywords costs as much again as the function's own work.
    calls = [(f, None if names == spec else [spec.index(n) for n in names]) for f, names in steps]

    def first(*args: Any) -> Any:
        for function, picks in calls:
            result = function(*args) if picks is None else function(*[args[i] for i in picks])
            if result is not None:
                return result
        return None

    return first


def chained(
    pm: pluggy.PluginManager,
    name: str,
    idle: Collection[object] = (),
    direct: Collection[object] = (),
) -> Callable[..., Any] | None:
    """A callable that passes one value through every implementation in turn, in pluggy's
    order; wrappers wrap the whole chain (their ``yield`` gives ``[value]``, the chain's last
    value, and they return that list, changed or not).

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :param direct: plugins whose functions may be called without pluggy (the built-ins).
    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was; a :class:`~sitemap_core.hookspecs.LeftOut` is returned at
        once. ``None`` when there is no implementation to call.
    """
    impls = pm.subset_hook_caller(name, idle).get_hookimpls()
    if not impls:
        return None
    direct_steps = _direct(impls, direct)
    if direct_steps is not None:

        def chain_direct(argname: str, value: Any, **kwargs: Any) -> Any:
            given = {**kwargs, argname: value}
            for function, names in direct_steps:
                result = function(*[given[n] for n in names])
                if type(result) is LeftOut:
                    return result
                if result is not None:
                    given[argname] = result
            return given[argname]

        return chain_direct
    idle = set(idle)
    plain = [impl for impl in reversed(impls) if not (impl.wrapper or impl.hookwrapper)]
    plugins = {impl.plugin for impl in impls}
    steps = [pm.subset_hook_caller(name, idle | (plugins - {impl.plugin})) for impl in plain]

    def chain(argname: str, value: Any, kwargs: dict[str, Any]) -> Any:
        given = {**kwargs, argname: value}
        for step in steps:
            for result in step(**given):
                if type(result) is LeftOut:
                    return result
                given[argname] = result
        return given[argname]

    if len(plain) == len(impls):
        return lambda argname, value, **kwargs: chain(argname, value, kwargs)
    wrappers = pm.subset_hook_caller(name, idle | {impl.plugin for impl in plain})

    def wrapped(argname: str, value: Any, **kwargs: Any) -> Any:
        # The chain takes no arguments: pluggy passes an implementation those its code names,
        # and the chain has this call's values already.
        results = wrappers.call_extra(
            [lambda: chain(argname, value, kwargs)], {argname: value, **kwargs}
        )
        return results[-1] if results else value

    return wrapped
