"""futomip._children: the children of a process are found exactly, and every child ended is
waited for, also one that ignores SIGTERM and needs SIGKILL (it was once left a zombie)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from futomip._children import _scanned_children, child_pids, terminate_children

from processes import process_table

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")

STUBBORN = "import signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); " \
           "time.sleep(60)"


def _start(code: str) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    return child


def test_listed_children_are_the_scanned_children():
    """The children read from /proc/PID/task/*/children are those a scan of every process's
    parent finds (for this process with three children, and for a process with none)."""
    children = [_start("print('ready', flush=True); import time; time.sleep(60)") for _ in range(3)]
    try:
        assert set(child.pid for child in children) <= set(child_pids())
        assert child_pids() == sorted(_scanned_children(Path("/proc"), os.getpid()))
        assert child_pids(children[0].pid) == []
    finally:
        for child in children:
            child.kill()
            child.wait()


def test_a_child_that_ignores_sigterm_is_killed_and_waited_for():
    """terminate_children ends a child that ignores SIGTERM with SIGKILL after the grace and
    waits for it: no zombie is left in the process table."""
    others = set(child_pids())  # the test session's own helpers (a fork server) stay
    child = _start(STUBBORN)
    terminate_children(grace=0.1, keep=others)
    assert child.pid not in process_table(), process_table().get(child.pid)
    child.wait()  # already reaped: Popen takes that as ended


def test_kill_children_now_waits_for_each():
    """kill_children_now ends every child of a process at once, SIGTERM or not, and has
    waited for each when it returns: none is left in the process table, not even as a zombie."""
    code = ("import os, subprocess, sys; from futomip._children import kill_children_now; "
            f"children = [subprocess.Popen([sys.executable, '-c', {STUBBORN!r}], stdout=subprocess.PIPE, text=True) "
            "for _ in range(2)]; [c.stdout.readline() for c in children]; kill_children_now(); "
            "print(sum(os.path.exists(f'/proc/{c.pid}') for c in children), flush=True)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
