"""Twin LP-ordered Latin searches taking turns (``Restarts("twin", F)``, ``latin_split``): exact
against brute force (every solution once, infeasibility proved), compiled and interpreted
alike, reported in the search's summary, and reachable from the command line.
"""

from __future__ import annotations

import types

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st
from test_latin_kernels import MODES, _small_puzzles
from test_latin_portfolio import _grid, assert_exactly_the_solutions, compiling_after

import futomip
from futomip import compiled, io
from futomip.cli import main
from futomip.options import Restarts
from futomip.pipeline.latin_relaxation import Relaxation
from futomip.puzzles import verify
from futomip.reduction import latin_split, reduce

def _twinned(puzzle, mode, failures, prefer, kind="twin"):
    """The split search of ``puzzle`` racing with unit ``failures`` on ``mode`` cores, given an
    LP order ``prefer`` (a bit per cell) as a dive would leave it, so the twins start without
    the pipeline's relaxation; (root, search, leaves).  ``kind``: "twin" or "learn" (the
    second side a learning search, ``test_latin_cdcl``)."""
    root = reduce(puzzle, "split")
    search = latin_split.Split(puzzle, root, mode=mode, restart_policy=Restarts(kind, failures))
    search.dive = types.SimpleNamespace(prefer=prefer(root.masks), solution=None, summary=dict)
    return root, search, [leaf.masks for leaf in search]


def _highest(masks):
    return [1 << (mask.bit_length() - 1) if mask & (mask - 1) else 0 for mask in masks]


@settings(max_examples=40, deadline=None)
@given(_small_puzzles, st.sampled_from([1, 2, 3]))
def test_twin_searches_yield_exactly_the_brute_force_solutions_on_both_cores(puzzle, failures):
    """Racing after every 1, 2 or 3 failures (x Luby; the second search ten times that), the
    interpreted and compiled cores yield the same leaves with the same counters, which are every
    brute-force solution once and nothing else (none when there is none), each verified."""
    if not compiled.compiled():
        pytest.skip("the compiled layer is off here (FUTOMIP_COMPILE=0 or no numba)")
    runs = {mode: _twinned(puzzle, mode, failures, _highest) for mode in MODES}
    (root, first, leaves), (_, second, others) = runs["interpreted"], runs["compiled"]
    if root.contradiction is not None or not first.needed:
        return
    assert leaves == others
    assert (first.nodes, first.pruned, first.restarts, first.twin) == \
        (second.nodes, second.pruned, second.restarts, second.twin)
    assert first.finished and first.twin in ("first", "second")
    assert_exactly_the_solutions(puzzle, leaves)


def test_either_search_can_win_and_the_leaves_stay_the_solution():
    """Two hard 9x9 searched to their end, racing after every failure: on one the first search
    (restarting every failure x Luby, in the order of the smallest values) meets the leaf first,
    on the other the second (every 10 failures, in the largest values' order), and either
    way the one leaf is the verified solution, the search restarted on the way, and the
    summary says which search won."""
    winners = {}
    for name in ("hard9-seed104", "hard9-seed101"):
        puzzle = io.read(f"data/futoshiki/hard9/{name}.txt")[0]
        _, search, leaves = _twinned(puzzle, "interpreted", 1, _highest)
        assert search.finished and search.restarts >= 1
        assert len(leaves) == 1 and verify(puzzle, _grid(leaves[0], 9)) == []
        assert search.summary()["twin"] == search.twin and search.summary()["restart_policy"] == "twin:1"
        winners[name] = search.twin
    assert winners == {"hard9-seed104": "first", "hard9-seed101": "second"}


@settings(max_examples=20, deadline=None)
@given(_small_puzzles, st.sampled_from([1, 3]), st.sampled_from(["twin", "learn"]))
def test_twins_after_the_root_lp_yields_exactly_the_brute_force_solutions(puzzle, failures, kind):
    """In the pipeline's order of things (the split hands over at once, the root LP orders both
    searches), the twin searches' leaves are exactly the brute-force solutions, once each; so
    are those of the split search and the learning search ("learn", ``test_latin_cdcl``)."""
    if not compiled.compiled():
        pytest.skip("the LP order is the compiled search's")
    with compiling_after(0.0):
        root = reduce(puzzle, "split")
        search = latin_split.Split(puzzle, root, mode="auto", restart_policy=Restarts(kind, failures))
        search.relaxation = Relaxation
        leaves = [leaf.masks for leaf in search]
    if root.contradiction is not None or not search.needed:
        return
    assert search.finished
    assert_exactly_the_solutions(puzzle, leaves)


def test_the_command_line_takes_twins_and_reports_it(capsys):
    """``--restarts twin:5`` is accepted and parses back; a QCP completion solved with it by
    HiGHS prints a verified grid, and ``--json``'s search names the policy."""
    assert Restarts.parse("twin:5") == Restarts("twin", 5) and str(Restarts("twin", 5)) == "twin:5"
    path = "data/latin/qcp/qcp-15-120-0_ext.mzn"
    assert main([path, "--backend", "highspy", "--solver", "highs", "--restarts", "twin:5", "--json"]) == 0
    import json

    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and record["reduction"]["search"]["restart_policy"] == "twin:5"
    puzzle = io.read(path)[0]
    assert verify(puzzle, tuple(map(tuple, record["solution"]))) == []
    result = futomip.solve(puzzle, backend="highspy", solver="highs", restarts="twin")
    assert result.solved and verify(puzzle, result.grid) == []
