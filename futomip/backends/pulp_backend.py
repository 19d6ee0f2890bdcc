"""The PuLP backend: the model becomes a ``pulp.LpProblem`` and PuLP drives the solver.

Solvers: ``highs`` (PuLP's highspy interface), ``cbc`` (the CBC program of the ``cbcbox``
package, else the one bundled with PuLP), ``glpk``, ``scip``, ``gurobi`` and ``cplex``
where PuLP finds them.  PuLP hands the whole model to the solver on every ``solve``, so
adding a no-good cut and solving again rebuilds the solver's model (not incremental).

Must not import ``models``, the puzzles or Pyomo.
"""

from __future__ import annotations

import os
import time

from ..linear import Constraint, LinearModel
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session, SolveOptions

NAME = "pulp"

# futomip solver name -> (PuLP solver classes to try in order, how to get the solver).
_SOLVER_CLASSES = {
    "highs": (("HiGHS",), "pip install highspy"),
    "cbc": (("COIN_CMD", "PULP_CBC_CMD"), "pip install cbcbox"),
    "glpk": (("GLPK_CMD",), "apt-get install glpk-utils (the glpsol program on PATH)"),
    "scip": (("SCIP_PY", "SCIP_CMD"), "pip install pyscipopt"),
    "gurobi": (("GUROBI", "GUROBI_CMD"), "pip install gurobipy (and a Gurobi licence)"),
    "cplex": (("CPLEX_PY", "CPLEX_CMD"), "pip install cplex (and a CPLEX licence for large models)"),
}
SOLVERS = tuple(_SOLVER_CLASSES)


def _cbc_path() -> str | None:
    try:
        import cbcbox
    except ImportError:
        return None
    path = cbcbox.cbc_bin_path()
    return path if os.path.exists(path) else None


def _make_solver(solver: str, options: SolveOptions, class_name: str):
    import pulp

    common = {"msg": bool(options.verbose), "timeLimit": options.time_limit}
    if class_name == "COIN_CMD":
        path = _cbc_path()
        if path is None:
            return None
        return pulp.COIN_CMD(path=path, threads=options.threads, **common)
    if class_name in ("PULP_CBC_CMD", "HiGHS", "GUROBI", "GUROBI_CMD", "CPLEX_CMD", "CPLEX_PY"):
        threads = {"threads": options.threads} if options.threads else {}
        return getattr(pulp, class_name)(**common, **threads)
    return getattr(pulp, class_name)(**common)


def _solver_object(solver: str, options: SolveOptions):
    """The first PuLP solver object for ``solver`` that is available here, or None."""
    for class_name in _SOLVER_CLASSES[solver][0]:
        try:
            candidate = _make_solver(solver, options, class_name)
        except Exception:  # noqa: BLE001 - a broken optional solver is just unavailable.
            continue
        if candidate is not None and candidate.available():
            return candidate
    return None


def available(solver: str) -> tuple[bool, str]:
    """Whether PuLP can run ``solver`` here, and if not how to get it."""
    try:
        import pulp  # noqa: F401
    except ImportError:
        return False, "pip install pulp"
    if _solver_object(solver, SolveOptions()) is None:
        return False, _SOLVER_CLASSES[solver][1]
    return True, ""


class PulpSession(Session):
    backend = NAME
    incremental = False

    def __init__(self, model: LinearModel, solver: str, options: SolveOptions) -> None:
        super().__init__(model, solver, options)
        import pulp

        self._pulp = pulp
        self._problem = pulp.LpProblem(model.name, pulp.LpMinimize)
        if hasattr(self._problem, "add_variable"):
            # PuLP 3.3 deprecates free-standing LpVariable objects in favour of this.
            self._vars = [self._problem.add_variable(name, 0, 1, cat=pulp.LpBinary) for name in model.var_names]
        else:
            self._vars = [pulp.LpVariable(name, 0, 1, cat=pulp.LpBinary) for name in model.var_names]
        self._problem.setObjective(pulp.LpAffineExpression([(self._vars[j], c) for j, c in model.objective.items()]))
        for con in model.constraints:
            # Empty rows are decided before any solve (Session._trivial_outcome).
            if con.terms:
                self._add(con)

    def _add(self, con: Constraint) -> None:
        pulp = self._pulp
        sense = {"<=": pulp.LpConstraintLE, ">=": pulp.LpConstraintGE, "==": pulp.LpConstraintEQ}[con.sense]
        expression = pulp.LpAffineExpression([(self._vars[var], coef) for var, coef in con.terms])
        self._problem.addConstraint(pulp.LpConstraint(expression, sense, con.name, con.rhs))

    def _solve(self, time_limit: float | None) -> RawSolution:
        options = SolveOptions(time_limit, self.options.threads, self.options.verbose, self.options.seed)
        solver = _solver_object(self.solver, options)
        if solver is None:
            return RawSolution(ERROR, message=f"PuLP cannot run {self.solver} here")
        start = time.perf_counter()
        status = self._problem.solve(solver)
        elapsed = time.perf_counter() - start
        solution_status = self._problem.sol_status
        values = [var.varValue for var in self._vars]
        if solution_status in (self._pulp.LpSolutionOptimal, self._pulp.LpSolutionIntegerFeasible) and None not in values:
            return RawSolution(SOLVED, values)
        if status == self._pulp.LpStatusInfeasible or solution_status == self._pulp.LpSolutionInfeasible:
            if time_limit is not None and elapsed >= 0.95 * time_limit:
                # CBC stopped by its time limit before finding a point has been read by PuLP
                # as "infeasible" (seen on a feasible 30x30 nonogram): that is no proof.
                return RawSolution(TIME_LIMIT, message=f"PuLP/{self.solver} said infeasible at the time limit; "
                                                       "not taken as a proof")
            return RawSolution(INFEASIBLE)
        if time_limit is not None and status == self._pulp.LpStatusNotSolved:
            return RawSolution(TIME_LIMIT, message="PuLP: not solved within the time limit")
        return RawSolution(ERROR, message=f"PuLP status {self._pulp.LpStatus.get(status, status)}, "
                                          f"solution status {self._pulp.LpSolution.get(solution_status, solution_status)}")

    def write(self, path: str, file_format: str) -> None:
        if file_format == "lp":
            self._problem.writeLP(str(path))
        else:
            self._problem.writeMPS(str(path))


def open_session(model: LinearModel, solver: str, options: SolveOptions) -> Session:
    """Build ``model`` as a PuLP problem for ``solver``."""
    return PulpSession(model, solver, options)
