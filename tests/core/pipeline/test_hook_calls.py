"""The direct hook calls give exactly pluggy's results, wrappers and errors included."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pluggy
import pytest

from sitemap_core._pipeline._hook_calls import chained, first_result

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
    found = first_result(pm, "answer")
    if found is None:  # nothing to call: pluggy's answer is None
        assert not plugins and pm.hook.answer(x=x, y=5) is None
        return
    fast = found
    try:
        expected: Any = pm.hook.answer(x=x, y=5)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            fast(x, 5)
        return
    assert fast(x, 5) == expected


def test_idle_plugins_are_left_out_through_a_subset_caller() -> None:
    first, plain = First(), Plain()
    pm = manager(first, plain)
    fast = first_result(pm, "answer", {first})
    assert fast is not None and fast(12, 5) == "plain 17"
    assert first_result(pm, "answer", {first, plain}) is None
    # With a wrapper, pluggy itself makes the call, still without the idle plugin.
    pm.register(Wrapper("w"))
    wrapped = first_result(pm, "answer", {first})
    assert wrapped is not None and wrapped(12, 5) == "w(plain 17, y=5)"


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
    call = chained(pm, "total")
    assert call is not None and call("value", 5) == 16
    call = chained(pm, "total", {ten})
    assert call is not None and call("value", 5) == 6
    assert chained(pm, "total", {one, zero, ten}) is None


class Double:
    """A new-style wrapper around the chain: it sees the chain's result, pluggy's way."""

    @impl(wrapper=True)
    def total(self, value: int) -> Generator[None, list[int], list[int]]:
        results = yield
        return [2 * result for result in results]


class Seen:
    """An old-style wrapper: it only looks."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, list[int]]] = []

    @impl(hookwrapper=True)
    def total(self, value: int) -> Generator[None, Any, None]:
        outcome = yield
        self.seen.append((value, outcome.get_result()))


def _chain_manager(*plugins: object) -> pluggy.PluginManager:
    pm = pluggy.PluginManager("demo")
    pm.add_hookspecs(ChainSpecs)
    for plugin in plugins:
        pm.register(plugin)
    return pm


def test_chained_with_wrappers_runs_them_around_the_chain() -> None:
    one, zero, ten, idle = Add(1), Add(0), Add(10), Add(100)
    seen = Seen()
    pm = _chain_manager(one, Double(), zero, seen, ten, idle)
    call = chained(pm, "total", {idle})
    assert call is not None
    # The chain (5 + 10 + 1 = 16, each step seeing the last), doubled by the wrapper.
    assert call("value", 5) == 32
    # The later registered wrapper is the outer one: it sees the doubled result.
    assert seen.seen == [(5, [32])]
    # Without plain implementations the wrappers still run, around an unchanged value.
    call = chained(pm, "total", {one, zero, ten, idle})
    assert call is not None and call("value", 3) == 6


def test_traced_or_monitored_calls_go_through_pluggy() -> None:
    """Tracing and monitoring see every call, also on the fast paths."""
    one, ten = Add(1), Add(10)
    pm = _chain_manager(one, ten)
    calls: list[str] = []
    undo = pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: calls.append(name), lambda *_: None
    )
    call = chained(pm, "total")
    assert call is not None and call("value", 5) == 16
    assert calls.count("total") >= 2  # each step of the chain is a call pluggy sees
    undo()
    calls.clear()
    call = chained(pm, "total")
    assert call is not None and call("value", 5) == 16 and calls == []

    first = _chain_manager()
    first.add_hookspecs(Specs)
    first.register(Plain())
    traced: list[str] = []
    first.trace.root.setwriter(traced.append)
    undo = first.enable_tracing()
    answer = first_result(first, "answer")
    assert answer is not None and answer(1, 2) == "plain 3"
    assert any("answer" in line for line in traced)
    undo()


def test_pluggy_is_used_through_its_public_api_only() -> None:
    """No attribute of pluggy's own that starts with ``_`` is read anywhere in the suite's code
    (as ``x._name`` or ``getattr(x, "_name")``): a pluggy release may change them."""
    import ast
    from pathlib import Path

    from pluggy import HookCaller, HookImpl

    objects = (pluggy.PluginManager("demo"), pluggy.PluginManager, HookCaller, HookImpl)
    private = {n for o in objects for n in dir(o) if n.startswith("_") and not n.endswith("__")}
    assert "_inner_hookexec" in private
    root = Path(__file__).parents[3]
    found = []
    for path in [*(root / "sitemap_core").rglob("*.py"), *(root / "plugins").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Constant) and node.value in private:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.value!r}")
    assert found == []
