"""The ``cpsat`` method: the seeds' OR-Tools CP-SAT models (optional: ``futomip[cpsat]``).

Futoshiki (the Czech blog's model): one integer variable per cell with domain 1..n (a given
cell's domain is its value), AllDifferent over every row and every column, and
``x[a] < x[b]`` for each inequality.  Str8ts (the Julia blog's model): one variable per
white cell, AllDifferent over the white cells of each row and column, which also avoid the
digits of the line's black clues, and each compartment of L cells constrained by a table of
every permutation of every run of L consecutive digits (L! (n - L + 1) rows), as in the
seed, up to L = 6; a longer compartment (over 2,000 rows per start) gets the equivalent
max - min = L - 1 with its cells all different.  These are the seeds' constraint models,
not futomip's 0/1 MILP that the ``ortools`` backend hands to CP-SAT.  Without an objective
CP-SAT stops at the first solution (what the seed's solution callback did by hand); with
``unique`` a second search under a no-good cut looks for another.  CP-SAT gets one worker
(``--threads`` raises it: the comparison is per core) and the time left of the deadline.
"""

from __future__ import annotations

import time

from ..errors import SolverUnavailableError
from ..options import Deadline, Options
from ..result import Result
from .. import stopping
from . import finish, search_result
from ._latin import KINDS as _LATIN_KINDS, board_of

KINDS = _LATIN_KINDS | {"str8ts"}
TABLE_UP_TO = 6
"""The longest compartment given as a table of permutations."""
EXACT = True
OPTIONS = ("seed", "threads")
"""The ``Options`` it reads beyond the time limit (``futomip.methods``)."""
__all__ = ["KINDS", "EXACT", "solve"]


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    from ..solvers import check

    if check("ortools", "cpsat").hidden:
        raise SolverUnavailableError(f"the cpsat method needs CP-SAT, {check('ortools', 'cpsat').how}")
    loading = time.perf_counter()
    try:
        from ..solvers.cpsat_import import cp_model as import_cp_model

        cp_model = import_cp_model()
    except ImportError:
        raise SolverUnavailableError("the cpsat method needs OR-Tools: pip install 'futomip[cpsat]'") from None
    start = time.perf_counter()
    loaded = start - loading  # the first call pays OR-Tools' import: "import", as for the MILP
    model = cp_model.CpModel()
    cells, grid_of = (_str8ts if puzzle.kind == "str8ts" else _latin)(puzzle, model)
    build = time.perf_counter() - start
    status, first, stats = _search(cp_model, model, cells, options, deadline)
    found = [grid_of(first)] if first is not None else []
    finished = status != cp_model.UNKNOWN
    if unique and found:
        # A second search under a no-good cut (some cell differs from the first solution):
        # infeasible proves uniqueness.  Enumerating in one search instead turns presolve
        # off and took seconds on the non-unique osmith93 Str8ts boards.
        differs = []
        for x, v in zip(cells, first):
            flag = model.NewBoolVar("")
            model.Add(x != v).OnlyEnforceIf(flag)
            differs.append(flag)
        model.AddBoolOr(differs)
        status, second, more = _search(cp_model, model, cells, options, deadline)
        stats = {key: stats[key] + more[key] for key in stats}
        finished = status != cp_model.UNKNOWN
        if second is not None:
            found.append(grid_of(second))
    seconds = {"import": loaded, "build": build, "solve": time.perf_counter() - start - build}
    if status == cp_model.MODEL_INVALID:
        return finish(puzzle, "cpsat", "error", solver="cpsat", seconds=seconds, stats=stats,
                      message="CP-SAT found the model invalid")
    result = search_result(puzzle, "cpsat", found, finished, unique, seconds, stats)
    result.solver = "cpsat"
    return result


def _search(cp_model, model, cells, options: Options, deadline: Deadline):
    """One CP-SAT search for a first solution: (status, values or None, stats)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = options.threads or 1
    if options.seed is not None:
        solver.parameters.random_seed = options.seed
    left = deadline.remaining()
    if left is not None:
        solver.parameters.max_time_in_seconds = max(left, 0.001)
    with stopping.cancellable(solver.StopSearch, deadline.end):
        status = solver.Solve(model)
    values = [solver.Value(x) for x in cells] if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    return status, values, {"branches": solver.NumBranches(), "conflicts": solver.NumConflicts()}


def _latin(puzzle, model):
    board = board_of(puzzle)
    n = board.n
    cells = [model.NewIntVar(v or 1, v or n, f"x{i}") for i, v in enumerate(board.givens)]
    for unit in board.units:
        model.AddAllDifferent([cells[i] for i in unit])
    for a, b in board.less:
        model.Add(cells[a] < cells[b])
    return cells, board.grid


def _str8ts(puzzle, model):
    import itertools

    from ..puzzles.str8ts import compartments

    n = puzzle.size
    white = puzzle.white_cells()
    var = {(r, c): model.NewIntVar(puzzle.givens[r][c] or 1, puzzle.givens[r][c] or n, f"x{r}_{c}")
           for r, c in white}
    for line in [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]:
        model.AddAllDifferent([var[cell] for cell in line if cell in var])
        clues = [puzzle.givens[r][c] for r, c in line if puzzle.black[r][c] and puzzle.givens[r][c]]
        if len(set(clues)) != len(clues):  # two black clues of a line repeat a digit: no solution
            never = model.NewIntVar(0, 0, "")
            model.Add(never == 1)
        for r, c in line:
            if puzzle.black[r][c] and puzzle.givens[r][c]:
                for cell in line:
                    if cell in var:
                        model.Add(var[cell] != puzzle.givens[r][c])
    for run in compartments(puzzle):
        length, cells = len(run), [var[cell] for cell in run]
        if length < 2:
            continue
        if length <= TABLE_UP_TO:
            rows = [p for low in range(1, n - length + 2) for p in itertools.permutations(range(low, low + length))]
            model.AddAllowedAssignments(cells, rows)
        else:
            high, low = model.NewIntVar(1, n, ""), model.NewIntVar(1, n, "")
            model.AddMaxEquality(high, cells)
            model.AddMinEquality(low, cells)
            model.Add(high - low == length - 1)
    order = list(var)

    def grid_of(values):
        placed = dict(zip(order, values))
        return tuple(tuple(placed.get((r, c), 0) for c in range(n)) for r in range(n))

    return [var[cell] for cell in order], grid_of
