"""Read built pages' heads in a child process while the generator writes them.

The HTML checks (:mod:`sitemap_core.builtin.html_checks`) start with a byte scan of every
page's head; on a large site, reading the files back is the biggest single cost of the sitemap
step. An adapter whose generator says when it has written a file (Pelican's
``content_written``) hands each path to :meth:`HeadPrefetch.add`. A child process
(:mod:`sitemap_core.head_reader`, a fresh interpreter that imports nothing else: a thread
would fight the build for the GIL) reads each head then, beside the build; paths reach it in
batches through an unlinked temporary file, which costs the build one write a batch and
never a wake-up of the child. When the build is
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
import tempfile
from pathlib import Path

#: What the scan of a head says before the page's URL is known: ``True``/``False`` (see
#: :func:`~sitemap_core.html_inspect.head_verdict`), or the head's bytes when the answer
#: depends on the URL (one canonical link).
Scan = bool | bytes
_READER = Path(__file__).with_name("head_reader.py")


class HeadPrefetch:
    """Heads of built pages, read as the pages are written.

    Call :meth:`add` for every file written (the last call for a path counts), :meth:`close`
    once every file is written, then :meth:`scan` (the HTML checks do, through
    ``build_sitemap(head_prefetch=...)``), and :meth:`release` when the build is done.
    """

    #: Paths are sent in batches of this many (one system call each). The child starts with
    #: the first batch: a site of fewer pages is read directly, which then costs less.
    batch = 256

    def __init__(self) -> None:
        self.pid = os.getpid()
        self._proc: subprocess.Popen[bytes] | None = None
        self._paths_fd: int | None = None
        self._failed = os.name != "posix"  # the child waits with select() on a pipe
        self._closed = False
        self._batch: list[str] = []
        self._heads: dict[str, Scan] = {}

    def add(self, path: str) -> None:
        """Read the head of ``path`` (an absolute path, as the checks will name it)."""
        if self._closed or self._failed:
            return
        self._batch.append(path)
        if len(self._batch) >= self.batch:
            self._send()

    def close(self) -> None:
        """Every file is written: end the child's input. It then reads the last files and
        checks the others while the caller goes on; the first :meth:`scan` collects its
        answer."""
        if self._closed:
            return
        self._closed = True
        if self._proc is None or self._failed or os.getpid() != self.pid:
            # Fewer files than a batch: reading them directly costs less than a child.
            self._batch = []
            return
        self._send()
        proc = self._proc
        try:
            if self._paths_fd is not None:
                os.close(self._paths_fd)
                self._paths_fd = None
            if proc is not None and proc.stdin is not None:
                proc.stdin.close()  # the child's signal: every path is written
        except OSError:
            self._stop()

    def scan(self, path: str) -> Scan | None:
        """What the head of ``path`` says, or ``None`` when the prefetch has no answer for it
        (then read the file directly)."""
        if not self._closed:
            return None
        if self._proc is not None:
            self._collect()
        found = self._heads.get(path)
        return found if isinstance(found, (bool, bytes)) else None

    def release(self) -> None:
        """The build is done: end the child and drop what it read."""
        self.close()
        if self._proc is not None:
            self._collect()
        self._heads = {}

    # -- the child -------------------------------------------------------------------------
    def _collect(self) -> None:
        proc = self._proc
        if proc is None or self._failed:
            return
        assert proc.stdout is not None
        try:
            data = proc.stdout.read()
            proc.stdout.close()
            proc.wait()
            heads = pickle.loads(data) if proc.returncode == 0 and data else {}
        except Exception:  # any failure means "read directly"
            self._stop()
            return
        self._proc = None
        self._heads = heads if isinstance(heads, dict) else {}

    def _start(self) -> bool:
        """Start the child, with the file the paths go to."""
        try:
            fd, name = tempfile.mkstemp(prefix="sitemap-heads-")
            try:
                reader = os.open(name, os.O_RDONLY)
            except OSError:
                os.close(fd)
                raise
            finally:
                Path(name).unlink()  # both ends stay open; nothing is left behind
            try:
                self._proc = subprocess.Popen(
                    [sys.executable, "-I", "-S", str(_READER), str(reader)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    pass_fds=(reader,),
                )
            except OSError:
                os.close(fd)
                raise
            finally:
                os.close(reader)
        except OSError:
            self._failed = True
            return False
        self._paths_fd = fd
        return True

    def _send(self) -> None:
        """Append the batched paths to the child's file (a regular file: no wake-up)."""
        batch, self._batch = self._batch, []
        if not batch or (self._proc is None and not self._start()):
            return
        data = os.fsencode("\0".join(batch) + "\0")
        try:
            assert self._paths_fd is not None
            while data:
                data = data[os.write(self._paths_fd, data) :]
        except OSError:
            self._stop()

    def _stop(self) -> None:
        self._failed = True
        if self._paths_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._paths_fd)
            self._paths_fd = None
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
