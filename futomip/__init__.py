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


def _runs_as_the_program() -> bool:
    """Whether this process is the futomip program: the console script (``.../futomip``) or
    ``python [options] -m futomip``, not a program that imports the library."""
    import os

    if _sys.argv and os.path.basename(_sys.argv[0]) == "futomip":
        return True
    original = list(getattr(_sys, "orig_argv", ()))
    return "-m" in original and original[original.index("-m") + 1:][:1] == ["futomip"]


def _quiet_interrupts_while_starting() -> None:
    """As the program, a Ctrl-C during the imports (some 0.3 s before ``futomip.cli.main``
    installs the program's own handlers, ``futomip.stopping``) ends the process with exit code
    130 and one line, as a later one does, instead of Python's traceback.  Nothing has been
    started then but, perhaps, the scratch folder, which goes.  A library import leaves the
    signals alone."""
    import os
    import signal

    def interrupted(signum, frame):
        remove = getattr(_sys.modules.get(__name__ + ".scratch"), "remove", None)
        if remove is not None:  # None too while that module is still being imported
            remove()
        os.write(2, b"futomip: interrupted (Ctrl-C)\n")
        os._exit(130)

    signal.signal(signal.SIGINT, interrupted)


if _runs_as_the_program():
    _quiet_interrupts_while_starting()


def _attach_models_of_checkout() -> None:
    """Make ``futomip.models`` importable when futomip runs from a source checkout.

    The formulations live in the top-level ``models/`` folder, which packaging installs as
    ``futomip.models``.  ``python -m futomip`` started in a checkout imports the package from
    the checkout instead of the installed copy, and there ``futomip/models`` does not exist;
    this loads ``models/`` under that name.  Installed (or editable) copies of this tree are
    left alone.  An editable install of *another* checkout maps ``futomip.models`` to that
    checkout's folder whatever the package's own path says; a checkout run beside it (a
    worktree, a snapshot under ``PYTHONPATH``) takes its own ``models/``, so that the
    formulations always come from the tree the package came from.
    """
    package = _Path(__file__).resolve().parent
    folder = package.parent / "models"
    found = _importlib_util.find_spec(__name__ + ".models")
    if found is not None and (_location(found) in (package / "models", folder) or not _in_source_tree(package)):
        return  # this tree's own models (installed, or editable here), or no tree to take them from
    spec = _importlib_util.spec_from_file_location(
        __name__ + ".models", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or not (folder / "__init__.py").is_file():
        return
    module = _importlib_util.module_from_spec(spec)
    _sys.modules[spec.name] = module
    spec.loader.exec_module(module)


def _in_source_tree(package: _Path) -> bool:
    """Whether ``package`` (this package's folder) sits in a source tree with its ``models/``."""
    return (package.parent / "models" / "__init__.py").is_file() and (package.parent / "pyproject.toml").is_file()


def _location(spec) -> _Path | None:
    """The folder a package's spec loads from."""
    locations = list(spec.submodule_search_locations or ())
    return _Path(locations[0]).resolve() if locations else None


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
