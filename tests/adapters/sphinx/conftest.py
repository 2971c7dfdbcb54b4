"""Helpers shared by the tests of this folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import (
    GIT_ENV,
)

SPHINX_BUILD = str(Path(sys.executable).parent / "sphinx-build")


PAGES = {
    "index.rst": "Home\n====\n\n.. toctree::\n\n   utils\n   version\n",
    "utils.rst": "Utilities\n=========\n\nText.\n",
    "version.rst": "Version handling\n================\n\nText.\n",
}


def sphinx(src: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SPHINX_BUILD, "-b", "html", str(src), str(out), *args],
        capture_output=True,
        text=True,
        env=GIT_ENV,
        check=False,
    )
