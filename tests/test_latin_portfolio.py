"""The value-order portfolio over the Latin search's restarts (``latin_portfolio``): exact
against brute force (every completion once, infeasibility proved), reproducible with its
fixed seed, compiled and interpreted alike.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st
from test_latin_kernels import MODES, _small_puzzles
from test_reduction_latin import _brute_force

from futomip import io
from futomip.options import Restarts
from futomip.pipeline.latin_relaxation import Relaxation
from futomip.puzzles import verify
from futomip.reduction import latin_core, latin_portfolio, latin_split, reduce
from futomip.reduction.latin import board_of
from futomip.reduction.latin_kernels import C_NOISE, C_VALUE_ORDER, W_PREFER


def _grid(masks, n):
    return tuple(tuple(masks[r * n + c].bit_length() for c in range(n)) for r in range(n))


@contextmanager
def compiling_after(seconds):
    """``latin_core.COMPILE_AFTER`` set inside, restored after."""
    saved = latin_core.COMPILE_AFTER
    latin_core.COMPILE_AFTER = seconds
    try:
        yield
    finally:
        latin_core.COMPILE_AFTER = saved


def assert_exactly_the_solutions(puzzle, leaves):
    """The leaves (masks) are fixed grids, every brute-force solution once and nothing else,
    each verified."""
    grids = [_grid(leaf, puzzle.size) for leaf in leaves]
    assert sorted(grids) == sorted(_brute_force(puzzle))
    assert all(verify(puzzle, grid) == [] for grid in grids)


def _policy(failures):
    """The portfolio restarting after ``failures`` x Luby failures; None: no restarts."""
    return Restarts() if failures is None else Restarts("portfolio", failures)


def _search(puzzle, mode, failures, lp=False):
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode=mode, restart_policy=_policy(failures))
    if lp:
        search.relaxation = Relaxation
    return root, search, [leaf.masks for leaf in search]


@settings(max_examples=30, deadline=None)
@given(_small_puzzles, st.sampled_from(MODES), st.sampled_from([1, 2, 5]))
def test_portfolio_search_yields_exactly_the_brute_force_solutions(puzzle, mode, failures):
    """With the portfolio restarting after every 1, 2 or 5 failures (x Luby), the search,
    compiled or interpreted, yields every brute-force solution once and nothing else (none
    when the puzzle has none: infeasibility proved), each grid verified."""
    root, search, leaves = _search(puzzle, mode, failures)
    if root.contradiction is not None or not search.needed:
        return
    assert search.finished
    assert_exactly_the_solutions(puzzle, leaves)


@settings(max_examples=20, deadline=None)
@given(_small_puzzles, st.sampled_from([1, 3]))
def test_portfolio_with_the_root_lp_yields_exactly_the_brute_force_solutions(puzzle, failures):
    """With the root LP's order among the runs (the split hands over at once and brings the
    relaxation), the portfolio's leaves are still exactly the brute-force solutions, once each."""
    with compiling_after(0.0):
        root, search, leaves = _search(puzzle, "auto", failures, lp=True)
    if root.contradiction is not None or not search.needed:
        return
    assert search.finished
    assert_exactly_the_solutions(puzzle, leaves)


def test_portfolio_runs_reproduce_and_agree_compiled_and_interpreted():
    """On a hard 9x9 restarting after every failure (x Luby), two runs of each core give the
    same restarts, nodes and leaf, the compiled and interpreted cores the same as each other,
    and the leaf is the verified solution."""
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    runs = []
    for mode in MODES + MODES:
        _, search, leaves = _search(puzzle, mode, 1)
        runs.append((search.restarts, search.nodes, search.pruned, leaves))
    assert all(run == runs[0] for run in runs)
    restarts, _, _, leaves = runs[0]
    assert restarts >= 3  # the random order's run came round
    assert len(leaves) == 1 and verify(puzzle, _grid(leaves[0], 9)) == []


def test_runs_cycle_through_the_orders():
    """Run k takes the k-th order of the cycle: with a root LP lp, plain, random, lp, ...;
    without, plain, random, plain, ..."""
    assert [latin_portfolio.order_of(run, True) for run in range(1, 7)] == \
        ["lp", "plain", "random", "lp", "plain", "random"]
    assert [latin_portfolio.order_of(run, False) for run in range(1, 5)] == ["plain", "random", "plain", "random"]


