"""futomip: grid logic puzzles as mixed-integer linear programs.

    puzzle = futomip.load("data/futoshiki.dat")
    result = futomip.solve(puzzle, backend="highspy", solver="highs")
    print(futomip.render(puzzle, result.grid))
    for grid in futomip.solutions(puzzle, limit=10): ...
    futomip.explain(infeasible_puzzle).conflict

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
from .certainty import enumerate_all, explain, solutions

__all__ = [
    "load", "read", "write", "solve", "solutions", "enumerate_all", "explain", "Result", "render", "verify",
    "Futoshiki",
    "FutomipError", "DataFormatError", "UnknownNameError", "SolverUnavailableError",
    "UnsupportedFeatureError", "VerificationError",
]
