"""The compatibility matrix: every declared Python and generator range, tested for real.

``make compat`` runs every session (the Makefile puts pyenv's interpreters on PATH);
``make test`` runs the ``examples`` session. One session (nox names a parametrized one by
its parameter): ``.venv/bin/nox -s "sphinx(version='7.2.6')"``; the list: ``.venv/bin/nox -l``.

Each session installs the package and its test dependencies into a fresh virtualenv with the
generator versions pinned, then runs the core tests (everything not marked slow) and the slow
tests of the adapters whose versions it pins (the test files that build with that generator).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

import nox

nox.options.error_on_missing_interpreters = True
nox.options.default_venv_backend = "venv"

ROOT = Path(__file__).resolve().parent
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
#: Where a pinned generator is tested on a newer Python than its floor's.
MIDDLE_PYTHON = "3.12"

#: The floors declared in pyproject.toml (the ``pelican``, ``mkdocs``, ``sphinx`` extras).
#: Sphinx 7.0.0 caps docutils below 0.20, which Pelican 4.9 needs: the floor is 7.0.1.
OLDEST = {"sphinx": "7.0.1", "pelican": "4.9.0", "mkdocs": "1.6.0"}
#: Versions where a generator's API changed, on a newer Python than the floor's. The newest are
#: what the ``tests`` sessions resolve, except Pelican: pip settles on 4.10 there (4.12 caps
#: Pygments below what other test dependencies want), so 4.12 is pinned here.
VERSIONS = {
    "sphinx": ["7.2.6", "8.1.3"],
    "pelican": ["4.11.0", "4.12.0"],
    "mkdocs": ["1.6.0"],
}
#: The runtime dependencies' floors (pyproject.toml ``dependencies``).
LIBRARY_FLOORS = ["pluggy==1.3.0", "lxml==5.0.0", "pathspec==0.11.0", "PyYAML==6.0"]

#: What marks a test file as one that builds with a generator, beside its name.
MARKERS = {
    "sphinx": ("ssg_sitemap.sphinx", "sphinx_build(", "SPHINX_BUILD"),
    "pelican": ("read_settings", "run_pelican", "PELICAN"),
    # deploy_three_versions: mike runs ``mkdocs build`` for each version it deploys.
    "mkdocs": ("mkdocs_build(", "MKDOCS", "mkdocs.yml", "deploy_three_versions("),
}
CORE = ("-m", "not slow and not browser")


def adapter_tests(generator: str) -> list[str]:
    """The test files that build real sites with ``generator``."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if path.parent == ROOT / "tests" / "adapters" / generator or any(
            marker in text for marker in MARKERS[generator]
        ):
            found.append(str(path.relative_to(ROOT)))
    return found


def install(session: nox.Session, *pins: str, without: tuple[str, ...] = ()) -> None:
    """The package with its test dependencies (less those named in ``without``), ``pins``
    applied, and the versions it got."""
    # hatchling: a test builds a plugin package without build isolation, as make's .venv can.
    session.install("--quiet", "--upgrade", "pip", "hatchling")
    if without:
        session.install("--quiet", ".", *test_requirements(without), *pins)
    else:
        session.install("--quiet", ".[test]", *pins)
    # The package itself always anew: the adapters are copied into place at install time.
    session.install("--quiet", "--no-deps", "--force-reinstall", ".")
    session.run("python", "-c", VERSIONS_SHOWN, silent=False)


VERSIONS_SHOWN = """
import sys
from importlib.metadata import PackageNotFoundError, version
def shown(name):
    try:
        return f"{name} {version(name)}"
    except PackageNotFoundError:
        return f"{name} -"
names = ["sphinx", "pelican", "mkdocs", "docutils", "pluggy", "lxml", "pathspec", "PyYAML"]
print("python", sys.version.split()[0], *map(shown, names))
"""


def test_requirements(without: tuple[str, ...]) -> list[str]:
    """The ``test`` extra of pyproject.toml, less the packages named in ``without``."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        extra = tomllib.load(handle)["project"]["optional-dependencies"]["test"]
    return [r for r in extra if re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0] not in without]


def pytest(session: nox.Session, *args: str) -> None:
    session.run("pytest", "-q", "-p", "no:cacheprovider", *args, *session.posargs)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite (core and every adapter) with the newest generators this Python takes."""
    install(session)
    pytest(session)


@nox.session(python="3.10")
def oldest(session: nox.Session) -> None:
    """The oldest declared Python and generators: core and every adapter's slow tests."""
    install(session, *(f"{name}=={v}" for name, v in OLDEST.items()))
    pytest(session, *CORE)
    files = sorted({f for generator in OLDEST for f in adapter_tests(generator)})
    pytest(session, "-m", "slow", *files)


@nox.session(python=MIDDLE_PYTHON)
@nox.parametrize("version", VERSIONS["sphinx"])
def sphinx(session: nox.Session, version: str) -> None:
    """One Sphinx version: core tests and the Sphinx adapter's slow tests."""
    generator_session(session, "sphinx", version)


