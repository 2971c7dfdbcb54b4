"""``check`` on files nobody here wrote: entities, external DTDs, bombs, huge files, junk.

Each case must end in a clear finding, never a traceback, an expansion, a file read or a
network request.
"""

from __future__ import annotations

import gzip
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core._check import CheckReport, check_files
from sitemap_core._files import SAFE_PARSER, root_element

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
URL = "<url><loc>https://example.org/page.html</loc></url>\n"


def codes(report: CheckReport) -> set[str]:
    return {f.code for f in report.findings if f.severity == "error"}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command, in a fresh process (peak RSS is measured per process)."""
    return subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def http_server() -> Iterator[tuple[str, list[str]]]:
    """A local HTTP server that records every request (none may arrive)."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            body = b'<!ENTITY ext "FETCHED-FROM-NETWORK">'
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", hits
    finally:
        server.shutdown()
        server.server_close()


def test_billion_laughs_is_refused(tmp_path: Path):
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">' for i in range(1, 10)
    )
    path = tmp_path / "laughs.xml"
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE urlset [{entities}]>\n'
        f'<urlset xmlns="{NS}"><url><loc>https://example.org/&lol9;</loc></url></urlset>\n'
    )
    start = time.perf_counter()
    report = check_files([path])
    assert time.perf_counter() - start < 5
    assert [(f.code, f.line) for f in report.findings] == [("doctype", 2)]
    assert report.urls == 0
    assert "lollollol" not in json.dumps([f.as_dict() for f in report.findings])


def test_xxe_file_entity_is_not_read(tmp_path: Path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    path = tmp_path / "xxe.xml"
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
        f'<urlset xmlns="{NS}"><url><loc>https://example.org/&xxe;</loc></url></urlset>\n'
    )
    result = cli(str(path), "--format", "json")
    assert result.returncode == 1
    assert "TOP-SECRET" not in result.stdout + result.stderr
    assert json.loads(result.stdout)["findings"][0]["code"] == "doctype"


def test_xxe_http_dtd_is_not_fetched(tmp_path: Path, http_server: tuple[str, list[str]]):
    base, hits = http_server
    path = tmp_path / "dtd.xml"
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE urlset SYSTEM "{base}/evil.dtd">\n'
        f'<urlset xmlns="{NS}"><url><loc>https://example.org/&ext;</loc></url></urlset>\n'
    )
    report = check_files([path])
    assert codes(report) == {"doctype"}
    assert hits == []


def test_parser_options_alone_expand_and_fetch_nothing(
    tmp_path: Path, http_server: tuple[str, list[str]]
):
    """Second layer: even past the DOCTYPE refusal, the parser expands and fetches nothing."""
    base, hits = http_server
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    document = (
        f'<?xml version="1.0"?>\n<!DOCTYPE urlset SYSTEM "{base}/evil.dtd" '
        f'[<!ENTITY xxe SYSTEM "file://{secret}"><!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        f'<urlset xmlns="{NS}"><url><loc>&xxe;&b;</loc></url></urlset>'
    ).encode()
    assert root_element(document).tag == f"{{{NS}}}urlset"
    texts = []
    for _event, element in etree.iterparse(
        __import__("io").BytesIO(document), events=("end",), **SAFE_PARSER
    ):
        texts.append(etree.tostring(element, encoding="unicode"))
    assert not any("TOP-SECRET" in t or "aaaaaaaaaa" in t for t in texts)
    assert hits == []


