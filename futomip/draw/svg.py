"""A ``Scene`` as SVG 1.1 text, written directly (no dependency).

Numbers are rounded to 0.01 px so that files stay small and diffs readable.  Text is
escaped; the digits sit on their middle through ``dy=".35em"``, which every SVG renderer
honours (``dominant-baseline`` is not read by all of them).
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .shapes import Line, Polyline, Rect, Text

__all__ = ["to_svg", "FONT"]

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attributes(**values) -> str:
    parts = []
    for name, value in values.items():
        if value is None or value == "":
            continue
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = _number(value)
        parts.append(f"{name.replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


def _element(item) -> str:
    role = item.role or None
    if isinstance(item, Rect):
        return "<rect " + _attributes(
            **{"class": role}, x=item.x, y=item.y, width=item.width, height=item.height, fill=item.fill,
            stroke=item.stroke if item.stroke_width else None,
            stroke_width=item.stroke_width if item.stroke_width else None,
            fill_opacity=item.opacity if item.opacity < 1 else None,
        ) + "/>"
    if isinstance(item, Line):
        return "<line " + _attributes(
            **{"class": role}, x1=item.x1, y1=item.y1, x2=item.x2, y2=item.y2, stroke=item.stroke,
            stroke_width=item.stroke_width, stroke_linecap="round",
            stroke_dasharray="4 3" if item.dashed else None,
        ) + "/>"
    if isinstance(item, Polyline):
        points = " ".join(f"{_number(x)},{_number(y)}" for x, y in item.points)
        return "<polyline " + _attributes(
            **{"class": role}, points=points, fill="none", stroke=item.stroke, stroke_width=item.stroke_width,
            stroke_linecap="round", stroke_linejoin="round",
        ) + "/>"
    if isinstance(item, Text):
        return "<text " + _attributes(
            **{"class": role}, x=item.x, y=item.y, dy=".35em", font_size=item.size, fill=item.fill,
            font_weight="bold" if item.bold else None, text_anchor=item.anchor,
        ) + ">" + escape(item.text) + "</text>"
    raise TypeError(f"cannot draw {item!r} as SVG")


def to_svg(scene) -> str:
    """The whole ``Scene`` as one standalone SVG document (it imports ``to_svg``, not the reverse)."""
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        + _attributes(width=scene.width, height=scene.height)
        + f' viewBox="0 0 {_number(scene.width)} {_number(scene.height)}" '
        + _attributes(font_family=FONT)
        + ">"
    )
    lines = [head]
    if scene.title:
        lines.append(f"<title>{escape(scene.title)}</title>")
    lines.append(f'<rect width="{_number(scene.width)}" height="{_number(scene.height)}" fill="white"/>')
    lines.extend(_element(item) for item in scene.items)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
