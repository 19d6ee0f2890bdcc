"""The Killer Sudoku maker (``futomip generate --kind killer``): every puzzle's hidden grid
solves it, its cages are connected, and its uniqueness holds by methods independent of
futomip's (brute force over all 4x4 grids; CP-SAT on integer cells for 9x9)."""

from __future__ import annotations

import random

import pytest
from brute_force import all_4x4_sudokus

from futomip.make.generate_killer import generate_killer, random_cages, split_cage
from futomip.make.squares import sudoku_grid
from futomip.puzzles.killer import Killer, verify
from futomip.puzzles.sudoku import units

ALL_4 = all_4x4_sudokus()


def _connected(cells) -> bool:
    inside, seen, stack = set(cells), {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for other in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if other in inside and other not in seen:
                seen.add(other)
                stack.append(other)
    return seen == inside


def cpsat_solutions(puzzle: Killer, limit: int = 2) -> list:
    """Up to ``limit`` solutions of ``puzzle`` by CP-SAT on one integer per cell (no futomip
    model): all-different per row, column, box and cage, a sum per cage.  Also used by
    ``benchmarks/killer_check.py``."""
    from ortools.sat.python import cp_model

    n = puzzle.size
    model = cp_model.CpModel()
    x = {(r, c): model.NewIntVar(1, n, f"x{r}{c}") for r in range(n) for c in range(n)}
    for _, cells in units(n):
        model.AddAllDifferent([x[cell] for cell in cells])
    for cage in puzzle.cages:
        model.AddAllDifferent([x[cell] for cell in cage.cells])
        model.Add(sum(x[cell] for cell in cage.cells) == cage.total)
    for cell, v in puzzle.given_cells():
        model.Add(x[cell] == v)
    found = []

    class Keep(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(tuple(tuple(self.Value(x[r, c]) for c in range(n)) for r in range(n)))
            if len(found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.Solve(model, Keep())
    return found


@pytest.mark.parametrize("seed", range(6))
def test_random_cages_partition_the_board_into_connected_cages_of_distinct_digits(seed):
    """The maker's cages cover every cell once, are connected, hold 1-5 cells, and the hidden
    grid's digits differ inside each (so the hidden grid solves the puzzle)."""
    rng = random.Random(seed)
    hidden = sudoku_grid(9, rng)
    cages = random_cages(hidden, rng)
    cells = [cell for cage in cages for cell in cage]
    assert sorted(cells) == [(r, c) for r in range(9) for c in range(9)]
    for cage in cages:
        assert 1 <= len(cage) <= 5 and _connected(cage)
        assert len({hidden[r][c] for r, c in cage}) == len(cage)
    for cage in (cage for cage in cages if len(cage) > 1):
        parts = split_cage(cage, rng)
        assert len(parts) >= 2 and sorted(sum(parts, [])) == sorted(cage) and all(map(_connected, parts))


@pytest.mark.parametrize("seed", range(4))
def test_4x4_killers_are_unique_by_brute_force(seed):
    """A made 4x4 Killer has exactly one solution among all 288 4x4 Sudoku grids: the hidden one."""
    puzzle, grid, level = generate_killer(4, seed)
    assert [g for g in ALL_4 if not verify(puzzle, g)] == [grid]
    assert level in ("lines", "probing", "search")


@pytest.mark.parametrize("seed", [11, 12])
def test_9x9_killers_are_unique_by_an_independent_cp_sat_model(seed):
    """A made 9x9 Killer (no givens unless needed) passes the oracle with its hidden grid and
    has one solution by CP-SAT on integer cells, outside futomip's models."""
    puzzle, grid, level = generate_killer(9, seed)
    assert not verify(puzzle, grid)
    assert all(_connected(list(cage.cells)) for cage in puzzle.cages)
    assert cpsat_solutions(puzzle) == [grid]


@pytest.mark.parametrize("backend,solver", [(None, None), ("highspy", "highs")])
def test_a_seed_makes_the_same_killer_every_time(backend, solver):
    """Unlike the other makers, the Killer maker is steered by where the check's second
    solution differs (it splits a cage there).  That is repeatable only while the check has
    one answer per puzzle: Killer has no split search, so no race, and the solvers run on one
    thread.  Should a race reach these checks, this test fails and the maker must move to
    ``unique.settle``'s yes/no steering."""
    from futomip.options import Options

    made = [generate_killer(9, 5, options=Options(backend, solver)) for _ in range(2)]
    assert made[0][0] == made[1][0] and made[0][0].cages == made[1][0].cages
    assert not verify(made[0][0], made[0][1])
