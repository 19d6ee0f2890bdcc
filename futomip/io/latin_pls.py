"""The "pls" format: partial Latin squares as the quasigroup-completion (QCP/QWH) generators
write them.

    order 5              the order n
    0 -1 2 -1 4          n rows of n symbols 0..n-1, -1 for a hole
    ...

Symbols are 0-based in the file and 1..n inside futomip (the reader adds one, the writer
takes it away).  Blank lines are allowed after the last row; anything else after it is an
error, so that a file with a row too many is not silently cut.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.latin import LatinSquare
from ._format import Format
from ._scan import MAX_SIZE, end_position, int_value, name_from_path, split_fields, text_lines

__all__ = ["FORMAT", "read", "write", "sniff"]

_HEADER = re.compile(r"\s*order\s+([0-9]+)\s*", re.IGNORECASE)
_VALUE = re.compile(r"-1|[0-9]+")


def sniff(text: str) -> bool:
    """Whether the first line is ``order N``."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return _HEADER.fullmatch(first.rstrip("\r")) is not None


def read(text: str, path: str = "<string>") -> list[LatinSquare]:
    """The one partial Latin square in ``text``."""
    lines = text_lines(text.lstrip("\ufeff"))
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        shown = repr(lines[0][:40]) if lines else "an empty file"
        raise DataFormatError(path, 1, 1, f"expected 'order N' on the first line, found {shown}")
    n = int_value(header.group(1))
    if not 1 <= n <= MAX_SIZE:
        raise DataFormatError(path, 1, header.start(1) + 1, f"expected an order in 1..{MAX_SIZE}, found {header.group(1)}")
    board = []
    for r in range(n):
        number = r + 2
        if number > len(lines):
            line, column = end_position(text)
            raise DataFormatError(path, line, column, f"expected {n} rows after the order line, found end of file after {r}")
        board.append(_row(lines[number - 1], n, r, path, number))
    for number in range(n + 2, len(lines) + 1):
        if lines[number - 1].strip():
            column = len(lines[number - 1]) - len(lines[number - 1].lstrip()) + 1
            raise DataFormatError(path, number, column, f"expected end of file after the {n} rows, "
                                                        f"found {lines[number - 1].strip()[:40]!r}")
    name = name_from_path(path)
    return [LatinSquare(n, tuple(board), name)]


def _row(line: str, n: int, r: int, path: str, number: int) -> tuple[int, ...]:
    fields = split_fields(line, None)
    values = []
    for field in fields[:n]:
        if _VALUE.fullmatch(field.text) is None or int_value(field.text) >= n:
            raise DataFormatError(path, number, field.column,
                                  f"expected a symbol 0..{n - 1} or -1 for a hole, found {field.text[:40]!r}")
        values.append(int_value(field.text) + 1)
    if len(fields) != n:
        column = fields[n].column if len(fields) > n else len(line) + 1
        found = f"{fields[n].text[:40]!r} past them" if len(fields) > n else f"end of line after {len(fields)}"
        raise DataFormatError(path, number, column, f"expected {n} symbols in row {r + 1}, found {found}")
    return tuple(values)


def write(puzzle: LatinSquare) -> str:
    """The square as a ``.pls`` file (holes -1, symbols 0-based)."""
    width = len(str(puzzle.size - 1))
    rows = [" ".join(f"{v - 1:>{width}}" if v else "-1".rjust(width) for v in row) for row in puzzle.givens]
    return f"order {puzzle.size}\n" + "\n".join(rows) + "\n"


FORMAT = Format(
    name="pls",
    kind="latin",
    extensions=(".pls",),
    sniff=sniff,
    read=read,
    write=write,
    description="partial Latin square of the QCP/QWH generators: 'order N', N rows of symbols 0..N-1, -1 a hole",
)
