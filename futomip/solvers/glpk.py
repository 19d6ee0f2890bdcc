"""GLPK, run as the ``glpsol`` program by PuLP or Pyomo.

There is no pip route to ``glpsol``: on Debian and Ubuntu it comes from the ``glpk-utils``
package (``apt-get install glpk-utils``), on macOS from Homebrew (``brew install glpk``).
Quirks absorbed here: ``--tmlim`` takes whole seconds only (a fractional limit makes glpsol
refuse to start), so every limit is passed as its floor, at least 1 s; glpsol has no
threads.  Options are glpsol's long options without the dashes (``cuts=`` switches on all
cuts when given an empty value); the seed is ``--seed``.
"""

from __future__ import annotations

from ._base import Capabilities, Solver

__all__ = ["SOLVER"]


class Glpk(Solver):
    name = "glpk"
    description = "GNU GLPK (GPL licence), the glpsol program"
    install = "apt-get install glpk-utils (Debian/Ubuntu) or brew install glpk: the glpsol program on PATH"
    _program = Capabilities(seed=True, whole_seconds=True, own_process=True, solver_options=True)
    layers = {"pulp": _program, "pyomo": _program}
    pyomo_factory = "glpk"

    def _arguments(self, options) -> list[str]:
        words = []
        for name, value in options.solver_options:
            words += [f"--{name}"] + ([value] if value else [])
        if options.seed is not None:
            words += ["--seed", str(int(options.seed))]
        return words

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        solver = pulp.GLPK_CMD(msg=bool(options.verbose), timeLimit=time_limit, options=self._arguments(options))
        return solver if solver.available() else None

    def pyomo_options(self, options) -> dict:
        values = dict(options.solver_options)
        if options.seed is not None:
            values["seed"] = int(options.seed)
        return values


SOLVER = Glpk()
