"""The Pyomo backend: the model becomes a ``pyomo.environ.ConcreteModel``.

Each variable family becomes one indexed ``Var`` and each constraint family one indexed
``Constraint`` (so LP files written by Pyomo carry names like ``cell_one_value(1_2)``).
A solver with a persistent interface in ``pyomo.contrib.solver`` (HiGHS, SCIP) keeps the
model loaded and takes a no-good cut into the live model; the others (CBC, GLPK, Gurobi,
CPLEX) run through ``pyomo.opt.SolverFactory``, which writes the model out on every solve.
Which interface, program and options a solver needs comes from its module in
``futomip.solvers``.  Pyomo raises exceptions for some outcomes (e.g. a time-out without
a solution); they are all mapped onto futomip's statuses.

Must not import ``models`` or the puzzles.
"""

from __future__ import annotations

import importlib
import logging
import signal
import subprocess
import time
from dataclasses import replace

from .. import scratch, stopping
from ..linear import Constraint, LinearModel
from ..options import Options
from ..solvers.highs import RETRIED_WITHOUT_PRESOLVE
from ._files import drop_minimise_section
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session

NAME = "pyomo"


def _persistent_class(solver):
    module, _, name = solver.pyomo_persistent.partition(":")
    return getattr(importlib.import_module(module), name)


def _legacy_solver(solver):
    from pyomo.opt import SolverFactory

    opt = SolverFactory(solver.pyomo_factory)
    program = solver.pyomo_program()
    if program:
        # Pyomo looks for the program on PATH, which misses a venv's program when the venv
        # is not activated; point it at the one the solver module found.
        opt.set_executable(program, validate=False)
    return opt


def available(solver) -> tuple[bool, str]:
    """Whether Pyomo can run ``solver`` here, and if not how to get it."""
    try:
        import pyomo.environ  # noqa: F401
    except ImportError:
        return False, "pip install pyomo"
    # Pyomo logs its own warnings while probing missing solvers; the answer is enough.
    logging.getLogger("pyomo").setLevel(logging.ERROR)
    try:
        if solver.pyomo_persistent:
            ok = bool(_persistent_class(solver)().available())
        else:
            legacy = _legacy_solver(solver)
            ok = bool(legacy.available(exception_flag=False))
            # Pyomo asks only that a program run as a separate process exists.
            program = legacy.executable() if ok and hasattr(legacy, "executable") else None
            ok = ok and (program is None or solver.runs(program))
    except Exception:  # noqa: BLE001 - a broken optional solver is just unavailable.
        ok = False
    return (True, "") if ok else (False, solver.install)


