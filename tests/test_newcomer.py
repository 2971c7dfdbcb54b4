"""A newcomer's first hour: README's snippets work as pasted, a skipped schema test says what
it needs, ``make demo`` is short and says what to open, ``PYTHON=`` chooses the venv's Python."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import XSD_DIR, mkdocs_build, write_files, xsd_missing_reason

ROOT = Path(__file__).resolve().parent.parent


def readme_row(generator: str) -> str:
    """The README "Use it" table's row for ``generator``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^\| {generator} \|(.+)$", text, re.M)
    assert match, f"README has no row for {generator}"
    return match.group(1)


@pytest.mark.slow
def test_the_readme_mkdocs_line_keeps_mkdocs_default_search(tmp_path: Path) -> None:
    """A ``plugins`` list replaces MkDocs' default ``[search]``: the README line keeps it."""
    snippet = re.search(r"`(plugins: [^`]+)`", readme_row("MkDocs"))
    assert snippet, "README's MkDocs row quotes no plugins line"
    root = write_files(
        tmp_path,
        {
            "mkdocs.yml": f"site_name: S\nsite_url: https://example.org/\n{snippet.group(1)}\n",
            "docs/index.md": "# Home\n",
        },
    )
    mkdocs_build(root)
    assert (root / "site" / "sitemap.xml").is_file()
    assert (root / "site" / "search" / "search_index.json").is_file(), "search was dropped"


def schema_files(folder: Path) -> set[str]:
    """The files the ``assert_valid`` and ``xsd_dir`` users load, with the local files they
    import."""
    todo = ["sitemap.xsd", "siteindex.xsd", "sitemap-combined-minlink.xsd"]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or not (folder / name).is_file():
            continue
        seen.add(name)
        text = (folder / name).read_text(encoding="utf-8")
        todo += [n for n in re.findall(r'schemaLocation="([^"]+)"', text) if "://" not in n]
    return seen


def test_the_schema_skip_names_what_to_place_and_what_shared_is(tmp_path: Path) -> None:
    reason = xsd_missing_reason(tmp_path / "shared" / "xsd")
    assert str(tmp_path / "shared" / "xsd") in reason
    assert "not part of the repository" in reason
    assert "PROVENANCE" not in reason  # a file a clone does not have
    if not (XSD_DIR / "sitemap.xsd").is_file():
        pytest.skip(reason)
    needed = schema_files(XSD_DIR)
    assert needed >= {"sitemap.xsd", "siteindex.xsd", "xhtml-link.xsd"}
    assert sorted(n for n in needed if n not in reason) == []


