"""The Pyomo backend: the model becomes a ``pyomo.environ.ConcreteModel``.

Each variable family becomes one indexed ``Var`` and each constraint family one indexed
``Constraint`` (so LP files written by Pyomo carry names like ``cell_one_value(1_2)``).
Solvers: ``highs`` through Pyomo's persistent HiGHS interface (``pyomo.contrib.solver``):
a no-good cut is added to the live HiGHS model (``incremental``); ``cbc`` through Pyomo's
shell interface with a CBC program (see ``_cbc_path`` for which one and why); ``glpk``, ``scip``, ``gurobi`` and
``cplex`` where Pyomo finds them.  Pyomo raises exceptions for some outcomes (e.g. a
time-out without a solution); they are all mapped onto futomip's statuses.

Must not import ``models`` or the puzzles; PuLP only to find the CBC program it bundles.
"""

from __future__ import annotations

import logging
import os
import subprocess
import time

from ..linear import Constraint, LinearModel
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session, SolveOptions

NAME = "pyomo"

# futomip solver name -> (Pyomo SolverFactory name, how to get the solver).
_LEGACY_SOLVERS = {
    "cbc": ("cbc", "pip install cbcbox"),
    "glpk": ("glpk", "apt-get install glpk-utils (the glpsol program on PATH)"),
    "scip": ("scip", "install SCIP so that the scip program is on PATH"),
    "gurobi": ("gurobi_direct", "pip install gurobipy (and a Gurobi licence)"),
    "cplex": ("cplex_direct", "pip install cplex (and a CPLEX licence for large models)"),
}
SOLVERS = ("highs",) + tuple(_LEGACY_SOLVERS)


def _cbc_path() -> str | None:
    """The CBC program Pyomo should run.

    Pyomo reads CBC's solution file assuming a row section before the column section;
    the cbcbox build (2.935) omits the row section when its root processing solves the
    whole model, and Pyomo then reads no values at all.  The CBC 2.10 that PuLP 3 bundles
    writes both sections, so it is preferred here; cbcbox is the fallback.
    """
    try:
        from pulp.apis.coin_api import PULP_CBC_CMD

        bundled = PULP_CBC_CMD.pulp_cbc_path
        if bundled and os.path.exists(bundled):
            return bundled
    except (ImportError, AttributeError):
        pass
    try:
        import cbcbox
    except ImportError:
        return None
    path = cbcbox.cbc_bin_path()
    return path if os.path.exists(path) else None


def _legacy_solver(solver: str):
    from pyomo.opt import SolverFactory

    factory_name = _LEGACY_SOLVERS[solver][0]
    opt = SolverFactory(factory_name)
    if solver == "cbc" and _cbc_path():
        # Pyomo looks for "cbc" on PATH, which misses the venv's cbc when the venv is not
        # activated; point it at cbcbox's program directly.
        opt.set_executable(_cbc_path(), validate=False)
    return opt


def available(solver: str) -> tuple[bool, str]:
    """Whether Pyomo can run ``solver`` here, and if not how to get it."""
    try:
        import pyomo.environ  # noqa: F401
    except ImportError:
        return False, "pip install pyomo"
    # Pyomo logs its own warnings while probing missing solvers; the answer is enough.
    logging.getLogger("pyomo").setLevel(logging.ERROR)
    try:
        if solver == "highs":
            from pyomo.contrib.solver.solvers.highs import Highs

            ok = bool(Highs().available())
            return ok, "" if ok else "pip install highspy"
        ok = bool(_legacy_solver(solver).available(exception_flag=False))
    except Exception:  # noqa: BLE001 - a broken optional solver is just unavailable.
        ok = False
    return ok, "" if ok else _LEGACY_SOLVERS[solver][1]


