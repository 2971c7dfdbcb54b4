"""Read built pages' heads in a child process while the generator writes them.

The HTML checks (:mod:`sitemap_core.builtin.html_checks`) start with a byte scan of every
page's head; on a large site, reading the files back is the biggest single cost of the sitemap
step. An adapter whose generator says when it has written a file (Pelican's
``content_written``) hands each path to :meth:`HeadPrefetch.add`. A child process
(:mod:`sitemap_core.head_reader`, a fresh interpreter that imports nothing else: a thread
would fight the build for the GIL) reads each head then, beside the build. When the build is
done, :meth:`HeadPrefetch.close` ends its input; the child checks that each file is still the
one it read (size, modification and change times, inode) and hands back the heads of those.
A file written again by something else after its last ``add`` (another plugin's
post-processing), or one the child could not read, is read by the checks themselves, as
without a prefetch: the answers are exactly those of a direct read.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import subprocess
import sys
from pathlib import Path

from sitemap_core.html_inspect import head_verdict

#: What the scan of a head says before the page's URL is known: ``True``/``False`` (see
#: :func:`~sitemap_core.html_inspect.head_verdict`), or the head's bytes when the answer
#: depends on the URL (one canonical link).
Scan = bool | bytes
_READER = Path(__file__).with_name("head_reader.py")


class HeadPrefetch:
    """Heads of built pages, read as the pages are written.

    Call :meth:`add` for every file written (the last call for a path counts), :meth:`close`
    once every file is written, then :meth:`scan` (the HTML checks do, through
    ``build_sitemap(head_prefetch=...)``).
    """

    #: Paths are sent in batches of this many (one system call each). The child starts with
    #: the first batch: a site of fewer pages is read directly, which then costs less.
    batch = 256

    def __init__(self) -> None:
        self.pid = os.getpid()
        self._proc: subprocess.Popen[bytes] | None = None
        self._failed = False
        self._closed = False
        self._batch: list[bytes] = []
        self._unsent = b""
        self._heads: dict[str, bytes] = {}
        self._scans: dict[str, Scan] = {}

    def add(self, path: str) -> None:
        """Read the head of ``path`` (an absolute path, as the checks will name it)."""
        if self._closed or self._failed:
            return
        self._batch.append(os.fsencode(path))
        if len(self._batch) >= self.batch:
            self._send(block=False)

    def close(self) -> None:
        """Every file is written: end the child's input. It then checks the files it read
        while the caller goes on; the first :meth:`scan` collects its answer."""
        if self._closed:
            return
        self._closed = True
        batch, self._batch = self._batch, []
        if self._proc is None or self._failed or os.getpid() != self.pid:
            # Fewer files than a batch: reading them directly costs less than a child.
            return
        self._batch = batch
        self._send(block=True)
        if self._proc is None:
            return
        stdin = self._proc.stdin
        try:
            if stdin is not None:
                stdin.close()
        except OSError:
            self._stop()

    def scan(self, path: str) -> Scan | None:
        """What the head of ``path`` says, or ``None`` when the prefetch has no answer for it
        (then read the file directly)."""
        if not self._closed:
            return None
        if self._proc is not None:
            self._collect()
        found = self._scans.get(path)
        if found is not None:
            return found
        head = self._heads.pop(path, None)
        if not isinstance(head, bytes):
            return None
        verdict = head_verdict(head)
        scan: Scan = head if verdict is None else verdict
        self._scans[path] = scan
        return scan

    def _collect(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None or self._failed:
            return
        assert proc.stdout is not None
        try:
            data = proc.stdout.read()
            proc.stdout.close()
            proc.wait()
            heads = pickle.loads(data) if proc.returncode == 0 and data else {}
        except Exception:  # any failure means "read directly"
            self._proc = proc
            self._stop()
            heads = {}
        self._heads = heads if isinstance(heads, dict) else {}

    # -- the child -------------------------------------------------------------------------
    def _start(self) -> subprocess.Popen[bytes] | None:
        try:
            proc = subprocess.Popen(
                [sys.executable, "-I", "-S", str(_READER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        except OSError:
            self._failed = True
            return None
        assert proc.stdin is not None
        os.set_blocking(proc.stdin.fileno(), False)
        return proc

    def _send(self, block: bool) -> None:
        """Send the batched paths; without ``block``, what the pipe does not take now waits
        for the next batch (the build never waits for the child)."""
        if self._proc is None:
            self._proc = self._start()
            if self._proc is None:
                return
        data = self._unsent + b"".join(p + b"\0" for p in self._batch)
        self._batch = []
        stdin = self._proc.stdin
        assert stdin is not None
        fd = stdin.fileno()
        if block:
            os.set_blocking(fd, True)
        try:
            while data:
                try:
                    sent = os.write(fd, data)
                except BlockingIOError:
                    break
                data = data[sent:]
        except OSError:
            self._stop()
            return
        self._unsent = data

    def _stop(self) -> None:
        self._failed = True
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        proc.wait()
