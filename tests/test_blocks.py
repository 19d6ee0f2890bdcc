"""Brute-force checks of the block-placement linearisations in ``models/globals/blocks.py``.

For every 0/1 line of length 1..6 and every clue (fitting or not), the rows of one line
must admit some 0/1 values of their auxiliary variables exactly when the line's runs equal
the clue.  Feasibility is decided by a small exhaustive search over the auxiliary binaries
(pure Python, pruned by row bounds), not by a solver.
"""

from __future__ import annotations

from itertools import product

import pytest

from futomip.linear import LinearModel
from futomip.models.globals.blocks import (
    arc_keys,
    block_starts,
    line_automaton,
    pattern_states,
    start_keys,
    start_windows,
)
from futomip.puzzles.nonogram import fits, runs_of

MAX_LENGTH = 6


def _clues(length: int) -> list[tuple[int, ...]]:
    """Every clue that fits ``length`` cells, plus two that do not."""
    found = [()]
    frontier = [()]
    while frontier:
        grown = []
        for clue in frontier:
            for run in range(1, length + 1):
                longer = clue + (run,)
                if fits(longer, length):
                    grown.append(longer)
        found += grown
        frontier = grown
    return found + [(length + 1,), (length, 1)]


def _line_model(clue, length: int, encoding: str) -> tuple[LinearModel, list[int]]:
    model = LinearModel()
    cells = list(model.binaries("black", range(1, length + 1)).values())
    line = ("row", 1)
    if encoding in ("blocks", "blocks-tight"):
        start = model.binaries("start", start_keys(line, clue, length))
        block_starts(model, line, clue, cells, start, tight=encoding == "blocks-tight")
    else:
        arc = model.binaries("arc", arc_keys(line, clue, length))
        line_automaton(model, line, clue, cells, arc)
    return model, cells


def _feasible(model: LinearModel, fixed: dict[int, int]) -> bool:
    """Whether some 0/1 values of the free columns satisfy every row, by pruned exhaustive search."""
    free = [var for var in range(model.num_vars) if var not in fixed]
    values = dict(fixed)

    def possible(con) -> bool:
        # The row can still hold if its lhs range, over the unassigned columns, meets the rhs.
        low = high = 0.0
        for var, coef in con.terms:
            if var in values:
                low += coef * values[var]
                high += coef * values[var]
            else:
                low += min(coef, 0.0)
                high += max(coef, 0.0)
        if con.sense == "<=":
            return low <= con.rhs + 1e-9
        if con.sense == ">=":
            return high >= con.rhs - 1e-9
        return low - 1e-9 <= con.rhs <= high + 1e-9

    def search(depth: int) -> bool:
        if not all(possible(con) for con in model.constraints):
            return False
        if depth == len(free):
            return True
        for value in (0, 1):
            values[free[depth]] = value
            if search(depth + 1):
                return True
        del values[free[depth]]
        return False

    return search(0)


@pytest.mark.parametrize("encoding", ["blocks", "blocks-tight", "automaton"])
@pytest.mark.parametrize("length", range(1, MAX_LENGTH + 1))
def test_line_rows_accept_exactly_the_lines_with_the_clue_runs(encoding, length):
    """A 0/1 line extends to a feasible point of the line's rows iff its runs equal the clue."""
    for clue in _clues(length):
        model, cells = _line_model(clue, length, encoding)
        for line in product((0, 1), repeat=length):
            expected = runs_of(line) == clue
            assert _feasible(model, dict(zip(cells, line))) == expected, (encoding, clue, line)


@pytest.mark.parametrize("length", range(1, MAX_LENGTH + 1))
def test_start_windows_hold_every_start_a_valid_line_uses(length):
    """Each block's window holds exactly the starts it takes in some valid line."""
    for clue in _clues(length)[:-2]:
        used: list[set[int]] = [set() for _ in clue]
        for line in product((0, 1), repeat=length):
            if runs_of(line) == clue:
                starts = [c + 1 for c in range(length) if line[c] and (c == 0 or not line[c - 1])]
                for j, s in enumerate(starts):
                    used[j].add(s)
        assert [set(window) for window in start_windows(clue, length)] == used


def test_clue_that_cannot_fit_has_empty_windows_and_states():
    """A clue longer than its line gets no starts and no automaton states, so its rows read 0 = 1."""
    assert all(len(window) == 0 for window in start_windows((3, 2), 5))
    assert all(not states for states in pattern_states((3, 2), 5))
    model, _ = _line_model((3, 2), 5, "blocks")
    assert any(not con.terms and con.rhs == 1 for con in model.constraints)


def test_row_names_follow_the_docstring():
    """Rows are named block_once(line,j), block_order(line,j,t) and cover(line,c), 1-based."""
    model, _ = _line_model((1, 2), 6, "blocks")
    names = {con.name for con in model.constraints}
    assert {"block_once(row,1,1)", "block_once(row,1,2)", "block_order(row,1,1,3)", "cover(row,1,6)"} <= names
    # Block 2 starting at 5 needs block 1 at or before 3, the end of its window: no row.
    assert model.row_counts() == {"block_once": 2, "block_order": 2, "cover": 6}
    model, _ = _line_model((1, 2), 6, "automaton")
    assert set(model.row_counts()) == {"flow", "cover"}
    assert "flow(row,1,0,0)" in {con.name for con in model.constraints}
