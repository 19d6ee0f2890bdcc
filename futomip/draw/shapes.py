"""The primitives a picture is made of: rectangles, lines, polylines and text.

A ``Scene`` (``scene``) is a list of these; the writers (``svg``, ``png``) draw each one.
They are kept apart from ``Scene`` so that the SVG writer can read them while a ``Scene``
shows itself in a notebook through that writer (``Scene._repr_svg_``), with no import
running in both directions.  Coordinates are in pixels, y pointing down; ``role`` becomes
the SVG element's ``class``.  Imports nothing from futomip.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Rect", "Line", "Polyline", "Text", "Item"]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0
    role: str = ""
    opacity: float = 1.0

    def shifted(self, dx: float, dy: float) -> "Rect":
        return replace(self, x=self.x + dx, y=self.y + dy)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "black"
    stroke_width: float = 1.0
    role: str = ""
    dashed: bool = False

    def shifted(self, dx: float, dy: float) -> "Line":
        return replace(self, x1=self.x1 + dx, y1=self.y1 + dy, x2=self.x2 + dx, y2=self.y2 + dy)


@dataclass(frozen=True)
class Polyline:
    """An open path through ``points`` (the chevron of an inequality sign)."""

    points: tuple[tuple[float, float], ...]
    stroke: str = "black"
    stroke_width: float = 1.0
    role: str = ""

    def shifted(self, dx: float, dy: float) -> "Polyline":
        return replace(self, points=tuple((x + dx, y + dy) for x, y in self.points))


@dataclass(frozen=True)
class Text:
    """``text`` centred on ``x`` (or starting/ending there: ``anchor`` start/end) at height ``y``."""

    x: float
    y: float
    text: str
    size: float
    fill: str = "black"
    role: str = ""
    bold: bool = False
    anchor: str = "middle"

    def shifted(self, dx: float, dy: float) -> "Text":
        return replace(self, x=self.x + dx, y=self.y + dy)


Item = Rect | Line | Polyline | Text