def _bomb(path: Path, uncompressed_mib: int) -> None:
    """A gzip of ``uncompressed_mib`` MiB of valid urls: repeated gzip members of ~1 MiB."""
    block = (URL * (1024 * 1024 // len(URL))).encode()
    member = gzip.compress(block, compresslevel=9, mtime=0)
    with path.open("wb") as handle:
        handle.write(gzip.compress(f'<?xml version="1.0"?>\n<urlset xmlns="{NS}">\n'.encode()))
        for _ in range(uncompressed_mib):
            handle.write(member)


@pytest.mark.slow
def test_gzip_bomb_stops_at_the_size_limit(tmp_path: Path):
    path = tmp_path / "bomb.xml.gz"
    _bomb(path, 2048)  # 2 GiB uncompressed from a few MB on disk
    assert path.stat().st_size < 8 * 1024 * 1024
    start = time.perf_counter()
    result = cli(str(path), "--format", "json")
    elapsed = time.perf_counter() - start
    data = json.loads(result.stdout)
    assert result.returncode == 1
    found = {f["code"] for f in data["findings"]}
    assert "size-limit" in found
    assert "Traceback" not in result.stderr
    assert elapsed < 60


@pytest.mark.slow
def test_huge_stream_keeps_memory_flat(tmp_path: Path):
    """A 200 MB-equivalent stream (gzip members), read to the 50 MiB cap, in a small process."""
    path = tmp_path / "huge.xml.gz"
    _bomb(path, 200)
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from sitemap_core._check import check_files\n"
        "report = check_files([Path(sys.argv[1])])\n"
        # The peak of this process's own memory (VmHWM). ru_maxrss would not do: Linux carries
        # the parent's peak across fork and exec, so late in a test session it read 240 MB.
        "status = Path('/proc/self/status').read_text().splitlines()\n"
        "rss = int(next(l for l in status if l.startswith('VmHWM')).split()[1]) / 1024\n"
        "print(json.dumps({'rss': rss, 'codes': sorted({f.code for f in report.findings})}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120
    )
    data = json.loads(result.stdout)
    assert "size-limit" in data["codes"]
    assert data["rss"] < 150, data


def test_truncated_and_corrupt_gzip(tmp_path: Path):
    good = gzip.compress(f'<urlset xmlns="{NS}">{URL}</urlset>'.encode())
    cut = tmp_path / "cut.xml.gz"
    cut.write_bytes(good[: len(good) // 2])
    corrupt = tmp_path / "corrupt.xml.gz"
    corrupt.write_bytes(good[:10] + bytes(b ^ 0x5A for b in good[10:]))
    report = check_files([cut, corrupt])
    assert {f.file for f in report.findings if f.code == "gzip-invalid"} == {str(cut), str(corrupt)}


@pytest.mark.parametrize(
    "content",
    [
        os.urandom(5000),
        b"\x89PNG\r\n\x1a\n" + os.urandom(3000),
        zlib.compress(b"x" * 1000),
        "<urlset>".encode("utf-16"),
        b"\xff\xfe\xfd" * 2000,
    ],
    ids=["random", "png", "zlib-not-gzip", "utf-16", "invalid-utf8"],
)
def test_binary_junk_is_reported(tmp_path: Path, content: bytes):
    path = tmp_path / "junk.xml"
    path.write_bytes(content)
    result = cli(str(path), "--format", "json")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert data["findings"][0]["code"] in {"binary", "encoding", "not-xml", "not-well-formed"}


def test_invalid_utf8_inside_a_valid_looking_file(tmp_path: Path):
    path = tmp_path / "latin.xml"
    path.write_bytes(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'.encode()
        + b"<url><loc>https://example.org/caf\xe9</loc></url>\n</urlset>\n"
    )
    report = check_files([path])
    assert [(f.code, f.line) for f in report.findings] == [("not-well-formed", 3)]


def test_deep_nesting_and_long_names_do_not_crash(tmp_path: Path):
    path = tmp_path / "deep.xml"
    depth = 5000
    path.write_text(
        f'<urlset xmlns="{NS}"><url><loc>https://example.org/</loc>'
        + '<x:a xmlns:x="urn:x">' * depth
        + "</x:a>" * depth
        + "</url></urlset>"
    )
    report = check_files([path])
    assert report.findings  # libxml2's depth limit, or an unknown extension: either way a finding
    assert all(f.line is None or f.line >= 1 for f in report.findings)


def test_cut_gzip_still_reports_problems_before_the_cut(tmp_path: Path):
    good = "".join(f"<url><loc>https://example.org/{i}</loc></url>\n" for i in range(3000))
    bad = "<url><loc>https://example.org/x</loc><priority>7</priority></url>\n"
    text = f'<?xml version="1.0"?>\n<urlset xmlns="{NS}">\n{bad}{good}</urlset>\n'
    packed = gzip.compress(text.encode(), mtime=0)
    path = tmp_path / "cut.xml.gz"
    path.write_bytes(packed[: len(packed) * 2 // 3])
    report = check_files([path])
    assert ("priority-range", 3) in {(f.code, f.line) for f in report.findings}
    assert "gzip-invalid" in codes(report)


def test_unreadable_and_special_files(tmp_path: Path):
    fifo = tmp_path / "pipe.xml"
    os.mkfifo(fifo)  # reading it would block forever: refused before opening
    paths = [fifo, Path("/dev/null")]
    if Path("/proc/self/mem").exists():
        paths.append(Path("/proc/self/mem"))  # opens, then fails with EIO on read
    report = check_files(paths)
    assert {f.file for f in report.findings if f.code == "file-unreadable"} == {
        str(p) for p in paths
    }
