"""Whole-grid leaves (``nonogram_whole.WholeGrid``) and the grids found (``pipeline.found.FoundGrids``).

A leaf of the learning search with every cell fixed is a ``WholeGrid``, whose block starts are
built only when read: they must equal ``Board.domains`` on the same grid; the Python and the
compiled search (compiled and interpreted) must yield the same whole-grid leaves, which must be
the brute-force solutions, each once; ``FoundGrids`` must answer "found before?" for a grid in
any form, and the pipeline's enumeration through it must stay exact; the whole-model worker
must not add rows past the deadline.
"""

from __future__ import annotations

import pickle
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_grids
from test_reduction_nonogram import _all_solutions
from test_split_nonogram import MANY

import futomip
from futomip.certainty import enumerate_all
from futomip.options import Options
from futomip.pipeline import whole_model
from futomip.pipeline.found import FoundGrids, seen
from futomip.pipeline.schedule import GAVE_UP
from futomip.puzzles.nonogram import Nonogram, from_grid
from futomip.reduction import reduce
from futomip.reduction.nonogram import Board
from futomip.reduction.nonogram_cdcl import CompiledLearner
from futomip.reduction.nonogram_learning import Learner
from futomip.reduction.nonogram_whole import WholeGrid
from futomip.solvers import check


def _domains(puzzle, grid):
    board = Board(puzzle)
    board.load(grid)
    return board.domains()


@settings(max_examples=80, deadline=None)
@given(grid=nonogram_grids(1, 8), data=st.data())
def test_a_whole_grids_starts_equal_the_boards_domains(grid, data):
    """The starts read from a ``WholeGrid`` (built lazily from its cells) equal ``Board.domains``
    of the same grid, line by line, also where a line has no clue; so do the other fields."""
    puzzle = from_grid(grid)
    if data.draw(st.booleans()):
        rows = list(puzzle.rows)
        rows[data.draw(st.integers(0, puzzle.height - 1))] = None
        puzzle = Nonogram(tuple(rows), puzzle.cols)
    leaf, expected = WholeGrid(puzzle, grid), _domains(puzzle, grid)
    assert expected.contradiction is None and futomip.verify(puzzle, leaf.solution()) == []
    assert leaf.starts == expected.starts
    assert (leaf.cells, leaf.contradiction, leaf.finished, leaf.unknown) == \
        (expected.cells, expected.contradiction, expected.finished, expected.unknown)
    assert leaf == expected and expected == leaf and leaf.summary() == expected.summary()
    assert leaf.admits(grid) and leaf.solution() == expected.solution()


def _leaves(puzzle, root, engine: str) -> list:
    if engine == "python":
        learner = Learner(puzzle, root, 0)
    else:
        learner = CompiledLearner(puzzle, root, 0, interpreted=engine == "interpreted")
    leaves = list(learner.leaves())
    assert learner.finished
    return leaves


@settings(max_examples=40, deadline=None)
@given(grid=nonogram_grids(2, 6), restart=st.booleans())
def test_whole_grid_leaves_of_every_search_are_the_brute_force_solutions(grid, restart):
    """With leaves of no open cell, the Python search, the compiled one and its interpreted
    source yield the same ``WholeGrid`` leaves in the same order: every brute-force solution
    once, each verified, and each leaf's starts (read after the search) those of ``Board.domains``."""
    puzzle = from_grid(grid)
    root = reduce(puzzle, "lines")
    runs = {engine: _leaves(puzzle, root, engine) for engine in ("python", "compiled", "interpreted")}
    leaves = runs["python"]
    assert all(isinstance(leaf, WholeGrid) for run in runs.values() for leaf in run)
    assert [leaf.cells for leaf in runs["compiled"]] == [leaf.cells for leaf in runs["interpreted"]] == \
        [leaf.cells for leaf in leaves]
    grids = [leaf.solution() for leaf in runs["compiled"]]
    assert sorted(grids) == sorted(_all_solutions(puzzle)) and len(set(grids)) == len(grids)
    assert all(futomip.verify(puzzle, grid) == [] for grid in grids)
    assert all(leaf.starts == _domains(puzzle, leaf.cells).starts for leaf in runs["compiled"])


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_86_solutions_come_as_whole_grids_with_the_right_starts(interpreted):
    """On a puzzle with 86 solutions (probing at the root) each leaf is a ``WholeGrid``, each
    solution comes once, and the starts a consumer reads equal ``Board.domains``."""
    leaves = list(CompiledLearner(MANY, reduce(MANY, "probing"), 0, interpreted=interpreted).leaves())
    assert all(isinstance(leaf, WholeGrid) for leaf in leaves)
    grids = {leaf.solution() for leaf in leaves}
    assert len(grids) == len(leaves) == 86 and all(futomip.verify(MANY, grid) == [] for grid in grids)
    assert all(leaf == _domains(MANY, leaf.cells) for leaf in leaves)


