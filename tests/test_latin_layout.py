"""The pool of compiled Latin workspaces (``latin_layout``): two live cores never share one, a
released one is reused, and a search on a reused workspace, whatever its previous core left in
it, yields what a fresh interpreted search yields.

"compiled" runs compiled when numba is there and ``FUTOMIP_COMPILE`` is not 0; otherwise the
searches compare interpreted with interpreted, and the pool's own tests still run (they need
numpy only).
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from test_latin_kernels import MODES, _leaves, _small_puzzles

from futomip import io
from futomip.puzzles import verify
from futomip.puzzles.latin import LatinSquare
from futomip.reduction import latin_core, latin_layout, latin_packed_kernels, latin_split, reduce
from futomip.reduction.latin import board_of
from futomip.reduction.latin_kernels import C_FAIL_LIMIT, C_LIMIT, C_NODES, C_PRUNED, C_RNG, W_CTL, W_HELD, W_WEIGHT
from futomip.reduction.latin_search_kernels import DONE, LEAF

SUDOKU = "data/sudoku/hardest.txt"


def _arrays(workspace) -> list:
    head, ws, dom, _, buffer = workspace
    return [head, *ws, dom, buffer]


def _spoil(workspace, seed: int) -> None:
    """The whole buffer of ``workspace`` (bounds and head included) full of garbage, as a
    careless core might leave it."""
    rng = random.Random(seed)
    buffer = workspace[4]
    buffer[:] = [rng.randrange(-2 ** 40, 2 ** 40) for _ in range(len(buffer))]


def test_two_live_workspaces_never_share_memory_and_a_released_one_comes_back_reset():
    """Two workspaces acquired for one layout share no memory; a released one is the next one
    acquired, its head reset to the template (zeros, the failure weights) and dom set, whatever
    was written into it; releasing a core twice gives its workspace back once."""
    puzzle = io.read(SUDOKU)[0]
    root = reduce(puzzle, "split")
    kept = latin_layout.layout(root.board)
    kept.free.clear()
    first = latin_layout.acquire(kept, root.masks)
    second = latin_layout.acquire(kept, root.masks)
    for a in _arrays(first):
        for b in _arrays(second):
            assert not np.shares_memory(a, b)
    _spoil(first, 1)
    latin_layout.release(first)
    again = latin_layout.acquire(kept, root.masks)
    assert again is first and not kept.free
    assert again[0].tolist() == kept.template.tolist()
    assert again[1][W_WEIGHT].tolist() == kept.weights and not again[1][W_CTL].any() and not again[1][W_HELD].any()
    assert again[2].tolist() == list(root.masks)
    latin_layout.release(second)
    latin_layout.release(again)
    core = latin_core.Core(root.board, root.masks, "compiled")
    if core.compiled:
        held = core._workspace
        assert held is again
        core.release()
        core.release()
        assert core.ws is None and sum(workspace is held for workspace in kept.free) == 1


def test_workspaces_of_large_orders_are_not_kept():
    """A released workspace of an order-30 Latin square (some 1.3 MB) goes back to the
    allocator, not to the pool, while a 9x9 Sudoku's is kept."""
    large = board_of(LatinSquare(30, tuple((0,) * 30 for _ in range(30))))
    small = reduce(io.read(SUDOKU)[0], "split").board
    for board, kept_after in ((large, False), (small, True)):
        kept = latin_layout.layout(board)
        kept.free.clear()
        workspace = latin_layout.acquire(kept, board.initial())
        latin_layout.release(workspace)
        assert (workspace[4].size <= latin_layout.POOL_MAX_WORDS) == kept_after
        assert (kept.free == [workspace]) if kept_after else not kept.free


