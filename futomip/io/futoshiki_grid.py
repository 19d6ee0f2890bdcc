"""The "grid" format: a Futoshiki drawn as text, the notation of the seed documents (``.txt``)::

    % lines whose first non-blank character is '%' are comments
    0>3 5 1 0
                    <- a relation row; empty: no vertical relations here
    0 2 0 5 0
            ^       <- '^' under a cell: it is smaller than the cell below
    0 0 0 0 0

Cell rows and relation rows alternate, starting and ending with a cell row.  A cell row
holds one digit per cell (0 = blank) at every second character, with ' ', '<' or '>'
between neighbours ('<': the left cell is smaller).  In the relation row below cell row r,
a '^' (top smaller) or 'v' (top larger) at character position 2*c (0-based) relates cell
(r, c) to the cell below it; anything under a gap or past the last cell is an error.  The
board size is the number of cells in the first row, so boards are at most 9x9.  Trailing
whitespace is ignored, as are blank lines before the board and after it.

Detection: the first content line must be a cell row and the next a relation row (blank,
or only ' ', '^' and 'v').  A lone digit ("0" or "1") is a 1x1 grid only when nothing
follows it; the csv format, whose first line is the size alone, is always followed by grid
lines, so the two never claim the same file.

The writer is ``futomip.puzzles.futoshiki.render``; it refuses (``UnsupportedFeatureError``)
boards larger than 9x9 and relations this drawing cannot hold.
Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.futoshiki import Cell, Futoshiki, render
from ._format import Format, one_line
from ._futoshiki import neighbour_relations, puzzle_name, require_futoshiki
from ._scan import DIGITS, end_position, int_value, text_lines

__all__ = ["FORMAT", "read", "write", "sniff"]

# One digit per cell is what keeps the relation markers in fixed columns.
_MAX_CELLS = 9
_CELL_ROW = re.compile(r"[0-9](?:[ <>][0-9])*")
_RELATION_ROW = re.compile(r"[ ^v]*")


def _content(text: str) -> list[tuple[int, str]]:
    """The numbered lines that are not comments, trailing whitespace removed."""
    return [(number, line.rstrip()) for number, line in enumerate(text_lines(text), 1)
            if not line.lstrip().startswith("%")]


def sniff(text: str) -> bool:
    """Whether the board opens with a cell row and then a relation row (a lone digit: nothing after).

    Looking at the second line too keeps other digit layouts out (a Str8ts or nonogram file
    whose first line happens to look like a cell row continues with more digits), while a
    file malformed further down is still claimed and gets the reader's precise error.
    """
    board = [line for _, line in _content(text)]
    while board and not board[0]:
        board.pop(0)
    while board and not board[-1]:
        board.pop()
    if not board or not _CELL_ROW.fullmatch(board[0]):
        return False
    if len(board[0]) == 1:
        return len(board) == 1
    return len(board) == 1 or _RELATION_ROW.fullmatch(board[1]) is not None


def read(text: str, path: str = "<string>") -> list[Futoshiki]:
    """The one puzzle drawn in ``text`` (see the module docstring for the rules)."""
    rows = _content(text)
    while rows and not rows[0][1]:
        rows.pop(0)
    while rows and not rows[-1][1]:
        rows.pop()
    if not rows:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, "expected a first cell row such as '0 0<0', found end of file")
    reader = _BoardReader(path)
    for slot, (number, line) in enumerate(rows):
        reader.line(slot, number, line)
    return [reader.finish(text, puzzle_name(path))]


class _BoardReader:
    """Reads the board one content line at a time; ``slot`` counts cell and relation rows."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.size: int | None = None
        self.board: list[tuple[int, ...]] = []
        self.less: list[tuple[Cell, Cell]] = []

    def fail(self, number: int, column: int, message: str) -> DataFormatError:
        return DataFormatError(self.path, number, column, message)

    def line(self, slot: int, number: int, line: str) -> None:
        if self.size is not None and slot >= 2 * self.size - 1:
            self._after_board(number, line)
        elif slot % 2 == 0:
            self._cell_row(slot // 2, number, line)
        else:
            self._relation_row(slot // 2, number, line)

    def finish(self, text: str, name: str) -> Futoshiki:
        assert self.size is not None
        if len(self.board) < self.size:
            line, column = end_position(text)
            raise self.fail(line, column, f"expected {self.size} cell rows (as many as the first row has cells), "
                                          f"found end of file after {len(self.board)}")
        return Futoshiki(self.size, tuple(self.board), tuple(self.less), name)

    def _after_board(self, number: int, line: str) -> None:
        if not line:
            return
        column = len(line) - len(line.lstrip()) + 1
        char = line[column - 1]
        if char in "^v":
            raise self.fail(number, column, f"expected nothing below the last row {self.size} of the board, "
                                            f"found {char!r} (there is no row below it to relate to)")
        raise self.fail(number, column, f"expected the end of the {self.size}x{self.size} board after row "
                                        f"{self.size} (the first row has {self.size} cells), found {char!r}")

    def _cell_row(self, row: int, number: int, line: str) -> None:
        if not line:
            raise self.fail(number, 1, f"expected cell row {row + 1}, found an empty line "
                                       "(one relation row stands between two cell rows)")
        values = []
        for position, char in enumerate(line):
            if position % 2 == 0:
                self._check_cell_char(row, number, position, char)
                values.append(int_value(char))
            else:
                self._check_separator(row, number, position, char)
        if len(line) % 2 == 0:
            raise self.fail(number, len(line) + 1, f"expected a cell after {line[-1]!r} at the end of row "
                                                   f"{row + 1}, found end of line")
        if self.size is None:
            # The first row sets the size, so only now can its own values be checked.
            self.size = len(values)
            for cell, value in enumerate(values):
                self._check_value(number, 2 * cell, value)
        elif len(values) < self.size:
            raise self.fail(number, len(line) + 1, f"expected {self.size} cells in row {row + 1} like the "
                                                   f"first row, found end of line after {len(values)}")
        self.board.append(tuple(values))

    def _check_cell_char(self, row: int, number: int, position: int, char: str) -> None:
        cell = position // 2
        if self.size is not None and cell >= self.size:
            raise self.fail(number, position + 1, f"expected {self.size} cells in row {row + 1} like the "
                                                  f"first row, found a cell {char!r} past them")
        if cell >= _MAX_CELLS:
            raise self.fail(number, position + 1, f"expected at most {_MAX_CELLS} cells in a row (one digit "
                                                  f"per cell), found a cell {char!r} in column {cell + 1}")
        if char not in DIGITS:
            raise self.fail(number, position + 1, f"expected a digit for the cell in column {cell + 1}, "
                                                  f"found {char!r}")
        if self.size is not None:
            self._check_value(number, position, int_value(char))

    def _check_value(self, number: int, position: int, value: int) -> None:
        assert self.size is not None
        if value > self.size:
            raise self.fail(number, position + 1, f"expected a value in 0..{self.size} (0 = blank), found {value}")

    def _check_separator(self, row: int, number: int, position: int, char: str) -> None:
        left = position // 2
        if char not in " <>":
            hint = " (cells take one digit each, two characters apart)" if char in DIGITS else ""
            raise self.fail(number, position + 1, f"expected ' ', '<' or '>' between the cells of columns "
                                                  f"{left + 1} and {left + 2}, found {char!r}{hint}")
        if char == "<":
            self.less.append(((row, left), (row, left + 1)))
        elif char == ">":
            self.less.append(((row, left + 1), (row, left)))

    def _relation_row(self, row: int, number: int, line: str) -> None:
        assert self.size is not None
        for position, char in enumerate(line):
            if char == " ":
                continue
            if char not in "^v":
                hint = " (a blank line stands between cell rows without relations)" if char in DIGITS else ""
                raise self.fail(number, position + 1, f"expected '^', 'v' or ' ' in the relation row below row "
                                                      f"{row + 1}, found {char!r}{hint}")
            cell = position // 2
            if position % 2:
                raise self.fail(number, position + 1, f"expected '^' or 'v' directly under a cell, found {char!r} "
                                                      f"under the gap between columns {cell + 1} and {cell + 2}")
            if cell >= self.size:
                raise self.fail(number, position + 1, f"expected '^' or 'v' under one of the {self.size} cells, "
                                                      f"found {char!r} past the last cell")
            top, bottom = (row, cell), (row + 1, cell)
            self.less.append((top, bottom) if char == "^" else (bottom, top))


def write(puzzle: Futoshiki) -> str:
    """The puzzle drawn in the grid notation, preceded by its name as a comment."""
    puzzle = require_futoshiki(puzzle, "grid")
    if puzzle.size > _MAX_CELLS:
        raise UnsupportedFeatureError(
            f"the grid format draws one digit per cell, so it holds boards up to {_MAX_CELLS}x{_MAX_CELLS}; "
            f"this one is {puzzle.size}x{puzzle.size}"
        )
    # Checked before drawing: render lists what it cannot draw below the board, which
    # this format could not read back.
    neighbour_relations(puzzle, "grid")
    title = one_line(puzzle.name)
    header = f"% Futoshiki {title}\n" if title else ""
    return header + render(puzzle) + "\n"


FORMAT = Format(
    name="grid",
    kind="futoshiki",
    extensions=(".txt",),
    sniff=sniff,
    read=read,
    write=write,
    description="Futoshiki drawn as text: digits (0 = blank), '<' '>' between cells, '^' 'v' rows between",
)
