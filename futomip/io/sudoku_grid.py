"""The "sudoku-grid" format: a Sudoku drawn as its board, one row per line (Simple Sudoku's
``.ss`` and the ``.sdk`` layout of many programs), with optional box rules.

    2..|.5.|..7          # comment lines start with '#'
    .8.|...|3..          '1'-'9' a given, '.' or '0' a blank;
    ...|..9|...          '|' and blanks inside a row are ignored
    -----------          a line of '-', '+', '|', '=' and blanks is a box rule
    ...

The first row's cell count sets the size (9 or 4; 16 or 25 with 'A'-'P' for 10-25); a file
may hold several boards one after another (blank lines between them are allowed).

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.sudoku import Sudoku
from ._format import Format
from ._scan import content_lines, end_position, name_from_path, numbered_name, text_lines
from .sudoku_common import SIZES, cell_char, cell_value, check_writable

__all__ = ["FORMAT", "read", "write", "sniff"]

_RULE = re.compile(r"[-+=| ]*-[-+=| ]*")
_ROW = re.compile(r"[0-9.|a-pA-P ]+")
_IGNORED = "| \t"


def _rows(text: str):
    """(line number, line) of every line that should be a board row."""
    for number, line in content_lines(text):
        if not _RULE.fullmatch(line.strip()):
            yield number, line


def sniff(text: str) -> bool:
    """Whether the rows are 4, 9, 16 or 25 cells of '1'-'9', 'A'-'P', '.', '0'; at
    least one '.' or box rule, so that a Futoshiki grid of bare digits stays Futoshiki's."""
    rows = [line for _, line in _rows(text)][:90]
    if not rows or not all(_ROW.fullmatch(line.strip()) for line in rows):
        return False
    counts = {sum(char not in _IGNORED for char in line) for line in rows}
    if len(counts) != 1 or counts.pop() not in SIZES:
        return False
    return "." in text or "|" in text or any(_RULE.fullmatch(line.strip()) for line in text_lines(text))


def read(text: str, path: str = "<string>") -> list[Sudoku]:
    """Every board in ``text``."""
    puzzles: list[Sudoku] = []
    base = name_from_path(path)
    size = None
    board: list[tuple[int, ...]] = []
    for number, line in _rows(text):
        cells = [(column, char) for column, char in enumerate(line, start=1) if char not in _IGNORED]
        if size is None:
            size = len(cells)
            if size not in SIZES:
                raise DataFormatError(path, number, cells[-1][0] + 1 if cells else 1,
                                      f"expected a first row of 9 (or 4, 16, 25) cells, found {size}")
        for column, char in cells[:size]:
            cell_value(char, size, path, number, column)  # a bad character before a bad count
        if len(cells) != size:
            column = cells[size][0] if len(cells) > size else len(line) + 1
            found = f"a cell {cells[size][1]!r} past them" if len(cells) > size else f"end of line after {len(cells)}"
            raise DataFormatError(path, number, column, f"expected {size} cells in board row {len(board) + 1}, found {found}")
        board.append(tuple(cell_value(char, size, path, number, column) for column, char in cells))
        if len(board) == size:
            ordinal = len(puzzles) + 1
            puzzles.append(Sudoku(size, tuple(board), numbered_name(base, ordinal)))
            board = []
    if board:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, f"expected {size} board rows, found end of file after {len(board)}")
    if not puzzles:
        raise DataFormatError(path, 1, 1, "expected a Sudoku board (9 rows of 9 cells), found no board row")
    if len(puzzles) == 1 and base:
        puzzles[0] = Sudoku(puzzles[0].size, puzzles[0].givens, base)
    return puzzles


def write(puzzle: Sudoku) -> str:
    """The board with '|' between boxes and a rule line between bands."""
    check_writable(puzzle, "sudoku-grid")
    box = puzzle.box
    lines = []
    for r, row in enumerate(puzzle.givens):
        if r and r % box == 0:
            lines.append("+".join("-" * box for _ in range(box)))
        lines.append("|".join("".join(cell_char(v) for v in row[b:b + box]) for b in range(0, puzzle.size, box)))
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="sudoku-grid",
    kind="sudoku",
    extensions=(".sdk", ".ss"),
    sniff=sniff,
    read=read,
    write=write,
    description="a Sudoku board, one row per line, '.' or '0' blank, optional '|' and '---+---' box rules",
)
