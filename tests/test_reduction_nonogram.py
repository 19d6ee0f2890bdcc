"""Nonogram domain reduction (``futomip.reduction.nonogram``) against brute force.

The reduction is only allowed to remove what no solution uses, so every check here
compares it with an exhaustive enumeration that knows nothing of line solving: one line at
a time for ``solve_line``, and whole puzzles (rows enumerated, columns checked) for
``reduce`` and for the reduced models the pipeline solves.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_grids, nonogram_puzzles

import futomip
from futomip.certainty import solutions
from futomip.models import nonogram as model_module
from futomip.puzzles.nonogram import Nonogram, from_grid, runs_of
from futomip.reduction import LEVELS, reduce
from futomip.reduction.nonogram import BLACK, UNKNOWN, WHITE, solve_line

HIGHS = {"backend": "highspy", "solver": "highs"}


def _starts(line) -> list[int]:
    return [c for c in range(len(line)) if line[c] and (c == 0 or not line[c - 1])]


def _all_solutions(puzzle: Nonogram) -> list[tuple]:
    """Every solution grid, by enumerating each row's valid lines and checking the columns."""
    rows = []
    for clue in puzzle.rows:
        lines = [line for line in product((0, 1), repeat=puzzle.width) if clue is None or runs_of(line) == clue]
        rows.append(lines)
    found = []
    for grid in product(*rows):
        if all(clue is None or runs_of([grid[r][c] for r in range(puzzle.height)]) == clue
               for c, clue in enumerate(puzzle.cols)):
            found.append(tuple(grid))
    return found


@st.composite
def _line_and_knowledge(draw):
    length = draw(st.integers(1, 9))
    line = draw(st.lists(st.integers(0, 1), min_size=length, max_size=length))
    # Mostly the runs of a real line, sometimes a clue drawn on its own (which may not fit).
    clue = runs_of(line) if draw(st.booleans()) else tuple(draw(st.lists(st.integers(1, 4), max_size=3)))
    known = draw(st.lists(st.sampled_from([UNKNOWN, UNKNOWN, WHITE, BLACK]), min_size=length, max_size=length))
    return clue, known


@settings(max_examples=400, deadline=None)
@given(_line_and_knowledge())
def test_line_solver_finds_exactly_what_every_agreeing_line_shares(case):
    """Cell states and per-block starts equal those of the brute-force set of agreeing lines."""
    clue, known = case
    agreeing = [line for line in product((0, 1), repeat=len(known))
                if runs_of(line) == clue and all(k == UNKNOWN or k == v for k, v in zip(known, line))]
    outcome = solve_line(clue, known)
    if not agreeing:
        assert outcome.cells is None
        return
    expected_cells = tuple(agreeing[0][c] if all(line[c] == agreeing[0][c] for line in agreeing) else UNKNOWN
                           for c in range(len(known)))
    assert outcome.cells == expected_cells
    expected_starts = tuple(tuple(sorted({_starts(line)[j] for line in agreeing})) for j in range(len(clue)))
    assert outcome.starts == expected_starts


def test_line_solver_overlap_example():
    """The textbook overlap: a run of 4 in 6 cells fixes its middle two cells."""
    outcome = solve_line((4,), [UNKNOWN] * 6)
    assert outcome.cells == (UNKNOWN, UNKNOWN, BLACK, BLACK, UNKNOWN, UNKNOWN)
    assert outcome.starts == ((0, 1, 2),)


def _check_keeps_every_solution(puzzle: Nonogram, level: str) -> None:
    domains = reduce(puzzle, level)
    everything = _all_solutions(puzzle)
    if domains.contradiction is not None:
        assert everything == [], f"{level} reduction claimed a contradiction but the puzzle has solutions"
        return
    for grid in everything:
        for r in range(puzzle.height):
            for c in range(puzzle.width):
                assert domains.cells[r][c] in (UNKNOWN, grid[r][c]), (level, r, c)
        for direction, index, clue, _ in puzzle.lines():
            if clue is None:
                continue
            line = grid[index] if direction == "row" else [row[index] for row in grid]
            for j, start in enumerate(_starts(line)):
                assert start in domains.starts[(direction, index)][j], (level, direction, index, j)


@pytest.mark.parametrize("level", ["lines", "probing"])
@settings(max_examples=60, deadline=None)
@given(puzzle=nonogram_puzzles(max_size=5))
def test_reduction_keeps_every_solution(level, puzzle):
    """Every solution agrees with the fixed cells and uses only allowed block starts."""
    _check_keeps_every_solution(puzzle, level)


@pytest.mark.parametrize("level", ["lines", "probing"])
@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4),
       cols=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4))
def test_reduction_on_random_clues_reports_contradictions_only_without_solutions(level, rows, cols):
    """On clues drawn independently (often unsolvable) a contradiction means no solution at all."""
    _check_keeps_every_solution(Nonogram(rows, cols), level)


