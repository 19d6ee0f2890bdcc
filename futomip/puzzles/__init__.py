"""Puzzle types: frozen instance dataclasses, their rules as independent checkers, rendering.

One module per kind (``futoshiki``, ``str8ts``, ``nonogram``), registered in
``futomip.kinds``.  Nothing here may import a solver, a backend or ``models``: ``verify``
is the oracle that checks every grid a solver returns.
"""

from __future__ import annotations

from ..kinds import kind_of
from .adjacent import Adjacent
from .futoshiki import Futoshiki

__all__ = ["Futoshiki", "Adjacent", "verify", "render", "module_of"]


def module_of(puzzle):
    """The module holding the puzzle's ``verify``, ``render``, ``clues``, ``restrict``, ..."""
    return kind_of(puzzle).puzzle_module()


def verify(puzzle, grid) -> list[str]:
    """Every rule ``grid`` breaks for ``puzzle``, in words (empty list: a solution)."""
    return module_of(puzzle).verify(puzzle, grid)


def render(puzzle, grid=None) -> str:
    """The board drawn as text, with ``grid`` filled in when given."""
    return module_of(puzzle).render(puzzle, grid)
