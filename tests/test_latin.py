"""Latin-square completion as its own kind: rules, model against brute force, the pipeline."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import futomip
from futomip.options import Options
from futomip.pipeline import Task, run
from futomip.puzzles.latin import LatinSquare, render, verify


def _all_squares(n: int) -> list:
    """Every Latin square of order n by brute force over row permutations."""
    rows = list(itertools.permutations(range(1, n + 1)))
    blank = LatinSquare(n, ((0,) * n,) * n)
    return [grid for grid in itertools.product(rows, repeat=n) if not verify(blank, grid)]


ALL_4 = _all_squares(4)


def test_brute_force_counts_are_the_known_ones():
    """12 Latin squares of order 3 and 576 of order 4 (the known counts)."""
    assert len(_all_squares(3)) == 12 and len(ALL_4) == 576


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ALL_4), st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=5, max_size=9))
def test_enumeration_equals_brute_force(square, cells):
    """With 5-9 cells of a Latin square given, --all finds exactly the brute-force completions."""
    board = tuple(tuple(square[r][c] if (r, c) in cells else 0 for c in range(4)) for r in range(4))
    expected = {grid for grid in ALL_4
                if all(not v or grid[r][c] == v for r, row in enumerate(board) for c, v in enumerate(row))}
    result = run(LatinSquare(4, board), Task("all"), Options("highspy", "highs"))
    assert result.complete and set(result.solutions) == expected


def test_a_completion_solves_on_every_core_pair(core_pair):
    """An order-6 completion with a few givens solves to a verified square on every core pair."""
    backend, solver = core_pair
    board = ((1, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0),
             (0, 0, 0, 4, 0, 0), (0, 0, 0, 0, 5, 0), (0, 0, 0, 0, 0, 6))
    puzzle = LatinSquare(6, board)
    result = futomip.solve(puzzle, backend=backend, solver=solver)
    assert result.status == "solved" and not verify(puzzle, result.grid)


def test_render_and_clash():
    """Holes render as dots; two equal givens in a column are the conflict --explain reports."""
    puzzle = LatinSquare(3, ((1, 0, 0), (1, 0, 0), (0, 0, 0)))
    assert render(puzzle).splitlines()[0] == "1 . ."
    result = futomip.explain(puzzle)
    assert result.status == "infeasible" and len(result.conflict) == 2
