"""The ``sat`` method: a nonogram as CNF for a SAT solver (optional: ``futomip[sat]``).

The hardest public nonograms (Wolter's Knotty and Faase) defeat both the MILP and CP-SAT
within ten minutes, while the solver that does finish them (hyouv/FastNonogramSolver) hands
the probed puzzle to a plain CDCL SAT solver.  This method does the same with the SAT
solvers that python-sat ships as wheels (Kissat 4.0.4, else CaDiCaL 1.9.5):

1. line solving and probing to the fixpoint (``futomip.reduction.nonogram_compiled.reduce``,
   compiled on large puzzles);
2. the binary implications that probing proves and forgets
   (``futomip.reduction.nonogram_implied``), within half of the time then left;
3. the block-position CNF of ``models/nonogram_cnf.py`` on the probed domains, plus those
   implications;
4. the SAT solver in a child process (Kissat in python-sat cannot be interrupted), ended
   and reaped at the deadline or on a stop request.  With ``unique`` a second solve under
   the clause "some open cell differs from the first grid" proves uniqueness (unsatisfiable)
   or gives a second grid; that solve starts as CaDiCaL with its phases set to the first grid
   (solution-guided, ``GUIDED_CONFLICTS``), which finds a nearby second grid at once.

Every clause holds in every solution, so the method is exact: satisfiable means a grid
(verified by ``finish``), unsatisfiable means no (other) solution.  Must not import the CLI.
"""

from __future__ import annotations

import multiprocessing
import time

from ..errors import SolverUnavailableError
from ..options import Deadline, Options
from ..result import Result
from .. import stopping
from . import finish, search_result

KINDS = {"nonogram"}
EXACT = True
SOLVERS = ("kissat404", "cadical195")
"""python-sat solver names in order of preference (Kissat solved Faase, CaDiCaL is older
python-sat's best)."""
POLL = 0.05
"""Seconds between two looks at the child, the deadline and stop requests."""
GUIDED_CONFLICTS = 20_000
"""Conflicts a solution-guided CaDiCaL may spend on a further solution before Kissat takes over
(the anchor's budget; not tuned here)."""
SLICE_CONFLICTS = 2000
"""Conflicts of one CaDiCaL slice in a daemonic worker (some 0.1 s on Knotty)."""
IMPLIED_SHARE = 0.5
"""Share of the time left after probing that collecting the implications may take."""
TASKS = ("solve", "unique")
"""What the method does: one grid, or a uniqueness proof (no enumeration, no model files)."""
MISSING = "python-sat is not installed (pip install 'futomip[sat]')"
"""Why the registry passes the method over where it cannot run (``futomip.methods.default``)."""
__all__ = ["KINDS", "EXACT", "SOLVERS", "TASKS", "MISSING", "available", "solve"]


def available() -> bool:
    """Whether python-sat with one of ``SOLVERS`` is installed."""
    try:
        _solver_name()
    except SolverUnavailableError:
        return False
    return True


def _solver_name() -> str:
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        raise SolverUnavailableError("the sat method needs python-sat: pip install 'futomip[sat]'") from None
    for name in SOLVERS:
        if hasattr(SolverNames, name):
            return name
    raise SolverUnavailableError(f"the sat method needs python-sat with one of {', '.join(SOLVERS)}: "
                                 "pip install -U 'futomip[sat]'")


def _child(name: str, clauses, cells: int, conn, phases=None) -> None:
    import signal

    from pysat.solvers import Solver

    # The fork inherits the command's signal handlers and its wake-up pipe: a SIGTERM from the
    # parent must end this child only, not reach the parent's watchdog as its own stop request.
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    found = None
    if phases is not None:
        # Solution-guided: CaDiCaL starting from the previous grid's colours finds a nearby
        # other solution at once (Knotty: 0.0 s after the first, against 300 s for Kissat from
        # scratch); after GUIDED_CONFLICTS without one, Kissat decides as before.
        with Solver(name="cadical195", bootstrap_with=clauses) as sat:
            sat.set_phases(phases)
            sat.conf_budget(GUIDED_CONFLICTS)
            found = sat.solve_limited()
            model = sat.get_model()[:cells] if found else None
    if found is None:
        with Solver(name=name, bootstrap_with=clauses) as sat:
            found = sat.solve()
            model = sat.get_model()[:cells] if found else None
    conn.send((found, model))
    conn.close()


