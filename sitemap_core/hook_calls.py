"""Per-record hook calls without pluggy's per-call overhead.

A build calls the exclude and lastmod hooks once per record, a million times on a large site;
pluggy's general machinery costs several microseconds per call. The same calls are made here
directly, in pluggy's order (wrappers outermost; then tryfirst → normal → trylast, latest
registered first), each implementation given only the arguments it declares. Old-style
``hookwrapper`` implementations fall back to pluggy itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from typing import Any

from pluggy import HookCaller

Impl = tuple[Callable[..., Any], tuple[str, ...]]


def first_result(hook: HookCaller, skip: Collection[object] = ()) -> Callable[..., Any]:
    """A callable with the hook's ``firstresult`` semantics: the first non-``None`` wins.

    :param skip: plugins left out (built-in plugins inactive for this build's settings).
    """
    impls = [impl for impl in hook.get_hookimpls() if impl.plugin not in skip]
    if any(impl.hookwrapper for impl in impls):
        return hook  # inactive built-ins check their settings themselves
    ordered = list(reversed(impls))
    wrappers: list[Impl] = [(i.function, tuple(i.argnames)) for i in ordered if i.wrapper]
    plain: list[Impl] = [(i.function, tuple(i.argnames)) for i in ordered if not i.wrapper]

    def innermost(kwargs: dict[str, Any]) -> Any:
        for function, names in plain:
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                return result
        return None

    if not wrappers:
        return lambda **kwargs: innermost(kwargs)

    def call(**kwargs: Any) -> Any:
        started: list[Generator[None, Any, Any]] = []
        for function, names in wrappers:
            generator = function(*[kwargs[name] for name in names])
            next(generator)
            started.append(generator)
        result: Any = None
        error: BaseException | None = None
        try:
            result = innermost(kwargs)
        except BaseException as exc:  # handed to the wrappers, as pluggy does
            error = exc
        for generator in reversed(started):
            try:
                if error is None:
                    generator.send(result)
                else:
                    generator.throw(error)
            except StopIteration as stop:
                result, error = stop.value, None
            except BaseException as exc:
                error = exc
            else:
                raise RuntimeError(f"hook wrapper {generator!r} yielded more than once")
        if error is not None:
            raise error
        return result

    return call


def chained(hook: HookCaller, skip: Collection[object] = ()) -> Callable[..., Any] | None:
    """A callable that passes one value through every implementation in turn.

    :param skip: plugins left out.

    :return: ``call(argname, value, **other_kwargs)``; an implementation returning ``None``
        keeps the value as it was. ``None`` when there is no implementation to call.
    """
    impls = [
        (impl.function, tuple(impl.argnames))
        for impl in reversed(hook.get_hookimpls())
        if impl.plugin not in skip
    ]
    if not impls:
        return None

    def call(argname: str, value: Any, **kwargs: Any) -> Any:
        for function, names in impls:
            kwargs[argname] = value
            result = function(*[kwargs[name] for name in names])
            if result is not None:
                value = result
        return value

    return call
