"""A clean Python to install a built wheel into with no package index: a new virtualenv whose
site-packages holds (as symlinks) every third-party package of the test venv, none of ours, and
their commands. ``pip install --no-index --find-links DIST "ssg-sitemap[...]"`` then installs
our wheel for real and finds every dependency already there, as a runner's Python would have
them after the index."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from importlib.metadata import distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Ours, in the test venv (the editable install): left out, so only the wheel brings them.
OURS = ("ssg_sitemap", "sitemap_core", "_editable_impl_ssg_sitemap.pth", "__pycache__")
#: The folders our wheel installs into (Pelican's namespace plugin): made as real folders.
SHARED: dict[str, object] = {"pelican": {"plugins": {"sitemap": None}}}


def _link_tree(source: Path, target: Path, shared: dict[str, object]) -> None:
    target.mkdir(exist_ok=True)
    for entry in source.iterdir():
        if entry.name.startswith(OURS) or (target / entry.name).exists():
            continue
        inner = shared.get(entry.name, False)
        if inner is None:
            continue  # ours, inside a package of theirs
        if isinstance(inner, dict):
            _link_tree(entry, target / entry.name, inner)
        else:
            (target / entry.name).symlink_to(entry)


def _commands(bin_dir: Path, python: Path, site: str) -> None:
    """Each dependency's console scripts, run by the new Python."""
    for dist in distributions(path=[site]):
        if dist.metadata["Name"] == "ssg-sitemap":
            continue
        for point in dist.entry_points.select(group="console_scripts"):
            script = bin_dir / point.name
            if script.exists():
                continue
            module, _, attr = point.value.partition(":")
            script.write_text(
                f"#!{python}\nimport sys\nfrom {module} import {attr.split('.')[0]}\n"
                f"sys.exit({attr}())\n",
                encoding="utf-8",
            )
            script.chmod(0o755)


def offline_python(folder: Path) -> Path:
    """A new venv in ``folder`` with the test venv's dependencies and none of ours; its
    ``bin`` folder (put it first on PATH, as actions/setup-python does)."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    _link_tree(Path(ours), Path(site), SHARED)
    _commands(folder / "bin", python, ours)
    return folder / "bin"


def offline_env(bin_dir: Path, wheels: Path) -> dict[str, str]:
    """The environment of a command run with ``bin_dir``'s Python: pip reaches no index."""
    return {
        **{k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")},
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheels),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }


def checkout(target: Path) -> Path:
    """The repository's tracked files (and those added but not yet committed), as
    actions/checkout lays them out."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, files.split("\0")):
        source = ROOT / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the work tree
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            (target / name).symlink_to(source.readlink())
        else:
            (target / name).write_bytes(source.read_bytes())
    return target
