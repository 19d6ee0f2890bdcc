"""The Str8ts formulation: names, row counts, and agreement with the independent verifier."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futomip import io
from futomip.io.solutions import read_solutions
from futomip.kinds import KINDS
from futomip.models.str8ts import ENCODINGS, formulate
from futomip.puzzles.str8ts import Str8ts, compartments, verify

SEED_FILE = Path(__file__).resolve().parent.parent / "data" / "str8ts" / "seeds" / "blog-sample.txt"
SEED = io.load(SEED_FILE)
SEED_SOLUTION = read_solutions(SEED_FILE.with_suffix(".sol")).grids[0]

# A 3x3 board: black clue 3 at (1,1), a plain black cell at (3,3), a given 3 at (2,3).
TINY = Str8ts.from_cells(3, black=[(0, 0), (2, 2)], digits={(0, 0): 3, (1, 2): 3})


def _vector(formulation, puzzle: Str8ts, grid) -> list[int]:
    """The 0/1 point of ``grid``: its x values, and each compartment's start at its smallest value."""
    model = formulation.model
    values = [0] * model.num_vars
    x, start = model.family("x"), model.family("start")
    for r, c in puzzle.white_cells():
        if (r + 1, c + 1, grid[r][c]) in x:
            values[x[r + 1, c + 1, grid[r][c]]] = 1
    for run in compartments(puzzle):
        (r1, c1), (r2, c2) = run[0], run[-1]
        key = (r1 + 1, c1 + 1, r2 + 1, c2 + 1, min(grid[r][c] for r, c in run))
        if key in start:
            values[start[key]] = 1
    return values


def test_registered_with_one_encoding():
    """The formulation is registered for "str8ts" with the single encoding "start"."""
    assert KINDS["str8ts"].model_module().formulate is formulate
    assert ENCODINGS == ("start",)
    with pytest.raises(ValueError, match="encoding must be one of"):
        formulate(SEED, "window")


def test_seed_row_families_and_counts():
    """The seed gets one cell row per white cell, 9x9 line rows, 14 givens and 40 straights."""
    model = formulate(SEED).model
    assert model.row_counts() == {
        "cell_one_value": 59, "row_at_most_once": 81, "col_at_most_once": 81, "given": 14,
        "straight_start": 40, "straight_value": 40 * 9,
    }
    assert len(model.family("x")) == 59 * 9
    assert len(model.family("start")) == 284
    assert model.num_vars == 59 * 9 + 284


def test_seed_names_follow_the_docstring():
    """Rows and columns carry 1-based names; black cells and single-cell runs get no variables."""
    model = formulate(SEED).model
    rows = {con.name: con for con in model.constraints}
    for name in ("cell_one_value(1,1)", "given(1,9)", "straight_start(1,1,1,2)", "straight_value(1,1,1,2,9)"):
        assert name in rows
    # Row 3 and column 1 hold the black clue 4 at (3,1): 4 is excluded from their white cells.
    assert rows["row_at_most_once(3,4)"].rhs == 0 and rows["col_at_most_once(1,4)"].rhs == 0
    assert rows["row_at_most_once(3,5)"].rhs == 1
    assert "x(1,9,4)" in model.var_names and "x(1,3,1)" not in model.var_names
    assert "start(1,1,1,2,8)" in model.var_names and "start(1,1,1,2,9)" not in model.var_names
    single = [run for run in compartments(SEED) if len(run) == 1]
    assert len(single) == 2
    for ((r, c),) in single:
        assert not any(name.startswith(f"start({r + 1},{c + 1},{r + 1},{c + 1},") for name in model.var_names)


def test_seed_solution_satisfies_every_row_and_decodes_back():
    """The seed solution's 0/1 point satisfies the whole model; decode and exclude agree with it."""
    formulation = formulate(SEED)
    vector = _vector(formulation, SEED, SEED_SOLUTION)
    assert formulation.model.is_satisfied_by(vector) == []
    assert formulation.decode(vector) == SEED_SOLUTION
    terms, sense, rhs = formulation.exclude(SEED_SOLUTION)
    assert sense == "<=" and rhs == 58
    assert sum(coef * vector[var] for var, coef in terms) == 59


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_changed_seed_solution_violates_some_row(data):
    """Changing one white cell of the seed solution breaks at least one row, whatever the starts."""
    r, c = data.draw(st.sampled_from(SEED.white_cells()), label="cell")
    value = data.draw(st.integers(1, 9).filter(lambda v: v != SEED_SOLUTION[r][c]), label="value")
    grid = tuple(
        tuple(value if (i, j) == (r, c) else v for j, v in enumerate(row)) for i, row in enumerate(SEED_SOLUTION)
    )
    formulation = formulate(SEED)
    assert formulation.model.is_satisfied_by(_vector(formulation, SEED, grid)) != []


def test_model_accepts_exactly_the_grids_the_verifier_accepts():
    """Over every filling of the tiny board's white cells with 1..3, rows hold iff verify finds nothing."""
    formulation = formulate(TINY)
    whites = TINY.white_cells()
    accepted = 0
    for values in itertools.product(range(1, 4), repeat=len(whites)):
        filled = dict(zip(whites, values))
        grid = tuple(tuple(filled.get((r, c), 0) for c in range(3)) for r in range(3))
        model_ok = not formulation.model.is_satisfied_by(_vector(formulation, TINY, grid))
        assert model_ok == (verify(TINY, grid) == []), grid
        accepted += model_ok
    assert accepted == 1


def test_equal_black_clues_in_a_line_make_the_model_infeasible():
    """Two black clues showing one digit in a line leave a row no point can satisfy."""
    puzzle = Str8ts.from_cells(2, black=[(0, 0), (0, 1)], digits={(0, 0): 1, (0, 1): 1})
    model = formulate(puzzle).model
    rows = {con.name: con for con in model.constraints}
    assert rows["row_at_most_once(1,1)"].rhs == -1
    for vector in itertools.product((0, 1), repeat=model.num_vars):
        assert "row_at_most_once(1,1)" in model.is_satisfied_by(vector)
