"""Clause learning for nonograms (``nonogram_explain``, ``nonogram_learning``) against brute force.

Learning may only remove what no solution uses: each reason the explanations give must
still force its cell (or still leave its line without a placement) on its own, and each
learnt clause must hold in every solution (brute force: every colouring of a short line,
every grid of a small puzzle).  The leaves of the learning search are checked, with the
probing search, in test_split_nonogram.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_puzzles
from test_reduction_nonogram import _all_solutions, _line_and_knowledge
from test_split_nonogram import MANY, _leaves

from futomip.puzzles.nonogram import Nonogram, from_grid
from futomip.reduction import nonogram_split, reduce
from futomip.reduction.nonogram import BLACK, UNKNOWN, WHITE, solve_line
from futomip.reduction.nonogram_explain import explain_cell, explain_conflict
from futomip.reduction.nonogram_learning import Learner


def _masks(known) -> tuple[int, int]:
    return (sum(1 << c for c, state in enumerate(known) if state == BLACK),
            sum(1 << c for c, state in enumerate(known) if state == WHITE))


def _cells(length: int, black: int, white: int) -> list[int]:
    return [BLACK if black >> c & 1 else WHITE if white >> c & 1 else UNKNOWN for c in range(length)]


@settings(max_examples=600, deadline=None)
@given(_line_and_knowledge())
def test_every_reason_is_known_cells_that_still_force_the_cell(case):
    """For each cell the line solver fixes, its reason is a subset of the known cells that fixes it alike."""
    clue, known = case
    black, white = _masks(known)
    solved = solve_line(clue, known)
    if solved.cells is None:
        reason_black, reason_white = explain_conflict(clue, len(known), black, white)
        assert reason_black & ~black == 0 and reason_white & ~white == 0
        assert solve_line(clue, _cells(len(known), reason_black, reason_white)).cells is None
        return
    for cell, (before, after) in enumerate(zip(known, solved.cells)):
        if before != UNKNOWN or after == UNKNOWN:
            continue
        reason_black, reason_white = explain_cell(clue, len(known), black, white, cell, after)
        assert reason_black & ~black == 0 and reason_white & ~white == 0
        assert not (reason_black | reason_white) >> cell & 1
        assert solve_line(clue, _cells(len(known), reason_black, reason_white)).cells[cell] == after


def test_a_reason_can_be_much_shorter_than_the_line():
    """One block of 3 in 10 cells, cell 5 black and cell 9 white: cell 0 is white, and cell 5
    alone says why (the white cell 9 plays no part)."""
    known = [UNKNOWN] * 10
    known[5] = BLACK
    known[9] = WHITE
    black, white = _masks(known)
    assert explain_cell((3,), 10, black, white, 0, WHITE) == (1 << 5, 0)


def _satisfied(clause: list[int], grid) -> bool:
    width = len(grid[0])
    return any(grid[(literal >> 1) // width][(literal >> 1) % width] == literal & 1 for literal in clause)


def _check_learnt_clauses(puzzle: Nonogram, restart_conflicts: int, solutions=None) -> int:
    """Run the learning search to its end, recording each learnt clause with the leaves found
    before it; each must hold in every solution outside those leaves (the blocking clauses
    cut the leaves off, and clauses learnt later may build on them).  Returns the count."""
    learner = Learner(puzzle, reduce(puzzle, "lines"), 0, restart_conflicts=restart_conflicts)
    learnt: list[tuple[list[int], int]] = []
    add = learner._add

    def recording_add(clause, store):
        if store is learner.learnts:
            learnt.append((list(clause), len(leaves)))
        add(clause, store)

    learner._add = recording_add
    leaves = []
    for leaf in learner.leaves():
        leaves.append(leaf)
    assert learner.finished
    solutions = _all_solutions(puzzle) if solutions is None else solutions
    for clause, before in learnt:
        assert all(_satisfied(clause, grid) for grid in solutions
                   if not any(leaf.admits(grid) for leaf in leaves[:before]))
    return len(learnt)


@pytest.mark.parametrize("restart_conflicts", [1, 30])
@settings(max_examples=40, deadline=None)
@given(puzzle=nonogram_puzzles(min_size=3, max_size=5))
def test_learnt_clauses_remove_no_solution_outside_the_leaves_found_before(restart_conflicts, puzzle):
    """Every clause learnt holds in every solution that no earlier leaf holds (brute force)."""
    _check_learnt_clauses(puzzle, restart_conflicts)


@pytest.mark.parametrize("restart_conflicts", [1, 30])
def test_learnt_clauses_on_a_puzzle_with_many_solutions(restart_conflicts):
    """The 86-solution puzzle meets conflicts, and its learnt clauses pass the same check (its
    solutions from the probing search, itself checked against brute force in test_split_nonogram)."""
    solutions = [leaf.cells for leaf in _leaves(MANY, limit=0, engine="probing")[1]]
    assert len(solutions) == 86
    assert _check_learnt_clauses(MANY, restart_conflicts, solutions) > 0


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4),
       cols=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4),
       limit=st.integers(0, 3), restart_conflicts=st.sampled_from([1, 2, 30]))
def test_learning_leaves_partition_the_solutions_of_random_clues(rows, cols, limit, restart_conflicts):
    """From the line fixpoint, with open leaves of any size and any restart unit, the leaves split
    the brute-force solution set (random clues, often infeasible): no solution lost or shared."""
    puzzle = Nonogram(tuple(map(tuple, rows)), tuple(map(tuple, cols)))
    root = reduce(puzzle, "lines")
    if root.contradiction is not None:
        assert _all_solutions(puzzle) == []
        return
    learner = Learner(puzzle, root, limit, restart_conflicts=restart_conflicts)
    solutions = set(_all_solutions(puzzle))
    parts = [{grid for grid in solutions if leaf.admits(grid)} for leaf in learner.leaves()]
    assert learner.finished
    assert sum(len(part) for part in parts) == len(solutions) and set().union(*parts) == solutions


def test_a_split_that_is_not_needed_yields_the_root_and_a_needed_one_starts_searching():
    """A puzzle probing settles needs no split; the seed with 86 solutions does."""
    search = nonogram_split.Split(from_grid(((1, 0), (1, 1))), reduce(from_grid(((1, 0), (1, 1))), "probing"))
    assert not search.needed
    search = nonogram_split.Split(MANY, reduce(MANY, "probing"))
    assert search.needed and search.summary()["root_slice"] == 0.0


def test_a_search_paused_at_every_node_resumes_and_yields_every_solution_once():
    """Paused before each node (the schedule's turns end there), the search goes on where it
    stopped and yields every solution once (86 on the test puzzle, no open cell in a leaf)."""
    search = nonogram_split.Split(MANY, reduce(MANY, "probing"))
    search.limit = 0
    grids, pauses = [], 0
    leaves = search.search()
    while True:
        search.pause_at = 0.0
        leaf = next(leaves, False)
        if leaf is False:
            break
        if leaf is None:
            pauses += 1
        else:
            grids.append(leaf.cells)
    assert pauses > 0 and len(grids) == len(set(grids)) == 86 and search.finished
