"""The "pattern-seed" format: the nonogram clue lists of the seed notebook sample.

    % comments start with "%" and run to the end of the line
    rows: 1 3 | 1 | 1 | 1 1 | 1 1
    cols: 1 1 | 1 1 | 1 1 | 1 1 | 1 1

Row clues top to bottom, column clues left to right, one ``|``-separated segment per line,
run lengths separated by blanks.  An all-white line is written ``0``.  An empty segment
(``1 | | 2``) is an error rather than a second spelling of ``0``: a stray bar would
otherwise silently add a line and change the board's size.  Blank lines are ignored; each
key appears exactly once, in either order.  The name is the file's stem.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.nonogram import Nonogram
from ._format import Format, one_line
from .nonogram_common import found, name_from_path, numbered_lines, parse_runs, require_writable, runs_text, tokens

__all__ = ["FORMAT", "read", "write", "sniff"]

_KEYS = ("rows", "cols")
_KEY_LINE = re.compile(r"^\s*(rows|cols)\s*:", re.MULTILINE)
_WORD = re.compile(r"[^\s|]+")


def _strip_comment(line: str) -> str:
    return line.split("%", 1)[0]


def sniff(text: str) -> bool:
    """Whether the text has a ``rows:`` line and a ``cols:`` line."""
    keys = {match.group(1) for match in _KEY_LINE.finditer(text)}
    return keys == set(_KEYS)


def _parse_segments(content: str, start: int, path: str, number: int) -> tuple:
    clues = []
    segment_start = start
    for segment in content[start:].split("|"):
        items = [(text, segment_start + column) for text, column in tokens(segment, _WORD)]
        clues.append(parse_runs(items, path, number, segment_start + 1))
        segment_start += len(segment) + 1
    return tuple(clues)


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """The one puzzle in ``text``."""
    clues: dict[str, tuple] = {}
    last = 0
    for number, raw in numbered_lines(text):
        last = number
        line = _strip_comment(raw)
        if not line.strip():
            continue
        match = re.match(r"\s*(\w+)\s*:", line)
        first = len(line) - len(line.lstrip()) + 1
        if match is None or match.group(1) not in _KEYS:
            word = line.split()[0]
            raise DataFormatError(path, number, first, f"expected 'rows:' or 'cols:', found {found(word)}")
        key = match.group(1)
        if key in clues:
            raise DataFormatError(path, number, first, f"expected one '{key}:' line, found a second one")
        clues[key] = _parse_segments(line, match.end(), path, number)
    for key in _KEYS:
        if key not in clues:
            raise DataFormatError(path, last + 1, 1, f"expected a '{key}:' line, found end of file")
    return [Nonogram(clues["rows"], clues["cols"], name_from_path(path))]


def write(puzzle: Nonogram) -> str:
    """The puzzle as ``rows:`` and ``cols:`` lines."""
    require_writable(puzzle, "pattern-seed")
    lines = ["% nonogram clues: rows top to bottom, then columns left to right; 0 = empty line"]
    title = one_line(puzzle.name)
    if title:
        lines.append(f"% {title}")
    lines.append("rows: " + " | ".join(runs_text(clue) for clue in puzzle.rows))
    lines.append("cols: " + " | ".join(runs_text(clue) for clue in puzzle.cols))
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="pattern-seed",
    kind="nonogram",
    extensions=(".pattern",),
    sniff=sniff,
    read=read,
    write=write,
    description="Nonogram clue lists 'rows: 1 3 | 1 | ...' and 'cols: ...' as in the seed notebook sample",
)
