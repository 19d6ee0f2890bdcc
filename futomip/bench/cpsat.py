"""The yardstick of ``futomip bench --against cpsat``: a native OR-Tools CP-SAT model.

Not futomip's 0/1 model (that is the ``ortools/cpsat`` pair): what a CP-SAT user writes
for the Latin family, one integer per cell and the rules as CP-SAT's own constraints,

    x(r,c) in 1..n                       (the given value when the cell is given)
    AllDifferent(x(r,1..n))              every row
    AllDifferent(x(1..n,c))              every column
    AllDifferent(x(box))                 every box (Sudoku, Killer)
    x(a) < x(b)                          every inequality (Futoshiki)
    AllDifferent(x(cage)), sum x(cage) = total     every cage (Killer)
    |x(a) - x(b)| = 1                    every marked neighbour pair (Adjacent)
    |x(a) - x(b)| != 1                   every other neighbour pair without a "free" rule

solved with one worker by default (``threads`` asks for more) and CP-SAT's default
search.  Uniqueness is proved as futomip proves it: a second solve of the same model with
the first grid cut off (``OR_{r,c} x(r,c) != s(r,c)``, one Boolean per cell), so both
sides pay a model build and two solves.  Each grid is checked by the puzzle's ``verify``.

In this process.  highspy 1.16 and ortools 9.15 are imported and solve in one process
(``tests/test_bench_cpsat.py`` solves with both, in both orders, in one process), so the
yardstick runs in the benchmark's own process, puzzle by puzzle between the pairs, and
pays no worker start-up or model copy.  ortools is optional (``futomip[cpsat]``).

Must not import the CLI.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..errors import UsageError, VerificationError
from ..puzzles import verify
from ..status import INFEASIBLE, SOLVED, TIME_LIMIT

__all__ = ["KINDS", "NativeRun", "solve_native"]

KINDS = ("futoshiki", "latin", "sudoku", "killer", "adjacent")
"""The puzzle kinds the native model covers."""


@dataclass
class NativeRun:
    """One puzzle solved by the native model: statuses, grids and seconds.

    ``build`` is the model's construction, ``first`` the first solve, ``proof`` the second
    solve with the first grid cut off (None without ``unique`` or without a first grid);
    ``unique`` is True/False when the proof finished, else None.
    """

    status: str
    grid: tuple | None
    build: float
    first: float
    proof: float | None = None
    unique: bool | None = None


def _groups(puzzle) -> list[list[tuple[int, int]]]:
    n = puzzle.size
    groups = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    if puzzle.kind in ("sudoku", "killer"):
        from ..puzzles.sudoku import units

        groups += [cells for name, cells in units(n) if name.startswith("box")]
    return groups


def _status(code, cp_model) -> str:
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return SOLVED
    if code == cp_model.INFEASIBLE:
        return INFEASIBLE
    return TIME_LIMIT


def solve_native(puzzle, unique: bool = False, time_limit: float | None = None, threads: int | None = None,
                 seed: int | None = None) -> NativeRun:
    """Solve ``puzzle`` (a kind in ``KINDS``) with the native model; see the module text.

    ``time_limit`` bounds each of the two solves.
    """
    if puzzle.kind not in KINDS:
        raise UsageError(f"--against cpsat has a native model for {', '.join(KINDS)}, not for {puzzle.kind}")
    from ..solvers.cpsat_import import cp_model as import_cp_model

    cp_model = import_cp_model()

    start = time.perf_counter()
    n = puzzle.size
    model = cp_model.CpModel()
    givens = puzzle.givens if puzzle.givens is not None else ((0,) * n,) * n  # a Killer may have none
    x = [[model.NewIntVar(givens[r][c] or 1, givens[r][c] or n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for group in _groups(puzzle):
        model.AddAllDifferent([x[r][c] for r, c in group])
    for (r1, c1), (r2, c2) in getattr(puzzle, "less", ()):
        model.Add(x[r1][c1] < x[r2][c2])
    if puzzle.kind == "killer":
        for cage in puzzle.cages:
            cells = [x[r][c] for r, c in cage.cells]
            model.AddAllDifferent(cells)
            model.Add(sum(cells) == cage.total)
    if puzzle.kind == "adjacent":
        for pairs, apart in ((puzzle.marks, False), (puzzle.apart(), True)):
            for (r1, c1), (r2, c2) in pairs:
                gap = model.NewIntVar(0, n - 1, "")
                model.AddAbsEquality(gap, x[r1][c1] - x[r2][c2])
                model.Add(gap != 1) if apart else model.Add(gap == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = int(threads or 1)
    solver.parameters.catch_sigint_signal = False
    if seed is not None:
        solver.parameters.random_seed = int(seed)
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    build = time.perf_counter() - start

    def solve_once():
        began = time.perf_counter()
        code = solver.Solve(model)
        seconds = time.perf_counter() - began
        status = _status(code, cp_model)
        grid = None
        if status == SOLVED:
            grid = tuple(tuple(int(solver.Value(x[r][c])) for c in range(n)) for r in range(n))
            problems = verify(puzzle, grid)
            if problems:
                raise VerificationError(problems)
        return status, grid, seconds

    status, grid, first = solve_once()
    outcome = NativeRun(status, grid, build, first)
    if unique and grid is not None:
        began = time.perf_counter()
        differs = []
        for r in range(n):
            for c in range(n):
                flag = model.NewBoolVar(f"d{r}_{c}")
                model.Add(x[r][c] != grid[r][c]).OnlyEnforceIf(flag)
                differs.append(flag)
        model.AddBoolOr(differs)
        outcome.build += time.perf_counter() - began
        second, _, outcome.proof = solve_once()
        outcome.unique = True if second == INFEASIBLE else False if second == SOLVED else None
    return outcome
