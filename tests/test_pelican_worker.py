"""The Pelican adapter's sitemap worker (a process beside the build) on real Pelican builds:
the same files as the sitemap made in Pelican's process, whatever happens to the worker.

Each build runs in this process (``Pelican(...).run()``) on a site written here, in a real
git repository; ``SSG_SITEMAP_WORKER=0`` makes the sitemap in Pelican's process instead.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .conftest import git_commit, git_init

pytest.importorskip("pelican")

pytestmark = pytest.mark.slow

SITEURL = "https://blog.example.org"
LOGGER = "pelican.plugins.sitemap"
#: Articles of the big site: more written files than one batch of specs (``collect.BATCH``).
ARTICLES = 300
NOINDEX = '<meta name="robots" content="noindex">'

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
    """One build: its output, what our logger passed on, and the worker's answer."""

    output: Path
    logs: list[tuple[int, str]]
    last_worker: dict[str, float] | None
    answers: list[dict[str, Any] | None] = field(default_factory=list)

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


def run_build(root: Path, output: Path, *, worker: bool = True, **overrides: Any) -> Built:
    """Build the site at ``root`` into ``output`` with Pelican, in this process."""
    from pelican import Pelican
    from pelican.log import LimitFilter
    from pelican.plugins.sitemap import collect, worker_client
    from pelican.settings import read_settings

    settings: dict[str, Any] = {
        "PATH": str(root / "content"),
        "OUTPUT_PATH": str(output),
        "SITEURL": SITEURL,
        "TIMEZONE": "UTC",
        "CACHE_CONTENT": False,
        "LOAD_CONTENT_CACHE": False,
        "PLUGINS": ["sitemap"],
        "FEED_ALL_ATOM": None,
        "CATEGORY_FEED_ATOM": None,
        "TRANSLATION_FEED_ATOM": None,
        "AUTHOR_FEED_ATOM": None,
        "AUTHOR_FEED_RSS": None,
        **overrides,
    }
    capture = _Capture()
    logger = logging.getLogger(LOGGER)
    answers: list[dict[str, Any] | None] = []
    finish = worker_client.WorkerClient.finish

    def finish_seen(self: Any, last: list[Any]) -> dict[str, Any] | None:
        answer: dict[str, Any] | None = finish(self, last)
        answers.append(answer)
        return answer

    collect.STATE.last_worker = None
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        patch.setenv(worker_client.ENV_SWITCH, "1" if worker else "0")
        # Pelican drops a message it logged before, in any build of the process: each build
        # here starts afresh, as a `pelican` command would.
        patch.setattr(LimitFilter, "_raised_messages", set())
        patch.setattr(worker_client.WorkerClient, "finish", finish_seen)
        patch.setattr(logger, "level", logging.DEBUG)
        logger.addHandler(capture)
        try:
            Pelican(read_settings(override=settings)).run()
        finally:
            logger.removeHandler(capture)
    return Built(output, capture.records, collect.STATE.last_worker, answers)


@pytest.fixture(autouse=True)
def _no_build_left() -> Iterator[None]:
    """A build that failed leaves its worker to the next build: end it after each test."""
    yield
    from pelican.plugins.sitemap import collect

    build, collect.STATE.build = collect.STATE.build, None
    if build is not None and build.worker is not None:
        build.worker.stop("the test is over")
    collect.STATE.last_worker = None


@pytest.fixture(autouse=True)
def _quiet_pelican() -> Iterator[None]:
    pelican_logger = logging.getLogger("pelican")
    level = pelican_logger.level
    pelican_logger.setLevel(logging.WARNING)
    yield
    pelican_logger.setLevel(level)


