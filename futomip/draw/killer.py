"""Killer Sudoku on the board, as the newspapers print it: the Sudoku board (``latin.cells``
and thick box edges) with each cage outlined by a dashed line set a little inside its cells
and its total small in the corner of its first cell (top row, then leftmost).

A blamed cage (``--explain``) is tinted red under its cells and its outline drawn red.
"""

from __future__ import annotations

from . import latin
from .board import COLOURS, Board, Marks
from .scene import Scene
from .shapes import Line, Rect, Text

__all__ = ["draw"]

INSET = 0.1
"""How far inside its cells a cage's outline runs, as a share of the cell."""


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    n, b = puzzle.size, puzzle.box
    board = Board(n, n, cell or (60.0 if marks.heat is not None else 44.0), 1.0, 1.0)
    blamed = {dict(clue.data)["cells"] for clue in marks.conflict if clue.type == "cage"}
    for cage in puzzle.cages:
        hit = tuple((r + 1, c + 1) for r, c in cage.cells) in blamed
        if hit:
            for r, c in cage.cells:
                board.fill(r, c, COLOURS["conflict_fill"], "conflict-fill")
        _outline(board, cage.cells, COLOURS["conflict"] if hit else COLOURS["clue"])
        r, c = cage.cells[0]
        x, y = board.corner(r, c)
        size = board.cell * 0.24
        # A white patch under the total breaks the dashed line there, as in print.
        board.top_layer.append(Rect(x + board.cell * 0.05, y + board.cell * 0.05, size * 0.62 * len(str(cage.total))
                                    + board.cell * 0.04, size * 1.1, fill="white", role="cage-total-patch"))
        board.top_layer.append(Text(x + board.cell * 0.07, y + board.cell * 0.19, str(cage.total),
                                    size, COLOURS["clue"], "cage-total", anchor="start"))
    latin.cells(board, puzzle.givens, grid, marks, n)
    board.lines(boxes=(b, b))
    latin.ring_clue_cells(board, [clue for clue in marks.conflict if clue.type != "cage"])
    return board.scene()


def _outline(board: Board, cells, colour: str) -> None:
    """Dashed segments along every side of the cage's cells that borders another cage, set
    ``INSET`` inside the cell; a segment runs to the cell's edge where the cage continues."""
    inside = set(cells)
    d = board.cell * INSET
    for r, c in cells:
        x0, y0 = board.corner(r, c)
        x1, y1 = x0 + board.cell, y0 + board.cell
        up, down, left, right = ((r - 1, c) in inside, (r + 1, c) in inside, (r, c - 1) in inside,
                                 (r, c + 1) in inside)
        # Where a side is open to the cage the segment reaches the edge, else it stops at the inset.
        xa, xb = (x0 if left else x0 + d), (x1 if right else x1 - d)
        ya, yb = (y0 if up else y0 + d), (y1 if down else y1 - d)
        sides = [(not up, (xa, y0 + d, xb, y0 + d)), (not down, (xa, y1 - d, xb, y1 - d)),
                 (not left, (x0 + d, ya, x0 + d, yb)), (not right, (x1 - d, ya, x1 - d, yb))]
        for border, (ax, ay, bx, by) in sides:
            if border:
                board.over.append(Line(ax, ay, bx, by, colour, 1.0, "cage", dashed=True))
