"""The benchmarks are honest: each budget a script states is judged where it is printed (met or
MISSED), and the git floor is git's own cost of what our reader reads."""

from __future__ import annotations

import ast
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import git_lastmod
from sitemap_core._lastmod import GitDates

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def budget_prints(path: Path) -> list[str]:
    """The source of each ``print(...)`` in ``path`` that names a budget or a target."""
    text = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            source = ast.get_source_segment(text, node) or ""
            if "budget" in source.lower() or "target" in source.lower():
                found.append(source)
    return found


@pytest.mark.parametrize("script", sorted(BENCHMARKS.glob("*.py")), ids=lambda p: p.name)
def test_each_stated_budget_is_printed_as_met_or_missed(script: Path) -> None:
    unjudged = [s for s in budget_prints(script) if "'met'" not in s or "'MISSED'" not in s]
    assert unjudged == []


def test_core_write_says_its_budgets_were_missed_or_met() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "core_write.py"), "2000"],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if "budget" in line]
    assert len(lines) == 2, done.stdout + done.stderr
    assert all(line.endswith((": met", ": MISSED")) for line in lines), lines
    assert done.returncode == (1 if any(line.endswith("MISSED") for line in lines) else 0)


def test_the_git_floor_reads_what_the_reader_reads_without_renames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reader's own ``git log``, seen through a ``git`` that notes its arguments, and
    the benchmark's floor: the same pathspecs, rename detection off in both."""
    monkeypatch.setattr(git_lastmod, "CACHE", tmp_path)
    assert git_lastmod.main(["300", "60"]) in (0, 1)
    out = capsys.readouterr().out
    assert "ours / bare pass" in out and "bare git log --no-renames pass" in out
    repo = tmp_path / "git-300-60"
    # One file per git process (named by its pid): the reader may run two at once, and
    # their lines appended to one file could interleave.
    noted = tmp_path / "argv"
    noted.mkdir()
    spy = tmp_path / "git"
    spy.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {noted}/$$\nexec git "$@"\n')
    spy.chmod(spy.stat().st_mode | stat.S_IXUSR)
    rels = git_lastmod.names(300)
    GitDates(git=str(spy)).prepare([repo / rel for rel in rels])
    runs = [path.read_text().split("\n")[:-1] for path in noted.iterdir()]
    logs = [argv for argv in runs if "log" in argv]
    assert len(logs) == 1, runs
    floor = git_lastmod.floor_command(repo, rels)
    assert "--no-renames" in logs[0] and "--no-renames" in floor
    assert floor[floor.index("--") + 1 :] == logs[0][logs[0].index("--") + 1 :]


def test_git_lastmod_profile_prints_each_phase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(git_lastmod, "CACHE", tmp_path)
    assert git_lastmod.main(["300", "60", "--merge-heavy", "--profile"]) in (0, 1)
    out = capsys.readouterr().out
    phases = ("read: prepare and lookups", "parse the log", "replay", "dates", "locate", "lookups")
    for phase in phases:
        assert f"  {phase}" in out, phase
    assert "same answers as" in out and "ours / bare pass" in out
