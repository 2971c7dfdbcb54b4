"""Pelican's side of the sitemap worker: a process of its own that makes the sitemap while
Pelican writes the site.

Pelican runs in one thread; the sitemap's own work (reading git, checking each page's head,
escaping, sorting, writing) can run beside it on another core, so that the build waits only
for its last part. The worker (:mod:`.worker`) starts with the build and reads what
``content_written`` hands over (:mod:`.specs`) from an unlinked temporary file: appending a
batch costs Pelican one write and never a wake-up of the worker, and never blocks, however
far behind the worker is. At ``finalized`` the last batch and an end mark go in, standard
input is closed, and the worker's answer (its log messages and how it ended) comes back on its
standard output.

Nothing here imports the core: Pelican's process pays only for the specs and their pickling.
Any failure to start or to answer means "make the sitemap in Pelican's process" (the specs
are kept for that).
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

#: The end mark, first in the last frame (then the time it was sent); without it the worker
#: writes nothing.
END = "end"
#: The worker's start: Pelican's import path, then this plugin's folder loaded as a package of
#: its own, so that importing the worker does not import Pelican (``pelican/__init__.py`` costs
#: a third of a second, and the worker needs none of it).
_BOOT = (
    "import sys, json, importlib, importlib.util; sys.path[:] = json.loads(sys.argv[3]); "
    "spec = importlib.util.spec_from_file_location("
    "PACKAGE, sys.argv[2] + '/__init__.py', submodule_search_locations=[sys.argv[2]]); "
    "package = importlib.util.module_from_spec(spec); sys.modules[PACKAGE] = package; "
    "spec.loader.exec_module(package); "
    "sys.exit(importlib.import_module(PACKAGE + '.worker').main(int(sys.argv[1])))"
).replace("PACKAGE", repr("_ssg_sitemap_pelican"))
#: Set to ``0`` to make the sitemap in Pelican's own process (troubleshooting).
ENV_SWITCH = "SSG_SITEMAP_WORKER"


def wanted() -> bool:
    """Whether builds here use a worker: POSIX (the worker polls its input file; elsewhere
    the sitemap is made in Pelican's process) and not switched off."""
    return os.name == "posix" and os.environ.get(ENV_SWITCH, "1").strip() != "0"


class WorkerClient:
    """One build's worker.

    :param folder: this plugin's folder (the worker's modules are read from there).
    :param init: the first frame (the build's :class:`~.records.SiteInfo` and log level).
    """

    def __init__(self, folder: str, init: Any) -> None:
        self.pid = os.getpid()
        self.failed: str | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._fd: int | None = None
        try:
            self._start(folder)
            self.send(init)
        except (OSError, ValueError, pickle.PicklingError, TypeError, AttributeError) as exc:
            self.stop(f"could not start: {exc}")

    def _start(self, folder: str) -> None:
        fd, name = tempfile.mkstemp(prefix="sitemap-worker-")
        try:
            reader = os.open(name, os.O_RDONLY)
        except OSError:
            os.close(fd)
            raise
        finally:
            Path(name).unlink()  # both ends stay open; nothing is left behind
        self._fd = fd
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-c", _BOOT, str(reader), folder, json.dumps(sys.path)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                pass_fds=(reader,),
            )
        finally:
            os.close(reader)

    @property
    def running(self) -> bool:
        """Whether the worker is there to take specs (in the process that started it)."""
        return self.failed is None and os.getpid() == self.pid

    def send(self, item: Any) -> None:
        """Append one frame (a batch of specs, or the end mark)."""
        if not self.running or self._fd is None:
            return
        try:
            data = b"m" + marshal.dumps(item)
        except ValueError:  # a value marshal does not know (a plugin's metadata)
            try:
                data = b"p" + pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as exc:
                self.stop(f"a spec could not be pickled ({exc})")
                return
        frame = len(data).to_bytes(8, "big") + data
        try:
            while frame:
                frame = frame[os.write(self._fd, frame) :]
        except OSError as exc:
            self.stop(f"could not write to it ({exc})")

    def finish(self, last: list[Any]) -> dict[str, Any] | None:
        """Send the last specs and the end mark; wait for the worker's answer.

        :return: the answer, or ``None`` when the worker failed (see :attr:`failed`).
        """
        self.send(last)
        self.send((END, time.perf_counter()))
        proc = self._proc
        if not self.running or proc is None:
            self.stop(self.failed or "not running")
            return None
        assert proc.stdout is not None and proc.stdin is not None
        try:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            proc.stdin.close()  # the worker's signal to read the rest
            data = proc.stdout.read()  # to the end of its answer (it closes its side then)
            proc.stdout.close()
        except OSError as exc:
            self.stop(f"no answer ({exc})")
            return None
        self._proc = None
        # Its exit (freeing its memory) is no business of the build: reaped beside it.
        threading.Thread(target=proc.wait, name="sitemap-worker-reaper", daemon=True).start()
        try:
            answer = pickle.loads(data) if data else None
        except Exception:  # a half-written answer: the worker died
            answer = None
        if not isinstance(answer, dict):
            self.stop("it ended without an answer")
            return None
        return answer

    def stop(self, why: str) -> None:
        """End the worker without an answer (a failed build, or a failure here)."""
        if self.failed is None:
            self.failed = why
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        proc, self._proc = self._proc, None
        if proc is None or os.getpid() != self.pid:
            return
        if proc.poll() is None:
            proc.kill()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        proc.wait()
