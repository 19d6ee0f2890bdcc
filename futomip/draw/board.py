"""The grid every kind is drawn on: cell geometry, layers, and the marks any kind can use.

A ``Board`` is ``rows`` x ``cols`` square cells whose top-left corner sits at ``(left,
top)`` of its scene (a nonogram leaves room there for its clues).  Kinds draw into four
layers, composed in order: ``under`` (cell fills, shading), ``grid`` (lines), ``over``
(digits, signs, clue numbers) and ``top`` (rings around blamed cells), so a highlight never
hides a digit and a ring is never hidden by a fill.

``Marks`` is what a picture adds to the plain board: the clues of an explained conflict,
the cells where a second solution differs, and a heat map of LP values.  Cells are 0-based
``(row, col)``; clue data is 1-based, as in ``futomip.puzzles.clues``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .scene import Line, Polyline, Rect, Scene, Text

__all__ = ["Board", "Marks", "COLOURS", "clue_cell"]

COLOURS = {
    "line": "#555555",
    "border": "#111111",
    "given": "#111111",
    "solved": "#1f5fbf",
    "black": "#1a1a1a",
    "black_digit": "#ffffff",
    "sign": "#333333",
    "conflict": "#d62728",
    "conflict_fill": "#fbd3d0",
    "differs": "#ffe08a",
    "heat": "#1f77b4",
    "clue": "#222222",
    "faint": "#888888",
}


@dataclass(frozen=True)
class Marks:
    """What to show on top of the board: ``conflict`` clues, ``differs`` cells (a second
    solution's changes), ``heat`` (cell -> weight, or cell -> {value: weight})."""

    conflict: tuple = ()
    differs: frozenset = frozenset()
    heat: dict | None = None


def clue_cell(clue) -> tuple[int, int] | None:
    """The 0-based cell a clue sits on, when its data names a ``row`` and a ``col``."""
    data = dict(clue.data)
    if "row" in data and "col" in data:
        return data["row"] - 1, data["col"] - 1
    return None


@dataclass
class Board:
    rows: int
    cols: int
    cell: float = 40.0
    left: float = 0.0
    top: float = 0.0
    under: list = field(default_factory=list)
    grid: list = field(default_factory=list)
    over: list = field(default_factory=list)
    top_layer: list = field(default_factory=list)

    @property
    def right(self) -> float:
        return self.left + self.cols * self.cell

    @property
    def bottom(self) -> float:
        return self.top + self.rows * self.cell

    def corner(self, r: int, c: int) -> tuple[float, float]:
        return self.left + c * self.cell, self.top + r * self.cell

    def centre(self, r: int, c: int) -> tuple[float, float]:
        x, y = self.corner(r, c)
        return x + self.cell / 2, y + self.cell / 2

    def scene(self, width: float | None = None, height: float | None = None, title: str = "") -> Scene:
        """The drawn board as a scene (default size: the board plus a 2-pixel rim)."""
        scene = Scene(width if width is not None else self.right + 2, height if height is not None else self.bottom + 2,
                      title=title)
        scene.extend(self.under + self.grid + self.over + self.top_layer)
        return scene

    def lines(self, boxes: tuple[int, int] | None = None) -> None:
        """Thin lines between cells and a thick border (and thick box edges, for Sudoku-like
        boards, every ``boxes = (height, width)`` cells)."""
        for r in range(1, self.rows):
            thick = boxes is not None and r % boxes[0] == 0
            self.grid.append(Line(self.left, self.top + r * self.cell, self.right, self.top + r * self.cell,
                                  COLOURS["border" if thick else "line"], 2.0 if thick else 1.0, "grid"))
        for c in range(1, self.cols):
            thick = boxes is not None and c % boxes[1] == 0
            self.grid.append(Line(self.left + c * self.cell, self.top, self.left + c * self.cell, self.bottom,
                                  COLOURS["border" if thick else "line"], 2.0 if thick else 1.0, "grid"))
        self.grid.append(Rect(self.left, self.top, self.cols * self.cell, self.rows * self.cell,
                              stroke=COLOURS["border"], stroke_width=2.0, role="border"))

    def fill(self, r: int, c: int, colour: str, role: str, opacity: float = 1.0) -> None:
        x, y = self.corner(r, c)
        self.under.append(Rect(x, y, self.cell, self.cell, fill=colour, role=role, opacity=opacity))

    def digit(self, r: int, c: int, text: str, role: str, colour: str, bold: bool = False) -> None:
        x, y = self.centre(r, c)
        size = self.cell * (0.55 if len(text) < 2 else 0.42)
        self.over.append(Text(x, y, text, size, colour, role, bold))

    def ring(self, r: int, c: int, role: str = "conflict") -> None:
        """A red frame just inside the cell, over everything else."""
        x, y = self.corner(r, c)
        inset = 2.5
        self.top_layer.append(Rect(x + inset, y + inset, self.cell - 2 * inset, self.cell - 2 * inset,
                                   stroke=COLOURS["conflict"], stroke_width=3.0, role=role))

    def sign(self, smaller: tuple[int, int], larger: tuple[int, int], role: str = "sign",
             colour: str = COLOURS["sign"], width: float = 2.0) -> None:
        """A chevron between two cells whose point faces the smaller one (``<`` read from it).

        Neighbours get the chevron on their shared edge; cells further apart get a dashed
        line between their centres with the chevron in its middle.
        """
        (ax, ay), (bx, by) = self.centre(*smaller), self.centre(*larger)
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        mx, my = (ax + bx) / 2, (ay + by) / 2
        half = self.cell * 0.12
        tip = (mx - ux * half, my - uy * half)
        arms = [(mx + ux * half - uy * half * 1.3, my + uy * half + ux * half * 1.3),
                (mx + ux * half + uy * half * 1.3, my + uy * half - ux * half * 1.3)]
        if length > self.cell * 1.01:
            self.over.append(Line(ax, ay, bx, by, colour, 1.0, role + " link", dashed=True))
        self.over.append(Polyline((arms[0], tip, arms[1]), colour, width, role))

    def band(self, direction: str, index: int, role: str = "conflict") -> None:
        """A red tint across one row or column, and a red frame around it."""
        if direction == "row":
            x, y, width, height = self.left, self.top + index * self.cell, self.cols * self.cell, self.cell
        else:
            x, y, width, height = self.left + index * self.cell, self.top, self.cell, self.rows * self.cell
        self.under.append(Rect(x, y, width, height, fill=COLOURS["conflict_fill"], role=role + " band"))
        self.top_layer.append(Rect(x + 1.5, y + 1.5, width - 3, height - 3, stroke=COLOURS["conflict"],
                                   stroke_width=3.0, role=role))

    def pencil(self, r: int, c: int, weights: dict[int, float], values: int) -> None:
        """Small multiples inside one cell: a square per value, shaded by its weight, with the
        value written small (bold where the weight is 1: the value is decided)."""
        per_row = math.ceil(math.sqrt(values))
        lines = math.ceil(values / per_row)
        x0, y0 = self.corner(r, c)
        pad = self.cell * 0.14  # room on the cell's edges for inequality signs
        step = (self.cell - 2 * pad) / per_row
        y_pad = (self.cell - lines * step) / 2
        for k, value in enumerate(range(1, values + 1)):
            weight = max(0.0, min(1.0, weights.get(value, 0.0)))
            x = x0 + pad + (k % per_row) * step
            y = y0 + y_pad + (k // per_row) * step
            if weight > 0:
                self.under.append(Rect(x, y, step, step, fill=COLOURS["heat"], role="heat", opacity=weight))
            light = weight > 0.55
            self.over.append(Text(x + step / 2, y + step / 2, str(value), step * 0.62,
                                  "#ffffff" if light else (COLOURS["clue"] if weight > 0 else "#c8c8c8"),
                                  "heat-value", bold=weight >= 1 - 1e-6))
