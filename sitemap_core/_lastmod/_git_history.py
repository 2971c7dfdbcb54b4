"""Last commit dates of many files from one ``git log`` pass per repository.

Each file gets what ``git log -1 --format=%cI -- FILE`` prints (``%aI``: author date). One
``git log --full-history --parents --topo-order --raw`` pass per repository (topological: the
date walk can drop rewritten parents; all paths when most files are asked for, pathspecs cost
more) lists each commit's changes against its first parent, with blob ids; :func:`_replay`
replays the single-path walk for all paths at once, a merge's other parents judged by the
blob their first-parent line last wrote. Renames are not followed; ignored commits
(``.git-blame-ignore-revs``) count only when every commit that touched the file is one.
``git status`` beside the log finds uncommitted changes.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gc
import os
import subprocess
import tempfile
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._util.frozen import stores_given

DateKind = Literal["committer", "author"]
#: Why git has no date for a file (``"committed"``: it has one).
Status = Literal[
    "committed", "modified", "untracked", "shallow", "no-repository", "no-git", "no-commits"
]

#: Settings that would change what ``git log`` prints; pinned so user config cannot.
_CONFIG = (
    "log.showRoot=true", "log.follow=false", "log.showSignature=false", "log.abbrevCommit=false",
    "log.decorate=false", "core.quotePath=false", "diff.renames=false",
)  # fmt: skip
#: Variables that would point git at another repository than the file's own.
_ENV_DROP = (
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_PREFIX", "GIT_NAMESPACE",
)  # fmt: skip
#: More distinct source directories than this: read the history of their parents.
_MAX_PATHSPECS = 8
_GONE = "-"  # the path does not exist at HEAD
_UNKNOWN = "?"  # the answer lies beyond a shallow clone's boundary
_AWAY = "^"  # the path's walk left the main line and has not answered yet


@stores_given  # one per answering commit: thousands a read
@dataclass(frozen=True)
class FileDate:
    """What git knows about one file.

    :param status: ``"committed"`` when ``when`` is set; otherwise why git cannot answer.
    :param when: the last commit's date, in its own UTC offset.
    :param detail: a few words for a debug message.
    :param commit: the answering commit's full hash.
    :param edit: that commit edited an existing file (not its creation, not an ignored
        commit): a commit that edits many files at once is a mass change.
    """

    status: Status
    when: dt.datetime | None = None
    detail: str = ""
    commit: str = ""
    edit: bool = False


_NO_GIT = FileDate("no-git", detail="git is not installed")
_NOT_IN_REPOSITORY = FileDate("no-repository", detail="not in a git repository")
_UNTRACKED = FileDate("untracked", detail="is not committed in git")
_MODIFIED = FileDate("modified", detail="has uncommitted changes")
_SHALLOW = FileDate("shallow", detail="was last changed before the shallow clone's start")
_Answer = tuple[str, bool] | str  # the answering commit and whether it edited; or a marker
_SPECIAL: dict[_Answer, FileDate] = {_GONE: _UNTRACKED, _AWAY: _UNTRACKED, _UNKNOWN: _SHALLOW}


@dataclass
class _Repo:
    top: Path
    pathspecs: tuple[str, ...] | None = None  # None: not read yet; (): the whole repository
    prefixes: tuple[str, ...] = ()  # each pathspec and a slash
    failure: FileDate | None = None
    dates: dict[str, FileDate] = field(default_factory=dict)  # path -> its answer (untracked: none)
    shallow: bool = False

    def covers(self, rel: str) -> bool:
        specs = self.pathspecs
        return specs is not None and (not specs or rel.startswith(self.prefixes) or rel in specs)


class GitDates:
    """Last commit dates of files, one batched history pass per repository.

    :param date: ``"committer"`` (what ``%cI`` prints) or ``"author"`` (``%aI``).
    :param ignore_revs: a file of commits that do not count (``.git-blame-ignore-revs``
        format); a relative path is looked up in each repository's top-level directory.
    """

    def __init__(
        self,
        *,
        date: DateKind = "committer",
        ignore_revs: Path | None = None,
        diagnostics: Diagnostics | None = None,
        git: str = "git",
    ) -> None:
        self.date = date
        self.ignore_revs = ignore_revs
        self.diagnostics = diagnostics or Diagnostics()
        self.git = git
        self.repos: dict[Path, _Repo] = {}
        self._tops: dict[str, Path | None] = {}
        #: A folder as given -> its real path, repository top-level and path in it.
        self._folders: dict[str, tuple[str, Path | None, str]] = {}
        self._located: dict[str, tuple[Path, str] | None] = {}
        self._links: dict[str, set[str] | None] = {}
        self._env = {k: v for k, v in os.environ.items() if k not in _ENV_DROP}
        #: Whether the ``git`` executable was not found.
        self.git_missing = False
        self._said: set[str] = set()

    # -- public ----------------------------------------------------------------------------
    def prepare(self, files: Iterable[Path]) -> None:
        """Read the history of every repository that holds one of ``files`` (one pass each)."""
        wanted: dict[Path, list[str]] = {}
        rels, last = [], None  # the same top as the last file's: no Path hashed
        with _collector_paused():  # until the reads are done: the records hold no cycles
            for file in files:
                located = self.locate(file)
                if located is not None:
                    if located[0] is not last:
                        rels = wanted.setdefault(last := located[0], [])
                    rels.append(located[1])
            for top, paths in wanted.items():
                repo = self.repos.setdefault(top, _Repo(top))
                if repo.pathspecs is None and repo.failure is None:
                    self._read(repo, rels=set(paths))

    def prepare_directories(self, directories: Iterable[Path]) -> None:
        """Read the history of every repository that holds one of ``directories``, limited
        to those directories (one pass each): the files in them need no further read."""
        wanted: dict[Path, list[str]] = {}
        for directory in directories:
            real = os.path.realpath(directory)
            top = self._top_of(real)
            if top is None:
                continue
            rel = real[len(str(top)) :].lstrip(os.sep)
            wanted.setdefault(top, []).append(rel if os.sep == "/" else rel.replace(os.sep, "/"))
        for top, rels in wanted.items():
            repo = self.repos.setdefault(top, _Repo(top))
            if repo.pathspecs is None and repo.failure is None:
                specs = _outermost(set(rels))  # the directories themselves are the specs
                self._read(repo, () if "" in specs else _at_most_max(specs))

    def lookup(self, file: Path) -> FileDate:
        """The last commit date of ``file``, or why git cannot give one."""
        if self.git_missing:
            return _NO_GIT
        name = os.fspath(file)  # the cache's hit, without a call: this runs for every page
        located = self._located[name] if name in self._located else self.locate(file)
        if located is None:
            return _NOT_IN_REPOSITORY
        top, rel = located
        repo = self.repos.get(top) or self.repos.setdefault(top, _Repo(top))
        if repo.pathspecs != () and repo.failure is None and not repo.covers(rel):
            # Not among the prepared files (a page a plugin added, or every page when the
            # build was given a one-shot iterable): the repository's whole history, once.
            self._read(repo, ())
        if repo.failure is not None:
            return repo.failure
        return repo.dates.get(rel, _UNTRACKED)

    def top_of(self, directory: Path) -> Path | None:
        """The top-level of the repository holding ``directory``, if any."""
        return self._top_of(str(Path(directory).resolve()))

    # -- locating files --------------------------------------------------------------------
    def locate(self, file: Path) -> tuple[Path, str] | None:
        """The repository top-level of ``file`` (symlinks resolved) and its path in it.

        Plain strings and ``os.path`` here: this runs for every page, and pathlib's objects
        cost several times more.
        """
        key = os.fspath(file)
        if key in self._located:
            return self._located[key]
        directory, _, name = key.rpartition("/")
        # Folders are cached under their absolute, normal paths: a hit needs no normpath.
        folder = self._folders.get(directory) if name not in ("", ".", "..") else None
        if folder is None:
            directory, name = os.path.split(os.path.abspath(key))  # noqa: PTH100
            folder = self._folder_of(directory)
        real_dir, top, prefix = folder
        links = self._links.get(real_dir)
        if name in links if links is not None else self._is_link(real_dir, name):
            real_dir, name = os.path.split(os.path.realpath(os.path.join(real_dir, name)))  # noqa: PTH118
            real_dir, top, prefix = self._folder(real_dir)
        found = None if top is None else (top, prefix + name)
        self._located[key] = found
        return found

    def _folder_of(self, directory: str) -> tuple[str, Path | None, str]:
        """:meth:`_folder` of an absolute, normal ``directory``, its real path found from its
        parent's when its name is no link there (a listing, not a system call a path part)."""
        if directory not in self._folders:
            parent, name = os.path.split(directory)
            up = self._folder_of(parent)[0] if parent != directory else ""  # "": the root
            plain = up and not self._is_link(up, name)
            real = os.path.join(up, name) if plain else os.path.realpath(directory)  # noqa: PTH118
            self._folders[directory] = self._folder(real)
        return self._folders[directory]

    def _folder(self, real_dir: str) -> tuple[str, Path | None, str]:
        """``real_dir``, its repository's top-level and the path of its files there."""
        top = self._top_of(real_dir)
        rel = "" if top is None else real_dir[len(str(top)) :].strip(os.sep)
        return real_dir, top, rel.replace(os.sep, "/") + "/" if rel else ""

    def _is_link(self, directory: str, name: str) -> bool:
        """Whether ``name`` in ``directory`` is a symbolic link.

        From the second file of a folder on, one listing of the folder answers for all its
        files (a content folder holds thousands: one system call each would cost more).
        """
        links = self._links.get(directory)
        if links is None:
            if directory not in self._links:
                self._links[directory] = None  # first file here: ask about it alone
                return os.path.islink(os.path.join(directory, name))  # noqa: PTH114, PTH118
            try:
                with os.scandir(directory) as entries:
                    links = {entry.name for entry in filter(os.DirEntry.is_symlink, entries)}
            except OSError:
                return os.path.islink(os.path.join(directory, name))  # noqa: PTH114, PTH118
            self._links[directory] = links
        return name in links

    def share_locations(self, other: GitDates) -> None:
        """Locate files with ``other``'s caches: both look at the same files at the same
        time (a prefetched read and the build that takes it); not while ``other`` is in use
        in another thread."""
        self._tops = other._tops
        self._folders = other._folders
        self._located = other._located
        self._links = other._links

    def _top_of(self, directory: str) -> Path | None:
        seen: list[str] = []
        found: Path | None = None
        candidate = directory
        while True:
            if candidate in self._tops:
                found = self._tops[candidate]
                break
            seen.append(candidate)
            # A .git directory, or a .git file (worktrees and submodules).
            if os.path.exists(os.path.join(candidate, ".git")):  # noqa: PTH110, PTH118
                found = Path(candidate)
                break
            parent = os.path.dirname(candidate)  # noqa: PTH120
            if parent == candidate:
                break
            candidate = parent
        for path in seen:
            self._tops[path] = found
        return found

    # -- reading one repository ------------------------------------------------------------
    def _run(self, top: Path, *args: str) -> subprocess.CompletedProcess[bytes] | None:
        try:
            return subprocess.run(
                [self.git, "-C", str(top), *args], capture_output=True, env=self._env, check=False
            )
        except OSError:
            self._git_missing()
            return None

    def _git_missing(self) -> None:
        self.git_missing = True
        self._say_once("no-git", "git is not installed; pages get the next lastmod source")

    def _say_once(self, key: str, message: str, *, warn: bool = False) -> None:
        if key in self._said:
            return
        self._said.add(key)
        (self.diagnostics.warning if warn else self.diagnostics.info)(message)

    def _read(self, repo: _Repo, specs: tuple[str, ...] = (), rels: Collection[str] = ()) -> None:
        """Read ``repo``'s history under ``specs``, or those of ``rels`` (asked for) if few."""
        repo.pathspecs = specs
        repo.dates = {}
        top = repo.top
        probe = self._run(
            top, "rev-parse", "--is-shallow-repository", "--git-path", "shallow",
            "--git-path", "index", "--verify", "-q", "HEAD^{commit}",
        )  # fmt: skip
        if probe is None:
            repo.failure = _NO_GIT
            return
        lines = probe.stdout.decode("utf-8", "replace").splitlines()
        if probe.returncode != 0 and len(lines) == 3:
            repo.failure = FileDate("no-commits", detail="is in a repository without commits")
            self.diagnostics.debug(f"{top} has no commits yet; no git dates", "git")
            return
        if probe.returncode != 0 or len(lines) != 4:
            error = probe.stderr.decode("utf-8", "replace").strip().splitlines()
            reason = error[-1] if error else f"git rev-parse failed ({probe.returncode})"
            repo.failure = FileDate("no-repository", detail=f"git cannot read {top}")
            if any("dubious ownership" in line for line in error):
                reason = (
                    "it belongs to another user, and git refuses it (a CI container, a Docker "
                    f"volume); to date them by git: git config --global --add safe.directory {top}"
                )
            # INFO, as for no repository: the checkout's state, not our output; a strict
            # build the incumbent passed still passes.
            self._say_once(
                f"fail:{top}",
                f"git cannot read the repository at {top}: {reason}; "
                "its pages get the next lastmod source",
            )
            return
        repo.shallow = lines[0] == "true"
        boundary: set[str] = set()
        if repo.shallow:
            # Said once at the end of the build with how many pages it left undated (the
            # lastmod chain's git source): information, not a warning.
            with contextlib.suppress(OSError):  # unread: no boundary known
                boundary = set((top / lines[1]).read_text(encoding="ascii").split())
            self.diagnostics.debug(f"{top} is a shallow clone", "git")
        # Limiting the log to pathspecs costs git a diff per commit and parent to find the
        # commits that touch them: more than the whole history's when they hold most files.
        if rels and len(rels) * 2 <= _tracked_count(top / lines[2]):
            repo.pathspecs = _pathspecs(rels)
        repo.prefixes = tuple(spec + "/" for spec in repo.pathspecs)
        ignored = self._ignored(top)
        try:
            self._log(repo, lines[3], ignored, boundary)
        except OSError:
            self._git_missing()
            repo.failure = _NO_GIT
        except _GitFailed as exc:
            repo.failure = FileDate("no-repository", detail=f"git log failed in {top}")
            self._say_once(
                f"fail:{top}",
                f"git log failed in {top}: {exc}; its pages get the next lastmod source",
                warn=True,
            )

    def _git_command(self, top: Path, args: list[str], pathspecs: tuple[str, ...]) -> list[str]:
        config = [item for pair in _CONFIG for item in ("-c", pair)]
        return [
            self.git, "-C", str(top), "--literal-pathspecs", "--no-optional-locks", *config,
            *args, "--", *pathspecs,
        ]  # fmt: skip

    def _log(self, repo: _Repo, head: str, ignored: set[str], boundary: set[str]) -> None:
        top, pathspecs = repo.top, repo.pathspecs or ()
        status_args = [
            "status", "--porcelain", "-z", "--untracked-files=no", "--no-renames",
            "--ignore-submodules=all",
        ]  # fmt: skip
        log_args = [
            "log", "HEAD", "--full-history", "--parents", "--topo-order", "--no-renames",
            "--diff-merges=first-parent", "--raw", "--no-abbrev", "-z", "--no-color", "--no-notes",
            "--date=raw", f"--format=%H %P %{self.date[0]}d%x00",  # %cd or %ad
        ]  # fmt: skip
        # Status runs beside the log and is read after it (a long status waits, the log not).
        status = subprocess.Popen(
            self._git_command(top, status_args, pathspecs),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=self._env,
        )
        # Both outputs go to files: through a pipe, git's many small writes cost both
        # processes more CPU than the parse; a stderr pipe nobody reads could stall git.
        with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
            log = subprocess.run(
                self._git_command(top, log_args, pathspecs),
                stdout=output, stderr=errors, env=self._env, check=False,
            )  # fmt: skip
            output.seek(0)
            with _collector_paused():
                history = _Log(os.fsdecode(output.read()))
                commits = history.commits
                tip = head if head in commits or not commits else self._first_shown(top, commits)
                if tip is not None:
                    answers = _replay(history, tip, ignored, boundary)
                    made = {**_SPECIAL}
                    for token in set(answers.values()).difference(made):
                        made[token] = history.dated(token)  # type: ignore[arg-type]
                    repo.dates = {path: made[token] for path, token in answers.items()}
                del history, commits  # before the collector runs again
            errors.seek(0)
            error = errors.read()
        out, _ = status.communicate()
        if log.returncode != 0:
            text = error.decode("utf-8", "replace").strip().splitlines()
            raise _GitFailed(text[-1] if text else f"exit status {log.returncode}")
        if status.returncode == 0:
            for entry in out.split(b"\0"):
                if len(entry) > 3:
                    repo.dates[os.fsdecode(entry[3:])] = _MODIFIED
        else:
            self.diagnostics.debug(f"git status failed in {top}; uncommitted changes unknown")

    def _first_shown(self, top: Path, commits: Collection[str]) -> str | None:
        """Where the walk starts when HEAD itself did not touch the sources: the first commit
        on HEAD's first-parent line that did (the ones before it are plain commits)."""
        with subprocess.Popen(
            [self.git, "-C", str(top), "rev-list", "--first-parent", "HEAD"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=self._env,
        ) as walk:
            assert walk.stdout is not None
            for line in walk.stdout:
                sha = line.strip().decode("ascii")
                if sha in commits:
                    walk.kill()
                    return sha
        return None

    def _ignored(self, top: Path) -> set[str]:
        if self.ignore_revs is None:
            return set()
        path = self.ignore_revs if self.ignore_revs.is_absolute() else top / self.ignore_revs
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self._say_once(
                f"ignore:{path}",
                f"git_ignore_revs: cannot read {path} ({exc}); no commits are ignored",
                warn=True,
            )
            return set()
        revs, bad = parse_ignore_revs(text)
        for number, line in bad:
            self.diagnostics.warning(
                f"line {number}: {line!r} is not a full commit id; the line is skipped",
                str(path),
                "git_ignore_revs",
            )
        return revs


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cycle collector: it would walk the records made meanwhile, cycle-free, and
    the whole process every few hundred of them."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@functools.cache  # a few zones a repository; an unbounded cache's hit costs least
def _zone(zone: str) -> dt.timezone:  # +HHMM or -HHMM
    minutes = int(zone[1:3]) * 60 + int(zone[3:5])
    return dt.timezone(dt.timedelta(minutes=-minutes if zone[0] == "-" else minutes))


class _GitFailed(Exception): ...


def _tracked_count(index: Path) -> int:
    """How many files git's index lists (its header's count); unknown: a great many."""
    with contextlib.suppress(OSError), index.open("rb") as file:
        if (head := file.read(12))[:4] == b"DIRC":
            return int.from_bytes(head[8:12], "big")
    return 1 << 62


def parse_ignore_revs(text: str) -> tuple[set[str], list[tuple[int, str]]]:
    """Read a ``.git-blame-ignore-revs`` file: one full commit id a line, ``#`` comments.

    :return: the commit ids (lower case), and the ``(line number, text)`` of bad lines.
    """
    revs: set[str] = set()
    bad: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) in (40, 64) and all(c in "0123456789abcdefABCDEF" for c in line):
            revs.add(line.lower())
        else:
            bad.append((number, line))
    return revs, bad


