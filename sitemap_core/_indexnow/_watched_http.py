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


class _WatchedHTTP(http.client.HTTPConnection):
    def __init__(self, *args: Any, watch: Watch, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = watch.wrap(self._create_connection)  # type: ignore[has-type]


class _WatchedHTTPS(http.client.HTTPSConnection):
    def __init__(self, *args: Any, watch: Watch, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = watch.wrap(self._create_connection)  # type: ignore[has-type]


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self.watch = watch

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_WatchedHTTP, req, watch=self.watch)  # type: ignore[arg-type]


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self.watch = watch

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        # no context given: http.client makes its default one (certificates verified)
        return self.do_open(_WatchedHTTPS, req, watch=self.watch)  # type: ignore[arg-type]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not followed: urllib would turn the POST into a bodiless
    GET, send it anywhere (another host, another scheme) and report that GET's 200."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def watched_opener(watch: Watch) -> urllib.request.OpenerDirector:
    """An opener whose connections ``watch`` shuts down when fired; it follows no redirect."""
    return urllib.request.build_opener(_NoRedirect, _HTTPHandler(watch), _HTTPSHandler(watch))
