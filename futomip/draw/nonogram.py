"""Nonograms on the board: row clues to the left, column clues stacked above, black cells.

A row's clue is one text ("1 3"), a column's clue one text per run, bottom-aligned; an
all-white line shows ``0`` and a dropped clue (``None``, after ``restrict``) a grey ``?``.
A blamed line clue is drawn red with its line tinted and framed.  A heat map shades each
cell by its fraction black and writes the fraction on cells that are neither 0 nor 1.  A
cell where a second solution differs gets an amber frame (a fill would hide under black).
"""

from __future__ import annotations

from .board import COLOURS, Board, Marks
from .scene import Rect, Scene, Text

__all__ = ["draw"]

_DIGIT_WIDTH = 0.6  # of the font size: DejaVu Sans digits are 0.64 em, spaces 0.32 em


def _clue_text(clue) -> str:
    if clue is None:
        return "?"
    return " ".join(str(run) for run in clue) if clue else "0"


def draw(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The board of ``puzzle`` with ``grid`` (a solution) and ``marks`` drawn on it."""
    cell = cell or (28.0 if max(puzzle.height, puzzle.width) <= 20 else 18.0)
    size = cell * 0.5
    row_texts = [_clue_text(clue) for clue in puzzle.rows]
    column_stacks = [_clue_text(clue).split() for clue in puzzle.cols]
    left = max(len(text) for text in row_texts) * size * _DIGIT_WIDTH + cell * 0.5
    top = max(len(stack) for stack in column_stacks) * size * 1.25 + cell * 0.4
    board = Board(puzzle.height, puzzle.width, cell, left, top)
    blamed = {clue.key for clue in marks.conflict}

    for r, text in enumerate(row_texts):
        hit = ("row", r) in blamed
        board.over.append(Text(left - cell * 0.25, board.centre(r, 0)[1], text, size,
                               _clue_colour(puzzle.rows[r], hit), "clue conflict" if hit else "clue",
                               bold=hit, anchor="end"))
        if hit:
            board.band("row", r)
    for c, stack in enumerate(column_stacks):
        hit = ("column", c) in blamed
        x = board.centre(0, c)[0]
        for depth, number in enumerate(reversed(stack)):
            board.over.append(Text(x, top - cell * 0.3 - depth * size * 1.25, number, size,
                                   _clue_colour(puzzle.cols[c], hit), "clue conflict" if hit else "clue", bold=hit))
        if hit:
            board.band("column", c)

    for r in range(puzzle.height):
        for c in range(puzzle.width):
            if marks.heat is not None:
                _heat(board, r, c, float(marks.heat.get((r, c), 0.0)))
            elif grid is not None and grid[r][c] == 1:
                inset = 0.5  # solid runs that still leave the border line visible
                x, y = board.corner(r, c)
                board.over.append(Rect(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset,
                                       fill=COLOURS["black"], role="black"))
            if (r, c) in marks.differs:
                x, y = board.corner(r, c)
                board.top_layer.append(Rect(x + 2, y + 2, cell - 4, cell - 4, stroke=COLOURS["differs"],
                                            stroke_width=3.5, role="differs"))
    board.lines(boxes=(5, 5) if puzzle.height > 5 and puzzle.width > 5 else None)
    return board.scene()


def _clue_colour(clue, hit: bool) -> str:
    if hit:
        return COLOURS["conflict"]
    return COLOURS["faint"] if clue is None else COLOURS["clue"]


def _heat(board: Board, r: int, c: int, weight: float) -> None:
    weight = max(0.0, min(1.0, weight))
    if weight > 0:
        board.fill(r, c, COLOURS["black"], "heat", opacity=weight)
    if 0 < weight < 1 and board.cell >= 20:
        x, y = board.centre(r, c)
        board.over.append(Text(x, y, f"{weight:.2f}".lstrip("0"), board.cell * 0.34,
                               "#ffffff" if weight > 0.5 else COLOURS["clue"], "heat-value"))
