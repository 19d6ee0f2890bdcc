"""futomip: grid logic puzzles as mixed-integer linear programs.

    puzzle = futomip.load("data/futoshiki.dat")
    result = futomip.solve(puzzle, backend="highspy", solver="highs")
    print(futomip.render(puzzle, result.grid))

Importing futomip loads no solver and no modelling layer; they are imported on first use.
"""

from __future__ import annotations

from .errors import (
    DataFormatError,
    FutomipError,
    SolverUnavailableError,
    UnknownNameError,
    UnsupportedFeatureError,
    VerificationError,
)
from .io import load, read, write
from .puzzles import Futoshiki, render, verify
from .solve import Result, solve

__all__ = [
    "load", "read", "write", "solve", "Result", "render", "verify", "Futoshiki",
    "FutomipError", "DataFormatError", "UnknownNameError", "SolverUnavailableError",
    "UnsupportedFeatureError", "VerificationError",
]
