"""Ending solver programs that a backend started, when the user interrupts a solve.

PuLP and Pyomo run CBC (and GLPK, ...) as child processes.  A Ctrl-C in a terminal reaches
the whole process group, but an interrupt sent to Python alone (``kill -INT``, a test
harness, an IDE) would leave the child running on; so after an interrupt every child
process of this process is terminated.  Linux reads ``/proc``; elsewhere this does nothing.

Every child ended here is also waited for (reaped), whether it went at SIGTERM or needed
SIGKILL: a child nobody waits for stays a zombie until this process ends, and is then
handed to init, which reaps it only seconds later.  The command-line program also adopts
the orphans of its descendants (``adopt_orphans``): a process whose parent ended without
waiting for it (a race worker whose fork server was ended by a signal) comes back to the
program, which ends and waits for every child before it exits (``end_all_children``).

Must not import anything from futomip.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

__all__ = ["child_pids", "terminate_children", "kill_children_now", "adopt_orphans", "end_all_children"]


LEFT_ALONE = b"futomip.pipeline.kernel_warmup"
"""A child whose command line holds this is the kernels' background compilation
(``futomip.compiled``): it is meant to outlive the command that started it, so it is neither
ended nor waited for here."""


def child_pids(parent: int | None = None) -> list[int]:
    """Process ids whose parent is ``parent`` (default: this process), but the background
    compilation (``LEFT_ALONE``); empty where /proc is missing."""
    me = os.getpid() if parent is None else parent
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    listed = _listed_children(proc / str(me) / "task")
    pids = listed if listed is not None else _scanned_children(proc, me)
    return [pid for pid in pids if not _left_alone(proc / str(pid) / "cmdline")]


def _left_alone(cmdline: Path) -> bool:
    try:
        return LEFT_ALONE in cmdline.read_bytes()
    except OSError:
        return False


def _listed_children(tasks: Path) -> list[int] | None:
    """The children named in each thread's ``children`` file (Linux 3.5+ with
    CONFIG_PROC_CHILDREN: a few small reads, where scanning /proc reads a file per process,
    tens of milliseconds on a busy machine), or None where there is no such file."""
    found = []
    try:
        for task in tasks.iterdir():
            found += [int(word) for word in (task / "children").read_text().split()]
    except FileNotFoundError:
        # No such process any more (no children), or a kernel without the file: scan.
        return [] if not tasks.exists() else None
    except (OSError, ValueError):
        return None
    return sorted(set(found))


def _scanned_children(proc: Path, me: int) -> list[int]:
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name in parentheses may hold spaces, so split after its closing ")".
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 1 and int(fields[1]) == me:
            found.append(int(entry.name))
    return found


def terminate_children(grace: float = 1.0, keep=()) -> None:
    """SIGTERM every child process but those in ``keep``, then SIGKILL those still there
    after ``grace`` seconds; each is waited for (reaped) as it ends."""
    pids = [pid for pid in child_pids() if pid not in keep]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    pids = _reaped_within(pids, grace)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    # SIGKILL cannot be ignored; a process blocked in the kernel may take a moment to go.
    _reaped_within(pids, KILL_WAIT)


def kill_children_now(rounds: int = 3) -> None:
    """SIGKILL every child and wait for each, without a grace: for a process about to exit
    whose children's work is no longer wanted (a race's losing worker).  Repeated while
    children remain: another thread may have been starting one meanwhile."""
    for _ in range(rounds):
        pids = child_pids()
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass  # reaped by the thread that started it (subprocess.Popen.wait)


KILL_WAIT = 2.0
"""Seconds to wait for a child to end after SIGKILL (it is then left, still a child)."""


def _reaped_within(pids: list[int], seconds: float) -> list[int]:
    """Wait up to ``seconds`` for ``pids`` to end, reaping each that does; those still running."""
    end = time.monotonic() + seconds
    pids = [pid for pid in pids if _alive(pid)]
    while pids and time.monotonic() < end:
        time.sleep(0.01)
        pids = [pid for pid in pids if _alive(pid)]
    return pids


def _alive(pid: int) -> bool:
    """Whether child ``pid`` still runs; one that has ended is reaped here."""
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False  # already reaped (by a subprocess.Popen waiting for it, say)
    return waited == 0


_PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> bool:
    """Make this process the parent of every orphaned descendant (Linux
    ``PR_SET_CHILD_SUBREAPER``), so that ``end_all_children`` waits for them too; whether it
    worked.  For programs only: a library must not change how its host's processes are reaped."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def end_all_children(grace: float = 0.2, rounds: int = 5) -> None:
    """``terminate_children`` until no child is left: ending one (a fork server) can hand its
    own children to this process when it adopts orphans."""
    for _ in range(rounds):
        if not child_pids():
            return
        terminate_children(grace=grace)
