"""The "grid-wide" format: the seed's text drawing of a Futoshiki for boards of any size,
with numbers of several digits and the signs as words between them::

    % lines whose first non-blank character is '%' are comments
    10 < 0    0    3   ...       a cell row: n numbers (0 blank), '<' or '>' between two
     .   ^    .    v   ...       a relation row: n marks, one per cell, under the cells
     0   0 >  12   0   ...

Cell rows and relation rows alternate, starting and ending with a cell row; every token
is separated from the next by blanks, so the columns need not line up (the writer aligns
them).  In a cell row, '<' between two numbers means the left cell is smaller, '>' larger.
In the relation row below cell row r, the c-th mark relates cell (r, c) to the cell below
it: '^' the top one is smaller, 'v' it is larger, '.' no relation.  The board size is the
number of cells in the first row.  A relation row is all '.' when there are no vertical
signs, which is also how the format is told apart from the one-digit ``grid``.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.futoshiki import Futoshiki
from ._format import Format
from ._futoshiki import neighbour_relations, puzzle_name, require_futoshiki
from ._scan import MAX_SIZE, Field, content_lines, end_position, int_value, is_digits, split_fields

__all__ = ["FORMAT", "read", "write", "sniff"]

_MARKS = {".": 0, "^": 1, "v": -1}
_RELATION_ROW = re.compile(r"\s*[.^v](\s+[.^v])*\s*")


def sniff(text: str) -> bool:
    """A first row of numbers with '<'/'>' words and a second row of as many '.', '^', 'v'."""
    lines = content_lines(text, "%")
    if not lines:
        return False
    cells = split_fields(lines[0][1], None)
    numbers = [f for f in cells if is_digits(f.text)]
    if not numbers or any(f.text not in "<>" and not is_digits(f.text) for f in cells):
        return False
    if len(lines) == 1:
        return False  # a 1x1 board is the one-digit grid's; a longer line is not a board
    if _RELATION_ROW.fullmatch(lines[1][1]) is None or len(lines[1][1].split()) != len(numbers):
        return False
    # What the one-digit grid cannot be: a '.' mark, a number of two digits, a wide gap.
    first = lines[0][1].strip()
    wide_gap = re.search(r"\S\s{2,}\S", first) or re.search(r"\S\s{2,}\S", lines[1][1].strip())
    if not ("." in lines[1][1] or any(len(f.text) > 1 for f in numbers) or wide_gap):
        return False
    # Drawings with blanks for "no sign" (solved boards of a course) look alike at the top:
    # only a board that reads to its end is claimed.
    try:
        read(text)
    except DataFormatError:
        return False
    return True


def read(text: str, path: str = "<string>") -> list[Futoshiki]:
    """The one puzzle in ``text``."""
    lines = content_lines(text, "%")
    if not lines:
        raise DataFormatError(path, 1, 1, "expected a cell row of numbers, found no content")
    size = None
    board: list[tuple[int, ...]] = []
    less: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for k, (number, line) in enumerate(lines):
        fields = split_fields(line, None)
        if k % 2 == 0:
            values = _cell_row(fields, len(board), size, path, number, line, less)
            if size is None:
                size = len(values)
                if size > MAX_SIZE:
                    raise DataFormatError(path, number, 1, f"expected at most {MAX_SIZE} cells in a row, found {size}")
                # Only now is the size known that the first row's own values must respect.
                for field in fields:
                    if is_digits(field.text) and int_value(field.text) > size:
                        raise DataFormatError(path, number, field.column,
                                              f"expected a value 0..{size} (the first row has {size} cells), "
                                              f"found {field.text[:30]}")
            board.append(values)
        else:
            _relation_row(fields, len(board) - 1, size, path, number, line, less)
        if len(board) == size and k % 2 == 0:
            if k + 1 < len(lines):
                after, rest = lines[k + 1]
                raise DataFormatError(path, after, len(rest) - len(rest.lstrip()) + 1,
                                      f"expected the end of the {size}x{size} board, found {rest.strip()[:30]!r}")
            break
    if len(board) < size:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, f"expected {size} cell rows, found end of file after {len(board)}")
    return [Futoshiki(size, tuple(board), tuple(less), puzzle_name(path))]


def _cell_row(fields: list[Field], r: int, size, path, number, line, less) -> tuple[int, ...]:
    values: list[int] = []
    expect_number = True
    for field in fields:
        if expect_number or field.text not in "<>":
            if not is_digits(field.text):
                wanted = "a number (0 for a blank)" if expect_number else "a number, '<' or '>'"
                raise DataFormatError(path, number, field.column, f"expected {wanted}, found {field.text[:30]!r}")
            if size is not None and len(values) == size:
                raise DataFormatError(path, number, field.column,
                                      f"expected {size} cells in row {r + 1} like the first row, found more")
            if size is not None and int_value(field.text) > size:
                raise DataFormatError(path, number, field.column, f"expected a value 0..{size}, found {field.text}")
            values.append(int_value(field.text))
            expect_number = False
        else:
            c = len(values) - 1
            left, right = (r, c), (r, c + 1)
            less.append((left, right) if field.text == "<" else (right, left))
            expect_number = True
    if expect_number or (size is not None and len(values) < size):
        raise DataFormatError(path, number, len(line.rstrip()) + 1,
                              f"expected {'a number after the sign' if expect_number else f'{size} cells'} in row "
                              f"{r + 1}, found end of line")
    return tuple(values)


def _relation_row(fields: list[Field], r: int, size, path, number, line, less) -> None:
    for c, field in enumerate(fields):
        if c == size:
            raise DataFormatError(path, number, field.column, f"expected {size} marks, one per cell, found more")
        if field.text not in _MARKS:
            raise DataFormatError(path, number, field.column,
                                  f"expected '.', '^' or 'v' under cell {c + 1}, found {field.text[:30]!r}")
        if _MARKS[field.text]:
            top, below = (r, c), (r + 1, c)
            less.append((top, below) if _MARKS[field.text] > 0 else (below, top))
    if len(fields) < size:
        raise DataFormatError(path, number, len(line.rstrip()) + 1,
                              f"expected {size} marks ('.', '^', 'v'), one per cell, found end of line after {len(fields)}")


def write(puzzle: Futoshiki) -> str:
    """The board with aligned columns; every relation row written, '.' where no sign."""
    require_futoshiki(puzzle, "grid-wide")
    horizontal, vertical = neighbour_relations(puzzle, "grid-wide")
    n = puzzle.size
    width = len(str(n))
    lines = []
    for r in range(n):
        cells = []
        for c in range(n):
            cells.append(f"{puzzle.givens[r][c]:>{width}}")
            if c < n - 1:
                cells.append({1: " < ", -1: " > "}.get(horizontal.get((r, c)), "   "))
        lines.append("".join(cells).rstrip())
        if r < n - 1:
            marks = [{1: "^", -1: "v"}.get(vertical.get((r, c)), ".").rjust(width) for c in range(n)]
            lines.append("   ".join(marks))
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="grid-wide",
    kind="futoshiki",
    extensions=(".txt",),
    sniff=sniff,
    read=read,
    write=write,
    description="the text drawing for any size: numbers and '<'/'>' words, relation rows of '.', '^', 'v'",
)
