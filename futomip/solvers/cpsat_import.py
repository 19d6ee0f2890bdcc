"""Importing CP-SAT's Python layer without pandas, in the futomip program.

``ortools.sat.python.cp_model`` imports pandas for its ``*_series`` methods and ``values()``
(an API over ``pd.Index`` and ``pd.Series`` that futomip never calls): of the 0.4 s the import
takes, about 0.2 s is pandas, paid by every fresh command that reaches CP-SAT, where the solve
of a puzzle is often a few milliseconds.  At import, cp_model only names two pandas types (in
a ``Union`` and in annotations).  So in a process that runs nobody else's code (the futomip
program calls ``allow_lean_import()``), ``cp_model()`` imports cp_model while ``pandas`` in
``sys.modules`` is a stand-in that holds those two names, and removes the stand-in at once: a
later ``import pandas`` gets the real one, and only cp_model's pandas API sees the stand-in.
Where the stand-in is not allowed (the Python API: the caller may use that API), or pandas is
already imported, or the lean import fails (another OR-Tools), the import is the ordinary one.

Must not import anything from futomip.
"""

from __future__ import annotations

import sys
import types

__all__ = ["cp_model", "allow_lean_import"]

_lean_allowed = False


def allow_lean_import() -> None:
    """Let ``cp_model()`` import without pandas in this process (the futomip program only)."""
    global _lean_allowed
    _lean_allowed = True


def cp_model():
    """The ``ortools.sat.python.cp_model`` module (see the module text)."""
    if "ortools.sat.python.cp_model" not in sys.modules and _lean_allowed and "pandas" not in sys.modules:
        stand_in = types.ModuleType("pandas", "A stand-in for pandas while cp_model is imported (futomip).")
        stand_in.Index = type("Index", (), {"__module__": "pandas"})
        stand_in.Series = type("Series", (), {"__module__": "pandas"})
        sys.modules["pandas"] = stand_in
        try:
            from ortools.sat.python import cp_model as module
            return module
        except Exception:  # an OR-Tools that wants more of pandas at import: import it plainly
            sys.modules.pop("ortools.sat.python.cp_model", None)
        finally:
            if sys.modules.get("pandas") is stand_in:
                del sys.modules["pandas"]
    from ortools.sat.python import cp_model as module

    return module
