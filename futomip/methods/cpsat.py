"""The ``cpsat`` method: the seed blog's OR-Tools CP-SAT model (optional: ``futomip[cpsat]``).

One integer variable per cell with domain 1..n (a given cell's domain is its value),
AllDifferent over every row and every column, and ``x[a] < x[b]`` for each inequality.
This is the constraint model of the seed, not futomip's 0/1 MILP that the ``ortools``
backend hands to CP-SAT.  A solution callback keeps the first solution and stops the
search (as the seed did); with ``unique`` it asks CP-SAT to enumerate and stops at the
second.  CP-SAT gets one worker (``--threads`` raises it: the comparison is per core) and
the time left of the deadline.
"""

from __future__ import annotations

import time

from ..errors import SolverUnavailableError
from ..options import Deadline, Options
from ..result import Result
from .. import stopping
from . import finish, search_result
from ._latin import KINDS, board_of

EXACT = True
__all__ = ["KINDS", "EXACT", "solve"]


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    loading = time.perf_counter()
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise SolverUnavailableError("the cpsat method needs OR-Tools: pip install 'futomip[cpsat]'") from None
    start = time.perf_counter()
    loaded = start - loading  # the first call pays OR-Tools' import: "import", as for the MILP
    board = board_of(puzzle)
    n = board.n
    model = cp_model.CpModel()
    cells = [model.NewIntVar(v or 1, v or n, f"x{i}") for i, v in enumerate(board.givens)]
    for unit in board.units:
        model.AddAllDifferent([cells[i] for i in unit])
    for a, b in board.less:
        model.Add(cells[a] < cells[b])
    found: list = []
    wanted = 2 if unique else 1

    class Keep(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(board.grid([self.Value(x) for x in cells]))
            if len(found) >= wanted:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = options.threads or 1
    if options.seed is not None:
        solver.parameters.random_seed = options.seed
    left = deadline.remaining()
    if left is not None:
        solver.parameters.max_time_in_seconds = max(left, 0.001)
    if unique:
        solver.parameters.enumerate_all_solutions = True
    build = time.perf_counter() - start
    with stopping.cancellable(solver.StopSearch, deadline.end):
        status = solver.Solve(model, Keep())
    seconds = {"import": loaded, "build": build, "solve": time.perf_counter() - start - build}
    stats = {"branches": solver.NumBranches(), "conflicts": solver.NumConflicts()}
    # OPTIMAL/INFEASIBLE: the search finished; FEASIBLE or UNKNOWN: stopped (by the callback or the clock).
    finished = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or len(found) >= wanted
    if not found and status not in (cp_model.INFEASIBLE, cp_model.UNKNOWN, cp_model.OPTIMAL, cp_model.FEASIBLE):
        return finish(puzzle, "cpsat", "error", solver="cpsat", seconds=seconds, stats=stats,
                      message=f"CP-SAT ended with {solver.StatusName(status)}")
    result = search_result(puzzle, "cpsat", found, finished, unique, seconds, stats)
    result.solver = "cpsat"
    return result


