"""The "str8ts-osmith93" format: a mask of black cells, a blank line, then the digits.

    xx...x...      n lines of n characters: 'x' = black cell, '.' = white cell
    .........
    ...
                   one blank line
    .5.......      n lines of n characters: a digit 1..n, or '.' for none
    ...

A digit on a black cell is a black clue.  The size n is the length of the first line, so
boards are at most 9x9.  Blank lines before and after the board are ignored; there are no
comments.  The name is the file's stem.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..puzzles.str8ts import Str8ts
from ._format import Format
from ._scan import end_position
from .str8ts_common import (
    board_lines,
    counted,
    fail,
    parse_row,
    puzzle_name,
    quoted,
    require_str8ts,
    take_rows,
)

__all__ = ["FORMAT", "read", "write", "sniff"]

_MAX_SIZE = 9
_MASK = {".": 0, "x": 1}
_MASK_TEXT = "'.' for white or 'x' for black"
_MASK_ROW = re.compile(r"[.x]+")
_DIGIT_ROW = re.compile(r"[.1-9]+")


def sniff(text: str) -> bool:
    """Whether the text is a block of '.'/'x' rows, a blank line, then '.'/digit rows."""
    blocks = [block.split() for block in re.split(r"\n\s*\n", text.strip())]
    return (
        len(blocks) == 2
        and all(_MASK_ROW.fullmatch(row) for row in blocks[0])
        and all(_DIGIT_ROW.fullmatch(row) for row in blocks[1])
    )


def read(text: str, path: str = "<string>") -> list[Str8ts]:
    """The one puzzle in ``text``."""
    lines = board_lines(text, path, f"a row of the black-cell mask ({_MASK_TEXT})")
    number, top = lines[0]
    n = len(top)
    if n > _MAX_SIZE:
        raise fail(path, (number, _MAX_SIZE + 1), f"end of line after at most {_MAX_SIZE} cells",
                   quoted(top[_MAX_SIZE:]))
    digits = {".": 0, **{str(v): v for v in range(1, n + 1)}}
    mask = [
        parse_row(line, path, n, _MASK, _MASK_TEXT, separated=False)
        for line in take_rows(lines, 0, n, path, text, "the mask")
    ]
    separator = lines[n] if len(lines) > n else None
    if separator is None:
        raise fail(path, end_position(text), "a blank line after the mask", "end of file")
    if separator[1]:
        raise fail(path, (separator[0], 1), f"a blank line after {counted(n, 'row')} of the mask", quoted(separator[1]))
    digit_text = f"'.' or a digit 1..{n}"
    board = [
        parse_row(line, path, n, digits, digit_text, separated=False)
        for line in take_rows(lines, n + 1, n, path, text, "digits")
    ]
    extra = [line for line in lines[2 * n + 1:] if line[1]]
    if extra:
        number, found = extra[0]
        raise fail(path, (number, 1), f"end of file after {counted(n, 'row')} of digits", quoted(found))
    return [Str8ts(n, tuple(tuple(map(bool, row)) for row in mask), tuple(map(tuple, board)), puzzle_name(path))]


def write(puzzle: Str8ts) -> str:
    """The puzzle as text that ``read`` turns back into an equal puzzle."""
    require_str8ts(puzzle, "str8ts-osmith93", _MAX_SIZE)
    mask = ["".join("x" if b else "." for b in row) for row in puzzle.black]
    digits = ["".join(str(v) if v else "." for v in row) for row in puzzle.givens]
    return "\n".join(mask + [""] + digits) + "\n"


FORMAT = Format(
    name="str8ts-osmith93",
    kind="str8ts",
    extensions=(".txt",),
    sniff=sniff,
    read=read,
    write=write,
    description="Str8ts as an 'x'/'.' black-cell mask, a blank line, and a '.'/digit grid (osmith93/str8ts)",
)
