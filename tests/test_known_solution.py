"""A uniqueness proof that starts from a known solution (``Task("unique", known=grid)``).

The makers know the hidden solution of every puzzle they check, so the pipeline cuts it off
before the first solve and one solve settles the question.  Checked against brute force on
4x4 Sudoku with random givens: ``unique`` is True exactly when the givens admit one grid,
``grid`` is the known one, ``second`` (when there is one) is another verified grid; on the
split and on the whole model, with HiGHS and (where installed) CP-SAT, and through a race.
A known grid that breaks a rule, or a known grid without the uniqueness task, is refused.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from brute_force import all_4x4_sudokus
from conftest import require_pair
from futomip import verify
from futomip.errors import UsageError
from futomip.options import Options
from futomip.pipeline import Task, run
from futomip.puzzles.sudoku import Sudoku
PAIRS = [("highspy", "highs"), ("ortools", "cpsat")]


def _puzzle(hidden, kept: set) -> Sudoku:
    return Sudoku(4, tuple(tuple(hidden[r][c] if (r, c) in kept else 0 for c in range(4)) for r in range(4)))


def _completions(puzzle: Sudoku) -> set:
    return {grid for grid in all_4x4_sudokus()
            if all(v == 0 or grid[r][c] == v for r, row in enumerate(puzzle.givens) for c, v in enumerate(row))}


@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
@pytest.mark.parametrize("level", ["split", "none"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_one_solve_settles_uniqueness_from_a_known_grid(pair, level, data):
    require_pair(*pair)
    hidden = data.draw(st.sampled_from(all_4x4_sudokus()))
    cells = [(r, c) for r in range(4) for c in range(4)]
    kept = set(data.draw(st.lists(st.sampled_from(cells), max_size=8, unique=True)))
    puzzle = _puzzle(hidden, kept)
    expected = _completions(puzzle)
    result = run(puzzle, Task("unique", known=hidden), Options(*pair, reduce=level))
    assert result.status == "solved"
    assert result.grid == hidden
    assert result.unique is (len(expected) == 1)
    if not result.unique:
        assert result.second != hidden and result.second in expected
        assert not verify(puzzle, result.second)


def test_a_race_takes_the_known_grid_too():
    hidden = all_4x4_sudokus()[17]
    puzzle = _puzzle(hidden, {(0, 0), (1, 2), (2, 1)})
    result = run(puzzle, Task("unique", known=hidden), Options(solver="race:highs,pulp/cbc"))
    assert result.grid == hidden and result.unique is False and result.second in _completions(puzzle)


def test_a_known_grid_that_breaks_a_rule_is_refused():
    hidden = all_4x4_sudokus()[0]
    wrong = (hidden[1],) + hidden[1:]  # two equal rows
    with pytest.raises(UsageError, match="known solution breaks"):
        run(_puzzle(hidden, set()), Task("unique", known=wrong), Options("highspy", "highs"))


@pytest.mark.parametrize("action", ["solve", "all", "explain"])
def test_a_known_grid_goes_with_the_uniqueness_task_only(action):
    with pytest.raises(UsageError, match="'unique' task only"):
        Task(action, known=all_4x4_sudokus()[0])
