"""What every backend provides: a ``Session`` that holds one model for one solver.

A backend module turns a ``futomip.linear.LinearModel`` into its own modelling objects
(PuLP, Pyomo, highspy), solves it with one solver, can take extra rows (no-good cuts) and
solve again, and writes LP/MPS files with its own writer.  Every outcome is mapped onto the
status vocabulary of ``futomip.status``; no solver exception escapes a session.  What a
solver needs to be told, and its quirks, come from its module in ``futomip.solvers``.

While the solver runs, the session is registered with ``futomip.stopping``, so that
Ctrl-C, SIGTERM or an overrun deadline cancel it (``cancel``) even while the main thread
is inside C++ or waiting for a solver program.

Must not import ``models``, the puzzles, the pipeline or the CLI.
"""

from __future__ import annotations

import itertools
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .. import stopping
from .._children import child_pids, terminate_children
from ..linear import Constraint, LinearModel, row_matrix
from ..options import Options
from ..status import ERROR, INFEASIBLE, SOLVED, STATUSES, TIME_LIMIT

__all__ = ["SOLVED", "INFEASIBLE", "TIME_LIMIT", "ERROR", "STATUSES", "RawSolution", "Session", "CancelFlag",
           "violated_rows", "any_broken", "STATS", "ADDITIVE_STATS"]

STATS = {
    "nodes": "branch-and-bound nodes (HiGHS, SCIP, CBC)",
    "lp_iterations": "simplex/LP iterations (HiGHS, SCIP, CBC, CP-SAT's LP workers)",
    "branches": "search decisions (CP-SAT)",
    "conflicts": "conflicts learnt from (CP-SAT)",
    "root_bound": "the objective bound after the root node (SCIP, CBC: the LP relaxation's value)",
    "gap": "the final relative gap between the best point and the bound (HiGHS, SCIP)",
    "presolve_rows_removed": "rows presolve removed (SCIP)",
    "presolve_columns_removed": "columns presolve removed (SCIP)",
}
"""The statistics a solve may report in ``RawSolution.stats`` (each where its solver tells);
the JSON ``stats`` field adds ``solves``, the number of solver calls."""

ADDITIVE_STATS = ("nodes", "lp_iterations", "branches", "conflicts")
"""Statistics summed over the solves of one puzzle; the others are those of the last solve."""


@dataclass(frozen=True)
class RawSolution:
    """One solve's outcome: a status from ``STATUSES``, column values when solved, a message
    saying what happened when it is not plainly solved or infeasible, and the solver's
    statistics where it reports them (``stats``: nodes, iterations, ...).

    A solve asked for a pool (``Session.solve(..., pool=K)``) by a backend that lists solutions
    in one run (``_solve_pool``: CP-SAT) also returns up to K further solutions of the same model in ``more`` (a sequence of value
    vectors, possibly made on reading); ``exhausted`` then says that ``values`` and ``more``
    are every solution the model has."""

    status: str
    values: Sequence[float] | None = None
    message: str = ""
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    more: Sequence = ()
    exhausted: bool = False


class CancelFlag:
    """Set from another thread to ask an in-process solver to stop (solver callbacks poll it)."""

    def __init__(self) -> None:
        self.requested = False


