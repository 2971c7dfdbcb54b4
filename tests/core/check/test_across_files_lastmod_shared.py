"""``check``'s lastmod-shared rule tells a build stamp from a commit that changed many pages.

A real git history where 6 of 10 pages changed in one commit checks clean, whether the
sitemap is ours (its marker: our builds never write the build time) or another tool's (the
shared value is long before the files were written); a sitemap whose lastmods are all the
build time still warns, locally and live (by the sitemap's ``Last-Modified``).
"""

from __future__ import annotations

import datetime as dt
import email.utils
from pathlib import Path

import pytest

from sitemap_core._check import LiveOptions, check_files, check_live, check_site
from sitemap_core._cli import main
from sitemap_core._files import MARKER
from tests.conftest import git_commit, git_init, lastmods, mkdocs_build, write_files
from tests.core.check.conftest import XML, Reply, Site, page

BASE = "https://example.org/"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SHARED = "2025-03-03T08:55:18-05:00"


def urlset(entries: dict[str, str], marker: bool = False) -> str:
    body = "".join(f"<url><loc>{u}</loc><lastmod>{m}</lastmod></url>\n" for u, m in entries.items())
    mark = MARKER + "\n" if marker else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{mark}<urlset xmlns="{NS}">\n{body}</urlset>\n'


def shared_codes(report: object) -> list[str]:
    return [f.code for f in report.findings if f.code == "lastmod-shared"]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_six_of_ten_pages_changed_in_one_commit_check_clean(tmp_path: Path) -> None:
    root = git_init(tmp_path / "docs-site")
    config = (
        "site_name: Real\nsite_url: https://example.org/\n"
        "plugins:\n  - sitemap:\n      gzip: false\n"
    )
    git_commit(root, {"mkdocs.yml": config}, "2025-01-01T10:00:00-05:00")
    names = [f"docs/p{i}.md" for i in range(10)]
    for i, name in enumerate(names[:4]):
        git_commit(root, {name: f"# P{i}\n"}, f"2025-02-0{i + 1}T12:00:00-05:00")
    # One commit changes six pages (a rename of a term across the docs, say).
    git_commit(root, {n: f"# P{n}\n" for n in names[4:]}, SHARED)
    mkdocs_build(root)
    built = root / "site"
    found = lastmods(built / "sitemap.xml")
    assert list(found.values()).count(SHARED) == 6
    # (no index.md: every page's header links a home page the site lacks, a true link-broken)
    assert main(["check", str(built), "--strict", "--no-links"]) == 0
    # The same file as another tool would write it (no marker): the shared value is long
    # before the files were written, so it is no build stamp either.
    (built / "sitemap.xml").write_text(urlset({u: m or "" for u, m in found.items()}))
    report = check_site(built, BASE)
    assert shared_codes(report) == [], report.findings


def test_build_time_in_every_lastmod_still_warns(tmp_path: Path) -> None:
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    pages = {
        f"p{i}.html": "<html><head><title>x</title></head><body>x</body></html>" for i in range(12)
    }
    root = write_files(tmp_path / "public", pages)
    stamps = {
        "datetime": now.isoformat().replace("+00:00", "Z"),
        "date": now.date().isoformat(),
        # The build began a few minutes before it wrote the sitemap.
        "start": (now - dt.timedelta(minutes=4)).isoformat(),
    }
    for stamp in stamps.values():
        (root / "sitemap.xml").write_text(urlset({BASE + name: stamp for name in pages}))
        assert shared_codes(check_site(root, BASE)) == ["lastmod-shared"], stamp
        assert shared_codes(check_files([root / "sitemap.xml"])) == ["lastmod-shared"], stamp
    # Our marker on it: our builds never write the build time (the lastmods came from sources).
    (root / "sitemap.xml").write_text(urlset({BASE + n: stamps["datetime"] for n in pages}, True))
    assert shared_codes(check_site(root, BASE)) == []


def test_live_sitemap_by_its_last_modified(site: Site) -> None:
    paths = [f"/p{i}.html" for i in range(12)]
    for path in paths:
        site.routes[path] = page(path)
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    header = {**XML, "Last-Modified": email.utils.format_datetime(now, usegmt=True)}
    options = LiveOptions(request_timeout=2.0, timeout=60.0, progress=False)

    def shared(value: str, headers: dict[str, str]) -> list[str]:
        body = urlset({site.url(p): value for p in paths}).encode()
        site.routes["/sitemap.xml"] = Reply(200, body, headers)
        return shared_codes(check_live(site.url("/sitemap.xml"), options))

    assert shared(now.isoformat(), header) == ["lastmod-shared"]
    assert shared(SHARED, header) == []
    # Nothing says when it was written: as before, a warning.
    assert shared(SHARED, XML) == ["lastmod-shared"]
