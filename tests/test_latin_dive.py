"""The LP-guided dive (``latin_dive`` with ``pipeline.latin_relaxation`` on highspy) and the
LP value order of the search: exact against brute force on small Futoshiki, Latin-square
completions and 4x4 Sudoku, compiled and interpreted alike.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_latin_kernels import MODES, _small_puzzles
from test_reduction_latin import _brute_force

from futomip import compiled, io
from futomip.options import Restarts
from futomip.pipeline.latin_relaxation import Relaxation
from futomip.puzzles import verify
from futomip.reduction import latin_core, latin_split, reduce
from futomip.reduction.latin import board_of
from futomip.reduction.latin_dive import dive
from futomip.reduction.latin_kernels import C_FAIL_LIMIT, C_VALUE_ORDER


def _grid(masks, n):
    return tuple(tuple(masks[r * n + c].bit_length() for c in range(n)) for r in range(n))


def _dive(puzzle, root, mode, beside=False):
    board = board_of(puzzle)
    core = latin_core.Core(board, root.masks, mode)
    outcomes = [outcome for outcome in dive(core, Relaxation(board, root.masks), pause=lambda: beside, beside=beside)
                if outcome is not None]
    return core, outcomes[-1]


@settings(max_examples=25, deadline=None)
@given(_small_puzzles)
def test_dive_hands_out_only_verified_solutions_and_restores_the_masks(puzzle):
    """A dive, compiled and interpreted, ends the same way; a candidate it gives is a verified
    solution, it gives none when brute force finds none, and the core's masks and trail are
    those it started from."""
    root = reduce(puzzle, "lines")
    if root.contradiction is not None or root.open == 0:
        return
    solutions = _brute_force(puzzle)
    results = {}
    for mode, beside in [(mode, False) for mode in MODES] + [("compiled", True)]:
        core, result = _dive(puzzle, root, mode, beside)
        assert core.masks() == root.masks and core.trail() == 0, mode
        results[mode, beside] = (result.solution, result.outcome, result.rounds, result.prefer)
        if result.solution is not None:
            assert verify(puzzle, _grid(result.solution, puzzle.size)) == []
        if not solutions:
            assert result.solution is None
    assert results["interpreted", False] == results["compiled", False] == results["compiled", True]


class _SlowRelaxation(Relaxation):
    """The relaxation, 30 ms slower a solve."""

    def solve(self, masks):
        time.sleep(0.03)
        return super().solve(masks)


def test_a_dive_beside_keeps_its_turns_while_the_relaxation_is_solved():
    """With ``beside``, each relaxation is solved in a thread while the dive yields None at each
    pause (here: always), so its caller keeps its turns; the dive ends as the plain one does."""
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    root = reduce(puzzle, "lines")
    board = board_of(puzzle)
    ends = {}
    for beside in (False, True):
        core = latin_core.Core(board, root.masks, "auto")
        outcomes = list(dive(core, _SlowRelaxation(board, root.masks), pause=lambda: True, rounds=3, beside=beside))
        result = outcomes[-1]
        ends[beside] = (result.solution, result.outcome, result.rounds, result.prefer)
        # Without ``beside`` the dive pauses only between rounds; beside, during them too.
        pauses = outcomes.count(None)
        assert pauses == result.rounds if not beside else pauses > result.rounds, (beside, pauses, result.rounds)
        assert core.masks() == root.masks
    assert ends[False] == ends[True]


def _leaves_with_order(puzzle, mode, prefer_seed):
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode=mode)
    board = board_of(puzzle)
    core = latin_core.Core(board, root.masks, mode)
    rng = random.Random(prefer_seed)
    # Any preferred values (also values no longer in a mask): the order changes, not the leaves.
    core.prefer([1 << rng.randrange(puzzle.size) for _ in root.masks])
    core.set_control(C_VALUE_ORDER, 2)
    core.set_control(C_FAIL_LIMIT, -1)
    leaves = []
    while True:
        outcome = core.search(1000)
        if outcome == latin_split.LEAF:
            leaves.append(core.masks())
        elif outcome == latin_split.DONE:
            return root, search, leaves


@settings(max_examples=30, deadline=None)
@given(_small_puzzles, st.integers(0, 10 ** 6))
def test_preferred_value_order_yields_every_solution_once(puzzle, seed):
    """With preferred values (C_VALUE_ORDER 2) the search, compiled and interpreted, yields the
    same leaves in the same order, and they are exactly the brute-force solutions."""
    runs = {mode: _leaves_with_order(puzzle, mode, seed) for mode in MODES}
    (root, search, leaves), (_, _, others) = runs["interpreted"], runs["compiled"]
    assert leaves == others
    if root.contradiction is not None or not search.needed:
        return
    n = puzzle.size
    grids = [_grid(leaf, n) for leaf in leaves]
    assert sorted(grids) == sorted(_brute_force(puzzle))
    for grid in grids:
        assert verify(puzzle, grid) == []


@settings(max_examples=30, deadline=None)
@given(_small_puzzles, st.sampled_from([0.0, 1e-4]), st.sampled_from([1, 400]), st.sampled_from([None, 1]),
       st.booleans())
def test_split_with_a_dive_loses_and_repeats_no_leaf(puzzle, budget, rounds, restart_failures, beside):
    """The split with the dive at its hand-over (after ``budget`` s of Python search, the root
    LP alone or a dive of up to 400 rounds; the LP-ordered search restarting after every
    failure or never; the LP solved in a thread beside the search or not) yields exactly the
    brute-force solutions, each once, the dive's candidate included."""
    saved = latin_core.COMPILE_AFTER, latin_split.DIVE_ROUNDS
    latin_core.COMPILE_AFTER, latin_split.DIVE_ROUNDS = budget, rounds
    policy = Restarts() if restart_failures is None else Restarts("lp", restart_failures)
    try:
        root = reduce(puzzle, "split")
        search = latin_split.Split(puzzle, root, mode="auto", restart_policy=policy)
        search.relaxation = Relaxation
        search.others_beside = beside  # the dive's LP in a thread, the search pausing meanwhile
        search.pause_at = 0.0 if beside else None
        leaves = [leaf.masks for leaf in search if leaf is not None]
    finally:
        latin_core.COMPILE_AFTER, latin_split.DIVE_ROUNDS = saved
    if root.contradiction is not None or not search.needed:
        return
    assert search.finished
    n = puzzle.size
    assert sorted(_grid(leaf, n) for leaf in leaves) == sorted(_brute_force(puzzle))


