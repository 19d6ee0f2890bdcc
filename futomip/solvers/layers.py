"""The modelling layers by name: which ``futomip.backends`` module makes a model real.

The solver registry (``futomip.solvers``) lists the pairs and asks a layer whether it runs
here, and the solvers sit a floor below the backends (a backend reads its solver's facts,
``futomip.backends.highspy_backend`` those of ``highs``).  So the table of layer names is
kept here, on the solvers' floor, and a layer's module is imported by its name only when a
pair is checked or built, as ``SOLVER_MODULES`` does for the solvers; ``futomip.backends``
re-exports both names.

Adding a backend = its module in ``futomip/backends/`` + one line here.
Imports nothing from futomip.
"""

from __future__ import annotations

import importlib

__all__ = ["BACKEND_MODULES", "backend_module"]

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