def test_found_grids_know_a_grid_in_any_form():
    """``FoundGrids`` keeps order and answers membership for lists, tuples and mixed rows alike;
    ``seen`` agrees on a plain list; a pickled copy knows the same grids."""
    found = FoundGrids([[[0, 1], [1, 0]]])
    found.append(((1, 1), (0, 0)))
    assert list(found) == [[[0, 1], [1, 0]], ((1, 1), (0, 0))] and found[1:] == [((1, 1), (0, 0))]
    assert ((0, 1), (1, 0)) in found and [[1, 1], (0, 0)] in found and [[0, 0], [0, 0]] not in found
    assert seen([[1, 1], [0, 0]], list(found)) and not seen([[1, 0], [0, 1]], list(found))
    copy = pickle.loads(pickle.dumps(found))
    assert type(copy) is FoundGrids and list(copy) == list(found) and [[0, 1], [1, 0]] in copy


@pytest.mark.parametrize("change", ["pop", "remove", "clear", "insert", "__setitem__", "__delitem__", "sort"])
def test_found_grids_refuse_to_shrink_or_change(change):
    """Every list operation that would leave the set of grids behind raises ``TypeError``."""
    found = FoundGrids([((0,),), ((1,),)])
    arguments = {"remove": (((0,),),), "insert": (0, ((1,),)), "__setitem__": (0, ((1,),)),
                 "__delitem__": (0,)}.get(change, ())
    with pytest.raises(TypeError):
        getattr(found, change)(*arguments)
    assert list(found) == [((0,),), ((1,),)] and ((1,),) in found


@pytest.mark.parametrize("schedule", ["search", "sequential"])
def test_enumeration_with_whole_grid_leaves_is_exact(schedule):
    """--all on a puzzle with 86 solutions, the leaves whole grids (the search alone, or taking
    turns with HiGHS on the whole model): each solution once, verified, and the end known."""
    result = enumerate_all(MANY, backend="highspy", solver="highs", reduce="split", schedule=schedule)
    assert result.complete and len({tuple(map(tuple, grid)) for grid in result.solutions}) == 86
    assert len(result.solutions) == 86
    assert all(futomip.verify(MANY, grid) == [] for grid in result.solutions)


@pytest.mark.skipif(not whole_model.available("highspy", "highs"), reason="needs the fork start method")
def test_the_whole_model_worker_adds_no_rows_past_the_deadline():
    """A request whose grids reach the worker after the deadline is answered "time limit"
    (``GAVE_UP``) without a solve, and so is every later one: no model with rows left out
    ever answers (enumeration at tens of thousands of grids a second sent it thousands at once)."""
    deadline_end = time.perf_counter() + 3.0
    found = FoundGrids()
    worker = whole_model.WholeModelWorker(MANY, check("highspy", "highs"), "blocks", Options("highspy", "highs"),
                                          reduce(MANY, "probing"), deadline_end, found)
    try:
        worker.resume()
        status, grid = worker.poll(30.0)
        assert status == "solved" and futomip.verify(MANY, grid) == []
        found.append(grid)
        time.sleep(max(0.0, deadline_end - time.perf_counter()) + 0.1)
        for _ in range(2):
            worker.resume()
            assert worker.poll(30.0) == GAVE_UP and "while adding" in worker.message
            found.append(tuple(tuple(1 - value for value in row) for row in grid))
    finally:
        worker.close()
