"""The lean backend: the model is handed to HiGHS' own Python API (``highspy``) as arrays.

No modelling layer sits in between, so building costs about a millisecond for a 9x9
Futoshiki, and no-good cuts are added to the live HiGHS model (incremental).  Only HiGHS
is driven.  A "solve error" from HiGHS is retried once with another random seed and once
with presolve off before it is reported, and an "Infeasible" after presolve rejected its own
points (``presolve_rejected``) with presolve off (see docs/known-problems.md).  The solve runs in
HiGHS' own thread while Python waits in short steps, so Ctrl-C, SIGTERM and an overrun
deadline stop it (``cancelSolve``).

Must not import ``models``, the puzzles, PuLP or Pyomo.
"""

from __future__ import annotations

import numpy as np

from ..errors import UsageError
from ..linear import Constraint, LinearModel
from ..options import Options
from ..solvers.highs import (PRESOLVE_REJECTED, highs_options, highs_stats, new_highs, pass_model, presolve_rejected,
                             run_highs, run_interruptibly)
from ..stopping import raise_deadline_behind
from ._files import fill_empty_objective, spell_out_sections
from .base import ERROR, INFEASIBLE, SOLVED, TIME_LIMIT, RawSolution, Session

NAME = "highspy"


def available(solver) -> tuple[bool, str]:
    """Whether highspy imports here, and if not how to get it."""
    try:
        import highspy  # noqa: F401
    except ImportError as exc:
        raise_deadline_behind(exc)  # not "missing" (which is cached) when the time limit cut it
        return False, solver.install
    return True, ""


class HighspySession(Session):
    backend = NAME

    def __init__(self, model: LinearModel, solver, options: Options) -> None:
        super().__init__(model, solver, options)
        import highspy

        self._highspy = highspy
        self._highs = new_highs()
        self._set("output_flag", bool(options.verbose))
        for name, value in highs_options(options).items():
            self._set(name, value)
        self._names_passed = False
        pass_model(self._highs, model)

    def _set(self, name: str, value) -> None:
        if self._highs.setOptionValue(name, value) != self._highspy.HighsStatus.kOk:
            raise UsageError(f"HiGHS did not take the option {name}={value!r} (unknown name or a value of the "
                             "wrong type); HiGHS' options are listed at https://ergo-code.github.io/HiGHS/stable/options/definitions/")

    def _pass_names(self) -> None:
        # Names cost time and only matter in written files, so they are passed lazily.
        if self._names_passed:
            return
        for j, name in enumerate(self.model.var_names):
            self._highs.passColName(j, name)
        for i, con in enumerate(list(self.model.constraints) + self.extra):
            self._highs.passRowName(i, con.name)
        self._names_passed = True

    def _add(self, con: Constraint) -> None:
        inf = self._highspy.kHighsInf
        lower = con.rhs if con.sense in (">=", "==") else -inf
        upper = con.rhs if con.sense in ("<=", "==") else inf
        # Arrays of exactly the types addRow takes: given lists, pybind11 converts them through
        # Python code, and a Ctrl-C handled during that conversion came out as a TypeError
        # ("incompatible function arguments") instead of the interrupt (seen in CI).
        index = np.fromiter((var for var, _ in con.terms), dtype=np.int32, count=len(con.terms))
        value = np.fromiter((coef for _, coef in con.terms), dtype=np.float64, count=len(con.terms))
        self._highs.addRow(lower, upper, len(index), index, value)
        if self._names_passed:
            self._highs.passRowName(self._highs.getNumRow() - 1, con.name)

    def _cancel_in_process(self) -> None:
        self._highs.cancelSolve()

    def _solve(self, time_limit: float | None) -> RawSolution:
        highs = self._highs
        highs.setOptionValue("time_limit", float(time_limit) if time_limit else self._highspy.kHighsInf)
        raw = self._run_once()
        if raw.status == ERROR and not self.flag.requested:
            # HiGHS can fail on a feasible model and succeed with another seed or without
            # presolve; the retries are said in the message so nothing is hidden.  They run
            # within the same limit: the deadline's watchdog cancels what overruns it.  A
            # presolve that rejected its own points goes straight to presolve off (presolve
            # does not depend on the seed).
            first = raw.message
            seed = 1 + int(self.options.seed or 0)
            tried = []
            if first != PRESOLVE_REJECTED:
                highs.setOptionValue("random_seed", seed)
                raw = self._run_once()
                highs.setOptionValue("random_seed", highs_options(self.options).get("random_seed", 0))
                tried.append(f"random_seed={seed}")
            if raw.status == ERROR and not self.flag.requested:
                highs.setOptionValue("presolve", "off")
                raw = self._run_once()
                highs.setOptionValue("presolve", highs_options(self.options).get("presolve", "choose"))
                tried.append("presolve off")
            outcome = raw.message or raw.status
            tried = ", then ".join(tried)
            raw = RawSolution(raw.status, raw.values, f"{first}; retried with {tried}: {outcome}", stats=raw.stats)
        return raw

    def _run_once(self) -> RawSolution:
        highs = self._highs
        status_enum = self._highspy.HighsModelStatus
        highs.clearSolver()
        run_interruptibly(highs)
        status = highs.getModelStatus()
        info = highs.getInfo()
        stats = highs_stats(highs)
        has_point = info.primal_solution_status == 2
        if status == status_enum.kOptimal or (has_point and status in (status_enum.kTimeLimit, status_enum.kInterrupt)):
            # Any feasible point of a feasibility model is a solution, even at a time limit.
            return RawSolution(SOLVED, list(highs.getSolution().col_value), stats=stats)
        if status == status_enum.kInfeasible:
            if presolve_rejected(highs):
                return RawSolution(ERROR, message=PRESOLVE_REJECTED, stats=stats)  # no proof: retried below
            return RawSolution(INFEASIBLE, stats=stats)
        if status in (status_enum.kTimeLimit, status_enum.kInterrupt):
            return RawSolution(TIME_LIMIT, message=highs.modelStatusToString(status), stats=stats)
        return RawSolution(ERROR, message=f"HiGHS reported {highs.modelStatusToString(status)!r}", stats=stats)

    def write(self, path: str, file_format: str) -> None:
        self._pass_names()
        # HiGHS picks the writer from the extension, so the path must carry the right one.
        if not str(path).lower().endswith("." + file_format):
            raise UsageError(f"{path}: an {file_format.upper()} file name must end in .{file_format}")
        if self._highs.writeModel(str(path)) != self._highspy.HighsStatus.kOk:
            raise UsageError(f"{path}: HiGHS could not write the model there")
        if file_format == "lp":
            spell_out_sections(path)
            if self.model.num_vars:
                fill_empty_objective(path, self.model.var_names[0])