@dataclass
class Reference:
    root: Path
    worker: Built
    here: Built
    written: int


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Reference]:
    """The big site, built with the worker and without it."""
    from pelican import signals

    root = _make_site(tmp_path_factory.mktemp("big"), ARTICLES)
    writes: list[str] = []

    def count(path: str, **_: Any) -> None:
        writes.append(path)

    pelican_logger = logging.getLogger("pelican")
    level = pelican_logger.level
    pelican_logger.setLevel(logging.WARNING)
    try:
        with _connected(signals.content_written, count):
            worker = run_build(root, root / "worker")
        written = len(writes)
        here = run_build(root, root / "here", worker=False)
    finally:
        pelican_logger.setLevel(level)
    yield Reference(root, worker, here, written)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of a few pages (fewer than a batch)."""
    return _make_site(tmp_path_factory.mktemp("small"), 12)


def _priority_warnings(built: Built) -> list[str]:
    return [m for m in built.messages() if "bad-priority.md" in m and "priority" in m]


# -- 1. the worker and Pelican's process give the same files ------------------------------------
def test_worker_and_in_process_sitemaps_are_byte_identical(big: Reference) -> None:
    from pelican.plugins.sitemap import collect

    assert big.written > collect.BATCH  # a full batch went to the worker before the end
    worker, here = big.worker, big.here
    assert worker.last_worker is not None and here.last_worker is None
    assert len(worker.answers) == 1 and worker.answers[0] is not None
    answer = worker.answers[0]
    assert "crash" not in answer and "error" not in answer
    assert "redone" not in answer  # the contested index.html was held back, not redone
    assert here.answers == []  # no worker at all

    files = worker.files()
    assert set(files) >= {"sitemap.xml", "robots.txt"}
    assert files == here.files()

    text = files["sitemap.xml"].decode()
    assert text.count("<loc>") >= ARTICLES + 3
    assert text.count(f"<loc>{SITEURL}/</loc>") == 1  # the home page, once (the Welcome page)
    assert f"<loc>{SITEURL}/posts/" not in text  # default URLs: no folder
    for left_out in ("hidden.html", "a-draft", "private-one", "index.html"):
        assert left_out not in text, left_out
    assert f"{SITEURL}/pages/about.html" in text
    assert "<lastmod>2024-04-02T10:30:00+00:00</lastmod>" in text  # about.md's git date
    assert 'hreflang="fr"' in text and f"{SITEURL}/hello-fr.html" in text  # translations

    # The invalid priority: one warning, the same, through our logger in Pelican's process.
    assert len(_priority_warnings(worker)) == 1
    assert _priority_warnings(worker) == _priority_warnings(here)
    assert "'high'" in _priority_warnings(worker)[0]
    assert worker.messages(logging.INFO) == here.messages(logging.INFO)  # the summary too


# -- 2. a worker that cannot start ------------------------------------------------------------
def test_a_worker_that_cannot_start_falls_back_to_the_same_sitemap(
    big: Reference, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pelican import signals
    from pelican.plugins.sitemap import collect

    seen: list[Any] = []

    def grab(path: str, **_: Any) -> None:
        if not seen and collect.STATE.build is not None:
            seen.append(collect.STATE.build.worker)

    monkeypatch.setattr("sys.executable", str(tmp_path / "no-python"))
    with _connected(signals.content_written, grab):
        built = run_build(big.root, tmp_path / "out")
    worker = seen[0]
    assert worker is not None and worker.failed is not None
    assert worker.failed.startswith("could not start")
    assert built.last_worker is None and built.answers == []
    assert built.files() == big.worker.files()
    assert built.messages() == big.worker.messages()


def test_a_worker_that_cannot_start_says_why_at_debug_level(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.executable", str(tmp_path / "no-python"))
    built = run_build(small, tmp_path / "out")
    assert (built.output / "sitemap.xml").is_file() and built.last_worker is None
    debug = [text for level, text in built.logs if level == logging.DEBUG and "worker" in text]
    assert [text for text in debug if "could not start" in text], built.logs


# -- 3. a worker that dies mid-build ------------------------------------------------------------
@pytest.mark.parametrize("at", [10, 300])
def test_a_worker_killed_mid_build_falls_back_to_the_same_sitemap(
    big: Reference, tmp_path: Path, at: int
) -> None:
    """Killed before any page went to it (10th write), or after a batch of them (300th)."""
    from pelican import signals
    from pelican.plugins.sitemap import collect

    calls: list[str] = []
    killed: list[Any] = []

    def kill(path: str, **_: Any) -> None:
        calls.append(path)
        if len(calls) == at:
            build = collect.STATE.build
            assert build is not None and build.worker is not None
            proc = build.worker._proc
            assert proc is not None and proc.poll() is None  # it was running
            os.kill(proc.pid, signal.SIGKILL)
            killed.append(proc)

    with _connected(signals.content_written, kill):
        built = run_build(big.root, tmp_path / "out")
    assert len(killed) == 1
    assert killed[0].returncode == -signal.SIGKILL  # reaped
    assert built.last_worker is None
    assert built.answers == [None]
    assert built.files() == big.worker.files()
    assert built.messages() == big.worker.messages()  # warnings as before, no error
    debug = [text for level, text in built.logs if level == logging.DEBUG]
    assert [text for text in debug if "worker process" in text and "made here" in text], debug


# -- 4. strict mode -----------------------------------------------------------------------------
@pytest.mark.parametrize("worker", [True, False])
def test_strict_mode_raises_through_the_worker(small: Path, tmp_path: Path, worker: bool) -> None:
    from pelican.plugins.sitemap import collect

    from sitemap_core import StrictModeError

    collect.STATE.last_worker = None
    with pytest.raises(StrictModeError, match=r"warning\(s\) and SITEMAP\['strict'\] is on"):
        run_build(small, tmp_path / "out", worker=worker, SITEMAP={"strict": True})
    # The worker answered with the error (not a crash, not a fallback).
    assert (collect.STATE.last_worker is not None) is worker


# -- 5. a build that fails before `finalized` ---------------------------------------------------
class Boom(Exception):
    pass


def _failing_build(site: Path, output: Path, monkeypatch: pytest.MonkeyPatch, at: int) -> Any:
    """A build that raises at the ``at``-th write; the worker's process, as it was then."""
    from pelican import signals
    from pelican.plugins.sitemap import collect

    monkeypatch.setattr(collect, "BATCH", 4)  # several batches went to the worker before
    writes: list[str] = []
    procs: list[Any] = []

    def fail(path: str, **_: Any) -> None:
        writes.append(path)
        if len(writes) == at:
            build = collect.STATE.build
            assert build is not None and build.worker is not None
            procs.append(build.worker._proc)
            raise Boom

    with _connected(signals.content_written, fail), pytest.raises(Boom):
        run_build(site, output)
    [proc] = procs
    assert proc is not None and proc.poll() is None  # still waiting for the end
    assert not list(output.glob("sitemap*"))
    assert not (output / "robots.txt").exists()
    return proc


