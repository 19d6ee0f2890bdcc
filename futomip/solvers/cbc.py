"""CBC (COIN-OR branch and cut), run as a program by PuLP or Pyomo.

The program comes from the ``cbcbox`` package (CBC 2.935); PuLP 3 also bundles CBC 2.10.
Quirks absorbed here:

- Pyomo reads CBC's solution file assuming a row section before the column section; the
  cbcbox build omits the row section when its root processing solves the whole model, and
  Pyomo then reads no values.  So Pyomo runs PuLP's bundled CBC 2.10 when there is one that runs,
  and cbcbox otherwise (such runs then end as ``error``, never as a wrong grid).
- A CBC stopped by its time limit before finding a point has been reported "infeasible"
  (PuLP) on a feasible puzzle: an "infeasible" after 95% or more of the limit is no proof.
- Pyomo reports CBC stopped by its limit without an integer point as
  ``intermediateNonInteger``: a time limit, not an error.

Options are CBC's command-line parameters without the dash (``cuts=off``); the seed is
``randomCbcSeed``.  CBC itself only logs "No match for cutz" and goes on (or PuLP then fails
with no reason given), so the names are checked first against the list that the program the
layer runs prints for ``-?``; CBC takes any spelling from the part before the brackets up to
the full name (``cuts``, ``cutsOn``, ``cutsOnOff`` for ``cuts(OnOff)``), in any case.
Measured fastest with the ``tight`` Futoshiki rows.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tempfile
import uuid

from .. import scratch
from ..errors import UsageError
from ._base import Capabilities, Solver, first_available, program_text, unknown_option

__all__ = ["SOLVER"]

_HEADING = re.compile(r"^[\s*#]*([A-Za-z ]*(?:parameters|actions))[\s:*#]*$", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\(+[A-Za-z0-9_]*\)+)?")


@functools.cache
def _parameters(program: str) -> tuple[tuple[str, str, str, str], ...] | None:
    """The parameters ``program`` lists, each as (name as listed, shortest spelling, full
    name, "integer", "double" or ""), or None when it cannot be run or its list not read."""
    found = {}
    # CBC 2.10 (PuLP's) lists threads and other rarer parameters only after "-allCommands
    # all", which the cbcbox build takes to mean fewer: read both lists.
    for args in (("-?",), ("-allCommands", "all", "-?")):
        text = program_text(program, *args, "-quit") or ""
        kind = None  # None until the first heading: the lines before are prose
        for line in text.splitlines():
            if line.startswith("Total time"):
                break
            heading = _HEADING.match(line)
            if heading:
                title = heading.group(1).lower()
                kind = "integer" if "integer" in title else "double" if "double" in title else ""
            elif kind is not None:
                for word in _WORD.findall(line):
                    found.setdefault(word, (word, word.split("(")[0], re.sub(r"[()]", "", word), kind))
    # A handful of words would be a list futomip misread, not CBC's: then pass names on unchecked.
    return tuple(found.values()) if len(found) >= 30 else None


def _matches(name: str, parameters) -> list[tuple[str, str, str, str]]:
    low = name.lower()
    return [entry for entry in parameters if low.startswith(entry[1].lower()) and entry[2].lower().startswith(low)]


def _bundled() -> str | None:
    """PuLP's bundled CBC 2.10 program, or None."""
    try:
        from pulp.apis.coin_api import PULP_CBC_CMD

        bundled = PULP_CBC_CMD.pulp_cbc_path
    except (ImportError, AttributeError):
        return None
    return bundled if bundled and os.path.exists(bundled) else None


class Cbc(Solver):
    name = "cbc"
    description = "COIN-OR CBC (EPL licence), a separate program"
    install = "pip install cbcbox"
    _program = Capabilities(seed=True, threads=True, own_process=True, solver_options=True)
    layers = {"pulp": _program, "pyomo": _program}
    preferred_encodings = {"futoshiki": "tight"}
    infeasible_near_limit_is_proof = False
    pyomo_factory = "cbc"
    program_probe = ("-quit",)

    def program(self) -> str | None:
        """The cbcbox CBC program, or None."""
        try:
            import cbcbox
        except ImportError:
            return None
        path = cbcbox.cbc_bin_path()
        return path if os.path.exists(path) else None

    def _parameters(self, layer: str | None):
        # The program each layer runs: pulp_solver and pyomo_program choose the same way.
        program = self.pyomo_program() if layer == "pyomo" else self.program() or _bundled()
        return _parameters(program) if program else None

    def option_names(self, layer: str | None = None) -> list[str] | None:
        parameters = self._parameters(layer)
        # The full names: CBC lists "zeroT(olerance)", which is neither a name it takes nor one
        # that --solver-option accepts as typed.
        return None if parameters is None else sorted((entry[2] for entry in parameters), key=str.lower)

    def check_options(self, pairs, layer: str | None = None) -> None:
        parameters = self._parameters(layer)
        if parameters is None:
            return
        for name, value in pairs:
            found = _matches(name, parameters)
            if not found:
                spellings = {spelt: entry[2] for entry in parameters for spelt in entry[:3]}
                raise unknown_option(self.name, name, self.option_names(layer), spellings, layer)
            kind = found[0][3]
            number = {"integer": int, "double": float}.get(kind)
            try:
                if number:
                    number(value)
            except ValueError:
                # CBC would log "illegal" and go on with its default value.
                raise UsageError(f"CBC parameter {found[0][0]} takes a{'n' if kind == 'integer' else ''} "
                                 f"{kind} value, not {value!r}") from None

    def _arguments(self, options) -> list[str]:
        words = [f"{name} {value}" for name, value in options.solver_options]
        if options.seed is not None:
            words.append(f"randomCbcSeed {int(options.seed)}")
        return words

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        # CBC's log goes to a file so that its statistics can be read (pulp_stats); with
        # -v it is shown afterwards.  Only named here: CBC makes it when it runs, so the
        # availability check, which never runs CBC, leaves no empty log behind.
        log = os.path.join(scratch.folder() or tempfile.gettempdir(), f"futomip-cbc-{uuid.uuid4().hex}.log")
        common = dict(msg=False, timeLimit=time_limit, threads=options.threads, options=self._arguments(options),
                      logPath=log)
        path = self.program()
        found = first_available([lambda: pulp.COIN_CMD(path=path, **common) if path else None,
                                 lambda: pulp.PULP_CBC_CMD(**common)], self.runs)
        if found is not None:
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
        return next((path for path in (_bundled(), self.program()) if path and self.runs(path)), None)

    def pyomo_options(self, options) -> dict:
        values = dict(options.solver_options)
        if options.seed is not None:
            values["randomCbcSeed"] = int(options.seed)
        if options.threads:
            values["threads"] = int(options.threads)
        return values


SOLVER = Cbc()
