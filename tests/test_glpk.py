"""GLPK (the glpsol program) with time limits: whole seconds, never an error.

glpsol refuses a fractional ``--tmlim``; futomip passes the floor (at least 1 s) and the
deadline's watchdog ends an overrun.  Skipped visibly where glpsol is not installed
(``apt-get install glpk-utils``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import futomip
from futomip.solvers import solver as solver_named

from conftest import DATA, SHARED, require_pair

GLPK_PAIRS = [("pulp", "glpk"), ("pyomo", "glpk")]
INSTALL_HINT = "apt-get install glpk-utils"
TAAI = SHARED / "corpus" / "nonogram-taai-tournament" / "question" / "taai2011.txt"


@pytest.mark.parametrize("seconds,passed", [(2.7, 2), (1.0, 1), (0.3, 1), (0.0001, 1), (59.99, 59)])
def test_a_fractional_limit_becomes_whole_seconds(seconds, passed):
    """GLPK is given the floor of the seconds left, and never less than one second."""
    glpk = solver_named("glpk")
    assert glpk.time_limit(seconds, glpk.layers["pulp"]) == passed


@pytest.mark.parametrize("backend,solver", GLPK_PAIRS)
def test_fractional_time_limit_on_a_hard_puzzle_is_no_error(backend, solver):
    """A hard 9x9 with --time-limit 1.5 ends solved or at the time limit, never as an error."""
    require_pair(backend, solver)
    puzzle = futomip.load(DATA / "futoshiki" / "hard9" / "hard9-seed104.txt")
    result = futomip.solve(puzzle, backend=backend, solver=solver, time_limit=1.5)
    assert result.status in ("solved", "time_limit"), result.message
    assert result.seconds["total"] < 6


@pytest.mark.slow
@pytest.mark.skipif(not TAAI.is_file(), reason="the TAAI corpus (read from ../shared/corpus) is absent")
@pytest.mark.parametrize("backend,solver", GLPK_PAIRS)
def test_taai_nonogram_with_the_split_and_one_second_slices(backend, solver):
    """TAAI $450, which the whole model does not settle in its 1 s slice, is solved by the
    split search with GLPK on the leaves."""
    require_pair(backend, solver)
    puzzle = futomip.read(TAAI)[449]
    result = futomip.solve(puzzle, backend=backend, solver=solver, time_limit=120)
    assert result.status == "solved", result.message
    assert result.reduction["search"] is not None
    assert futomip.verify(puzzle, result.grid) == []


def _futomip_with_glpsol_first(folder: Path, *arguments: str) -> subprocess.CompletedProcess:
    """The command run with ``folder`` (holding a ``glpsol``) first on PATH."""
    environment = {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run([sys.executable, "-m", "futomip", *arguments], capture_output=True, text=True,
                          env=environment, timeout=120)


def test_a_glpsol_that_does_not_run_is_no_available_solver(tmp_path):
    """A glpsol on PATH that exists but fails (here a script that exits 1) makes the GLPK
    pairs missing, with the install hint; a solve asking for one ends with exit 3 and that
    hint, not as a solver error in the middle of the solve."""
    broken = tmp_path / "glpsol"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    listed = _futomip_with_glpsol_first(tmp_path, "solvers", "--json")
    assert listed.returncode == 0, listed.stderr
    pairs = {(entry["backend"], entry["solver"]): entry for entry in json.loads(listed.stdout)["pairs"]}
    for pair in GLPK_PAIRS:
        assert pairs[pair]["available"] is False
        assert INSTALL_HINT in pairs[pair]["how"]
    for backend, solver in GLPK_PAIRS:
        done = _futomip_with_glpsol_first(tmp_path, str(DATA / "futoshiki.dat"), "--backend", backend,
                                          "--solver", solver, "--reduce", "none")
        assert done.returncode == 3, done.stdout + done.stderr
        assert INSTALL_HINT in done.stderr


def test_a_glpsol_that_runs_is_available(tmp_path):
    """The real glpsol, first on PATH the same way, keeps both GLPK pairs available."""
    program = shutil.which("glpsol")
    if program is None:
        pytest.skip("glpsol is not installed (apt-get install glpk-utils)")
    (tmp_path / "glpsol").symlink_to(program)
    listed = _futomip_with_glpsol_first(tmp_path, "solvers", "--json")
    pairs = {(entry["backend"], entry["solver"]): entry for entry in json.loads(listed.stdout)["pairs"]}
    assert all(pairs[pair]["available"] for pair in GLPK_PAIRS)

