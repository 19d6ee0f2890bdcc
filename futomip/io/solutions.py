"""Known-solutions files (``.sol``): the golden answers stored next to the puzzles in ``data/``.

A puzzle file ``name.ext`` has its known solutions in ``name.sol`` in the same folder::

    % solutions: 39        <- optional header: the puzzle has exactly 39 solutions in all
    % other lines starting with '%' are comments
    4 3 5 1 2              <- a solution: one line per row, whitespace-separated integers
    1 2 3 5 4
    ...
                           <- blank lines separate solutions
    #.###                  <- a line of only '#' and '.' is a 0/1 row ('#' = 1), for nonograms
    .#...

Without the header the number of solutions in all is not stated (``count`` is None); with
it, ``count`` may exceed the number listed.  Every grid in a file has the same shape.
Comment lines neither start nor end a grid.  Malformed content raises ``DataFormatError``
with the line and column of the offending field.

This module knows nothing about any puzzle's rules (checking a grid is ``verify``'s job)
and must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import DataFormatError
from ._scan import end_position, int_value, split_fields, text_lines

__all__ = ["SolutionsFile", "solutions_path", "read_solutions", "parse_solutions",
           "write_solutions", "format_solutions"]

SolutionGrid = tuple[tuple[int, ...], ...]

_HEADER = re.compile(r"%\s*solutions\s*:\s*")
_PIXELS = re.compile(r"[#.]+")
_INTEGER = re.compile(r"[-+]?[0-9]+")


@dataclass(frozen=True)
class SolutionsFile:
    """The grids a ``.sol`` file lists and the total it states (None: not stated)."""

    grids: list[SolutionGrid]
    count: int | None = None


def solutions_path(puzzle_path: str | Path) -> Path:
    """Where the known solutions of the puzzle at ``puzzle_path`` are kept."""
    return Path(puzzle_path).with_suffix(".sol")


def read_solutions(path: str | Path) -> SolutionsFile:
    """The solutions file at ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFormatError(str(path), 1, 1, "expected a readable solutions file, found no such file") from None
    return parse_solutions(text, str(path))


def parse_solutions(text: str, path: str = "<string>") -> SolutionsFile:
    """The solutions written in ``text`` (``path`` only names the file in errors)."""
    parser = _Parser(path)
    for number, line in enumerate(text_lines(text), 1):
        parser.line(number, line)
    parser.end_block(*end_position(text))
    return parser.result()


class _Parser:
    """Collects rows into blocks, checking that every row and block has the first one's shape."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.grids: list[SolutionGrid] = []
        self.block: list[tuple[int, ...]] = []
        self.block_start = 0
        self.first_rows = ""  # where the first grid is, for messages about shape
        self.count: int | None = None
        self.count_at: tuple[int, int] | None = None

    def fail(self, line: int, column: int, message: str) -> DataFormatError:
        return DataFormatError(self.path, line, column, message)

    def line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if stripped.startswith("%"):
            self._comment(number, line)
        elif not stripped:
            self.end_block(number, 1)
        else:
            self._row(number, line)

    def _comment(self, number: int, line: str) -> None:
        offset = len(line) - len(line.lstrip())
        header = _HEADER.match(line, offset)
        if header is None:
            return
        column = header.end() + 1
        value = line[header.end():].strip()
        if self.count_at is not None:
            raise self.fail(number, offset + 1, "expected one '% solutions:' header, found a second "
                                                f"(the first is on line {self.count_at[0]})")
        if _INTEGER.fullmatch(value) is None or int_value(value) < 0:
            raise self.fail(number, column, "expected the number of solutions in all (a whole number "
                                            f"0 or more) after '% solutions:', found {_shown(value)}")
        self.count, self.count_at = int_value(value), (number, column)

    def _row(self, number: int, line: str) -> None:
        cells = _cells(line, self.path, number)
        if not self.block:
            self.block_start = number
        width = len(self.grids[0][0]) if self.grids else len(self.block[0]) if self.block else len(cells)
        if len(cells) != width:
            where = self.first_rows or f"line {self.block_start}"
            column = cells[width][1] if len(cells) > width else len(line.rstrip()) + 1
            raise self.fail(number, column, f"expected {width} values in every row like {where}, "
                                            f"found {len(cells)}")
        if self.grids and len(self.block) == len(self.grids[0]):
            raise self.fail(number, 1, f"expected {len(self.grids[0])} rows in every solution like "
                                       f"{self.first_rows}, found more (separate solutions with a blank line)")
        self.block.append(tuple(value for value, _ in cells))

    def end_block(self, line: int, column: int) -> None:
        """Close the grid being read, if any; (line, column) is just past its last row."""
        if not self.block:
            return
        if self.grids and len(self.block) < len(self.grids[0]):
            raise self.fail(line, column, f"expected {len(self.grids[0])} rows in every solution like "
                                          f"{self.first_rows}, found {len(self.block)}")
        if not self.grids:
            self.first_rows = f"lines {self.block_start}-{self.block_start + len(self.block) - 1}"
        self.grids.append(tuple(self.block))
        self.block = []

    def result(self) -> SolutionsFile:
        if self.count is not None and self.count < len(self.grids):
            assert self.count_at is not None
            raise self.fail(*self.count_at, f"expected at least {len(self.grids)} solutions in all "
                                             f"(the file lists {len(self.grids)}), found {self.count}")
        return SolutionsFile(self.grids, self.count)


def _shown(text: str) -> str:
    return f"'{text}'" if text else "nothing"


def _cells(line: str, path: str, number: int) -> list[tuple[int, int]]:
    """The row's values, each with its 1-based column."""
    stripped = line.strip()
    if _PIXELS.fullmatch(stripped):
        start = line.index(stripped)
        return [(1 if char == "#" else 0, start + k + 1) for k, char in enumerate(stripped)]
    cells = []
    for field in split_fields(line, None):
        if _INTEGER.fullmatch(field.text) is None:
            raise DataFormatError(path, number, field.column, "expected an integer (or a whole row of '#' "
                                                              f"and '.'), found '{field.text}'")
        cells.append((int_value(field.text), field.column))
    return cells


