"""The sitemap worker: a process of its own that makes the sitemap while Pelican writes.

Started by :class:`~.worker_client.WorkerClient` as ``python -c ... FD FOLDER SYS_PATH``
(Pelican's own interpreter and import path; this plugin's folder loaded as a package of its
own, so that Pelican itself is not imported). File descriptor ``FD`` reads the frames Pelican's
process appends (8-byte length, a kind byte, then marshal or pickle data): the build's settings
first, then batches of specs (:mod:`.specs`) and time zones, then the end mark. Records are
made and handed to the core as the specs come (:func:`~.records.stream_records`), so that when
Pelican is done only the last pages and the writing are left. Log messages are held and sent
back with the answer, a pickled dict on standard output; Pelican's process logs them through
its own logger.

Without the end mark (Pelican's build failed, or its process ended) nothing is written.
"""

from __future__ import annotations

import logging
import marshal
import os
import pickle
import resource
import select
import sys
import time
import traceback
from collections.abc import Iterator
from itertools import chain
from typing import Any

from .records import FileCheck, Redo, redo, stream_records
from .specs import Decoder, SiteInfo, Spec
from .worker_client import END
from .write import logger, prefetch_git_for, write_sitemap

#: Seconds between looks for more frames.
_POLL = 0.02


class _NoEnd(Exception):
    """Pelican's process closed the input without the end mark."""


class _Frames:
    """The frames Pelican's process appends to the input file."""

    def __init__(self, fd: int, check: FileCheck) -> None:
        self.fd = fd
        #: Started at the end mark: Pelican has written every page by then.
        self.check = check
        self.buffer = bytearray()
        self.ended = False
        self.stdin = sys.stdin.fileno()
        #: When the end mark was read, and how long after it was sent.
        self.ended_at: float | None = None
        self.lag = 0.0
        self.decoder = Decoder()

    def next(self) -> Any:
        """The next frame, waiting for it.

        :raises _NoEnd: the input ended first.
        """
        while True:
            buffer = self.buffer
            if len(buffer) >= 8:
                size = int.from_bytes(buffer[:8], "big")
                if len(buffer) >= 8 + size:
                    data = bytes(buffer[9 : 8 + size])
                    kind = buffer[8:9]
                    del buffer[: 8 + size]
                    return marshal.loads(data) if kind == b"m" else pickle.loads(data)
            chunk = os.read(self.fd, 1 << 20)
            if chunk:
                buffer += chunk
                continue
            if self.ended:
                raise _NoEnd
            # Nothing new: wait a little, or until Pelican's process closes standard input
            # (then read once more: its last frames were written before that).
            ready, _, _ = select.select([self.stdin], [], [], _POLL)
            if ready and not os.read(self.stdin, 4096):
                self.ended = True

    def specs(self) -> Iterator[Spec]:
        """Every spec, in order, up to the end mark."""
        while True:
            frame = self.next()
            if isinstance(frame, tuple) and frame[:1] == (END,):
                self.ended_at = time.perf_counter()
                self.lag = self.ended_at - frame[1]  # one clock for all processes
                self.check.start()
                return
            if isinstance(frame, dict):
                self.decoder.zones.extend(frame.get("zones", ()))
                continue
            decode = self.decoder.decode
            for wire in frame:
                spec = decode(wire)
                if spec is not None:
                    yield spec


class _Held(logging.Handler):
    """Keeps log records' level and text, for Pelican's process to log."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append((record.levelno, record.getMessage()))


def main(fd: int) -> int:
    """The worker: frames in, the sitemap written, the answer out."""
    began = time.perf_counter()
    check = FileCheck()
    frames = _Frames(fd, check)
    try:
        init = frames.next()
    except _NoEnd:
        return 0
    held = _Held()
    logger.handlers[:] = [held]
    logger.propagate = False
    logger.setLevel(int(init.get("level", logging.INFO)))
    site = SiteInfo(*init["site"])
    answer: dict[str, Any] = {"messages": held.messages}
    try:
        git_prefetch = prefetch_git_for(site)
        specs = frames.specs()
        # The core starts by checking the output folder: wait for the first page, so that
        # Pelican has made it (and cleaned it, with DELETE_OUTPUT_DIRECTORY) by then.
        first = next(specs, None)
        pages = chain((first,), specs) if first is not None else specs
        kept: list[Spec] = []
        try:
            write_sitemap(
                site,
                lambda stream: stream_records(pages, stream, check=check, kept=kept),
                git_prefetch=git_prefetch,
            )
            if not check.unchanged():
                # Written from a page that changed since: written again (atomic writes).
                raise Redo
        except Redo:
            held.messages.clear()
            answer["redone"] = True
            write_sitemap(site, lambda stream: redo(kept, stream))
    except _NoEnd:
        return 0
    except Exception as exc:
        from sitemap_core import SitemapError

        if isinstance(exc, SitemapError):
            answer["error"] = (type(exc).__name__, str(exc))
        else:
            answer["crash"] = traceback.format_exc()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = time.perf_counter()
    answer["seconds"] = done - began
    answer["tail"] = done - (frames.ended_at or done)
    answer["lag"] = frames.lag
    answer["cpu"] = time.process_time() + children.ru_utime + children.ru_stime
    sys.stdout.buffer.write(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()
    os.close(1)  # the answer is whole: Pelican's process reads to here, not to our exit
    # Pelican's process reads the answer to its end: skip the interpreter's teardown (the
    # files are written and closed; nothing else is left to do).
    os._exit(0)
