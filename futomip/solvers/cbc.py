"""CBC (COIN-OR branch and cut), run as a program by PuLP or Pyomo.

The program comes from the ``cbcbox`` package (CBC 2.935); PuLP 3 also bundles CBC 2.10.
Quirks absorbed here:

- Pyomo reads CBC's solution file assuming a row section before the column section; the
  cbcbox build omits the row section when its root processing solves the whole model, and
  Pyomo then reads no values.  So Pyomo runs PuLP's bundled CBC 2.10 when there is one,
  and cbcbox otherwise (such runs then end as ``error``, never as a wrong grid).
- A CBC stopped by its time limit before finding a point has been reported "infeasible"
  (PuLP) on a feasible puzzle: an "infeasible" after 95% or more of the limit is no proof.
- Pyomo reports CBC stopped by its limit without an integer point as
  ``intermediateNonInteger``: a time limit, not an error.

Options are CBC's command-line parameters without the dash (``cuts=off``); the seed is
``randomCbcSeed``.  Measured fastest with the ``tight`` Futoshiki rows.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile

from ._base import Capabilities, Solver, first_available

__all__ = ["SOLVER"]


class Cbc(Solver):
    name = "cbc"
    description = "COIN-OR CBC (EPL licence), a separate program"
    install = "pip install cbcbox"
    _program = Capabilities(seed=True, threads=True, own_process=True, solver_options=True)
    layers = {"pulp": _program, "pyomo": _program}
    preferred_encodings = {"futoshiki": "tight"}
    infeasible_near_limit_is_proof = False
    pyomo_factory = "cbc"

    def program(self) -> str | None:
        """The cbcbox CBC program, or None."""
        try:
            import cbcbox
        except ImportError:
            return None
        path = cbcbox.cbc_bin_path()
        return path if os.path.exists(path) else None

    def _arguments(self, options) -> list[str]:
        words = [f"{name} {value}" for name, value in options.solver_options]
        if options.seed is not None:
            words.append(f"randomCbcSeed {int(options.seed)}")
        return words

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        # CBC's log goes to a file so that its statistics can be read (pulp_stats); with
        # -v it is shown afterwards.
        log = tempfile.NamedTemporaryFile(prefix="futomip-cbc-", suffix=".log", delete=False)
        log.close()
        common = dict(msg=False, timeLimit=time_limit, threads=options.threads, options=self._arguments(options),
                      logPath=log.name)
        path = self.program()
        found = first_available([lambda: pulp.COIN_CMD(path=path, **common) if path else None,
                                 lambda: pulp.PULP_CBC_CMD(**common)])
        if found is None:
            os.unlink(log.name)
        else:
            found.futomip_echo_log = bool(options.verbose)
        return found

    def pulp_stats(self, problem, pulp_solver) -> dict:
        """Nodes and iterations from CBC's log (the lines ``Enumerated nodes:`` and
        ``Total iterations:``); the log file is removed."""
        path = pulp_solver.optionsDict.get("logPath")
        if not path or not os.path.exists(path):
            return {}
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        finally:
            os.unlink(path)
        if getattr(pulp_solver, "futomip_echo_log", False):
            sys.stdout.write(text)
        stats = {}
        for key, label in (("nodes", "Enumerated nodes:"), ("lp_iterations", "Total iterations:")):
            found = re.search(re.escape(label) + r"\s*(\d+)", text)
            if found:
                stats[key] = int(found.group(1))
        return stats

    def pyomo_program(self) -> str | None:
        try:
            from pulp.apis.coin_api import PULP_CBC_CMD

            bundled = PULP_CBC_CMD.pulp_cbc_path
            if bundled and os.path.exists(bundled):
                return bundled
        except (ImportError, AttributeError):
            pass
        return self.program()

    def pyomo_options(self, options) -> dict:
        values = dict(options.solver_options)
        if options.seed is not None:
            values["randomCbcSeed"] = int(options.seed)
        if options.threads:
            values["threads"] = int(options.threads)
        return values


SOLVER = Cbc()
