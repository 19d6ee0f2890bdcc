"""SCIP, in this process through the ``pyscipopt`` wheels (``pip install pyscipopt``).

PuLP drives it with ``SCIP_PY`` (``SCIP_CMD`` when only a ``scip`` program is present) and
Pyomo with its persistent interface in ``pyomo.contrib.solver`` (rows added to the live
model).  pyscipopt's ``optimize`` holds Python's lock for the whole solve, so the watchdog
thread (``futomip.stopping``) could neither cancel it nor report at the hard deadline: both
layers run SCIP through ``optimizeNogil`` instead, with SCIP's own Ctrl-C catching off, and
SCIP is interrupted like HiGHS (Ctrl-C, SIGTERM, an overrun deadline) by ``interruptSolve``.
SCIP solves with one thread (Pyomo's ``threads`` would set only ``lp/threads``).
Options are SCIP parameter names (``limits/gap=0.01``, ``presolving/maxrounds=0``),
checked against SCIP's own list before anything runs; the seed is
``randomization/randomseedshift``.  Statistics come from the pyscipopt model that each
layer keeps (PuLP's ``problem.solverModel``, Pyomo's persistent ``_solver_model``).
"""

from __future__ import annotations

import functools
import time

from ..errors import UsageError
from ._base import Capabilities, Solver, first_available

__all__ = ["SOLVER", "scip_stats", "pyomo_persistent_without_lock"]


@functools.cache
def _defaults() -> dict:
    import pyscipopt

    model = pyscipopt.Model()
    model.hideOutput()
    return model.getParams()


def _presolve_counts(model) -> dict:
    """Rows and columns presolve removed, from SCIP's statistics of the original and the
    presolved problem (empty where SCIP cannot write them).  The transformed problem's
    counts after the solve are no measure: they include the conflict constraints SCIP adds
    while it searches (a hard 9x9 once showed -50 rows "removed")."""
    import json
    import os
    import tempfile

    handle, path = tempfile.mkstemp(suffix=".json")
    os.close(handle)
    try:
        model.writeStatisticsJson(path)
        with open(path, encoding="utf-8") as stream:
            table = json.load(stream)
        original, presolved = table["origprob"], table["presolvedprob"]
        return {"presolve_rows_removed": int(original["num_initial_constraints"]
                                             - presolved["num_initial_constraints"]),
                "presolve_columns_removed": int(original["num_variables"] - presolved["num_variables"])}
    except Exception:  # noqa: BLE001 - without SCIP's statistics the two counts are left out.
        return {}
    finally:
        os.unlink(path)


def scip_stats(model) -> dict:
    """Nodes, LP iterations, root bound, gap and presolve reductions of a solved pyscipopt
    model (each left out where SCIP has none, e.g. an infinite bound)."""
    stats = {}
    readers = {
        "nodes": lambda: int(model.getNNodes()),
        "lp_iterations": lambda: int(model.getNLPIterations()),
        "root_bound": lambda: float(model.getDualboundRoot()),
        "gap": lambda: float(model.getGap()),
    }
    for key, read in readers.items():
        try:
            value = read()
        except Exception:  # noqa: BLE001 - a statistic SCIP cannot give in this stage is left out.
            continue
        if not model.isInfinity(abs(value)):
            stats[key] = value
    stats.update(_presolve_counts(model))
    return stats


def _typed(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.strip().lower(), text)


