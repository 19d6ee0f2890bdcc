"""The "sudoku-line" format: one Sudoku per line, the cells row by row (the form of the big
public Sudoku collections, e.g. the 17-clue list and the "hardest" lists).

    4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........  optional name
    # a comment line (or // ...); blank lines are skipped
    ..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..  hard-c  # a comment

81 characters for a 9x9 (16 for a 4x4, 256 for a 16x16, 625 for a 25x25): '1'-'9' a given,
then 'A'-'P' for 10-25 on the larger boards, '.' or '0' a blank.  After the
cells, a ``#`` or ``//`` that opens a word starts a comment to the end of the line (Norvig's
``top95.txt`` has ``// from https://...`` there); what is left after a blank is the
puzzle's name (collections put ratings or sources there), else the name is ``file#k``.  A
marker inside a word is part of the name (``https://...``, ``set#4``).  A file holds any
number of puzzles; ``--index`` picks one.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.sudoku import Sudoku
from ._format import Format, one_line
from ._scan import comment_start, content_lines, name_from_path, numbered_name
from .sudoku_common import CELL_CHARACTERS, SIZES, cell_char, cell_value, check_writable

__all__ = ["FORMAT", "read", "write", "sniff"]

_CELLS = {size * size: size for size in SIZES}
_COMMENTS = ("#", "//")
_LINE = re.compile(r"([0-9.]{16}|[0-9.]{81}|[0-9.a-gA-G]{256}|[0-9.a-pA-P]{625})((?:\s|#|//).*)?")


def sniff(text: str) -> bool:
    """Whether every puzzle line starts with 16, 81, 256 or 625 cell characters and a blank
    or a comment follows."""
    lines = [line for _, line in content_lines(text, _COMMENTS)]
    return bool(lines) and all(_LINE.fullmatch(line) for line in lines[:50])


def read(text: str, path: str = "<string>") -> list[Sudoku]:
    """Every puzzle in ``text``, in file order."""
    puzzles = []
    base = name_from_path(path)
    for number, line in content_lines(text, _COMMENTS):
        puzzles.append(_read_line(line, number, path, base, len(puzzles) + 1))
    if not puzzles:
        raise DataFormatError(path, 1, 1, "expected a line of 81 (or 16) Sudoku cells, found no puzzle line")
    return puzzles


def _read_line(line: str, number: int, path: str, base: str, ordinal: int) -> Sudoku:
    start = len(line) - len(line.lstrip())
    cells = line[start:].split(None, 1)[0]
    # No cell character starts a comment, so one may follow the cells without a blank.
    cells = cells[:min([cells.find(marker) for marker in _COMMENTS if marker in cells], default=len(cells))]
    rest = line[start + len(cells):]
    rest = rest[:comment_start(rest, _COMMENTS)].strip()
    if len(cells) not in _CELLS:
        # Point at the first character that cannot be a cell, else at the end of the cells.
        bad = next((i for i, char in enumerate(cells) if char not in CELL_CHARACTERS), None)
        column = start + 1 + (bad if bad is not None else len(cells))
        shown = repr(cells[bad]) if bad is not None else f"{len(cells)} characters"
        raise DataFormatError(path, number, column,
                              f"expected 81 (9x9), 16 (4x4), 256 (16x16) or 625 (25x25) cell characters, found {shown}")
    size = _CELLS[len(cells)]
    values = [cell_value(char, size, path, number, start + 1 + i) for i, char in enumerate(cells)]
    givens = tuple(tuple(values[r * size:(r + 1) * size]) for r in range(size))
    name = rest or numbered_name(base, ordinal)
    return Sudoku(size, givens, name)


def write(puzzle: Sudoku) -> str:
    """The puzzle as one line, with its name after a blank when it has one.

    The format has no way to quote a comment marker: a name is written up to a ``#`` or
    ``//`` that opens a word (what a reader would take as the name), on one line."""
    check_writable(puzzle, "sudoku-line")
    cells = "".join(cell_char(value) for row in puzzle.givens for value in row)
    name = one_line(puzzle.name)
    name = name[:comment_start(name, _COMMENTS)].strip()
    return f"{cells}  {name}\n" if name else cells + "\n"


FORMAT = Format(
    name="sudoku-line",
    kind="sudoku",
    extensions=(".sdm", ".txt"),
    sniff=sniff,
    read=read,
    write=write,
    description="one Sudoku per line: 81 (or 16, 256, 625) cells row by row, '.' or '0' blank, optional name after a blank, "
                "# or // comments",
)
