"""Shared fixtures and helpers: the official schemas (test data in ../shared/xsd), sitemap
parsing and sitemap texts, core builds, files written from (indented) text, git repositories
with fixed identities and dates, ``ssg-sitemap`` in this process (:func:`cli`) or in a child
process with a time limit, pip installs into a folder, ``mkdocs build`` runs, in-process Sphinx
and Pelican builds, and local HTTP servers. Helpers for one folder's tests live in that
folder's conftest.py."""

from __future__ import annotations

import contextlib
import gzip
import io
import logging
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import sphinx
from llms_txt import parse_llms_file
from lxml import etree

from sitemap_core import BuildReport, PageRecord, Settings, build_sitemap, make_plugin_manager
from sitemap_core._check import check_files

ROOT = Path(__file__).resolve().parent.parent


XSD_DIR = ROOT.parent / "shared" / "xsd"


#: The sitemaps.org namespace.
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
NS = {"sm": SITEMAP_NS, "xhtml": "http://www.w3.org/1999/xhtml"}


def urlset_text(*locs: str) -> str:
    """A urlset naming ``locs``, one ``<url>`` a line (line 3 is the first)."""
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n{body}</urlset>\n'
    )


def index_text(*locs: str) -> str:
    """A sitemap index naming ``locs``, one ``<sitemap>`` a line (line 3 is the first)."""
    body = "".join(f"<sitemap><loc>{loc}</loc></sitemap>\n" for loc in locs)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{SITEMAP_NS}">\n{body}'
        "</sitemapindex>\n"
    )


def finding_codes(report: Any) -> set[str]:
    """The codes of a ``check`` report's findings, of every severity."""
    return {f.code for f in report.findings}


