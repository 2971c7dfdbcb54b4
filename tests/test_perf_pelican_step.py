"""The Pelican step's fast paths answer exactly as the plain ones, and the example site's
sitemap is byte for byte the same as before the rewrites."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import git_commit, git_init

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pelican"


def _example_site(root: Path) -> Path:
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("output", "__pycache__"))
    # A page whose head says noindex (a template page): the HTML checks must leave it out.
    (root / "content" / "hidden.html").write_text(
        '<!DOCTYPE html><html><head><meta name="robots" content="noindex">'
        "<title>Hidden</title></head><body>Not for search engines.</body></html>\n",
        encoding="utf-8",
    )
    git_init(root)
    git_commit(root, {}, "2024-03-01T09:00:00+01:00", "site")
    git_commit(
        root,
        # Without its Modified: line the git date answers (Date stays a floor).
        {"content/cafe.md": _without_modified(root / "content" / "cafe.md") + "\nEdited.\n"},
        "2024-04-02T10:30:00+02:00",
        "edit",
    )
    return root


def _without_modified(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("Modified:"))


def _build(root: Path, output: Path) -> None:
    from pelican import Pelican
    from pelican.settings import read_settings

    settings = read_settings(
        str(root / "pelicanconf.py"),
        override={
            "PATH": str(root / "content"),
            "OUTPUT_PATH": str(output),
            "CACHE_CONTENT": False,
            "LOAD_CONTENT_CACHE": False,
            "TEMPLATE_PAGES": {"hidden.html": "hidden.html"},
            "IGNORE_FILES": [".#*", "hidden.html"],
        },
    )
    Pelican(settings).run()


#: The example site's sitemap as the step made it before the worker process (commit
#: e999ed3, from ``_example_site``; made again by the worker at 7c2f2eb when the examples
#: gained their own modification dates): a rewrite must not change a byte of it.
BEFORE = Path(__file__).resolve().parent / "data" / "pelican_example_sitemap_e999ed3.xml"


@pytest.mark.slow
def test_example_site_sitemap_is_the_same_from_the_worker_here_and_before_the_rewrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pelican.plugins.sitemap import collect

    root = _example_site(tmp_path / "site")
    monkeypatch.chdir(root)
    logging.getLogger("pelican").setLevel(logging.WARNING)
    collect.STATE.last_worker = None
    _build(root, root / "worker")
    assert collect.STATE.last_worker is not None  # the worker process made it

    collect.STATE.last_worker = None
    monkeypatch.setenv("SSG_SITEMAP_WORKER", "0")
    _build(root, root / "here")
    assert collect.STATE.last_worker is None  # made in Pelican's process

    names = sorted(p.name for p in (root / "worker").glob("sitemap*"))
    assert "sitemap.xml" in names
    for name in [*names, "robots.txt"]:
        assert (root / "worker" / name).read_bytes() == (root / "here" / name).read_bytes(), name
    assert (root / "worker" / "sitemap.xml").read_bytes() == BEFORE.read_bytes()
    text = (root / "worker" / "sitemap.xml").read_text(encoding="utf-8")
    assert (root / "worker" / "hidden.html").is_file()
    assert "hidden.html" not in text  # the noindex page, left out by the HTML checks
    assert "<lastmod>2024-04-02T10:30:00+02:00</lastmod>" in text  # cafe.md's git date


def test_symlinks_among_many_files_of_a_folder_report_their_targets(tmp_path: Path) -> None:
    """From a folder's second file on, one listing of the folder tells which files are
    symbolic links (instead of one system call a file): links there still report their
    target's date, and a prefetched reader's locations serve the build's own reader."""
    from sitemap_core.git_history import GitDates

    from .conftest import git

    repo = git_init(tmp_path / "r")
    git_commit(repo, {"README.md": "1", "docs/a.md": "1", "docs/d.md": "1"}, "2024-01-01T00:00:00Z")
    for name in ("b.md", "c.md"):
        (repo / "docs" / name).symlink_to("../README.md")
    git_commit(repo, {}, "2024-01-02T00:00:00Z", "links")
    git_commit(repo, {"README.md": "2"}, "2024-01-03T00:00:00Z")
    files = [repo / "docs" / n for n in ("a.md", "b.md", "c.md", "d.md")]
    first = GitDates()
    first.prepare(files)
    second = GitDates()
    second.share_locations(first)
    second.prepare(files)
    for dates in (first, second):
        got = {f.name: dates.lookup(f).when for f in files}
        assert {n: d.isoformat() if d else None for n, d in got.items()} == {
            "a.md": "2024-01-01T00:00:00+00:00",
            "b.md": "2024-01-03T00:00:00+00:00",
            "c.md": "2024-01-03T00:00:00+00:00",
            "d.md": "2024-01-01T00:00:00+00:00",
        }
    assert git(repo, "log", "-1", "--format=%cI", "--", "README.md").strip() == (
        "2024-01-03T00:00:00+00:00"
    )


