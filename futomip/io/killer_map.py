"""The "killer-map" format: a sudoku-line of givens, a map of cage labels, then the totals.

    # comments start with '#'
    .................................................................................  name
    AABBCCDDE            the cage map: one row per line, one label per cell;
    FGGHHCDDE            '.' marks a cell in no cage
    ...                  (n rows of n labels)
    A=3 B=15 C=22        then each label's total, 'LABEL=TOTAL', any number per line
    D=17 ...

The givens line is a sudoku-line (``sudoku_line``): 81 (or 16) characters, '1'-'9' a given,
'.' or '0' a blank, optionally a name after a blank.  Labels are the letters A-Z, a-z and the
digits 0-9 (62 cages at most; each label is one cage, whether or not its cells touch).  Every
label of the map needs exactly one total and every total a label of the map; a total that
no set of different digits in that many cells reaches is an error at the total.  Sizes 4 and 9
(one character per cell).  A file holds one puzzle.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
import string

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.killer import Killer
from ._format import Format, one_line
from ._scan import content_lines, end_position, int_value, is_digits, name_from_path, split_fields
from .killer_common import check_cage_size, check_total
from .sudoku_common import cell_char, cell_value

__all__ = ["FORMAT", "read", "write", "sniff"]

LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits
MAP_SIZES = (4, 9)
"""The boards whose cage map this format reads (a map row is one label per cell)."""
_GIVENS = re.compile(r"\s*([0-9.]{16}|[0-9.]{81})(\s.*)?")
_MAP_ROW = re.compile(r"\s*[A-Za-z0-9.]+\s*")
_TOTAL = re.compile(r"([A-Za-z0-9])=([0-9]+)")


def sniff(text: str) -> bool:
    """Whether a givens line is followed by a map row of as many labels as the board is wide
    and a 'LABEL=TOTAL' line comes later."""
    lines = [line for _, line in content_lines(text)][:40]
    if len(lines) < 3:
        return False
    match = _GIVENS.fullmatch(lines[0])
    if match is None:
        return False
    size = 4 if len(match.group(1)) == 16 else 9
    row = lines[1].strip()
    return _MAP_ROW.fullmatch(row) is not None and len(row) == size and any("=" in line for line in lines[size + 1:])


def read(text: str, path: str = "<string>") -> list[Killer]:
    """The one puzzle in ``text``."""
    lines = content_lines(text)
    if not lines:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, "expected a line of 81 (or 16) givens, found the end of the file")
    number, first = lines[0]
    start = len(first) - len(first.lstrip())
    cells = first[start:].split(None, 1)[0]
    if len(cells) not in (16, 81):
        bad = next((i for i, char in enumerate(cells) if char not in "0123456789."), None)
        column = start + 1 + (bad if bad is not None else len(cells))
        found = repr(cells[bad]) if bad is not None else f"{len(cells)} characters"
        raise DataFormatError(path, number, column, f"expected 81 (9x9) or 16 (4x4) givens, found {found}")
    size = 4 if len(cells) == 16 else 9
    values = [cell_value(char, size, path, number, start + 1 + i) for i, char in enumerate(cells)]
    givens = tuple(tuple(values[r * size:(r + 1) * size]) for r in range(size))
    name = first[start + len(cells):].strip() or name_from_path(path)
    if len(lines) < size + 1:
        line, column = end_position(text)
        raise DataFormatError(path, line, column, f"expected {size} rows of the cage map, found the end of the file "
                                                  f"after {len(lines) - 1}")
    members: dict[str, list[tuple[int, int]]] = {}
    where: dict[str, tuple[int, int]] = {}
    for r, (number, line) in enumerate(lines[1:size + 1]):
        start = len(line) - len(line.lstrip())
        row = line.strip()
        for c, char in enumerate(row[:size]):
            if char == ".":
                continue
            if char not in LABELS:
                raise DataFormatError(path, number, start + 1 + c,
                                      f"expected a cage label (A-Z, a-z, 0-9) or '.', found {char!r}")
            members.setdefault(char, []).append((r, c))
            where.setdefault(char, (number, start + 1 + c))
        if len(row) != size:
            raise DataFormatError(path, number, start + 1 + min(len(row), size),
                                  f"expected {size} labels in cage map row {r + 1}, found {len(row)}")
    totals: dict[str, int] = {}
    for number, line in lines[size + 1:]:
        for field in split_fields(line, None):
            match = _TOTAL.fullmatch(field.text)
            if match is None or not is_digits(match.group(2)):
                raise DataFormatError(path, number, field.column, f"expected 'LABEL=TOTAL' such as A=15, "
                                                                  f"found '{field.text}'")
            label, total = match.group(1), int_value(match.group(2))
            if label not in members:
                raise DataFormatError(path, number, field.column, f"expected a label of the cage map, found '{label}'")
            if label in totals:
                raise DataFormatError(path, number, field.column, f"expected one total per cage, found '{label}' again")
            check_cage_size(len(members[label]), size, path, *where[label])
            check_total(total, len(members[label]), size, path, number, field.column + 2)
            totals[label] = total
    missing = [label for label in members if label not in totals]
    if missing:
        line, column = where[missing[0]]
        raise DataFormatError(path, line, column, f"expected a total 'LABEL=TOTAL' for cage '{missing[0]}', found none")
    cages = tuple((totals[label], tuple(cells)) for label, cells in members.items())
    return [Killer(size, cages, givens, name)]


def write(puzzle: Killer) -> str:
    """The givens line (with the name), the map labelled in reading order, the totals."""
    n = puzzle.size
    if n not in MAP_SIZES:
        raise UnsupportedFeatureError(f"the killer-map format holds 4x4 and 9x9 boards (one character per cell), "
                                      f"not {n}x{n}")
    if len(puzzle.cages) > len(LABELS):
        raise UnsupportedFeatureError(f"the killer-map format has {len(LABELS)} cage labels, "
                                      f"the puzzle {len(puzzle.cages)} cages")
    board = [["."] * n for _ in range(n)]
    for label, cage in zip(LABELS, puzzle.cages):
        for r, c in cage.cells:
            board[r][c] = label
    name = one_line(puzzle.name)
    first = "".join(cell_char(v) for row in puzzle.givens for v in row) + (f"  {name}" if name else "")
    totals = [f"{label}={cage.total}" for label, cage in zip(LABELS, puzzle.cages)]
    lines = [first] + ["".join(row) for row in board] + [" ".join(totals[i:i + 9]) for i in range(0, len(totals), 9)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="killer-map",
    kind="killer",
    extensions=(".kmap", ".txt"),
    sniff=sniff,
    read=read,
    write=write,
    description="Killer Sudoku: a sudoku-line of givens, a 9-line map of cage labels ('.' no cage), "
                "then 'LABEL=TOTAL' pairs",
)
