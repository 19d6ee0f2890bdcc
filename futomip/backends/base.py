"""What every backend provides: a ``Session`` that holds one model for one solver.

A backend module turns a ``futomip.linear.LinearModel`` into its own modelling objects
(PuLP, Pyomo, highspy), solves it with one solver, can take extra rows (no-good cuts) and
solve again, and writes LP/MPS files with its own writer.  Every outcome is mapped onto one
status vocabulary; no solver exception escapes a session.

Must not import ``models``, the puzzles or the CLI.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Sequence

from ..linear import Constraint, LinearModel

__all__ = ["SOLVED", "INFEASIBLE", "TIME_LIMIT", "ERROR", "STATUSES", "SolveOptions", "RawSolution", "Session"]

SOLVED = "solved"
INFEASIBLE = "infeasible"
TIME_LIMIT = "time_limit"
ERROR = "error"
STATUSES = (SOLVED, INFEASIBLE, TIME_LIMIT, ERROR)


@dataclass(frozen=True)
class SolveOptions:
    """Solver settings that mean the same on every backend."""

    time_limit: float | None = None
    threads: int | None = None
    verbose: bool = False
    seed: int | None = None


@dataclass(frozen=True)
class RawSolution:
    """One solve's outcome: a status from ``STATUSES``, column values when solved, and a
    message saying what happened when it is not plainly solved or infeasible."""

    status: str
    values: Sequence[float] | None = None
    message: str = ""
    seconds: float = 0.0


class Session(ABC):
    """A model loaded into a backend for one solver.

    ``incremental`` says whether ``add_constraint`` changes a live solver model (so the
    next solve reuses what was built) or the whole model is handed over again.
    """

    backend: str = ""
    incremental: bool = False

    def __init__(self, model: LinearModel, solver: str, options: SolveOptions) -> None:
        self.model = model
        self.solver = solver
        self.options = options
        self.extra: list[Constraint] = []

    def add_constraint(self, con: Constraint) -> None:
        """Add one more row (e.g. a no-good cut) before the next solve."""
        self.extra.append(con)
        self._add(con)

    def solve(self, time_limit: float | None = None) -> RawSolution:
        """Solve; ``time_limit`` (seconds) overrides the session's when given.

        Values that break a row of the model are reported as an error rather than
        returned: HiGHS has been seen to claim optimality with primal infeasibilities.
        """
        limit = self.options.time_limit if time_limit is None else time_limit
        if limit is not None and limit <= 0:
            return RawSolution(TIME_LIMIT, message="no time left before the solve")
        trivial = self._trivial_outcome()
        if trivial is not None:
            return trivial
        start = time.perf_counter()
        try:
            raw = self._solve(limit)
        except KeyboardInterrupt:
            # A solver program started by PuLP or Pyomo must not outlive the interrupt.
            from ._children import terminate_children

            terminate_children()
            raise
        except Exception as exc:  # noqa: BLE001 - every solver failure becomes a status.
            raw = RawSolution(ERROR, message=f"{type(exc).__name__}: {exc}")
        seconds = time.perf_counter() - start
        if raw.status == SOLVED and raw.values is not None:
            broken = violated_rows(self.model, self.extra, raw.values)
            if broken:
                raw = RawSolution(ERROR, message=f"the solver's point breaks rows {', '.join(broken[:5])}")
        return RawSolution(raw.status, raw.values, raw.message, seconds)

    def _trivial_outcome(self) -> RawSolution | None:
        """The answer without a solver when the model decides itself, else None.

        A row without terms reads ``0 sense rhs``: if that is false the model is infeasible
        (Pyomo refuses such rows and HiGHS reports an empty model as such, so no solver is
        asked); a model without columns whose empty rows hold is solved by the empty point.
        Backends leave empty rows out of the models they build.
        """
        for con in list(self.model.constraints) + self.extra:
            if not con.terms and not con.is_satisfied([]):
                return RawSolution(INFEASIBLE, message=f"row {con.name} reads 0 {con.sense} {con.rhs:g}")
        if self.model.num_vars == 0:
            return RawSolution(SOLVED, [])
        return None

    @abstractmethod
    def _add(self, con: Constraint) -> None:
        """Put ``con`` into the backend's model."""

    @abstractmethod
    def _solve(self, time_limit: float | None) -> RawSolution:
        """Run the solver and map its outcome onto ``STATUSES``."""

    @abstractmethod
    def write(self, path: str, file_format: str) -> None:
        """Write the model with the backend's own writer; ``file_format`` is "lp" or "mps"."""

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
