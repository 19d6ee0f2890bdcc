"""Killer Sudoku, a kind added through the seams: its rules, its reduction and model against
brute force on 4x4 boards, and the pipeline on every pair."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from brute_force import all_4x4_sudokus

import futomip
from futomip.kinds import KINDS
from futomip.options import Options
from futomip.pipeline import Task, run
from futomip.puzzles.killer import Killer, grid_clash, render, sum_range, verify
from futomip.reduction.killer import cage_filter, reduce

DATA = Path(__file__).resolve().parent.parent / "data" / "killer"
EMPTY_4 = ((0,) * 4,) * 4
SOLVED_4 = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
ALL_4 = all_4x4_sudokus()


def random_cages(solution, rng: random.Random, largest: int = 3) -> list[list[tuple[int, int]]]:
    """A random partition of the board into connected cages of 1..``largest`` cells whose
    digits in ``solution`` differ."""
    n = len(solution)
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    for cell in sorted(free):
        if cell not in free:
            continue
        cage = [cell]
        free.discard(cell)
        size = rng.randint(1, largest)
        while len(cage) < size:
            used = {solution[r][c] for r, c in cage}
            touching = sorted(cell for cell in {(r + dr, c + dc) for r, c in cage
                                                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & free
                              if solution[cell[0]][cell[1]] not in used)
            if not touching:
                break
            grown = rng.choice(touching)
            free.discard(grown)
            cage.append(grown)
        cages.append(cage)
    return cages


def killer_of(solution, cages, givens=EMPTY_4) -> Killer:
    """The Killer puzzle with ``cages`` whose totals ``solution`` makes."""
    return Killer(len(solution), tuple((sum(solution[r][c] for r, c in cage), tuple(cage)) for cage in cages),
                  givens)


def brute_force(puzzle: Killer) -> set:
    """Every 4x4 solution of ``puzzle`` by trying all 288 Sudoku grids against the oracle."""
    return {grid for grid in ALL_4 if not verify(puzzle, grid)}


def test_verify_names_each_broken_rule():
    """A solution passes; a wrong cage sum, a digit twice in a cage and a broken given are each named."""
    assert not verify(Killer(4, ((3, ((0, 0), (0, 1))), (9, ((1, 0), (1, 1), (2, 0))))), SOLVED_4)
    assert any("sums to 3, not 4" in p for p in verify(Killer(4, ((4, ((0, 0), (0, 1))),)), SOLVED_4))
    # (1,1) and (3,2) both hold 1: cages need not be connected, so this cage is allowed.
    problems = verify(Killer(4, ((3, ((0, 0), (2, 1))),)), SOLVED_4)
    assert any("holds 1 twice" in p for p in problems) and any("sums to 2, not 3" in p for p in problems)
    assert any("given as 2" in p for p in verify(Killer(4, (), ((2, 0, 0, 0),) + EMPTY_4[1:]), SOLVED_4))


@pytest.mark.parametrize("cages, words", [
    (((3, ((0, 0), (0, 1))), (5, ((0, 1), (1, 1)))), "overlaps another cage at cell (1,2)"),
    (((2, ((0, 0), (0, 1))),), "sum to 3..7, not 2"),
    (((11, ((0, 0), (0, 1), (0, 2))),), "sum to 6..9, not 11"),
    (((3, ((0, 0), (4, 1))),), "outside the 4x4 board"),
    (((10, tuple((0, c) for c in range(4)) + ((1, 0),)),), "a cage holds 1 to 4 cells"),
])
def test_bad_cages_are_refused_with_the_cage_named(cages, words):
    """Overlapping cages, an impossible total for the cage's size, a cell off the board and a
    cage larger than n are refused, naming the cage."""
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        Killer(4, cages)


def test_sum_range_is_the_brute_force_range():
    """The least and greatest sums of k different digits are those of all k-subsets of 1..9."""
    for k in range(1, 10):
        sums = [sum(chosen) for chosen in itertools.combinations(range(1, 10), k)]
        assert sum_range(k, 9) == (min(sums), max(sums))


def test_cage_order_does_not_change_equality():
    """Two puzzles listing the same cages in another order (and cells in another order) are equal."""
    a = Killer(4, ((3, ((0, 0), (0, 1))), (7, ((1, 1), (1, 0)))))
    b = Killer(4, ((7, ((1, 0), (1, 1))), (3, ((0, 1), (0, 0)))))
    assert a == b and a.cages[0].total == 3


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_cage_filter_equals_brute_force(seed):
    """The cage rule keeps exactly the values some all-different assignment with the total uses."""
    rng = random.Random(seed)
    n = 9
    k = rng.randint(1, 5)
    doms = tuple(rng.randrange(1, 1 << n) for _ in range(k))
    low, high = sum_range(k, n)
    total = rng.randint(low, high)
    kept = [0] * k
    for values in itertools.product(*[[v for v in range(1, n + 1) if mask >> (v - 1) & 1] for mask in doms]):
        if len(set(values)) == k and sum(values) == total:
            for i, v in enumerate(values):
                kept[i] |= 1 << (v - 1)
    expected = tuple(kept) if all(kept) else (0,) * k
    assert cage_filter(doms, total, n) == expected


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ALL_4), st.integers(0, 10 ** 6), st.sampled_from(["lines", "probing"]))
def test_reduction_keeps_every_solution_and_decides_when_it_says_so(solution, seed, level):
    """On random 4x4 cage sets (some cages dropped, so several solutions), the reduction keeps
    every brute-force solution's values, and a fixed board is the only solution."""
    rng = random.Random(seed)
    cages = [cage for cage in random_cages(solution, rng) if rng.random() < 0.7]
    puzzle = killer_of(solution, cages)
    solutions = brute_force(puzzle)
    domains = reduce(puzzle, level)
    assert solution in solutions
    assert all(domains.admits(grid) for grid in solutions)
    if domains.open == 0:
        assert len(solutions) == 1


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(ALL_4), st.integers(0, 10 ** 6), st.sampled_from(["none", "lines"]),
       st.sampled_from(["combination", "sum"]))
