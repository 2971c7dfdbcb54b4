"""``shard_order: lastmod``: new and edited pages change only the last shards (real builds)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_core import ConfigError, Settings
from tests.conftest import locs

BASE = "https://example.org/"
COMMON = ("--max-urls", "3", "--no-robots")
PAGE = (
    "<!doctype html><html><head><title>{name}</title>"
    '<meta property="article:modified_time" content="{date}"></head><body>x</body></html>'
)


def build(site: Path, *options: str) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sitemap_core",
            "build",
            str(site),
            "--base-url",
            BASE,
            *COMMON,
            *options,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def page(site: Path, name: str, date: str | None) -> None:
    head = PAGE.format(name=name, date=date)
    if date is None:
        head = head.replace('<meta property="article:modified_time" content="None">', "")
    (site / name).write_text(head, "utf-8")


def snapshot(site: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(site.glob("sitemap*.xml"))}


def make_site(tmp_path: Path) -> Path:
    site = tmp_path / "public"
    site.mkdir()
    # Names in reverse date order, so URL order and lastmod order differ.
    for day in range(1, 11):
        page(site, f"p{20 - day:02d}.html", f"2024-01-{day:02d}")
    page(site, "undated.html", None)
    return site


@pytest.mark.parametrize("order", ["lastmod", "url"])
def test_new_and_edited_page_change_only_the_expected_shards(tmp_path: Path, order: str) -> None:
    site = make_site(tmp_path)
    build(site, "--shard-order", order)
    before = snapshot(site)
    # four shards of at most 3 URLs and the index:
    # [undated, p19, p18] [p17, p16, p15] [p14, p13, p12] [p11, p10]
    assert len(before) == 5
    page(site, "p00.html", "2024-02-01")  # new, and first in URL order
    page(site, "p18.html", "2024-01-20")  # edited (was 2024-01-02, in the first shard)
    build(site, "--shard-order", order)
    after = snapshot(site)
    changed = {name for name in after if before.get(name) != after[name]}
    if order == "lastmod":
        # the first shard loses the edited page, the last takes it, a new one the new page;
        # the shards between keep their bytes
        assert changed == {"sitemap.xml", "sitemap-1.xml", "sitemap-4.xml", "sitemap-5.xml"}
        assert locs(site / "sitemap-1.xml") == [BASE + "undated.html", BASE + "p19.html"]
        assert locs(site / "sitemap-4.xml") == [BASE + f"p{n}.html" for n in (11, 10, 18)]
        assert locs(site / "sitemap-5.xml") == [BASE + "p00.html"]
        build(site, "--shard-order", order)
        assert snapshot(site) == after  # nothing changed: nothing moves
    else:
        # today's behaviour: one new page early in URL order shifts every shard
        assert changed == set(after)


def test_ties_are_broken_by_url(tmp_path: Path) -> None:
    site = tmp_path / "public"
    site.mkdir()
    for name in ("c.html", "a.html", "b.html"):
        page(site, name, "2024-01-01")
    page(site, "z.html", "2023-01-01")
    build(site, "--shard-order", "lastmod")
    assert locs(site / "sitemap-1.xml") == [BASE + n for n in ("z.html", "a.html", "b.html")]
    assert locs(site / "sitemap-2.xml") == [BASE + "c.html"]


def test_shard_order_is_validated() -> None:
    with pytest.raises(ConfigError, match="shard_order: 'newest'"):
        Settings(base_url=BASE, shard_order="newest")  # type: ignore[arg-type]


def test_gzip_only_shards_are_kept_too(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    build(site, "--shard-order", "lastmod", "--gzip-only")
    before = {p.name: p.read_bytes() for p in site.glob("sitemap*.xml.gz")}
    assert len(before) == 5
    page(site, "p18.html", "2024-01-20")
    build(site, "--shard-order", "lastmod", "--gzip-only")
    after = {p.name: p.read_bytes() for p in site.glob("sitemap*.xml.gz")}
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed == {"sitemap.xml.gz", "sitemap-1.xml.gz", "sitemap-4.xml.gz"}
