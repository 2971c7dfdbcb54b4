"""The batched git reader against per-file ``git log -1``, on real repositories in tmp_path."""

from __future__ import annotations

import datetime as dt
import os
import random
import shutil
from pathlib import Path

import pytest

from sitemap_core import Diagnostics
from sitemap_core._lastmod._git_history import GitDates, parse_ignore_revs
from tests.conftest import git
from tests.conftest import git_commit as commit
from tests.conftest import git_init as init

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


class Recorder(Diagnostics):
    """Diagnostics that keep the warnings (and apart, the INFO lines): ``page: message``."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []
        self.infos: list[str] = []

    def warning(self, message: str, page: str | None = None, field: str | None = None) -> None:
        super().warning(message, page, field)
        self.messages.append(f"{page}: {message}")

    def info(self, message: str, page: str | None = None, field: str | None = None) -> None:
        super().info(message, page, field)
        self.infos.append(f"{page}: {message}")


def per_file(repo: Path, rel: str, fmt: str = "%cI") -> str:
    """What ``git log -1 -- FILE`` says: the reference every answer must equal."""
    return git(repo, "log", "-1", f"--format={fmt}", "--", rel).strip()


def tracked(repo: Path) -> list[str]:
    out = git(repo, "ls-files", "-z")
    return [p for p in out.split("\0") if p]


def ours(repo: Path, rels: list[str], **kwargs: object) -> dict[str, str]:
    dates = GitDates(**kwargs)  # type: ignore[arg-type]
    dates.prepare([repo / rel for rel in rels])
    result = {}
    for rel in rels:
        found = dates.lookup(repo / rel)
        result[rel] = found.when.isoformat() if found.when else found.status
    return result


def assert_all_match(repo: Path, fmt: str = "%cI", **kwargs: object) -> dict[str, str]:
    rels = tracked(repo)
    got = ours(repo, rels, **kwargs)
    want = {rel: per_file(repo, rel, fmt) for rel in rels}
    assert got == want
    return got


# -- random histories through git fast-import ------------------------------------------------
NAMES = [
    "docs/index.md",
    "docs/a b.md",
    'docs/"quoted".md',
    "docs/new\nline.md",
    "docs/ünïcødé.md",
    "docs/sub/deep.md",
    "docs/sub/x.md",
    "top.md",
    "other/y.txt",
    "docs/moved.md",
]


def _quote(path: str) -> str:
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def random_history(repo: Path, seed: int, commits: int = 40) -> None:
    """A history with branches, merges (clean, conflicted, evil, octopus), deletions,
    re-additions, renames and clock skew, written with one ``git fast-import``."""
    rng = random.Random(seed)
    init(repo)
    lines: list[str] = []
    states: dict[int, dict[str, str]] = {}
    heads: dict[str, int] = {}
    stamp = 1_700_000_000
    counter = 0

    def emit(branch: str, parents: list[int], state: dict[str, str]) -> None:
        nonlocal stamp, counter
        counter += 1
        stamp += rng.choice([60, 3600, 86400, -7200])  # sometimes a commit older than its parent
        zone = rng.choice(["+0000", "+0200", "-0500", "+0530"])
        author = stamp - rng.randint(0, 100000)
        lines.append(f"commit refs/heads/{branch}")
        lines.append(f"mark :{counter}")
        lines.append(f"author Ada <ada@example.org> {author} {zone}")
        lines.append(f"committer Bob <bob@example.org> {stamp} {zone}")
        lines.append("data 2\nc")
        if parents:
            lines.append(f"from :{parents[0]}")
        lines.extend(f"merge :{p}" for p in parents[1:])
        lines.append("deleteall")
        for path, text in sorted(state.items()):
            data = text.encode()
            lines.append(f"M 100644 inline {_quote(path)}")
            lines.append(f"data {len(data)}\n{text}")
        states[counter] = dict(state)
        heads[branch] = counter

    def edit(state: dict[str, str]) -> dict[str, str]:
        state = dict(state)
        for _ in range(rng.randint(1, 3)):
            name = rng.choice(NAMES)
            roll = rng.random()
            if name in state and roll < 0.15:
                del state[name]
            elif name in state and roll < 0.25:
                target = rng.choice(NAMES)
                if target not in state:  # a rename: same content, new path
                    state[target] = state.pop(name)
            else:
                state[name] = f"{name} {rng.random()}\n"
        return state

    emit("main", [], {n: f"{n} v0\n" for n in NAMES[:5]})
    branches = ["main"]
    for _ in range(commits):
        roll = rng.random()
        if roll < 0.15 and len(branches) < 4:
            name = f"b{len(branches)}"
            emit(name, [heads[rng.choice(branches)]], edit(states[heads[rng.choice(branches)]]))
            branches.append(name)
        elif roll < 0.4 and len(branches) > 1:
            into = rng.choice(branches)
            others = [b for b in branches if b != into and heads[b] != heads[into]]
            if not others:
                continue
            merged = rng.sample(others, min(len(others), 2 if rng.random() < 0.2 else 1))
            parents = [heads[into]] + [heads[b] for b in merged]
            sides = [states[p] for p in parents]
            result: dict[str, str] = {}
            for path in sorted(set().union(*sides)):
                pick = rng.random()
                if pick < 0.05:
                    result[path] = f"evil {rng.random()}\n"
                elif pick < 0.08:
                    continue  # deleted in the merge
                else:
                    options = [s[path] for s in sides if path in s]
                    result[path] = rng.choice(options)
            emit(into, parents, result)
        else:
            branch = rng.choice(branches)
            emit(branch, [heads[branch]], edit(states[heads[branch]]))
    if len(branches) == 1:
        emit("b1", [heads["main"]], edit(states[heads["main"]]))
        emit("main", [heads["main"]], edit(states[heads["main"]]))
        branches.append("b1")
    for branch in branches[1:]:  # every history ends with merges into main
        if heads[branch] != heads["main"]:
            result = dict(states[heads[branch]])
            result.update(rng.sample(sorted(states[heads["main"]].items()), 1))
            emit("main", [heads["main"], heads[branch]], result)
    stream = "\n".join(lines) + "\n"
    git(repo, "fast-import", "--quiet", input=stream.encode())
    git(repo, "checkout", "-q", "-f", "main")


@pytest.mark.parametrize("seed", range(12))
def test_random_histories_match_git_log_for_every_file(tmp_path: Path, seed: int) -> None:
    repo = tmp_path / "repo"
    random_history(repo, seed)
    assert int(git(repo, "rev-list", "--merges", "--count", "HEAD")) > 0
    got = assert_all_match(repo)  # every file: the whole history is read
    assert any(value[:2] == "20" for value in got.values())
    assert_all_match(repo, "%aI", date="author")
    few = [rel for rel in tracked(repo) if rel.startswith(("docs/sub/", "other/"))]
    # Fewer than half the files: the history limited to their folders.
    assert ours(repo, few) == {rel: per_file(repo, rel) for rel in few}


def test_merge_keeps_the_side_branch_date(tmp_path: Path) -> None:
    """git log -1 -- FILE follows the parent a merge took the file from: the side branch
    commit's date, not the merge's, and not a newer main-line change the merge dropped."""
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1", "docs/b.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, {"docs/a.md": "side"}, "2024-01-02T00:00:00+00:00")
    git(repo, "checkout", "-q", "main")
    commit(repo, {"docs/a.md": "main", "docs/b.md": "2"}, "2024-01-03T00:00:00+00:00")
    git(repo, "merge", "-q", "-s", "ours", "--no-commit", "side", date="2024-01-04T00:00:00Z")
    (repo / "docs/a.md").write_text("side")  # resolution: take the side branch's version
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "merge", date="2024-01-04T00:00:00+00:00")
    got = assert_all_match(repo)
    assert got["docs/a.md"] == "2024-01-02T00:00:00+00:00"
    assert got["docs/b.md"] == "2024-01-03T00:00:00+00:00"


def test_sha256_repository_judges_merges_by_its_longer_ids(tmp_path: Path) -> None:
    # A raw line's mode and blob id are cut by the length of the repository's ids.
    repo = tmp_path / "r"
    git(tmp_path, "init", "-q", "-b", "main", "--object-format=sha256", str(repo))
    commit(repo, {"a.md": "1", "b.md": "1", "c.md": "1", "d.md": "1"}, "2024-01-01T00:00:00Z")
    git(repo, "checkout", "-q", "-b", "side")
    (repo / "d.md").chmod(0o755)
    commit(repo, {"a.md": "side", "c.md": "side", "d.md": "side"}, "2024-01-02T00:00:00Z")
    git(repo, "checkout", "-q", "main")
    commit(repo, {"b.md": "2", "c.md": "main"}, "2024-01-03T00:00:00+00:00")
    git(repo, "merge", "-q", "-s", "ours", "--no-commit", "side", date="2024-01-04T00:00:00Z")
    (repo / "a.md").write_text("side")  # taken from the side branch
    (repo / "c.md").write_text("both")  # neither parent's: the merge answers
    (repo / "d.md").write_text("side")  # the side's text, not its mode: the merge answers
    (repo / "d.md").chmod(0o644)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "merge", date="2024-01-04T00:00:00+00:00")
    assert len(git(repo, "rev-parse", "HEAD").strip()) == 64
    got = assert_all_match(repo)
    assert got == {
        "a.md": "2024-01-02T00:00:00+00:00",
        "b.md": "2024-01-03T00:00:00+00:00",
        "c.md": "2024-01-04T00:00:00+00:00",
        "d.md": "2024-01-04T00:00:00+00:00",
    }


def test_evil_merge_dates_the_merge(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, {"a.md": "side"}, "2024-01-02T00:00:00+00:00")
    git(repo, "checkout", "-q", "main")
    commit(repo, {"a.md": "main"}, "2024-01-03T00:00:00+00:00")
    git(repo, "merge", "-q", "-s", "ours", "--no-commit", "side", date="2024-01-04T00:00:00Z")
    (repo / "a.md").write_text("neither")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "merge", date="2024-01-05T00:00:00+02:00")
    assert assert_all_match(repo)["a.md"] == "2024-01-05T00:00:00+02:00"


def test_rename_dates_the_commit_that_moved_the_file(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"docs/old.md": "text"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"docs/other.md": "x"}, "2024-01-02T00:00:00+00:00")
    git(repo, "mv", "docs/old.md", "docs/new.md")
    git(repo, "commit", "-q", "-m", "move", date="2024-01-03T00:00:00+00:00")
    commit(repo, {"docs/other.md": "y"}, "2024-01-04T00:00:00+00:00")
    got = assert_all_match(repo)
    assert got["docs/new.md"] == "2024-01-03T00:00:00+00:00"


def test_deleted_and_readded_file(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1", "b.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"a.md": None}, "2024-01-02T00:00:00+00:00")
    commit(repo, {"b.md": "2"}, "2024-01-03T00:00:00+00:00")
    commit(repo, {"a.md": "1"}, "2024-01-04T00:00:00+00:00")
    commit(repo, {"b.md": "3"}, "2024-01-05T00:00:00+00:00")
    assert assert_all_match(repo)["a.md"] == "2024-01-04T00:00:00+00:00"


def test_awkward_paths(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    names = ["a b.md", 'q"uote.md', "new\nline.md", "ünï cødé.md", "tab\t.md", "back\\slash.md"]
    names += ["*.md", "[x].md", ":(glob)magic.md", "-dash.md"]
    commit(repo, {f"docs/{n}": n for n in names}, "2024-01-01T00:00:00+00:00")
    commit(repo, {f"docs/{names[1]}": "changed", "docs/*.md": "x"}, "2024-01-02T00:00:00Z")
    got = assert_all_match(repo)
    assert got['docs/q"uote.md'] == "2024-01-02T00:00:00+00:00"
    assert got["docs/[x].md"] == "2024-01-01T00:00:00+00:00"  # not matched as a glob


def test_docs_below_root_and_build_from_subdirectory(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"src/code.py": "1", "site/docs/a.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"src/code.py": "2", "src/more.py": "1"}, "2024-01-02T00:00:00+00:00")
    commit(repo, {"site/docs/b.md": "1"}, "2024-01-03T00:00:00+00:00")
    old = Path.cwd()  # the docs are half the files: the history limited to them
    os.chdir(repo / "site")
    try:
        dates = GitDates()
        dates.prepare([Path("docs/a.md"), Path("docs/b.md")])
        assert dates.repos[repo.resolve()].pathspecs == ("site/docs",)
        found = dates.lookup(Path("docs/a.md")).when
        assert found is not None and found.isoformat() == per_file(repo, "site/docs/a.md")
    finally:
        os.chdir(old)


def test_worktree(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "branch", "other")
    git(repo, "worktree", "add", "-q", str(tmp_path / "wt"), "other")
    wt = tmp_path / "wt"
    commit(wt, {"docs/a.md": "2"}, "2024-02-01T00:00:00+00:00")
    assert assert_all_match(wt)["docs/a.md"] == "2024-02-01T00:00:00+00:00"


def test_symlinked_source_reports_its_target(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"README.md": "1", "docs/x.md": "1"}, "2024-01-01T00:00:00+00:00")
    (repo / "docs/index.md").symlink_to("../README.md")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link", date="2024-01-02T00:00:00+00:00")
    commit(repo, {"README.md": "2"}, "2024-01-03T00:00:00+00:00")
    dates = GitDates()
    dates.prepare([repo / "docs/index.md"])
    found = dates.lookup(repo / "docs/index.md").when
    assert found is not None and found.isoformat() == per_file(repo, "README.md")
    assert found.isoformat() == "2024-01-03T00:00:00+00:00"


def test_submodule_is_read_as_its_own_repository(tmp_path: Path) -> None:
    sub = init(tmp_path / "lib")
    commit(sub, {"docs/lib.md": "1"}, "2023-05-01T00:00:00+00:00")
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "vendor")
    git(repo, "commit", "-q", "-m", "sub", date="2024-01-02T00:00:00+00:00")
    dates = GitDates()
    files = [repo / "docs/a.md", repo / "vendor/docs/lib.md"]
    dates.prepare(files)
    assert len(dates.repos) == 2
    lib = dates.lookup(files[1]).when
    assert lib is not None and lib.isoformat() == per_file(repo / "vendor", "docs/lib.md")
    assert lib.isoformat() == "2023-05-01T00:00:00+00:00"


def test_ignore_revs(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1", "b.md": "1", "c.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"a.md": "2"}, "2024-01-02T00:00:00+00:00")
    commit(repo, {"a.md": "3 formatted", "b.md": "2 formatted"}, "2024-01-03T00:00:00Z", "fmt")
    sweep = git(repo, "rev-parse", "HEAD").strip()
    commit(repo, {"new.md": "formatted"}, "2024-01-04T00:00:00+00:00")
    added = git(repo, "rev-parse", "HEAD").strip()
    (repo / ".git-blame-ignore-revs").write_text(
        f"# formatting sweeps\n{sweep}  # black\n\n{added}\nnot-a-sha\n"
    )
    diagnostics = Recorder()
    messages = diagnostics.messages
    got = ours(
        repo,
        ["a.md", "b.md", "c.md", "new.md"],
        ignore_revs=Path(".git-blame-ignore-revs"),
        diagnostics=diagnostics,
    )
    assert got["a.md"] == "2024-01-02T00:00:00+00:00"
    assert got["b.md"] == "2024-01-01T00:00:00+00:00"
    assert got["c.md"] == "2024-01-01T00:00:00+00:00"
    # Only ignored commits ever touched it: the list does not apply.
    assert got["new.md"] == "2024-01-04T00:00:00+00:00"
    assert any("not-a-sha" in m and "line 5" in m for m in messages)


def test_parse_ignore_revs() -> None:
    revs, bad = parse_ignore_revs("a" * 40 + "\n# c\n  " + "B" * 64 + " # x\nabc123\n")
    assert revs == {"a" * 40, "b" * 64}
    assert bad == [(4, "abc123")]


def test_uncommitted_and_untracked(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1", "b.md": "1", "gone.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"gone.md": None}, "2024-01-02T00:00:00+00:00")
    (repo / "a.md").write_text("edited")
    (repo / "new.md").write_text("new")
    (repo / "gone.md").write_text("back, not committed")
    dates = GitDates()
    files = [repo / n for n in ("a.md", "b.md", "new.md", "gone.md")]
    dates.prepare(files)
    assert [dates.lookup(f).status for f in files] == [
        "modified",
        "committed",
        "untracked",
        "untracked",
    ]


def test_shallow_clone_answers_only_what_it_knows(tmp_path: Path) -> None:
    origin = init(tmp_path / "origin")
    commit(origin, {"old.md": "1", "new.md": "1"}, "2024-01-01T00:00:00+00:00")
    for day in range(2, 6):
        commit(origin, {"new.md": str(day)}, f"2024-01-0{day}T00:00:00+00:00")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{origin}", str(clone))
    diagnostics = Recorder()
    messages = diagnostics.messages
    dates = GitDates(diagnostics=diagnostics)
    dates.prepare([clone / "old.md", clone / "new.md"])
    assert dates.lookup(clone / "old.md").status == "shallow"
    new = dates.lookup(clone / "new.md").when
    assert new is not None and new.isoformat() == per_file(origin, "new.md")
    dates.lookup(clone / "old.md")
    # The build says it once, with the count of undated pages (lastmod.Git.finish).
    assert messages == []


def test_depth_one_clone_has_no_dates(tmp_path: Path) -> None:
    origin = init(tmp_path / "origin")
    commit(origin, {"a.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(origin, {"a.md": "2"}, "2024-01-02T00:00:00+00:00")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    assert ours(clone, ["a.md"]) == {"a.md": "shallow"}


def test_no_repository_empty_repository_and_no_git(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.md").write_text("x")
    assert ours(plain, ["a.md"]) == {"a.md": "no-repository"}
    empty = init(tmp_path / "empty")
    (empty / "a.md").write_text("x")
    assert ours(empty, ["a.md"]) == {"a.md": "no-commits"}
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1"}, "2024-01-01T00:00:00+00:00")
    assert ours(repo, ["a.md"], git=str(tmp_path / "no-such-git")) == {"a.md": "no-git"}


def test_detached_head(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"a.md": "2"}, "2024-01-02T00:00:00+00:00")
    git(repo, "checkout", "-q", "--detach", "HEAD~1")
    assert assert_all_match(repo)["a.md"] == "2024-01-01T00:00:00+00:00"


def test_a_broken_repository_is_said_once_at_info(tmp_path: Path) -> None:
    # The checkout's state, not our output: a strict build the incumbent passed passes.
    repo = tmp_path / "r"
    repo.mkdir()
    (repo / ".git").write_text("gitdir: /nonexistent/place\n")
    (repo / "a.md").write_text("x")
    diagnostics = Recorder()
    assert ours(repo, ["a.md"], diagnostics=diagnostics) == {"a.md": "no-repository"}
    assert diagnostics.messages == []
    said = [m for m in diagnostics.infos if "cannot read the repository" in m]
    assert len(said) == 1 and str(repo) in said[0]


def test_lazy_lookup_reads_the_whole_repository_once(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1", "blog/b.md": "1"}, "2024-01-01T00:00:00+00:00")
    commit(repo, {"blog/b.md": "2"}, "2024-01-02T00:00:00+00:00")
    dates = GitDates()
    dates.prepare([repo / "docs/a.md"])
    assert dates.repos[repo.resolve()].pathspecs == ("docs",)
    # A file outside the prepared directories (a page a plugin added) triggers a full read.
    found = dates.lookup(repo / "blog/b.md").when
    assert found == dt.datetime(2024, 1, 2, tzinfo=dt.timezone.utc)
    assert dates.repos[repo.resolve()].pathspecs == ()


def test_most_files_asked_for_read_the_whole_history_once(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1", "docs/b.md": "1", "blog/c.md": "1"}, "2024-01-01T00:00:00Z")
    commit(repo, {"blog/c.md": "2"}, "2024-01-02T00:00:00+00:00")
    few = GitDates()
    few.prepare([repo / "docs/a.md"])  # one file in three: limited to its folder
    assert few.repos[repo.resolve()].pathspecs == ("docs",)
    dates = GitDates()
    dates.prepare([repo / "docs/a.md", repo / "docs/b.md"])
    # Two in three: one pass over the whole history (cheaper for git), which answers for
    # every file, the others included.
    assert dates.repos[repo.resolve()].pathspecs == ()
    found = dates.lookup(repo / "blog/c.md").when
    assert found == dt.datetime(2024, 1, 2, tzinfo=dt.timezone.utc)


def test_user_config_cannot_change_the_output(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"a b.md": "1", "ü.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, {"a b.md": "2"}, "2024-01-02T00:00:00+00:00")
    git(repo, "checkout", "-q", "main")
    commit(repo, {"ü.md": "2"}, "2024-01-03T00:00:00+00:00")
    git(repo, "merge", "-q", "--no-ff", "side", "-m", "m", date="2024-01-04T00:00:00+00:00")
    for setting in (
        "log.abbrevCommit=true",
        "log.decorate=full",
        "log.showSignature=true",
        "log.showRoot=false",
        "log.follow=true",
        "diff.renames=copies",
        "log.diffMerges=first-parent",
        "core.quotePath=true",
    ):
        key, value = setting.split("=")
        git(repo, "config", key, value)
    got = ours(repo, ["a b.md", "ü.md"])
    assert got == {"a b.md": "2024-01-02T00:00:00+00:00", "ü.md": "2024-01-03T00:00:00+00:00"}


def test_pathspecs_stay_few() -> None:
    from sitemap_core._lastmod._git_history import _pathspecs

    assert _pathspecs(["docs/a.md", "docs/sub/b.md", "README.md"]) == ("README.md", "docs")
    many = [f"docs/s{i}/p.md" for i in range(50)]
    assert _pathspecs(many) == ("docs",)
    assert _pathspecs([*many, *[f"blog/t{i}/p.md" for i in range(50)]]) == ("blog", "docs")
    assert _pathspecs([f"page{i}.md" for i in range(20)]) == ()


def test_clock_skew_with_merges(tmp_path: Path) -> None:
    """A history where a child is older than its parent next to merges: git's date-ordered
    walk loses rewritten parents there unless the reader asks for a topological walk."""
    repo = tmp_path / "repo"
    random_history(repo, 1107, commits=60)
    assert_all_match(repo)


def test_head_and_last_merge_do_not_touch_the_sources(tmp_path: Path) -> None:
    repo = init(tmp_path / "r")
    commit(repo, {"docs/a.md": "1", "docs/b.md": "1"}, "2024-01-01T00:00:00+00:00")
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, {"docs/b.md": "side"}, "2024-01-02T00:00:00+00:00")
    commit(repo, {"code.py": "side"}, "2024-01-03T00:00:00+00:00")
    git(repo, "checkout", "-q", "main")
    commit(repo, {"other.py": "x"}, "2024-01-04T00:00:00+00:00")
    git(repo, "merge", "-q", "--no-ff", "side", "-m", "m", date="2024-01-05T00:00:00+00:00")
    git(repo, "checkout", "-q", "-b", "side2", "HEAD~1")
    commit(repo, {"lib.py": "side2"}, "2024-01-06T00:00:00+00:00")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "side2", "-m", "m2", date="2024-01-07T00:00:00+00:00")
    commit(repo, {"code.py": "head"}, "2024-01-08T00:00:00+00:00")
    got = ours(repo, ["docs/a.md", "docs/b.md"])
    assert got == {rel: per_file(repo, rel) for rel in got}
    assert got["docs/b.md"] == "2024-01-02T00:00:00+00:00"


def test_symlinks_among_many_files_of_a_folder_report_their_targets(tmp_path: Path) -> None:
    """From a folder's second file on, one listing of the folder tells which files are
    symbolic links (instead of one system call a file): links there still report their
    target's date, and a prefetched reader's locations serve the build's own reader."""
    repo = init(tmp_path / "r")
    commit(repo, {"README.md": "1", "docs/a.md": "1", "docs/d.md": "1"}, "2024-01-01T00:00:00Z")
    for name in ("b.md", "c.md"):
        (repo / "docs" / name).symlink_to("../README.md")
    commit(repo, {}, "2024-01-02T00:00:00Z", "links")
    commit(repo, {"README.md": "2"}, "2024-01-03T00:00:00Z")
    files = [repo / "docs" / n for n in ("a.md", "b.md", "c.md", "d.md")]
    first = GitDates()
    first.prepare(files)
    second = GitDates()
    second.share_locations(first)
    second.prepare(files)
    for dates in (first, second):
        got = {f.name: dates.lookup(f).when for f in files}
        assert {n: d.isoformat() if d else None for n, d in got.items()} == {
            "a.md": "2024-01-01T00:00:00+00:00",
            "b.md": "2024-01-03T00:00:00+00:00",
            "c.md": "2024-01-03T00:00:00+00:00",
            "d.md": "2024-01-01T00:00:00+00:00",
        }
    assert git(repo, "log", "-1", "--format=%cI", "--", "README.md").strip() == (
        "2024-01-03T00:00:00+00:00"
    )


