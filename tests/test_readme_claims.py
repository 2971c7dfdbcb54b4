"""What the documentation quotes is what the code says."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import sitemap_core
from sitemap_core import SitemapError
from tests.conftest import mkdocs_build, write_files

ROOT = Path(__file__).resolve().parent.parent


def quoted_priority_error() -> str:
    text = " ".join((ROOT / "docs/mkdocs.md").read_text(encoding="utf-8").split())
    match = re.search(r"A bad value is reported with the file and key \(`([^`]+)`\)", text)
    assert match, "docs/mkdocs.md no longer quotes the priority error"
    return match.group(1)


@pytest.mark.slow
def test_the_quoted_priority_error_is_the_real_one(tmp_path: Path) -> None:
    """A real ``mkdocs build`` with the docs' bad value logs the docs' message."""
    quoted = quoted_priority_error()
    root = write_files(
        tmp_path,
        {
            "mkdocs.yml": "site_name: P\nsite_url: https://example.org/\nplugins:\n  - sitemap\n",
            "docs/index.md": "# Home\n",
            "docs/guide.md": "---\nsitemap_priority: 5\n---\n# Guide\n",
        },
    )
    proc = mkdocs_build(root)
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("WARNING")]
    assert [w.split("sitemap: ", 1)[1] for w in warnings if "sitemap: " in w] == [quoted]


def error_classes() -> set[str]:
    """Every subclass of :class:`SitemapError` in the core and the adapters."""
    import ssg_sitemap

    for package in (sitemap_core, ssg_sitemap):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not module.name.endswith("__main__"):
                importlib.import_module(module.name)
    found: set[str] = set()
    todo = [SitemapError]
    while todo:
        for child in todo.pop().__subclasses__():
            found.add(child.__name__)
            todo.append(child)
    return found


def test_the_error_tree_drawn_in_the_docs_has_every_error_class() -> None:
    """ARCHITECTURE.md's "Errors" and the tree in ``_errors.py`` name each class the code has."""
    architecture = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = architecture.split("## Errors", 1)[1].split("\n## ", 1)[0]
    drawn = (ROOT / "sitemap_core" / "_errors.py").read_text(encoding="utf-8").split('"""')[1]
    classes = error_classes()
    assert len(classes) >= 6
    assert sorted(c for c in classes if f"`{c}`" not in section) == []
    assert sorted(c for c in classes if c not in drawn) == []