def _pathspecs(rels: Iterable[str]) -> tuple[str, ...]:
    """A few directories (or top-level files) that hold all ``rels``; () for everything.

    git matches every pathspec against every tree entry it visits, so many pathspecs cost
    more than the few extra paths a parent directory brings in.
    """
    return _at_most_max(_outermost({rel.rpartition("/")[0] or rel for rel in rels}))


def _at_most_max(specs: set[str]) -> tuple[str, ...]:
    """``specs``, replaced by their parents until at most ``_MAX_PATHSPECS`` remain; () once
    that reaches the repository's top."""
    while len(specs) > _MAX_PATHSPECS:
        parents = {spec.rpartition("/")[0] for spec in specs}
        if "" in parents:
            return ()
        specs = _outermost(parents)
    return tuple(sorted(specs))


def _outermost(specs: set[str]) -> set[str]:
    """Drop every path that lies inside another one of ``specs``."""
    kept: set[str] = set()
    for spec in sorted(specs, key=len):
        parts = spec.split("/")
        if not any("/".join(parts[:n]) in kept for n in range(1, len(parts))):
            kept.add(spec)
    return kept


class _Log:
    """``git log --raw -z --date=raw --format='%H %P %cd%x00'`` output, by commit id, in the
    log's order: the rest of each header (parents, date) and its changes against its first
    parent (a raw line and a path, alternating). :meth:`node` splits a commit once asked."""

    __slots__ = ("_blob", "_mode", "_nodes", "commits")

    def __init__(self, text: str) -> None:
        # One split: a header, an empty token, then a raw line and a path per change.
        tokens = text.split("\0")
        if tokens[-1]:
            tokens.append("")
        self.commits: dict[str, tuple[str, list[str]]] = {}
        self._nodes: dict[str, tuple[list[str], dict[str, str]]] = {}
        end, at, find = len(tokens) - 1, 0, tokens.index
        while at < end:
            following = find("", min(at + 2, end))  # after the next header, or the end
            stop = end if following == end else following - 1
            sha, _, rest = tokens[at].partition(" ")
            self.commits[sha] = (rest, tokens[at + 2 : stop])
            at = stop
        size = len(tokens[0].partition(" ")[0])  # of an object id (SHA-1 or SHA-256)
        self._mode, self._blob = slice(-10 - 2 * size, -4 - 2 * size), slice(-2 - size, -2)

    def node(self, sha: str | None) -> tuple[list[str], dict[str, str]] | None:
        """``sha``'s parents and its changes (path -> raw line); ``None``: not in the log."""
        found = self._nodes.get(sha) if sha is not None else None
        if found is None and sha in self.commits:
            rest, changes = self.commits[sha]
            found = rest.split()[:-2], dict(zip(changes[1::2], changes[::2], strict=True))
            self._nodes[sha] = found
        return found

    def version(self, change: str | None) -> str | None:
        """The mode and blob id a raw line (``…MODE SRC DST S``, one status letter: no
        renames) changes its path to; ``None``: deleted, or no line."""
        mode = change[self._mode] if change else "000000"
        return None if mode == "000000" else mode + change[self._blob]  # type: ignore[index]

    def dated(self, token: tuple[str, bool]) -> FileDate:
        """The answer of a commit (and whether it edited the path)."""
        stamp, zone = self.commits[token[0]][0].rsplit(" ", 2)[-2:]
        when = dt.datetime.fromtimestamp(int(stamp), _zone(zone))
        return FileDate("committed", when, "", token[0], token[1])