def test_random_order_draws_from_the_masks_and_reproduces():
    """The random order's preferred value of each open cell is one of its values, fixed cells
    get none, the same seed and run draw the same values and another run draws others."""
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    root = reduce(puzzle, "lines")
    draw = latin_portfolio.random_prefer(root.masks, 12345, 3)
    assert draw == latin_portfolio.random_prefer(root.masks, 12345, 3)
    assert draw != latin_portfolio.random_prefer(root.masks, 12345, 6)
    for mask, bit in zip(root.masks, draw):
        assert (bit == 0) if mask & (mask - 1) == 0 else (bit & mask and bit & (bit - 1) == 0)


def test_configure_sets_each_orders_controls():
    """``configure`` puts the LP's values back for an "lp" run, a random draw for a "random"
    run, the smallest-value order for "plain", and noise from the second cycle on (always
    for "random")."""
    puzzle = io.read("data/futoshiki/hard9/hard9-seed101.txt")[0]
    root = reduce(puzzle, "lines")
    core = latin_core.Core(board_of(puzzle), root.masks, "interpreted")
    lp = [mask & -mask if mask & (mask - 1) else 0 for mask in root.masks]
    seen = []
    for run in range(1, 7):
        order = latin_portfolio.configure(core, run, lp, root.masks, 7)
        prefer = [int(bit) for bit in core.ws[W_PREFER]]
        seen.append((order, core.control(C_VALUE_ORDER), core.control(C_NOISE)))
        if order == "lp":
            assert prefer == lp
        elif order == "random":
            assert prefer == latin_portfolio.random_prefer(root.masks, 7, run)
    assert seen == [("lp", 2, 0), ("plain", 0, 0), ("random", 2, 1), ("lp", 2, 1), ("plain", 0, 1), ("random", 2, 1)]


@settings(max_examples=25, deadline=None)
@given(_small_puzzles, st.sampled_from(MODES))
def test_root_facts_never_remove_a_solutions_value(puzzle, mode):
    """Every root fact the portfolio keeps (restarting after every failure) removes a value
    that no brute-force solution has in that cell."""
    root, search, _ = _search(puzzle, mode, 1)
    n = puzzle.size
    for cell, keep in search.restarter.facts:
        for grid in _brute_force(puzzle):
            assert keep >> (grid[cell // n][cell % n] - 1) & 1


QCP = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "latin-qcp-minizinc-benchmarks" / "QCP"


def _first_leaf(puzzle, mode, failures):
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode=mode, restart_policy=_policy(failures))
    return search, next(iter(search), None)


def test_portfolio_restarts_on_a_qcp_completion_and_its_first_leaf_is_verified():
    """On the bundled order-15 QCP instance the portfolio (restarting after every failure x
    Luby) restarts, compiled and interpreted alike, and its first leaf is a verified completion."""
    puzzle = io.read("data/latin/qcp/qcp-15-120-0_ext.mzn")[0]
    found = []
    for mode in MODES:
        search, leaf = _first_leaf(puzzle, mode, 1)
        assert search.restarts >= 1 and leaf is not None
        assert verify(puzzle, _grid(leaf.masks, 15)) == []
        found.append((search.restarts, search.nodes, leaf.masks))
    assert found[0] == found[1]


@pytest.mark.skipif(not QCP.is_dir(), reason="the shared corpus is not beside the project")
@pytest.mark.parametrize("name", ["qcp-15-120-10_ext.mzn", "qcp-15-120-13_ext.mzn"])
def test_portfolio_proves_infeasibility_with_root_facts(name):
    """On infeasible order-15 QCP instances whose proof needs a search, the portfolio restarts,
    keeps root facts and ends with no leaf, as the search without restarts does."""
    puzzle = io.read(QCP / name)[0]
    search, leaf = _first_leaf(puzzle, "compiled", 1)
    assert leaf is None and search.finished and search.restarts >= 1 and search.restarter.facts
    plain, plain_leaf = _first_leaf(puzzle, "compiled", None)
    assert plain_leaf is None and plain.finished
