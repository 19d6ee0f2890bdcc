"""The compiled nonogram core (``nonogram_kernels``, ``nonogram_compiled``) against the mask code and brute force.

Every kernel is run twice, compiled (when numba is here and FUTOMIP_COMPILE is not 0) and
interpreted (``.interpreted``, the same source), and both must equal brute force on small
lines and puzzles, and equal the mask board of ``nonogram`` step for step (same fixpoints,
same failed lines, same probing scores in the same order), so that a search sees the same
tree either way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles
from test_reduction_nonogram import _all_solutions, _line_and_knowledge

import futomip
from futomip.puzzles.nonogram import Nonogram, runs_of
from futomip.reduction import nonogram_compiled, nonogram_split, reduce
from futomip.reduction import nonogram_kernels as kernels
from futomip.reduction import nonogram_line_kernels as line_kernels
from futomip.reduction.nonogram import BLACK, UNKNOWN, WHITE, Board, solve_line
from futomip.reduction.nonogram_compiled import ArrayBoard, BitBoard, LineKernel
from futomip.reduction.nonogram_explain import explain_cell, explain_conflict
from futomip.reduction.nonogram_line import solve_masks

MODES = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def _agreeing(clue, known):
    return [line for line in product((0, 1), repeat=len(known))
            if runs_of(line) == tuple(clue) and all(k == UNKNOWN or k == v for k, v in zip(known, line))]


def _settle(clue, known, interpreted, program="settle_line"):
    length = len(known)
    work = kernels.Work(length, 1, length, len(clue))
    runs = np.array(list(clue) or [0], dtype=np.int64)
    board = np.array(known, dtype=np.int8)
    settle = getattr(line_kernels, program)
    settle = settle.interpreted if interpreted else settle
    arrays = (work.forward, work.backward, work.whites, work.cover, work.out)
    if program == "settle_line":
        arrays += (work.table,)
    feasible = settle(runs, 0, len(clue), board, 0, 1, length, *arrays)
    return tuple(int(x) for x in work.out[:length]) if feasible else None


@MODES
@pytest.mark.parametrize("program", ["settle_line", "settle_cells"], ids=["bits", "cells"])
@settings(max_examples=300, deadline=None)
@given(case=_line_and_knowledge())
def test_line_kernel_fixes_exactly_what_every_agreeing_line_shares(interpreted, program, case):
    """Both line programs: no agreeing line means infeasible, else a cell is fixed iff all agreeing lines share it."""
    clue, known = case
    agreeing = _agreeing(clue, known)
    outcome = _settle(clue, known, interpreted, program)
    if not agreeing:
        assert outcome is None
        return
    assert outcome == tuple(agreeing[0][c] if all(line[c] == agreeing[0][c] for line in agreeing) else UNKNOWN
                            for c in range(len(known)))


@st.composite
def _long_line(draw):
    length = draw(st.integers(line_kernels.BIT_LINE - 2, 110))
    cells = draw(st.lists(st.integers(0, 1), min_size=length, max_size=length))
    known = [draw(st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, cell])) for cell in cells]
    return runs_of(cells), known


@MODES
@settings(max_examples=60, deadline=None)
@given(case=_long_line())
def test_long_lines_agree_with_the_mask_solver(interpreted, case):
    """Lines around and beyond 64 cells (the cell program) give the states of nonogram_line's solver."""
    clue, known = case
    expected = solve_line(clue, known).cells
    assert _settle(clue, known, interpreted) == expected
    assert _settle(clue, known, interpreted, "settle_cells") == expected


@MODES
@settings(max_examples=200, deadline=None)
@given(case=_line_and_knowledge())
def test_mask_kernel_equals_the_mask_solver(interpreted, case):
    """LineKernel.solve gives what nonogram_line.solve_masks gives on the same masks."""
    clue, known = case
    black = sum(1 << c for c, state in enumerate(known) if state == BLACK)
    white = sum(1 << c for c, state in enumerate(known) if state == WHITE)
    expected = solve_masks(tuple(clue), len(known), black, white)
    solver = LineKernel([tuple(clue)], [len(known)], interpreted=interpreted)
    assert solver.solve(0, black, white) == (None if expected is None else expected[:2])