@settings(max_examples=60, deadline=None)
@given(_small_puzzles)
def test_a_search_on_a_spoilt_reused_workspace_matches_a_fresh_interpreted_search(puzzle):
    """A compiled search whose pooled workspace was filled with garbage by its previous holder
    yields the leaves, in order, and the counters of a fresh interpreted search."""
    root, first, leaves = _leaves(puzzle, "interpreted")
    if not latin_core.usable(root.board):
        return
    kept = latin_layout.layout(root.board)
    spoilt = latin_layout.acquire(kept, root.masks)
    _spoil(spoilt, len(leaves))
    latin_layout.release(spoilt)
    search = latin_split.Split(puzzle, root, mode="compiled")
    assert [leaf.masks for leaf in search] == leaves
    assert {k: v for k, v in first.summary().items() if k != "compiled"} == \
           {k: v for k, v in search.summary().items() if k != "compiled"}
    if search.summary()["compiled"] and search.needed:
        del search  # its core, collected, gives the workspace back
        assert kept.free and kept.free[-1] is spoilt


def test_two_live_cores_searched_in_turns_each_find_their_own_verified_solution():
    """Two hard 9x9 Sudoku searched one node at a time in turns, each on its own core of the
    same shape, find the same single solution and node counts as their searches alone, in
    both modes, and the solution passes the verifier."""
    puzzles = [io.read(SUDOKU)[k] for k in (0, 2)]
    for mode in MODES:
        alone = [_leaves(puzzle, mode) for puzzle in puzzles]
        roots = [reduce(puzzle, "split") for puzzle in puzzles]
        cores = [latin_core.Core(root.board, root.masks, mode) for root in roots]
        for core in cores:  # as the split sets a search without restarts
            core.set_control(C_LIMIT, 0)
            core.set_control(C_RNG, latin_split.SEED)
            core.set_control(C_FAIL_LIMIT, -1)
        if cores[0].compiled:
            assert not np.shares_memory(cores[0].dom, cores[1].dom)
        leaves: list[list] = [[], []]
        done = [False, False]
        while not all(done):
            for k, core in enumerate(cores):
                if done[k]:
                    continue
                outcome = core.search(1)
                if outcome == LEAF:
                    leaves[k].append(core.masks())
                done[k] = outcome == DONE
        for k, puzzle in enumerate(puzzles):
            _, search, expected = alone[k]
            assert leaves[k] == expected and len(expected) == 1
            assert cores[k].control(C_NODES) == search.nodes and cores[k].control(C_PRUNED) == search.pruned
            n = puzzle.size
            grid = tuple(tuple(expected[0][r * n + c].bit_length() for c in range(n)) for r in range(n))
            assert verify(puzzle, grid) == []


@settings(max_examples=40, deadline=None)
@given(_small_puzzles)
def test_packed_entry_points_search_as_the_interpreted_core_does(puzzle):
    """``latin_packed_kernels.packed_search`` on a pooled workspace (compiled, or interpreted on
    the numpy views when the compiled layer is off) returns the outcomes, leaves and counters of
    an interpreted core's search from the same root, call by call."""
    root = reduce(puzzle, "split")
    if root.contradiction is not None or not latin_core.usable(root.board):
        return
    reference = latin_core.Core(root.board, root.masks, "interpreted")
    kept = latin_layout.layout(root.board)
    latin_layout.structure_arrays(kept)
    runs = []

    for entry in (latin_packed_kernels.packed_search, None):
        workspace = None if entry is None else latin_layout.acquire(kept, root.masks)
        core = reference if entry is None else None
        ctl = reference.ws[W_CTL] if entry is None else workspace[1][W_CTL]
        ctl[C_LIMIT], ctl[C_RNG], ctl[C_FAIL_LIMIT] = 0, latin_split.SEED, -1
        trace = []
        with np.errstate(over="ignore"):  # popcount's multiply wraps on numpy scalars, as compiled
            while True:
                outcome = int(core.search(2) if entry is None else entry(kept.packed, workspace[4], 2))
                dom = core.dom if entry is None else workspace[2]
                trace.append((outcome, [int(mask) for mask in dom] if outcome == LEAF else None))
                if outcome == DONE:
                    break
        trace.append([int(ctl[k]) for k in (C_NODES, C_PRUNED)])
        runs.append(trace)
        if workspace is not None:
            latin_layout.release(workspace)
    assert runs[0] == runs[1]
