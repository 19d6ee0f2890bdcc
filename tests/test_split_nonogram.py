"""Splitting nonograms into sub-puzzles (``futomip.reduction.nonogram_split``) and solving them.

The split may only divide the solutions, never lose or repeat one, so the checks compare it
with brute force (rows enumerated, columns checked, as in test_reduction_nonogram.py):
with leaves allowed no open cell the search alone must produce exactly the solution set,
and with the default leaf size the pipeline, forced to split at once, must enumerate
exactly that set on every core (backend, solver) pair.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nonogram_grids, nonogram_puzzles
from test_reduction_nonogram import _all_solutions

import futomip
import futomip.io
from futomip.certainty import enumerate_all
from futomip.puzzles.nonogram import Nonogram, from_grid, verify
from futomip.reduction import nonogram_learning, nonogram_split, reduce, split
from futomip.reduction.nonogram import UNKNOWN

# ``futomip.solve`` is also the name of the function, so the module is looked up by name.
SEED = futomip.io.load(Path(__file__).resolve().parent.parent / "data" / "nonogram" / "seeds" / "notebook-sample.pattern")


def _leaves(puzzle: Nonogram, limit: int | None = None, stop_at: float | None = None,
            restart_nodes: int | None = nonogram_split.RESTART_NODES, engine: str = nonogram_split.ENGINE,
            restart_conflicts: int = nonogram_learning.RESTART_CONFLICTS):
    # Hypothesis does not mix with function-scoped fixtures, so the module settings are swapped by hand.
    saved = nonogram_split.RESTART_NODES, nonogram_split.ENGINE, nonogram_learning.RESTART_CONFLICTS
    nonogram_split.RESTART_NODES, nonogram_split.ENGINE = restart_nodes, engine
    nonogram_learning.RESTART_CONFLICTS = restart_conflicts
    try:
        search = nonogram_split.Split(puzzle, reduce(puzzle, "probing"), stop_at)
        if limit is not None:
            search.limit = limit
        return search, list(search)
    finally:
        nonogram_split.RESTART_NODES, nonogram_split.ENGINE, nonogram_learning.RESTART_CONFLICTS = saved


# Each search, with its default restarts, without any (the probing search) or restarting
# after every node or conflict (then every run but the last is cut short, which the leaves
# must not notice; the learning search keeps its no-goods across restarts).
SEARCHES = [{"engine": "probing"}, {"engine": "probing", "restart_nodes": None},
            {"engine": "probing", "restart_nodes": 1}, {"engine": "learning"},
            {"engine": "learning", "restart_conflicts": 1}]
SEARCH_SETTINGS = pytest.mark.parametrize("search_settings", SEARCHES,
                                          ids=["probing", "probing-no-restarts", "probing-restart-each-node",
                                               "learning", "learning-restart-each-conflict"])


def _agreeing(solutions, cells) -> set:
    return {grid for grid in solutions
            if all(state == UNKNOWN or state == grid[r][c] for r, row in enumerate(cells) for c, state in enumerate(row))}


@SEARCH_SETTINGS
@settings(max_examples=80, deadline=None)
@given(puzzle=nonogram_puzzles(max_size=5))
def test_search_without_open_leaves_finds_exactly_the_solutions(search_settings, puzzle):
    """With no open cell allowed in a leaf, every leaf is one solution grid and each solution is one leaf."""
    search, leaves = _leaves(puzzle, limit=0, **search_settings)
    expected = set(_all_solutions(puzzle))
    if not search.needed:
        # Probing alone settled the puzzle (or left nothing to split).
        assert leaves == [search.root] and _agreeing(expected, search.root.cells) == expected
        return
    grids = [leaf.cells for leaf in leaves]
    assert all(UNKNOWN not in row for grid in grids for row in grid)
    assert sorted(grids) == sorted(expected) and search.finished


@SEARCH_SETTINGS
@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4),
       cols=st.lists(st.lists(st.integers(1, 3), max_size=2), min_size=1, max_size=4))
def test_leaves_are_disjoint_and_hold_every_solution_of_random_clues(search_settings, rows, cols):
    """With small open leaves allowed, the leaves split the solution set (random clues, often infeasible)."""
    puzzle = Nonogram(tuple(map(tuple, rows)), tuple(map(tuple, cols)))
    expected = set(_all_solutions(puzzle))
    search, leaves = _leaves(puzzle, limit=2, **search_settings)
    if not search.needed:
        return
    parts = [_agreeing(expected, leaf.cells) for leaf in leaves]
    assert sum(len(part) for part in parts) == len(expected) and set().union(*parts) == expected


# An 8x8 random grid (seed 43, density 0.45) whose puzzle has 86 solutions and makes the
# learning search meet conflicts (the seed Pattern is settled without any).
MANY = from_grid(((1, 0, 1, 0, 0, 0, 0, 0), (1, 1, 1, 0, 0, 0, 1, 1), (0, 0, 1, 1, 0, 0, 0, 0),
                  (0, 0, 1, 1, 1, 0, 0, 1), (0, 0, 1, 0, 0, 0, 0, 1), (0, 0, 0, 1, 0, 0, 1, 0),
                  (0, 1, 0, 1, 1, 0, 0, 0), (1, 0, 0, 0, 0, 1, 0, 0)))


def test_restarted_search_still_finds_every_solution_once():
    """Restarting after every node, the seed Pattern's search restarts and still yields its 10 solutions once each."""
    search, leaves = _leaves(SEED, limit=0, engine="probing", restart_nodes=1)
    assert search.restarts > 0 and search.finished
    assert sorted(leaf.cells for leaf in leaves) == sorted(_all_solutions(SEED))
    assert len(_all_solutions(SEED)) == 10


