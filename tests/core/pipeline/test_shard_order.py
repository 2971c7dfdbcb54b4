"""``shard_order: lastmod``: new and edited pages change only the last shards (real builds)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from tests.conftest import HANG_TIMEOUT, build_cli, cli, core_build, locs
from tests.core.conftest import plain_site

BASE = "https://example.org/"


COMMON = ("--max-urls", "3", "--no-robots")


PAGE = (
    "<!doctype html><html><head><title>{name}</title>"
    '<meta property="article:modified_time" content="{date}"></head><body>x</body></html>'
)


def build(site: Path, *options: str) -> None:
    result = cli("build", str(site), "--base-url", BASE, *COMMON, *options)
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


@pytest.mark.parametrize("marked", [True, False], ids=["passes-for-ours", "foreign"])
def test_shard_order_never_unpacks_a_gzip_bomb_in_a_shards_place(
    tmp_path: Path, marked: bool
) -> None:
    """1 GiB of spaces, gzipped to about 1 MB, in place of ``sitemap-1.xml``: the next
    ``--shard-order lastmod`` build, under a 400 MB address-space limit, reads at most the
    50 MiB cap of it when it carries our marker, and nothing past its head when it does not.
    Either way it is no longer the file the last build wrote: left alone, with a warning."""
    import gzip

    from sitemap_core._files import MARKER

    site = plain_site(tmp_path / "site", 10)
    options = ["--base-url", BASE, "--no-robots", "--max-urls", "3", "--shard-order", "lastmod"]
    assert build_cli(str(site), *options).returncode == 0
    spaces = gzip.compress(b" " * (1 << 20), mtime=0)
    head = gzip.compress(f'<?xml version="1.0"?>\n{MARKER if marked else ""}\n'.encode(), mtime=0)
    bomb = head + spaces * 1024  # gzip members, one after another
    (site / "sitemap-1.xml").write_bytes(bomb)
    code = """
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20))
        from sitemap_core._cli import main
        sys.exit(main(["build", *sys.argv[1:]]))
    """
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(site), *options],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "sitemap-1.xml exists and was not written by ssg-sitemap" in done.stderr
    assert (site / "sitemap-1.xml").read_bytes() == bomb


@pytest.mark.parametrize(
    "options",
    [{}, {"format": "txt"}, {"gzip": True, "gzip_only": True}],
    ids=["xml", "txt", "gzip"],
)
def test_shard_entries_read_in_chunks_match_the_whole_file(
    tmp_path: Path, options: dict[str, object]
) -> None:
    """Entries that straddle the 64 KiB chunks come out whole, as a full parse reads them."""
    from sitemap_core._files import read_entries
    from sitemap_core._pipeline._shard_order import shard_entries

    records = [
        PageRecord(
            url=f"{'deep/' * (i % 40)}page-{i}.html",
            front_matter={"sitemap_lastmod": f"2024-01-{i % 28 + 1:02d}"},
        )
        for i in range(3000)
    ]
    out = tmp_path / "site"
    out.mkdir()
    report = core_build(records, out, robots=False, html_checks=False, **options)
    (shard,) = [p for p in report.files if p.name.startswith("sitemap")]
    assert shard.stat().st_size > 200_000 or shard.name.endswith(".gz")
    _kind, expected = read_entries(shard)
    assert list(shard_entries(shard)) == expected
    assert len(expected) == 3000
    assert all(lastmod for _loc, lastmod in expected) == (options.get("format") != "txt")
