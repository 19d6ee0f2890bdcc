"""Helpers shared by the Str8ts format modules (``str8ts_*.py``); not a format itself.

They keep the four Str8ts parsers reporting errors the same way: a ``DataFormatError`` at
the exact 1-based line and column, with the message "expected X, found Y", where Y is a
quoted piece of the input, "end of line" or "end of file".

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.str8ts import Str8ts
from ._scan import end_position, text_lines

__all__ = [
    "Line",
    "puzzle_name",
    "quoted",
    "counted",
    "fail",
    "content_lines",
    "board_lines",
    "parse_row",
    "take_rows",
    "require_str8ts",
]

Line = tuple[int, str]
"""A 1-based line number and the line's text without trailing blanks."""


def puzzle_name(path: str) -> str:
    """The name a puzzle read from ``path`` gets: the file's stem, or "" for a string."""
    return "" if path == "<string>" else Path(path).stem


def quoted(text: str) -> str:
    """A piece of input as the "found" part of a message."""
    return f"'{text}'" if text else "end of line"


def counted(number: int, unit: str) -> str:
    """``number`` with ``unit`` in the singular or the plural: "1 row", "2 rows"."""
    return f"{number} {unit}{'' if number == 1 else 's'}"


def fail(path: str, position: tuple[int, int], expected: str, found: str) -> DataFormatError:
    """The error "expected ..., found ..." at ``position`` (line, column)."""
    return DataFormatError(path, position[0], position[1], f"expected {expected}, found {found}")


def content_lines(text: str, comment: str | None = None) -> list[Line]:
    """The numbered lines of ``text`` with comments and trailing blanks cut off.

    Blank lines are kept (with empty text) because some formats use them as separators;
    trailing blanks are cut because they are invisible in an editor.
    """
    lines = []
    for number, line in enumerate(text_lines(text), start=1):
        if comment is not None:
            line = line.split(comment, 1)[0]
        lines.append((number, line.rstrip()))
    return lines


def board_lines(text: str, path: str, expected: str) -> list[Line]:
    """The lines from the first non-blank one to the last non-blank one.

    Blank lines around a drawn board are not part of it; an empty text fails saying what
    the board should start with (``expected``).
    """
    lines = content_lines(text)
    filled = [k for k, (_, line) in enumerate(lines) if line]
    if not filled:
        raise fail(path, end_position(text), expected, "end of file")
    return lines[filled[0]:filled[-1] + 1]


def parse_row(line: Line, path: str, n: int, meaning: dict[str, int], expected: str, separated: bool) -> list[int]:
    """A row of n cells, each mapped through ``meaning``.

    With ``separated`` the cells are blank-separated words, otherwise single characters.
    ``expected`` says in words what a cell may be.
    """
    number, text = line
    if separated:
        items = [(found.group(), found.start() + 1) for found in re.finditer(r"\S+", text)]
    else:
        items = [(char, column) for column, char in enumerate(text, start=1)]
    unit = "value" if separated else "cell"
    row = []
    for cell, column in items:
        if len(row) == n:
            raise fail(path, (number, column), f"end of line after {counted(n, unit)}", quoted(cell))
        if cell not in meaning:
            raise fail(path, (number, column), expected, quoted(cell))
        row.append(meaning[cell])
    if len(row) < n:
        raise fail(path, (number, len(text) + 1), f"{counted(n, unit)} ({expected})",
                   f"end of line after {counted(len(row), unit)}")
    return row


def take_rows(lines: list[Line], start: int, n: int, path: str, text: str, what: str, stop: str = "") -> list[Line]:
    """``lines[start:start + n]``, failing where the input ends or a ``stop`` line comes early."""
    for k in range(start, start + n):
        if k >= len(lines):
            raise fail(path, end_position(text), f"{counted(n, 'row')} of {what}",
                       f"end of file after {counted(k - start, 'row')}")
        number, line = lines[k]
        if line.strip() == stop:
            found = quoted(line.strip()) if stop else "a blank line"
            raise fail(path, (number, len(line) - len(line.lstrip()) + 1), f"{counted(n, 'row')} of {what}",
                       f"{found} after {counted(k - start, 'row')}")
    return lines[start:start + n]


def require_str8ts(puzzle, format_name: str, max_size: int | None = None) -> Str8ts:
    """The puzzle, if the Str8ts format ``format_name`` can hold it; otherwise the reason why not."""
    if getattr(puzzle, "kind", None) != "str8ts":
        kind = getattr(puzzle, "kind", type(puzzle).__name__)
        raise UnsupportedFeatureError(f"format {format_name} holds Str8ts puzzles, not {kind!r}")
    if max_size is not None and puzzle.size > max_size:
        raise UnsupportedFeatureError(
            f"format {format_name} writes one character per digit, so it holds boards up to "
            f"{max_size}x{max_size}, not {puzzle.size}x{puzzle.size}"
        )
    return puzzle
