"""Modelling layers that turn a ``futomip.linear.LinearModel`` into a solvable model.

Adding a backend = one module (``NAME``, ``available(solver)``,
``open_session(model, solver, options)``) + one line in ``BACKEND_MODULES``
(``futomip.solvers.layers``, on the floor below, so that the solver registry can name the
layers without importing this package); which solvers it drives is declared by the solvers
(``futomip.solvers``, each solver's ``layers``).  Backend modules are imported only when
used, so ``import futomip`` stays cheap.
"""

from __future__ import annotations

from ..solvers.layers import BACKEND_MODULES, backend_module
from .base import RawSolution, Session

__all__ = ["BACKEND_MODULES", "backend_module", "RawSolution", "Session"]
