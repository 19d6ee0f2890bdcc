"""The PuLP backend: the model becomes a ``pulp.LpProblem`` and PuLP drives the solver.

Which PuLP solver class runs a solver, and how it is told the time limit, seed, threads
and options, is the solver module's business (``futomip.solvers``); this module only builds
the problem and reads PuLP's answer.  PuLP hands the whole model to the solver on every
``solve``, so adding a no-good cut and solving again rebuilds the solver's model (not
incremental).

Must not import ``models``, the puzzles or Pyomo.
"""

from __future__ import annotations

import time
from dataclasses import replace

from .. import scratch
from ..linear import Constraint, LinearModel
from ..options import Options
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session

NAME = "pulp"


def available(solver) -> tuple[bool, str]:
    """Whether PuLP can run ``solver`` here, and if not how to get it."""
    try:
        import pulp  # noqa: F401
    except ImportError:
        return False, "pip install pulp"
    try:
        found = solver.pulp_solver(Options(), None)
    except Exception:  # noqa: BLE001 - a broken optional solver is just unavailable.
        found = None
    return (True, "") if found is not None else (False, solver.install)


class PulpSession(Session):
    backend = NAME

    def __init__(self, model: LinearModel, solver, options: Options) -> None:
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

    def _cancel_in_process(self) -> None:
        self.solver.pulp_cancel(self._problem)

    def _solve(self, time_limit: float | None) -> RawSolution:
        solver = self.solver.pulp_solver(self.options, time_limit, self.flag)
        if solver is None:
            return RawSolution(ERROR, message=f"PuLP cannot run {self.solver.name} here")
        if scratch.folder() is not None:
            # PuLP removes its model and solution files only after a solve that returns.
            solver.tmpDir = scratch.folder()
        start = time.perf_counter()
        status = self._problem.solve(solver)
        elapsed = time.perf_counter() - start
        raw = self._outcome(status, elapsed, time_limit)
        note = getattr(solver, "futomip_note", None)  # a retry the solver made (HiGHS: presolve off)
        if note:
            raw = replace(raw, message=f"{note}: {raw.message or raw.status}")
        return replace(raw, stats=self.solver.pulp_stats(self._problem, solver))

    def _outcome(self, status: int, elapsed: float, time_limit: float | None) -> RawSolution:
        pulp = self._pulp
        solution_status = self._problem.sol_status
        values = [var.varValue for var in self._vars]
        if None in values:
            # PuLP leaves a column in no row out of what it hands the solver, so it has no value;
            # its bounds are [0, 1] and nothing else reads it, so 0 (a sub-puzzle with a line's
            # clue dropped, in --explain).
            present = {var.name for var in self._problem.variables()}
            values = [0.0 if value is None and var.name not in present else value
                      for var, value in zip(self._vars, values)]
        if solution_status in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible) and None not in values:
            return RawSolution(SOLVED, values)
        if status == pulp.LpStatusUndefined:
            # GLPK stopped by its limit ("INTEGER UNDEFINED"); PuLP files its solution
            # status under infeasible, which is no proof.
            if time_limit is not None:
                return RawSolution(TIME_LIMIT, message=f"PuLP/{self.solver.name}: no solution within the time limit")
            return RawSolution(ERROR, message=f"PuLP/{self.solver.name}: status undefined")
        # Only the problem's status proves infeasibility: PuLP files the solution status of a
        # solver stopped by one of its limits ("Not Solved": SCIP's solution or restart limits)
        # under infeasible too.
        if status == pulp.LpStatusInfeasible:
            if not self.solver.trusts_infeasible(elapsed, time_limit):
                return RawSolution(TIME_LIMIT, message=f"PuLP/{self.solver.name} said infeasible at the time limit; "
                                                       "not taken as a proof")
            return RawSolution(INFEASIBLE)
        if status == pulp.LpStatusNotSolved:
            # Stopped by a limit: the time limit when it came near it, else one of the solver's
            # own (a solver option such as SCIP's limits/solutions).
            if time_limit is not None and elapsed >= 0.95 * time_limit:
                return RawSolution(TIME_LIMIT, message="PuLP: not solved within the time limit")
            return RawSolution(ERROR, message=f"PuLP/{self.solver.name} stopped without a solution after {elapsed:.2f} s "
                                              "(status Not Solved: a limit of the solver's, no proof of infeasibility)")
        return RawSolution(ERROR, message=f"PuLP status {pulp.LpStatus.get(status, status)}, "
                                          f"solution status {pulp.LpSolution.get(solution_status, solution_status)}")

    def write(self, path: str, file_format: str) -> None:
        if file_format == "lp":
            self._problem.writeLP(str(path))
        else:
            self._problem.writeMPS(str(path))


def open_session(model: LinearModel, solver, options: Options) -> Session:
    """Build ``model`` as a PuLP problem for ``solver``."""
    return PulpSession(model, solver, options)
