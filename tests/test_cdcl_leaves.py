"""The leaves of the compiled learning search built incrementally (``nonogram_cdcl_leaves``).

``LeafBuilder`` rebuilds only the lines whose masks changed since the previous leaf; every
leaf must still equal ``Board.domains`` on the same cells (the from-scratch Python answer),
compiled and interpreted, whatever came before it (a line without a placement included),
and a leaf handed out earlier must never change afterwards.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles

import futomip
from futomip.puzzles.nonogram import Nonogram
from futomip.reduction import reduce
from futomip.reduction.nonogram import UNKNOWN, Board
from futomip.reduction.nonogram_cdcl import CompiledLearner
from futomip.reduction.nonogram_cdcl_leaves import LeafBuilder
from futomip.reduction.nonogram_compiled import _clue_arrays


def _masks_and_values(puzzle: Nonogram, fixed: dict) -> tuple[np.ndarray, np.ndarray]:
    """The search's layout of the cells ``fixed`` ((r, c) -> colour): line masks and values."""
    height, width = puzzle.height, puzzle.width
    masks = np.zeros((2, height + width), dtype=np.uint64)
    values = np.full(height * width, UNKNOWN, dtype=np.int32)
    for (r, c), colour in fixed.items():
        masks[colour, r] |= np.uint64(1 << c)
        masks[colour, height + c] |= np.uint64(1 << r)
        values[r * width + c] = colour
    return masks, values


def _board(puzzle: Nonogram, fixed: dict) -> Board:
    board = Board(puzzle)
    board.load([[fixed.get((r, c), UNKNOWN) for c in range(puzzle.width)] for r in range(puzzle.height)])
    return board


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@settings(max_examples=40, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=2, max_size=7), data=st.data())
def test_each_leaf_equals_the_boards_domains_whatever_came_before(interpreted, puzzle, data):
    """A sequence of random cell states (some near the solution, some with a line left
    without a placement, one line sometimes without a clue) through one builder: each leaf
    equals ``Board.domains`` of its cells (None where a line has no placement), and no
    leaf changes once later ones are built."""
    if data.draw(st.booleans()):
        rows = list(puzzle.rows)
        rows[data.draw(st.integers(0, puzzle.height - 1))] = None
        puzzle = Nonogram(tuple(rows), puzzle.cols)
    clues = list(puzzle.rows) + list(puzzle.cols)
    runs, first, count = _clue_arrays(clues)
    most_runs = max((len(clue) for clue in clues if clue is not None), default=0)
    table = np.zeros((4, most_runs + 1), dtype=np.uint64)
    builder = LeafBuilder(clues, puzzle.height, puzzle.width, interpreted)
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)]
    kept = []
    for _ in range(data.draw(st.integers(1, 6))):
        chosen = data.draw(st.lists(st.sampled_from(cells), unique=True))
        fixed = {cell: data.draw(st.integers(0, 1)) for cell in chosen}
        masks, values = _masks_and_values(puzzle, fixed)
        leaf = builder.leaf(values, masks, runs, first, count, table)
        expected = _board(puzzle, fixed).domains()
        if expected.contradiction is not None:
            assert leaf is None
            continue
        assert leaf == expected
        kept.append((leaf, expected))
    assert all(leaf == expected for leaf, expected in kept)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@settings(max_examples=25, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=3, max_size=6), limit=st.integers(2, 12))
def test_every_leaf_kept_to_the_end_still_equals_the_boards_domains(interpreted, puzzle, limit):
    """The search's leaves, all kept until the search ends (leaves share unchanged lines'
    tuples), each equal ``Board.domains`` on its cells, and the solutions inside them check
    with the independent verifier."""
    learner = CompiledLearner(puzzle, reduce(puzzle, "lines"), limit, interpreted=interpreted)
    leaves = list(learner.leaves())
    assert learner.finished and leaves
    for leaf in leaves:
        board = Board(puzzle)
        board.load(leaf.cells)
        assert leaf == board.domains()
    solved = [leaf for leaf in leaves if leaf.unknown == 0]
    assert all(futomip.verify(puzzle, leaf.cells) == [] for leaf in solved)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_blocking_clause_scan_survives_clean_ups_at_every_restart(interpreted):
    """With a learnt-clause cap of 1 and a restart at every conflict (a clean-up renumbers the
    clauses at each restart, the scan's bitset is rebuilt), 40 seeded random grids of 4x4 to
    8x8: the search makes the Python search's decisions and conflicts, and its leaves hold
    every brute-force solution once, each verified."""
    import random

    from futomip.puzzles.nonogram import from_grid
    from futomip.reduction import nonogram_cdcl_kernels as k
    from futomip.reduction.nonogram_learning import Learner
    from test_reduction_nonogram import _all_solutions

    rng = random.Random(11)
    for _ in range(60):
        height, width = rng.randint(4, 6), rng.randint(4, 6)
        puzzle = from_grid(tuple(tuple(int(rng.random() < 0.4) for _ in range(width)) for _ in range(height)))
        root, limit = reduce(puzzle, "lines"), rng.randint(0, 3)
        fast = CompiledLearner(puzzle, root, limit, restart_conflicts=1, interpreted=interpreted)
        fast.ints[k.CAP] = 1
        python = Learner(puzzle, root, limit, restart_conflicts=1)
        python.cap = 1
        fast_leaves, python_leaves = list(fast.leaves()), list(python.leaves())
        assert fast.finished and python.finished
        assert (fast.decisions, fast.conflicts) == (python.decisions, python.conflicts)
        assert [leaf.cells for leaf in fast_leaves] == [leaf.cells for leaf in python_leaves]
        solutions = _all_solutions(puzzle)
        assert sorted(grid for leaf in fast_leaves for grid in solutions if leaf.admits(grid)) == sorted(solutions)
        assert all(futomip.verify(puzzle, grid) == [] for grid in solutions)
