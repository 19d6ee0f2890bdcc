"""Ending solver programs that a backend started, when the user interrupts a solve.

PuLP and Pyomo run CBC (and GLPK, ...) as child processes.  A Ctrl-C in a terminal reaches
the whole process group, but an interrupt sent to Python alone (``kill -INT``, a test
harness, an IDE) would leave the child running on; so after an interrupt every child
process of this process is terminated.  Linux reads ``/proc``; elsewhere this does nothing.

Must not import anything from futomip.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

__all__ = ["child_pids", "terminate_children"]


def child_pids() -> list[int]:
    """Process ids whose parent is this process (empty where /proc is missing)."""
    me = os.getpid()
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
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
    after ``grace`` seconds."""
    pids = [pid for pid in child_pids() if pid not in keep]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    end = time.monotonic() + grace
    while pids and time.monotonic() < end:
        pids = [pid for pid in pids if _alive(pid)]
        time.sleep(0.02)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return waited == 0
