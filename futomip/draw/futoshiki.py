"""Futoshiki on the board: digits (``latin``) plus a chevron for every inequality.

A sign between neighbours sits on their shared edge, its point towards the smaller cell;
a sign between cells further apart (which the text rendering lists below the board) is a
dashed line with the chevron in its middle.  A blamed inequality is drawn red and thick;
a blamed given gets the red ring of ``latin.ring_clue_cells``.
"""

from __future__ import annotations

from . import latin
from .board import COLOURS, Marks
from .scene import Scene

__all__ = ["draw"]


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    board = latin.digit_board(puzzle, grid, marks, cell)
    blamed = {clue.key for clue in marks.conflict}
    for a, b in puzzle.less:
        if ("less", a, b) in blamed:
            board.sign(a, b, "sign conflict", COLOURS["conflict"], 3.5)
        else:
            board.sign(a, b)
    latin.ring_clue_cells(board, marks.conflict)
    return board.scene()
