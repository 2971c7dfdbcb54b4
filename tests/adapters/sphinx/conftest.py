"""``sphinx-build`` in its own process on a three-page project (the shape of packaging's and
joserfc's docs)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.conftest import (
    GIT_ENV,
    SPHINX_BUILD,
)

PAGES = {
    "index.rst": "Home\n====\n\n.. toctree::\n\n   utils\n   version\n",
    "utils.rst": "Utilities\n=========\n\nText.\n",
    "version.rst": "Version handling\n================\n\nText.\n",
}


def sphinx(src: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -b html SRC OUT ARGS`` with the tests' git identity (never raises)."""
    return subprocess.run(
        [SPHINX_BUILD, "-b", "html", str(src), str(out), *args],
        capture_output=True,
        text=True,
        env=GIT_ENV,
        check=False,
    )
