"""Whole pictures: a board framed with a title and a caption that says what is shown.

- ``puzzle_picture``: the puzzle, or the puzzle with a grid filled in;
- ``result_picture``: what a ``Result`` established (a solution, a solution beside a second
  one with the differing cells marked, an explained conflict, or the bare puzzle and why);
- ``lp_picture``: the LP relaxation heat map (``futomip.draw.lp``).

The board itself comes from the kind's drawing module, ``futomip.draw.<kind>``, whose
``draw(puzzle, grid=None, marks=Marks(), cell=None) -> Scene`` is all a new kind adds.
"""

from __future__ import annotations

import importlib
import math

from ..errors import UnsupportedFeatureError
from .board import Marks
from .scene import Scene, Text, beside

__all__ = ["board", "puzzle_picture", "result_picture", "lp_picture", "describe"]

_MARGIN = 12.0
_TITLE = 15.0
_CAPTION = 11.5
# Widths of DejaVu Sans characters in font sizes, roughly (bold is about 10% wider): enough
# to wrap captions to the board's width without measuring fonts.
_NARROW, _WIDE = set("iljtfr.,:;!|'()[] "), set("mwMW—")
_MAX_CLUES_LISTED = 8


def board(puzzle, grid=None, marks: Marks = Marks(), cell: float | None = None) -> Scene:
    """The bare board of ``puzzle`` drawn by its kind's module."""
    name = f"{__package__}.{puzzle.kind}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the drawing module exists but something it imports does not
        raise UnsupportedFeatureError(f"there is no drawing for {puzzle.kind} puzzles yet "
                                      f"(a module futomip/draw/{puzzle.kind}.py would add one)") from None
    return module.draw(puzzle, grid, marks, cell)


def describe(puzzle) -> str:
    """"Futoshiki 7x7", "Nonogram 5x5 (rows x columns)", with the puzzle's name if any."""
    size = f"{puzzle.height}x{puzzle.width}" if hasattr(puzzle, "height") else f"{puzzle.size}x{puzzle.size}"
    name = f" “{puzzle.name}”" if getattr(puzzle, "name", "") else ""
    return f"{puzzle.kind.capitalize()} {size}{name}"


def _text_width(text: str, size: float, bold: bool = False) -> float:
    em = sum(0.34 if ch in _NARROW else 0.95 if ch in _WIDE else 0.74 if ch.isupper() else 0.62 for ch in text)
    return em * size * (1.1 if bold else 1.0)


def _wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def framed(content: Scene, title: str, caption: list[str] = (), min_width: float = 300.0) -> Scene:
    """``content`` under a bold ``title`` and above ``caption`` lines wrapped to its width."""
    # A short title widens a narrow picture rather than wrapping; a long one wraps.
    width = max(content.width, min_width, min(_text_width(title, _TITLE, bold=True), 520.0)) + 2 * _MARGIN
    title_lines = _wrap(title, _TITLE, width - 2 * _MARGIN, bold=True)
    lines = [line for paragraph in caption for line in _wrap(paragraph, _CAPTION, width - 2 * _MARGIN)]
    title_height = len(title_lines) * _TITLE * 1.35
    height = _MARGIN + title_height + 8 + content.height + (8 + len(lines) * _CAPTION * 1.45 if lines else 0) + _MARGIN
    # Whole pixels, so that a PNG has exactly the scene's size times its scale.
    width, height = math.ceil(width), math.ceil(height)
    scene = Scene(width, height, title=title)
    for k, line in enumerate(title_lines):
        scene.add(Text(_MARGIN, _MARGIN + _TITLE * (0.6 + 1.35 * k), line, _TITLE, "#111111", "title", True, "start"))
    top = _MARGIN + title_height + 8
    scene.place(content, _MARGIN + (width - 2 * _MARGIN - content.width) / 2, top)
    y = top + content.height + 8 + _CAPTION * 0.7
    for line in lines:
        scene.add(Text(_MARGIN, y, line, _CAPTION, "#333333", "caption", anchor="start"))
        y += _CAPTION * 1.45
    return scene


def puzzle_picture(puzzle, grid=None, title: str | None = None, caption: list[str] = ()) -> Scene:
    """The puzzle (with ``grid`` filled in when given) under a title."""
    what = "solved" if grid is not None else "puzzle"
    return framed(board(puzzle, grid), title or f"{describe(puzzle)} — {what}", list(caption))


def _pair_text(result) -> str:
    seconds = result.seconds.get("total")
    parts = [f"{result.backend}/{result.solver}" if result.backend else "", result.encoding and f"encoding {result.encoding}",
             f"{seconds:.2f} s" if seconds is not None else ""]
    return ", ".join(part for part in parts if part)


