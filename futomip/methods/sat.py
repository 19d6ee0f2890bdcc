"""The ``sat`` method: a nonogram's clause-learning line search raced against a SAT solver
(optional: ``futomip[sat]``).

The hardest public nonograms (Wolter's Knotty and Faase) defeat both the MILP and CP-SAT
within ten minutes, while the solver that does finish them (hyouv/FastNonogramSolver) hands
the probed puzzle to a plain CDCL SAT solver.  Tournament puzzles, on the other hand, are
settled far sooner by the compiled clause-learning search over the lines than by building a
CNF at all.  So, after line solving and probing to the fixpoint
(``futomip.reduction.nonogram_compiled.reduce``; a puzzle they settle is answered at once),
two sides look for each solution under the schedule of ``futomip.pipeline.schedule``
(``futomip.methods.sat_sides``), and the first answer wins:

- the search: ``nonogram_split``'s learning search with whole-grid leaves, in this process;
- the SAT solver (Kissat 4.0.4, else CaDiCaL 1.9.5, the python-sat wheels) in a child
  process (Kissat in python-sat cannot be interrupted), which first collects the binary
  implications that probing proves and forgets (``futomip.reduction.nonogram_implied``,
  within half of the time then left) and builds the block-position CNF of
  ``models/nonogram_cnf.py`` with them.

The search has the first ``schedule.FIRST_TURN`` alone, so most tournament puzzles never
start the child.  A puzzle with lines longer than the compiled search takes (62 cells) goes to
the SAT solver alone.  Side by side (a free core) or in turns (``--schedule``, "auto" as for the
MILP split; "search" or "solver" runs one side alone).  With ``unique`` a second round under
the clause "some open cell differs from the first grid" proves uniqueness or gives a second
grid: the search goes on where it stood, the solver's next solve starts as CaDiCaL with its
phases set to the first grid (solution-guided), which finds a nearby second grid at once.

Every clause holds in every solution and the search's leaves hold every solution, so the
method is exact: a grid is verified (by ``finish``), and "no other solution" from either side
is a proof.  Must not import the CLI.
"""

from __future__ import annotations

import time

from ..errors import SolverUnavailableError
from ..options import Deadline, Options
from ..pipeline import schedule
from ..pipeline.found import FoundGrids
from ..result import Result
from . import search_result
from .sat_sides import LineSearch, solver_side

KINDS = {"nonogram"}
EXACT = True
OPTIONS = ("schedule",)
"""The ``Options`` it reads beyond the time limit: how its two sides share the time."""
SOLVERS = ("kissat404", "cadical195")
"""python-sat solver names in order of preference (Kissat solved Faase, CaDiCaL is older
python-sat's best)."""
IMPLIED_SHARE = 0.5
"""Share of the time left after probing that collecting the implications may take."""
TASKS = ("solve", "unique")
"""What the method does: one grid, or a uniqueness proof (no enumeration, no model files)."""
MISSING = "python-sat is not installed (pip install 'futomip[sat]')"
"""Why the registry passes the method over where it cannot run (``futomip.methods.default``)."""
__all__ = ["KINDS", "EXACT", "SOLVERS", "TASKS", "MISSING", "available", "solver_name", "solve"]


def available() -> bool:
    """Whether python-sat with one of ``SOLVERS`` is installed."""
    try:
        solver_name()
    except SolverUnavailableError:
        return False
    return True


def solver_name() -> str:
    """The python-sat solver the method runs (the first of ``SOLVERS`` installed)."""
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        raise SolverUnavailableError("the sat method needs python-sat: pip install 'futomip[sat]'") from None
    for name in SOLVERS:
        if hasattr(SolverNames, name):
            return name
    raise SolverUnavailableError(f"the sat method needs python-sat with one of {', '.join(SOLVERS)}: "
                                 "pip install -U 'futomip[sat]'")


def _sides(puzzle, domains, options: Options, deadline: Deadline, found: list, name: str, implied_by):
    """The schedule's mode ("search" or "solver" when one side runs alone, the other None) and
    the two sides."""
    from ..reduction.nonogram_cdcl import CompiledLearner

    requested = options.schedule
    alone = requested if requested in ("search", "solver") else None
    if alone is None and not CompiledLearner.fits(puzzle):
        # Lines longer than the kernels' 62 cells (Faase, 95x80): the search would run in
        # Python, some 20-30 times slower, and in turns only halve the SAT solver's time.
        alone = "solver"
    search = None if alone == "solver" else LineSearch(puzzle, domains, found, deadline.end)
    solver = None if alone == "search" else solver_side(name, puzzle, domains, found, deadline, implied_by)
    mode = alone or schedule.choose(requested)
    if search is not None:
        # The search's waits (its kernels' load) keep its turns unless the two take turns on one core.
        search.split.others_beside = mode != "sequential"
    return mode, search, solver


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    from ..reduction.nonogram_compiled import reduce

    name = solver_name()
    start = time.perf_counter()
    domains = reduce(puzzle, "probing", stop_at=deadline.end)
    reduced = time.perf_counter()
    implied_by = None if deadline.end is None else reduced + IMPLIED_SHARE * (deadline.end - reduced)
    stats = {"open": domains.unknown, "sat_solver": name, "solves": 0}
    found, finished, stopped, turns, search, solver = FoundGrids(), True, None, None, None, None
    whole = domains.solution()
    if whole is not None:
        found.append(whole)  # probing settled the puzzle: nothing else can differ
    elif domains.contradiction is None:
        mode, search, solver = _sides(puzzle, domains, options, deadline, found, name, implied_by)
        turns = schedule.Turns(mode, worker="sat")
        try:
            while len(found) < (2 if unique else 1):
                answer, _ = schedule.run(mode, search, solver, turns=turns)
                if answer is None:
                    finished = False
                    break
                status, grid = answer
                if status != "solved":
                    break
                found.append(grid)
        except KeyboardInterrupt as exc:
            if not found:
                raise
            # A stop during the uniqueness proof keeps the grid already found, as the MILP
            # pipeline does (futomip.pipeline.tasks): the result carries the interrupt.
            stopped, finished = exc, False
        finally:
            if solver is not None:
                solver.close()
                stats.update(solver.stats)
            if search is not None:
                stats.update(search.stats())
    seconds = {"reduce": reduced - start, "build": 0.0, "solve": time.perf_counter() - reduced}
    result = search_result(puzzle, "sat", found, finished, unique, seconds, stats)
    result.solver = name
    if domains.contradiction is not None:
        from ..pipeline.finder import impossible_message

        result.message = impossible_message(domains.summary()["contradiction"])
    if not found and not finished and turns is not None:
        result.message = (f"time limit reached: the line search made {stats.get('search_decisions', 0)} decisions in "
                          f"{turns.search_seconds:.1f} s, the SAT solver had {turns.solver_seconds:.1f} s")
    if turns is not None:
        result.schedule = turns.summary()
    if stopped is not None:
        from ..pipeline.tasks import interruption_message

        result.stopped = stopped
        result.message = f"uniqueness unknown: {interruption_message(stopped)}"
    return result
