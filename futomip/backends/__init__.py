"""Modelling layers that turn a ``futomip.linear.LinearModel`` into a solvable model.

Adding a backend = one module (``NAME``, ``available(solver)``,
``open_session(model, solver, options)``) + one line in ``BACKEND_MODULES``; which solvers it
drives is declared by the solvers (``futomip.solvers``, each solver's ``layers``).
Backend modules are imported only when used, so ``import futomip`` stays cheap.
"""

from __future__ import annotations

import importlib

from .base import RawSolution, Session

__all__ = ["BACKEND_MODULES", "backend_module", "RawSolution", "Session"]

# Backend name -> module path, one line per backend.
BACKEND_MODULES = {
    "highspy": "futomip.backends.highspy_backend",
    "pulp": "futomip.backends.pulp_backend",
    "pyomo": "futomip.backends.pyomo_backend",
    "ortools": "futomip.backends.ortools_backend",
}


def backend_module(name: str):
    """The module implementing backend ``name`` (imported on first use)."""
    return importlib.import_module(BACKEND_MODULES[name])