def llms_parsed(path: Path) -> Any:
    """An llms.txt file as the format's authors' parser (``llms_txt``) reads it."""
    return parse_llms_file(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def not_a_preview(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test builds as production does, also when the suite runs for a pull request
    (GitHub Actions sets GITHUB_EVENT_NAME=pull_request); a test sets a variable itself."""
    for name in PREVIEW_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def xsd_dir() -> Path:
    """The official sitemap schemas; tests that need them skip where ../shared is absent."""
    if not (XSD_DIR / "sitemap.xsd").is_file():
        pytest.skip(xsd_missing_reason(XSD_DIR))
    return XSD_DIR


def xsd_missing_reason(folder: Path) -> str:
    """Why the schema tests skip, and what to place in ``folder`` to run them."""
    return (
        f"official sitemap XSDs not found at {folder}: ../shared is the team's folder of test "
        "data beside the checkout, not part of the repository (CI always has it). To run these "
        "tests, place there sitemaps.org's sitemap.xsd and siteindex.xsd, Google's "
        "sitemap-image.xsd, sitemap-video.xsd and sitemap-news.xsd, and the team's two "
        "wrappers sitemap-combined-minlink.xsd and xhtml-link.xsd"
    )


def read_xml(path: Path) -> etree._Element:
    """Parse a sitemap file (plain or gzipped) with a hardened parser."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(data, parser)


@pytest.fixture(scope="session")
def assert_valid(xsd_dir: Path) -> Callable[[Path], etree._Element]:
    """Validate a urlset or sitemapindex file against the official schemas; returns the root."""
    urlset = etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd")))
    index = etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd")))

    def check(path: Path) -> etree._Element:
        root = read_xml(path)
        schema = index if root.tag.endswith("sitemapindex") else urlset
        if not schema.validate(root):
            raise AssertionError(f"{path} is not schema-valid: {schema.error_log}")
        return root

    return check


def locs(path: Path) -> list[str]:
    """The ``<loc>`` values of a urlset or index, in file order."""
    return [str(e.text) for e in read_xml(path).iterfind(".//sm:loc", NS)]


@pytest.fixture
def sitemap_locs() -> Callable[[Path], list[str]]:
    """:func:`locs` as a fixture."""
    return locs


def url_fields(path: Path) -> dict[str, dict[str, str]]:
    """``{loc: {child: text}}`` for every ``<url>`` of a urlset, ``loc`` left out; an
    ``xhtml:link`` child gives its ``hreflang``."""
    return {
        url.findtext("sm:loc", "", NS): {
            etree.QName(child).localname: child.get("hreflang") or str(child.text)
            for child in url
            if etree.QName(child).localname != "loc"
        }
        for url in read_xml(path).iterfind("sm:url", NS)
    }


def sitemap_urls(out: Path) -> dict[str, dict[str, str]]:
    """``{loc: {child: text}}`` of ``out/sitemap.xml`` (a single-file sitemap), ``loc``
    included."""
    found: dict[str, dict[str, str]] = {}
    for url in read_xml(out / "sitemap.xml").iterfind("sm:url", NS):
        children = {c.tag.split("}")[1]: (c.text or "") for c in url if c.text is not None}
        found[children["loc"]] = children
    return found


def lastmods(path: Path) -> dict[str, str | None]:
    """``{loc: lastmod text or None}`` for every ``<url>`` of a urlset."""
    return {
        url.findtext("sm:loc", "", NS): url.findtext("sm:lastmod", None, NS)
        for url in read_xml(path).iterfind("sm:url", NS)
    }


def core_build(records: Iterable[PageRecord], out: Path, **settings: Any) -> BuildReport:
    """:func:`build_sitemap` without third-party plugins; ``base_url`` defaults to
    ``https://example.org/``, every other keyword is a :class:`Settings` field."""
    base_url = settings.pop("base_url", "https://example.org/")
    return build_sitemap(
        records,
        Settings(base_url=base_url, **settings),
        out,
        plugin_manager=make_plugin_manager(load_entry_points=False),
    )


def write_files(root: Path, files: Mapping[str, str], *, dedent: bool = False) -> Path:
    """Write ``{relative path: text}`` below ``root`` (UTF-8); with ``dedent``, each text loses
    its common indentation and leading newlines, so tests can write it indented."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if dedent:
            text = textwrap.dedent(text).lstrip("\n")
        path.write_text(text, encoding="utf-8")
    return root


#: Variables by which a build knows it is a preview deploy (sitemap_core._sites._preview).
PREVIEW_VARIABLES = ("CONTEXT", "VERCEL_ENV", "CF_PAGES", "CF_PAGES_BRANCH", "GITHUB_EVENT_NAME")


# -- git ----------------------------------------------------------------------------------------
# A fixed identity, and neither the user's nor the system's git configuration: the history a
# test writes is the same on every machine.
GIT_ENV = {
    **{
        k: v
        for k, v in os.environ.items()
        if not k.startswith("GIT_") and k not in PREVIEW_VARIABLES
    },
    "GIT_AUTHOR_NAME": "Ada",
    "GIT_AUTHOR_EMAIL": "ada@example.org",
    "GIT_COMMITTER_NAME": "Bob",
    "GIT_COMMITTER_EMAIL": "bob@example.org",
    "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
    "HOME": "/nonexistent",
}


def git(
    repo: Path,
    *args: str,
    date: str | None = None,
    author: str | None = None,
    input: bytes | None = None,
) -> str:
    """Run git in ``repo`` and return its output; ``date`` is the committer date and, unless
    ``author`` is given, the author date."""
    env = dict(GIT_ENV)
    if date is not None:
        env["GIT_COMMITTER_DATE"] = date
        env["GIT_AUTHOR_DATE"] = author or date
    done = subprocess.run(
        ["git", "-C", str(repo), *args], env=env, capture_output=True, input=input, check=True
    )
    return done.stdout.decode()


def git_init(repo: Path) -> Path:
    """A new repository (branch ``main``) at ``repo``, made if missing."""
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    return repo


def git_commit(
    repo: Path,
    files: Mapping[str, str | None],
    date: str,
    message: str = "c",
    *,
    author: str | None = None,
) -> None:
    """Write (or delete, for None) ``files`` and commit every change in the tree at ``date``."""
    for name, text in files.items():
        path = repo / name
        if text is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message, date=date, author=author)


def pip_install_into(target: Path, package: Path) -> None:
    """``pip install`` the package at ``package`` (no dependencies, no build isolation: the
    test environment has hatchling) into the folder ``target``, to be put on ``sys.path``."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(package),
        ],
        check=True,
    )


# -- MkDocs -------------------------------------------------------------------------------------
MKDOCS = str(Path(sys.executable).parent / "mkdocs")