def presolve_summary(model: LinearModel, time_limit: float | None = None) -> dict:
    """What HiGHS' (MIP) presolve leaves of ``model``: ``{"status", "rows", "columns",
    "nonzeros"}`` after presolve (``status`` e.g. "reduced", "reduced_to_empty", "infeasible",
    "timeout" when ``time_limit`` seconds ran out)."""
    from ..solvers import solver

    if time_limit is not None and time_limit <= 0:
        # HiGHS given no time skips presolve and says "not reduced", which would read as a finding.
        return {"status": "timeout", "rows": len(model.constraints), "columns": model.num_vars,
                "nonzeros": sum(len(con.terms) for con in model.constraints)}
    session = HighspySession(model, solver("highs"), Options())
    highs = session._highs
    _limit(highs, time_limit)
    run_highs(highs, "presolve")
    status = highs.getModelPresolveStatus().name.removeprefix("k")
    lp = highs.getPresolvedLp()
    nonzeros = int(lp.a_matrix_.start_[-1]) if lp.num_col_ and len(lp.a_matrix_.start_) else 0
    words = "".join(f"_{ch.lower()}" if ch.isupper() else ch for ch in status).lstrip("_")
    return {"status": words, "rows": int(lp.num_row_), "columns": int(lp.num_col_), "nonzeros": nonzeros}


def root_lp(model: LinearModel, time_limit: float | None = None) -> dict:
    """The LP relaxation of ``model`` solved by HiGHS: ``{"status": "optimal" | "infeasible" |
    "time limit reached" | ..., "bound": objective or None, "fractional": columns strictly
    between 0 and 1}``, within ``time_limit`` seconds when given."""
    import highspy

    from ..solvers import solver

    session = HighspySession(model, solver("highs"), Options())
    highs = session._highs
    _limit(highs, time_limit)
    count = model.num_vars
    highs.changeColsIntegrality(count, list(range(count)), [highspy.HighsVarType.kContinuous] * count)
    run_highs(highs)
    status = highs.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:
        return {"status": highs.modelStatusToString(status).lower(), "bound": None, "fractional": None}
    values = highs.getSolution().col_value
    fractional = sum(1 for value in values if 1e-6 < value < 1 - 1e-6)
    return {"status": "optimal", "bound": float(highs.getInfo().objective_function_value), "fractional": fractional}


def _limit(highs, time_limit: float | None) -> None:
    if time_limit is not None:
        highs.setOptionValue("time_limit", max(0.0, float(time_limit)))


def open_session(model: LinearModel, solver, options: Options) -> Session:
    """Load ``model`` into HiGHS through highspy."""
    return HighspySession(model, solver, options)
