"""The GitHub Action (``action.yml``) and the pre-commit hook (``.pre-commit-hooks.yaml``),
run as GitHub and pre-commit would run them: the composite's ``run:`` steps in order, with
their ``if:`` and ``env:``, on a site built in the test, the deployed copy served on
127.0.0.1 and a local IndexNow stand-in. No network: the install step is checked for syntax
only, and the ``uses:`` step (actions/cache) is left to GitHub."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import build_cli, local_server, write_files
from tests.core.diff.conftest import serve_folder, write_page

REPO = Path(__file__).resolve().parent.parent
BIN = str(Path(sys.executable).parent)
KEY = "0123abcd-4567-89ef"
_CONDITION = re.compile(r"^inputs\.([\w-]+) (==|!=) '([^']*)'$")
_INPUT = re.compile(r"\$\{\{ inputs\.([\w-]+) \}\}")


@dataclass
class Ran:
    """What one run of the action did: each step's name and exit status, its output."""

    steps: list[tuple[str, int | None]] = field(default_factory=list)
    output: str = ""

    @property
    def ok(self) -> bool:
        return all(status in (0, None) for _name, status in self.steps)


def _action() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((REPO / "action.yml").read_text("utf-8"))
    return data


def _holds(condition: str | None, inputs: Mapping[str, str]) -> bool:
    if condition is None:
        return True
    match = _CONDITION.match(condition)
    assert match, f"the test reads only `inputs.x == 'v'` conditions: {condition}"
    name, op, value = match.groups()
    return (inputs[name] == value) == (op == "==")


def _expand(text: str, inputs: Mapping[str, str]) -> str:
    expanded = _INPUT.sub(lambda m: inputs[m.group(1)], text)
    assert "${{" not in expanded, f"only inputs reach a shell step: {text}"
    return expanded


def run_action(workspace: Path, runner_os: str = "Linux", **given: str) -> Ran:
    """The composite's steps in order, as the runner runs them (bash -eo pipefail), stopping
    at the first that fails, on a runner of ``runner_os``."""
    action = _action()
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    unknown = {name.replace("_", "-") for name in given} - set(inputs)
    assert not unknown, unknown
    inputs.update({name.replace("_", "-"): value for name, value in given.items()})
    temp = workspace / "runner-temp"
    temp.mkdir(exist_ok=True)
    ran = Ran()
    for step in action["runs"]["steps"]:
        name = step["name"]
        if not _holds(step.get("if"), inputs):
            continue
        if "uses" in step:
            ran.steps.append((name, None))
            continue
        env = {
            **os.environ,
            "PATH": BIN + os.pathsep + os.environ["PATH"],
            "RUNNER_TEMP": str(temp),
            "RUNNER_OS": runner_os,
            "GITHUB_ACTION_PATH": str(REPO),
            "GITHUB_PATH": str(temp / "path"),
            "GITHUB_STEP_SUMMARY": str(temp / "summary.md"),
            **{key: _expand(str(value), inputs) for key, value in step.get("env", {}).items()},
        }
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        ran.steps.append((name, done.returncode))
        ran.output += done.stdout + done.stderr
        if done.returncode:
            break
    return ran


