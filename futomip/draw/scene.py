"""A picture as a flat list of primitives (``shapes``): rectangles, lines, polylines, text.

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

from dataclasses import dataclass, field

from .shapes import Item, Line, Polyline, Rect, Text
from .svg import to_svg

__all__ = ["Rect", "Line", "Polyline", "Text", "Scene", "beside"]


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
