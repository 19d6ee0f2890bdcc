"""What the Sudoku formats share: the cell characters, the sizes they hold, and the error
for a cell character that is not one.

Both community formats write one character per cell: '1'-'9' a given, '.' or '0' a blank.
Boards of 16x16 and 25x25 continue with letters, as the 16x16 collections do: 'A' is 10,
'B' 11, ... 'G' 16, ... 'P' 25 (lower case is read too). One character per cell holds sizes
4, 9, 16 and 25; 36x36 would run past 'Z' and is refused by the writers.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.sudoku import Sudoku

__all__ = ["BLANKS", "CELL_CHARACTERS", "SIZES", "cell_value", "cell_char", "check_writable"]

BLANKS = ".0"
SIZES = (4, 9, 16, 25)


def cell_value(char: str, size: int, path: str, line: int, column: int) -> int:
    """The value of one cell character (0 for a blank), or a positioned error."""
    if char in BLANKS:
        return 0
    value = _VALUES.get(char.upper()) if len(char) == 1 else None
    if value is not None and value <= size:
        return value
    wanted = f"a digit 1-{size}" if size <= 9 else f"a cell 1-9 or A-{_CHARS[size - 1]}"
    raise DataFormatError(path, line, column, f"expected {wanted} or '.'/'0' for a blank cell, found {char!r}")


def cell_char(value: int) -> str:
    return "." if value == 0 else _CHARS[value - 1]


def check_writable(puzzle: Sudoku, format_name: str) -> None:
    if puzzle.size not in SIZES:
        raise UnsupportedFeatureError(
            f"the {format_name} format holds 4x4, 9x9, 16x16 and 25x25 Sudoku (one character per cell), "
            f"not {puzzle.size}x{puzzle.size}")


_CHARS = "123456789ABCDEFGHIJKLMNOP"
_VALUES = {char: value for value, char in enumerate(_CHARS, start=1)}
CELL_CHARACTERS = BLANKS + _CHARS + _CHARS.lower()
"""Every character a cell may be written with, for the sniffers."""
