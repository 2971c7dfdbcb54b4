"""A built static site with an IndexNow key, for ``announce``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import cli

BASE = "https://example.org/"


KEY = "0123abcd-4567-89ef"


KEYED = ("--indexnow-key", KEY)


PAGE = "<!doctype html><html><head><title>{name}</title>{meta}</head><body>{text}</body></html>"


def write_page(site: Path, name: str, date: str | None, text: str = "x") -> None:
    meta = f'<meta property="article:modified_time" content="{date}">' if date else ""
    (site / name).write_text(PAGE.format(name=name, meta=meta, text=text), "utf-8")


def build(site: Path) -> None:
    proc = cli("build", str(site), "--base-url", BASE, *KEYED)
    assert proc.returncode == 0, proc.stderr


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "public"
    root.mkdir()
    for i in range(5):
        write_page(root, f"p{i}.html", f"2024-01-0{i + 1}")
    write_page(root, "undated.html", None, "first text")
    build(root)
    assert (root / f"{KEY}.txt").read_text() == KEY
    return root
