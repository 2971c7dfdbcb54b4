"""``ssg-sitemap announce``: real builds, an IndexNow stand-in on 127.0.0.1 recording requests."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from sitemap_core import PageRecord
from sitemap_core._cli import main
from tests.conftest import (
    build_cli,
    cli,
    core_build,
    local_server,
    urlset_text,
)
from tests.core.indexnow.conftest import BASE, KEY, build, write_page


@dataclass
class Endpoint:
    """Answers with ``statuses`` in turn (then 200) and records every request."""

    port: int
    statuses: list[int] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/indexnow"

    def sent(self) -> list[list[str]]:
        return [r["urlList"] for r in self.requests]


@pytest.fixture
def endpoint() -> Iterator[Endpoint]:
    holder: dict[str, Endpoint] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def do_POST(self) -> None:
            current = holder["endpoint"]
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            current.requests.append(body)
            current.times.append(time.monotonic())
            status = current.statuses.pop(0) if current.statuses else 200
            self.send_response(status)
            if status == 429:
                self.send_header("Retry-After", "1")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Handler) as port:
        holder["endpoint"] = Endpoint(port)
        yield holder["endpoint"]


def announce(site: Path, endpoint: Endpoint, *options: str) -> int:
    where = ("--base-url", BASE, "--key", KEY, "--endpoint", endpoint.url)
    return main(["announce", str(site), *where, *options])


def test_first_all_then_only_what_changed(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert announce(site, endpoint, "--all") == 0
    assert len(endpoint.requests) == 1
    first = endpoint.requests[0]
    assert first["host"] == "example.org"
    assert first["key"] == KEY
    assert first["keyLocation"] == f"{BASE}{KEY}.txt"
    assert sorted(first["urlList"]) == sorted(
        [BASE + f"p{i}.html" for i in range(5)] + [BASE + "undated.html"]
    )
    state = site.parent / ".ssg-sitemap-announced.json"
    assert state.is_file()

    # nothing changed: nothing sent
    assert announce(site, endpoint) == 0
    assert len(endpoint.requests) == 1

    # edit two pages: one's lastmod moves, the undated one's content changes
    write_page(site, "p2.html", "2024-03-01")
    write_page(site, "undated.html", None, "second text")
    build(site)
    assert announce(site, endpoint) == 0
    assert sorted(endpoint.sent()[1]) == [BASE + "p2.html", BASE + "undated.html"]
    assert "announced 2 URL(s)" in capsys.readouterr().out


def test_a_refused_batch_records_nothing_and_is_sent_again(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert announce(site, endpoint, "--all") == 0
    write_page(site, "p1.html", "2024-04-01")
    build(site)
    endpoint.statuses = [403]
    assert announce(site, endpoint) == 1
    err = capsys.readouterr().err
    assert "the key is not valid" in err and "sends it again" in err
    assert announce(site, endpoint) == 0
    assert endpoint.sent()[1:] == [[BASE + "p1.html"], [BASE + "p1.html"]]
    assert announce(site, endpoint) == 0
    assert len(endpoint.requests) == 3


@pytest.mark.parametrize(
    ("status", "meaning"), [(400, "bad request"), (422, "do not belong to the host")]
)
def test_refusals_are_explained(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str], status: int, meaning: str
) -> None:
    endpoint.statuses = [status]
    assert announce(site, endpoint, "--all") == 1
    assert meaning in capsys.readouterr().err
    assert not (site.parent / ".ssg-sitemap-announced.json").exists()
    assert len(endpoint.requests) == 1  # not retried


def test_quiet_prints_only_errors_and_errors_go_to_stderr(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert announce(site, endpoint, "--all", "-q") == 0
    assert capsys.readouterr().out == ""
    assert len(endpoint.requests) == 1
    write_page(site, "p1.html", "2024-04-01")
    build(site)
    assert announce(site, endpoint, "--dry-run", "-q") == 0
    assert BASE + "p1.html" in capsys.readouterr().out  # the listing asked for
    endpoint.statuses = [403]
    assert announce(site, endpoint, "-q") == 1
    out, err = capsys.readouterr()
    assert out == "" and "the key is not valid" in err


def test_an_endpoint_that_does_not_answer_is_not_said_to_refuse(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", f"http://127.0.0.1:{port}/"]
    assert main(["announce", str(site), *where, "--all", "--retries", "0"]) == 1
    err = capsys.readouterr().err
    assert "could not send batch 1 of 1 (6 URLs)" in err and "refused batch" not in err
    assert "no answer" in err


def test_429_is_retried_honouring_retry_after(site: Path, endpoint: Endpoint) -> None:
    endpoint.statuses = [429]
    assert announce(site, endpoint, "--all") == 0
    assert len(endpoint.requests) == 2
    assert endpoint.times[1] - endpoint.times[0] >= 0.95
    assert (site.parent / ".ssg-sitemap-announced.json").is_file()


def test_5xx_retried_then_an_error(site: Path, endpoint: Endpoint) -> None:
    endpoint.statuses = [503, 503]
    assert announce(site, endpoint, "--all", "--retries", "1") == 1
    assert len(endpoint.requests) == 2
    assert not (site.parent / ".ssg-sitemap-announced.json").exists()


def test_dry_run_sends_nothing_and_records_nothing(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert announce(site, endpoint, "--all", "--dry-run") == 0
    assert endpoint.requests == []
    assert not (site.parent / ".ssg-sitemap-announced.json").exists()
    out = capsys.readouterr().out
    assert f"would POST 6 URL(s) to {endpoint.url}" in out
    assert f"  {BASE}p3.html" in out


def test_first_run_without_all_sends_nothing_but_records(site: Path, endpoint: Endpoint) -> None:
    state = site.parent / "state.json"
    assert announce(site, endpoint, "--since", str(state)) == 0
    assert endpoint.requests == []
    assert state.is_file()
    write_page(site, "new.html", "2024-05-01")
    build(site)
    assert announce(site, endpoint, "--since", str(state)) == 0
    assert endpoint.sent() == [[BASE + "new.html"]]


def test_batches_of_10000(tmp_path: Path, endpoint: Endpoint) -> None:
    out = tmp_path / "public"
    out.mkdir()
    records = [PageRecord(f"p/page-{i}.html") for i in range(10_001)]
    core_build(records, out, indexnow_key=KEY, robots=False)
    assert announce(out, endpoint, "--all") == 0
    assert [len(urls) for urls in endpoint.sent()] == [10_000, 1]


def test_bad_key_or_missing_key_file_is_a_usage_error(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["announce", str(site), "--base-url", BASE, "--key", "short"]) == 2
    err = capsys.readouterr().err
    assert "--key: 'short'" in err and "8 to 128" in err
    (site / f"{KEY}.txt").unlink()
    assert announce(site, endpoint, "--all") == 2
    assert "key file" in capsys.readouterr().err
    assert endpoint.requests == []


def test_build_with_a_bad_indexnow_key_names_the_option(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["build", str(site), "--base-url", BASE, "--indexnow-key", "short"])
    assert status == 2
    err = capsys.readouterr().err
    assert "--indexnow-key: 'short'" in err and "Traceback" not in err
    assert not (site / "short.txt").exists()


def test_broken_ipv6_endpoint_to_announce_is_a_usage_error(small_site: Path) -> None:
    assert build_cli(str(small_site), "--base-url", "https://example.org/").returncode == 0
    done = cli(
        "announce",
        str(small_site),
        "--base-url",
        "https://example.org/",
        "--key",
        "abcdefgh1234",
        "--endpoint",
        "https://[::1/",
        "--dry-run",
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("line", ["Sitemap: {url} # the short list", "SITEMAP :{url}#x"])
def test_robots_sitemap_line_with_a_comment_is_the_entry(
    site: Path, endpoint: Endpoint, line: str
) -> None:
    """robots.txt's ``Sitemap:`` lines are read by ``files.sitemap_value``, as the build and
    ``check`` read them: a ``#`` comment after the URL was taken as part of it, and the
    sitemap robots.txt names was passed over for ``sitemap.xml``."""
    (site / "short.xml").write_text(urlset_text(BASE + "p0.html"), "utf-8")
    (site / "robots.txt").write_text(
        "User-agent: *\n" + line.format(url=BASE + "short.xml") + "\n", "utf-8"
    )
    assert announce(site, endpoint, "--all") == 0
    assert endpoint.sent() == [[BASE + "p0.html"]]


def test_a_removed_page_and_a_same_day_edit_reach_the_request(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deleted page was dropped from the state without a word, and a second edit on the
    day of a date-only lastmod was never sent: the signature was the lastmod alone."""
    assert announce(site, endpoint, "--all") == 0
    (site / "p4.html").unlink()
    write_page(site, "p2.html", "2024-01-03", "edited the same day")
    build(site)
    capsys.readouterr()
    assert announce(site, endpoint) == 0
    assert sorted(endpoint.sent()[1]) == [BASE + "p2.html", BASE + "p4.html"]
    out = capsys.readouterr().out
    assert "1 removed" in out and "404 or 410" in out and "--no-removed" in out
    assert announce(site, endpoint) == 0  # both are recorded: nothing is sent again
    assert len(endpoint.requests) == 2