class PyomoSession(Session):
    backend = NAME

    def __init__(self, model: LinearModel, solver: str, options: SolveOptions) -> None:
        super().__init__(model, solver, options)
        import pyomo.environ as pyo

        logging.getLogger("pyomo").setLevel(logging.ERROR)
        self._pyo = pyo
        self.incremental = solver == "highs"
        block = pyo.ConcreteModel(name=model.name)
        self._vars: list = [None] * model.num_vars
        for family, columns in model.families.items():
            var = pyo.Var(list(columns), within=pyo.Binary)
            block.add_component(family, var)
            for key, column in columns.items():
                self._vars[column] = var[key]
        block.objective = pyo.Objective(
            expr=sum(coef * self._vars[j] for j, coef in model.objective.items()) if model.objective else 0.0
        )
        rows_by_family: dict[str, list[Constraint]] = {}
        for con in model.constraints:
            # Pyomo rejects rows without variables; they are decided before any solve.
            if con.terms:
                rows_by_family.setdefault(con.family, []).append(con)
        for family, rows in rows_by_family.items():
            indexed = pyo.Constraint([con.key for con in rows])
            block.add_component(family, indexed)
            for con in rows:
                indexed[con.key] = self._relation(con)
        block.extra_rows = pyo.ConstraintList()
        self._block = block
        self._persistent = None

    def _relation(self, con: Constraint):
        expression = self._pyo.quicksum(coef * self._vars[var] for var, coef in con.terms)
        if con.sense == "<=":
            return expression <= con.rhs
        if con.sense == ">=":
            return expression >= con.rhs
        return expression == con.rhs

    def _add(self, con: Constraint) -> None:
        self._block.extra_rows.add(self._relation(con))

    def _solve(self, time_limit: float | None) -> RawSolution:
        if self.solver == "highs":
            return self._solve_persistent_highs(time_limit)
        return self._solve_legacy(time_limit)

    def _solve_persistent_highs(self, time_limit: float | None) -> RawSolution:
        from pyomo.contrib.solver.common.results import SolutionStatus, TerminationCondition

        if self._persistent is None:
            from pyomo.contrib.solver.solvers.highs import Highs

            self._persistent = Highs()
        config = {
            "load_solutions": False,
            "raise_exception_on_nonoptimal_result": False,
            "tee": bool(self.options.verbose),
        }
        if time_limit is not None:
            config["time_limit"] = float(time_limit)
        if self.options.threads:
            config["threads"] = int(self.options.threads)
        results = self._persistent.solve(self._block, **config)
        condition = results.termination_condition
        if results.solution_status in (SolutionStatus.optimal, SolutionStatus.feasible):
            primals = results.solution_loader.get_vars()
            return RawSolution(SOLVED, [primals[var] for var in self._vars])
        if condition == TerminationCondition.provenInfeasible:
            return RawSolution(INFEASIBLE)
        if condition == TerminationCondition.maxTimeLimit:
            return RawSolution(TIME_LIMIT, message="Pyomo/HiGHS: time limit without a solution")
        return RawSolution(ERROR, message=f"Pyomo/HiGHS termination {condition.name}")

    def _solve_legacy(self, time_limit: float | None) -> RawSolution:
        from pyomo.opt import SolutionStatus, TerminationCondition

        opt = _legacy_solver(self.solver)
        kwargs = {"load_solutions": False, "tee": bool(self.options.verbose)}
        if time_limit is not None:
            kwargs["timelimit"] = max(1, int(round(time_limit))) if self.solver == "cbc" else float(time_limit)
        if self.options.threads and self.solver == "cbc":
            opt.options["threads"] = int(self.options.threads)
        start = time.perf_counter()
        try:
            results = opt.solve(self._block, **kwargs)
        except subprocess.TimeoutExpired:
            # Pyomo kills the solver program itself when it overruns the limit.
            return RawSolution(TIME_LIMIT, message=f"Pyomo/{self.solver}: stopped at the time limit")
        elapsed = time.perf_counter() - start
        condition = results.solver.termination_condition
        if len(results.solution) and results.solution(0).status in (SolutionStatus.optimal, SolutionStatus.feasible):
            for var in self._vars:
                var.set_value(None, skip_validation=True)
            self._block.solutions.load_from(results)
            # CBC's solution file lists only nonzero columns, so an unreported one is 0.
            return RawSolution(SOLVED, [0.0 if var.value is None else var.value for var in self._vars])
        if condition == TerminationCondition.infeasible:
            if time_limit is not None and elapsed >= 0.95 * time_limit:
                # A solver stopped by its time limit can be read as "infeasible": no proof.
                return RawSolution(TIME_LIMIT, message=f"Pyomo/{self.solver} said infeasible at the time limit; "
                                                       "not taken as a proof")
            return RawSolution(INFEASIBLE)
        if condition == TerminationCondition.maxTimeLimit:
            return RawSolution(TIME_LIMIT, message=f"Pyomo/{self.solver}: time limit without a solution")
        return RawSolution(ERROR, message=f"Pyomo/{self.solver} termination {condition}")

    def write(self, path: str, file_format: str) -> None:
        self._block.write(str(path), format=file_format, io_options={"symbolic_solver_labels": True})


def open_session(model: LinearModel, solver: str, options: SolveOptions) -> Session:
    """Build ``model`` as a Pyomo ConcreteModel for ``solver``."""
    return PyomoSession(model, solver, options)
