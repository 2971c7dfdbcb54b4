"""``ssg-sitemap announce`` against hostile endpoints and planted files: redirects, broken
HTTP, answers that drip, waits longer than the run, FIFOs, devices, deep JSON.

Each must end in a clear error within a bounded time, record nothing that was not delivered,
and never show a traceback. The endpoint is a real server on 127.0.0.1; runs that could hang
on the old code are real processes with a time limit (and a memory limit)."""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from sitemap_core._cli import main
from tests.conftest import local_server
from tests.core.indexnow.conftest import BASE, KEY

Act = Callable[[BaseHTTPRequestHandler], None]


@dataclass
class Hostile:
    """An endpoint whose answer to a POST is ``act``; every request is logged."""

    port: int
    act: Act = lambda handler: None
    log: list[tuple[str, str]] = field(default_factory=list)

    def url(self, path: str = "/indexnow") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def hostile() -> Iterator[Hostile]:
    holder: dict[str, Hostile] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            holder["it"].log.append(("POST", self.path))
            with contextlib.suppress(OSError):  # the client hung up: what a deadline does
                holder["it"].act(self)

        def do_GET(self) -> None:
            holder["it"].log.append(("GET", self.path))
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Handler) as port:
        holder["it"] = Hostile(port)
        yield holder["it"]


def raw(data: bytes) -> Act:
    def act(handler: BaseHTTPRequestHandler) -> None:
        handler.wfile.write(data)
        handler.wfile.flush()
        handler.close_connection = True

    return act


def state(site: Path) -> Path:
    return site.parent / ".ssg-sitemap-announced.json"


def run(site: Path, endpoint: str, *options: str, limit: float = 30) -> tuple[int | None, str]:
    """The real command in its own process, at most ``limit`` seconds and 1 GiB of memory:
    ``(exit status, stderr)``, the status ``None`` when it had to be killed."""

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    where = ["--base-url", BASE, "--key", KEY, "--endpoint", endpoint]
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "sitemap_core", "announce", str(site), *where, *options],
            capture_output=True,
            text=True,
            timeout=limit,
            preexec_fn=cap_memory,
        )
    except subprocess.TimeoutExpired:
        return None, "killed: still running"
    return proc.returncode, proc.stderr


# -- nothing recorded that was not delivered --------------------------------------------------
@pytest.mark.parametrize("status", [301, 302, 303])
def test_a_redirected_post_is_not_followed_nor_recorded(
    site: Path, hostile: Hostile, capsys: pytest.CaptureFixture[str], status: int
) -> None:
    hostile.act = raw(
        f"HTTP/1.1 {status} Moved\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n".encode()
    )
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", hostile.url()]
    assert main(["announce", str(site), *where, "--all"]) == 1
    err = capsys.readouterr().err
    assert f"{status}, a redirect to '/elsewhere': not followed" in err
    assert "give the final URL as --endpoint" in err
    assert hostile.log == [("POST", "/indexnow")]  # no GET to where it pointed
    assert not state(site).exists()


# -- broken answers: a clear error, no traceback -------------------------------------------------
BROKEN = {
    "101-headers": b"HTTP/1.1 200 OK\r\n" + b"X-A: b\r\n" * 101 + b"Content-Length: 0\r\n\r\n",
    "64k-header-line": b"HTTP/1.1 200 OK\r\nX-A: " + b"b" * 70_000 + b"\r\n\r\n",
    "bad-status-line": b"HTCPCP/1.0 418 I'm a teapot\r\n\r\n",
    # byte 0xB2 reads as "²" (headers are Latin-1): isdigit() says yes, float() no
    "superscript-retry-after": (
        b"HTTP/1.1 503 Busy\r\nRetry-After: \xb2\r\nContent-Length: 0\r\n\r\n"
    ),
}


@pytest.mark.parametrize("answer", list(BROKEN), ids=list(BROKEN))
def test_a_broken_answer_is_a_clear_error(
    site: Path, hostile: Hostile, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    hostile.act = raw(BROKEN[answer])
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", hostile.url()]
    assert main(["announce", str(site), *where, "--all", "--retries", "1"]) == 1
    err = capsys.readouterr().err
    assert "could not send batch 1 of 1" in err or "failed (after 2 attempts)" in err, err
    assert not state(site).exists()


# -- bounded time -----------------------------------------------------------------------------
def test_an_answer_dripped_a_byte_at_a_time_is_cut_at_the_deadline(
    site: Path, hostile: Hostile
) -> None:
    def drip(handler: BaseHTTPRequestHandler) -> None:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(120):  # a minute of it, well past any time limit here
            handler.wfile.write(b"X")
            handler.wfile.flush()
            time.sleep(0.5)

    hostile.act = drip
    started = time.monotonic()
    status, err = run(site, hostile.url(), "--all", "--timeout", "3", limit=30)
    elapsed = time.monotonic() - started
    assert status == 1, err
    assert "no complete answer within 3s" in err and "Traceback" not in err
    assert elapsed < 10
    assert not state(site).exists()


def test_a_retry_after_longer_than_the_run_is_not_waited_for(site: Path, hostile: Hostile) -> None:
    hostile.act = raw(b"HTTP/1.1 503 Busy\r\nRetry-After: 300\r\nContent-Length: 0\r\n\r\n")
    started = time.monotonic()
    status, err = run(site, hostile.url(), "--all", "--timeout", "5", limit=30)
    assert status == 1, err
    assert "a retry would wait 300s" in err and "--timeout" in err
    assert time.monotonic() - started < 10
    assert len(hostile.log) == 1


@pytest.mark.parametrize("value", ["nan", "inf", "0"])
def test_a_timeout_that_is_no_number_of_seconds_is_a_usage_error(
    site: Path, hostile: Hostile, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", hostile.url()]
    assert main(["announce", str(site), *where, "--all", "--timeout", value]) == 2
    assert "--timeout: " in capsys.readouterr().err
    assert hostile.log == []


# -- planted files ----------------------------------------------------------------------------
def test_a_fifo_key_file_is_an_error_not_a_hang(site: Path, hostile: Hostile) -> None:
    key_file = site / f"{KEY}.txt"
    key_file.unlink()
    os.mkfifo(key_file)
    status, err = run(site, hostile.url(), "--all", limit=15)
    assert status == 2, err
    assert "is not a regular file" in err and hostile.log == []


def test_a_key_file_linked_to_dev_zero_is_an_error(site: Path, hostile: Hostile) -> None:
    key_file = site / f"{KEY}.txt"
    key_file.unlink()
    key_file.symlink_to("/dev/zero")
    status, err = run(site, hostile.url(), "--all", limit=15)
    assert status == 2, err
    assert "is not a regular file" in err and hostile.log == []


def test_a_fifo_state_file_is_an_error_not_a_hang(site: Path, hostile: Hostile) -> None:
    os.mkfifo(state(site))
    status, err = run(site, hostile.url(), limit=15)
    assert status == 2, err
    assert "cannot read the announce state file" in err and hostile.log == []


def test_a_deeply_nested_state_file_is_an_error(
    site: Path, hostile: Hostile, capsys: pytest.CaptureFixture[str]
) -> None:
    state(site).write_text("[" * 200_000 + "]" * 200_000)
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", hostile.url()]
    assert main(["announce", str(site), *where]) == 2
    assert "nested too deeply" in capsys.readouterr().err
    assert hostile.log == []
