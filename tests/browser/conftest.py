"""The headless chromium the browser tests drive: where it is and the flags every run takes."""

from __future__ import annotations

import shutil

import pytest

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_binary() -> str:
    """The chromium command; the test fails (it does not skip) where there is none."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail("chromium is not installed: `make test-browser` installs it, then runs this")
    return found