def _run_board(board, puzzle):
    failed = board.propagate(range(len(board.clues)))
    fixpoint = board.cells()
    probed = board.probe() if failed is None else (failed, True)
    return failed, fixpoint, probed, board.cells(), board.scores, board.black, board.white


BOARDS = pytest.mark.parametrize("board_class", [ArrayBoard, BitBoard], ids=["cells", "masks"])


@MODES
@BOARDS
@settings(max_examples=80, deadline=None)
@given(puzzle=nonogram_puzzles(max_size=6))
def test_array_board_equals_the_mask_board_and_keeps_every_solution(interpreted, board_class, puzzle):
    """Fixpoint, probing outcome, cells, scores and masks equal Board's; every solution survives."""
    expected = _run_board(Board(puzzle), puzzle)
    got = _run_board(board_class(puzzle, interpreted), puzzle)
    assert got == expected
    cells = got[3]
    for grid in _all_solutions(puzzle):
        assert all(state in (UNKNOWN, value) for row, values in zip(cells, grid) for state, value in zip(row, values))


@MODES
@BOARDS
@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=5),
       cols=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=5))
def test_array_board_reports_the_same_contradictions(interpreted, board_class, rows, cols):
    """On clues drawn on their own (often unsolvable) both boards fail on the same line, only without solutions."""
    puzzle = Nonogram(rows, cols)
    expected = _run_board(Board(puzzle), puzzle)
    got = _run_board(board_class(puzzle, interpreted), puzzle)
    assert got == expected
    if got[0] is not None or got[2][0] is not None:
        assert _all_solutions(puzzle) == []


@MODES
@BOARDS
@settings(max_examples=30, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=3, max_size=6))
def test_probing_search_on_array_boards_yields_the_same_leaves(interpreted, board_class, puzzle, monkeypatch_module):
    """The probing split on the compiled board yields the leaves of the mask board, and they hold every solution."""
    def leaves(board_class):
        monkeypatch_module.setattr(nonogram_split, "new_board", board_class)
        search = nonogram_split.Split(puzzle, reduce(puzzle, "probing"))
        search.limit = 0
        return [leaf.cells for leaf in search]

    monkeypatch_module.setattr(nonogram_split, "ENGINE", "probing")
    expected = leaves(lambda p, since=None: Board(p))
    assert leaves(lambda p, since=None: board_class(p, interpreted)) == expected
    for grid in _all_solutions(puzzle):
        assert sum(all(state in (UNKNOWN, value) for row, values in zip(cells, grid)
                       for state, value in zip(row, values)) for cells in expected) == 1


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_large_puzzles_solve_on_the_compiled_board():
    """A 12x12 puzzle goes through the kernels when compiled and its verified grid matches the clues."""
    grid = tuple(tuple(int((r * 7 + c * 3) % 5 < 2) for c in range(12)) for r in range(12))
    puzzle = futomip.puzzles.nonogram.from_grid(grid)
    assert isinstance(nonogram_compiled.new_board(puzzle), BitBoard) == nonogram_compiled.use_kernels(puzzle)
    result = futomip.solve(puzzle, backend="highspy", solver="highs")
    assert result.grid is not None and futomip.verify(puzzle, result.grid) == []


def _fresh_python(code: str) -> str:
    env = dict(os.environ)
    env["FUTOMIP_COMPILE"] = "1"  # kernels when the rule says so, compiled here (not the background warm-up)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300, cwd=root)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_small_puzzles_never_import_numba():
    """Solving a 7x7 nonogram and the bundled Futoshiki leaves numba unimported."""
    code = ("import sys, futomip\n"
            "from futomip.puzzles.nonogram import from_grid\n"
            "p = from_grid(tuple(tuple(int((r + c) % 3 == 0) for c in range(7)) for r in range(7)))\n"
            "assert futomip.verify(p, futomip.solve(p, backend='highspy', solver='highs').grid) == []\n"
            "f = futomip.solve(futomip.read('data/futoshiki.dat')[0], backend='highspy', solver='highs')\n"
            "print('numba' in sys.modules)\n")
    assert _fresh_python(code) == "False"


