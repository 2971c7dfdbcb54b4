"""``check``'s text and JSON output: control characters in findings are escaped."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import cli


def test_check_text_output_escapes_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J.txt"
    path.write_bytes(b"https://example.org/a\x1b]0;pwned\x07b\nhttps://example.org/\x9bc\n")
    done = cli("check", str(path))
    assert done.returncode == 1, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\x9b" not in done.stdout
    assert "evil\\x1b[2J.txt" in done.stdout
    json_out = cli("check", "--format", "json", str(path))
    assert "\x1b" not in json_out.stdout
