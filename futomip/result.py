"""``Result``: what one command established about one puzzle.

The same record comes back from the Python API, the CLI's ``--json`` (``futomip.batch.records``),
bench and batch, whichever task ran (solve, uniqueness, enumeration, explanation).
Imports nothing from futomip but the status words (and ``futomip.draw`` when a notebook
asks a result for its picture).
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
    A comparison method's result has status "heuristic_failed" when a local search
    stopped without a valid grid (see ``cost``).
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
    method: str = "milp"
    """How the puzzle was solved: ``milp`` (the pipeline) or a comparison method from
    ``futomip.methods`` (backtrack, propagate, anneal, genetic, csp, cpsat)."""
    configuration: str = ""
    """Why this pair and reduction level ran (``futomip.solvers.defaults``): measured default,
    fallback, or pinned by the user."""
    schedule: dict | None = None
    """How the split search and the solver on the whole model shared the time
    (``futomip.pipeline.schedule``): mode, which side answered last, turns and seconds each;
    None when the puzzle was not split."""
    cost: int | None = None
    """Local-search methods: the fewest broken rules (the method's cost function) reached,
    0 when solved; None for the exact methods."""
    globals: str = ""
    """How the model's global constraints were built: "linear" (their decompositions),
    "native (AddAllDifferent x18, < x30)" (the solver's own), "" when the model has none
    or no model was built."""

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    def __repr__(self) -> str:
        """One line: the puzzle, what was established, by which pair, how fast (the grids,
        clues and statistics are in the fields; a notebook draws them, ``_repr_svg_``)."""
        parts = [self.status]
        if self.unique is not None:
            parts.append("unique" if self.unique else "not unique")
        if self.solutions is not None:
            parts.append(f"{len(self.solutions)} solution{'s' * (len(self.solutions) != 1)}"
                         + ("" if self.complete else " (stopped early)"))
        if self.conflict:
            parts.append(f"{len(self.conflict)} conflicting clues")
        if self.backend:
            parts.append(f"{self.backend}/{self.solver}" + (f" {self.encoding}" if self.encoding else ""))
        if "total" in self.seconds:
            parts.append(f"{self.seconds['total']:.2f} s")
        return f"<Result {_puzzle_text(self.puzzle)}: {', '.join(parts)}>"

    def _repr_svg_(self) -> str:
        """The solution, the conflict or the two solutions as SVG: what a notebook shows."""
        from .draw import notebook_svg  # loaded on first display only

        return notebook_svg(self)


def _puzzle_text(puzzle) -> str:
    kind = getattr(puzzle, "kind", type(puzzle).__name__)
    if hasattr(puzzle, "height"):
        size = f" {puzzle.height}x{puzzle.width}"
    elif hasattr(puzzle, "size"):
        size = f" {puzzle.size}x{puzzle.size}"
    else:
        size = ""
    name = getattr(puzzle, "name", "")
    return f"{kind}{size}" + (f" {name!r}" if name else "")
