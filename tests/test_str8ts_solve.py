"""Solving Str8ts through the pipeline: the seed sample's solution and its uniqueness."""

from __future__ import annotations

from pathlib import Path

import pytest

import futomip
from futomip.certainty import solutions
from futomip.io.solutions import read_solutions
from futomip.puzzles import str8ts as puzzle_module
from futomip.puzzles.str8ts import Str8ts

SEED_FILE = Path(__file__).resolve().parent.parent / "data" / "str8ts" / "seeds" / "blog-sample.txt"


def test_seed_sample_has_exactly_its_published_solution(core_pair):
    """Every core pair solves the seed sample to its published solution and proves it unique."""
    backend, solver = core_pair
    puzzle = futomip.load(SEED_FILE)
    result = futomip.solve(puzzle, backend=backend, solver=solver, unique=True)
    assert result.status == "solved" and result.unique is True
    assert result.grid == read_solutions(SEED_FILE.with_suffix(".sol")).grids[0]


def test_solutions_enumerates_the_seed_sample_once():
    """Enumeration with no-good cuts finds one solution of the seed sample and then stops."""
    puzzle = futomip.load(SEED_FILE)
    assert list(solutions(puzzle, limit=3, backend="highspy", solver="highs")) == [
        read_solutions(SEED_FILE.with_suffix(".sol")).grids[0]
    ]


def test_a_contradictory_board_is_infeasible():
    """A black clue equal to a given in the same row leaves no solution: status infeasible."""
    puzzle = Str8ts.from_cells(3, black=[(0, 0)], digits={(0, 0): 2, (0, 2): 2})
    result = futomip.solve(puzzle, backend="highspy", solver="highs")
    assert result.status == "infeasible" and result.grid is None


@pytest.mark.parametrize("pair", [None, ("pulp", "cbc"), ("pyomo", "highs"), ("highspy", "highs"),
                                  ("ortools", "cpsat")])
def test_an_all_black_board_is_unique_without_a_remark(pair):
    """Every cell black: the one (empty) grid is unique, and the no-good cut over no column that
    proves it is no remark (the result said "row exclude(1) reads 0 <= -1"); Pyomo, which
    refuses a row that reads false, ended in an internal error (QA, twenty-sixth session)."""
    from conftest import require_pair

    puzzle = Str8ts.from_cells(2, {(r, c) for r in range(2) for c in range(2)})
    if pair is not None:
        require_pair(*pair)
    keywords = {} if pair is None else {"backend": pair[0], "solver": pair[1]}
    result = futomip.solve(puzzle, unique=True, **keywords)
    assert (result.status, result.unique, result.message) == ("solved", True, "")
    assert futomip.verify(puzzle, result.grid) == []
    listed = futomip.enumerate_all(puzzle, **keywords)
    assert listed.complete and listed.solutions == [result.grid]


def test_explain_narrows_a_clash_to_the_clue_that_fails_alone():
    """A black clue 2 beside a white 2 in a row of three white cells: the two equal digits were
    named together as "the givens alone break the grid rules", but the black 2 fails alone (the
    three white cells hold consecutive digits, so a 2), so the irreducible set is that clue
    (QA, twenty-sixth session). A pair that is irreducible keeps its message."""
    puzzle = Str8ts.from_cells(4, black=[(0, 0)], digits={(0, 0): 2, (0, 3): 2})
    result = futomip.explain(puzzle, backend="highspy", solver="highs")
    assert result.status == "infeasible" and [clue.text for clue in result.conflict] == ["black cell (1,1) shows 2"]
    assert "on its own" in result.message
    alone = futomip.solve(puzzle_module.restrict(puzzle, result.conflict), backend="highspy", solver="highs")
    assert alone.status == "infeasible"
    assert futomip.solve(puzzle_module.restrict(puzzle, []), backend="highspy", solver="highs").status == "solved"
    pair = Str8ts.from_cells(4, black=[(0, 0)], digits={(0, 0): 4, (0, 3): 4})
    result = futomip.explain(pair, backend="highspy", solver="highs")
    assert result.status == "infeasible" and len(result.conflict) == 2
    assert result.message.startswith("the givens alone break the grid rules")