def _replay(log: _Log, tip: str, ignored: set[str], boundary: set[str]) -> dict[str, _Answer]:
    """Replay ``git log -1 -- PATH``'s walk for every path at once, in the log's order
    (``--topo-order``: every commit after its children, its parents as rewritten). The main
    group (every path not in ``answers``) follows first parents from the tip; paths a merge
    sends elsewhere travel as explicit sets, ``_AWAY`` in ``answers`` meanwhile.

    :return: path -> the answering commit and whether it edited the path (not created it,
        not ignored), or ``_GONE``, ``_UNKNOWN``, ``_AWAY`` (never answered).
    """
    walk = _Walk(log, ignored, boundary)
    main_at: str | None = tip
    for sha, (rest, changes) in log.commits.items():  # children first
        group = walk.pending.pop(sha, None)
        if main_at == sha:
            for path in group or ():
                del walk.answers[path]  # back on the main line
            parents = rest.split()[:-2]
            main_at = parents[0] if parents else None
            walk.on_main_line(sha, parents, changes)
        elif group:
            walk.elsewhere(sha, group)
    answers = walk.answers
    for path, sha in walk.fallback.items():
        if answers.get(path, _AWAY) == _AWAY:
            answers[path] = (sha, False)
    return answers


class _Walk:
    """The state of :func:`_replay`: the answers so far, the newest ignored commit that
    changed each path, and the paths whose walks reach each commit next."""

    def __init__(self, log: _Log, ignored: set[str], boundary: set[str]) -> None:
        self.log, self.ignored, self.boundary = log, ignored, boundary
        self.answers: dict[str, _Answer] = {}
        self.fallback: dict[str, str] = {}
        self.pending: dict[str, set[str]] = {}

    def settle(self, path: str, sha: str, change: str, parents: list[str]) -> bool:
        """Whether ``sha``'s ``change`` answers for ``path`` (an ignored one may not)."""
        status = change[-1]
        if status == "D":
            self.answers[path] = _GONE
        elif not parents and sha in self.boundary:
            self.answers[path] = _UNKNOWN
        elif sha not in self.ignored:
            self.answers[path] = (sha, status != "A" and bool(parents))
        else:
            newest = self.fallback.setdefault(path, sha)
            if status != "A" and parents:
                return False
            self.answers[path] = (newest, False)  # every commit that touched it is ignored
        return True

    def send(self, parent: str, paths: set[str]) -> None:
        there = self.pending.get(parent)
        if there is None:
            self.pending[parent] = paths
        elif len(there) >= len(paths):
            there |= paths
        else:
            self.pending[parent] = paths | there

    def on_main_line(self, sha: str, parents: list[str], changes: list[str]) -> None:
        """A commit on the tip's first-parent line answers for the paths it changed that
        have no answer yet, or a merge sends them down the parent they came from."""
        answers, ignored = self.answers, self.ignored
        pairs = iter(changes)
        if len(parents) < 2 and sha not in ignored and sha not in self.boundary:
            by: dict[str, _Answer] = {"A": (sha, False), "D": _GONE}  # by status
            edited = (sha, bool(parents))
            for change, path in zip(pairs, pairs, strict=True):  # the usual commit
                if path not in answers:
                    answers[path] = by.get(change[-1], edited)
            return
        for change, path in zip(pairs, pairs, strict=True):
            if path in answers:
                continue
            target, at, parents_there, there = _other_parent(self.log, parents, change, path)
            if target is None:
                self.settle(path, sha, change, parents)
            elif there is not None and len(parents_there) == 1 and at not in ignored:
                # The walk goes down the target's first parents to this plain commit.
                status = there[-1]
                answers[path] = _GONE if status == "D" else (at, status != "A")
            else:
                answers[path] = _AWAY
                self.send(target, {path})

    def elsewhere(self, sha: str, group: set[str]) -> None:
        """A commit off the main line that the walks of ``group`` reach."""
        parents, diff = self.log.node(sha) or ([], {})
        onward: dict[str, set[str]] = {}
        small = len(parents) < 2 and len(diff) < len(group)
        for path in diff.keys() & group if small else list(group):
            found = diff.get(path)
            target = parents[0] if parents else None
            if found is not None:
                other = _other_parent(self.log, parents, found, path)[0]
                if other is not None:
                    target = other
                elif self.settle(path, sha, found, parents):
                    group.discard(path)
                    continue
            if target is not None and target != parents[0]:
                group.discard(path)
                onward.setdefault(target, set()).add(path)
        if parents and group:
            self.send(parents[0], group)
        for target, paths in onward.items():
            self.send(target, paths)


