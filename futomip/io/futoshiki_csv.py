"""The "csv" format: a Futoshiki in the HCMUS course layout (``.txt`` or ``.csv``) used by
the TNhPhat and Chistaif benchmark sets::

    4              <- n alone
    0,3,0,4        <- n lines of the grid, 0 = empty
    ...
    1,-1,0         <- n lines of n-1 horizontal relations (row by row)
    ...
    0,-1,0,-1      <- n-1 lines of n vertical relations (between row r and r+1)
    ...

A relation is 1 when the left (upper) cell is smaller, -1 when it is larger, 0 for none.
Blanks around values are allowed; blank lines at the end of the file are ignored, and a
line with nothing to hold (the horizontal relations of a 1x1 board) may be left empty or
left out at the end.  Solved grids in the same layout (TNhPhat's ``expected/``) read as
puzzles whose every cell is given.

Detection: the first line is a positive whole number alone and the second holds commas
(for n = 1, a single number), which the grid format never has.  The writer mirrors the
reader and refuses (``UnsupportedFeatureError``) relations between non-neighbours.
Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.futoshiki import Cell, Futoshiki
from ._format import Format
from ._futoshiki import neighbour_relations, puzzle_name, require_futoshiki
from ._scan import end_position, int_value, MAX_SIZE, parse_integer, split_fields, text_lines

__all__ = ["FORMAT", "read", "write", "sniff"]

_RELATIONS = (-1, 0, 1)


def sniff(text: str) -> bool:
    """Whether ``text`` opens with n alone followed by a comma-separated grid row."""
    content = [line.strip() for line in text_lines(text) if line.strip()]
    if len(content) < 2 or not re.fullmatch(r"\+?[0-9]+", content[0]) or int_value(content[0]) < 1:
        return False
    if int_value(content[0]) == 1:
        return re.fullmatch(r"[-+]?[0-9]+", content[1]) is not None
    return "," in content[1]


def read(text: str, path: str = "<string>") -> list[Futoshiki]:
    """The one puzzle of a file in the HCMUS course layout."""
    lines = _Lines(text, path)
    size = _read_size(lines)
    board = [tuple(lines.numbers(size, f"values in grid row {r + 1}", range(size + 1),
                                 f"a value in 0..{size} (0 = empty)")) for r in range(size)]
    less: list[tuple[Cell, Cell]] = []
    for r in range(size):
        signs = lines.numbers(size - 1, f"horizontal relations in row {r + 1}", _RELATIONS,
                              "a relation -1, 0 or 1 (1: left cell smaller, -1: left cell larger)")
        less += _relations(signs, r, across=True)
    for r in range(size - 1):
        signs = lines.numbers(size, f"vertical relations between rows {r + 1} and {r + 2}", _RELATIONS,
                              "a relation -1, 0 or 1 (1: upper cell smaller, -1: upper cell larger)")
        less += _relations(signs, r, across=False)
    lines.finish(f"end of file after line {3 * size} (the last line of a {size}x{size} board)")
    return [Futoshiki(size, tuple(board), tuple(less), puzzle_name(path))]


def _relations(signs: list[int], row: int, across: bool) -> list[tuple[Cell, Cell]]:
    """Each nonzero sign of ``row`` as an inequality with the right (``across``) or lower neighbour."""
    found = []
    for k, sign in enumerate(signs):
        first, second = (row, k), ((row, k + 1) if across else (row + 1, k))
        if sign == 1:
            found.append((first, second))
        elif sign == -1:
            found.append((second, first))
    return found


def _read_size(lines: "_Lines") -> int:
    number, line = lines.take("the board size n")
    fields = split_fields(line, ",")
    if not fields:
        raise lines.fail(number, 1, "expected the board size n alone on the first line, found an empty line")
    if len(fields) > 1:
        raise lines.fail(number, fields[1].column, "expected the board size n alone on the first line, "
                                                   f"found a second value '{fields[1].text}'")
    text = fields[0].text
    if not re.fullmatch(r"\+?[0-9]+", text) or not 1 <= int_value(text) <= MAX_SIZE:
        raise lines.fail(number, fields[0].column, f"expected the board size n as a whole number in "
                                                   f"1..{MAX_SIZE}, found '{text}'")
    return int_value(text)


class _Lines:
    """The file's lines handed out one at a time, blank lines at the end left out."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self._lines = text_lines(text)
        while self._lines and not self._lines[-1].strip():
            self._lines.pop()
        self._next = 0

    def fail(self, number: int, column: int, message: str) -> DataFormatError:
        return DataFormatError(self.path, number, column, message)

    def take(self, expected: str, may_be_missing: bool = False) -> tuple[int, str]:
        """The next line and its number; at the end, "" if it ``may_be_missing``, else an error."""
        if self._next < len(self._lines):
            self._next += 1
            return self._next, self._lines[self._next - 1]
        if may_be_missing:
            return self._next + 1, ""
        line, column = end_position(self.text)
        raise self.fail(line, column, f"expected {expected} on line {self._next + 1}, found end of file")

    def numbers(self, count: int, what: str, allowed, meaning: str) -> list[int]:
        """The next line as ``count`` comma-separated integers, each one of ``allowed``."""
        number, line = self.take(f"{count} {what}", may_be_missing=count == 0)
        fields = split_fields(line, ",")
        if not count and fields:
            raise self.fail(number, fields[0].column, f"expected an empty line (a 1x1 board has no {what}), "
                                                      f"found '{line.strip()}'")
        if count and not fields:
            raise self.fail(number, 1, f"expected {count} {what}, found an empty line")
        values = []
        for index, field in enumerate(fields):
            if index >= count:
                raise self.fail(number, field.column, f"expected {count} {what}, found {len(fields)}")
            value = parse_integer(field, self.path, number)
            if value not in allowed:
                raise self.fail(number, field.column, f"expected {meaning}, found {value}")
            values.append(value)
        if len(values) < count:
            raise self.fail(number, len(line.rstrip()) + 1, f"expected {count} {what}, found {len(values)}")
        return values

    def finish(self, expected: str) -> None:
        """Fail at the first line left over, if any."""
        if self._next < len(self._lines):
            number, line = self._next + 1, self._lines[self._next]
            column = len(line) - len(line.lstrip()) + 1
            raise self.fail(number, column, f"expected {expected}, found '{line.strip()}'")


def write(puzzle: Futoshiki) -> str:
    """The puzzle in the HCMUS course layout (neighbour relations only)."""
    puzzle = require_futoshiki(puzzle, "csv")
    horizontal, vertical = neighbour_relations(puzzle, "csv")
    n = puzzle.size
    lines = [str(n)]
    lines += [",".join(map(str, row)) for row in puzzle.givens]
    lines += [",".join(str(horizontal.get((r, c), 0)) for c in range(n - 1)) for r in range(n)]
    lines += [",".join(str(vertical.get((r, c), 0)) for c in range(n)) for r in range(n - 1)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="csv",
    kind="futoshiki",
    extensions=(".txt", ".csv"),
    sniff=sniff,
    read=read,
    write=write,
    description="Futoshiki in the HCMUS course layout: n, grid rows, then -1/0/1 relation rows",
)
