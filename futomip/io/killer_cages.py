"""The "killer-cages" format: a Killer Sudoku as its size, then one cage per line.

    # comments start with '#', blank lines are skipped
    killer 9                 the first line: the word "killer" and the board size
    name Daily 2026-11-26    optional: the puzzle's name (the rest of the line)
    15: r1c1 r1c2 r2c1       a cage: its total, a colon, its cells as rRcC (1-based)
    r5c5 = 3                 optional: a given cell and its digit

Any order after the first line; cells are written ``r<row>c<column>`` (case does not
matter), so the form holds any square size.  Every rule of a Killer that a file can break
is reported at its position: a cell off the board or in two cages, a total that no set of
different digits in that many cells reaches, a cage of more than n cells, a given twice.
A file holds one puzzle.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.killer import Killer
from ._format import Format, one_line
from ._scan import MAX_SIZE, Field, content_lines, end_position, int_value, is_digits, name_from_path, split_fields
from .killer_common import check_cage_size, check_size, check_total

__all__ = ["FORMAT", "read", "write", "sniff"]

_CELL = re.compile(r"[rR]([0-9]+)[cC]([0-9]+)")
_HEADER = re.compile(r"\s*killer\s+[0-9]+\s*")


def sniff(text: str) -> bool:
    """Whether the first content line is ``killer N``."""
    lines = content_lines(text)
    return bool(lines) and _HEADER.fullmatch(lines[0][1]) is not None


def _number(field: Field, path: str, line: int, what: str) -> int:
    if not is_digits(field.text):
        found = f"'{field.text}'" if field.text else "nothing"
        raise DataFormatError(path, line, field.column, f"expected {what}, found {found}")
    return int_value(field.text)


def _cell(field: Field, size: int, path: str, line: int) -> tuple[int, int]:
    match = _CELL.fullmatch(field.text)
    if match is None:
        raise DataFormatError(path, line, field.column, f"expected a cell such as r1c1, found '{field.text}'")
    row, col = int_value(match.group(1)), int_value(match.group(2))
    if not (1 <= row <= size and 1 <= col <= size):
        raise DataFormatError(path, line, field.column,
                              f"expected a cell of the {size}x{size} board (rows and columns 1..{size}), "
                              f"found '{field.text}'")
    return row - 1, col - 1


def read(text: str, path: str = "<string>") -> list[Killer]:
    """The one puzzle in ``text``."""
    lines = content_lines(text)
    if not lines:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, "expected a line 'killer N', found the end of the file")
    number, header = lines[0]
    fields = split_fields(header, None)
    if fields[0].text != "killer":
        raise DataFormatError(path, number, fields[0].column, f"expected 'killer N', found '{fields[0].text}'")
    if len(fields) != 2:
        column = fields[2].column if len(fields) > 2 else len(header) + 1
        raise DataFormatError(path, number, column, "expected 'killer N' (the word and the size) alone on the line")
    size = _number(fields[1], path, number, "the board size")
    if not 1 <= size <= MAX_SIZE:
        raise DataFormatError(path, number, fields[1].column, f"expected a size in 1..{MAX_SIZE}, found {size}")
    check_size(size, path, number, fields[1].column)
    name = name_from_path(path)
    owner: dict[tuple[int, int], int] = {}
    givens = [[0] * size for _ in range(size)]
    cages = []
    for number, line in lines[1:]:
        fields = split_fields(line, None)
        first = fields[0]
        if first.text == "name":
            name = line[first.column - 1 + 4:].strip()
        elif first.text.endswith(":"):
            total = _number(Field(first.text[:-1], first.column), path, number, "a cage total")
            cells = []
            for field in fields[1:]:
                cell = _cell(field, size, path, number)
                if cell in owner:
                    raise DataFormatError(path, number, field.column,
                                          f"expected a cell in no other cage, found '{field.text}', already in the "
                                          f"cage on line {owner[cell]}")
                owner[cell] = number
                cells.append(cell)
            check_cage_size(len(cells), size, path, number, (fields[1].column if len(fields) > 1 else len(line) + 1))
            check_total(total, len(cells), size, path, number, first.column)
            cages.append((total, tuple(cells)))
        elif _CELL.fullmatch(first.text):
            r, c = _cell(first, size, path, number)
            if len(fields) != 3 or fields[1].text != "=":
                column = fields[1].column if len(fields) > 1 and fields[1].text != "=" else len(line) + 1
                raise DataFormatError(path, number, column, f"expected '{first.text} = DIGIT' for a given")
            value = _number(fields[2], path, number, f"a digit 1..{size}")
            if not 1 <= value <= size:
                raise DataFormatError(path, number, fields[2].column, f"expected a digit 1..{size}, found {value}")
            if givens[r][c]:
                raise DataFormatError(path, number, first.column, f"expected each cell given once, found "
                                                                  f"'{first.text}' again")
            givens[r][c] = value
        else:
            raise DataFormatError(path, number, first.column,
                                  f"expected a cage 'TOTAL: r1c1 ...', a given 'rRcC = D' or 'name ...', "
                                  f"found '{first.text}'")
    return [Killer(size, tuple(cages), tuple(map(tuple, givens)), name)]


def write(puzzle: Killer) -> str:
    """The puzzle as ``killer N``, its name, its givens and one line per cage."""
    lines = [f"killer {puzzle.size}"]
    name = one_line(puzzle.name).strip()  # a name of blanks is no name (the reader then takes the file's)
    if name:
        lines.append(f"name {name}")
    lines += [f"r{r + 1}c{c + 1} = {v}" for (r, c), v in puzzle.given_cells()]
    lines += [f"{cage.total}: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in cage.cells) for cage in puzzle.cages]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="killer-cages",
    kind="killer",
    extensions=(".killer", ".txt"),
    sniff=sniff,
    read=read,
    write=write,
    description="Killer Sudoku: 'killer N', then one cage per line 'TOTAL: r1c1 r1c2 ...', givens 'rRcC = D', "
                "optional 'name ...'",
)
