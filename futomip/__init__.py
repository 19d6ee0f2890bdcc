"""futomip: grid logic puzzles as mixed-integer linear programs.

    puzzle = futomip.load("data/futoshiki.dat")
    result = futomip.solve(puzzle, backend="highspy", solver="highs")
    print(futomip.render(puzzle, result.grid))
    for grid in futomip.solutions(puzzle, limit=10): ...
    futomip.explain(infeasible_puzzle).conflict

Importing futomip loads no solver and no modelling layer; they are imported on first use.
"""

from __future__ import annotations

import time as _time

IMPORTED_AT = _time.perf_counter()
"""When futomip's first line ran (``time.perf_counter()``): the program's time limit counts
from the process's start, but from no further back than a moment before this
(``futomip.cli``'s ``_process_start``)."""

import importlib.util as _importlib_util
import sys as _sys
from pathlib import Path as _Path


def _attach_models_of_checkout() -> None:
    """Make ``futomip.models`` importable when futomip runs from a source checkout.

    The formulations live in the top-level ``models/`` folder, which packaging installs as
    ``futomip.models``.  ``python -m futomip`` started in a checkout imports the package from
    the checkout instead of the installed copy, and there ``futomip/models`` does not exist;
    this loads ``models/`` under that name.  Installed (or editable) copies are left alone.
    """
    if _importlib_util.find_spec(__name__ + ".models") is not None:
        return
    folder = _Path(__file__).resolve().parent.parent / "models"
    spec = _importlib_util.spec_from_file_location(
        __name__ + ".models", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or not (folder / "__init__.py").is_file():
        return
    module = _importlib_util.module_from_spec(spec)
    _sys.modules[spec.name] = module
    spec.loader.exec_module(module)


_attach_models_of_checkout()

from .errors import (  # noqa: E402  (after the models are attached)
    DataFormatError,
    FutomipError,
    MissingPackageError,
    ModelTooLargeError,
    UsageError,
    SolverUnavailableError,
    UnknownNameError,
    UnsupportedFeatureError,
    VerificationError,
)
from .io import load, read, write  # noqa: E402
from .options import Deadline, Options  # noqa: E402
from .puzzles import Adjacent, Futoshiki, render, verify  # noqa: E402
from .result import Result  # noqa: E402
from .methods.default import keyword_solve as solve  # noqa: E402
from .pipeline.certainty import enumerate_all, explain, solutions  # noqa: E402

__all__ = [
    "load", "read", "write", "solve", "solutions", "enumerate_all", "explain", "Result", "Options", "Deadline",
    "render", "verify",
    "Futoshiki", "Adjacent",
    "FutomipError", "DataFormatError", "UnknownNameError", "SolverUnavailableError", "MissingPackageError",
    "UnsupportedFeatureError", "VerificationError", "UsageError", "ModelTooLargeError",
]