def test_learning_search_restarting_at_every_conflict_agrees_with_the_probing_search():
    """On a puzzle with 86 solutions, learning with a restart after every conflict yields the same
    grids, each once, as the probing search (itself checked against brute force above)."""
    learning, learnt_leaves = _leaves(MANY, limit=0, engine="learning", restart_conflicts=1)
    probing, probed_leaves = _leaves(MANY, limit=0, engine="probing")
    summary = learning.summary()
    assert summary["restarts"] > 0 and summary["conflicts"] > 0 and learning.finished and probing.finished
    grids = [leaf.cells for leaf in learnt_leaves]
    assert len(grids) == len(set(grids)) == 86 and set(grids) == {leaf.cells for leaf in probed_leaves}
    assert all(not verify(MANY, grid) for grid in grids)


def test_luby_sequence():
    """The restart budgets follow the Luby sequence."""
    assert [nonogram_split.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_split_is_offered_only_when_probing_leaves_too_much_open():
    """The seed Pattern (14 of 25 cells open after probing) is split; a solved puzzle is not."""
    assert split(SEED, reduce(SEED, "probing")) is not None
    solved = from_grid(((1, 0), (1, 1)))
    assert split(solved, reduce(solved, "probing")) is None
    assert split(SEED, None) is None


@pytest.mark.parametrize("engine", nonogram_split.ENGINES)
def test_search_stopped_by_its_time_budget_is_not_finished(engine):
    """A search whose time is up at once yields nothing and does not claim to be finished."""
    search, leaves = _leaves(SEED, limit=0, stop_at=0.0, engine=engine)
    assert leaves == [] and not search.finished


def test_progress_is_reported_during_the_search(monkeypatch):
    monkeypatch.setattr(nonogram_split, "PROGRESS_EVERY", 0.0)
    monkeypatch.setattr(nonogram_learning, "PROGRESS_EVERY", 0.0)
    lines: list[str] = []
    search = nonogram_split.Split(SEED, reduce(SEED, "probing"), progress=lines.append)
    search.limit = 0
    list(search)
    assert lines and lines[0].startswith("search: ")


@pytest.mark.parametrize("puzzle", [SEED, from_grid(((0, 1, 0, 0), (0, 0, 0, 1), (1, 0, 0, 0), (0, 0, 1, 0)))],
                         ids=["seed-10-solutions", "permutation-24-solutions"])
def test_split_pipeline_enumerates_exactly_the_solutions(pair, puzzle, monkeypatch):
    """Forced to split, --all finds each brute-force solution once and knows it is done (on
    every pair: GLPK and the others get each leaf's share of the time as they take it).  The
    probing search's leaves keep open cells, so each pair solves them."""
    monkeypatch.setattr(nonogram_split, "ENGINE", "probing")
    backend, solver = pair
    expected = set(_all_solutions(puzzle))
    # The search alone, so every split-able puzzle is split.
    result = enumerate_all(puzzle, backend=backend, solver=solver, reduce="split", schedule="search")
    assert result.complete and len(result.solutions) == len(expected) and set(result.solutions) == expected
    search = result.reduction["search"]
    assert search is not None and search["finished"] and search["subpuzzles"] >= 1
    # The JSON contract (README): these fields and no others.
    assert set(search) == {"nodes", "subpuzzles", "pruned", "depth", "restarts", "finished", "root_slice",
                           "engine", "conflicts", "learnt", "first_search"}


@pytest.mark.parametrize("puzzle", [SEED, from_grid(((0, 1, 0, 0), (0, 0, 0, 1), (1, 0, 0, 0), (0, 0, 1, 0)))],
                         ids=["seed-10-solutions", "permutation-24-solutions"])
def test_whole_grid_leaves_enumerate_exactly_the_solutions_without_a_model(puzzle, monkeypatch):
    """The learning search's leaves are whole grids: --all takes each brute-force solution once
    straight from the search (no model is solved) and knows it is done."""
    monkeypatch.setattr(nonogram_split, "ENGINE", "learning")
    expected = set(_all_solutions(puzzle))
    result = enumerate_all(puzzle, backend="highspy", solver="highs", reduce="split", schedule="search")
    assert result.complete and len(result.solutions) == len(expected) and set(result.solutions) == expected
    assert all(not verify(puzzle, grid) for grid in result.solutions)
    assert not (result.stats or {}).get("solves")
    assert result.reduction["search"]["subpuzzles"] == len(expected)


def test_schedule_solver_runs_the_whole_model_alone():
    """--schedule solver: the solver on the whole reduced model answers alone (the search makes
    no node) and still decides uniqueness; a pair that cannot run in a worker is refused."""
    from futomip.errors import UsageError

    result = futomip.solve(SEED, unique=True, backend="highspy", solver="highs", reduce="split", schedule="solver")
    assert (result.status, result.unique) == ("solved", False)
    assert not verify(SEED, result.grid) and not verify(SEED, result.second)
    assert result.schedule["mode"] == "solver" and result.schedule["answers"] == {"search": 0, "solver": 2}
    assert result.reduction["search"]["nodes"] == 0
    with pytest.raises(UsageError, match="--schedule solver"):
        futomip.solve(SEED, backend="pyomo", solver="highs", reduce="split", schedule="solver")


def test_split_pipeline_proves_uniqueness_and_reports_the_search():
    """A unique puzzle split at once: solved, unique, the search counters in the result."""
    puzzle = from_grid(((1, 1, 0, 1), (0, 1, 1, 1), (1, 0, 0, 0), (1, 1, 1, 0)))
    assert len(_all_solutions(puzzle)) == 1
    result = futomip.solve(puzzle, unique=True, backend="highspy", solver="highs", reduce="split", schedule="search")
    assert (result.status, result.unique) == ("solved", True)
    expected = _all_solutions(puzzle)
    assert result.grid == expected[0]
    assert result.reduction["level"] == "split"


@settings(max_examples=15, deadline=None)
@given(grid=nonogram_grids(min_size=3, max_size=5))
def test_split_and_probing_levels_agree_on_uniqueness(grid):
    """Whatever the split does, --unique gives the answer brute force gives."""
    puzzle = from_grid(grid)
    count = len(_all_solutions(puzzle))
    result = futomip.solve(puzzle, unique=True, backend="highspy", solver="highs", reduce="split", schedule="search")
    assert result.status == "solved" and result.unique == (count == 1)