@dataclass
class Endpoint:
    """An IndexNow stand-in: records the URLs of each POST, answers 200."""

    port: int
    sent: list[list[str]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/indexnow"


@pytest.fixture
def endpoint() -> Iterator[Endpoint]:
    holder: dict[str, Endpoint] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            holder["endpoint"].sent.append(json.loads(self.rfile.read(length))["urlList"])
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    with local_server(Handler) as port:
        holder["endpoint"] = Endpoint(port)
        yield holder["endpoint"]


def _build(site: Path, base: str) -> None:
    done = build_cli(str(site), "--base-url", base, "--indexnow-key", KEY)
    assert done.returncode == 0, done.stderr


def test_every_shell_step_is_bash_and_reads_inputs_through_env() -> None:
    for step in _action()["runs"]["steps"]:
        if "uses" in step:
            assert step["uses"].startswith("actions/cache@"), step
            continue
        assert step["shell"] == "bash"
        assert "${{" not in step["run"], f"{step['name']}: inputs go through env"
        syntax = subprocess.run(["bash", "-n", "-c", step["run"]], capture_output=True, text=True)
        assert syntax.returncode == 0, (step["name"], syntax.stderr)


def test_the_action_checks_diffs_and_announces(tmp_path: Path, endpoint: Endpoint) -> None:
    workspace = tmp_path / "workspace"
    site = workspace / "public"
    site.mkdir(parents=True)
    deployed = tmp_path / "deployed"
    with serve_folder(deployed) as port:
        base = f"http://127.0.0.1:{port}/"
        for i in range(4):
            write_page(site, f"p{i}.html", f"2024-01-0{i + 1}")
        _build(site, base)
        shutil.copytree(site, deployed)
        given = {
            "site_dir": "public",
            "base_url": base,
            "install": "false",
            "diff_against": base + "sitemap.xml",
            "fail_on_removed": "0",
            "fail_on_lastmod_churn": "50%",
            "announce": "true",
            "indexnow_key": KEY,
            "indexnow_endpoint": endpoint.url,
        }
        first = run_action(workspace, **given)
        assert first.ok, first.output
        assert [name for name, _status in first.steps] == [
            "Check the sitemaps",
            "Compare with the deployed sitemap",
            "Restore the announce state",
            "Announce changed and removed URLs",
        ]
        assert "0 added, 0 removed" in first.output
        assert (workspace / ".ssg-sitemap-announced.json").is_file()  # the first run records
        assert endpoint.sent == []

        (site / "p3.html").unlink()
        write_page(site, "p1.html", "2024-02-01")
        _build(site, base)
        gated = run_action(workspace, **given)
        assert gated.steps[-1] == ("Compare with the deployed sitemap", 1), gated.output
        assert "more than --fail-on-removed 0 allows" in gated.output
        assert "```" in (workspace / "runner-temp" / "summary.md").read_text("utf-8")
        assert endpoint.sent == []  # nothing announced past a failed gate

        passed = run_action(workspace, **{**given, "fail_on_removed": "25%"})
        assert passed.ok, passed.output
        assert sorted(endpoint.sent[0]) == [base + "p1.html", base + "p3.html"]


def test_the_check_step_fails_on_a_broken_sitemap(tmp_path: Path) -> None:
    site = tmp_path / "public"
    site.mkdir()
    write_page(site, "a.html", "2024-01-01")
    _build(site, "https://example.org/")
    assert run_action(tmp_path, site_dir="public", install="false").ok
    write_files(site, {"sitemap.xml": "<urlset>not closed"})
    ran = run_action(tmp_path, site_dir="public", install="false")
    assert ran.steps == [("Check the sitemaps", 1)], ran.output


def test_check_args_on_several_lines_are_all_used_and_quotes_work(tmp_path: Path) -> None:
    """A YAML block of check-args: every line reaches check (``--strict`` on the second line
    makes a warning fail the step), a quoted value is one argument without its quotes, and an
    unmatched quote fails the step, saying so."""
    site = tmp_path / "public"
    site.mkdir()
    write_page(site, "a.html", "2024-01-01")
    _build(site, "https://example.org/")
    (site / "robots.txt").unlink()  # a warning: no robots.txt
    given = {"site_dir": "public", "install": "false", "base_url": "https://example.org/"}
    assert run_action(tmp_path, **given, check_args="--format json\n").ok
    ran = run_action(tmp_path, **given, check_args="--format 'json'\n--strict\n")
    assert ran.steps == [("Check the sitemaps", 1)], ran.output
    assert json.loads(ran.output)["warnings"] == 1
    ran = run_action(tmp_path, **given, check_args="--timeout '30\n")
    assert ran.steps == [("Check the sitemaps", 1)], ran.output
    assert "check-args cannot be split (an unmatched quote?)" in ran.output


def test_the_install_step_says_the_action_runs_on_linux_and_macos(tmp_path: Path) -> None:
    ran = run_action(tmp_path, "Windows", site_dir="public")
    assert ran.steps == [("Install ssg-sitemap", 1)], ran.output
    assert "runs on Linux and macOS runners" in ran.output


def test_the_pre_commit_hook_runs_check_on_the_folder_given(tmp_path: Path) -> None:
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
    assert hook["language"] == "python" and hook["pass_filenames"] is False
    site = tmp_path / "public"
    site.mkdir()
    write_page(site, "a.html", "2024-01-01")
    _build(site, "https://example.org/")

    def run_hook(*args: str) -> subprocess.CompletedProcess[str]:
        entry = hook["entry"].split()
        return subprocess.run(
            [str(Path(BIN) / entry[0]), *entry[1:], *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )

    assert hook["args"] == ["site/"]
    assert run_hook("public/").returncode == 0
    write_files(site, {"sitemap.xml": "<urlset>not closed"})
    failed = run_hook("public/")
    assert failed.returncode == 1 and "sitemap.xml" in failed.stdout
