"""Ctrl-C and SIGTERM stop a command on the optional solvers too (SCIP through PuLP and Pyomo,
CP-SAT, GLPK), with exit code 130/143 and no solver program left running.

The command enumerates an empty 9x9 (thousands of solutions, so it is still busy when the
signal comes) in a separate process, as a user runs it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from processes import processes_mentioning

from conftest import require_pair

EMPTY_9 = 'n = 9;\ninitialValues = {};\nconditions = {};\n'

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="checks for left-over processes read /proc")


@pytest.mark.parametrize("signum,code,backend,solver", [
    (signal.SIGINT, 130, "pulp", "scip"), (signal.SIGTERM, 143, "pulp", "scip"),
    (signal.SIGINT, 130, "pyomo", "scip"),
    (signal.SIGINT, 130, "ortools", "cpsat"), (signal.SIGTERM, 143, "ortools", "cpsat"),
    (signal.SIGINT, 130, "pulp", "glpk"), (signal.SIGTERM, 143, "pyomo", "glpk"),
])
def test_a_signal_during_enumeration_ends_the_command(tmp_path, signum, code, backend, solver):
    """The signal, sent once two solutions are out, ends the command with 130/143 within
    seconds, keeping the solutions found, and leaves no solver program behind."""
    require_pair(backend, solver)
    puzzle = tmp_path / "empty9.dat"
    puzzle.write_text(EMPTY_9)
    env = dict(os.environ, TMPDIR=str(tmp_path))
    process = subprocess.Popen([sys.executable, "-m", "futomip", str(puzzle), "--all", "--json", "--backend", backend,
                                "--solver", solver], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and "found solution 2" not in (process.stderr.readline() or ""):
        pass
    time.sleep(0.3)
    process.send_signal(signum)
    start = time.monotonic()
    out, _ = process.communicate(timeout=60)
    assert process.returncode == code
    assert time.monotonic() - start < 10
    assert '"complete": false' in out
    time.sleep(0.2)
    assert processes_mentioning(str(tmp_path)) == []