class Session(ABC):
    """A model loaded into a backend for one solver (a ``futomip.solvers.Solver``)."""

    backend: str = ""

    def __init__(self, model: LinearModel, solver, options: Options) -> None:
        self.model = model
        self.solver = solver
        self.options = options
        self.capabilities = solver.layers[self.backend]
        self.extra: list[Constraint] = []
        self.flag = CancelFlag()
        self._older_children: set[int] = set()

    @property
    def incremental(self) -> bool:
        """Whether ``add_constraint`` changes the live solver model (no rebuild on the next solve)."""
        return self.capabilities.incremental

    def add_constraint(self, con: Constraint) -> None:
        """Add one more row (e.g. a no-good cut) before the next solve.  A row without terms
        stays out of the backend's model, as at the build (Pyomo refuses one that reads false):
        ``_trivial_outcome`` decides it."""
        self.extra.append(con)
        if con.terms:
            self._add(con)

    def solve(self, time_limit: float | None = None, pool: int = 0) -> RawSolution:
        """Solve within ``time_limit`` seconds (None: no limit).

        ``pool``: where the backend lists solutions in one run (``_solve_pool``), go on after the
        first solution and return up to ``pool`` more in ``RawSolution.more`` (others ignore it).

        Values that break a row of the model are reported as an error rather than
        returned: HiGHS has been seen to claim optimality with primal infeasibilities.
        A solve cancelled at its deadline ends as ``time_limit``; one cancelled by a signal
        raises ``futomip.stopping.Stopped``.
        """
        if time_limit is not None and time_limit <= 0:
            return RawSolution(TIME_LIMIT, message="no time left before the solve")
        trivial = self._trivial_outcome()
        if trivial is not None:
            return trivial
        passed = self.solver.time_limit(time_limit, self.capabilities)
        self.flag = CancelFlag()
        # Children that exist before the solve (a race's fork server) are not its solver program.
        self._older_children = set(child_pids()) if self.capabilities.own_process else set()
        start = time.perf_counter()
        end = None if time_limit is None else start + time_limit
        try:
            with stopping.cancellable(self.cancel, end):
                try:
                    raw = self._solve_pool(passed, pool) if pool > 0 else self._solve(passed)
                except KeyboardInterrupt:
                    raise
                except Exception as exc:  # noqa: BLE001 - every solver failure becomes a status.
                    raw = RawSolution(ERROR, message=f"{type(exc).__name__}: {exc}")
        except KeyboardInterrupt:
            # A solver program started by PuLP or Pyomo must not outlive the interrupt.
            terminate_children()
            raise
        seconds = time.perf_counter() - start
        if raw.status != SOLVED and self.flag.requested:
            raw = RawSolution(TIME_LIMIT, message=f"{self.backend}/{self.solver.name} stopped at the time limit",
                              stats=raw.stats)
        if raw.status == SOLVED and raw.values is not None:
            broken = violated_rows(self.model, self.extra, raw.values)
            at_limit = self.flag.requested or (time_limit is not None and seconds >= 0.95 * time_limit)
            if broken and at_limit:
                # A solver stopped at its limit (or killed) can leave a partial point behind,
                # e.g. CBC's "Stopped on time" file with LP values: no answer, not a failure.
                raw = RawSolution(TIME_LIMIT, message=f"{self.backend}/{self.solver.name} stopped at the time limit "
                                                      f"with a point that breaks rows {', '.join(broken[:3])}; "
                                                      "not taken", stats=raw.stats)
            elif broken:
                raw = RawSolution(ERROR, message=f"the solver's point breaks rows {', '.join(broken[:5])}",
                                  stats=raw.stats)
            elif raw.more and any_broken(self.model, self.extra, raw.more):
                # The pool is a shortcut only: with a broken point in it, the next solves ask again.
                raw = RawSolution(raw.status, raw.values, raw.message, stats=raw.stats)
        return RawSolution(raw.status, raw.values, raw.message, seconds, raw.stats, raw.more, raw.exhausted)

    def cancel(self) -> None:
        """Ask the running solve to stop (called from the watchdog thread)."""
        self.flag.requested = True
        if self.capabilities.own_process:
            terminate_children(grace=0.5, keep=self._older_children)
        else:
            self._cancel_in_process()

    def _cancel_in_process(self) -> None:
        """Stop an in-process solver; the default relies on callbacks polling ``flag``."""

    def _trivial_outcome(self) -> RawSolution | None:
        """The answer without a solver when the model decides itself, else None.

        A row without terms reads ``0 sense rhs``: if that is false the model is infeasible
        (Pyomo refuses such rows and HiGHS reports an empty model as such, so no solver is
        asked); a model without columns whose empty rows hold is solved by the empty point.
        Backends leave empty rows out of the models they build.
        """
        for con in list(self.model.constraints) + self.extra:
            if not con.terms and not con.is_satisfied([]):
                if con.family == "exclude":
                    # A no-good cut over no column: the grid found has nothing left to differ in
                    # (every cell fixed, or black), so no other one exists; nothing to remark.
                    return RawSolution(INFEASIBLE)
                return RawSolution(INFEASIBLE, message=f"row {con.name} reads 0 {con.sense} {con.rhs:g}")
        if self.model.num_vars == 0:
            return RawSolution(SOLVED, [])
        return None

    @abstractmethod
    def _add(self, con: Constraint) -> None:
        """Put ``con`` into the backend's model."""

    @abstractmethod
    def _solve(self, time_limit: float | None) -> RawSolution:
        """Run the solver with the limit in the solver's own terms; map its outcome onto ``STATUSES``."""

    def _solve_pool(self, time_limit: float | None, pool: int) -> RawSolution:
        """``_solve`` that also lists up to ``pool`` more solutions; a backend that cannot (all but
        CP-SAT) returns one."""
        return self._solve(time_limit)

    @abstractmethod
    def write(self, path: str, file_format: str) -> None:
        """Write the model with the backend's own writer; ``file_format`` is "lp" or "mps"."""

    def globals_form(self) -> str:
        """How the model's globals were built: "linear" (their decompositions, as every
        MILP layer and LP/MPS file has them), "native (...)" where the backend built the
        solver's own constraints, "" for a model without globals."""
        return "linear" if self.model.globals else ""

    def close(self) -> None:
        """Release solver resources (nothing to do for most backends)."""


