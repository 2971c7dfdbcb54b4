"""Messages through the generator's logger: control characters in values are escaped."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import PageRecord
from tests.conftest import (
    core_build,
)


def test_build_messages_escape_control_characters(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    record = PageRecord(
        url="a.html", name="page\x1b[2J.md", front_matter={"sitemap_changefreq": "\x1b[31mdaily"}
    )
    core_build([record], out, html_checks=False)
    messages = [r.getMessage() for r in caplog.records if "changefreq" in r.getMessage()]
    assert messages and all("\x1b" not in m for m in messages)
    assert "page\\x1b[2J.md" in messages[0]
