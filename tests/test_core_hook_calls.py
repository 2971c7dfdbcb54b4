"""The direct hook calls give exactly pluggy's results, wrappers and errors included."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pluggy
import pytest

from sitemap_core.hook_calls import chained, first_result

spec = pluggy.HookspecMarker("demo")
impl = pluggy.HookimplMarker("demo")


class Specs:
    @spec(firstresult=True)
    def answer(self, x: int, y: int) -> Any: ...


class First:
    @impl(tryfirst=True)
    def answer(self, x: int) -> Any:
        return None if x < 10 else f"first {x}"


class Plain:
    @impl
    def answer(self, x: int, y: int) -> Any:
        if x == 13:
            raise ValueError("thirteen")
        return f"plain {x + y}"


class Last:
    @impl(trylast=True)
    def answer(self) -> Any:
        return "last"


class Wrapper:
    def __init__(self, tag: str) -> None:
        self.tag = tag

    @impl(wrapper=True)
    def answer(self, y: int) -> Generator[None, Any, Any]:
        try:
            result = yield
        except ValueError:
            return f"{self.tag} rescued"
        return f"{self.tag}({result}, y={y})"


def manager(*plugins: object) -> pluggy.PluginManager:
    pm = pluggy.PluginManager("demo")
    pm.add_hookspecs(Specs)
    for plugin in plugins:
        pm.register(plugin)
    return pm


@pytest.mark.parametrize(
    "plugins",
    [
        (First(), Plain(), Last()),
        (Last(), First()),
        (Plain(), Wrapper("outer"), First(), Wrapper("inner")),
        (Wrapper("only"), Last()),
        (),
    ],
)
@pytest.mark.parametrize("x", [1, 12, 13])
def test_same_result_as_pluggy(plugins: tuple[object, ...], x: int) -> None:
    pm = manager(*plugins)
    found = first_result(pm.hook.answer)
    if found is None:  # nothing to call: pluggy's answer is None
        assert not plugins and pm.hook.answer(x=x, y=5) is None
        return
    fast = found
    try:
        expected: Any = pm.hook.answer(x=x, y=5)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            fast(x=x, y=5)
        return
    assert fast(x=x, y=5) == expected


def test_idle_plugins_are_left_out_through_a_subset_caller() -> None:
    first, plain = First(), Plain()
    pm = manager(first, plain)
    fast = first_result(pm.subset_hook_caller("answer", {first}))
    assert fast is not None and fast(x=12, y=5) == "plain 17"
    assert first_result(pm.subset_hook_caller("answer", {first, plain})) is None
    # With a wrapper, pluggy itself makes the call, still without the idle plugin.
    pm.register(Wrapper("w"))
    wrapped = first_result(pm.subset_hook_caller("answer", {first}))
    assert wrapped is not None and wrapped(x=12, y=5) == "w(plain 17, y=5)"


class Add:
    def __init__(self, n: int) -> None:
        self.n = n

    @impl
    def total(self, value: int) -> Any:
        return None if self.n == 0 else value + self.n


class ChainSpecs:
    @spec
    def total(self, value: int) -> Any: ...


def test_chained_passes_the_value_through_active_plugins() -> None:
    pm = pluggy.PluginManager("demo")
    pm.add_hookspecs(ChainSpecs)
    one, zero, ten = Add(1), Add(0), Add(10)
    for plugin in (one, zero, ten):
        pm.register(plugin)
    call = chained(pm.hook.total)
    assert call is not None and call("value", 5) == 16
    call = chained(pm.subset_hook_caller("total", {ten}))
    assert call is not None and call("value", 5) == 6
    assert chained(pm.subset_hook_caller("total", {one, zero, ten})) is None
