"""Str8ts on the board: black cells, white digits on the black clues, digits (``latin``).

Black cells take no digit of the solution; a black clue's digit is white on black.  A
blamed white given or black clue gets the red ring of ``latin.ring_clue_cells`` (a red
ring shows on black too).
"""

from __future__ import annotations

from . import latin
from .board import COLOURS, Board, Marks
from .scene import Scene

__all__ = ["draw"]


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    n = puzzle.size
    board = Board(n, n, cell or (60.0 if marks.heat is not None else 40.0), 1.0, 1.0)
    for r in range(n):
        for c in range(n):
            if puzzle.black[r][c]:
                board.fill(r, c, COLOURS["black"], "black")
                if puzzle.givens[r][c]:
                    board.digit(r, c, str(puzzle.givens[r][c]), "black-clue", COLOURS["black_digit"], bold=True)
    latin.cells(board, puzzle.givens, grid, marks, n, skip=lambda r, c: puzzle.black[r][c])
    board.lines()
    latin.ring_clue_cells(board, marks.conflict, tint=lambda r, c: not puzzle.black[r][c])
    return board.scene()
