"""The "nin" format: Jan Wolter's ``.nin`` nonogram files (used by his solver survey).

    40 40            width height
    1 1 1            height row-clue lines, top to bottom
    ...
    0                width column-clue lines, left to right; 0 = all-white line

Run lengths are separated by blanks.  The header is "width height", in that order.  Blank
lines after the last clue are allowed; a blank line among the clues is an error, because
the format spells an empty line ``0`` and a blank would shift every later clue.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.nonogram import Nonogram, fits
from ._format import Format
from ._scan import int_value, text_lines
from .nonogram_common import WORDS, found, name_from_path, parse_count, parse_runs, require_writable, runs_text, tokens

__all__ = ["FORMAT", "read", "write", "sniff"]

_HEADER = re.compile(r"\s*([0-9]+)\s+([0-9]+)\s*")
_CLUE_LINE = re.compile(r"\s*[0-9]+(\s+[0-9]+)*\s*")


def sniff(text: str) -> bool:
    """Whether the text is a "W H" header and exactly H + W lines of fitting clues.

    The check is strict (line count and that each clue fits its line) because a bare
    grid of digits from another format could otherwise pass for a ``.nin`` file.
    """
    lines = text.rstrip().splitlines()
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        return False
    width, height = int_value(header.group(1)), int_value(header.group(2))
    if width < 1 or height < 1 or len(lines) != 1 + height + width:
        return False
    for index, line in enumerate(lines[1:]):
        if _CLUE_LINE.fullmatch(line) is None:
            return False
        runs = tuple(int_value(run) for run in line.split() if run != "0")
        if not fits(runs, width if index < height else height):
            return False
    return True


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """The one puzzle in ``text``."""
    lines = text_lines(text)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise DataFormatError(path, 1, 1, "expected a 'width height' header, found an empty file")
    header = tokens(lines[0], WORDS)
    if len(header) != 2:
        shown = header[2] if len(header) > 2 else ("", len(lines[0]) + 1)
        raise DataFormatError(path, 1, shown[1], f"expected a 'width height' header of two numbers, found {found(shown[0])}")
    width = parse_count(header[0][0], path, 1, header[0][1], "the width")
    height = parse_count(header[1][0], path, 1, header[1][1], "the height")
    clues = []
    for index in range(height + width):
        number = index + 2
        if number > len(lines):
            raise DataFormatError(
                path, number, 1, f"expected {height} row and {width} column clue lines, found end of file after {index}"
            )
        line = lines[number - 1]
        if not line.strip():
            raise DataFormatError(path, number, 1, "expected a clue line (0 for an empty line), found a blank line")
        clues.append(parse_runs(tokens(line, WORDS), path, number))
    if len(lines) > 1 + height + width:
        number = 2 + height + width
        raise DataFormatError(path, number, 1, f"expected end of file after {height + width} clue lines, found {found(lines[number - 1].strip())}")
    return [Nonogram(tuple(clues[:height]), tuple(clues[height:]), name_from_path(path))]


def write(puzzle: Nonogram) -> str:
    """The puzzle as a ``.nin`` file."""
    require_writable(puzzle, "nin")
    lines = [f"{puzzle.width} {puzzle.height}"]
    lines += [runs_text(clue) for clue in puzzle.rows + puzzle.cols]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="nin",
    kind="nonogram",
    extensions=(".nin",),
    sniff=sniff,
    read=read,
    write=write,
    description="Jan Wolter's .nin nonogram format: 'W H', row clues, column clues, 0 = empty line",
)