def test_a_merge_heavy_history_dates_every_file_as_git_log_does(tmp_path: Path) -> None:
    # Long-lived side branches merged every few commits: each file's date as git log -1 gives.
    import subprocess

    from benchmarks import git_lastmod
    from sitemap_core._lastmod import GitDates

    repo = tmp_path / "repo"
    git_lastmod.make_repo(repo, 60, 160, heavy=True)
    paths = [repo / name for name in git_lastmod.names(60)]
    dates = GitDates()
    dates.prepare(paths)
    for path in paths:
        expected = subprocess.run(
            ["git", "-C", str(repo), "log", "-1", "--format=%cI", "--", str(path)],
            capture_output=True, text=True, check=True, env=git_lastmod.ENV,
        ).stdout.strip()  # fmt: skip
        when = dates.lookup(path).when
        assert when is not None and when.isoformat() == expected, path


@pytest.mark.parametrize("seed", range(8))
def test_random_histories_with_ignored_commits_and_shallow_clones_answer_as_before(
    tmp_path: Path, seed: int
) -> None:
    # git log -1 knows no ignore-revs file and says nothing of a clone's boundary: the
    # reference is the reader the benchmark checks against (main before the --raw pass).
    from benchmarks import git_lastmod

    reference = git_lastmod.reference_reader()
    if reference is None:
        pytest.skip("the reference reader is not in this checkout's history")
    repo = tmp_path / "repo"
    random_history(repo, seed, commits=60)
    shas = git(repo, "rev-list", "HEAD").split()
    (repo / ".git-blame-ignore-revs").write_text("\n".join(shas[seed % 3 :: 3]) + "\n")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--no-local", "--depth", "12", str(repo), str(clone))
    git(clone, "checkout", "-q", "-B", "main", "origin/main")
    (clone / ".git-blame-ignore-revs").write_text((repo / ".git-blame-ignore-revs").read_text())
    for top in (repo, clone):
        rels = tracked(top)
        for kind in ("committer", "author"):
            got: dict[str, tuple[object, ...]] = {}
            want: dict[str, tuple[object, ...]] = {}
            for reader, into in ((GitDates, got), (reference, want)):
                dates = reader(date=kind, ignore_revs=Path(".git-blame-ignore-revs"))
                dates.prepare([top / rel for rel in rels])
                for rel in rels:
                    found = dates.lookup(top / rel)
                    into[rel] = (found.status, found.when, found.commit, found.edit)
            assert got == want, (top.name, kind)
    assert any(v[0] == "shallow" for v in got.values()) or len(shas) <= 12
