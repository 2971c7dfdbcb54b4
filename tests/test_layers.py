"""The house rules of ``sitemap_core``'s layout, read from the source (the module map in
``sitemap_core/__init__.py`` draws them): lower layers never import higher ones, a package's
``_private`` modules are imported only inside it, and the adapters import faces only."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORE = REPO / "sitemap_core"


def _layers() -> dict[str, int]:
    """The layer of each unit of the core (a package or a top-level module), as the module
    map in ``sitemap_core/__init__.py``'s docstring gives it: one place for the map."""
    doc = ast.get_docstring(ast.parse((CORE / "__init__.py").read_text(encoding="utf-8"))) or ""
    rows = re.findall(r"^ {4} ?(\d+)  (\S+?)/? ", doc, re.M)
    return {unit: int(layer) for layer, unit in rows}


LAYERS = _layers()


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of every runtime import of ``sitemap_core`` (not under
    ``TYPE_CHECKING``, which only the type checker follows)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "sitemap_core" or node.module.startswith("sitemap_core."):
                # ``from P import m``: the module P.m when m is one, else P itself.
                here = CORE.joinpath(*node.module.split(".")[1:])
                for alias in node.names:
                    sub = here / alias.name
                    is_module = sub.is_dir() or sub.with_suffix(".py").is_file()
                    yield node.lineno, f"{node.module}.{alias.name}" if is_module else node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("sitemap_core"):
                    yield node.lineno, alias.name


def _unit(dotted: str) -> str:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _core_files() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def test_every_unit_has_a_layer() -> None:
    units = {p.stem if p.parent == CORE else p.relative_to(CORE).parts[0] for p in _core_files()}
    assert units == set(LAYERS)


def test_imports_go_down_the_layers() -> None:
    upward = []
    for path in _core_files():
        me = _unit(".".join(path.relative_to(REPO).with_suffix("").parts))
        for line, module in _imports(path):
            other = _unit(module)
            if other != me and LAYERS[other] >= LAYERS[me]:
                upward.append(f"{path.relative_to(REPO)}:{line} ({me}) imports {module}")
    assert not upward, "\n".join(upward)


def test_private_modules_stay_in_their_package() -> None:
    outside = []
    for path in _core_files():
        here = path.relative_to(CORE).parts
        for line, module in _imports(path):
            parts = module.split(".")[1:]
            # sitemap_core.P._x is private to P; other packages import P's face (its
            # __init__). _util's modules are shared helpers, imported directly.
            inner = len(parts) >= 2 and parts[0] != "_util"
            if inner and here[0] != parts[0]:
                outside.append(f"{path.relative_to(REPO)}:{line} imports {module}")
    assert not outside, "\n".join(outside)


#: What an adapter may import from: the public face and the adapters' own (``_adapters``).
ADAPTER_FACES = ("sitemap_core", "sitemap_core._adapters", "sitemap_core.hookspecs")


def test_adapters_import_their_face_only() -> None:
    # The adapters import sitemap_core and sitemap_core._adapters, nothing else of the core;
    # and every name _adapters lists is one an adapter imports (no name kept for nobody).
    elsewhere = []
    used: set[str] = set()
    for path in sorted([*(REPO / "plugins").rglob("*.py"), *(REPO / "examples").rglob("*.py")]):
        for line, module in _imports(path):
            if module not in ADAPTER_FACES:
                elsewhere.append(f"{path.relative_to(REPO)}:{line} imports {module}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "sitemap_core._adapters":
                used.update(alias.name for alias in node.names)
    assert not elsewhere, "\n".join(elsewhere)
    import sitemap_core._adapters as face

    assert sorted(face.__all__) == sorted(used)