def test_enumeration_equals_brute_force(solution, seed, level, encoding):
    """--all finds exactly the brute-force solutions of random 4x4 Killers (some cages
    dropped), in both encodings, with and without the reduction."""
    rng = random.Random(seed)
    cages = [cage for cage in random_cages(solution, rng) if rng.random() < 0.8]
    puzzle = killer_of(solution, cages)
    result = run(puzzle, Task("all"), Options("highspy", "highs", encoding=encoding, reduce=level))
    assert result.complete and set(result.solutions) == brute_force(puzzle)
    assert all(not verify(puzzle, grid) for grid in result.solutions)


def test_contradictory_cages_are_infeasible_and_explained():
    """Two one-cell cages with one value in one row make the puzzle infeasible; --explain
    names those two cages."""
    puzzle = Killer(4, ((2, ((0, 0),)), (2, ((0, 3),)), (4, ((2, 0), (3, 1)))))
    assert reduce(puzzle).contradiction
    result = futomip.explain(puzzle)
    assert result.status == "infeasible"
    assert {clue.data[0][1] for clue in result.conflict} == {2}
    clash = Killer(4, ((5, ((0, 0), (0, 1))),), ((2, 2, 0, 0),) + EMPTY_4[1:])
    assert grid_clash(clash)


def test_registered_as_one_kind_line():
    """Killer is one line of the kind registry; the text shows the board and one line per cage."""
    assert KINDS["killer"].model_module().ENCODINGS == ("combination", "sum")
    text = render(Killer(4, ((3, ((0, 0), (0, 1))),)), SOLVED_4)
    assert text.splitlines()[0] == "1 2 | 3 4" and "3: r1c1 r1c2" in text


def test_a_4x4_killer_solves_unique_on_every_pair(pair):
    """A 4x4 Killer with no givens and a unique solution solves to it, proved unique, on every pair."""
    backend, solver = pair
    rng = random.Random(7)
    for _ in range(200):
        puzzle = killer_of(SOLVED_4, random_cages(SOLVED_4, rng))
        if len(brute_force(puzzle)) == 1:
            break
    for encoding in ("combination", "sum"):
        result = futomip.solve(puzzle, backend=backend, solver=solver, unique=True, reduce="none", encoding=encoding)
        assert result.status == "solved" and result.unique is True and result.grid == SOLVED_4
        assert not verify(puzzle, result.grid)


def test_native_globals_give_the_same_solutions():
    """With CP-SAT's native all-different (cages and units) a 9x9 Killer solves to the bundled
    solution and is proved unique, in both encodings."""
    from futomip import io
    from futomip.io.solutions import read_solutions
    from futomip.pipeline.solve import solve

    puzzle = io.load(DATA / "cages.txt")
    expected = read_solutions(DATA / "cages.sol").grids[0]
    for encoding in ("combination", "sum"):
        options = Options("ortools", "cpsat", encoding=encoding, reduce="lines", globals="native")
        result = solve(puzzle, unique=True, options=options)
        assert result.unique is True and result.grid == expected and not verify(puzzle, result.grid)


def test_the_drawing_outlines_every_cage_and_shows_its_total():
    """The picture has one total per cage, in its first cell's corner, and dashed outline
    segments whose count is the number of cage-cell sides facing another cage or the rim."""
    from futomip.draw import puzzle_picture
    from futomip.draw.killer import draw

    puzzle = Killer(4, ((3, ((0, 0), (0, 1))), (10, ((1, 0), (1, 1), (2, 0), (2, 1)))))
    scene = draw(puzzle)
    totals = scene.of_role("cage-total")
    assert sorted(text.text for text in totals) == ["10", "3"]
    assert all(line.dashed for line in scene.of_role("cage"))
    assert len(scene.of_role("cage")) == 6 + 8  # a domino has 6 outer sides, a 2x2 square 8
    assert "cage-total" in puzzle_picture(puzzle).svg()
