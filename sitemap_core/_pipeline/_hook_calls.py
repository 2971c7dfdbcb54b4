"""Per-record hook calls, made by pluggy through its public API.

A build calls the exclude, lastmod and transform hooks once per record. Each call is a call of
a :class:`pluggy.HookCaller` holding the plugins active for the build (built-in plugins idle
for it are left out, :meth:`~pluggy.PluginManager.subset_hook_caller`), so pluggy keeps its
order, ``firstresult``, wrappers, tracing and monitoring. ``sitemap_transform`` is a chain
(each implementation sees the previous one's entry), which pluggy does not make: each step is
a call of a hook caller holding that step's plugin alone, and the wrappers run around the whole
chain.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import pluggy
from pluggy import HookCaller

from sitemap_core.hookspecs import LeftOut


def first_result(
    pm: pluggy.PluginManager, name: str, idle: Collection[object] = ()
) -> HookCaller | None:
    """The ``firstresult`` hook ``name`` without the ``idle`` plugins.

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :return: the hook caller (``call(**kwargs)``); ``None`` when there is no implementation to
        call.
    """
    hook = pm.subset_hook_caller(name, idle)
    return hook if hook.get_hookimpls() else None


def chained(
    pm: pluggy.PluginManager, name: str, idle: Collection[object] = ()
) -> Callable[..., Any] | None:
    """A callable that passes one value through every implementation in turn.

    Implementations run in pluggy's order (tryfirst, normal, trylast; the latest registered
    first). Wrappers wrap the whole chain, as pluggy runs them around a hook's implementations:
    a wrapper's ``yield`` gives pluggy's list of results, ``[value]`` (the chain's last value),
    and what a wrapper returns is that list, changed or not.

    :param pm: the plugin manager.
    :param name: the hook's name.
    :param idle: plugins left out of this build's calls.
    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was; a :class:`~sitemap_core.hookspecs.LeftOut` is returned at
        once. ``None`` when there is no implementation to call.
    """
    impls = pm.subset_hook_caller(name, idle).get_hookimpls()
    if not impls:
        return None
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
