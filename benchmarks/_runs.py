"""What the benchmark scripts share: CPU clocks, child runs, alternating rounds, in-process
builds with their handlers timed, and the spread and load lines they print."""

from __future__ import annotations

import io
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

T = TypeVar("T")


def cpu(who: int = resource.RUSAGE_SELF) -> float:
    """CPU seconds, user and system, of this process or of its reaped children.

    From ``getrusage``: ``os.times`` counts children in hundredths of a second.

    :param who: ``resource.RUSAGE_SELF`` or ``resource.RUSAGE_CHILDREN``.
    """
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def cpu_with_children() -> float:
    """CPU seconds of this process and of its reaped children (git, a build's helpers)."""
    return cpu() + cpu(resource.RUSAGE_CHILDREN)


@dataclass(frozen=True)
class Waited:
    """A finished child process, as ``wait4`` saw it: its own resources, no other child's.

    Linux counts the RSS of the process that starts it into its peak: keep that one small.
    """

    status: int  #: the raw wait status
    cpu: float  #: CPU seconds, user and system
    rss_mib: float  #: peak RSS in MiB
    out: str  #: its stdout when it was piped, else ""


def wait_for(argv: list[str], stdout: int | None = None) -> Waited:
    """Run ``argv`` in a fresh process and wait for it.

    :param stdout: ``subprocess.PIPE`` to read its output, ``DEVNULL``, or ``None`` (ours).
    """
    with subprocess.Popen(argv, stdout=stdout, text=True) as process:
        out = process.stdout.read() if process.stdout is not None else ""
        _pid, status, usage = os.wait4(process.pid, 0)
        # Reaped here: Popen, told so, neither waits again nor warns that it still runs.
        process.returncode = os.waitstatus_to_exitcode(status)
    return Waited(status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out)


def last_json(argv: list[str], failed: str, cwd: Path | None = None) -> Any:
    """Run ``argv``; the JSON of the last line it printed.

    :param failed: what the run is, for the message this exits with when it fails (with the
        tail of its stderr).
    """
    done = subprocess.run(argv, capture_output=True, text=True, cwd=cwd)
    if done.returncode:
        sys.exit(f"{failed} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def best_cpu(
    ways: dict[str, Callable[[], T]], rounds: int
) -> tuple[dict[str, float], dict[str, T]]:
    """Each way run ``rounds`` times in this process, alternating.

    :return: the least process CPU time of each way, and each one's answer.
    """
    times: dict[str, list[float]] = {name: [] for name in ways}
    answers: dict[str, T] = {}
    for _ in range(rounds):
        for name, way in ways.items():
            start = time.process_time()
            answers[name] = way()
            times[name].append(time.process_time() - start)
    return {name: min(spent) for name, spent in times.items()}, answers


def made(root: Path, key: str = "") -> bool:
    """Whether the cache ``root`` was made whole with the parameters ``key`` (:func:`mark`)."""
    marker = root / ".complete"
    return marker.is_file() and marker.read_text() == key


def mark(root: Path, key: str = "") -> None:
    """Note ``root`` as made whole with ``key``: a run cut short leaves none, and is redone."""
    (root / ".complete").write_text(key)


def rotation(ways: Sequence[T], round_: int) -> list[T]:
    """The order of ``ways`` in round ``round_``: each first in turn, so that a slow spell of
    the machine hits all alike."""
    first = round_ % len(ways)
    return [*ways[first:], *ways[:first]]


def spread(values: Sequence[float], spec: str = ".3f") -> str:
    """``median (min-max)``, each formatted with ``spec``."""
    return f"{statistics.median(values):{spec}} ({min(values):{spec}}-{max(values):{spec}})"


def load_average(spec: str = ".2f", sep: str = " ") -> str:
    """The machine's 1, 5 and 15 minute load averages (the other workers' share of it)."""
    return sep.join(f"{x:{spec}}" for x in os.getloadavg())


def git(repo: Path, *args: str, when: str | None = None) -> None:
    """Run git in ``repo`` as a fixed author; ``when``: the author and committer date."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.org",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.org",
    }
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, stdout=subprocess.DEVNULL)


# -- a build's own handlers, timed inside it -----------------------------------------------------
def timed(
    handler: Callable[..., Any], spent: list[float], clock: Callable[[], float] = time.perf_counter
) -> Callable[..., Any]:
    """``handler``, adding the ``clock`` time spent in it to ``spent[0]``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return handler(*args, **kwargs)
        finally:
            spent[0] += clock() - started

    return run


def time_plugin(
    plugins: Any, name: str, spent: list[float], clock: Callable[[], float] = time.perf_counter
) -> None:
    """Wrap every event handler of MkDocs plugin ``name`` with :func:`timed`.

    Whole builds swing by several percent on a busy machine; the time inside the plugin's own
    handlers is what the plugin adds.
    """
    plugin = plugins[name]
    for methods in plugins.events.values():
        for index, method in enumerate(methods):
            if getattr(method, "__self__", None) is plugin:
                methods[index] = timed(method, spent, clock)


def sphinx_build(
    src: Path,
    conf: Path,
    out: Path,
    own: tuple[str, ...],
    clock: Callable[[], float] = time.perf_counter,
    warning: IO[str] | None = None,
) -> tuple[float, float]:
    """An HTML build of ``src`` in this process, a fresh environment (doctrees beside ``out``),
    the event handlers of the modules ``own`` timed with ``clock``.

    :param warning: where Sphinx's warnings go (dropped when ``None``).
    :return: the wall time of the build (Sphinx imported) and the handlers' time.
    """
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    spent = [0.0]
    started = time.perf_counter()
    with patch_docutils(str(conf)), docutils_namespace():
        app = Sphinx(
            str(src),
            str(conf),
            str(out),
            str(out.parent / f"{out.name}.doctrees"),
            "html",
            status=io.StringIO(),
            warning=io.StringIO() if warning is None else warning,
            freshenv=True,
        )
        for listeners in app.events.listeners.values():
            for i, listener in enumerate(listeners):
                module = getattr(listener.handler, "__module__", "") or ""
                if own and module.startswith(own):
                    listeners[i] = listener._replace(handler=timed(listener.handler, spent, clock))
        app.build()
    return time.perf_counter() - started, spent[0]