def test_line_solving_solves_a_puzzle_that_needs_no_search():
    """A plus sign is determined line by line: nothing is left open, no contradiction."""
    plus = from_grid(((0, 1, 0), (1, 1, 1), (0, 1, 0)))
    domains = reduce(plus, "lines")
    assert domains.unknown == 0 and domains.contradiction is None
    assert domains.cells == ((WHITE, BLACK, WHITE), (BLACK, BLACK, BLACK), (WHITE, BLACK, WHITE))


def test_probing_fixes_cells_that_line_solving_leaves_open():
    """Rows [2] and [1 1] over four columns [1]: no line alone fixes a cell, but a black
    top-left cell leaves the row [1 1] nowhere to go, and so on: probing solves it."""
    puzzle = Nonogram(((2,), (1, 1)), ((1,), (1,), (1,), (1,)))
    assert reduce(puzzle, "lines").unknown == 8
    probing = reduce(puzzle, "probing")
    assert probing.unknown == 0
    assert probing.cells == ((WHITE, BLACK, BLACK, WHITE), (BLACK, WHITE, WHITE, BLACK))


def test_probing_fixes_nothing_where_two_solutions_differ():
    """One black per row and column in a 2x2: two solutions disagree on every cell."""
    assert reduce(Nonogram(((1,), (1,)), ((1,), (1,))), "probing").unknown == 4


def test_contradiction_names_a_line_and_the_model_says_infeasible():
    """Row 1 needs two adjacent blacks but column 2 is empty: the model gets a ``no_placement`` row."""
    puzzle = Nonogram(((2,), (), ()), ((1,), (), (1,)))
    domains = reduce(puzzle, "lines")
    assert domains.contradiction is not None
    names = {con.name for con in model_module.formulate(puzzle, "blocks", domains).model.constraints}
    assert any(name.startswith("no_placement(") for name in names)
    result = futomip.solve(puzzle, **HIGHS)
    assert result.status == "infeasible"


def test_probing_stopped_by_its_time_budget_keeps_the_line_fixpoint():
    """A budget already spent stops probing before its first cell: the line fixpoint is kept and
    ``finished`` says probing did not run to its end."""
    puzzle = Nonogram(((2,), (1, 1)), ((1,), (1,), (1,), (1,)))
    stopped = reduce(puzzle, "probing", stop_at=0.0)
    assert stopped.finished is False and stopped.summary()["finished"] is False
    assert stopped.cells == reduce(puzzle, "lines").cells
    assert reduce(puzzle, "probing").finished is True


def test_progress_is_reported_during_probing(monkeypatch):
    """With the reporting interval at 0, every probed row reports how many cells are open."""
    import random

    from futomip.reduction import nonogram as reduction_module

    monkeypatch.setattr(reduction_module, "PROGRESS_EVERY", 0.0)
    rng = random.Random(1)
    puzzle = from_grid(tuple(tuple(int(rng.random() < 0.45) for _ in range(25)) for _ in range(25)))
    messages = []
    domains = reduce(puzzle, "probing", progress=messages.append)
    assert domains.finished and len(messages) >= 25
    assert all("cells open" in text for text in messages)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="probing"):
        reduce(Nonogram(((1,),), ((1,),)), "everything")


@pytest.mark.parametrize("encoding", model_module.ENCODINGS)
@settings(max_examples=12, deadline=None)
@given(grid=nonogram_grids(min_size=2, max_size=4))
def test_reduced_and_full_models_have_the_same_solutions(encoding, grid):
    """Enumerating on the reduced model and on the full one gives the brute-force solution set."""
    puzzle = from_grid(grid)
    expected = set(_all_solutions(puzzle))
    for level in LEVELS:
        found = list(solutions(puzzle, limit=len(expected) + 1, encoding=encoding, reduce=level, **HIGHS))
        assert set(found) == expected and len(found) == len(expected), (level, encoding)


@settings(max_examples=200, deadline=None)
@given(st.integers(30, 90).flatmap(lambda n: st.tuples(st.lists(st.integers(0, 1), min_size=n, max_size=n),
                                                       st.lists(st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, "line"]),
                                                                min_size=n, max_size=n))))
def test_line_solver_keeps_the_true_line_on_long_lines(case):
    """On lines longer than a brute force can take, whatever the solver fixes agrees with a line
    that fits the clue and the known cells, and that line's block starts stay allowed."""
    line, mask = case
    clue = runs_of(line)
    known = [line[c] if m == "line" else UNKNOWN for c, m in enumerate(mask)]
    outcome = solve_line(clue, known)
    assert outcome.cells is not None
    assert all(state in (UNKNOWN, line[c]) for c, state in enumerate(outcome.cells))
    assert all(start in allowed for start, allowed in zip(_starts(line), outcome.starts))


def test_line_solver_long_block_overlap():
    """A run of 50 in 70 cells fixes cells 20..49, and the line with one white in the middle fails."""
    outcome = solve_line((50,), [UNKNOWN] * 70)
    assert outcome.cells == (UNKNOWN,) * 20 + (BLACK,) * 30 + (UNKNOWN,) * 20
    assert outcome.starts == (tuple(range(21)),)
    assert solve_line((50,), [UNKNOWN] * 35 + [WHITE] + [UNKNOWN] * 34).cells is None
