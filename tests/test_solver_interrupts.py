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


KNOTTY = Path(__file__).resolve().parent.parent / "data" / "nonogram" / "wolter" / "knotty.nin"


# Each case waits 8 s for SCIP to be well inside its solve, so the default suite keeps the
# case that needed the fix (a SIGTERM under Pyomo); the other two run with ``-m slow``.
@pytest.mark.parametrize("signum,code,backend", [
    (signal.SIGTERM, 143, "pyomo"),
    pytest.param(signal.SIGINT, 130, "pyomo", marks=pytest.mark.slow),
    pytest.param(signal.SIGTERM, 143, "pulp", marks=pytest.mark.slow)])
def test_a_signal_during_one_long_scip_solve_ends_the_command(signum, code, backend):
    """pyscipopt's ``optimize`` holds Python's lock, so a SIGTERM once waited for SCIP to
    finish (under Pyomo, for as long as the solve took): the signal, sent well inside an
    unreduced Knotty solve, ends the command within 2 s (plus slack for a loaded machine)."""
    require_pair(backend, "scip")
    process = subprocess.Popen([sys.executable, "-m", "futomip", str(KNOTTY), "--reduce", "none", "--backend",
                                backend, "--solver", "scip", "--json", "-q"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Start-up, the build and loading the model into SCIP take about 4 s under Pyomo (a
    # SIGTERM at 4 s still met Python and passed before the fix; at 8 s it waited for SCIP,
    # for half an hour); SCIP then runs for minutes.  (SCIP's -v log cannot mark the moment:
    # Pyomo hands it over in chunks.)
    try:
        time.sleep(8)
        assert process.poll() is None, process.communicate()
        process.send_signal(signum)
        start = time.monotonic()
        process.communicate(timeout=30)
        assert process.returncode == code
        assert time.monotonic() - start < 2 + 1.5
    finally:
        process.kill()


@pytest.mark.parametrize("signum,code,backend,solver", [(signal.SIGTERM, 143, "pulp", "cbc"),
                                                        (signal.SIGINT, 130, "pulp", "glpk"),
                                                        (signal.SIGTERM, 143, "pyomo", "cbc")])
def test_a_signal_during_a_solver_program_leaves_no_temporary_files(tmp_path, signum, code, backend, solver):
    """PuLP and Pyomo remove the model and solution files they hand a solver program only
    after a solve that returns; a signal during an unreduced Knotty solve once left them in
    TMPDIR.  They now go to the command's scratch folder, which the command removes."""
    require_pair(backend, solver)
    process = subprocess.Popen([sys.executable, "-m", "futomip", str(KNOTTY), "--reduce", "none", "--backend",
                                backend, "--solver", solver, "--time-limit", "60", "-q"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, TMPDIR=str(tmp_path)))
    try:
        # The model file is written just before the solver program starts on it.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not [*tmp_path.rglob("*-pulp.*"), *tmp_path.rglob("*.pyomo.*")]:
            time.sleep(0.1)
        time.sleep(1)
        assert process.poll() is None, process.communicate()
        process.send_signal(signum)
        process.communicate(timeout=30)
        assert process.returncode == code
        assert sorted(tmp_path.rglob("*")) == []
    finally:
        process.kill()