def _other_parent(
    log: _Log, parents: list[str], change: str, path: str
) -> tuple[str | None, str, list[str], str | None]:
    """For a path a merge changed against its first parent (``change``): the first later
    parent it is unchanged from (where ``git log -- PATH`` goes next), or ``None``; and the
    commit on that parent's first-parent line that last changed the path, its parents and
    its change, which is what the parent holds (the walk is short: that is mostly the
    merged branch's own change)."""
    wanted = log.version(change)
    for parent in parents[1:]:
        at, node, there = parent, log.node(parent), None
        while node is not None and (there := node[1].get(path)) is None:
            at = node[0][0] if node[0] else ""  # "": past a root, in no log
            node = log.node(at)
        if log.version(there) == wanted:
            return parent, at, node[0] if node is not None else [], there
    return None, "", [], None


def commits_at(folder: Path, stamps: Collection[int]) -> dict[int, tuple[str, int]]:
    """The commits of ``folder``'s repository (on HEAD's history) made at each of ``stamps``
    (Unix times: its committer or author time), each with how many files it edited (changed,
    not created); empty when git or a repository is missing. For ``check``, which sees only
    the lastmod values that many pages share."""
    env = {k: v for k, v in os.environ.items() if k not in _ENV_DROP}
    wanted = {str(stamp) for stamp in stamps}

    def run(*args: str) -> str | None:
        try:
            done = subprocess.run(
                ["git", "-C", str(folder), *args], capture_output=True, env=env, check=False
            )
        except OSError:
            return None
        return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None

    found: dict[int, tuple[str, int]] = {}
    for row in (run("log", "--no-show-signature", "--format=%H %ct %at") or "").splitlines():
        sha, *times = row.split()
        for stamp in wanted.intersection(times) - {str(s) for s in found}:
            shown = run(
                "show", "--no-show-signature", "--format=", "--name-status", "--no-renames", sha
            )
            if shown is None:
                return found
            edited = sum(1 for line in shown.splitlines() if line.startswith("M\t"))
            found[int(stamp)] = (sha, edited)
    return found
