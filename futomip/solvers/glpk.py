"""GLPK, run as the ``glpsol`` program by PuLP or Pyomo.

There is no pip route to ``glpsol``: on Debian and Ubuntu it comes from the ``glpk-utils``
package (``apt-get install glpk-utils``), on macOS from Homebrew (``brew install glpk``).
Quirks absorbed here: ``--tmlim`` takes whole seconds only (a fractional limit makes glpsol
refuse to start), so every limit is passed as its floor, at least 1 s; glpsol has no
threads.  Options are glpsol's long options without the dashes (``cuts=`` switches on all
cuts when given an empty value); the seed is ``--seed``.  glpsol stops at an option it does
not know or a value where it takes none, and PuLP and Pyomo then report only that it failed:
so names and values are checked first against what ``glpsol --help`` lists.
"""

from __future__ import annotations

import functools
import re
import shutil

from ..errors import UsageError
from ._base import Capabilities, Solver, first_available, program_text, unknown_option

__all__ = ["SOLVER"]

# "   --tmlim nnn       limit ...", "   -m filename, --model filename", "   --proxy [nnn]  ...":
# the option column only, not the "--math" that descriptions mention.
_OPTION = re.compile(r"^ {2,}(?:-\w(?: \w+)?, )?--(\w+)( \[?\w+)?", re.M)


@functools.cache
def _options(program: str) -> dict[str, str] | None:
    """glpsol's long options as ``program --help`` lists them, name -> "value" (it takes
    one), "" (it takes none) or "[value]" (optional); None when the list cannot be read."""
    found = {}
    for match in _OPTION.finditer(program_text(program, "--help") or ""):
        found.setdefault(match.group(1), "" if not match.group(2) else "[value]" if "[" in match.group(2)
                         else "value")
    return found if len(found) >= 20 else None  # fewer: not a list futomip can read


@functools.cache
def _numeric(program: str) -> frozenset[str]:
    """The options whose value ``program --help`` writes as ``nnn`` (a whole number: glpsol
    refuses anything else and PuLP reports only that it failed)."""
    return frozenset(match.group(1) for match in _OPTION.finditer(program_text(program, "--help") or "")
                     if match.group(2) and match.group(2).strip(" [") == "nnn")


class Glpk(Solver):
    name = "glpk"
    description = "GNU GLPK (GPL licence), the glpsol program"
    install = "apt-get install glpk-utils (Debian/Ubuntu) or brew install glpk: the glpsol program on PATH"
    _program = Capabilities(seed=True, whole_seconds=True, own_process=True, solver_options=True)
    layers = {"pulp": _program, "pyomo": _program}
    pyomo_factory = "glpk"

    def _options(self) -> dict[str, str] | None:
        program = shutil.which("glpsol")  # what PuLP and Pyomo run
        return _options(program) if program else None

    def option_names(self, layer: str | None = None) -> list[str] | None:
        options = self._options()
        return None if options is None else sorted(options)

    def check_option_value(self, name: str, value: str) -> None:
        takes = (self._options() or {}).get(name)
        if takes == "value" and not value:
            raise UsageError(f"glpsol's --{name} takes a value: {name}=VALUE")
        if takes == "" and value:
            raise UsageError(f"glpsol's --{name} takes no value: write {name}= (an empty value)")
        program = shutil.which("glpsol")
        if value and program and name in _numeric(program) and not value.isdigit():
            raise UsageError(f"glpsol's --{name} takes a whole number (nnn), not {value!r}")

    def _arguments(self, options) -> list[str]:
        words = []
        for name, value in options.solver_options:
            words += [f"--{name}"] + ([value] if value else [])
        if options.seed is not None:
            words += ["--seed", str(int(options.seed))]
        return words

    def pulp_solver(self, options, time_limit, flag=None):
        import pulp

        return first_available([lambda: pulp.GLPK_CMD(msg=bool(options.verbose), timeLimit=time_limit,
                                                 options=self._arguments(options))], self.runs)

    def pyomo_options(self, options) -> dict:
        values = dict(options.solver_options)
        if options.seed is not None:
            values["seed"] = int(options.seed)
        return values


SOLVER = Glpk()
