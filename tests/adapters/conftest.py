"""Helpers shared by the tests of this folder."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import write_files


def pelican_blog(root: Path) -> Path:
    def post(name: str, title: str, date: str, category: str, extra: str = "") -> tuple[str, str]:
        head = f"Title: {title}\nDate: {date}\nCategory: {category}\nTags: t\n{extra}"
        return f"content/{name}.md", head + "\nBody.\n"

    files = dict(
        [
            post("old", "Old news", "2024-01-01", "news"),
            post("new", "New news", "2024-03-01", "news"),
            post("mid", "A dev post", "2024-02-01", "dev"),
            post("gone", "Left out", "2024-02-02", "dev", "Sitemap_exclude: true\n"),
        ]
    )
    files["content/pages/about.md"] = "Title: About\n\nAbout us.\n"
    files["content/templates/links.html"] = "<p>map at {{ SITEMAP_HTML_URL }}</p>\n"
    return write_files(root, files) / "content"