class Scip(Solver):
    name = "scip"
    description = "SCIP (Apache 2.0 licence), in this process through pyscipopt"
    install = "pip install pyscipopt (or pip install 'futomip[scip]')"
    layers = {
        "pulp": Capabilities(seed=True, solver_options=True),
        "pyomo": Capabilities(incremental=True, seed=True, solver_options=True),
    }
    pyomo_persistent = "futomip.solvers.scip:pyomo_persistent_without_lock"
    program_probe = ("-q", "-c", "quit")  # the scip program of PuLP's SCIP_CMD

    def option_names(self, layer: str | None = None) -> list[str]:
        return sorted(_defaults())

    def check_option_value(self, name: str, value: str) -> None:
        import pyscipopt

        model = pyscipopt.Model()
        model.hideOutput()
        try:
            model.setParam(name, _typed(value))
        except (TypeError, ValueError) as exc:
            raise UsageError(f"SCIP parameter {name} (now {_defaults()[name]!r}) does not take {value!r}: {exc}") \
                from None

    def _parameters(self, options) -> dict:
        values = {name: _typed(value) for name, value in options.solver_options}
        if options.seed is not None:
            values["randomization/randomseedshift"] = int(options.seed)
        return values

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        # PuLP hands SCIP the text after "="; SCIP's Booleans then need 1 or 0.
        words = [f"{name}={int(value) if isinstance(value, bool) else value}"
                 for name, value in self._parameters(options).items()]
        common = dict(msg=bool(options.verbose), timeLimit=time_limit)
        # SIGINT stays with futomip.stopping, which interrupts SCIP (pulp_cancel).
        # The deadline, read now: PuLP builds SCIP's model between here and the run.
        end = None if time_limit is None else time.perf_counter() + time_limit
        return first_available([lambda: _scip_py_without_lock(pulp)(end, options=words + ["misc/catchctrlc=0"],
                                                                    **common),
                                lambda: pulp.SCIP_CMD(options=words, **common)], self.runs)

    def pyomo_options(self, options) -> dict:
        # SIGINT stays with futomip.stopping, which interrupts SCIP (pyomo_cancel).
        return {**self._parameters(options), "misc/catchctrlc": False}

    def pyomo_attach(self, persistent, model_block, flag) -> None:
        # Loading the model into SCIP is seconds of Python on a large model (4 s for Knotty
        # unreduced).  Done inside Pyomo's solve, it came after the time left was measured and
        # SCIP ran that much past the deadline; done here, it counts against the limit.
        if getattr(persistent, "_pyomo_model", None) is not model_block:
            persistent.set_instance(model_block)

    def pyomo_cancel(self, persistent) -> None:
        _interrupt(getattr(persistent, "_solver_model", None))

    def pulp_stats(self, problem, pulp_solver) -> dict:
        model = getattr(problem, "solverModel", None)
        return scip_stats(model) if model is not None and hasattr(model, "getNNodes") else {}

    def pulp_cancel(self, problem) -> None:
        _interrupt(getattr(problem, "solverModel", None))

    def pyomo_persistent_stats(self, persistent) -> dict:
        model = getattr(persistent, "_solver_model", None)
        return scip_stats(model) if model is not None else {}


def _interrupt(model) -> None:
    """Stop the running solve of a pyscipopt model (from the watchdog thread), if any."""
    if model is not None and hasattr(model, "interruptSolve"):
        model.interruptSolve()


def _scip_py_without_lock(pulp):
    """PuLP's ``SCIP_PY`` running SCIP through ``optimizeNogil``: pyscipopt's ``optimize``
    holds Python's lock for the whole solve, so the watchdog thread could not run and
    SIGTERM or an overrun deadline would wait for SCIP to finish.  SCIP's time limit is the
    time left when it starts: PuLP sets it before building SCIP's model in Python, and SCIP
    then ran that long past the deadline, into the program's hard deadline."""

    class ScipPyWithoutLock(pulp.SCIP_PY):
        def __init__(self, end, **kwargs):
            super().__init__(**kwargs)
            self.futomip_end = end

        def callSolver(self, lp):
            model = lp.solverModel
            if self.futomip_end is not None:
                left = max(self.futomip_end - time.perf_counter(), 0.01)
                model.setParam("limits/time", min(left, model.getParam("limits/time")))
            model.optimizeNogil()

    return ScipPyWithoutLock


def pyomo_persistent_without_lock():
    """Pyomo's persistent SCIP interface (``ScipPersistent``), whose solve runs SCIP through
    ``optimizeNogil``; Pyomo calls ``optimize`` on the model its ``_create_solver_model``
    returns, so that model is handed over behind a view that redirects that one call."""
    return _persistent_without_lock_class()()


@functools.cache
def _persistent_without_lock_class():
    from pyomo.contrib.solver.solvers.scip.scip_persistent import ScipPersistent

    class ScipPersistentWithoutLock(ScipPersistent):
        def _create_solver_model(self, pyomo_model, config):
            model, loader, has_objective = super()._create_solver_model(pyomo_model, config)
            return _OptimizeWithoutLock(model), loader, has_objective

    return ScipPersistentWithoutLock


class _OptimizeWithoutLock:
    """A pyscipopt model whose ``optimize`` is ``optimizeNogil``; everything else is the model's."""

    def __init__(self, model) -> None:
        self._model = model

    def optimize(self) -> None:
        self._model.optimizeNogil()

    def __getattr__(self, name):
        return getattr(self._model, name)


SOLVER = Scip()
