"""Every process futomip starts is waited for: no zombie and no orphan after a race (won,
stopped by Ctrl-C or SIGTERM), a batch (finished or stopped), or a CBC/GLPK run cancelled
by its time limit, Ctrl-C or SIGTERM.

The test process adopts every orphan below it (``processes.adopting_orphans``): a process
whose parent ended without waiting for it then stays visible here as a child of the test,
instead of being reaped by init a few seconds later out of sight (how a race once left a
zombie ``cbc`` behind).  Commands run as separate processes with a marker in their
environment, as a user runs them; the API runs in the test process.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

import futomip

from conftest import DATA, require_pair
from processes import adopting_orphans, solver_programs_marked, start_marked, zombies_under

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")

HARD9 = sorted((DATA / "futoshiki" / "hard9").glob("*.txt"))
SLOW = str(HARD9[1])
"""Unreduced, this 9x9 keeps CBC at work for seconds in one run (HiGHS takes about half as
long): a signal sent once CBC has started reaches the command while CBC runs."""
PROGRAM_PAIRS = [("pulp", "cbc"), ("pyomo", "cbc"), ("pulp", "glpk"), ("pyomo", "glpk")]


def _start(tmp_path: Path, *arguments: str) -> tuple[subprocess.Popen, str]:
    return start_marked(tmp_path, "FUTOMIP_ZOMBIE_TEST", *arguments)


def _wait_for_a_solver_program(process: subprocess.Popen, marker: str) -> None:
    """Return once a CBC or glpsol program of the command is running (the signal then
    reaches the command while a child program is at work)."""
    end = time.monotonic() + 60
    while not (seen := solver_programs_marked(marker)) and time.monotonic() < end and process.poll() is None:
        time.sleep(0.02)
    assert process.poll() is None, "the command must still be solving for the test to mean anything"
    assert seen, "no solver program started within 60 s"


def _signal_while_a_program_runs(tmp_path: Path, signum: int, code: int, *arguments: str) -> None:
    """Run ``futomip ARGUMENTS``, send ``signum`` once a solver program of it runs, and check
    the exit code and that no process of the command comes to the test as an orphan."""
    with adopting_orphans() as adopted:
        process, marker = _start(tmp_path, *arguments)
        _wait_for_a_solver_program(process, marker)
        process.send_signal(signum)
        process.communicate(timeout=30)
        assert process.returncode == code
        assert adopted() == []


@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_race_stopped_by_a_signal_waits_for_its_cbc(tmp_path, signum, code):
    """Ctrl-C or SIGTERM while a race's CBC runs: exit 130/143, and no process of the race
    (worker, CBC, fork server) is left unwaited for: none comes to the test as an orphan."""
    require_pair("pulp", "cbc")
    _signal_while_a_program_runs(tmp_path, signum, code, SLOW, "--reduce", "none", "--json",
                                 "--solver", "race:highs,pulp/cbc")


def test_a_race_won_while_cbc_works_leaves_no_zombie():
    """A race that HiGHS wins while CBC is still at work (a hard 9x9 unreduced, where CBC
    is the slower) returns the verified grid, and the stopped worker's CBC has been waited
    for: no zombie below the test process and no orphan adopted by it."""
    require_pair("pulp", "cbc")
    puzzle = futomip.load(SLOW)
    with adopting_orphans() as adopted:
        result = futomip.solve(puzzle, solver="race:highs,pulp/cbc", reduce="none", time_limit=120)
        assert result.status == "solved" and futomip.verify(puzzle, result.grid) == []
        assert zombies_under(os.getpid()) == []
        assert adopted() == []


def test_a_finished_batch_leaves_no_zombie(tmp_path):
    """A batch of CBC jobs on two workers ends with every worker and CBC program waited for."""
    require_pair("pulp", "cbc")
    with adopting_orphans() as adopted:
        process, _ = _start(tmp_path, "batch", *map(str, HARD9[3:5]), "-o", str(tmp_path / "r.jsonl"), "--method",
                            "milp:pulp/cbc", "--jobs", "2", "-q")
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert adopted() == []


@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_batch_leaves_no_zombie(tmp_path, signum, code):
    """Ctrl-C or SIGTERM while the batch's workers run CBC: every worker and CBC program is
    waited for, none comes to the test as an orphan."""
    require_pair("pulp", "cbc")
    _signal_while_a_program_runs(tmp_path, signum, code, "batch", *map(str, HARD9), "-o", str(tmp_path / "r.jsonl"),
                                 "--method", "milp:pulp/cbc", "--unique", "--jobs", "2", "--reduce", "none", "-q")


@pytest.mark.parametrize("backend,solver", PROGRAM_PAIRS)
@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_solver_program_stopped_by_a_signal_is_waited_for(tmp_path, backend, solver, signum, code):
    """Ctrl-C or SIGTERM while CBC (or glpsol) works on a hard 9x9: exit 130/143 and the
    program is waited for (no orphan comes to the test)."""
    require_pair(backend, solver)
    _signal_while_a_program_runs(tmp_path, signum, code, SLOW, "--reduce", "none", "--json", "--backend", backend,
                                 "--solver", solver)


@pytest.mark.parametrize("backend,solver", PROGRAM_PAIRS)
def test_a_solver_program_at_the_time_limit_is_waited_for(tmp_path, backend, solver):
    """A hard 9x9 unreduced under --time-limit 1 ends at the limit (or solved: GLPK sometimes
    finds it within the second), and the solver program is waited for, in the command and in
    this process through the API."""
    require_pair(backend, solver)
    with adopting_orphans() as adopted:
        process, _ = _start(tmp_path, SLOW, "--reduce", "none", "--json", "--backend", backend,
                            "--solver", solver, "--time-limit", "1")
        out, err = process.communicate(timeout=60)
        assert (process.returncode, '"time_limit"' in out or '"solved"' in out) in ((1, True), (0, True)), (out, err)
        assert adopted() == []
        result = futomip.solve(futomip.load(SLOW), backend=backend, solver=solver, reduce="none", time_limit=1)
        assert result.status in ("time_limit", "solved")
        assert result.status == "time_limit" or futomip.verify(result.puzzle, result.grid) == []
        assert zombies_under(os.getpid()) == []
        assert adopted() == []


KNOTTY = DATA / "nonogram" / "wolter" / "knotty.nin"
"""Out of HiGHS' reach in seconds: the second search path and the solver on the whole model
take turns in the worker until the time limit (``futomip.pipeline.second_search``)."""


def test_the_second_search_worker_reaps_its_solver():
    """A nonogram with HiGHS side by side: the worker runs the second search path and, in
    its own child, the solver on the whole model.  At the time limit both are ended and
    waited for: nothing comes to the test as an orphan, no zombie is left below it."""
    puzzle = futomip.load(KNOTTY)
    with adopting_orphans() as adopted:
        result = futomip.solve(puzzle, backend="highspy", solver="highs", schedule="parallel", time_limit=2)
        assert result.status == "time_limit" and result.schedule["worker"] == "search"
        assert result.schedule["solver_seconds"] > 0.5  # the worker (and so its solver's child) ran
        assert zombies_under(os.getpid()) == []
        assert adopted() == []


@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_command_stopped_during_the_second_search_leaves_no_orphan(tmp_path, signum, code):
    """Ctrl-C or SIGTERM while the second search worker and its solver run: the command exits
    130/143 and none of its processes comes to the test as an orphan."""
    with adopting_orphans() as adopted:
        process, _ = _start(tmp_path, str(KNOTTY), "--backend", "highspy", "--solver", "highs",
                            "--schedule", "parallel", "--time-limit", "60", "--json")
        time.sleep(3.0)  # past the kernels' load, the worker's start and its solver's model build
        assert process.poll() is None, "the command must still be solving for the test to mean anything"
        process.send_signal(signum)
        process.communicate(timeout=30)
        assert process.returncode == code
        assert adopted() == []
