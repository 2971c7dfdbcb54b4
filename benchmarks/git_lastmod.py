"""Benchmark: git lastmod for 10,000 files in a 5,000-commit repository.

Prints, in one run: the batched reader's time, one bare ``git log --no-renames --name-only``
pass with the reader's own pathspecs (the floor: git's own cost; the reader turns rename
detection off too), one ``git log -1`` per file (timed on a sample and scaled), the ratios,
and peak memory. Budget: within 1.5x of the bare pass, at least 100x faster than per-file; each
printed as met or MISSED, and the exit status is 1 when one is missed. The reference reader
(``REFERENCE``'s ``_git_history.py``, read from this checkout's git history: the last one
that replayed ``git log -m``'s per-parent diffs) is timed too, and every file's date (status,
commit) must equal its answer: any difference fails the run.

The repository is made once with ``git fast-import`` and cached in ``benchmarks/.cache/``.
Times are CPU (this process and git's), not wall: the machine is shared.
Run: ``.venv/bin/python benchmarks/git_lastmod.py [FILES COMMITS] [--merge-heavy] [--profile]``
(10,000 and 5,000; ``--merge-heavy``: a merge every 4 commits, side branches forked 20 commits
back; ``--profile``: first the CPU of one read's phases, best of 5: git's children, then our
Python's locating, parse, replay, dates and lookups).
"""

from __future__ import annotations

import importlib.util
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from benchmarks._runs import cpu_with_children
from sitemap_core._lastmod import GitDates, _git_history
from sitemap_core._lastmod._git_history import _pathspecs, _tracked_count

T = TypeVar("T")

#: The reader every answer is checked against (main before the first-parent --raw pass).
REFERENCE = "593e6e2a724c3e81d1cbb3ba08fa414d0b31c921"

FILES = 10_000
COMMITS = 5_000
MERGE_EVERY = 25  # a side branch of two commits merged back: 1 merge in 25 commits
SAMPLE = 100
CACHE = Path(__file__).resolve().parent / ".cache"
ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"}


def names(files: int = FILES) -> list[str]:
    return [f"docs/section-{i // 100:03d}/page {i:05d}.md" for i in range(files)]


def floor_command(repo: Path, rels: list[str]) -> list[str]:
    """git's own pass over what the reader reads: no rename detection (the reader turns it
    off) and the reader's pathspecs (none when it reads the whole history: for more than
    half the files its index lists)."""
    whole = len(set(rels)) * 2 > _tracked_count(repo / ".git" / "index")
    return [
        "git", "-C", str(repo), "--literal-pathspecs", "log", "--no-renames", "--name-only",
        "-z", "--format=%H %cI", "--", *(() if whole else _pathspecs(rels)),
    ]  # fmt: skip


def make_repo(
    repo: Path, count_files: int = FILES, count_commits: int = COMMITS, heavy: bool = False
) -> None:
    """One fast-import stream: an initial commit of every file, then small edits, with side
    branches merged back now and then (``heavy``: a merge every 4 commits, each side branch
    forked 20 commits back, as long-lived feature branches are)."""
    rng = random.Random(7)
    files = names(count_files)
    out: list[str] = []
    mark = 0
    stamp = 1_600_000_000

    def header(branch: str, parents: list[int]) -> int:
        nonlocal mark, stamp
        mark += 1
        stamp += 3600
        out.append(f"commit refs/heads/{branch}\nmark :{mark}")
        out.append(f"committer Bench <bench@example.org> {stamp} +0000\ndata 1\nc")
        if parents:
            out.append(f"from :{parents[0]}")
        out.extend(f"merge :{p}" for p in parents[1:])
        return mark

    def modify(path: str, text: str) -> None:
        data = text.encode()
        out.append(f'M 100644 inline "{path}"\ndata {len(data)}\n{text}')

    header("main", [])
    for path in files:
        modify(path, f"{path} 0\n")
    modify("src/app.py", "print()\n")
    main = mark
    line = [main]
    count = 1
    every = 4 if heavy else MERGE_EVERY
    while count < count_commits:
        if count % every == 0 and count_commits - count >= 3:
            side_changes: dict[str, str] = {}
            side = line[-20] if heavy and len(line) > 20 else main
            for _ in range(2):
                side = header("side", [side])
                for path in rng.sample(files, 3):
                    side_changes[path] = f"{path} side {count}\n"
                    modify(path, side_changes[path])
            main = header("main", [main, side])
            line.append(main)
            for path, text in side_changes.items():
                modify(path, text)
            count += 3
            continue
        main = header("main", [main])
        line.append(main)
        for path in rng.sample(files, rng.randint(1, 5)):
            modify(path, f"{path} {count}\n")
        if rng.random() < 0.1:
            modify("src/app.py", f"print({count})\n")
        count += 1
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=ENV)
    stream = ("\n".join(out) + "\n").encode()
    subprocess.run(
        ["git", "-C", str(repo), "fast-import", "--quiet"], input=stream, check=True, env=ENV
    )
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "-f", "main"], check=True, env=ENV)
    time.sleep(1)  # files written in the index's second stay racy: see settle()


