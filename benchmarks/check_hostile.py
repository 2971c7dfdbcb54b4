"""``check`` on hostile input: time grows linearly with the input, never faster.

Each case is timed at two sizes in the same run and the ratio printed: linear work gives a
ratio near the size ratio (4), quadratic work near its square (16), exponential never ends.

* one text-sitemap line of N MiB without a newline (it was joined and split again
  for every 64 KiB chunk);
* 2,000 and 8,000 ``?v=N`` locs of one page with SITE_DIR checks on (each page read once);
* a ``<loc>`` of N characters ending in one non-ASCII character (the fast path's regex).

Then two rows of bounded memory, each command run in a child process whose peak RSS is read
with ``getrusage(RUSAGE_CHILDREN)`` (one fresh parent per command, so nothing else counts):

* ``bomb``: ``ssg-sitemap build --shard-order lastmod`` over a site whose previous
  ``sitemap-1.xml`` was replaced by a 2 MB gzip of 2 GiB of spaces (target: under 100 MB);
* ``live``: ``check http://127.0.0.1:PORT/`` of a 1,000,000-URL index (20 shards of 50,000,
  served from a separate process) with ``--max-urls 1000``, and with ``--max-urls 1000000
  --timeout 60`` (every sitemap read: the memory bound of 1,000,000 URLs read, and how close
  the run ends to its deadline), then a 2,000,000-URL index with ``--timeout 60`` (reading
  stops at the read limit); peak RSS, wall time and the lines it printed last.

usage: python benchmarks/check_hostile.py [ratios] [bomb] [live]   (all three by default)
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from sitemap_core._check import check_files, check_site

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _urlset(locs: list[str]) -> str:
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n'


def long_line(folder: Path, size: int) -> Callable[[], object]:
    path = folder / f"line{size}.txt"
    path.write_text("https://example.org/" + "a" * (size << 20) + "\n")
    return lambda: check_files([path], "https://example.org/")


def many_versions(folder: Path, count: int) -> Callable[[], object]:
    site = folder / f"site{count}"
    site.mkdir()
    (site / "page.html").write_text("<html><head><title>p</title></head><body>" + "x" * 100_000)
    (site / "s.xml").write_text(
        _urlset([f"https://example.org/page.html?v={i}" for i in range(count)])
    )
    (site / "robots.txt").write_text("Sitemap: https://example.org/s.xml\n")
    return lambda: check_site(site, "https://example.org/")


def hostile_loc(folder: Path, size: int) -> Callable[[], object]:
    path = folder / f"loc{size}.xml"
    path.write_text(_urlset(["https://example.org/" + "ab/" * size + "\u00e9"]))
    return lambda: check_files([path], "https://example.org/")


def ratios() -> None:
    cases: list[tuple[str, Callable[[Path, int], Callable[[], object]], int, int]] = [
        ("text line, MiB", long_line, 8, 32),
        ("?v=N locs of one page", many_versions, 2_000, 8_000),
        ("hostile loc, segments", hostile_loc, 150, 600),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, make, small, large in cases:
            times = []
            for size in (small, large):
                run = make(folder, size)
                start = time.perf_counter()
                run()
                times.append(time.perf_counter() - start)
            ratio = times[1] / times[0] if times[0] else float("inf")
            print(
                f"{name:24} {small:>6}: {times[0]:7.3f} s  {large:>6}: {times[1]:7.3f} s  "
                f"ratio {ratio:5.1f} (size ratio {large / small:.0f})"
            )


# -- bounded memory --------------------------------------------------------------------------
_MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "seconds = time.perf_counter() - start\n"
    "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
    "import json; print(json.dumps({'rss': rss, 'seconds': seconds, 'status': done.returncode,"
    " 'out': done.stdout[-2000:], 'err': done.stderr[-2000:]}))\n"
)


def measured(*command: str) -> dict[str, object]:
    """Run ``command`` in a fresh parent; its peak RSS (MB), wall time, status and output."""
    parent = subprocess.run(
        [sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(parent.stdout)
    return result


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "sitemap_core", *args]


def bomb() -> None:
    """Two rows: the bomb as the issue found it (spaces only: not ours, so never read), and
    one that starts with our marker (ours: read, through the 50 MiB cap)."""
    from sitemap_core._files._serialize import MARKER

    for head in (b"", f'<?xml version="1.0" encoding="UTF-8"?>\n{MARKER}\n'.encode()):
        with tempfile.TemporaryDirectory() as tmp:
            site = Path(tmp) / "public"
            site.mkdir()
            for n in range(20):
                (site / f"p{n}.html").write_text(f"<html><head><title>{n}</title></head><body>x")
            build = ("build", str(site), "--base-url", "https://example.org/")
            order = ("--max-urls", "5", "--shard-order", "lastmod")
            subprocess.run(_cli(*build, *order), check=True, capture_output=True)
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            spaces = b" " * (1 << 20)
            with (site / "sitemap-1.xml").open("wb") as handle:
                handle.write(packer.compress(head))
                for _ in range(2048):  # 2 GiB
                    handle.write(packer.compress(spaces))
                handle.write(packer.flush())
            size = (site / "sitemap-1.xml").stat().st_size
            result = measured(*_cli(*build, *order))
            what = "our marker, then 2 GiB of spaces" if head else "2 GiB of spaces"
            print(
                f"build --shard-order lastmod, sitemap-1.xml a {size / 1e6:.1f} MB gzip of {what}: "
                f"peak RSS {result['rss']:.0f} MB, {result['seconds']:.1f} s, exit "
                f"{result['status']} (budget under 100 MB): "
                f"{'met' if float(str(result['rss'])) < 100 else 'MISSED'}"
            )
            for line in str(result["err"]).strip().splitlines():
                if "warning" in line or "error" in line:
                    print(f"  {line[:200]}")


SHARDS = 20
PER_SHARD = 50_000


def _serve(ready: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """robots.txt, an index of SHARDS shards of PER_SHARD URLs, and tiny pages."""
    page = b"<!doctype html><html><head><title>p</title></head><body>p</body></html>"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def do_GET(self) -> None:
            host = f"http://{self.headers['Host']}"
            ctype = "application/xml"
            if self.path == "/robots.txt":
                body, ctype = f"Sitemap: {host}/sitemap.xml\n".encode(), "text/plain"
            elif self.path in ("/sitemap.xml", "/sitemap-double.xml"):
                count = SHARDS * (2 if self.path == "/sitemap-double.xml" else 1)
                body = (
                    f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
                    + "".join(
                        f"<sitemap><loc>{host}/sitemap-{n}.xml</loc></sitemap>\n"
                        for n in range(count)
                    )
                    + "</sitemapindex>\n"
                ).encode()
            elif self.path.startswith("/sitemap-"):
                shard = int(self.path[len("/sitemap-") : -len(".xml")])
                body = _urlset([f"{host}/p/{shard}/{i}.html" for i in range(PER_SHARD)]).encode()
            else:
                body, ctype = page, "text/html"
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def handle(self) -> None:
            with contextlib.suppress(ConnectionError):  # the check hangs up at its deadline
                super().handle()

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    ready.put(server.server_address[1])
    server.serve_forever()


def live() -> None:
    ready: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    server = multiprocessing.Process(target=_serve, args=(ready,), daemon=True)
    server.start()
    try:
        url = f"http://127.0.0.1:{ready.get(timeout=30)}/"
        total = SHARDS * PER_SHARD
        for target, size, options in (
            (url, total, ("--max-urls", "1000")),
            (url, total, ("--max-urls", str(total), "--timeout", "60")),
            # twice the URLs, no --max-urls: memory stays at the read limit's
            (url + "sitemap-double.xml", 2 * total, ("--timeout", "60")),
        ):
            result = measured(*_cli("check", target, *options))
            summary = str(result["out"]).strip().splitlines()
            print(
                f"check of a {size:,}-URL index, {' '.join(options)}: peak RSS "
                f"{result['rss']:.0f} MB, {result['seconds']:.1f} s, exit {result['status']}"
            )
            for line in summary[-3:]:
                print(f"  {line[:200]}")
    finally:
        server.terminate()
        server.join()


def main() -> None:
    rows = {"ratios": ratios, "bomb": bomb, "live": live}
    for name in sys.argv[1:] or list(rows):
        rows[name]()


if __name__ == "__main__":
    main()
