"""A ``Scene`` as a PNG image, drawn with matplotlib (the optional ``plot`` extra).

The scene's primitives are handed to matplotlib one by one (rectangle -> ``Rectangle``,
line and polyline -> ``Line2D``, text -> ``Axes.text``) on axes that span the whole figure,
with one axis unit per point (1/72 inch) and y pointing down, so a scene of W x H pixels
becomes a PNG of W*scale x H*scale pixels that matches the SVG.  matplotlib is imported only
here and only when a PNG is asked for; without it the message names the extra to install.
"""

from __future__ import annotations

import warnings

from .scene import Line, Polyline, Rect, Scene, Text

__all__ = ["save_png", "require_matplotlib", "INSTALL_HINT"]

INSTALL_HINT = "pip install 'futomip[plot]'"


def require_matplotlib():
    """``matplotlib`` with its file-only backend, or a ``MatplotlibMissing`` naming the extra."""
    from ..errors import MatplotlibMissing

    try:
        import matplotlib
    except ImportError:
        raise MatplotlibMissing(f"a PNG picture needs matplotlib: {INSTALL_HINT} (or write .svg, which needs nothing)") from None
    # Agg draws into files without a display; pyplot is never imported, so a notebook's own
    # backend is left as the user set it.
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: F401

    return matplotlib


def save_png(scene: Scene, path: str, scale: float = 2.0) -> None:
    """Write ``scene`` to ``path`` as PNG, ``scale`` pixels per scene pixel."""
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    points_per_inch = 72.0
    figure = Figure(figsize=(scene.width / points_per_inch, scene.height / points_per_inch), dpi=points_per_inch * scale)
    FigureCanvasAgg(figure)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, scene.width)
    axes.set_ylim(scene.height, 0)
    axes.set_axis_off()
    figure.patch.set_facecolor("white")
    # matplotlib ships DejaVu Sans, the first font the SVG asks for; naming the SVG's
    # fallbacks here would only make matplotlib warn about each missing one.
    family = "DejaVu Sans"
    for order, item in enumerate(scene.items):
        if isinstance(item, Rect):
            axes.add_patch(Rectangle(
                (item.x, item.y), item.width, item.height, zorder=order,
                facecolor=item.fill if item.fill != "none" else "none",
                edgecolor=item.stroke if item.stroke_width else "none",
                linewidth=item.stroke_width, alpha=item.opacity if item.opacity < 1 else None,
            ))
        elif isinstance(item, Line):
            axes.add_line(Line2D((item.x1, item.x2), (item.y1, item.y2), color=item.stroke, zorder=order,
                                 linewidth=item.stroke_width, solid_capstyle="round",
                                 linestyle=(0, (4 / max(item.stroke_width, 0.1), 3 / max(item.stroke_width, 0.1)))
                                 if item.dashed else "-"))
        elif isinstance(item, Polyline):
            xs, ys = zip(*item.points)
            axes.add_line(Line2D(xs, ys, color=item.stroke, linewidth=item.stroke_width, zorder=order,
                                 solid_capstyle="round", solid_joinstyle="round"))
        elif isinstance(item, Text):
            axes.text(item.x, item.y, item.text, fontsize=item.size, color=item.fill, zorder=order,
                      fontweight="bold" if item.bold else "normal", family=family,
                      ha={"middle": "center", "start": "left", "end": "right"}[item.anchor], va="center")
        else:
            raise TypeError(f"cannot draw {item!r} as PNG")
    with warnings.catch_warnings():
        # A character DejaVu Sans lacks (a CJK puzzle name) is drawn as a box, and matplotlib
        # would print a warning with its own source line for each; the SVG shows such text.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        figure.savefig(path, format="png", dpi=points_per_inch * scale, facecolor="white")
