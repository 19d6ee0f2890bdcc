"""The OR-Tools backend: the model becomes a CP-SAT model, solved by CP-SAT in this process.

One Boolean per column and one linear constraint per row are written straight into the
``CpModelProto`` (no expression objects: a 25x25 nonogram's model is built in tens of
milliseconds).  A row added after a solve goes into the same model object, so nothing is
rebuilt; CP-SAT itself starts each solve afresh (it keeps no search state between solves).
LP and MPS files are written by OR-Tools' ``model_builder`` exporter from the same rows.
Why in-process, and the solver's options: ``futomip.solvers.cpsat``.

Native globals (``--globals native``): when the model declares integer views and globals
(Latin-family kinds), each view becomes one CP-SAT integer, each global CP-SAT's own
constraint and their decomposition rows are left out; the other rows (givens, no-good cuts,
straights) are written over the views' literals (``cpsat_globals/``).  A nonogram's lines
(the global ``regular`` over cell columns) become ``AddAutomaton`` over the cells' Booleans,
without their start or arc columns, and cells fixed by the reduction become constants.  By default (and for
models without globals) every row is written as a row of Booleans, as above: measured on
hard 9x9 Futoshiki, Latin completions and 16x16/25x25 Sudoku, CP-SAT is as fast or faster
on the 0/1 rows, whose exactly-once-per-value rows propagate what AllDifferent does not
(docs/measurements.md).

Must not import ``models``, the puzzles, PuLP or Pyomo.
"""

from __future__ import annotations

import importlib.util
from array import array
from collections.abc import Sequence

from ..errors import SolverUnavailableError
from ..linear import Constraint, LinearModel
from ..options import Options
from ..stopping import raise_deadline_behind
from ._files import fill_empty_objective
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session
from .cpsat_globals.layout import NativeLayout

NAME = "ortools"

_INT_MIN, _INT_MAX = -(2 ** 63), 2 ** 63 - 1


def available(solver) -> tuple[bool, str]:
    """Whether OR-Tools' CP-SAT is installed here, and if not how to get it.

    Found without importing ``cp_model``: that import brings pandas and takes about 0.25 s,
    which a command the search settles before any solve (the bundled sample) should not pay.
    A copy that is installed but does not import says so when a model is first built
    (``OrtoolsSession``), with the same hint."""
    try:
        found = importlib.util.find_spec("ortools.sat.python.cp_model") is not None
    except (ImportError, ValueError):  # a parent package that fails to import, or a None in sys.modules
        found = False
    return (True, "") if found else (False, solver.install)


def _whole(value: float, what: str) -> int:
    if not float(value).is_integer():
        raise ValueError(f"CP-SAT takes whole-number coefficients only; {what} has {value}")
    return int(value)


