"""SCIP, in this process through the ``pyscipopt`` wheels (``pip install pyscipopt``).

PuLP drives it with ``SCIP_PY`` (``SCIP_CMD`` when only a ``scip`` program is present) and
Pyomo with its persistent interface in ``pyomo.contrib.solver`` (rows added to the live
model).  SCIP solves with one thread.  Options are SCIP parameter names
(``limits/gap=0.01``); the seed is ``randomization/randomseedshift``.
"""

from __future__ import annotations

from ._base import Capabilities, Solver, first_available

__all__ = ["SOLVER"]


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
    install = "pip install pyscipopt"
    layers = {
        "pulp": Capabilities(seed=True, solver_options=True),
        "pyomo": Capabilities(incremental=True, seed=True, solver_options=True),
    }
    pyomo_persistent = "pyomo.contrib.solver.solvers.scip.scip_persistent:ScipPersistent"

    def _parameters(self, options) -> dict:
        values = {name: _typed(value) for name, value in options.solver_options}
        if options.seed is not None:
            values["randomization/randomseedshift"] = int(options.seed)
        return values

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        words = [f"{name}={value}" for name, value in self._parameters(options).items()]
        return first_available(lambda make=make: make(msg=bool(options.verbose), timeLimit=time_limit, options=words)
                               for make in (pulp.SCIP_PY, pulp.SCIP_CMD))

    def pyomo_options(self, options) -> dict:
        return self._parameters(options)


SOLVER = Scip()