def test_split_dives_on_a_hard_9x9_and_finds_the_one_solution_once(monkeypatch):
    """A hard 9x9 whose Python search hands over at once: a dive runs, and the leaves are one,
    the verified solution (whether the dive or the search found it)."""
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.0)
    monkeypatch.setattr(latin_split, "DIVE_ROUNDS", 400)  # dives without numba too
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode="auto")
    search.relaxation = Relaxation
    leaves = [leaf.masks for leaf in search]
    assert search.finished and search.dive is not None and len(leaves) == 1
    assert "dive" in search.summary()
    assert verify(puzzle, _grid(leaves[0], 9)) == []


def test_restarts_of_the_lp_ordered_search_keep_the_lp_order(monkeypatch):
    """On a hard 9x9 whose search is ordered by the root LP and restarts after every failure
    (times the Luby sequence), the search restarts, still tries the LP's values first after
    its restarts, and its one leaf is the verified solution."""
    if not compiled.compiled():
        pytest.skip("the LP order is the compiled search's (FUTOMIP_COMPILE=0 keeps the Python search, without it)")
    monkeypatch.setattr(latin_core, "COMPILE_AFTER", 0.0)
    monkeypatch.setattr(latin_split, "DIVE_ROUNDS", 1)
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode="auto", restart_policy=Restarts("lp", 1))
    search.relaxation = Relaxation
    leaves = [leaf.masks for leaf in search]
    assert search.finished and search.dive is not None and search.restarts >= 1
    assert search._core.control(C_VALUE_ORDER) == 2
    assert len(leaves) == 1 and verify(puzzle, _grid(leaves[0], 9)) == []
