"""The "tatham-pattern" format: game IDs of Simon Tatham's "Pattern" (his nonogram), one per line.

    5x5:2/1.1/3/1.1/2/2/1.1/3/1.1/2

Before the colon the size, ``WxH`` (or ``N`` for N x N).  After it the W column clues, left
to right, then the H row clues, top to bottom, separated by ``/``; a clue is its run
lengths joined by ``.``, and an empty clue (nothing between two slashes) is an all-white
line.  Pattern's optional list of pre-filled squares (after a comma) is refused: futomip's
nonograms have clues only.  Lines that are blank or start with ``#`` are skipped.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from ..errors import DataFormatError
from ..puzzles.nonogram import Nonogram
from ._format import Format
from ._scan import MAX_SIZE, content_lines, int_value, is_digits, name_from_path, numbered_name
from .nonogram_common import require_writable

__all__ = ["FORMAT", "read", "write", "sniff"]

_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?")
_ID = re.compile(r"\s*[0-9]+(x[0-9]+)?:[0-9./]*\s*")


def sniff(text: str) -> bool:
    lines = [line for _, line in content_lines(text)]
    return bool(lines) and all(_ID.fullmatch(line) for line in lines[:20]) and "/" in lines[0]


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """Every game ID in ``text``."""
    base = name_from_path(path)
    puzzles = [_read_id(line, number, path) for number, line in content_lines(text)]
    if not puzzles:
        raise DataFormatError(path, 1, 1, "expected a game ID 'WxH:clues', found no line with one")
    return [Nonogram(p.rows, p.cols, base if len(puzzles) == 1 else numbered_name(base, k + 1))
            for k, p in enumerate(puzzles)]


def _read_id(line: str, number: int, path: str) -> Nonogram:
    start = len(line) - len(line.lstrip())
    params, colon, description = line.strip().partition(":")
    match = _PARAMS.fullmatch(params)
    if not colon or match is None:
        raise DataFormatError(path, number, start + 1, f"expected a size and a colon ('10x10:'), found {params[:30]!r}")
    width = int_value(match.group(1))
    height = int_value(match.group(2)) if match.group(2) else width
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise DataFormatError(path, number, start + 1, f"expected a size in 1..{MAX_SIZE}, found {params}")
    column = start + len(params) + 2
    if "," in description:
        raise DataFormatError(path, number, column + description.index(","),
                              "expected clues only, found Pattern's pre-filled squares after ',' (not supported)")
    clues = description.split("/")
    if len(clues) != width + height:
        at = column + len(description) if len(clues) < width + height else \
            column + len("/".join(clues[:width + height])) + 1
        raise DataFormatError(path, number, at, f"expected {width} column and {height} row clues separated by '/', "
                                                f"found {len(clues)}")
    lines = []
    for index, clue in enumerate(clues):
        runs = []
        for piece in clue.split(".") if clue else []:
            if not is_digits(piece) or int_value(piece) < 1:
                raise DataFormatError(path, number, column,
                                      f"expected run lengths (positive integers) joined by '.', found {clue[:30]!r}")
            runs.append(int_value(piece))
        lines.append(tuple(runs))
        column += len(clue) + 1
    return Nonogram(tuple(lines[width:]), tuple(lines[:width]))


def write(puzzle: Nonogram) -> str:
    """The puzzle as one Pattern game ID."""
    require_writable(puzzle, "tatham-pattern")
    clues = [".".join(str(run) for run in clue) for clue in puzzle.cols + puzzle.rows]
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(clues) + "\n"


FORMAT = Format(
    name="tatham-pattern",
    kind="nonogram",
    extensions=(".pattern-id",),
    sniff=sniff,
    read=read,
    write=write,
    description="Simon Tatham's Pattern game IDs: 'WxH:' then column and row clues, runs joined by '.', lines by '/'",
)
