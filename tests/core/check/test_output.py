"""``check``'s text and JSON output: control characters in findings are escaped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_check_text_output_escapes_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J.txt"
    path.write_bytes(b"https://example.org/a\x1b]0;pwned\x07b\nhttps://example.org/\x9bc\n")
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\x9b" not in done.stdout
    assert "evil\\x1b[2J.txt" in done.stdout
    json_out = subprocess.run(
        [sys.executable, "-m", "sitemap_core", "check", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "\x1b" not in json_out.stdout
