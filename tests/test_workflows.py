"""The repository's own GitHub workflows (``.github/workflows/``), run as GitHub runs them: each
job's ``run:`` steps in order, in a checkout of the repository, with the Python
actions/setup-python would give (a clean venv, ``offline_env``), and no package index. The
release job builds the sdist and the wheel from it, checks both, installs the wheel and builds
the example sites with it; its ``uses:`` steps (checkout, setup-python, the artifact and the
PyPI upload) are GitHub's."""

from __future__ import annotations

import re
import subprocess
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from sitemap_core import __version__
from tests.offline_env import ROOT, checkout, offline_env, offline_python

WORKFLOWS = ROOT / ".github" / "workflows"
_STARTS = re.compile(r"^startsWith\(github\.ref, '([^']*)'\)$")


def workflow(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    return data


def _holds(condition: str | None, ref: str) -> bool:
    if condition is None:
        return True
    match = _STARTS.match(condition)
    assert match, f"the test reads only startsWith(github.ref, '...') conditions: {condition}"
    return ref.startswith(match.group(1))


def run_job(
    job: dict[str, Any], workspace: Path, env: dict[str, str], ref: str
) -> list[tuple[str, int | None, str]]:
    """Each step's name, exit status (None: a ``uses:`` step, GitHub's) and output, stopping
    at the first that fails, as the runner does (bash -eo pipefail)."""
    temp = workspace.parent / "runner-temp"
    temp.mkdir(exist_ok=True)
    ran: list[tuple[str, int | None, str]] = []
    for step in job["steps"]:
        name = step.get("name", step.get("uses", ""))
        if not _holds(step.get("if"), ref):
            continue
        if "uses" in step:
            ran.append((name, None, ""))
            continue
        assert "${{" not in step["run"], f"{name}: no expressions in a shell step"
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=workspace,
            env={
                **env,
                "RUNNER_TEMP": str(temp),
                "GITHUB_REF": ref,
                "GITHUB_REF_NAME": ref.rpartition("/")[2],
            },
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            timeout=900,
        )
        ran.append((name, done.returncode, done.stdout))
        if done.returncode:
            break
    return ran


def test_each_shell_step_is_valid_bash_and_the_release_publishes_only_on_a_tag() -> None:
    for name in ("ci.yml", "release.yml"):
        for job in workflow(name)["jobs"].values():
            for step in job["steps"]:
                if "run" in step:
                    syntax = subprocess.run(["bash", "-n", "-c", step["run"]], check=False)
                    assert syntax.returncode == 0, (name, step)
    release = workflow("release.yml")
    on: dict[str, Any] = release.get("on") or release.get(True)  # type: ignore[call-overload]
    assert on["push"] == {"tags": ["v*"]}
    publish = release["jobs"]["publish"]
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing: no token
    assert publish["steps"][-1]["uses"] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in publish["steps"][-1]  # no password: PyPI trusts the workflow


@pytest.mark.slow
def test_the_release_job_builds_checks_installs_and_runs_the_wheel(tmp_path: Path) -> None:
    workspace = checkout(tmp_path / "workspace")
    env = offline_env(offline_python(tmp_path / "python"), workspace / "dist")
    job = workflow("release.yml")["jobs"]["build"]

    ran = run_job(job, workspace, env, f"refs/tags/v{__version__}")
    failed = [(name, out) for name, status, out in ran if status]
    assert failed == []
    assert [name for name, status, _ in ran if status is None] == [
        "actions/checkout@v4",
        "actions/setup-python@v5",
        "actions/upload-artifact@v4",
    ]
    assert "The tag names the package's version" in [name for name, _, _ in ran]
    dist = workspace / "dist"
    sdist = dist / f"ssg_sitemap-{__version__}.tar.gz"
    wheel = dist / f"ssg_sitemap-{__version__}-py3-none-any.whl"
    assert sorted(p.name for p in dist.iterdir()) == [wheel.name, sdist.name]
    with tarfile.open(sdist) as tar:
        assert f"ssg_sitemap-{__version__}/LICENSE" in tar.getnames()
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        metadata = whl.read(f"ssg_sitemap-{__version__}.dist-info/METADATA").decode()
    assert f"ssg_sitemap-{__version__}.dist-info/licenses/LICENSE" in names
    assert "pelican/plugins/sitemap/__init__.py" in names
    assert "sitemap_core/_check/graph_page.html" in names  # check --graph's template
    assert "Classifier: Framework :: Sphinx :: Extension" in metadata
    assert "Project-URL: Issues, https://github.com/ssg-sitemap/ssg-sitemap/issues" in metadata
    smoke = ran[-2][2]  # the example sites, built by the installed wheel
    assert [b.split()[0] for b in re.split(r"^== ", smoke, flags=re.M)[1:]] == [
        "static",
        "pelican",
        "mkdocs",
        "sphinx",
    ], smoke
    assert smoke.count("check: OK:") == 4, smoke
    assert str(workspace / "examples") not in smoke  # the copy, not the checkout's examples


@pytest.mark.slow
def test_a_tag_that_is_not_the_version_stops_the_release(tmp_path: Path) -> None:
    workspace = checkout(tmp_path / "workspace")
    job = workflow("release.yml")["jobs"]["build"]
    tag_check = "The tag names the package's version"
    job["steps"] = [s for s in job["steps"] if s.get("name") == tag_check]
    ran = run_job(job, workspace, offline_env(tmp_path, tmp_path), "refs/tags/v99.0.0")
    assert ran[-1][1] == 1 and f"is not v{__version__}" in ran[-1][2], ran


def test_the_ci_job_runs_the_ci_script(tmp_path: Path) -> None:
    """The CI job's step runs ``.ci/run`` for real, with make in dry-run mode (``-n``: each
    recipe printed, none run): make test, then make compat-examples."""
    workspace = checkout(tmp_path / "workspace")
    env = {**offline_env(tmp_path, tmp_path), "MAKEFLAGS": "-n"}
    env.pop("MAKELEVEL", None)
    ran = run_job(workflow("ci.yml")["jobs"]["test"], workspace, env, "refs/heads/main")
    assert [(name, status) for name, status, _ in ran] == [
        ("actions/checkout@v4", None),
        ("actions/setup-python@v5", None),
        ("Run the CI script", 0),
    ], ran
    out = ran[-1][2]
    assert out.index(".venv/bin/ruff check .") < out.index(".venv/bin/pytest")
    assert out.index(".venv/bin/pytest") < out.index("--error-on-missing-interpreters -s examples")
    assert not (workspace / ".venv").exists()  # a dry run changes nothing
