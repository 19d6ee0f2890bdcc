"""Sudoku on the board: digits (``latin``) with thick edges around the boxes."""

from __future__ import annotations

from . import latin
from .board import Board, Marks
from .scene import Scene

__all__ = ["draw"]


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    n, b = puzzle.size, puzzle.box
    board = Board(n, n, cell or (60.0 if marks.heat is not None else 40.0), 1.0, 1.0)
    latin.cells(board, puzzle.givens, grid, marks, n)
    board.lines(boxes=(b, b))
    latin.ring_clue_cells(board, marks.conflict)
    return board.scene()
