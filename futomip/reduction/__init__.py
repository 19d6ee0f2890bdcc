"""Solver-independent domain reduction: what the puzzle's rules rule out before any model.

The stage between the puzzle and its formulation (DESIGN.md): ``reduce(puzzle, level)``
returns the puzzle kind's domains object, which its formulation in ``models/`` takes to
leave out values and placements that no solution uses, or None for a kind without a
reduction or for level "none".  Levels: "lines" (each line's rules on their own, to a
fixpoint), "probing" (that, plus trying each open cell both ways) and "split" (probing,
and when it leaves too much open, ``split`` divides the puzzle into sub-puzzles that
the MILP solves one by one).
Every reduction keeps every solution, so the reduced model has exactly the solutions of
the full one, and the sub-puzzles of a split together have exactly those solutions.
A domains object has ``admits(grid)``: whether a grid agrees with what the domains fixed.

Which kind has which reduction is one line of ``futomip.kinds``.  Must not import
solvers, backends or ``models``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..kinds import kind_of
from ..options import REDUCE_LEVELS

__all__ = ["LEVELS", "as_given", "reduce", "split"]

LEVELS = REDUCE_LEVELS


def reduce(puzzle, level: str = LEVELS[0], stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> Any:
    """The reduced domains of ``puzzle``, or None when its kind has no reduction or ``level`` is "none".

    Work beyond the first fixpoint stops when ``time.perf_counter()`` reaches ``stop_at``
    (the result is then weaker but still keeps every solution); ``progress`` receives a
    line of text about once a second during long reductions.
    """
    if level not in LEVELS:
        raise ValueError(f"reduction level must be one of {LEVELS}, got {level!r}")
    reducer = kind_of(puzzle).reducer()
    if reducer is None or level == "none":
        return None
    # "split" starts from the probing fixpoint, or from the level the reducer names in its
    # ``split_from`` (the Latin family's search needs only its "lines" fixpoint); the
    # splitting itself is ``split``'s work.
    start = getattr(reducer, "split_from", "probing")
    return reducer(puzzle, start if level == "split" else level, stop_at, progress)


def as_given(puzzle) -> Any:
    """The domains of ``puzzle`` as given (its givens fixed, nothing propagated), or None for
    a kind whose reducer has no such form.  Not a reduction: the domains a solver with its
    own propagation takes when the reduced ones would only lead its search elsewhere."""
    reducer = kind_of(puzzle).reducer()
    form = getattr(reducer, "as_given", None)
    return None if form is None else form(puzzle)


def split(puzzle, domains, stop_at: float | None = None, progress: Callable[[str], None] | None = None) -> Any:
    """An iterator over sub-puzzle domains that together hold every solution of ``domains``,
    or None when the kind cannot be split or ``domains`` are already small enough."""
    splitter = kind_of(puzzle).splitter()
    if splitter is None or domains is None:
        return None
    search = splitter(puzzle, domains, stop_at, progress)
    return search if search.needed else None
