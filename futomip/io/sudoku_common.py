"""What the Sudoku formats share: the cell characters, the sizes they hold, and the error
for a cell character that is not one.

Both community formats write one character per cell: '1'-'9' a given, '.' or '0' a blank.
With one character per cell they hold sizes 4 (2x2 boxes) and 9 (3x3 boxes) only; larger
boards need a format with separators between cells, which the community has not settled on.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.sudoku import Sudoku

__all__ = ["BLANKS", "SIZES", "cell_value", "cell_char", "check_writable"]

BLANKS = ".0"
SIZES = (4, 9)


def cell_value(char: str, size: int, path: str, line: int, column: int) -> int:
    """The value of one cell character (0 for a blank), or a positioned error."""
    if char in BLANKS:
        return 0
    if "1" <= char <= "9" and len(char) == 1 and int(char) <= size:
        return int(char)
    raise DataFormatError(path, line, column,
                          f"expected a digit 1-{size} or '.'/'0' for a blank cell, found {char!r}")


def cell_char(value: int) -> str:
    return "." if value == 0 else str(value)


def check_writable(puzzle: Sudoku, format_name: str) -> None:
    if puzzle.size not in SIZES:
        raise UnsupportedFeatureError(
            f"the {format_name} format holds 4x4 and 9x9 Sudoku (one character per cell), "
            f"not {puzzle.size}x{puzzle.size}")

