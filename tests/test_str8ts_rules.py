"""The Str8ts hand-solver's rules (``futomip.make.str8ts_rules``) are an exact reduction: on
small random boards every solution found by brute force survives both levels, a contradiction
means there is none, and a fully fixed result is the one solution."""

from __future__ import annotations

import random

import pytest

from futomip.make.generate_str8ts import generate_str8ts, random_solution, symmetric_blacks
from futomip.make.grade import human_grade
from futomip.make.str8ts_rules import reduce
from futomip.puzzles import str8ts


def _solutions(puzzle) -> list:
    """Every solution of a small Str8ts, by brute force over its white cells."""
    n = puzzle.size
    found = []
    whites = puzzle.white_cells()

    def extend(k: int, grid: list) -> None:
        if k == len(whites):
            candidate = tuple(tuple(row) for row in grid)
            if str8ts.verify(puzzle, candidate) == []:
                found.append(candidate)
            return
        r, c = whites[k]
        for v in range(1, n + 1):
            if puzzle.givens[r][c] in (0, v) and v not in grid[r] and all(grid[i][c] != v for i in range(n)):
                grid[r][c] = v
                extend(k + 1, grid)
                grid[r][c] = 0

    extend(0, [[0] * n for _ in range(n)])
    return found


def _random_puzzle(n: int, seed: int):
    """A small board with a solution and a random few of its digits as clues."""
    rng = random.Random(seed)
    black = symmetric_blacks(n, rng.randint(0, n), rng)
    grid = random_solution(n, black, rng)
    if grid is None:
        return None
    whites = [(r, c, grid[r][c]) for r in range(n) for c in range(n) if (r, c) not in black]
    digits = rng.sample(whites, rng.randint(0, len(whites) // 2))
    # A wrong digit now and then makes some boards impossible, which the rules must also get right.
    if digits and rng.random() < 0.2:
        r, c, v = digits[0]
        digits[0] = (r, c, v % n + 1)
    return str8ts.Str8ts.from_cells(n, black, digits)


@pytest.mark.parametrize("level", ["lines", "probing"])
def test_the_rules_keep_every_solution_on_small_boards(level):
    """No solution is ever removed, a contradiction means none exists, and all-fixed means exactly one."""
    checked = 0
    for seed in range(120):
        puzzle = _random_puzzle(4, seed)
        if puzzle is None:
            continue
        solutions = _solutions(puzzle)
        domains = reduce(puzzle, level)
        if domains.contradiction:
            assert solutions == [], seed
            continue
        assert all(domains.admits(grid) for grid in solutions), seed
        if domains.open == 0:
            assert len(solutions) == 1, seed
        checked += 1
    assert checked > 50


def test_generated_str8ts_get_a_human_grade_that_agrees_with_uniqueness():
    """A made Str8ts is graded; a "lines" or "probing" grade goes with one solution (brute force)."""
    from test_make import _str8ts_count

    for seed in range(3):
        puzzle, grid, _ = generate_str8ts(5, seed)
        level = human_grade(puzzle)[0]
        assert level in ("lines", "probing", "search")
        assert _str8ts_count(puzzle) == 1 and str8ts.verify(puzzle, grid) == []
