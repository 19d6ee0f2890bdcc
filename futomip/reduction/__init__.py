"""Solver-independent domain reduction: what the puzzle's rules rule out before any model.

The stage between the puzzle and its formulation (DESIGN.md): ``reduce(puzzle, level)``
returns the puzzle kind's domains object, which its formulation in ``models/`` takes to
leave out values and placements that no solution uses, or None for a kind without a
reduction or for level "none".  Levels: "lines" (each line's rules on their own, to a
fixpoint) and "probing" (that, plus trying each open cell both ways).
Every reduction keeps every solution, so the reduced model has exactly the solutions of
the full one.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from typing import Any, Callable

from . import nonogram

__all__ = ["LEVELS", "REDUCTIONS", "reduce"]

LEVELS = ("probing", "lines", "none")

# Puzzle kind -> reduce(puzzle, level) -> domains.  One line per kind that has one.
REDUCTIONS = {
    "nonogram": nonogram.reduce,
}


def reduce(puzzle, level: str = LEVELS[0], stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> Any:
    """The reduced domains of ``puzzle``, or None when its kind has no reduction or ``level`` is "none".

    Work beyond the first fixpoint stops when ``time.perf_counter()`` reaches ``stop_at``
    (the result is then weaker but still keeps every solution); ``progress`` receives a
    line of text about once a second during long reductions.
    """
    if level not in LEVELS:
        raise ValueError(f"reduction level must be one of {LEVELS}, got {level!r}")
    reducer = REDUCTIONS.get(puzzle.kind)
    return None if reducer is None or level == "none" else reducer(puzzle, level, stop_at, progress)
