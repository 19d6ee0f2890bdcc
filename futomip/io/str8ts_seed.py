"""The "str8ts-seed" format: the layout of the Str8ts sample in the seed documents.

    % comments start with "%" and run to the end of the line
    0 0 0 0 0 0 0 0 4      n rows of n blank-separated digits, 0 = none
    8 9 0 0 7 0 0 0 0
    ...
    --                     a line holding only "--"
    1 1 0 1 1 1 0 1 1      n rows of n colours: 1 = white cell, 0 = black cell
    ...

A digit on a black cell is a black clue.  The size n is the number of digits in the first
row, so any size can be written.  Blank lines are ignored.  The name is the file's stem.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..puzzles.str8ts import Str8ts
from ._format import Format, one_line
from ._scan import end_position
from .str8ts_common import (
    content_lines,
    counted,
    fail,
    parse_row,
    puzzle_name,
    quoted,
    require_str8ts,
    take_rows,
)

__all__ = ["FORMAT", "read", "write", "sniff"]

_SEPARATOR = "--"
_COLOURS = {"1": 0, "0": 1}
_COLOUR_TEXT = "1 for white or 0 for black"
_DIGITS_ROW = re.compile(r"[0-9]+(\s+[0-9]+)*")
_COLOURS_ROW = re.compile(r"[01](\s+[01])*")


def _rows(text: str) -> list[tuple[int, str]]:
    """The numbered lines that hold something once comments are cut off."""
    return [(number, line) for number, line in content_lines(text, "%") if line.strip()]


def sniff(text: str) -> bool:
    """Whether the text is rows of numbers, a ``--`` line, then rows of 0/1."""
    rows = [line.strip() for _, line in _rows(text)]
    if rows.count(_SEPARATOR) != 1:
        return False
    split = rows.index(_SEPARATOR)
    digits, colours = rows[:split], rows[split + 1:]
    return (
        bool(digits) and bool(colours)
        and all(_DIGITS_ROW.fullmatch(row) for row in digits)
        and all(_COLOURS_ROW.fullmatch(row) for row in colours)
    )


def read(text: str, path: str = "<string>") -> list[Str8ts]:
    """The one puzzle in ``text``."""
    rows = _rows(text)
    if not rows:
        raise fail(path, end_position(text), "a row of digits, 0 for none", "end of file")
    number, first = rows[0]
    n = len(first.split())
    if first.strip() == _SEPARATOR:
        raise fail(path, (number, first.index(_SEPARATOR) + 1), "a row of digits, 0 for none", quoted(_SEPARATOR))
    digits = {str(v): v for v in range(n + 1)}
    digit_text = f"a digit in 0..{n}, 0 for none"
    board = [
        parse_row(line, path, n, digits, digit_text, separated=True)
        for line in take_rows(rows, 0, n, path, text, "digits", stop=_SEPARATOR)
    ]
    if len(rows) == n:
        raise fail(path, end_position(text), f"'{_SEPARATOR}' after {counted(n, 'row')} of digits", "end of file")
    number, separator = rows[n]
    if separator.strip() != _SEPARATOR:
        column = len(separator) - len(separator.lstrip()) + 1
        expected = f"'{_SEPARATOR}' after {counted(n, 'row')} of digits"
        raise fail(path, (number, column), expected, quoted(separator.strip()))
    mask = [
        parse_row(line, path, n, _COLOURS, _COLOUR_TEXT, separated=True)
        for line in take_rows(rows, n + 1, n, path, text, "colours", stop=_SEPARATOR)
    ]
    if len(rows) > 2 * n + 1:
        number, extra = rows[2 * n + 1]
        column = len(extra) - len(extra.lstrip()) + 1
        raise fail(path, (number, column), f"end of file after {counted(n, 'row')} of colours", quoted(extra.strip()))
    return [Str8ts(n, tuple(tuple(map(bool, row)) for row in mask), tuple(map(tuple, board)), puzzle_name(path))]


def write(puzzle: Str8ts) -> str:
    """The puzzle as text that ``read`` turns back into an equal puzzle."""
    require_str8ts(puzzle, "str8ts-seed")
    width = len(str(puzzle.size))
    header = [f"% Str8ts {one_line(puzzle.name)}".rstrip(), "% digits (0 = none), then '--', then 1 = white cell, 0 = black cell"]
    digits = [" ".join(str(v).rjust(width) for v in row) for row in puzzle.givens]
    colours = [" ".join(("0" if b else "1").rjust(width) for b in row) for row in puzzle.black]
    return "\n".join(header + digits + [_SEPARATOR] + colours) + "\n"


FORMAT = Format(
    name="str8ts-seed",
    kind="str8ts",
    extensions=(".txt",),
    sniff=sniff,
    read=read,
    write=write,
    description="Str8ts as n rows of digits (0 = none), '--', n rows of 1 = white / 0 = black (seed sample)",
)
