"""Two builds of a small static site for ``diff``: pages dated by their heads, built by the
real ``ssg-sitemap build``, and a way to serve a built folder on 127.0.0.1."""

from __future__ import annotations

import contextlib
import functools
import shutil
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

from tests.conftest import build_cli, local_server

BASE = "https://example.org/"

PAGE = (
    "<!doctype html><html><head><title>{name}</title>{meta}</head>"
    "<body><nav>{nav}</nav><main>{text}</main></body></html>"
)


def write_page(site: Path, name: str, date: str | None, text: str = "x", nav: str = "") -> None:
    meta = f'<meta property="article:modified_time" content="{date}">' if date else ""
    path = site / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PAGE.format(name=name, meta=meta, text=text, nav=nav), "utf-8")


def build(site: Path, base: str = BASE) -> None:
    done = build_cli(str(site), "--base-url", base)
    assert done.returncode == 0, done.stderr


def two_builds(root: Path, base: str = BASE) -> tuple[Path, Path]:
    """``old``: five dated pages and an undated one; ``new``: p1 gone, p2 redated, p3 edited
    the same day (its date-only lastmod unchanged), p4's navigation changed (not its main
    content), ``new.html`` added."""
    old = root / "old"
    old.mkdir()
    for i in range(5):
        write_page(old, f"p{i}.html", f"2024-01-0{i + 1}", f"text {i}")
    write_page(old, "undated.html", None, "undated")
    build(old, base)
    new = root / "new"
    shutil.copytree(old, new)
    (new / "p1.html").unlink()
    write_page(new, "p2.html", "2024-02-01", "text 2 redated")
    write_page(new, "p3.html", "2024-01-04", "text 3, edited again that day")
    write_page(new, "p4.html", "2024-01-05", "text 4", nav="<a href=new.html>new</a>")
    write_page(new, "new.html", "2024-02-01", "new")
    build(new, base)
    return old, new


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[int]:
    """``folder`` served as static files on 127.0.0.1; yields the port."""
    handler = functools.partial(_Quiet, directory=str(folder))
    with local_server(handler) as port:  # type: ignore[arg-type]
        yield port


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass
