"""``Result``: what one command established about one puzzle.

The same record comes back from the Python API, the CLI's ``--json`` (``futomip.report``),
bench and batch, whichever task ran (solve, uniqueness, enumeration, explanation).
Imports nothing from futomip but the status words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .status import SOLVED

__all__ = ["Result"]


@dataclass
class Result:
    """What a command established about one puzzle.

    ``status`` is "solved", "infeasible", "time_limit" or "error".  ``unique`` is None
    unless a uniqueness proof was asked for and finished; ``solutions``/``complete`` are
    set by enumeration; ``conflict`` by explanation; ``second`` is a second solution found
    by the uniqueness check; ``reduction`` says what domain reduction did before the model
    was built (``level`` plus the kind's counts), None for a kind without one or with level
    "none".  ``seconds`` holds "read", "import" (loading the backend and checking the
    solver, once per process), "reduce" (domain reduction and split search), "build",
    "solve", "total" (and "write" when a model file was written).  ``stats`` sums the
    solver's statistics over the solves where it reports them.  ``stopped`` is the
    ``futomip.stopping.Stopped`` that ended the work early (Ctrl-C, SIGTERM), else None.
    """

    puzzle: Any
    status: str
    grid: Any = None
    backend: str = ""
    solver: str = ""
    encoding: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    message: str = ""
    unique: bool | None = None
    second: Any = None
    solutions: list | None = None
    complete: bool | None = None
    conflict: list | None = None
    file: str | None = None
    reduction: dict | None = None
    stats: dict | None = None
    stopped: Any = None

    @property
    def solved(self) -> bool:
        return self.status == SOLVED
