"""Enumeration with CP-SAT lists solutions in one run (``enumerate_all_solutions``).

From the third solution on, the finder asks a solver that lists solutions for a pool of
further solutions in the same run instead of one solve per solution with one more no-good
row each time.  Checked here: the listed solutions are exactly the puzzle's (against brute
force and against HiGHS), each once and verified; a limit and a time limit are kept; a pool
smaller than the solution count goes on exactly through no-good rows; the session's check of
a pool's points agrees with ``violated_rows`` point by point.
"""

from __future__ import annotations

import itertools
import time

import pytest

pytest.importorskip("ortools")

from futomip import verify  # noqa: E402
from futomip.backends import backend_module  # noqa: E402
from futomip.backends.base import any_broken, violated_rows  # noqa: E402
from futomip.certainty import enumerate_all, solutions  # noqa: E402
from futomip.kinds import kind_of  # noqa: E402
from futomip.linear import Constraint  # noqa: E402
from futomip.options import Options  # noqa: E402
from futomip.pipeline import finder  # noqa: E402
from futomip.puzzles.killer import Killer  # noqa: E402
from futomip.puzzles.latin import LatinSquare  # noqa: E402
from futomip.solvers import solver as solver_named  # noqa: E402

CPSAT = {"backend": "ortools", "solver": "cpsat"}


def _rows_of_ten() -> Killer:
    """A 4x4 Killer whose cages are its rows, each adding to 10: the 288 4x4 Sudoku grids."""
    return Killer(4, tuple((10, tuple((r, c) for c in range(4))) for r in range(4)), name="rows4")


def _sudoku4_brute_force() -> set:
    """Every grid of rows that are permutations and whose columns differ so far, kept if it
    passes the verifier (which checks the boxes and cages)."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = [()]
    for _ in range(4):
        grids = [grid + (row,) for grid in grids for row in rows
                 if all(row[c] != other[c] for other in grid for c in range(4))]
    return {grid for grid in grids if not verify(_rows_of_ten(), grid)}


def _empty_latin(order: int) -> LatinSquare:
    return LatinSquare(order, tuple((0,) * order for _ in range(order)))


@pytest.mark.parametrize("form", ["linear", "native"])
def test_an_enumeration_lists_every_solution_in_a_few_runs(form):
    expected = _sudoku4_brute_force()
    assert len(expected) == 288
    result = enumerate_all(_rows_of_ten(), options=Options(reduce="none", globals=form, **CPSAT))
    assert result.complete
    assert len(result.solutions) == 288 and set(result.solutions) == expected
    assert all(not verify(_rows_of_ten(), grid) for grid in result.solutions)
    # Two solves for the first two solutions (a uniqueness proof's), then one listing run
    # (one solve per solution before: 289).
    assert result.stats["solves"] == 3


def test_a_pool_smaller_than_the_solutions_goes_on_through_no_good_rows(monkeypatch):
    monkeypatch.setattr(finder, "LISTING_BYTES", 0)  # pools of 64: five listing runs for 288
    result = enumerate_all(_rows_of_ten(), options=Options(reduce="lines", **CPSAT))
    assert result.complete and set(result.solutions) == _sudoku4_brute_force()
    assert len(result.solutions) == 288
    assert result.stats["solves"] == 2 + 5


def test_cpsat_and_highs_enumerate_the_same_empty_square():
    cpsat = enumerate_all(_empty_latin(4), options=Options(reduce="none", **CPSAT))
    highs = enumerate_all(_empty_latin(4), options=Options(reduce="split", backend="highspy", solver="highs"))
    assert cpsat.complete and highs.complete
    assert len(cpsat.solutions) == 576 and set(cpsat.solutions) == set(highs.solutions)


@pytest.mark.parametrize("limit", [3, 10, 100])
def test_a_limit_is_kept_and_the_enumeration_says_it_is_not_complete(limit):
    result = enumerate_all(_empty_latin(5), limit=limit, options=Options(reduce="none", **CPSAT))
    assert len(result.solutions) == limit == len(set(result.solutions))
    assert not result.complete
    assert all(not verify(_empty_latin(5), grid) for grid in result.solutions)
    taken = list(solutions(_empty_latin(5), limit=limit, reduce="none", **CPSAT))
    assert len(taken) == limit == len(set(map(tuple, taken)))


def test_the_time_limit_is_kept_while_listing_and_taking():
    # CP-SAT imported and started once before the clock: on a loaded machine a cold import and
    # the first three solves took the whole 1.5 s, so no listing ran (fresh check, 28 Nov).
    enumerate_all(_empty_latin(3), options=Options(reduce="none", **CPSAT))
    start = time.perf_counter()
    result = enumerate_all(_empty_latin(6), options=Options(reduce="none", time_limit=2.0, **CPSAT))
    elapsed = time.perf_counter() - start
    assert elapsed < 2.0 + 1.0, elapsed  # the pool is taken within the limit, not after it
    assert not result.complete and len(result.solutions) > 3
    assert len(set(result.solutions)) == len(result.solutions)
    assert all(not verify(_empty_latin(6), grid) for grid in result.solutions)


def test_a_session_lists_no_more_than_it_is_asked_and_says_when_it_has_all():
    puzzle = _rows_of_ten()
    model = kind_of(puzzle).model_module().formulate(puzzle).model
    session = backend_module("ortools").open_session(model, solver_named("cpsat"), Options())
    raw = session.solve(None, pool=10)
    assert raw.status == "solved" and len(raw.more) == 10 and not raw.exhausted
    raw = session.solve(None, pool=1000)
    assert len(raw.more) == 287 and raw.exhausted
    points = [raw.values, *raw.more]
    assert len({tuple(point) for point in points}) == 288


def test_the_pool_check_agrees_with_violated_rows_point_by_point():
    puzzle = _rows_of_ten()
    model = kind_of(puzzle).model_module().formulate(puzzle).model
    session = backend_module("ortools").open_session(model, solver_named("cpsat"), Options())
    raw = session.solve(None, pool=40)
    points = [list(raw.values), *map(list, raw.more)]
    nogood = Constraint("exclude(1)", tuple((var, 1.0) for var, value in enumerate(points[3]) if value > 0.5),
                        "<=", sum(value > 0.5 for value in points[3]) - 1, "exclude", (1,))
    for extra in ([], [nogood]):
        for point in points:
            assert any_broken(model, extra, [point]) == bool(violated_rows(model, extra, point))
        assert any_broken(model, extra, points) == any(violated_rows(model, extra, point) for point in points)
    flipped = list(points[5])
    flipped[0] = 1.0 - flipped[0]
    assert violated_rows(model, [], flipped) and any_broken(model, [], points[:5] + [flipped])


def test_an_enumeration_that_rebuilds_the_model_solves_once_a_solution():
    """``rebuild`` measures one solve per solution on a fresh model (futomip bench --enumerate),
    so it does not list; the solutions are the same."""
    from futomip.pipeline.certainty import Enumeration

    enumeration = Enumeration(_rows_of_ten(), rebuild=True, options=Options(reduce="none", **CPSAT))
    grids = list(enumeration)
    assert enumeration.complete and set(grids) == _sudoku4_brute_force()
    assert enumeration.finder.stats["solves"] == 289