@pytest.mark.slow
def test_make_demo_shows_each_sitemap_and_site_map_page_in_a_few_lines(tmp_path: Path) -> None:
    """What ``make demo`` prints, run on a copy of examples/ as CI's examples session does."""
    copy = tmp_path / "examples"
    shutil.copytree(
        ROOT / "examples",
        copy,
        ignore=shutil.ignore_patterns("output", "site", "_build", "public", "__pycache__"),
    )
    shutil.copytree(ROOT / "examples" / "static" / "site", copy / "static" / "site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, str(copy / "demo.py")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    out = done.stdout
    assert not re.search(r"warning:|WARNING", out), out
    blocks = re.split(r"^== ", out, flags=re.M)[1:]
    assert [b.split()[0] for b in blocks] == ["static", "pelican", "mkdocs", "sphinx"], out
    for block in blocks:
        lines = block.strip().splitlines()
        assert len(lines) <= 8, block
        assert sum("URLs written" in line for line in lines) == 1, block
        opened = [Path(p) for p in re.findall(r"file://(\S+)", block)]
        assert len(opened) == 2 and opened[0].name == "sitemap.xml", block
        assert all(p.is_file() for p in opened), block
        assert "site map page" in block and "OK:" in block, block


def base_of(python: str) -> str:
    """The installation a Python (or a venv made with it) runs on; empty if it does not run
    (a pyenv shim of a version not selected)."""
    done = subprocess.run(
        [python, "-c", "import sys; print(sys.base_prefix, sys.version_info[:3])"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout if done.returncode == 0 else ""


@pytest.mark.slow
def test_make_python_makes_the_venv_again_with_that_python(tmp_path: Path) -> None:
    """``make demo PYTHON=python3.X`` after .venv was made with another Python uses
    python3.X; without ``PYTHON=``, .venv is kept whatever made it."""
    first = getattr(sys, "_base_executable", sys.executable)
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates = [shutil.which(f"python3.{minor}") or "" for minor in range(10, 14)]
    candidates += [str(p) for p in sorted(pyenv.glob("3.1[0-3].*/bin/python3"))]
    others = [found for found in candidates if found and base_of(found) not in ("", base_of(first))]
    if not others:
        pytest.skip("one Python 3.10-3.13 on PATH: nothing to switch to")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")

    # Not the variables of a make that may be running these tests.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "PYTHON")}

    def make(*args: str) -> None:
        subprocess.run(["make", "-s", ".venv/bin/python", *args], cwd=tmp_path, env=env, check=True)

    venv_python = str(tmp_path / ".venv" / "bin" / "python")
    make(f"PYTHON={first}")
    assert base_of(venv_python) == base_of(first)
    make(f"PYTHON={others[0]}")
    assert base_of(venv_python) == base_of(others[0])
    make()  # the default python3: the venv stays
    assert base_of(venv_python) == base_of(others[0])
    # A dry run changes nothing: the removal is only printed.
    (tmp_path / "pyproject.toml").touch()  # what the install step depends on
    dry = subprocess.run(
        ["make", "-n", "demo", f"PYTHON={first}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "rm -rf .venv" in dry.stdout
    assert base_of(venv_python) == base_of(others[0])


_PIP_INSTALL = re.compile(r"(?:python -m )?pip install (?:[^`\n#&]|&(?!&))+")


def install_lines() -> dict[str, list[str]]:
    """Each distinct ``pip install`` of ours that README.md and docs/ write (in code spans,
    code blocks and commands inside them), with where: not the development install (``-e``),
    and not ``git+`` URLs (they need the network)."""
    found: dict[str, list[str]] = {}
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for match in _PIP_INSTALL.finditer(path.read_text(encoding="utf-8")):
            line = match.group(0).strip()
            if line.count('"') % 2:  # a TOML string's closing quote, after the command
                line = line.rstrip('"').strip()
            words = shlex.split(line)
            ours = [w for w in words if "ssg-sitemap" in w or w.startswith((".[", "./"))]
            if not ours or "-e" in words or any("git+" in w for w in words):
                continue
            found.setdefault(shlex.join(words), []).append(path.name)
    return found


def test_the_install_lines_are_found() -> None:
    lines = install_lines()
    assert {
        "pip install '.[mkdocs]'",
        "pip install --find-links dist 'ssg-sitemap[mkdocs]'",
        "pip install 'ssg-sitemap[pelican]'",
        "pip install 'ssg-sitemap[sphinx]'",
        "pip install ssg-sitemap",
        "pip install ./examples/plugin",
    } <= set(lines)
    assert all("index.md" in lines[line] for line in ("pip install '.[mkdocs]'",))


@pytest.mark.slow
def test_each_install_line_of_readme_and_docs_works_with_a_built_wheel(tmp_path: Path) -> None:
    """Each line, run as written in a checkout holding a built wheel in dist/, by a clean
    Python with no package index (``pip install --no-index --find-links dist``): it installs
    our package (from the wheel, or built from the checkout), and its command runs."""
    from tests.offline_env import checkout, offline_env, offline_python

    work = checkout(tmp_path / "ssg-sitemap")
    bin_dir = offline_python(tmp_path / "python")
    env = {**offline_env(bin_dir, work / "dist"), "PIP_NO_BUILD_ISOLATION": "0"}

    def run(command: str, cwd: Path = work) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-eo", "pipefail", "-c", command],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )

    built = run("python -m build --no-isolation --wheel --outdir dist .")
    assert built.returncode == 0, built.stdout
    where = "import sitemap_core, ssg_sitemap; print(sitemap_core.__file__, ssg_sitemap.__file__)"
    for line, pages in install_lines().items():
        run("pip uninstall -q -y ssg-sitemap sitemap-drafts")
        done = run(line)
        assert done.returncode == 0, (line, pages, done.stdout)
        # From outside the checkout: what is installed, not the source folder beside it.
        version = run("ssg-sitemap --version && python -c '" + where + "'", cwd=tmp_path)
        assert version.returncode == 0, (line, version.stdout)
        assert version.stdout.count(str(tmp_path / "python")) == 2, (line, version.stdout)
