"""A picture as a flat list of primitives: rectangles, lines, polylines and text.

Every drawing in ``futomip.draw`` is built as a ``Scene`` first and only then written, as
SVG (``svg.to_svg``) or through matplotlib as PNG (``png.save_png``), so both formats show
the same picture from the same numbers.  Coordinates are in pixels, y pointing down (as in
SVG); a text's ``y`` is the middle of its digits.

Each primitive carries a ``role`` ("given", "sign", "black", "conflict", ...): it becomes
the SVG element's ``class``, which is how tests and readers find what a picture shows.
Styles are attributes, never a stylesheet, because a notebook inlines every SVG into one
page and a ``<style>`` in one picture would restyle the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = ["Rect", "Line", "Polyline", "Text", "Scene", "beside"]


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


@dataclass
class Scene:
    """``width`` x ``height`` pixels of primitives, drawn in list order (later on top);
    ``title`` is the picture's accessible name (SVG ``<title>``)."""

    width: float
    height: float
    items: list = field(default_factory=list)
    title: str = ""

    def add(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def extend(self, items) -> None:
        self.items.extend(items)

    def place(self, other: "Scene", dx: float, dy: float) -> None:
        """Draw ``other`` with its top-left corner at ``(dx, dy)`` of this scene."""
        self.items.extend(item.shifted(dx, dy) for item in other.items)

    def of_role(self, role: str) -> list:
        """The primitives with this role (for tests and callers that count things)."""
        return [item for item in self.items if item.role == role]

    def svg(self) -> str:
        from .svg import to_svg

        return to_svg(self)

    def _repr_svg_(self) -> str:
        return self.svg()


def beside(scenes: list[Scene], gap: float = 24.0) -> Scene:
    """The scenes left to right, tops aligned, ``gap`` pixels apart."""
    width = sum(scene.width for scene in scenes) + gap * (len(scenes) - 1)
    combined = Scene(width, max(scene.height for scene in scenes), title=" | ".join(s.title for s in scenes if s.title))
    x = 0.0
    for scene in scenes:
        combined.place(scene, x, 0.0)
        x += scene.width + gap
    return combined