def result_picture(result) -> Scene:
    """What ``result`` established, drawn (see the module text)."""
    puzzle = result.puzzle
    name = describe(puzzle)
    legend = "Bold black digits are givens, blue digits were solved." if puzzle.kind != "nonogram" else ""
    if puzzle.kind == "adjacent":
        legend += " A bar: the two cells differ by 1; no bar: they do not."
    if result.conflict:
        caption = [result.message] if result.message else []
        listed = [clue.text for clue in result.conflict[:_MAX_CLUES_LISTED]]
        more = len(result.conflict) - len(listed)
        caption.append("Blamed (in red): " + "; ".join(listed) + (f"; and {more} more" if more > 0 else ""))
        return framed(board(puzzle, marks=Marks(conflict=tuple(result.conflict))),
                      f"{name} — {result.status}: {len(result.conflict)} clues conflict", caption)
    if result.grid is not None and result.second is not None:
        differs = frozenset((r, c) for r, row in enumerate(result.grid) for c, value in enumerate(row)
                            if result.second[r][c] != value)
        marks = Marks(differs=differs)
        pair = beside([framed(board(puzzle, result.grid, marks), "a solution", min_width=0),
                       framed(board(puzzle, result.second, marks), "another solution", min_width=0)])
        return framed(pair, f"{name} — not unique: two solutions",
                      [f"The {len(differs)} cells where they differ are marked amber. {legend}".strip(),
                       _pair_text(result)])
    if result.grid is not None:
        count = len(result.solutions) if result.solutions else 0
        detail = {True: "unique (proved)", False: "not unique"}.get(result.unique, "solved")
        if count > 1:
            detail = f"{count} solutions{'' if result.complete else ' (or more)'}; the first is shown"
        caption = [legend, _pair_text(result)] + ([result.message] if result.message else [])
        return framed(board(puzzle, result.grid), f"{name} — {detail}", [line for line in caption if line])
    caption = [result.message or "", _pair_text(result)]
    return framed(board(puzzle), f"{name} — {result.status}", [line for line in caption if line])


def lp_picture(puzzle, encoding: str | None = None, time_limit: float | None = None, relaxation=None) -> Scene:
    """The heat map of what the LP relaxation of ``puzzle``'s model believes (``relaxation``:
    an already computed ``lp.relax`` result)."""
    from .lp import relax

    relaxation = relaxation or relax(puzzle, encoding, time_limit)
    name = describe(puzzle)
    title = f"{name} — LP relaxation (encoding {relaxation.encoding})"
    bound = ("The model has no objective (it only asks for a feasible grid), so the LP's bound says nothing "
             "and is not shown.")
    if relaxation.status == "infeasible":
        return framed(board(puzzle), title, [
            "The LP relaxation is infeasible: the relaxation alone proves that the puzzle has no solution, "
            "before any branching.", bound])
    if relaxation.heat is None:
        return framed(board(puzzle), title, ["The time limit ran out before the first LP was solved."])
    if puzzle.kind == "nonogram":
        shown = "Each cell is shaded by its fraction black"
        exact = ("A cell all black or all white (no number) is forced by the LP alone; other fractions show where "
                 "the LP may go, they are not probabilities.")
        decided = f"{relaxation.forced} of {relaxation.drawn} cells"
    else:
        shown = "Each open cell shows its values, each shaded by its weight"
        exact = ("A weight of exactly 1 (bold white digit) or 0 (faint grey digit) is forced by the LP alone; other "
                 "weights show where the LP may go, they are not probabilities.")
        open_cells = sum(1 for row in puzzle.givens for v in row if not v) - _black_count(puzzle)
        decided_cells = sum(1 for (r, c), weights in relaxation.heat.items()
                            if not puzzle.givens[r][c] and max(weights.values()) == 1.0)
        decided = f"{decided_cells} of {open_cells} open cells"
    caption = [
        f"{shown} at a point inside the LP relaxation (the mean of {relaxation.solves} LP solutions).",
        exact,
        f"The LP decides {decided}. {bound}",
    ]
    if relaxation.status != "optimal":
        caption.insert(0, "Stopped at the time limit: weights of 0 and 1 may not be forced.")
    return framed(board(puzzle, marks=Marks(heat=relaxation.heat)), title, caption)


def _black_count(puzzle) -> int:
    """Black cells without a digit (Str8ts), which are neither given nor open."""
    black = getattr(puzzle, "black", None)
    if black is None:
        return 0
    return sum(1 for r, row in enumerate(black) for c, b in enumerate(row) if b and not puzzle.givens[r][c])
