"""Uniqueness, enumeration and conflict explanation against facts known independently."""

from __future__ import annotations

from pathlib import Path

import pytest

import futomip
from futomip.certainty import enumerate_all, explain, solutions
from futomip.puzzles.futoshiki import Futoshiki, clues, restrict, verify

SEEDS = Path(__file__).resolve().parent.parent / "data" / "futoshiki" / "seeds"


def test_seed_sample_5_has_exactly_39_solutions(pair):
    """--all finds exactly 39 distinct, verified solutions of seed sample 5 on every available pair."""
    backend, solver = pair
    puzzle = futomip.load(SEEDS / "sample-5.txt")
    result = enumerate_all(puzzle, backend=backend, solver=solver)
    assert result.complete is True
    assert len(result.solutions) == 39
    assert len(set(result.solutions)) == 39
    assert all(verify(puzzle, grid) == [] for grid in result.solutions)
    assert result.unique is False


@pytest.mark.parametrize("name", ["sample-0", "sample-1", "sample-2", "sample-3", "sample-4", "sample-6",
                                  "sample-7", "comment-3x3"])
def test_other_seed_samples_are_unique(name, core_pair):
    """Every seed sample except 5 is proven unique on every core pair."""
    backend, solver = core_pair
    result = futomip.solve(futomip.load(SEEDS / f"{name}.txt"), backend=backend, solver=solver, unique=True)
    assert result.status == "solved" and result.unique is True


@pytest.mark.parametrize("a,b", [((0, 0), (0, 1)), ((0, 1), (0, 0)), ((0, 0), (1, 0)), ((1, 1), (0, 1))])
def test_a_2x2_with_any_single_relation_is_unique(a, b):
    """A 2x2 Latin square is fixed by any one inequality (the seed comment's claim)."""
    puzzle = Futoshiki.from_clues(2, {}, [(a, b)])
    result = futomip.solve(puzzle, unique=True)
    assert result.unique is True


def test_a_non_unique_puzzle_shows_a_second_solution():
    """--unique on an empty 3x3 returns two different verified grids."""
    puzzle = Futoshiki.from_clues(3)
    result = futomip.solve(puzzle, unique=True)
    assert result.unique is False
    assert result.second != result.grid and verify(puzzle, result.second) == []


def test_solutions_iterator_respects_the_limit():
    """solutions(limit=K) yields exactly K distinct grids when more exist."""
    grids = list(solutions(Futoshiki.from_clues(3), limit=5))
    assert len(grids) == 5 and len(set(grids)) == 5


def test_enumeration_stopped_by_the_limit_is_not_complete():
    """A limit below the number of solutions leaves complete false and unique false."""
    result = enumerate_all(futomip.load(SEEDS / "sample-5.txt"), limit=3)
    assert len(result.solutions) == 3 and result.complete is False and result.unique is False


def _assert_irreducible(puzzle, conflict, backend, solver):
    for clue in conflict:
        rest = [other for other in conflict if other != clue]
        assert futomip.solve(restrict(puzzle, rest), backend=backend, solver=solver).status == "solved"
    assert futomip.solve(restrict(puzzle, conflict), backend=backend, solver=solver).status == "infeasible"


def test_explain_a_given_8_that_must_be_smaller_than_its_neighbour(pair):
    """In an 8x8, a given 8 below its right neighbour clashes with exactly that given and sign."""
    backend, solver = pair
    puzzle = Futoshiki.from_clues(8, {(0, 0): 8, (5, 5): 3, (7, 2): 1}, [((0, 0), (0, 1)), ((3, 3), (3, 4))])
    result = explain(puzzle, backend=backend, solver=solver)
    assert result.status == "infeasible"
    assert {clue.key for clue in result.conflict} == {("given", 0, 0), ("less", (0, 0), (0, 1))}
    _assert_irreducible(puzzle, result.conflict, backend, solver)


def test_explain_a_chain_of_relations_longer_than_n(pair):
    """Four cells in a strict chain cannot fit values 1..3: the conflict is exactly the chain."""
    backend, solver = pair
    chain = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2))]
    puzzle = Futoshiki.from_clues(3, {}, chain)
    result = explain(puzzle, backend=backend, solver=solver)
    assert {clue.key for clue in result.conflict} == {("less", a, b) for a, b in chain}
    _assert_irreducible(puzzle, result.conflict, backend, solver)


def test_explain_finds_an_irreducible_subset_among_distracting_clues(pair):
    """With extra clues around a chain, the conflict is still infeasible and irreducible."""
    backend, solver = pair
    chain = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2))]
    puzzle = Futoshiki.from_clues(3, {(2, 0): 2}, chain + [((2, 1), (2, 2))])
    result = explain(puzzle, backend=backend, solver=solver)
    assert set(result.conflict) <= set(clues(puzzle))
    _assert_irreducible(puzzle, result.conflict, backend, solver)


def test_explain_two_equal_givens_in_a_row_names_the_grid_rules():
    """Two equal givens in one row are reported as a clash of the grid rules alone."""
    puzzle = Futoshiki.from_clues(4, {(1, 0): 3, (1, 3): 3, (2, 2): 1}, [((0, 0), (0, 1))])
    result = explain(puzzle)
    assert {clue.key for clue in result.conflict} == {("given", 1, 0), ("given", 1, 3)}
    assert "grid rules" in result.message


def test_explain_on_a_feasible_puzzle_says_so():
    """--explain on a solvable puzzle reports it solved, names no conflict and returns the grid it
    found (``solution`` is the verified grid whenever the status is "solved")."""
    puzzle = futomip.load(SEEDS / "sample-4.txt")
    result = explain(puzzle)
    assert result.status == "solved" and result.conflict is None and "no conflict" in result.message
    assert result.grid is not None and verify(puzzle, result.grid) == []


def test_clues_and_restrict_round_trip():
    """Restricting a puzzle to all its clues gives the puzzle back; to none gives an empty board."""
    puzzle = futomip.load(SEEDS / "sample-7.txt")
    assert restrict(puzzle, clues(puzzle)) == puzzle
    empty = restrict(puzzle, [])
    assert empty.less == () and not empty.given_cells()
