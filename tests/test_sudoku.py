"""Sudoku, the kind added through the seams: its rules, its model against brute force, the pipeline."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from brute_force import all_4x4_sudokus

import futomip
from futomip.kinds import KINDS
from futomip.pipeline import Task, run
from futomip.options import Options
from futomip.puzzles.sudoku import Sudoku, grid_clash, render, units, verify

SOLVED_4 = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
ALL_4 = all_4x4_sudokus()  # every solved 4x4 Sudoku, by brute force


def test_brute_force_count_is_the_known_one():
    """There are 288 solved 4x4 Sudokus (the known count), so the oracle's rules are the right ones."""
    assert len(ALL_4) == 288


def test_verify_names_each_broken_rule():
    """Swapped cells break their columns (within a box) or their box (within a column), and a
    wrong given is named."""
    broken = ((2, 1, 3, 4),) + SOLVED_4[1:]
    problems = verify(Sudoku(4, ((1, 0, 0, 0),) + ((0,) * 4,) * 3), broken)
    assert any("given as 1" in p for p in problems)
    assert any("column 1 holds 2 twice" in p for p in problems)
    boxed = ((1, 2, 3, 4), (2, 1, 4, 3), (3, 4, 1, 2), (4, 3, 2, 1))  # a Latin square, not a Sudoku
    assert any(p.startswith("box 1 holds") for p in verify(Sudoku(4, ((0,) * 4,) * 4), boxed))


def test_sizes_must_be_squares():
    """A 6x6 board is not a Sudoku of this kind (boxes would not be square)."""
    with pytest.raises(ValueError, match="square number"):
        Sudoku(6, ((0,) * 6,) * 6)


def test_units_cover_every_cell_three_times():
    """Rows, columns and boxes each cover the board once."""
    for n in (4, 9):
        counts = {}
        for _, cells in units(n):
            for cell in cells:
                counts[cell] = counts.get(cell, 0) + 1
        assert len(counts) == n * n and set(counts.values()) == {3}


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ALL_4), st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=4, max_size=8))
def test_enumeration_equals_brute_force(solution, cells):
    """With 4-8 cells of a solved board given, --all finds exactly the brute-force solutions
    (fewer givens leave up to 288 solutions: one solve each, too slow for the default suite)."""
    board = tuple(tuple(solution[r][c] if (r, c) in cells else 0 for c in range(4)) for r in range(4))
    puzzle = Sudoku(4, board)
    expected = {grid for grid in ALL_4 if all(not v or grid[r][c] == v for r, row in enumerate(board)
                                              for c, v in enumerate(row))}
    result = run(puzzle, Task("all"), Options("highspy", "highs"))
    assert result.complete and set(result.solutions) == expected


def test_classic_9x9_solves_unique_on_every_core_pair(core_pair):
    """A published 9x9 with 30 givens solves to its grid and is proved unique on every core pair."""
    backend, solver = core_pair
    puzzle = Sudoku(9, PUZZLE_9)
    result = futomip.solve(puzzle, backend=backend, solver=solver, unique=True)
    assert result.status == "solved" and result.unique is True and not verify(puzzle, result.grid)


def test_explain_finds_the_clashing_givens():
    """Two equal givens in one box are the conflict --explain reports."""
    board = [list(row) for row in PUZZLE_9]
    board[1][1] = 8  # cell (3,3) holds 8 in the same box; row 2 and column 2 have no 8
    result = futomip.explain(Sudoku(9, tuple(map(tuple, board))))
    assert result.status == "infeasible"
    assert {(c.data[0][1], c.data[1][1]) for c in result.conflict} == {(2, 2), (3, 3)}
    assert grid_clash(Sudoku(9, tuple(map(tuple, board))))


def test_registered_as_one_kind_line():
    """Sudoku is one line of the kind registry; the JSON size is n and the text has box borders."""
    assert KINDS["sudoku"].model_module().ENCODINGS == ("onehot",)
    text = render(Sudoku(4, SOLVED_4))
    assert text.splitlines()[0] == "1 2 | 3 4" and "+" in text


# Wikipedia's example Sudoku (public domain facts: the givens).
PUZZLE_9 = (
    (5, 3, 0, 0, 7, 0, 0, 0, 0),
    (6, 0, 0, 1, 9, 5, 0, 0, 0),
    (0, 9, 8, 0, 0, 0, 0, 6, 0),
    (8, 0, 0, 0, 6, 0, 0, 0, 3),
    (4, 0, 0, 8, 0, 3, 0, 0, 1),
    (7, 0, 0, 0, 2, 0, 0, 0, 6),
    (0, 6, 0, 0, 0, 0, 2, 8, 0),
    (0, 0, 0, 4, 1, 9, 0, 0, 5),
    (0, 0, 0, 0, 8, 0, 0, 7, 9),
)
