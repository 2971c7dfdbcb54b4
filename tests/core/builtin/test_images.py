"""``images: true``: each page's own images as ``<image:image>``, schema-valid, checked by
``check``; real Material and Pelican blogs list their posts' images, not the theme's."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import PageRecord
from sitemap_core._html import MAX_IMAGES
from tests.conftest import cli, core_build, mkdocs_build, read_xml, write_files
from tests.core.html.test_images import PAGE

BASE = "https://example.org/"
IMAGE = "{http://www.google.com/schemas/sitemap-image/1.1}"
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def write_site(root: Path) -> Path:
    return write_files(
        root,
        {
            "index.html": "<html><body><main><p>no images</p></main></body></html>",
            "post.html": PAGE,
            "plain.html": "<html><body><p>text</p></body></html>",
        },
    )


def test_build_lists_images_schema_valid_namespace_only_when_used(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    site = write_site(tmp_path / "site")
    records = [PageRecord(name, output=site / name) for name in ("", "post.html", "plain.html")]
    core_build(records, site, images=True, html_checks=False)
    root = assert_valid(site / "sitemap.xml")
    found = {
        url.findtext(f"{SM}loc"): [i.findtext(f"{IMAGE}loc") for i in url.iter(f"{IMAGE}image")]
        for url in root.iter(f"{SM}url")
    }
    assert found[BASE] == [] and found[BASE + "plain.html"] == []
    assert found[BASE + "post.html"][:2] == [
        "https://cdn.example.org/card.png",
        BASE + "pics/a.png",
    ]
    core_build(records[2:], site, images=True, html_checks=False)
    assert b"xmlns:image" not in (site / "sitemap.xml").read_bytes()
    core_build(records, site, html_checks=False)  # off by default
    assert b"image:" not in (site / "sitemap.xml").read_bytes()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return cli(*args)


def test_cli_images_and_check_validates_image_entries(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site")
    built = run("build", str(site), "--base-url", BASE, "--images")
    assert built.returncode == 0, built.stderr
    assert (
        b"<image:loc>https://example.org/pics/a.png</image:loc>"
        in (site / "sitemap.xml").read_bytes()
    )
    checked = run("check", str(site), "--base-url", BASE, "--format", "json")
    assert checked.returncode == 0, checked.stdout
    bad = "".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>\n',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ',
            'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n',
            "<url><loc>https://example.org/post.html</loc>\n",
            "<image:image><image:loc>pics/a.png</image:loc></image:image>\n",
            "<image:image><image:loc>ftp://example.org/a.png</image:loc></image:image>\n",
            "<image:image><image:title>no loc</image:title></image:image>\n",
            *["<image:image><image:loc>https://example.org/x.png</image:loc></image:image>\n"]
            * (MAX_IMAGES - 2),
            "</url>\n</urlset>\n",
        ]
    )
    (site / "sitemap.xml").write_text(bad)
    checked = run("check", str(site), "--base-url", BASE, "--format", "json")
    assert checked.returncode == 1
    found = [
        (f["code"], f["line"], f["message"])
        for f in json.loads(checked.stdout)["findings"]
        if f["code"] == "image-invalid"
    ]
    assert found == [
        ("image-invalid", 4, "<image:loc> 'pics/a.png' is not an absolute http(s) URL"),
        (
            "image-invalid",
            5,
            "<image:loc> 'ftp://example.org/a.png' is not an absolute http(s) URL",
        ),
        ("image-invalid", 6, "<image:image> has no <image:loc>"),
        (
            "image-invalid",
            MAX_IMAGES + 4,
            "more than 1,000 <image:image> in one <url>; Google reads the first 1,000",
        ),
    ]


# -- Real blogs ---------------------------------------------------------------------------
def image_locs(sitemap: Path) -> dict[str, list[str]]:
    return {
        str(url.findtext(f"{SM}loc")): [
            str(i.findtext(f"{IMAGE}loc")) for i in url.iter(f"{IMAGE}image")
        ]
        for url in read_xml(sitemap).iter(f"{SM}url")
    }


PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kg"
    "AAAABJRU5ErkJggg=="
)


@pytest.mark.slow
def test_material_blog_lists_the_posts_images_not_the_themes(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    import base64

    root = write_files(
        tmp_path,
        {
            "mkdocs.yml": (
                "site_name: Blog\nsite_url: https://blog.example.org/\n"
                "theme:\n  name: material\n  logo: assets/logo.png\n  favicon: assets/logo.png\n"
                "plugins:\n  - blog\n  - sitemap:\n      images: true\n"
            ),
            "docs/index.md": "# Home\n",
            "docs/blog/index.md": "# Blog\n",
            "docs/blog/posts/hello.md": (
                "---\ndate: 2024-03-01\n---\n\n# Hello\n\nIntro.\n\n<!-- more -->\n\n"
                "![A photo](../../assets/photo.png)\n"
            ),
        },
    )
    (root / "docs/assets").mkdir()
    for name in ("logo.png", "photo.png"):
        (root / "docs/assets" / name).write_bytes(base64.b64decode(PNG))
    mkdocs_build(root)
    # The theme shows the logo in the header of every page, the post's image in its article.
    assert (
        'src="../../../../../assets/logo.png"'
        in (root / "site/blog/2024/03/01/hello/index.html").read_text()
    )
    assert_valid(root / "site/sitemap.xml")
    found = image_locs(root / "site/sitemap.xml")
    post = "https://blog.example.org/blog/2024/03/01/hello/"
    assert found[post] == ["https://blog.example.org/assets/photo.png"]
    every = [image for images in found.values() for image in images]
    assert not any("logo" in image for image in every)


@pytest.mark.slow
def test_material_emoji_are_not_listed(tmp_path: Path) -> None:
    root = write_files(
        tmp_path,
        {
            "mkdocs.yml": (
                "site_name: Emoji\nsite_url: https://docs.example.org/\ntheme: material\n"
                "markdown_extensions:\n  - attr_list\n  - pymdownx.emoji:\n"
                "      emoji_index: !!python/name:pymdownx.emoji.twemoji\n"
                "      emoji_generator: !!python/name:pymdownx.emoji.to_png\n"
                "plugins:\n  - sitemap:\n      images: true\n"
            ),
            "docs/index.md": "# Home\n\nDone :smile: :rocket:\n\n![A photo](photo.png)\n",
        },
    )
    (root / "docs/photo.png").write_bytes(b"png")
    mkdocs_build(root)
    assert 'class="twemoji"' in (root / "site/index.html").read_text()
    found = image_locs(root / "site/sitemap.xml")
    assert found["https://docs.example.org/"] == ["https://docs.example.org/photo.png"]


@pytest.mark.slow
def test_pelican_blog_lists_the_posts_images_not_the_themes(
    tmp_path: Path, assert_valid: Callable[[Path], Any]
) -> None:
    root = write_files(
        tmp_path,
        {
            "content/hello.md": (
                "Title: Hello\nDate: 2024-03-01\nSlug: hello\n\n"
                "Text.\n\n![A photo]({static}/images/photo.png)\n"
            ),
            "content/images/photo.png": "not really a png",
            "conf.py": (
                'SITEURL = "https://blog.example.org"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap"]\n'
                "FEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n"
                'GITHUB_URL = "https://github.com/example/blog"\n'
                'STATIC_PATHS = ["images"]\nSITEMAP = {"images": True}\n'
            ),
        },
    )
    done = subprocess.run(
        [str(Path(sys.executable).parent / "pelican"), "content", "-s", "conf.py", "-o", "output"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # The theme's "Fork me on GitHub" ribbon is an <img> on every page, outside <article>.
    assert "forkme" in (root / "output/hello.html").read_text()
    assert_valid(root / "output/sitemap.xml")
    found = image_locs(root / "output/sitemap.xml")
    assert found["https://blog.example.org/hello.html"] == [
        "https://blog.example.org/images/photo.png"
    ]
    every = [image for images in found.values() for image in images]
    assert not any("forkme" in image for image in every)
