"""Pictures of puzzles, solutions, conflicts and the LP relaxation, as SVG or PNG.

    from futomip import draw
    draw.save(draw.puzzle_picture(puzzle, grid), "board.svg")
    draw.save(draw.result_picture(futomip.explain(puzzle)), "conflict.png")
    draw.save(draw.lp_picture(puzzle), "lp.svg")

and in a notebook every puzzle and every ``Result`` shows itself as its picture
(``_repr_svg_``).

How it is drawn: a picture is first a ``Scene`` (``scene``), a flat list of rectangles,
lines, chevrons and texts in pixel coordinates.  SVG is written from it directly
(``svg``: about 80 lines, no dependency, so every install can draw and a notebook needs
nothing more).  PNG is drawn by handing the *same* primitives to matplotlib (``png``),
an optional extra (``pip install 'futomip[plot]'``), rather than by rasterising the SVG:
matplotlib cannot read SVG, and SVG rasterisers (cairosvg, rsvg) need the Cairo C library
from the system, which pip alone cannot install; matplotlib ships as wheels everywhere,
and a scene is simple enough that the two writers show the same picture.

Kinds: the board of kind K is drawn by ``futomip.draw.K`` (``futoshiki``, ``str8ts``,
``nonogram``) with one function ``draw(puzzle, grid=None, marks=Marks(), cell=None)``;
``board.Board`` gives every kind the cell geometry, digits, rings, signs, bands and small
multiples, and ``latin`` what the Latin-family boards share (a Sudoku is ``latin.cells``
plus ``board.lines(boxes=(3, 3))``).  The LP heat map works for any kind whose model has an
``x(r,c,v)`` or ``black(r,c)`` family (``lp``).

Imports no solver and no model at import time; ``lp`` imports highspy and the kind's
model only when a heat map is asked for.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError
from .board import Marks
from .pictures import board, lp_picture, puzzle_picture, result_picture
from .scene import Scene
from .svg import to_svg

__all__ = ["Marks", "Scene", "board", "puzzle_picture", "result_picture", "lp_picture", "to_svg", "save",
           "notebook_svg", "SUFFIXES"]

SUFFIXES = (".svg", ".png")


def save(scene: Scene, path: str | Path) -> None:
    """Write ``scene`` to ``path``, as SVG or PNG by the suffix."""
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        Path(path).write_text(to_svg(scene), encoding="utf-8")
    elif suffix == ".png":
        from .png import save_png

        save_png(scene, str(path))
    else:
        raise UsageError(f"{path}: a picture file name must end in {' or '.join(SUFFIXES)}")


def notebook_svg(shown) -> str:
    """The SVG a notebook shows for a puzzle or a ``Result`` (their ``_repr_svg_``)."""
    if hasattr(shown, "status") and hasattr(shown, "puzzle"):
        return to_svg(result_picture(shown))
    return to_svg(puzzle_picture(shown))