class OrtoolsSession(Session):
    backend = NAME

    def __init__(self, model: LinearModel, solver, options: Options) -> None:
        super().__init__(model, solver, options)
        try:
            from ..solvers.cpsat_import import cp_model as import_cp_model

            cp_model = import_cp_model()
        except ImportError as exc:
            raise_deadline_behind(exc)
            raise SolverUnavailableError(f"OR-Tools is installed but does not import here ({exc}); "
                                         f"reinstall it: {solver.install}") from exc

        self._cp_model = cp_model
        self._parameters = solver.parameter_text(options)
        self._model = cp_model.CpModel()
        proto = self._model.proto
        native = options.globals == "native" and bool(model.globals)
        self._layout = NativeLayout(self._model, model) if native else None
        if self._layout is None:
            for _ in range(model.num_vars):
                proto.variables.add().domain.extend([0, 1])
        skipped = self._layout.skipped if self._layout is not None else ()
        for number, con in enumerate(model.constraints):
            # Empty rows are decided before any solve (Session._trivial_outcome).
            if con.terms and number not in skipped:
                self._add(con)
        objective = [(var, _whole(coef, "the objective")) for var, coef in model.objective.items() if coef]
        if objective:
            proto.objective.vars.extend(self._index(var) for var, _ in objective)
            proto.objective.coeffs.extend(coef for _, coef in objective)
        self._solver = None

    def globals_form(self) -> str:
        if self._layout is not None:
            return self._layout.summary()
        return super().globals_form()

    def _index(self, column: int) -> int:
        return column if self._layout is None else self._layout.index(column)

    def _add(self, con: Constraint) -> None:
        if self._layout is not None and self._layout.takes_alone(con):
            return
        # Literals first: making one adds constraints, which must not split the row's proto.
        variables = [self._index(var) for var, _ in con.terms]
        linear = self._model.proto.constraints.add().linear
        linear.vars.extend(variables)
        linear.coeffs.extend(_whole(coef, f"row {con.name}") for _, coef in con.terms)
        rhs = _whole(con.rhs, f"row {con.name}")
        lower = rhs if con.sense in (">=", "==") else _INT_MIN
        upper = rhs if con.sense in ("<=", "==") else _INT_MAX
        linear.domain.extend([lower, upper])

    def _cancel_in_process(self) -> None:
        solver = self._solver
        if solver is not None:
            solver.stop_search()

    def _solve(self, time_limit: float | None) -> RawSolution:
        return self._run(time_limit, 0)

    def _solve_pool(self, time_limit: float | None, pool: int) -> RawSolution:
        return self._run(time_limit, pool)

    def _run(self, time_limit: float | None, pool: int) -> RawSolution:
        """One CP-SAT run; with ``pool`` > 0 (and no objective) it enumerates: every solution
        after the first, up to ``pool`` of them, goes to ``RawSolution.more``, and a run that
        ends its enumeration says it has listed them all (``exhausted``)."""
        cp_model = self._cp_model
        solver = cp_model.CpSolver()
        solver.parameters.merge_text_format(self._parameters)
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = float(time_limit)
        if self.options.verbose:
            solver.parameters.log_search_progress = True
        pool = 0 if any(self.model.objective.values()) else pool  # enumeration is for models without one
        listing = _Listing(cp_model, pool + 1) if pool else None
        if listing is not None:
            # CP-SAT's own enumeration keeps presolve from removing solutions; one worker, as
            # it enumerates only sequentially.
            solver.parameters.enumerate_all_solutions = True
            solver.parameters.num_workers = 1
        self._solver = solver
        if self.flag.requested:
            return RawSolution(TIME_LIMIT, message="CP-SAT stopped before it started")
        try:
            status = solver.solve(self._model, listing)
        finally:
            self._solver = None
        response = solver.response_proto
        stats = {"branches": int(response.num_branches), "conflicts": int(response.num_conflicts),
                 "lp_iterations": int(response.num_lp_iterations)}
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if listing is None:
                return RawSolution(SOLVED, self._values(response.solution), stats=stats)
            # OPTIMAL after an enumeration: the search space is exhausted (not stopped at ``pool``).
            return RawSolution(SOLVED, self._values(listing.solutions[0]), stats=stats,
                               more=_Values(listing.solutions[1:], self._values),
                               exhausted=status == cp_model.OPTIMAL and not listing.stopped)
        if status == cp_model.INFEASIBLE:
            return RawSolution(INFEASIBLE, stats=stats)
        if status == cp_model.UNKNOWN:
            return RawSolution(TIME_LIMIT, message="CP-SAT: no solution and no proof within the time limit",
                               stats=stats)
        return RawSolution(ERROR, message=f"CP-SAT status {solver.status_name(status)}: "
                                          f"{self._model.validate() or response.solution_info}", stats=stats)

    def _values(self, solution) -> list[float]:
        return [float(v) for v in solution] if self._layout is None else self._layout.values(solution)

    def write(self, path: str, file_format: str) -> None:
        from ortools.linear_solver.python import model_builder

        builder = model_builder.Model()
        columns = [builder.new_bool_var(name) for name in self.model.var_names]
        for con in list(self.model.constraints) + self.extra:
            if not con.terms:
                continue
            expression = sum(coef * columns[var] for var, coef in con.terms)
            relation = {"<=": expression <= con.rhs, ">=": expression >= con.rhs, "==": expression == con.rhs}
            builder.add(relation[con.sense], name=con.name)
        if self.model.objective:
            builder.minimize(sum(coef * columns[var] for var, coef in self.model.objective.items()))
        text = builder.export_to_lp_string(False) if file_format == "lp" else builder.export_to_mps_string(False)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        if file_format == "lp" and self.model.num_vars:
            fill_empty_objective(path, self.model.var_names[0])


class _Values(Sequence):
    """CP-SAT's listed solutions as column values, each made when it is read."""

    def __init__(self, solutions: list, values) -> None:
        self._solutions, self._make = solutions, values

    def __len__(self) -> int:
        return len(self._solutions)

    def __getitem__(self, index: int) -> list[float]:
        return self._make(self._solutions[index])


def _Listing(cp_model, most: int):
    """A CP-SAT solution callback that keeps the first ``most`` solutions' vectors, then stops."""

    class Listing(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.solutions: list = []
            self.stopped = False

        def on_solution_callback(self) -> None:
            # 4 bytes a variable (the Booleans and the cells' values), not a list of objects.
            self.solutions.append(array("i", self.response_proto.solution))
            if len(self.solutions) >= most:
                self.stopped = True
                self.stop_search()

    return Listing()


def open_session(model: LinearModel, solver, options: Options) -> Session:
    """Build ``model`` as a CP-SAT model for ``solver``."""
    return OrtoolsSession(model, solver, options)
