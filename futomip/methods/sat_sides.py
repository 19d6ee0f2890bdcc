"""The two sides that the ``sat`` method's schedule runs against each other.

    search side  ``LineSearch``: the clause-learning search over the lines
                 (``futomip.reduction.nonogram_split`` with whole-grid leaves), in this
                 process, paused and resumed where it stood;
    solver side  ``SatChild``: a forked child that collects the probing implications, builds
                 the CNF (``models/nonogram_cnf.py``) and runs the SAT solver on request;
                 frozen (``SIGSTOP``) between its turns when the two take turns.  In a
                 daemonic process, which may not start children, ``SatSlices`` runs CaDiCaL
                 in this process in slices of conflicts instead.

Both offer what ``futomip.pipeline.schedule.run`` asks of a side (``step``, or
``resume``/``pause``/``poll``) and answer ``(SOLVED, grid)``, ``(INFEASIBLE, None)`` ("no
solution other than the grids found") or ``GAVE_UP``.  They share the list of grids found:
a side skips a grid already in it (the search's leaves are disjoint and hold every solution,
the solver's next request excludes every grid found), so each "no other solution" is exact.
``futomip.methods.sat`` keeps that list as ``FoundGrids``, whose "found before?" is a hash.

Must not import the CLI.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

from .. import stopping
from ..options import Deadline
from ..pipeline.found import seen as _seen
from ..pipeline.schedule import GAVE_UP
from ..puzzles import verify
from ..status import INFEASIBLE, SOLVED

__all__ = ["LineSearch", "SatChild", "SatSlices", "solver_side", "GUIDED_CONFLICTS", "SLICE_CONFLICTS"]

GUIDED_CONFLICTS = 20_000
"""Conflicts a solution-guided CaDiCaL may spend on a further solution before the chosen
solver takes over (the anchor's budget; not tuned here)."""

SLICE_CONFLICTS = 2000
"""Conflicts of one CaDiCaL slice in a daemonic worker (some 0.1 s on Knotty)."""


class LineSearch:
    """The learning search on the probed ``domains`` as the schedule's search side."""

    def __init__(self, puzzle, domains, found: list, stop_at: float | None) -> None:
        from dataclasses import replace

        from ..reduction import nonogram_split

        self.puzzle, self.found = puzzle, found
        # Probing stopped by the time limit leaves exact but unfinished domains.  The split would
        # hand such a root over whole, as a leaf for the MILP, and then call itself finished;
        # here the search must run on it (what probing removed still holds).
        self.split = nonogram_split.Split(puzzle, replace(domains, finished=True), stop_at)
        self.split.engine, self.split.limit = "learning", 0  # every leaf a whole grid
        self._leaves = self.split.search()
        self._open_leaf = False

    def step(self, until: float):
        while True:
            self.split.pause_at = until
            leaf = next(self._leaves, False)
            if leaf is None:
                return None
            if leaf is False:
                # Infeasible only when the search went through every leaf and each was a whole
                # grid: a leaf with open cells (which the split hands over for a model) was not
                # decided here.
                return (INFEASIBLE, None) if self.split.finished and not self._open_leaf else GAVE_UP
            grid = leaf.solution()
            if grid is None and leaf.contradiction is None:
                self._open_leaf = True
            # A whole-grid leaf that breaks a clue holds no solution; one found already by the
            # solver side is passed over (the leaves never repeat a grid among themselves).
            if grid is not None and not _seen(grid, self.found) and not verify(self.puzzle, grid):
                return SOLVED, grid
            if time.perf_counter() >= until:
                return None

    def stats(self) -> dict:
        split = self.split
        return {"search_decisions": split.nodes, "search_conflicts": split.conflicts,
                "search_restarts": split.restarts, "search_finished": split.finished}


class _Cnf:
    """The CNF of the probed puzzle with its implications, and the clause excluding each grid."""

    def __init__(self, puzzle, domains, implied_by: float | None) -> None:
        from futomip.models import nonogram_cnf
        from ..reduction.nonogram import UNKNOWN
        from ..reduction.nonogram_implied import implications

        self.encoding = nonogram_cnf
        units, pairs, complete = implications(puzzle, domains, implied_by)
        self.cnf = nonogram_cnf.encode(puzzle, domains, (units, pairs))
        self.stats = {"implications": len(units) + len(pairs), "implications_complete": complete,
                      "variables": self.cnf.variables, "clauses": len(self.cnf.clauses)}
        self.open_cells = [r * puzzle.width + c for r in range(puzzle.height) for c in range(puzzle.width)
                           if domains.cells[r][c] == UNKNOWN]

    def exclude(self, grids) -> None:
        self.cnf.clauses.extend(self.encoding.exclude(grid, self.open_cells) for grid in grids)


def _phases(grid) -> list[int] | None:
    """The literals of ``grid`` (solution-guided phases for CaDiCaL), or None."""
    if grid is None:
        return None
    return [v + 1 if value else -(v + 1) for v, value in enumerate(x for row in grid for x in row)]


def _solve(name: str, clauses, cells: int, phases=None):
    """(satisfiable, model): CaDiCaL guided by ``phases`` for ``GUIDED_CONFLICTS`` conflicts
    when given (Knotty: the second grid at once, against 300 s for Kissat from scratch), then
    solver ``name`` to the end."""
    from pysat.solvers import Solver

    if phases is not None:
        with Solver(name="cadical195", bootstrap_with=clauses) as sat:
            sat.set_phases(phases)
            sat.conf_budget(GUIDED_CONFLICTS)
            found = sat.solve_limited()
            if found is not None:
                return found, sat.get_model()[:cells] if found else None
    with Solver(name=name, bootstrap_with=clauses) as sat:
        found = sat.solve()
        return found, sat.get_model()[:cells] if found else None


def _serve(name: str, puzzle, domains, implied_by: float | None, conn) -> None:
    """The child: the CNF once, then one solve per request (the grids to exclude), answered
    as ("stats", dict) once and ("answer", satisfiable, model) per request."""
    # The fork inherits the command's signal handlers and its wake-up pipe: a SIGTERM from the
    # parent must end this child only, not reach the parent's watchdog as its own stop request.
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    cnf = _Cnf(puzzle, domains, implied_by)
    conn.send(("stats", cnf.stats))
    while True:
        try:
            grids = conn.recv()
        except EOFError:
            return
        cnf.exclude(grids)
        satisfiable, model = _solve(name, cnf.cnf.clauses, cnf.cnf.cells, _phases(grids[-1] if grids else None))
        conn.send(("answer", satisfiable, model))


class _Requests:
    """What both solver sides share: the grids sent so far, the answers turned into grids."""

    def __init__(self, puzzle, found: list, deadline: Deadline) -> None:
        self.puzzle, self.found, self.deadline = puzzle, found, deadline
        self.sent = 0
        self.stats: dict = {}

    def new_grids(self) -> list:
        grids = self.found[self.sent:]
        self.sent = len(self.found)
        return grids

    def answer(self, satisfiable, model):
        """The schedule's answer for a solver's reply, or None when its grid was found already
        by the search (then the next request excludes it)."""
        self.stats["solves"] = self.stats.get("solves", 0) + 1
        if not satisfiable:
            return INFEASIBLE, None
        from futomip.models import nonogram_cnf

        grid = nonogram_cnf.decode(self.puzzle, model)
        return None if _seen(grid, self.found) else (SOLVED, grid)


class SatChild(_Requests):
    """The SAT solver in a forked child, as the schedule's solver side."""

    def __init__(self, name: str, puzzle, domains, found: list, deadline: Deadline, implied_by: float | None) -> None:
        super().__init__(puzzle, found, deadline)
        self.name, self.domains, self.implied_by = name, domains, implied_by
        self.process = self.conn = None
        self.pending = self.frozen = False

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe()
        self.process = context.Process(target=_serve, daemon=True,
                                       args=(self.name, self.puzzle, self.domains, self.implied_by, send))
        self.process.start()
        send.close()
        self.conn = receive

    def resume(self) -> None:
        if self.process is None:
            self._start()
        elif self.frozen:
            self._signal(signal.SIGCONT)
        self.frozen = False

    def pause(self) -> None:
        if self.process is not None and not self.frozen:
            self._signal(signal.SIGSTOP)
            self.frozen = True

    def _signal(self, signum: int) -> None:
        # The child may end between a look at it and the signal (a SIGTERM to the whole
        # process group, the kernel's OOM killer): a signal to a process gone is no error.
        try:
            os.kill(self.process.pid, signum)
        except ProcessLookupError:
            pass

    def poll(self, seconds: float):
        stopping.check()
        if self.deadline.expired or not self.process.is_alive():
            return GAVE_UP
        if not self.pending:
            self.conn.send(self.new_grids())
            self.pending = True
        end = time.perf_counter() + seconds
        while True:
            try:
                if not self.conn.poll(max(0.0, end - time.perf_counter())):
                    return None
                message = self.conn.recv()
            except (EOFError, OSError):  # the child ended without an answer (killed from outside)
                return GAVE_UP
            if message[0] == "stats":
                self.stats.update(message[1])
                continue
            self.pending = False
            return self.answer(*message[1:])

    def close(self) -> None:
        if self.process is None:
            return
        self.conn.close()
        # SIGKILL, not SIGTERM: the child has nothing to tidy (the SAT solver runs inside it),
        # and a SIGTERM that reached it while it was still being forked ran the parent's
        # handler there, which wrote to the parent's wake-up pipe: the parent then took the
        # stop for its own and ended with nothing printed (exit 1, at tight time limits).
        # SIGKILL acts on a frozen child too.
        self._signal(signal.SIGKILL)
        self.process.join()


class SatSlices(_Requests):
    """CaDiCaL in this process in slices of ``SLICE_CONFLICTS``, for a daemonic process (a Dask
    or pool worker, which may not start children): python-sat holds the GIL while it solves,
    so nothing can interrupt a slice; the schedule's turns and the deadline are looked at
    between slices, and each slice goes on with the clauses the earlier ones learnt."""

    def __init__(self, name: str, puzzle, domains, found: list, deadline: Deadline, implied_by: float | None) -> None:
        super().__init__(puzzle, found, deadline)
        self.domains, self.implied_by = domains, implied_by
        self.cnf = self.sat = None

    def resume(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def poll(self, seconds: float):
        from pysat.solvers import Solver

        end = time.perf_counter() + seconds
        if self.cnf is None:
            self.cnf = _Cnf(self.puzzle, self.domains, self.implied_by)
            self.stats.update(self.cnf.stats)
        while True:
            stopping.check()
            if self.deadline.expired:
                return GAVE_UP
            if self.sat is None:
                self.cnf.exclude(self.new_grids())
                self.sat = Solver(name="cadical195", bootstrap_with=self.cnf.cnf.clauses)
            self.sat.conf_budget(SLICE_CONFLICTS)
            found = self.sat.solve_limited()
            if found is not None:
                model = self.sat.get_model()[:self.cnf.cnf.cells] if found else None
                self.close()
                answer = self.answer(found, model)
                if answer is not None:
                    return answer
            if time.perf_counter() >= end:
                return None

    def close(self) -> None:
        if self.sat is not None:
            self.sat.delete()
            self.sat = None


def solver_side(name: str, puzzle, domains, found: list, deadline: Deadline, implied_by: float | None):
    """The SAT solver side for this process: a child, or slices here in a daemonic process."""
    side = SatSlices if multiprocessing.current_process().daemon else SatChild
    return side(name, puzzle, domains, found, deadline, implied_by)
