"""The direct hook calls give exactly pluggy's results, wrappers and errors included."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pluggy
import pytest

from sitemap_core.hook_calls import first_result

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
    fast = first_result(pm.hook.answer)
    try:
        expected: Any = pm.hook.answer(x=x, y=5)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            fast(x=x, y=5)
        return
    assert fast(x=x, y=5) == expected