def test_kind_defaults_worked_out_once_answer_as_per_page(tmp_path: Path) -> None:
    """Pages with metadata but no sitemap values of their own take their kind's defaults
    (worked out once a kind), a 0.0 priority included; a page's own values still win."""
    from sitemap_core import KindDefaults, PageRecord

    from .conftest import core_build

    records = [
        PageRecord("a.html", front_matter={"title": "A"}, kind="article"),
        PageRecord("b.html", front_matter={"title": "B"}, kind="article"),
        PageRecord("c.html", front_matter={"title": "C"}, kind="page"),
        PageRecord("d.html", front_matter={"title": "D"}, kind="article", priority="0.9"),
        PageRecord("e.html", front_matter={"sitemap_changefreq": "yearly"}, kind="article"),
    ]
    core_build(
        records,
        tmp_path,
        changefreq="monthly",
        priority=0.5,
        kinds={"article": KindDefaults(changefreq="weekly", priority=0.0)},
    )
    text = (tmp_path / "sitemap.xml").read_text(encoding="utf-8")
    blocks = {b.split("</loc>")[0].rsplit("/", 1)[-1]: b for b in text.split("<loc>")[1:]}
    expected = {
        "a.html": ("weekly", "0.0"),
        "b.html": ("weekly", "0.0"),
        "c.html": ("monthly", "0.5"),
        "d.html": ("weekly", "0.9"),
        "e.html": ("yearly", "0.0"),
    }
    for name, (changefreq, priority) in expected.items():
        assert f"<changefreq>{changefreq}</changefreq>" in blocks[name], name
        assert f"<priority>{priority}</priority>" in blocks[name], name


@pytest.mark.slow
def test_every_kind_of_index_page_gets_its_url_listing_and_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``content_written`` works out an index-like page's URL, listing and title from its
    template context as it is written: for every page of a real build (tags, categories,
    authors, period archives, pagination, direct templates) the URL is where Pelican wrote
    it (these URL settings name the same place as the save_as ones)."""
    from pelican import signals
    from pelican.plugins.sitemap import collect

    root = _example_site(tmp_path / "site")
    monkeypatch.chdir(root)
    seen: list[dict[str, Any]] = []

    def keep(path: str, context: Any = None, **_: Any) -> None:
        if isinstance(context, dict) and not context.get("article") and not context.get("page"):
            seen.append(context)

    signals.content_written.connect(keep)
    try:
        import pelican.settings

        original = pelican.settings.read_settings

        def with_archives(*args: Any, **kwargs: Any) -> Any:
            settings = original(*args, **kwargs)
            settings["YEAR_ARCHIVE_SAVE_AS"] = "{date:%Y}/index.html"
            settings["YEAR_ARCHIVE_URL"] = "{date:%Y}/"
            return settings

        monkeypatch.setattr(pelican.settings, "read_settings", with_archives)
        _build(root, root / "out")
    finally:
        signals.content_written.disconnect(keep)
    kinds = {k for c in seen for k in ("tag", "category", "author", "period") if c.get(k)}
    assert kinds == {"tag", "category", "author", "period"}
    assert any(c.get("articles_page") is not None for c in seen)
    resolved = 0
    for context in seen:
        url, save_as = collect._index_url(context)
        if url is None:  # a template page: its file's path is its URL
            continue
        resolved += 1
        assert save_as == context["output_file"], save_as
        assert save_as in (url, url + "index.html"), (url, save_as)
        assert collect._listed(context) or context.get("period") is not None
        assert collect._title(context) or context.get("page_name") == "index"
    assert resolved > len(seen) // 2


def test_attribute_reads_answer_as_getattr_and_hasattr() -> None:
    """The records' attribute reads skip the missing-attribute exception only where the
    attribute can live nowhere but in the instance: elsewhere they are getattr/hasattr."""
    from pelican.plugins.sitemap.specs import attr as _attr
    from pelican.plugins.sitemap.specs import has as _has

    class Plain:
        pass

    class WithProperty:
        @property
        def modified(self) -> str:
            return "from the class"

    class Dynamic:
        def __getattr__(self, name: str) -> str:
            return f"made {name}"

    plain, prop, dyn = Plain(), WithProperty(), Dynamic()
    plain.override_url = ""  # type: ignore[attr-defined]
    for obj in (plain, prop, dyn):
        for name in ("modified", "override_url", "date"):
            assert _attr(obj, name) == getattr(obj, name, None), (obj, name)
            assert _has(obj, name) is hasattr(obj, name), (obj, name)


def test_pages_sharing_one_listing_each_take_the_newest_of_it_and_their_own(
    tmp_path: Path,
) -> None:
    """Index pages that list the same pages (one shared tuple, worked out once) still each
    take the newest of the listed dates and of their own."""
    import datetime as dt

    from sitemap_core import PageRecord

    from .conftest import core_build

    utc = dt.timezone.utc
    listed = ("a.html", "b.html")
    records = [
        PageRecord("a.html", dates={"modified": dt.datetime(2024, 1, 1, tzinfo=utc)}),
        PageRecord("b.html", dates={"modified": dt.datetime(2024, 3, 1, tzinfo=utc)}),
        PageRecord("x.html", kind="index", summarises=listed),
        PageRecord(
            "y.html",
            kind="index",
            summarises=listed,
            dates={"modified": dt.datetime(2024, 5, 1, tzinfo=utc)},
        ),
        PageRecord(
            "z.html",
            kind="index",
            summarises=listed,
            dates={"modified": dt.datetime(2024, 2, 1, tzinfo=utc)},
        ),
        PageRecord("w.html", kind="index", summarises=("a.html",)),
    ]
    core_build(records, tmp_path)
    text = (tmp_path / "sitemap.xml").read_text(encoding="utf-8")
    blocks = {b.split("</loc>")[0].rsplit("/", 1)[-1]: b for b in text.split("<loc>")[1:]}
    assert "<lastmod>2024-03-01T00:00:00Z</lastmod>" in blocks["x.html"]
    assert "<lastmod>2024-05-01T00:00:00Z</lastmod>" in blocks["y.html"]
    assert "<lastmod>2024-03-01T00:00:00Z</lastmod>" in blocks["z.html"]
    assert "<lastmod>2024-01-01T00:00:00Z</lastmod>" in blocks["w.html"]
