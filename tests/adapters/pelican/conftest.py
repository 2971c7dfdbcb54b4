"""A two-page Pelican blog, for tests that need any blog at all."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import write


def small_blog(root: Path) -> Path:
    """A post and a page below ``root``; returns the content folder."""
    content = root / "content"
    write(content / "post.md", "Title: Post\nDate: 2024-01-02\nCategory: News\n\nBody.\n")
    write(content / "pages" / "about.md", "Title: About\n\nAbout.\n")
    return content