def _run_here(clauses, cells: int, deadline: Deadline):
    """``_run`` in this process, for a daemonic process (a Dask or pool worker), which may not
    start children: CaDiCaL in slices of ``SLICE_CONFLICTS`` conflicts (python-sat holds the
    GIL while it solves, so no thread can interrupt it), the deadline and stop requests looked
    at between slices; each slice goes on with the clauses the earlier ones learnt."""
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=clauses) as sat:
        while True:
            stopping.check()
            if deadline.expired:
                return None, None
            sat.conf_budget(SLICE_CONFLICTS)
            found = sat.solve_limited()
            if found is not None:
                return found, sat.get_model()[:cells] if found else None


def _run(name: str, clauses, cells: int, deadline: Deadline, phases=None):
    """One SAT solve in a child: (True, model), (False, None) when unsatisfiable, or
    (None, None) when the deadline came first; ``phases`` (literals of a previous grid) make
    it start with a solution-guided CaDiCaL."""
    if multiprocessing.current_process().daemon:
        return _run_here(clauses, cells, deadline)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(name, clauses, cells, send, phases), daemon=True)
    child.start()
    send.close()
    try:
        while not receive.poll(POLL):
            stopping.check()
            if deadline.expired or not child.is_alive():
                return None, None
        answer = receive.recv()
        child.join(1.0)  # the child exits by itself once it has answered
        return answer
    except EOFError:  # the child ended without an answer (killed from outside)
        return None, None
    finally:
        receive.close()
        if child.is_alive():
            child.terminate()
        child.join(1.0)
        if child.is_alive():
            child.kill()
            child.join()


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False) -> Result:
    from futomip.models import nonogram_cnf
    from ..reduction.nonogram_compiled import reduce
    from ..reduction.nonogram_implied import implications
    from ..reduction.nonogram import UNKNOWN

    name = _solver_name()
    start = time.perf_counter()
    domains = reduce(puzzle, "probing", stop_at=deadline.end)
    reduced = time.perf_counter()
    implied_by = None if deadline.end is None else reduced + IMPLIED_SHARE * (deadline.end - reduced)
    units, pairs, complete = ([], [], True) if domains.contradiction else implications(puzzle, domains, implied_by)
    cnf = nonogram_cnf.encode(puzzle, domains, (units, pairs))
    built = time.perf_counter()
    stats = {"open": domains.unknown, "implications": len(units) + len(pairs), "implications_complete": complete,
             "variables": cnf.variables, "clauses": len(cnf.clauses), "sat_solver": name, "solves": 0}
    open_cells = [r * puzzle.width + c for r in range(puzzle.height) for c in range(puzzle.width)
                  if domains.cells[r][c] == UNKNOWN]
    found, finished, stopped = [], True, None
    while domains.contradiction is None and len(found) < (2 if unique else 1):
        stats["solves"] += 1
        phases = None if not found else [v + 1 if value else -(v + 1)
                                         for v, value in enumerate(x for row in found[-1] for x in row)]
        try:
            satisfiable, model = _run(name, cnf.clauses, cnf.cells, deadline, phases)
        except KeyboardInterrupt as exc:
            if not found:
                raise
            # A stop during the uniqueness proof keeps the grid already found, as the MILP
            # pipeline does (futomip.pipeline.tasks): the result carries the interrupt.
            stopped, finished = exc, False
            break
        if satisfiable is None:
            finished = False
            break
        if not satisfiable:
            break
        grid = nonogram_cnf.decode(puzzle, model)
        found.append(grid)
        if not open_cells:  # probing fixed every cell: nothing else can differ
            break
        cnf.clauses.append(nonogram_cnf.exclude(grid, open_cells))
    seconds = {"reduce": reduced - start, "build": built - reduced, "solve": time.perf_counter() - built}
    result = search_result(puzzle, "sat", found, finished, unique, seconds, stats)
    result.solver = name
    if stopped is not None:
        from ..pipeline.tasks import interruption_message

        result.stopped = stopped
        result.message = f"uniqueness unknown: {interruption_message(stopped)}"
    return result
