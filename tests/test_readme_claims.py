"""What the documentation quotes is what the code says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
