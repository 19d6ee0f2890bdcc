"""``WholeGrid``: the domains of a search leaf that fixes every cell, built from its grid alone.

The learning search's leaves are whole grids (``nonogram_split.LEARNING_LEAF_SHARE`` is 0),
and the pipeline reads only their grid (``solution()``), which it checks with ``verify``.
Building their block starts as tuples cost 7-45 microseconds of Python a leaf, as much as
the compiled search spent finding one on leaf-heavy puzzles.  So a leaf at a line fixpoint
with no open cell is a ``WholeGrid``: the grid as it is, ``starts`` worked out from it only
when a consumer reads them.  A line fixpoint with every cell fixed is a grid in which every
constrained line holds its clue (each block then has one start: where its run begins), so
these are exactly the domains ``Board.domains()`` gives for it, and a ``WholeGrid`` compares
equal to them.  Only a search that stopped at a line fixpoint may build one: it is not
checked here (the pipeline checks the grid before it takes it).

Only ``futomip.puzzles`` and ``nonogram`` are imported.
"""

from __future__ import annotations

from ..puzzles.nonogram import Nonogram
from .nonogram import NonogramDomains

__all__ = ["WholeGrid", "grid_starts"]


def _run_starts(line) -> tuple[tuple[int], ...]:
    """The start of each maximal run of 1s in ``line``, each as a one-element tuple."""
    starts, previous = [], 0
    for i, value in enumerate(line):
        if value == 1 and previous != 1:
            starts.append((i,))
        previous = value
    return tuple(starts)


def grid_starts(puzzle: Nonogram, cells) -> dict:
    """``NonogramDomains.starts`` of the 0/1 grid ``cells`` whose every constrained line holds
    its clue: block j of a line may start only where the line's j-th run starts."""
    starts = {}
    for r, clue in enumerate(puzzle.rows):
        if clue is not None:
            starts[("row", r)] = _run_starts(cells[r])
    for c, clue in enumerate(puzzle.cols):
        if clue is not None:
            starts[("column", c)] = _run_starts([row[c] for row in cells])
    return starts


class WholeGrid(NonogramDomains):
    """The domains of a line fixpoint of ``puzzle`` that fixes every cell (see the module text).

    ``cells`` is the grid (rows of 0/1, tuples); ``starts`` is built from it on first reading;
    ``contradiction`` is None, ``finished`` True and ``scores`` empty, as for ``Board.domains()``.
    """

    def __init__(self, puzzle: Nonogram, cells: tuple[tuple[int, ...], ...]) -> None:
        # NonogramDomains is frozen: fields are set the way its own __init__ sets them.
        object.__setattr__(self, "puzzle", puzzle)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "contradiction", None)
        object.__setattr__(self, "finished", True)
        object.__setattr__(self, "scores", {})
        object.__setattr__(self, "_starts", None)

    @property
    def starts(self) -> dict:  # type: ignore[override]
        if self._starts is None:
            object.__setattr__(self, "_starts", grid_starts(self.puzzle, self.cells))
        return self._starts

    def solution(self):
        return self.cells

    @property
    def unknown(self) -> int:
        return 0

    def _fields(self) -> tuple:
        return self.cells, self.starts, self.contradiction, self.finished

    def __eq__(self, other) -> bool:
        # Equal to the same domains built by ``Board.domains()`` (the dataclass's own
        # comparison asks for the same class on both sides).
        if not isinstance(other, NonogramDomains):
            return NotImplemented
        return self._fields() == (other.cells, other.starts, other.contradiction, other.finished)

    __hash__ = NonogramDomains.__hash__

    def __repr__(self) -> str:
        return f"WholeGrid(cells={self.cells!r})"
