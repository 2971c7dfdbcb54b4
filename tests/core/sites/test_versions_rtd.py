"""Builds on Read the Docs, told apart by its environment variables, on real ``sphinx-build``
and ``mkdocs build`` runs: no robots.txt is created (Read the Docs serves its own, which
disallows Hidden versions); a project's own robots.txt (Read the Docs' custom robots.txt) gets
the version's sitemap and Read the Docs' root sitemap; a pull request build writes no
``Sitemap:`` line; the summary says which."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from sitemap_core._sites import read_the_docs
from tests.conftest import GIT_ENV, SPHINX_BUILD, locs, mkdocs_build, write_files

HOST = "https://proj.readthedocs.io/"
VERSION_URL = HOST + "en/latest/"


def rtd_env(version_type: str, version: str = "latest") -> dict[str, str]:
    canonical = (
        f"https://proj--{version}.org.readthedocs.build/en/{version}/"
        if version_type == "external"
        else VERSION_URL
    )
    return {
        "READTHEDOCS": "True",
        "READTHEDOCS_PROJECT": "proj",
        "READTHEDOCS_LANGUAGE": "en",
        "READTHEDOCS_VERSION": version,
        "READTHEDOCS_VERSION_NAME": version,
        "READTHEDOCS_VERSION_TYPE": version_type,
        "READTHEDOCS_CANONICAL_URL": canonical,
    }


def sitemap_lines(robots: Path) -> list[str]:
    return [line for line in robots.read_text().splitlines() if line.startswith("Sitemap:")]


def test_read_the_docs_variables() -> None:
    assert read_the_docs({}) is None
    assert read_the_docs({"READTHEDOCS": "False"}) is None
    rtd = read_the_docs(rtd_env("tag", "v2.0"))
    assert rtd is not None and not rtd.external and rtd.version == "v2.0"
    assert rtd.root_sitemap(VERSION_URL) == HOST + "sitemap.xml"
    external = read_the_docs(rtd_env("external", "123"))
    assert external is not None and external.external


SPHINX = {
    "conf.py": 'import os\nextensions = ["ssg_sitemap.sphinx"]\n'
    'html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "/")\n',
    "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
    "guide.rst": "Guide\n=====\n",
}


def sphinx(src: Path, out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [SPHINX_BUILD, "-b", "html", str(src), str(out)],
        capture_output=True,
        text=True,
        env={**GIT_ENV, **env},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("version_type", ["branch", "tag"])
def test_sphinx_version_writes_no_robots_txt_of_its_own(tmp_path: Path, version_type: str) -> None:
    # Read the Docs serves the default version's robots.txt at the root instead of its own
    # generated one (which disallows Hidden versions): the build must not create one.
    src = write_files(tmp_path / "src", SPHINX)
    proc = sphinx(src, tmp_path / "out", rtd_env(version_type))
    out = tmp_path / "out"
    assert VERSION_URL + "guide.html" in locs(out / "sitemap.xml")
    assert not (out / "robots.txt").exists()
    assert f"Read the Docs build of latest ({version_type}): no robots.txt written" in proc.stdout
    # Outside Read the Docs the same base URL (with a path) leaves robots.txt alone.
    plain = {k: v for k, v in os.environ.items() if not k.startswith("READTHEDOCS")}
    plain["READTHEDOCS_CANONICAL_URL"] = VERSION_URL
    sphinx(src, tmp_path / "plain", plain)
    assert not (tmp_path / "plain/robots.txt").exists()


@pytest.mark.slow
def test_sphinx_projects_own_robots_txt_names_its_sitemap_and_the_root_one(
    tmp_path: Path,
) -> None:
    # Read the Docs' custom robots.txt: the project ships one (html_extra_path); our lines go in.
    own = "User-agent: *\nDisallow: /en/hidden/\n"
    src = write_files(tmp_path / "src", {**SPHINX, "_extra/robots.txt": own})
    (src / "conf.py").write_text((src / "conf.py").read_text() + 'html_extra_path = ["_extra"]\n')
    proc = sphinx(src, tmp_path / "out", rtd_env("branch"))
    robots = tmp_path / "out/robots.txt"
    assert robots.read_text().startswith(own)
    assert sitemap_lines(robots) == [
        f"Sitemap: {VERSION_URL}sitemap.xml",
        f"Sitemap: {HOST}sitemap.xml",
    ]
    assert "Read the Docs build of latest (branch): robots.txt names" in proc.stdout


@pytest.mark.slow
def test_sphinx_pull_request_build_writes_no_sitemap_line(tmp_path: Path) -> None:
    src = write_files(tmp_path / "src", {**SPHINX, "_extra/robots.txt": "User-agent: *\n"})
    (src / "conf.py").write_text((src / "conf.py").read_text() + 'html_extra_path = ["_extra"]\n')
    proc = sphinx(src, tmp_path / "out", rtd_env("external", "123"))
    out = tmp_path / "out"
    assert (out / "sitemap.xml").is_file()
    assert (out / "robots.txt").read_text() == "User-agent: *\n"
    assert "Read the Docs pull request build (123): no Sitemap: line" in proc.stdout


MKDOCS = {
    "mkdocs.yml": "site_name: Proj\nsite_url: !ENV READTHEDOCS_CANONICAL_URL\nplugins:\n"
    "  - sitemap\n",
    "docs/index.md": "# Home\n",
    "docs/guide.md": "# Guide\n",
}


@pytest.mark.slow
def test_mkdocs_on_read_the_docs(tmp_path: Path) -> None:
    root = write_files(tmp_path / "branch", MKDOCS)
    proc = mkdocs_build(root, env=rtd_env("branch"))
    assert VERSION_URL + "guide/" in locs(root / "site/sitemap.xml")
    assert not (root / "site/robots.txt").exists()
    assert "Read the Docs build of latest (branch): no robots.txt written" in proc.stderr
    own = write_files(tmp_path / "own", {**MKDOCS, "docs/robots.txt": "User-agent: *\n"})
    proc = mkdocs_build(own, env=rtd_env("branch"))
    assert sitemap_lines(own / "site/robots.txt") == [
        f"Sitemap: {VERSION_URL}sitemap.xml",
        f"Sitemap: {HOST}sitemap.xml",
    ]
    assert "Read the Docs build of latest (branch): robots.txt names" in proc.stderr
    pr = write_files(tmp_path / "pr", MKDOCS)
    proc = mkdocs_build(pr, env=rtd_env("external", "77"))
    assert (pr / "site/sitemap.xml").is_file()
    assert not (pr / "site/robots.txt").exists()
    assert "Read the Docs pull request build (77): no Sitemap: line" in proc.stderr
