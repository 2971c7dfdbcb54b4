"""A scripted HTTP site on 127.0.0.1 for the live ``check`` (routes, replies in turn, a log of
requests) and the sitemap texts it serves."""

from __future__ import annotations

import contextlib
import gzip
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler

import pytest

from sitemap_core._check import CheckReport, LiveOptions
from sitemap_core._check._links import LinkOptions
from tests.conftest import SITEMAP_NS as NS
from tests.conftest import local_server

PAGE = "<!doctype html><html><head><title>{path}</title>{head}</head><body>x</body></html>"


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def page(path: str, head: str = "", **headers: str) -> Reply:
    body = PAGE.format(path=path, head=head).encode()
    return Reply(200, body, {"Content-Type": "text/html; charset=utf-8", **headers})


XML = {"Content-Type": "application/xml"}


class Site:
    """Routes (a reply, or replies served in turn) and a log of every request received."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.routes: dict[str, Reply | list[Reply]] = {}
        self.log: list[tuple[float, str, str]] = []
        self.lock = threading.Lock()

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def reply(self, path: str) -> Reply:
        with self.lock:
            self.log.append((time.monotonic(), path, self.agent))
            route = self.routes.get(path)
            count = sum(1 for _t, p, _a in self.log if p == path)
        if isinstance(route, list):
            return route[min(count, len(route)) - 1]
        if route is None and path.startswith("/gen/"):
            return page(path)
        return route or Reply(404, b"not found", {"Content-Type": "text/plain"})

    def hits(self, path: str) -> list[float]:
        return [t for t, p, _a in self.log if p == path]

    agent = ""


@pytest.fixture
def site() -> Iterator[Site]:
    with serve_site() as served:
        yield served


@contextlib.contextmanager
def serve_site() -> Iterator[Site]:
    """A :class:`Site` served on 127.0.0.1 (a port of its own) while the block runs."""
    holder: dict[str, Site] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # no 40 ms delayed-ACK stall per keep-alive request

        def do_GET(self) -> None:
            current = holder["site"]
            with current.lock:
                current.agent = self.headers.get("User-Agent", "")
            reply = current.reply(self.path)
            if reply.delay:
                time.sleep(reply.delay)
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)
            except OSError:
                pass  # the client gave up (timeout test)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Handler) as port:
        holder["site"] = Site(port)
        yield holder["site"]


@pytest.fixture(autouse=True)
def quiet_httpx() -> Iterator[None]:
    """httpx logs every request at INFO; the CLI turns that down, direct calls here too."""
    logger = logging.getLogger("httpx")
    level = logger.level
    logger.setLevel(logging.WARNING)
    yield
    logger.setLevel(level)


#: Fixture sites whose pages link nothing: the link findings are test_links.py's.
NO_LINKS = LinkOptions(enabled=False)
FAST = LiveOptions(request_timeout=2.0, timeout=60.0, backoff=0.05, progress=False, links=NO_LINKS)


def redirect(status: int, target: str) -> Reply:
    return Reply(status, b"", {"Location": target})


def urlset(locs: list[str]) -> bytes:
    entries = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="{NS}">{entries}</urlset>'.encode()


def index(locs: list[str]) -> bytes:
    entries = "".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="{NS}">{entries}</sitemapindex>'
    ).encode()


GZ = {"Content-Type": "application/gzip"}


def clean_site(site: Site, pages: int = 6) -> list[str]:
    paths = [f"/p{i}.html" for i in range(pages)]
    for path in paths:
        site.routes[path] = page(path)
    half = len(paths) // 2
    site.routes["/robots.txt"] = Reply(
        200, f"User-agent: *\nDisallow: /admin/\nSitemap: {site.url('/sitemap.xml')}\n".encode()
    )
    site.routes["/sitemap.xml"] = Reply(
        200, index([site.url("/sitemap-1.xml"), site.url("/sitemap-2.xml.gz")]), XML
    )
    site.routes["/sitemap-1.xml"] = Reply(200, urlset([site.url(p) for p in paths[:half]]), XML)
    site.routes["/sitemap-2.xml.gz"] = Reply(
        200, gzip.compress(urlset([site.url(p) for p in paths[half:]]), mtime=0), GZ
    )
    return paths


def codes(report: CheckReport) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for finding in report.findings:
        found.setdefault(finding.code, []).append(finding.message)
    return found