def format_solutions(
    grids: Iterable[Sequence[Sequence[int]]],
    count: int | None = None,
    *,
    pixels: bool = False,
    comments: Sequence[str] = (),
) -> str:
    """The text of a solutions file: ``comments`` as '%' lines, the header, then the grids.

    With ``pixels`` the grids must hold only 0 and 1 and are drawn with '.' and '#'.
    Raises ``ValueError`` for what the reader would reject (ragged or differently shaped
    grids, a count below the number of grids).
    """
    grids = [tuple(tuple(int(v) for v in row) for row in grid) for grid in grids]
    _check_shapes(grids, count)
    lines = [f"% {line}".rstrip() for comment in comments for line in comment.splitlines()]
    if count is not None:
        lines.append(f"% solutions: {count}")
    blocks = ["\n".join(_row_text(row, grid, pixels) for row in grid) for grid in grids]
    body = "\n\n".join(blocks)
    return "\n".join(lines + ([body] if body else [])) + "\n"


def _check_shapes(grids: list[SolutionGrid], count: int | None) -> None:
    if count is not None and count < len(grids):
        raise ValueError(f"count {count} is below the number of grids given ({len(grids)})")
    for index, grid in enumerate(grids):
        if not grid or not grid[0]:
            raise ValueError(f"grid {index + 1} is empty")
        shape = (len(grids[0]), len(grids[0][0]))
        if len(grid) != shape[0] or any(len(row) != shape[1] for row in grid):
            raise ValueError(f"grid {index + 1} is not {shape[0]}x{shape[1]} like the first grid, or is ragged")


def _row_text(row: tuple[int, ...], grid: SolutionGrid, pixels: bool) -> str:
    if pixels:
        if any(v not in (0, 1) for v in row):
            raise ValueError(f"pixels=True needs 0/1 values, found the row {row}")
        return "".join("#" if v else "." for v in row)
    # Right-aligned columns keep boards of 10 and more readable.
    width = max(len(str(v)) for line in grid for v in line)
    return " ".join(str(v).rjust(width) for v in row)


def write_solutions(
    path: str | Path,
    grids: Iterable[Sequence[Sequence[int]]],
    count: int | None = None,
    *,
    pixels: bool = False,
    comments: Sequence[str] = (),
) -> None:
    """Write a solutions file (see ``format_solutions`` for the arguments)."""
    Path(path).write_text(format_solutions(grids, count, pixels=pixels, comments=comments), encoding="utf-8")
