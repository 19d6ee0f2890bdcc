"""GLPK (the glpsol program) with time limits: whole seconds, never an error.

glpsol refuses a fractional ``--tmlim``; futomip passes the floor (at least 1 s) and the
deadline's watchdog ends an overrun.  Skipped visibly where glpsol is not installed
(``apt-get install glpk-utils``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import futomip
from futomip.solvers import solver as solver_named

from conftest import DATA, SHARED, require_pair

GLPK_PAIRS = [("pulp", "glpk"), ("pyomo", "glpk")]
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
