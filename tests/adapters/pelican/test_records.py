"""The Pelican adapter's records on real Pelican builds: what each written page becomes, what
the core and plugins see of it, and what a build that fails or is changed after the fact
leaves behind.

Each build runs in this process (``Pelican(...).run()``) on a site written here, in a real
git repository.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sitemap_core._check import LinkOptions, check_site
from tests.adapters.pelican.conftest import small_blog
from tests.conftest import ROOT, git_commit, git_init, pelican_settings, run_pelican, u, write

pytest.importorskip("pelican")
#: The link findings (true ones here too) are test_links.py's, not these tests'.
NO_LINKS = LinkOptions(enabled=False)


pytestmark = pytest.mark.slow


SITEURL = "https://blog.example.org"


LOGGER = "pelican.plugins.sitemap"


ARTICLES = 300


NOINDEX = '<meta name="robots" content="noindex">'


EXAMPLE = ROOT / "examples" / "pelican"


#: The example site's sitemap as the step made it before the worker process (commit
#: e999ed3, from ``_example_site``; made again by the worker at 7c2f2eb when the examples
#: gained their own modification dates): the adapter must not change a byte of it.
BEFORE = Path(__file__).resolve().parent / "data" / "pelican_example_sitemap_e999ed3.xml"


Handler = Callable[..., Any]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _make_site(root: Path, articles: int) -> Path:
    """A blog in a git repository: ``articles`` plain articles, a draft, a private article,
    a translation, an invalid priority, a hidden page and a page written over the home
    index."""
    files = {
        f"content/posts/post-{n:03d}.md": (
            f"Title: Post {n}\nDate: 2024-01-{1 + n % 28:02d} {n % 24:02d}:{n % 60:02d}\n"
            f"Category: cat{n % 3}\n\nBody {n}.\n"
        )
        for n in range(articles)
    }
    files.update(
        {
            "content/bad-priority.md": (
                "Title: Bad priority\nDate: 2024-02-02\nCategory: cat0\nPriority: high\n\nB.\n"
            ),
            "content/draft.md": "Title: A draft\nDate: 2024-02-03\nStatus: draft\n\nD.\n",
            "content/private.md": "Title: Private one\nDate: 2024-02-04\nPrivate: true\n\nP.\n",
            "content/hello.md": "Title: Hello\nDate: 2024-01-10\nLang: en\nSlug: hello\n\nHi.\n",
            "content/hello-fr.md": (
                "Title: Bonjour\nDate: 2024-01-11\nLang: fr\nSlug: hello\n\nSalut.\n"
            ),
            "content/pages/about.md": "Title: About\n\nAbout us.\n",
            "content/pages/hidden.md": "Title: Hidden\nStatus: hidden\n\nHidden page.\n",
            # Replaces the home index (the contested path: Pelican writes it last).
            "content/pages/home.md": "Title: Welcome\nSave_as: index.html\n\nWelcome home.\n",
        }
    )
    _write(root, files)
    git_init(root)
    git_commit(root, {}, "2024-03-01T09:00:00+01:00", "site")
    git_commit(
        root,
        {"content/pages/about.md": "Title: About\n\nAbout us, edited.\n"},
        "2024-04-02T10:30:00Z",
    )
    return root


@dataclass
class Built:
    """One build: its output and what our logger passed on."""

    output: Path
    logs: list[tuple[int, str]]

    def messages(self, level: int = logging.WARNING) -> list[str]:
        return [text for lvl, text in self.logs if lvl >= level]

    def files(self) -> dict[str, bytes]:
        """The sitemap files and robots.txt, by name."""
        names = [p.name for p in self.output.glob("sitemap*")] + ["robots.txt"]
        return {name: (self.output / name).read_bytes() for name in sorted(names)}


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append((record.levelno, record.getMessage()))


@contextlib.contextmanager
def _connected(
    signal_: Any, handler: Handler, *, before_ours: Handler | None = None
) -> Iterator[None]:
    """``handler`` on ``signal_`` for the block: after our plugin's handlers, or before
    ``before_ours`` (Pelican's signals call receivers in the order they were connected)."""
    from pelican.plugins import sitemap

    sitemap.register()  # ours first (Pelican's own register() later connects nothing new)
    if before_ours is not None:
        signal_.disconnect(before_ours)
    signal_.connect(handler, weak=False)
    if before_ours is not None:
        signal_.connect(before_ours)
    try:
        yield
    finally:
        signal_.disconnect(handler)


def run_build(root: Path, output: Path, **overrides: Any) -> Built:
    """Build the site at ``root`` into ``output`` with Pelican, in this process."""
    from pelican import Pelican
    from pelican.log import LimitFilter
    from pelican.settings import read_settings

    settings = pelican_settings(root / "content", output, **overrides)
    capture = _Capture()
    logger = logging.getLogger(LOGGER)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        # Pelican drops a message it logged before, in any build of the process: each build
        # here starts afresh, as a `pelican` command would.
        patch.setattr(LimitFilter, "_raised_messages", set())
        patch.setattr(logger, "level", logging.DEBUG)
        logger.addHandler(capture)
        try:
            Pelican(read_settings(override=settings)).run()
        finally:
            logger.removeHandler(capture)
    return Built(output, capture.records)


@pytest.fixture(autouse=True)
def _no_build_left() -> Iterator[None]:
    """A build that failed leaves its state to the next build: drop it after each test."""
    yield
    from ssg_sitemap.pelican import collect

    collect.STATE.build = None


@pytest.fixture(autouse=True)
def _quiet_pelican() -> Iterator[None]:
    pelican_logger = logging.getLogger("pelican")
    level = pelican_logger.level
    pelican_logger.setLevel(logging.WARNING)
    yield
    pelican_logger.setLevel(level)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The big site, built once."""
    root = _make_site(tmp_path_factory.mktemp("big"), ARTICLES)
    pelican_logger = logging.getLogger("pelican")
    level = pelican_logger.level
    pelican_logger.setLevel(logging.WARNING)
    try:
        return run_build(root, root / "out")
    finally:
        pelican_logger.setLevel(level)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of a few pages."""
    return _make_site(tmp_path_factory.mktemp("small"), 12)


def _priority_warnings(built: Built) -> list[str]:
    return [m for m in built.messages() if "bad-priority.md" in m and "priority" in m]


def test_a_blog_lists_what_it_publishes_with_its_dates_and_translations(big: Built) -> None:
    """Contested ``index.html`` (a page's own ``save_as`` wins over the home index written
    after it), hidden, draft and private content left out, translations linked, git dates,
    and one warning for an invalid priority."""
    files = big.files()
    assert set(files) >= {"sitemap.xml", "robots.txt"}
    text = files["sitemap.xml"].decode()
    assert text.count("<loc>") >= ARTICLES + 3
    assert text.count(f"<loc>{SITEURL}/</loc>") == 1  # the home page, once (the Welcome page)
    assert f"<loc>{SITEURL}/posts/" not in text  # default URLs: no folder
    for left_out in ("hidden.html", "a-draft", "private-one", "index.html"):
        assert left_out not in text, left_out
    assert f"{SITEURL}/pages/about.html" in text
    assert "<lastmod>2024-04-02T10:30:00+00:00</lastmod>" in text  # about.md's git date
    assert 'hreflang="fr"' in text and f"{SITEURL}/hello-fr.html" in text  # translations
    # The invalid priority: one warning, through our logger in Pelican's process.
    assert len(_priority_warnings(big)) == 1
    assert "'high'" in _priority_warnings(big)[0]
    assert not big.messages(logging.ERROR)


def test_strict_mode_fails_the_build(small: Path, tmp_path: Path) -> None:
    from sitemap_core import StrictModeError

    with pytest.raises(StrictModeError, match=r"warning\(s\) and SITEMAP\['strict'\] is on"):
        run_build(small, tmp_path / "out", SITEMAP={"strict": True})


class Boom(Exception):
    pass


def test_a_failed_build_leaves_no_sitemap_and_the_next_build_writes_one(
    small: Path, tmp_path: Path
) -> None:
    from pelican import signals

    writes: list[str] = []

    def fail(path: str, **_: Any) -> None:
        writes.append(path)
        if len(writes) == 10:
            raise Boom

    with _connected(signals.content_written, fail), pytest.raises(Boom):
        run_build(small, tmp_path / "failed")
    assert not list((tmp_path / "failed").glob("sitemap*"))
    assert not (tmp_path / "failed" / "robots.txt").exists()
    built = run_build(small, tmp_path / "next")
    assert (built.output / "sitemap.xml").is_file()
    assert not list((tmp_path / "failed").glob("sitemap*"))


def test_a_page_rewritten_before_finalized_is_read_as_it_is_then(
    small: Path, tmp_path: Path
) -> None:
    """Another plugin rewrites the first article written, at ``finalized`` before ours, with
    a robots noindex: the sitemap leaves it out."""
    from pelican import signals

    from ssg_sitemap import pelican as sitemap
    from ssg_sitemap.pelican import collect

    first: list[Path] = []
    rewritten: list[bool] = []

    def note(path: str, context: Any = None, **_: Any) -> None:
        if not first and isinstance(context, dict) and context.get("article") is not None:
            first.append(Path(path))

    def rewrite(pelican: Any) -> None:
        assert collect.STATE.build is not None  # ours has not run yet
        page = first[0]
        text = page.read_text(encoding="utf-8")
        assert "<head>" in text and NOINDEX not in text
        page.write_text(text.replace("<head>", f"<head>\n{NOINDEX}", 1), encoding="utf-8")
        rewritten.append(True)

    with (
        _connected(signals.content_written, note),
        _connected(signals.finalized, rewrite, before_ours=sitemap.finalized),
    ):
        built = run_build(small, tmp_path / "out")
    assert rewritten == [True]
    page = first[0]
    assert NOINDEX in page.read_text(encoding="utf-8")
    url = f"{SITEURL}/{page.relative_to(built.output).as_posix()}"
    text = (built.output / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{url}</loc>" not in text
    assert text.count("<loc>") >= 12


def test_a_fresh_output_folder(small: Path, tmp_path: Path) -> None:
    output = tmp_path / "fresh" / "deeper"
    built = run_build(small, output)
    assert (output / "sitemap.xml").is_file()
    assert not built.messages(logging.ERROR)


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
    # The pinned sitemap predates the example's site map page, which it would list.
    settings["SITEMAP"] = {k: v for k, v in settings["SITEMAP"].items() if k != "html_sitemap"}
    Pelican(settings).run()


def test_example_site_sitemap_is_the_same_as_before_the_rewrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _example_site(tmp_path / "site")
    monkeypatch.chdir(root)
    _build(root, root / "out")
    assert (root / "out" / "sitemap.xml").read_bytes() == BEFORE.read_bytes()
    text = (root / "out" / "sitemap.xml").read_text(encoding="utf-8")
    assert (root / "out" / "hidden.html").is_file()
    assert "hidden.html" not in text  # the noindex page, left out by the HTML checks
    assert "<lastmod>2024-04-02T10:30:00+02:00</lastmod>" in text  # cafe.md's git date


def test_every_kind_of_index_page_gets_its_url_listing_and_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An index-like page's URL, listing and title come from its template context: for every
    page of a real build (tags, categories, authors, period archives, pagination, direct
    templates) the URL is where Pelican wrote it (these URL settings name the same place as
    the save_as ones). The part of each context the plugin keeps says the same."""
    from pelican import signals

    from ssg_sitemap.pelican import records, written

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
            settings["ARCHIVES_SAVE_AS"] = "archive.html"  # a direct template's own URL
            settings["ARCHIVES_URL"] = "archive.html"
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
        url, save_as = records._index_url(context)
        kept = written.noted(context)
        assert len(kept) < len(context) // 4
        assert records._index_url(kept) == (url, save_as)
        assert records._listed(kept) == records._listed(context)
        assert records._title(kept) == records._title(context)
        if url is None:  # a template page: its file's path is its URL
            continue
        resolved += 1
        assert save_as == context["output_file"], save_as
        assert save_as in (url, url + "index.html"), (url, save_as)
        assert records._listed(context) or context.get("period") is not None
        assert records._title(context) or context.get("page_name") == "index"
    assert resolved > len(seen) // 2
    assert any(c.get("output_file") == "archive.html" for c in seen)


PROBE = """
import datetime, json, logging, os
from sitemap_core import hookimpl

log = logging.getLogger("sitemap_probe")

@hookimpl
def sitemap_prepare(sources, context, records):
    log.warning("probe: %d records before lastmod", len(records))
    seen = {
        "sources": sorted(str(s) for s in sources),
        "records": {r.url: dict(r.front_matter) for r in records},
    }
    with open(os.environ["PROBE_OUT"], "w") as out:
        json.dump(seen, out, default=plain_date)

def plain_date(value):
    if type(value) in (datetime.datetime, datetime.date):
        return value.isoformat()
    return ["not plain", type(value).__name__]
"""


def _probe(root: Path) -> Path:
    """A third-party plugin found through the ``sitemap_core`` entry-point group."""
    folder = root / "probe"
    folder.mkdir()
    (folder / "sitemap_probe.py").write_text(PROBE, encoding="utf-8")
    info = folder / "sitemap_probe-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sitemap-probe\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[sitemap_core]\nprobe = sitemap_probe\n")
    return folder


def test_plugins_see_every_record_with_its_metadata_and_log_to_pelican(tmp_path: Path) -> None:
    """Under Pelican, ``sitemap_prepare`` gets every record and source (a list, as the
    hookspec says), a record's ``front_matter`` holds the page's metadata as plain values,
    and a plugin's own log lines reach Pelican's log (a real ``pelican`` command)."""
    root = _make_site(tmp_path / "site", 5)
    _write(root, {"conf.py": f'SITEURL = "{SITEURL}"\nTIMEZONE = "UTC"\nPLUGINS = ["sitemap"]\n'})
    (root / "content" / "posts" / "post-001.md").write_text(
        "Title: Post 1\nDate: 2024-01-02\nCategory: cat1\nTags: a, b\nAuthor: Ada\n"
        "Sitemap_changefreq: weekly\n\nBody.\n",
        encoding="utf-8",
    )
    out = tmp_path / "seen.json"
    env = {**os.environ, "PYTHONPATH": str(_probe(tmp_path)), "PROBE_OUT": str(out)}
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "pelican"), "content", "-s", "conf.py", "-o", "out"],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    listed = (root / "out" / "sitemap.xml").read_text(encoding="utf-8")
    urls = set(seen["records"])
    # Listed and left-out pages alike (the draft, the hidden page, the private article).
    assert {"post-1.html", "pages/about.html", "drafts/a-draft.html", "category/cat1.html"} <= urls
    assert {"pages/hidden.html", "private-one.html", ""} <= urls
    for loc in re.findall(r"<loc>([^<]*)</loc>", listed):  # every listed page was a record
        assert loc.removeprefix(SITEURL + "/") in urls, loc
    assert str(root / "content" / "posts" / "post-001.md") in seen["sources"]
    assert len(seen["sources"]) >= 5 + 6
    front = seen["records"]["post-1.html"]
    assert front["title"] == "Post 1"
    assert front["category"] == "cat1"
    assert front["tags"] == ["a", "b"]
    assert front["author"] == "Ada"
    assert front["sitemap_changefreq"] == "weekly"
    assert front["date"] == "2024-01-02T00:00:00"  # as Pelican keeps it in metadata
    assert "not plain" not in json.dumps(seen)
    assert "probe: " in proc.stdout + proc.stderr  # the plugin's own logger, in Pelican's log


def test_check_is_clean_on_ampersand_hreflang_and_clean_url_beside_a_folder(
    tmp_path: Path,
) -> None:
    content = tmp_path / "content"
    for lang, title in (("en", "Q&A"), ("fr", "Q&R")):
        write(
            content / f"qa-{lang}.md",
            f"Title: {title}\nDate: 2024-01-02\nSlug: q&a\nLang: {lang}\nCategory: News\n\nBody.\n",
        )
    built = run_pelican(
        content,
        tmp_path / "output",
        # /authors is served by authors.html beside the authors/ folder (no index there).
        AUTHOR="Ann",
        AUTHORS_URL="authors",
        AUTHOR_URL="authors/{slug}.html",
        AUTHOR_SAVE_AS="authors/{slug}.html",
    )
    urls = built.urls()
    assert u("authors") in urls and u("q&a-fr.html") in urls
    assert (built.output / "authors").is_dir() and (built.output / "authors.html").is_file()
    report = check_site(built.output, links=NO_LINKS)
    found = [f for f in report.findings if f.code != "lastmod-shared"]
    assert found == [], found


def test_template_pages_take_the_indexes_defaults(tmp_path: Path) -> None:
    content = small_blog(tmp_path)
    write(content / "templates" / "links.html", "<html><head></head><body>Links</body></html>")
    built = run_pelican(
        content,
        tmp_path / "output",
        TEMPLATE_PAGES={"templates/links.html": "links.html"},
        IGNORE_FILES=["links.html"],
        SITEMAP={"changefreqs": {"indexes": "hourly"}, "priorities": {"indexes": 0.3}},
    )
    entry = built.urls()[u("links.html")]
    ns = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    assert entry.findtext("sm:changefreq", namespaces=ns) == "hourly"
    assert entry.findtext("sm:priority", namespaces=ns) == "0.3"


def test_a_lang_that_is_no_language_code_is_info_and_keeps_fatal_warnings_green(
    tmp_path: Path,
) -> None:
    # Pelican takes any Lang (and pelican-sitemap wrote it into hreflang as it was): the
    # content's own metadata, not ours, so `pelican --fatal warnings` stays green; the page
    # is listed without alternates, the other language's page with its own.
    content = tmp_path / "content"
    for lang, title in (("english", "Hello"), ("fr", "Salut")):
        write(
            content / f"hello-{lang}.md",
            f"Title: {title}\nDate: 2024-01-02\nSlug: hello\nLang: {lang}\nCategory: News\n\nx\n",
        )
    built = run_pelican(content, tmp_path / "output", DEFAULT_LANG="english")
    assert not built.messages(logging.WARNING), built.messages(logging.WARNING)
    said = [m for m in built.messages(logging.INFO) if "'english' is not a language code" in m]
    assert len(said) == 1 and "hello-english.md" in said[0], built.messages(logging.INFO)
    urls = built.urls()
    assert u("hello.html") in urls and u("hello-fr.html") in urls