class PyomoSession(Session):
    backend = NAME

    def __init__(self, model: LinearModel, solver, options: Options) -> None:
        super().__init__(model, solver, options)
        import pyomo.environ as pyo

        logging.getLogger("pyomo").setLevel(logging.ERROR)
        self._pyo = pyo
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
        if self.solver.pyomo_persistent:
            return self._solve_persistent(time_limit)
        return self._solve_legacy(time_limit)

    def _solve_again(self, config: dict, end: float | None):
        """The persistent solver once more with ``config`` (changed by a retry), within what is
        left of the time until ``end``."""
        if end is not None:
            config["time_limit"] = max(0.01, end - time.perf_counter())
        return self._persistent.solve(self._block, **config)

    def _solve_persistent(self, time_limit: float | None) -> RawSolution:
        from pyomo.contrib.solver.common.results import SolutionStatus, TerminationCondition

        end = None if time_limit is None else time.perf_counter() + time_limit
        if self._persistent is None:
            self._persistent = _persistent_class(self.solver)()
        try:
            # Loading the model into the solver is seconds of Python on large models (SCIP):
            # it counts against the limit and is cut off by it, and the solver gets what is left.
            with stopping.deadline_bound(end):
                self.solver.pyomo_attach(self._persistent, self._block, self.flag)
        except stopping.DeadlineReached:
            self._persistent = None
            return RawSolution(TIME_LIMIT, message="the time limit ran out while the model was loaded into the solver")
        if end is not None:
            time_limit = max(0.01, end - time.perf_counter())
        config = {
            "load_solutions": False,
            "raise_exception_on_nonoptimal_result": False,
            "tee": bool(self.options.verbose),
            "solver_options": self.solver.pyomo_options(self.options),
        }
        if time_limit is not None:
            config["time_limit"] = float(time_limit)
        threads = self.solver.pyomo_threads(self.options) if self.capabilities.threads else None
        if threads:
            config["threads"] = threads
        results = self._persistent.solve(self._block, **config)
        condition = results.termination_condition
        if condition == TerminationCondition.unknown and self.solver.pyomo_threads_refused(self._persistent):
            # HiGHS refused a thread count other than the one it runs with in this thread
            # (fixed by the first plain run here): again with threads 0, "as it runs now".
            config["threads"] = 0
            results = self._solve_again(config, end)
            condition = results.termination_condition
        name = f"Pyomo/{self.solver.name}"
        note = None
        if (condition == TerminationCondition.provenInfeasible and not self.flag.requested
                and self.solver.pyomo_presolve_rejected(self._persistent)):
            # Not a proof (``futomip.solvers.highs.presolve_rejected``): once more without presolve.
            note = RETRIED_WITHOUT_PRESOLVE
            config["solver_options"] = dict(config["solver_options"], presolve="off")
            results = self._solve_again(config, end)
            condition = results.termination_condition
        stats = self.solver.pyomo_persistent_stats(self._persistent)
        if condition == TerminationCondition.interrupted and not self.flag.requested:
            # A solver that catches Ctrl-C itself (SCIP under Pyomo) stopped for the user.
            raise stopping.Stopped(signal.SIGINT)
        if results.solution_status in (SolutionStatus.optimal, SolutionStatus.feasible):
            primals = results.solution_loader.get_vars()
            # A column in no row never reaches the solver, so it has no value; its bounds are
            # [0, 1] and nothing else reads it, so 0 (a sub-puzzle with a line's clue dropped).
            return RawSolution(SOLVED, [primals.get(var, 0.0) for var in self._vars], f"{note}: solved" if note else "",
                               stats=stats)
        if condition == TerminationCondition.provenInfeasible:
            return RawSolution(INFEASIBLE, message=f"{note}: infeasible" if note else "", stats=stats)
        if condition in (TerminationCondition.maxTimeLimit, TerminationCondition.interrupted):
            return RawSolution(TIME_LIMIT, message=f"{name}: time limit without a solution", stats=stats)
        return RawSolution(ERROR, message=f"{name} termination {condition.name}", stats=stats)

    def _cancel_in_process(self) -> None:
        if self._persistent is not None:
            self.solver.pyomo_cancel(self._persistent)

    def _solve_legacy(self, time_limit: float | None) -> RawSolution:
        from pyomo.common.tempfiles import TempfileManager

        # Pyomo removes its model and solution files only after a solve that returns.
        TempfileManager.tempdir = scratch.folder()
        opt = _legacy_solver(self.solver)
        opt.options.update(self.solver.pyomo_options(self.options))
        kwargs = {"load_solutions": False, "tee": bool(self.options.verbose)}
        if time_limit is not None:
            kwargs["timelimit"] = time_limit
        name = f"Pyomo/{self.solver.name}"
        start = time.perf_counter()
        try:
            results = opt.solve(self._block, **kwargs)
        except subprocess.TimeoutExpired:
            # Pyomo kills the solver program itself when it overruns the limit.
            return RawSolution(TIME_LIMIT, message=f"{name}: stopped at the time limit")
        elapsed = time.perf_counter() - start
        raw = self._legacy_outcome(results, elapsed, time_limit)
        return replace(raw, stats=self.solver.pyomo_results_stats(results))

    def _legacy_outcome(self, results, elapsed: float, time_limit: float | None) -> RawSolution:
        from pyomo.opt import SolutionStatus, TerminationCondition

        name = f"Pyomo/{self.solver.name}"
        condition = results.solver.termination_condition
        if len(results.solution) and results.solution(0).status in (SolutionStatus.optimal, SolutionStatus.feasible):
            for var in self._vars:
                var.set_value(None, skip_validation=True)
            self._block.solutions.load_from(results)
            # CBC's solution file lists only nonzero columns, so an unreported one is 0.
            return RawSolution(SOLVED, [0.0 if var.value is None else var.value for var in self._vars])
        if condition == TerminationCondition.infeasible:
            if not self.solver.trusts_infeasible(elapsed, time_limit):
                return RawSolution(TIME_LIMIT, message=f"{name} said infeasible at the time limit; "
                                                       "not taken as a proof")
            return RawSolution(INFEASIBLE)
        if condition == TerminationCondition.maxTimeLimit or (
            # CBC stopped by its limit before finding an integer point.
            condition == TerminationCondition.intermediateNonInteger and time_limit is not None
        ):
            return RawSolution(TIME_LIMIT, message=f"{name}: time limit without a solution")
        return RawSolution(ERROR, message=f"{name} termination {condition}")

    def write(self, path: str, file_format: str) -> None:
        self._block.write(str(path), format=file_format, io_options={"symbolic_solver_labels": True})
        if file_format == "mps":
            drop_minimise_section(path)


def open_session(model: LinearModel, solver, options: Options) -> Session:
    """Build ``model`` as a Pyomo ConcreteModel for ``solver``."""
    return PyomoSession(model, solver, options)
