"""Benchmark: git lastmod for 10,000 files in a 5,000-commit repository.

Prints, in one run: the batched reader's time, one bare ``git log --name-only`` pass over the
same files (the floor: git's own cost), one ``git log -1`` per file (timed on a sample and
scaled), the ratios, and peak memory. Budget: within 2x of the bare pass, at least 100x
faster than per-file.

The repository is made once with ``git fast-import`` and cached in ``benchmarks/.cache/``.
Run: ``.venv/bin/python benchmarks/git_lastmod.py``.
"""

from __future__ import annotations

import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sitemap_core._lastmod import GitDates

FILES = 10_000
COMMITS = 5_000
MERGE_EVERY = 25  # a side branch of two commits merged back: 1 merge in 25 commits
SAMPLE = 100
CACHE = Path(__file__).resolve().parent / ".cache" / f"git-{FILES}-{COMMITS}"
ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"}


def names() -> list[str]:
    return [f"docs/section-{i // 100:03d}/page {i:05d}.md" for i in range(FILES)]


def make_repo(repo: Path) -> None:
    """One fast-import stream: an initial commit of every file, then small edits, with side
    branches merged back now and then."""
    rng = random.Random(7)
    files = names()
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
    count = 1
    while count < COMMITS:
        if count % MERGE_EVERY == 0 and COMMITS - count >= 3:
            side_changes: dict[str, str] = {}
            side = main
            for _ in range(2):
                side = header("side", [side])
                for path in rng.sample(files, 3):
                    side_changes[path] = f"{path} side {count}\n"
                    modify(path, side_changes[path])
            main = header("main", [main, side])
            for path, text in side_changes.items():
                modify(path, text)
            count += 3
            continue
        main = header("main", [main])
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


def timed(label: str, function: object) -> float:
    start = time.perf_counter()
    function()  # type: ignore[operator]
    took = time.perf_counter() - start
    print(f"  {label:<44} {took:8.3f} s")
    return took


def main() -> int:
    if shutil.which("git") is None:
        print("git is not installed")
        return 1
    if not (CACHE / ".git").is_dir():
        shutil.rmtree(CACHE, ignore_errors=True)
        print(f"creating {CACHE} ...")
        start = time.perf_counter()
        make_repo(CACHE)
        print(f"  created in {time.perf_counter() - start:.1f} s")
    count = subprocess.run(
        ["git", "-C", str(CACHE), "rev-list", "--count", "HEAD"],
        capture_output=True, text=True, check=True, env=ENV,
    ).stdout.strip()  # fmt: skip
    merges = subprocess.run(
        ["git", "-C", str(CACHE), "rev-list", "--merges", "--count", "HEAD"],
        capture_output=True, text=True, check=True, env=ENV,
    ).stdout.strip()  # fmt: skip
    paths = [CACHE / name for name in names()]
    print(f"repository: {len(paths):,} files, {int(count):,} commits ({merges} merges)")

    answers: dict[Path, object] = {}

    def batched() -> None:
        dates = GitDates()
        dates.prepare(paths)
        for path in paths:
            answers[path] = dates.lookup(path).when

    def bare() -> None:
        subprocess.run(
            ["git", "-C", str(CACHE), "log", "--name-only", "-z", "--format=%H %cI", "--", "docs"],
            capture_output=True, check=True, env=ENV,
        )  # fmt: skip

    sample = random.Random(1).sample(paths, SAMPLE)
    expected: dict[Path, str] = {}

    def per_file() -> None:
        for path in sample:
            expected[path] = subprocess.run(
                ["git", "-C", str(CACHE), "log", "-1", "--format=%cI", "--", str(path)],
                capture_output=True, text=True, check=True, env=ENV,
            ).stdout.strip()  # fmt: skip

    timed("warm-up (page cache)", bare)
    ours = min(timed("batched reader (ours), all files", batched) for _ in range(3))
    floor = min(timed("bare git log --name-only pass", bare) for _ in range(3))
    sampled = timed(f"git log -1 per file, {SAMPLE} files", per_file)
    scaled = sampled * len(paths) / SAMPLE
    print(f"  {'git log -1 per file, scaled to all files':<44} {scaled:8.3f} s")
    wrong = [p for p in sample if getattr(answers[p], "isoformat", lambda: None)() != expected[p]]
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"ours / bare pass:     {ours / floor:6.2f}x   (budget: at most 2x)")
    print(f"per-file / ours:      {scaled / ours:6.0f}x   (budget: at least 100x)")
    print(f"peak RSS: python {own:.0f} MiB, largest git child {children:.0f} MiB")
    print(f"sample check: {SAMPLE - len(wrong)}/{SAMPLE} equal to git log -1")
    ok = ours <= 2 * floor and scaled >= 100 * ours and not wrong
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
