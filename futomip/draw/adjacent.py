"""Adjacent (Tatham's Unequal, Adjacent mode) on the board: digits (``latin``) plus a bar for
every mark.

Tatham draws a mark as a bar in the gap between the two cells, along their shared edge; our
cells share an edge line, so the bar is a filled strip centred on that edge, three quarters
of the cell long.  An unmarked pair shows nothing (its rule is the absence of the bar).  In
an ``--explain`` picture a blamed mark is a red bar; a blamed unmarked pair (its "not 1
apart" rule) is a red outlined strip, as Tatham outlines a bar that should not be there.
"""

from __future__ import annotations

from . import latin
from .board import COLOURS, Board, Marks
from .scene import Scene
from .shapes import Rect

__all__ = ["draw"]


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    board = latin.digit_board(puzzle, grid, marks, cell)
    blamed = {clue.key for clue in marks.conflict}
    for a, b in puzzle.marks:
        red = ("adjacent", a, b) in blamed
        board.over.append(_strip(board, a, b, fill=COLOURS["conflict" if red else "sign"],
                                 role="bar conflict" if red else "bar"))
    for a, b in puzzle.apart():
        if ("apart", a, b) in blamed:
            board.top_layer.append(_strip(board, a, b, stroke=COLOURS["conflict"], stroke_width=2.0,
                                          role="apart conflict"))
    latin.ring_clue_cells(board, marks.conflict)
    return board.scene()


def _strip(board: Board, a, b, **style) -> Rect:
    """The bar on the edge shared by neighbours ``a`` and ``b`` (``a`` above or left of ``b``)."""
    x, y = board.corner(*b)
    length, thick = board.cell * 0.75, max(3.0, board.cell * 0.1)
    inset = (board.cell - length) / 2
    if a[0] == b[0]:  # side by side: an upright bar on b's left edge
        return Rect(x - thick / 2, y + inset, thick, length, **style)
    return Rect(x + inset, y - thick / 2, length, thick, **style)
