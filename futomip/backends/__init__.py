"""Modelling layers that turn a ``futomip.linear.LinearModel`` into a solvable model.

Adding a backend = one module (``NAME``, ``SOLVERS``, ``available(solver)``,
``open_session(model, solver, options)``) + one line in ``BACKEND_MODULES``.
Backend modules are imported only when used, so ``import futomip`` stays cheap.
"""

from __future__ import annotations

import importlib

from .base import ERROR, INFEASIBLE, SOLVED, STATUSES, TIME_LIMIT, RawSolution, Session, SolveOptions

__all__ = [
    "BACKEND_MODULES", "backend_module",
    "SOLVED", "INFEASIBLE", "TIME_LIMIT", "ERROR", "STATUSES", "RawSolution", "Session", "SolveOptions",
]

# Backend name -> module path, one line per backend.
BACKEND_MODULES = {
    "highspy": "futomip.backends.highspy_backend",
    "pulp": "futomip.backends.pulp_backend",
    "pyomo": "futomip.backends.pyomo_backend",
}


def backend_module(name: str):
    """The module implementing backend ``name`` (imported on first use)."""
    return importlib.import_module(BACKEND_MODULES[name])
