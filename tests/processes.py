"""Finding processes a test's command left behind, through ``/proc`` (Linux).

A test points TMPDIR (or an environment marker) at something unique to it; PuLP and Pyomo
write their model files under TMPDIR, so a solver program still running shows that path on
its command line, and every process a command starts inherits its environment.

Processes nobody waited for: ``adopting_orphans`` makes the test process a child subreaper
(``PR_SET_CHILD_SUBREAPER``) for its duration, so that a process whose parent ended without
waiting for it comes to the test process instead of to init (which reaps it seconds later,
out of sight), and ``zombies_under`` lists the processes in state Z below a process.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

__all__ = ["processes_mentioning", "processes_marked", "start_marked", "process_table", "zombies_under",
           "adopting_orphans", "solver_programs_marked"]

_PR_SET_CHILD_SUBREAPER = 36


def _read_all(name: str) -> list[tuple[int, bytes]]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((int(entry.name), (entry / name).read_bytes()))
            except OSError:
                continue
    return found


def processes_mentioning(text: str) -> list[str]:
    """Command lines of the processes whose command line holds ``text``."""
    lines = [data.replace(b"\0", b" ").decode(errors="replace") for _, data in _read_all("cmdline")]
    return [line for line in lines if text in line]


def processes_marked(marker: str) -> list[int]:
    """Process ids whose environment holds ``marker`` (``NAME=value``)."""
    return [pid for pid, data in _read_all("environ") if marker.encode() in data]


def start_marked(tmp_path: Path, name: str, *arguments: str) -> tuple[subprocess.Popen, str]:
    """``futomip ARGUMENTS`` as a separate process (output piped) whose environment, and so
    every process it starts, holds a new marker ``NAME=unique value``; and that marker.
    TMPDIR is ``tmp_path``, where PuLP and Pyomo write their files."""
    marker = f"{name}={uuid.uuid4().hex}"
    env = dict(os.environ, TMPDIR=str(tmp_path), **{name: marker.split("=")[1]})
    process = subprocess.Popen([sys.executable, "-m", "futomip", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    return process, marker


def process_table() -> dict[int, tuple[str, str, int]]:
    """Every process: pid -> (command name, state letter, parent pid)."""
    table = {}
    for pid, data in _read_all("stat"):
        text = data.decode(errors="replace")
        # The name in parentheses may hold blanks and parentheses: split at the last ")".
        name = text[text.index("(") + 1:text.rindex(")")]
        state, parent = text[text.rindex(")") + 2:].split()[:2]
        table[pid] = (name, state, int(parent))
    return table


def zombies_under(root: int, within: float = 3.0) -> list[tuple[int, str, int]]:
    """(pid, name, parent) of the processes below ``root`` (any depth) in state Z, once their
    parents have had ``within`` seconds to wait for them (a zombie for a moment is normal)."""
    end = time.monotonic() + within
    while True:
        table = process_table()
        below, frontier = set(), {root}
        while frontier:
            frontier = {pid for pid, (_, _, parent) in table.items() if parent in frontier} - below
            below |= frontier
        found = sorted((pid, table[pid][0], table[pid][2]) for pid in below if table[pid][1] == "Z")
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.1)


def solver_programs_marked(marker: str, names=("cbc", "glpsol")) -> list[int]:
    """The solver programs (by command name) whose environment holds ``marker``."""
    table = process_table()
    return [pid for pid in processes_marked(marker) if table.get(pid, ("",))[0] in names]


@contextlib.contextmanager
def adopting_orphans():
    """Make this process the subreaper of everything it starts, for the body; yields a
    function listing the processes adopted so far: children of this process that were not
    there before, alive or zombie, but for multiprocessing's own helpers (a test's Popen is
    waited for by then), once ``within`` seconds have passed without them.  On leaving, every adopted process is killed
    and waited for, and adopting stops."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")
    me = os.getpid()
    before = {pid for pid, (_, _, parent) in process_table().items() if parent == me}

    def adopted(within: float = 3.0) -> list[tuple[int, str, str]]:
        end = time.monotonic() + within
        while True:
            known = before | _own_helpers()
            found = sorted((pid, name, state) for pid, (name, state, parent) in process_table().items()
                           if parent == me and pid not in known)
            if not found or time.monotonic() > end:
                return found
            time.sleep(0.1)

    try:
        yield adopted
    finally:
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
        for pid, _, _ in adopted(within=0):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)


def _own_helpers() -> set[int]:
    """multiprocessing's fork server and resource tracker of this process: started by the
    test's own races and batches, alive until the test process ends, waited for by it."""
    found = set()
    with contextlib.suppress(Exception):
        from multiprocessing import forkserver, resource_tracker

        found |= {forkserver._forkserver._forkserver_pid, resource_tracker._resource_tracker._pid}
    return {pid for pid in found if pid}