def test_a_failed_build_leaves_no_sitemap_and_its_worker_ends_with_the_next_build(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proc = _failing_build(small, tmp_path / "failed", monkeypatch, at=10)
    built = run_build(small, tmp_path / "next")
    assert proc.returncode is not None  # stopped (and reaped) when the next build began
    assert built.last_worker is not None and (built.output / "sitemap.xml").is_file()
    assert not list((tmp_path / "failed").glob("sitemap*"))


def test_a_worker_without_the_end_mark_writes_nothing(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pelican's process goes away (its end of the worker's input closes) without the end
    mark: the worker ends quietly, and writes nothing."""
    output = tmp_path / "failed"
    proc = _failing_build(small, output, monkeypatch, at=20)
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert proc.stdout.read() == b""  # no answer either
    assert not list(output.glob("sitemap*"))
    assert not (output / "robots.txt").exists()


# -- 6. a page rewritten after it was written ---------------------------------------------------
def _fd_position(pid: int, fd: int) -> int | None:
    try:
        text = Path(f"/proc/{pid}/fdinfo/{fd}").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("pos:"):
            return int(line.split()[1])
    return None


@pytest.mark.parametrize("worker", [True, False])
def test_a_page_rewritten_before_finalized_is_read_again(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, worker: bool
) -> None:
    """Another plugin rewrites the first article written, at ``finalized`` before ours, with
    a robots noindex: the sitemap leaves it out (the worker had read it: it redoes)."""
    from pelican import signals
    from pelican.plugins import sitemap
    from pelican.plugins.sitemap import collect

    monkeypatch.setattr(collect, "BATCH", 2)  # the article goes to the worker at once
    first: list[Path] = []
    rewritten: list[bool] = []

    def note(path: str, context: Any = None, **_: Any) -> None:
        if not first and isinstance(context, dict) and context.get("article") is not None:
            first.append(Path(path))

    def rewrite(pelican: Any) -> None:
        build = collect.STATE.build
        assert build is not None  # ours has not run yet
        client = build.worker
        if client is not None and client.running and client._proc is not None:
            # Let the worker take in every spec sent so far (it reads as they come).
            reader = int(client._proc.args[3])
            assert client._fd is not None
            size = os.fstat(client._fd).st_size
            deadline = time.monotonic() + 20
            while _fd_position(client._proc.pid, reader) != size and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.1)  # and make its records of them
        page = first[0]
        text = page.read_text(encoding="utf-8")
        assert "<head>" in text and NOINDEX not in text
        page.write_text(text.replace("<head>", f"<head>\n{NOINDEX}", 1), encoding="utf-8")
        rewritten.append(True)

    with (
        _connected(signals.content_written, note),
        _connected(signals.finalized, rewrite, before_ours=sitemap.finalized),
    ):
        built = run_build(small, tmp_path / "out", worker=worker)
    assert rewritten == [True]
    page = first[0]
    assert NOINDEX in page.read_text(encoding="utf-8")
    url = f"{SITEURL}/{page.relative_to(built.output).as_posix()}"
    text = (built.output / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{url}</loc>" not in text
    assert text.count("<loc>") >= 12
    if worker:
        assert built.last_worker is not None
        assert built.answers and built.answers[0] is not None
        assert built.answers[0].get("redone") is True
    else:
        assert built.last_worker is None


# -- a fresh output folder ----------------------------------------------------------------------
def test_a_fresh_output_folder_made_after_the_worker_started(small: Path, tmp_path: Path) -> None:
    """The worker starts with the build, long before Pelican makes the output folder (its
    first write): it must not check the folder before then. The build is held here until
    the worker has read everything sent before the first write (or has ended), so that the
    worker is always there first."""
    from pelican import signals
    from pelican.plugins.sitemap import collect

    output = tmp_path / "fresh"
    waited: list[bool] = []

    def hold(generators: Any) -> None:
        build = collect.STATE.build
        assert build is not None and build.worker is not None
        proc, fd = build.worker._proc, build.worker._fd
        assert proc is not None and fd is not None and not output.exists()
        reader = int(proc.args[3])
        size = os.fstat(fd).st_size
        deadline = time.monotonic() + 30
        while (
            proc.poll() is None
            and _fd_position(proc.pid, reader) != size
            and time.monotonic() < deadline
        ):
            time.sleep(0.01)
        waited.append(proc.poll() is None)

    with _connected(signals.all_generators_finalized, hold):
        built = run_build(small, output)
    assert waited == [True]  # the worker was still there, waiting for pages
    assert built.last_worker is not None
    assert (output / "sitemap.xml").is_file()
    assert not built.messages(logging.ERROR)
