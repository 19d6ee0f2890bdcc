"""Puzzle types: frozen instance dataclasses, their rules as independent checkers, rendering.

Nothing here may import a solver, a backend or ``models``: ``verify`` is the oracle that
checks every grid a solver returns.
"""

from __future__ import annotations

from . import futoshiki
from . import nonogram
from . import str8ts
from .futoshiki import Futoshiki

__all__ = ["Futoshiki", "futoshiki", "verify", "render", "PUZZLE_MODULES"]

# One entry per puzzle kind: the module holding its dataclass, ``verify``, ``render``,
# ``clues`` and ``restrict``.  One line per kind.
PUZZLE_MODULES = {
    "futoshiki": futoshiki,
    "nonogram": nonogram,
    "str8ts": str8ts,
}


def verify(puzzle, grid) -> list[str]:
    """Every rule ``grid`` breaks for ``puzzle``, in words (empty list: a solution)."""
    return PUZZLE_MODULES[puzzle.kind].verify(puzzle, grid)


def render(puzzle, grid=None) -> str:
    """The board drawn as text, with ``grid`` filled in when given."""
    return PUZZLE_MODULES[puzzle.kind].render(puzzle, grid)
