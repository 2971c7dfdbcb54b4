"""urllib connections that a timer can cut: urllib's own timeout bounds each read, not the
whole answer, and its redirect handling would turn a POST into a bodiless GET."""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.request
from collections.abc import Callable
from typing import Any


class Watch:
    """The sockets of one request, shut down when its time is up: urllib's timeout bounds each
    read, not the answer, and a shut-down socket ends a blocked read at once, whatever is above.
    """

    def __init__(self) -> None:
        self.fired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def wrap(self, create: Callable[..., socket.socket]) -> Callable[..., socket.socket]:
        """``create`` (``socket.create_connection``), its sockets watched."""

        def connect(*args: Any, **kwargs: Any) -> socket.socket:
            sock = create(*args, **kwargs)
            with self._lock:
                self._sockets.append(sock)
                if self.fired:
                    _shut(sock)
            return sock

        return connect

    def fire(self) -> None:
        """Time is up: end every blocked read and write."""
        with self._lock:
            self.fired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


class _Handler(urllib.request.HTTPHandler, urllib.request.HTTPSHandler):
    """http and https connections whose sockets ``watch`` shuts down (no TLS context given:
    http.client makes its default one, certificates verified)."""

    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self.watch = watch

    def _open(self, cls: type[http.client.HTTPConnection], req: Any) -> http.client.HTTPResponse:
        def connection(*args: Any, **kwargs: Any) -> http.client.HTTPConnection:
            made = cls(*args, **kwargs)
            made._create_connection = self.watch.wrap(made._create_connection)  # type: ignore[attr-defined]
            return made

        return self.do_open(connection, req)  # type: ignore[arg-type]

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self._open(http.client.HTTPConnection, req)

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self._open(http.client.HTTPSConnection, req)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not followed: urllib would turn the POST into a bodiless
    GET, send it anywhere (another host, another scheme) and report that GET's 200."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def watched_opener(watch: Watch) -> urllib.request.OpenerDirector:
    """An opener whose connections ``watch`` shuts down when fired; it follows no redirect."""
    return urllib.request.build_opener(_NoRedirect, _Handler(watch))