def settle(repo: Path) -> None:
    """Refresh the index, as any working copy's first ``git status`` does: while the files
    are as new as the index (a checkout just made), each read-only status, the reader's
    included, rereads every file to be sure it is unchanged (+0.05 s at 10,000 files)."""
    subprocess.run(["git", "-C", str(repo), "status", "--porcelain"], capture_output=True, env=ENV)


def reference_reader() -> type[GitDates] | None:
    """``GitDates`` as ``REFERENCE`` wrote it, loaded from this checkout's history."""
    source = subprocess.run(
        ["git", "-C", str(Path(__file__).resolve().parent), "show",
         f"{REFERENCE}:sitemap_core/_lastmod/_git_history.py"],
        capture_output=True, check=False,
    )  # fmt: skip
    if source.returncode != 0:
        return None
    spec = importlib.util.spec_from_loader("_reference_git_history", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    exec(compile(source.stdout, f"{REFERENCE[:7]}:_git_history.py", "exec"), module.__dict__)
    return module.GitDates  # type: ignore[no-any-return]


def timed(label: str, function: object) -> float:
    """Run ``function``; print and return its CPU time, git's included (wall time on a shared
    machine measures the other helpers' load)."""
    start, wall = cpu_with_children(), time.perf_counter()
    function()  # type: ignore[operator]
    took = cpu_with_children() - start
    print(f"  {label:<44} {took:8.3f} s CPU ({time.perf_counter() - wall:.3f} s wall)")
    return max(took, 1e-6)  # never a zero to divide


def profile(paths: list[Path]) -> None:
    """Print the CPU of one read by phase (best of 5, ms): this process and the git children
    (log, status, rev-parse), then the Python phases redone on the log the reader parsed."""
    texts: list[str] = []
    parse = _git_history._Log

    class Seen(parse):  # type: ignore[misc, valid-type]
        def __init__(self, text: str) -> None:
            texts.append(text)
            super().__init__(text)

    best: dict[str, float] = {}

    def phase(name: str, function: Callable[..., T], *args: object) -> T:
        kinds = (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
        start = [sum(resource.getrusage(k)[:2]) for k in kinds]
        result = function(*args)
        for label, was, kind in zip((name, name + ", git"), start, kinds, strict=True):
            took = sum(resource.getrusage(kind)[:2]) - was
            best[label] = min(best.get(label, took), took)
        return result

    def read(dates: GitDates) -> None:
        dates.prepare(paths)
        for path in paths:
            dates.lookup(path)

    _git_history._Log = Seen  # type: ignore[misc]
    try:
        for _ in range(5):
            dates = GitDates()
            phase("read: prepare and lookups", read, dates)
            with _git_history._collector_paused():  # as the reader does
                log = phase("  parse the log", parse, texts.pop())
                head = next(iter(log.commits))
                answers = phase("  replay", _git_history._replay, log, head, set(), set())
                tokens = [token for token in set(answers.values()) if isinstance(token, tuple)]
                phase("  dates", list, map(log.dated, tokens))
                del log, answers, tokens
            phase("  locate every file", list, map(GitDates().locate, paths))
            phase("  lookups", list, map(dates.lookup, paths))
            del dates
    finally:
        _git_history._Log = parse  # type: ignore[misc]
    for name, took in best.items():
        if took or ", git" not in name:
            print(f"  {name:<44} {took * 1000:8.1f} ms CPU")


def main(argv: list[str]) -> int:
    if shutil.which("git") is None:
        print("git is not installed")
        return 1
    heavy, profiled = "--merge-heavy" in argv, "--profile" in argv
    argv = [a for a in argv if a not in ("--merge-heavy", "--profile")]
    files, commits = (int(argv[0]), int(argv[1])) if argv else (FILES, COMMITS)
    repo = CACHE / f"git-{files}-{commits}{'-merges' if heavy else ''}"
    if not (repo / ".git").is_dir():
        shutil.rmtree(repo, ignore_errors=True)
        print(f"creating {repo} ...")
        start = time.perf_counter()
        make_repo(repo, files, commits, heavy)
        print(f"  created in {time.perf_counter() - start:.1f} s")
    settle(repo)
    count = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "--count", "HEAD"],
        capture_output=True, text=True, check=True, env=ENV,
    ).stdout.strip()  # fmt: skip
    merges = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "--merges", "--count", "HEAD"],
        capture_output=True, text=True, check=True, env=ENV,
    ).stdout.strip()  # fmt: skip
    rels = names(files)
    paths = [repo / name for name in rels]
    print(f"repository: {len(paths):,} files, {int(count):,} commits ({merges} merges)")
    if profiled:
        profile(paths)

    answers: dict[Path, object] = {}
    before: dict[Path, object] = {}
    reference = reference_reader()

    def read(reader: type[GitDates], into: dict[Path, object]) -> None:
        dates = reader()
        dates.prepare(paths)
        for path in paths:
            found = dates.lookup(path)
            into[path] = (found.status, found.when, found.commit, found.edit)

    def batched() -> None:
        read(GitDates, answers)

    def old() -> None:
        assert reference is not None
        read(reference, before)

    floor_argv = floor_command(repo, rels)
    print(f"floor: {' '.join(floor_argv[3:])}")

    def bare() -> None:
        subprocess.run(floor_argv, capture_output=True, check=True, env=ENV)

    sample = random.Random(1).sample(paths, min(SAMPLE, len(paths)))
    expected: dict[Path, str] = {}

    def per_file() -> None:
        for path in sample:
            expected[path] = subprocess.run(
                ["git", "-C", str(repo), "log", "-1", "--format=%cI", "--", str(path)],
                capture_output=True, text=True, check=True, env=ENV,
            ).stdout.strip()  # fmt: skip

    timed("warm-up (page cache)", bare)
    ours, floor, old_times = [], [], []
    for _ in range(5):  # alternating: the load drifts
        ours.append(timed("batched reader (ours), all files", batched))
        floor.append(timed("bare git log --no-renames pass", bare))
        if reference is not None:
            old_times.append(timed(f"reference reader ({REFERENCE[:7]}), all files", old))
    ours_cpu, floor_cpu = statistics.median(ours), statistics.median(floor)
    sampled = timed(f"git log -1 per file, {len(sample)} files", per_file)
    scaled = sampled * len(paths) / len(sample)
    print(f"  {'git log -1 per file, scaled to all files':<44} {scaled:8.3f} s")
    wrong = [p for p in sample if _iso(answers[p]) != expected[p]]
    differ = [p for p in paths if reference is not None and answers[p] != before[p]]
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    near, far = ours_cpu <= 1.5 * floor_cpu, scaled >= 100 * ours_cpu
    print(
        f"ours / bare pass:     {ours_cpu / floor_cpu:6.2f}x   (medians of 5; budget at most "
        f"1.5x): {'met' if near else 'MISSED'}"
    )
    if old_times:
        print(f"reference / bare pass: {statistics.median(old_times) / floor_cpu:5.2f}x")
    print(
        f"per-file / ours:      {scaled / ours_cpu:6.0f}x   (budget at least 100x): "
        f"{'met' if far else 'MISSED'}"
    )
    print(f"peak RSS: python {own:.0f} MiB, largest git child {children:.0f} MiB")
    print(f"sample check: {len(sample) - len(wrong)}/{len(sample)} equal to git log -1")
    if reference is None:
        print(f"reference reader {REFERENCE[:7]} not in this checkout's history: cannot compare")
    else:
        print(f"same answers as {REFERENCE[:7]}: {len(paths) - len(differ):,}/{len(paths):,}")
        for path in differ[:5]:
            print(f"  {path}: {before[path]} -> {answers[path]}")
    return 0 if near and far and not wrong and reference is not None and not differ else 1


def _iso(answer: object) -> str | None:
    when = answer[1] if isinstance(answer, tuple) else None
    return when.isoformat() if when is not None else None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
