"""What Gurobi and CPLEX share: PuLP and Pyomo drive them where their Python packages and licences exist.

futomip does not ship or test them on its own machines (they need licences for models of
real size); the pairs are listed so that a user who has them can use them, and they are
tested wherever they are present (visible skips elsewhere).  Seeds and threads use each
solver's own parameter names (Gurobi ``Seed``/``Threads``, CPLEX ``randomseed``/``threads``).
"""

from __future__ import annotations

from ._base import Capabilities, Solver, first_available

__all__ = ["Commercial"]

_IN_PROCESS = Capabilities(seed=True, threads=True, solver_options=True)


class Commercial(Solver):
    pulp_classes: tuple[str, ...] = ()
    seed_name = ""
    threads_name = ""
    layers = {"pulp": _IN_PROCESS, "pyomo": _IN_PROCESS}

    def _parameters(self, options) -> dict:
        values = dict(options.solver_options)
        if options.seed is not None:
            values[self.seed_name] = int(options.seed)
        if options.threads:
            values[self.threads_name] = int(options.threads)
        return values

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        parameters = self._parameters(options)
        makers = [lambda name=name: getattr(pulp, name)(msg=bool(options.verbose), timeLimit=time_limit, **parameters)
                  for name in self.pulp_classes]
        return first_available(makers, self.runs)

    def pyomo_options(self, options) -> dict:
        return self._parameters(options)