def violated_rows(model: LinearModel, extra: Sequence[Constraint], values: Sequence[float], tol: float = 1e-5) -> list[str]:
    """Names of the rows (model rows and extra rows) that ``values`` violate beyond ``tol``.

    The values are rounded first: the decoder reads rounded values, so a point that is
    feasible only thanks to fractional noise must count as broken.
    """
    import numpy as np

    rounded = np.rint(np.asarray(values, dtype=np.float64))
    matrix = model.matrix()
    products = rounded[matrix.index] * matrix.value
    # reduceat needs non-empty segments; empty rows have activity 0.
    activity = np.zeros(len(matrix.lower))
    nonempty = matrix.start[:-1] < matrix.start[1:]
    if products.size:
        activity[nonempty] = np.add.reduceat(products, matrix.start[:-1][nonempty])
    bad = np.nonzero((activity < matrix.lower - tol) | (activity > matrix.upper + tol))[0]
    broken = [model.constraints[i].name for i in bad]
    broken += [con.name for con in extra if not con.is_satisfied(rounded, tol)]
    return broken


def any_broken(model: LinearModel, extra: Sequence[Constraint], points: Iterable[Sequence[float]],
               tol: float = 1e-5) -> bool:
    """Whether any of ``points`` (rounded, as in ``violated_rows``) breaks a row of the model or
    of ``extra``: ``violated_rows`` for many points at once, a block of points per array sum,
    so that a pool of thousands of solutions against thousands of no-good rows stays quick."""
    import numpy as np

    matrices = [matrix for matrix in (model.matrix(), row_matrix(extra)) if len(matrix.lower)]
    block = max(1, 2_000_000 // max([1] + [len(matrix.index) for matrix in matrices]))
    points = iter(points)
    while True:
        part = np.rint(np.asarray(list(itertools.islice(points, block)), dtype=np.float64))
        if not len(part):
            return False
        for matrix in matrices:
            activity = np.zeros((len(part), len(matrix.lower)))
            nonempty = matrix.start[:-1] < matrix.start[1:]
            if len(matrix.index):
                products = part[:, matrix.index] * matrix.value
                activity[:, nonempty] = np.add.reduceat(products, matrix.start[:-1][nonempty], axis=1)
            if ((activity < matrix.lower - tol) | (activity > matrix.upper + tol)).any():
                return True