@MODES
@settings(max_examples=10, deadline=None)
@given(grid=st.lists(st.lists(st.integers(0, 1), min_size=70, max_size=70), min_size=3, max_size=5))
def test_long_lines_take_the_cell_board_and_agree_with_the_mask_board(interpreted, grid):
    """Rows longer than BIT_LINE go to ArrayBoard (when compiled), whose fixpoint and probing equal Board's."""
    puzzle = futomip.puzzles.nonogram.from_grid(tuple(map(tuple, grid)))
    board = nonogram_compiled.new_board(puzzle)
    assert type(board) is (ArrayBoard if nonogram_compiled.use_kernels(puzzle) else Board)
    assert _run_board(ArrayBoard(puzzle, interpreted), puzzle) == _run_board(Board(puzzle), puzzle)


def test_a_medium_puzzle_loads_the_kernels_only_once_its_search_ran_long_enough():
    """A 25x25 puzzle starts in Python (numba unimported) and uses the kernels after KERNEL_AFTER seconds."""
    pytest.importorskip("numba", reason="numba is a dependency of futomip: pip install numba")
    code = ("import sys, time\n"
            "from futomip.puzzles.nonogram import from_grid\n"
            "from futomip.reduction import nonogram_compiled as nc\n"
            "p = from_grid(tuple(tuple(int((r * 7 + c * 3) % 5 < 2) for c in range(25)) for r in range(25)))\n"
            "print(nc.use_kernels(p), nc.use_kernels(p, time.perf_counter()), 'numba' in sys.modules,\n"
            "      nc.use_kernels(p, time.perf_counter() - nc.KERNEL_AFTER), 'numba' in sys.modules,\n"
            "      type(nc.new_board(p)).__name__)\n")
    assert _fresh_python(code).split() == ["False", "False", "False", "True", "True", "BitBoard"]


@MODES
@settings(max_examples=300, deadline=None)
@given(case=_line_and_knowledge())
def test_compiled_reasons_equal_nonogram_explain(interpreted, case):
    """LineKernel's explain_cell and explain_conflict return exactly nonogram_explain's reasons."""
    clue, known = case
    black = sum(1 << c for c, state in enumerate(known) if state == BLACK)
    white = sum(1 << c for c, state in enumerate(known) if state == WHITE)
    solver = LineKernel([tuple(clue)], [len(known)], interpreted=interpreted)
    solved = solve_line(tuple(clue), known)
    if solved.cells is None:
        assert solver.explain_conflict(0, black, white) == explain_conflict(tuple(clue), len(known), black, white)
        return
    for cell, (before, after) in enumerate(zip(known, solved.cells)):
        if before == UNKNOWN and after != UNKNOWN:
            assert (solver.explain_cell(0, black, white, cell, after)
                    == explain_cell(tuple(clue), len(known), black, white, cell, after))


@MODES
@settings(max_examples=100, deadline=None)
@given(values=st.lists(st.integers(0, 10_000), max_size=60), extra=st.integers(0, 5))
def test_the_probing_sort_sorts_the_prefix_and_leaves_the_rest(interpreted, values, extra):
    """``_sort_prefix`` (the heap sort that replaced ``np.sort`` in the allocation-free probing
    kernels) sorts ``values[:n]`` in place and leaves the cells after ``n`` alone."""
    array = np.array(values + list(range(-extra, 0)), dtype=np.int32)
    sort = kernels._sort_prefix.interpreted if interpreted else kernels._sort_prefix
    sort(array, len(values))
    assert array.tolist() == sorted(values) + list(range(-extra, 0))
