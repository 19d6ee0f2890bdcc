"""The Futoshiki formulation: names, row counts, and agreement with the independent verifier."""

from __future__ import annotations

import itertools

import pytest

from futomip.models.futoshiki import formulate
from futomip.puzzles.futoshiki import Futoshiki, verify

THREE = Futoshiki.from_clues(3, {(0, 0): 2}, [((1, 1), (1, 2)), ((2, 0), (2, 1)), ((2, 1), (2, 2))])


def _vector(formulation, grid):
    values = [0] * formulation.model.num_vars
    x = formulation.model.family("x")
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            values[x[r + 1, c + 1, v]] = 1
    return values


@pytest.mark.parametrize("encoding,less_rows", [("tight", 3 * 3), ("weighted", 3)])
def test_row_families_and_counts(encoding, less_rows):
    """Every constraint family of the docstring is present with n*n, n*n, n*n, #givens and per-sign rows."""
    formulation = formulate(THREE, encoding)
    assert formulation.model.num_vars == 27
    assert formulation.model.row_counts() == {
        "cell_one_value": 9, "row_has_value": 9, "col_has_value": 9, "given": 1, "less_than": less_rows,
    }
    names = {con.name for con in formulation.model.constraints}
    assert {"cell_one_value(1,1)", "row_has_value(3,2)", "col_has_value(2,3)", "given(1,1)"} <= names
    assert ("less_than(2,2,2,3,3)" in names) == (encoding == "tight")


@pytest.mark.parametrize("encoding", ["tight", "weighted"])
def test_model_accepts_exactly_the_grids_the_verifier_accepts(encoding):
    """Over every 3x3 Latin-or-not grid of values 1..3, model rows hold iff verify finds nothing."""
    formulation = formulate(THREE, encoding)
    for flat in itertools.product(range(1, 4), repeat=9):
        grid = (flat[0:3], flat[3:6], flat[6:9])
        model_ok = not formulation.model.is_satisfied_by(_vector(formulation, grid))
        assert model_ok == (verify(THREE, grid) == []), grid


def test_decode_and_exclude_round_trip():
    """decode reads back the grid of a 0/1 vector, and exclude cuts off that grid and every grid
    within 3 cells of it (no other Latin square is that close)."""
    formulation = formulate(THREE, "tight")
    grid = ((2, 3, 1), (3, 1, 2), (1, 2, 3))
    vector = _vector(formulation, grid)
    assert formulation.decode(vector) == grid
    terms, sense, rhs = formulation.exclude(grid)
    assert sense == "<=" and rhs == 5
    assert sum(coef * vector[var] for var, coef in terms) == 9