def mkdocs_build(
    root: Path, *args: str, ok: bool = True, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """A real ``mkdocs build`` in ``root``; with ``ok`` it must succeed; ``env`` is added to
    the process's environment."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    proc = subprocess.run(
        [MKDOCS, "build", *args], cwd=root, capture_output=True, text=True, env=env, check=False
    )
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


# -- Sphinx -------------------------------------------------------------------------------------
#: The ``sphinx-build`` command of the test environment.
SPHINX_BUILD = str(Path(sys.executable).parent / "sphinx-build")
#: The Sphinx under test (the extension supports 7.0 on); tests expect what that Sphinx does
#: where Sphinx itself changed.
SPHINX = tuple(sphinx.version_info[:2])


#: Sphinx's search page says noindex from Sphinx 7.3 on; before, it is listed like any page.
SEARCH_LISTED = SPHINX < (7, 3)


#: Before Sphinx 8.1, ``pageurl`` (the canonical link) is the page name plus the file suffix,
#: also under dirhtml, where that file is not written (the adapter warns).
OLD_PAGEURL = SPHINX < (8, 1)


#: Before Sphinx 8.1, ``-W`` stops the build at the first warning (no ``--keep-going``).
W_STOPS_AT_FIRST = SPHINX < (8, 1)


#: The singlehtml root page's link: ``index.html`` before Sphinx 7.3, the bare base URL after.
SINGLEHTML_ROOT = "index.html" if SPHINX < (7, 3) else ""


def sitemap_warnings(warnings: str) -> list[str]:
    """The lines of Sphinx's warnings that mention the sitemap."""
    return [line for line in warnings.splitlines() if "sitemap" in line]


@dataclass
class SphinxRun:
    """One Sphinx build: its output folder, status and warning text, and exit status."""

    out: Path
    status: str
    warnings: str
    statuscode: int

    @property
    def sitemap(self) -> Path:
        return self.out / "sitemap.xml"

    def urls(self) -> list[etree._Element]:
        return read_xml(self.sitemap).findall("sm:url", NS)

    def locs(self) -> list[str]:
        return [url.findtext("sm:loc", "", NS) for url in self.urls()]

    def field(self, loc: str, name: str) -> str | None:
        """The text of ``<name>`` in the ``<url>`` of ``loc`` (None where it has none)."""
        for url in self.urls():
            if url.findtext("sm:loc", "", NS) == loc:
                return url.findtext(f"sm:{name}", None, NS)
        raise AssertionError(f"{loc} is not in the sitemap")


def _forget_pelican_log_dedup() -> None:
    """Pelican, once imported by another test, makes every logger drop a message it has seen
    before in this process: a build's summary must not depend on the builds before it.

    The filters attached to loggers are cleared, not only today's ``pelican.log`` module's:
    a test that imported Pelican afresh leaves loggers holding an earlier module's filter.
    """
    import logging

    loggers = [logging.getLogger()]
    loggers += [
        x for x in logging.Logger.manager.loggerDict.values() if isinstance(x, logging.Logger)
    ]
    for logger in loggers:
        for found in [*logger.filters, *(f for h in logger.handlers for f in h.filters)]:
            for name in ("_raised_messages", "_group_count"):
                seen = getattr(found, name, None)
                if isinstance(seen, (set, dict)):
                    seen.clear()
    pelican_log = sys.modules.get("pelican.log")
    if pelican_log is not None:
        pelican_log.LimitFilter._raised_messages.clear()


def sphinx_build(
    src: Path,
    out: Path,
    builder: str = "html",
    *,
    overrides: dict[str, Any] | None = None,
    parallel: int = 1,
    fresh: bool = True,
    strict: bool = False,
) -> SphinxRun:
    """A real in-process Sphinx build (what ``sphinx-build`` runs), doctrees beside ``out``.

    Modules the project's ``conf.py`` put on ``sys.path`` and imported from there (autodoc
    targets, local extensions) are forgotten afterwards, so builds do not leak into each other.
    ``strict`` is ``-W``.
    """
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    status, warning = io.StringIO(), io.StringIO()
    path = list(sys.path)
    _forget_pelican_log_dedup()
    try:
        with patch_docutils(str(src)), docutils_namespace():
            app = Sphinx(
                str(src),
                str(src),
                str(out),
                str(out.parent / f"{out.name}.doctrees"),
                builder,
                confoverrides=overrides or {},
                status=status,
                warning=warning,
                freshenv=fresh,
                parallel=parallel,
                warningiserror=strict,
            )
            app.build()
    finally:
        locale.translators.clear()
        sys.path[:] = path
        root = src.resolve()
        for name, module in list(sys.modules.items()):
            file = getattr(module, "__file__", None)
            if file and Path(file).resolve().is_relative_to(root):
                del sys.modules[name]
    return SphinxRun(out, status.getvalue(), warning.getvalue(), app.statuscode)


@contextlib.contextmanager
def local_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[int]:
    """A threaded HTTP server on 127.0.0.1 (never another address); yields its port and
    shuts it down afterwards."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def check_both_paths(path: Path, base_url: str) -> tuple[Any, Any]:
    """``check`` of one file by its fast path and, with the fast path refused, by the detailed
    rules alone: ``(fast, detailed)`` reports, which must agree."""
    from unittest import mock

    import sitemap_core._check._scan as scan
    from sitemap_core._check._fast import NotCanonical

    fast = check_files([path], base_url)

    def refuse(*args: object, **kwargs: object) -> int:
        raise NotCanonical

    with mock.patch.object(scan, "fast_scan", refuse):
        detailed = check_files([path], base_url)
    return fast, detailed


SITEURL = "https://blog.example.org"


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Built:
    """One finished build: its output folder and what the plugin logged."""

    def __init__(self, output: Path, logs: list[logging.LogRecord]) -> None:
        self.output = output
        self.logs = logs

    def messages(self, level: int = logging.WARNING) -> list[str]:
        return [r.getMessage() for r in self.logs if r.levelno >= level]

    def urls(self, name: str = "sitemap.xml") -> dict[str, etree._Element]:
        tree = etree.parse(str(self.output / name))
        return {u.findtext("sm:loc", namespaces=NS) or "": u for u in tree.findall("sm:url", NS)}


def pelican_settings(content: Path, output: Path, **overrides: Any) -> dict[str, Any]:
    """Settings of a small test build: our plugin, no caches, no feeds, ``overrides`` last."""
    return {
        "PATH": str(content),
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


def run_pelican(content: Path, output: Path, **overrides: Any) -> Built:
    """Build ``content`` into ``output`` with Pelican, in this process."""
    from pelican import Pelican
    from pelican.settings import read_settings

    settings = pelican_settings(content, output, **overrides)
    capture = _Capture()
    logger = logging.getLogger("pelican.plugins.sitemap")
    logger.addHandler(capture)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        Pelican(read_settings(override=settings)).run()
    finally:
        logger.removeHandler(capture)
        logger.setLevel(level)
    return Built(output, capture.records)


def pelican_cli(root: Path) -> None:
    """``pelican content -s conf.py -o output`` in ``root``, in its own process."""
    pelican_bin = Path(sys.executable).parent / "pelican"
    subprocess.run(
        [str(pelican_bin), "content", "-s", "conf.py", "-o", "output", "-q"], cwd=root, check=True
    )


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def u(path: str) -> str:
    """The absolute URL of ``path`` under :data:`SITEURL`."""
    return f"{SITEURL}/{path}"


def pelican_blog(root: Path) -> Path:
    """Four posts in two categories (one left out by its metadata), a page and a template page
    linking the HTML sitemap; returns the content folder."""

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


I18N_CONF = f"""
PATH = "content"
SITEURL = "{SITEURL}"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
CACHE_CONTENT = False
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
PLUGINS = ["sitemap", "i18n_subsites"]
I18N_SUBSITES = {{"de": {{}}, "fr": {{}}}}
"""


# -- the command line in a child process, with a time limit ------------------------------------
#: A child process gets this long; the fixed code needs well under a second.
HANG_TIMEOUT = 120


def finishes(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; fail the test if it does not end in time."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code), *args],
            capture_output=True,
            text=True,
            timeout=HANG_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish within {HANG_TIMEOUT} s (super-linear backtracking?)")
    assert done.returncode == 0, done.stderr
    return done


# -- the command line in this process --------------------------------------------------------
def cli(
    *args: str, cwd: Path | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``ssg-sitemap ARGS`` run by :func:`sitemap_core._cli.main` in this process, in folder
    ``cwd`` with ``env`` added to the environment: its exit status and what it printed, as a
    child process would give them (an interpreter's start and imports cheaper; a few
    end-to-end tests still run the real command)."""
    from sitemap_core._cli import main

    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level  # main() configures logging for itself
    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    saved_env = {name: os.environ.get(name) for name in env or {}}
    try:
        os.environ.update(env or {})
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse: --help, --version, a usage error
                code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    finally:
        os.chdir(here)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        root.handlers[:] = handlers
        root.setLevel(level)
    return subprocess.CompletedProcess(["ssg-sitemap", *args], code, out.getvalue(), err.getvalue())


# -- 5: no user file is overwritten --------------------------------------------------------
def build_cli(*args: str, timeout: float | None = None) -> subprocess.CompletedProcess[str]:
    """``ssg-sitemap build ARGS`` (never raises on failure): in this process, or with
    ``timeout`` in a child process stopped after that long (a test that something ends)."""
    if timeout is None:
        return cli("build", *args)
    return subprocess.run(
        [sys.executable, "-m", "sitemap_core", "build", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )


def file_bytes(folder: Path) -> dict[str, bytes]:
    """The bytes of each regular file directly in ``folder``, by name."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry of ``folder``: a file's bytes, a symlink's target, a folder's snapshot."""
    return {
        p.name: (
            f"-> {p.readlink()}"
            if p.is_symlink()
            else str(snapshot(p))
            if p.is_dir()
            else p.read_bytes()
        )
        for p in sorted(folder.iterdir())
    }