@nox.session(python=MIDDLE_PYTHON)
@nox.parametrize("version", VERSIONS["pelican"])
def pelican(session: nox.Session, version: str) -> None:
    """One Pelican version: core tests and the Pelican adapter's slow tests. Without zensical
    (its tests skip): Pelican 4.11 and 4.12 cap Pygments below the 2.20 zensical needs."""
    generator_session(session, "pelican", version, without=("zensical",))


@nox.session(python=MIDDLE_PYTHON)
@nox.parametrize("version", VERSIONS["mkdocs"])
def mkdocs(session: nox.Session, version: str) -> None:
    """One MkDocs version: core tests and the MkDocs adapter's slow tests."""
    generator_session(session, "mkdocs", version)


def generator_session(
    session: nox.Session, generator: str, version: str, without: tuple[str, ...] = ()
) -> None:
    install(session, f"{generator}=={version}", without=without)
    pytest(session, *CORE)
    pytest(session, "-m", "slow", *adapter_tests(generator))


@nox.session(python="3.10")
def examples(session: nox.Session) -> None:
    """The oldest combination, short (``make compat-examples``; CI runs it after ``make
    test``): a real build of each example site, inside a git repository, with the oldest
    declared Sphinx, Pelican and MkDocs on Python 3.10, ``ssg-sitemap build``/``check`` on the
    results, and git's date asserted in each generator's sitemap."""
    install(session, *(f"{name}=={v}" for name, v in OLDEST.items()))
    run_examples(session)


@nox.session(python="3.10")
def floors(session: nox.Session) -> None:
    """The runtime dependencies' declared floors on Python 3.10: every module imports and the
    command line builds and checks a site. (pytest 8 needs a newer pluggy, so no pytest.)"""
    session.install("--quiet", "--upgrade", "pip")
    session.install("--quiet", ".", *LIBRARY_FLOORS)
    session.install("--quiet", "--no-deps", "--force-reinstall", ".")
    session.run("python", "-c", VERSIONS_SHOWN)
    session.run("python", "-c", IMPORT_ALL)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(ROOT / "examples" / "static" / "site", site)
        base = "https://static.example.org/"
        session.run("ssg-sitemap", "build", str(site), "--base-url", base, "--gzip")
        session.run("ssg-sitemap", "check", str(site), "--strict")


IMPORT_ALL = """
import importlib, pkgutil, sitemap_core
names = [m.name for m in pkgutil.walk_packages(sitemap_core.__path__, "sitemap_core.")]
names = [n for n in names if not n.endswith(".__main__")]  # that one runs the command line
for name in names:
    importlib.import_module(name)
print(len(names), "modules of sitemap_core imported")
"""


def run_examples(session: nox.Session) -> None:
    """``examples/demo.py`` on a copy of examples/: each site built by its generator (the static
    one by ``ssg-sitemap build``), then ``ssg-sitemap check`` of every output."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "examples"
        shutil.copytree(
            ROOT / "examples",
            copy,
            ignore=shutil.ignore_patterns("output", "site", "_build", "public", "__pycache__"),
        )
        # "site" is both the static example's source and MkDocs' output folder: copy it back.
        shutil.copytree(ROOT / "examples" / "static" / "site", copy / "static" / "site")
        # Every MkDocs page has a front-matter date: one loses it, so git dates it.
        colophon = copy / "mkdocs" / "docs" / "colophon.md"
        text = colophon.read_text(encoding="utf-8")
        colophon.write_text(text.replace("updated: 2024-04-02\n", ""), encoding="utf-8")
        commit_all(session, Path(tmp))
        env = {"PYTHONDONTWRITEBYTECODE": "1", "NO_MKDOCS_2_WARNING": "1"}
        session.run("python", str(copy / "demo.py"), env={**os.environ, **env})
        for output in ("pelican/output", "mkdocs/site", "sphinx/_build/html"):
            sitemap = (copy / output / "sitemap.xml").read_text(encoding="utf-8")
            if f"<lastmod>{GIT_DAY}" not in sitemap:
                session.error(f"examples/{output}/sitemap.xml has no page dated {GIT_DAY} by git")


#: The date of the one commit the examples are built in: each page without a date of its own
#: gets it (git lastmod, with the oldest generators too).
GIT_DAY = "2024-05-06"


def commit_all(session: nox.Session, folder: Path) -> None:
    """``folder`` as a git repository of one commit, made on :data:`GIT_DAY`."""
    when = f"{GIT_DAY}T07:08:09+00:00"
    who = {"NAME": "Example", "EMAIL": "example@example.org", "DATE": when}
    env = {
        f"GIT_{role}_{key}": value for role in ("AUTHOR", "COMMITTER") for key, value in who.items()
    }
    for argv in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "The examples"]):
        session.run("git", "-C", str(folder), *argv, env=env, external=True, silent=True)
