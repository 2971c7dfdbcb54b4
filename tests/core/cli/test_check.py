"""``ssg-sitemap check``'s command line: usage errors."""

from __future__ import annotations

import subprocess
import sys


def test_broken_ipv6_url_to_check_live_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", "https://[::1/"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "not a valid URL" in done.stderr and "Traceback" not in done.stderr