def test_no_removed_leaves_removed_pages_out_and_forgets_them(
    site: Path, endpoint: Endpoint
) -> None:
    assert announce(site, endpoint, "--all") == 0
    (site / "p4.html").unlink()
    write_page(site, "p1.html", "2024-04-01")
    build(site)
    assert announce(site, endpoint, "--no-removed") == 0
    assert endpoint.sent()[1] == [BASE + "p1.html"]
    assert announce(site, endpoint) == 0
    assert len(endpoint.requests) == 2


def test_a_removed_page_not_accepted_stays_to_be_sent(site: Path, endpoint: Endpoint) -> None:
    assert announce(site, endpoint, "--all") == 0
    (site / "p4.html").unlink()
    build(site)
    endpoint.statuses = [403]
    assert announce(site, endpoint) == 1
    assert announce(site, endpoint) == 0
    assert endpoint.sent()[1:] == [[BASE + "p4.html"], [BASE + "p4.html"]]


def test_a_removed_page_is_listed_by_a_dry_run(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    assert announce(site, endpoint, "--all") == 0
    (site / "p4.html").unlink()
    build(site)
    capsys.readouterr()
    assert announce(site, endpoint, "--dry-run") == 0
    assert f"  {BASE}p4.html (removed)" in capsys.readouterr().out
    assert len(endpoint.requests) == 1


def test_a_state_file_of_lastmods_alone_sends_no_unchanged_page(
    site: Path, endpoint: Endpoint
) -> None:
    """A state file written before content hashes were recorded beside each lastmod: its
    pages are not all sent again, only what changed."""
    state = site.parent / ".ssg-sitemap-announced.json"
    urls = {BASE + f"p{i}.html": f"2024-01-0{i + 1}" for i in range(5)}
    state.write_text(json.dumps({"version": 1, "urls": urls}), "utf-8")
    assert announce(site, endpoint) == 0
    assert endpoint.sent() == [[BASE + "undated.html"]]
    assert announce(site, endpoint) == 0
    assert len(endpoint.requests) == 1


def test_a_page_in_place_of_the_sitemap_is_an_error_not_every_url_removed(
    site: Path, endpoint: Endpoint, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read as an empty urlset, an HTML page named sitemap.xml made every announced URL look
    removed, and removed URLs are sent."""
    assert announce(site, endpoint, "--all") == 0
    (site / "sitemap.xml").write_text("<html><body>moved</body></html>", "utf-8")
    assert announce(site, endpoint) == 2
    assert "not a sitemap (its root element is <html>" in capsys.readouterr().err
    assert len(endpoint.requests) == 1


def test_two_runs_at_once_on_one_state_file_send_each_url_once(site: Path) -> None:
    """Two real ``announce`` processes started together: the second waits for the first's
    state file, so each changed URL reaches the endpoint once."""
    import subprocess
    import sys
    import threading

    received: list[str] = []
    lock = threading.Lock()

    class Slow(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            time.sleep(1.0)  # both runs have read the state file by now, without a lock
            with lock:
                received.extend(body["urlList"])
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Slow) as port:
        where = ["--base-url", BASE, "--key", KEY, "--endpoint", f"http://127.0.0.1:{port}/"]
        command = [sys.executable, "-m", "sitemap_core", "announce", str(site), *where]
        assert subprocess.run(command, capture_output=True, check=False).returncode == 0
        write_page(site, "p1.html", "2024-05-01")
        write_page(site, "p3.html", "2024-05-02")
        build(site)
        runs = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        errors = [run.communicate(timeout=60)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    assert sorted(received) == [BASE + "p1.html", BASE + "p3.html"]
    assert not (site.parent / ".ssg-sitemap-announced.json.lock").exists()
