"""The exception tree of futomip; every error a user can cause is one of these.

    FutomipError
    ├── UsageError             a bad option value or an unusable output path (says what to give)
    ├── DataFormatError        a data file is malformed (message starts "path:line:column:")
    ├── UnknownNameError       a backend, solver, format or encoding name is not known
    ├── SolverUnavailableError a known solver cannot run here (says how to install it)
    ├── UnsupportedFeatureError a valid request this format, backend or solver cannot serve
    ├── ModelTooLargeError     a model would not fit the memory guard (says how to raise it)
    └── VerificationError      a solver returned a grid that breaks the rules (a bug)

Interrupts are not errors: ``futomip.stopping.Stopped`` (a ``KeyboardInterrupt``) ends a
command on Ctrl-C or SIGTERM.  Infeasibility is a result, never an exception.  The CLI's exit
code for each class is in ``futomip.cli`` and docs/troubleshooting.md.  This module imports nothing from
futomip.
"""

from __future__ import annotations

__all__ = [
    "FutomipError",
    "UsageError",
    "ModelTooLargeError",
    "DataFormatError",
    "UnknownNameError",
    "SolverUnavailableError",
    "MissingPackageError",
    "MatplotlibMissing",
    "UnsupportedFeatureError",
    "VerificationError",
]


class FutomipError(Exception):
    """Root of every error futomip raises on purpose."""


class UsageError(FutomipError, ValueError):
    """An option value futomip cannot use (a negative time limit, an output path whose folder
    does not exist, ...); the message says what would be accepted."""


class DataFormatError(FutomipError):
    """A data file does not follow its format.

    The message is ``path:line:column: expected ..., found ...`` so that editors and
    terminals can jump to the spot.  Lines and columns are 1-based.
    """

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.column = column
        self.reason = message
        super().__init__(f"{self.path}:{line}:{column}: {message}")


class UnknownNameError(FutomipError, ValueError):
    """A name (backend, solver, format, encoding) is not one futomip knows."""

    def __init__(self, what: str, name: str, valid: list[str] | tuple[str, ...]) -> None:
        self.what = what
        self.name = name
        self.valid = tuple(valid)
        super().__init__(f"unknown {what} {name!r}; valid {what}s: {', '.join(self.valid)}")


class SolverUnavailableError(FutomipError):
    """A solver futomip knows about cannot be used on this machine."""


class MissingPackageError(SolverUnavailableError):
    """An optional package that is not a solver (Dask, matplotlib) is not installed: the same
    exit code as a missing solver (3), worded as what it is."""


class MatplotlibMissing(MissingPackageError, UsageError):
    """A PNG picture was asked for without matplotlib: a missing package (exit 3, as the
    exit-code table says of optional packages), and still the ``UsageError`` that Python
    callers caught before 27 Nov 2026 (fourteenth session), when it was one and the command
    exited 2."""


class UnsupportedFeatureError(FutomipError):
    """A well-formed request that the chosen format, backend or solver cannot serve."""


class ModelTooLargeError(FutomipError):
    """The model of a puzzle would be larger than the memory guard allows; the message gives
    the estimate, the limit and how to raise it."""


class VerificationError(FutomipError):
    """A solver returned a grid that breaks the puzzle's rules.

    This is always a bug (in a model, a backend or a solver) and is never hidden.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        shown = "; ".join(self.problems[:5])
        more = f" (and {len(self.problems) - 5} more)" if len(self.problems) > 5 else ""
        super().__init__(f"the solver's grid breaks the rules: {shown}{more}")
