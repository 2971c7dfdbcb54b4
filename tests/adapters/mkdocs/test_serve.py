"""``mkdocs serve``: the sitemap uses the local address and never lists drafts."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

MKDOCS = str(Path(sys.executable).parent / "mkdocs")

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def fetch(url: str, deadline: float) -> bytes:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                body: bytes = response.read()
                return body
        # A read timeout too: `mkdocs serve` holds requests while it rebuilds.
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_serve_uses_local_address_and_hides_drafts(tmp_path: Path) -> None:
    (tmp_path / "docs" / "drafts").mkdir(parents=True)
    (tmp_path / "docs" / "index.md").write_text("---\nupdated: 2024-01-01\n---\n# Home\n")
    (tmp_path / "docs" / "drafts" / "wip.md").write_text("# WIP\n")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Serve\nsite_url: https://example.org/docs/\n"
        "draft_docs: |\n  drafts/\nplugins:\n  - sitemap\n"
    )
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(
        [MKDOCS, "serve", "--no-livereload", "-a", f"127.0.0.1:{port}"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        # The draft is built for the preview...
        assert b"WIP" in fetch(f"http://127.0.0.1:{port}/docs/drafts/wip/", deadline)
        sitemap = fetch(f"http://127.0.0.1:{port}/docs/sitemap.xml", deadline).decode()
    finally:
        server.terminate()
        _, log = server.communicate(timeout=10)
    # ...but not listed; the preview's sitemap points at the preview.
    assert f"<loc>http://127.0.0.1:{port}/docs/</loc>" in sitemap
    assert "wip" not in sitemap
    assert "example.org" not in sitemap
    assert "Traceback" not in log
    # A plain build of the same project never carries the local address.
    build = subprocess.run(
        [MKDOCS, "build"], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert build.returncode == 0, build.stderr
    text = (tmp_path / "site" / "sitemap.xml").read_text()
    assert "<loc>https://example.org/docs/</loc>" in text
    assert "127.0.0.1" not in text


BLOG = {
    "mkdocs.yml": "site_name: Blog\nsite_url: https://example.org/docs/\n"
    "theme:\n  name: material\nplugins:\n  - blog\n  - sitemap\n",
    "docs/index.md": "# Home\n",
    "docs/blog/index.md": "# Blog\n",
    "docs/blog/posts/hello.md": "---\ndate: 2024-01-02\n---\n# Hello\n\nPublished.\n",
    "docs/blog/posts/secret.md": "---\ndate: 2024-01-03\ndraft: true\n---\n# Secret\n\nWIP.\n",
}


def write_blog(root: Path) -> None:
    for name, text in BLOG.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_serve_never_lists_blog_drafts_and_says_the_robots_notice_once(tmp_path: Path) -> None:
    """Material previews draft posts under serve; the sitemap still leaves them out, and a
    rebuild does not repeat the robots.txt notice."""
    write_blog(tmp_path)
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(
        # Live reload on: without it MkDocs does not watch the files (no rebuilds).
        [MKDOCS, "serve", "-a", f"127.0.0.1:{port}"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    root = f"http://127.0.0.1:{port}/docs/"
    try:
        deadline = time.monotonic() + 60
        assert b"WIP" in fetch(root + "blog/2024/01/03/secret/", deadline)
        sitemap = fetch(root + "sitemap.xml", deadline).decode()
        # A rebuild: wait until the sitemap shows the edited page's new date.
        (tmp_path / "docs" / "index.md").write_text("---\nupdated: 2024-02-02\n---\n# Home\n")
        while "2024-02-02" not in fetch(root + "sitemap.xml", deadline).decode():
            assert time.monotonic() < deadline, "serve did not rebuild"
            time.sleep(0.2)
    finally:
        server.terminate()
        _, log = server.communicate(timeout=10)
    assert f"<loc>{root}blog/2024/01/02/hello/</loc>" in sitemap
    assert "secret" not in sitemap
    assert log.count("robots.txt not changed") == 1, log
    assert "Traceback" not in log


def test_build_summary_names_blog_drafts(tmp_path: Path) -> None:
    write_blog(tmp_path)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(
        [MKDOCS, "build"], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert build.returncode == 0, build.stderr
    summary = next(line for line in build.stderr.splitlines() if "URLs written" in line)
    assert "1 draft" in summary
    assert "exclude_docs" not in summary
    assert "secret" not in (tmp_path / "site" / "sitemap.xml").read_text()
