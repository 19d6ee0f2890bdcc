"""Puzzle types: frozen instance dataclasses, their rules as independent checkers, rendering.

One module per kind (``futoshiki``, ``str8ts``, ``nonogram``), registered in
``futomip.kinds``.  Nothing here may import a solver, a backend or ``models``: ``verify``
is the oracle that checks every grid a solver returns.
"""

from __future__ import annotations

from ..errors import UsageError
from ..kinds import kind_of
from .adjacent import Adjacent
from .futoshiki import Futoshiki

__all__ = ["Futoshiki", "Adjacent", "verify", "render", "module_of"]


def module_of(puzzle):
    """The module holding the puzzle's ``verify``, ``render``, ``clues``, ``restrict``, ..."""
    return kind_of(puzzle).puzzle_module()


def verify(puzzle, grid) -> list[str]:
    """Every rule ``grid`` breaks for ``puzzle``, in words (empty list: a solution)."""
    module = module_of(puzzle)
    if grid is None:
        # A result that is not solved has no grid: a broken promise to report, not a crash.
        return ["there is no grid (None): only a solved result has one"]
    try:
        for row in grid:
            len(row)
    except TypeError:
        return [f"the grid is not a sequence of rows: got {type(grid).__name__}"]
    return module.verify(puzzle, grid)


def render(puzzle, grid=None) -> str:
    """The board drawn as text, with ``grid`` filled in when given."""
    module = module_of(puzzle)
    try:
        return module.render(puzzle, grid)
    except (IndexError, TypeError, ValueError):
        shape = [text for text in verify(puzzle, grid) if text.startswith(("the grid is not", "there is no grid"))]
        if grid is None or not shape:
            raise
        raise UsageError(f"the grid cannot be drawn on this {puzzle.kind} board: {shape[0]}") from None
