"""Solvers hidden on purpose: ``FUTOMIP_HIDE_SOLVERS=glpk,scip,cpsat`` makes futomip behave as
on a machine where those solvers are not installed.

CI installs every solver it can, so a suite that passes there says nothing about a fresh
machine with fewer of them (a capability refusal once waited for glpsol to be installed).
Hiding a solver makes every pair it belongs to unavailable, with a reason that names the
variable, so the same tests run both ways on one machine; a user can also hide a solver
that is installed but unwanted (a broken build, a licence that must not be used).

The value is a list of solver names separated by commas (blanks and case are ignored; "+"
also separates, as in ``race:``).  A name futomip does not know is an ``UnknownNameError``,
never ignored: a typo would otherwise hide nothing and the run would test the wrong thing.

Must not import anything from futomip but ``errors``.
"""

from __future__ import annotations

import os

from ..errors import UnknownNameError

__all__ = ["VARIABLE", "hidden_solvers", "hidden_reason"]

VARIABLE = "FUTOMIP_HIDE_SOLVERS"


def hidden_solvers(known: tuple[str, ...]) -> frozenset[str]:
    """The solver names listed in ``FUTOMIP_HIDE_SOLVERS`` (read each time: tests set it)."""
    text = os.environ.get(VARIABLE, "")
    names = [word.strip().lower() for word in text.replace("+", ",").split(",") if word.strip()]
    for name in names:
        if name not in known:
            error = UnknownNameError("solver", name, known)
            error.args = (f"{VARIABLE}: {error} (fix or unset the variable)",)
            raise error
    return frozenset(names)


def hidden_reason(name: str) -> str:
    """Why solver ``name`` is unavailable when it is hidden: the variable and how to undo it."""
    return f"hidden by {VARIABLE}={os.environ.get(VARIABLE, '')} (remove {name} from it to use {name})"
