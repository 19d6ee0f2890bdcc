"""The "str8ts-vil02" format: the ASCII box drawing of vil02/str8ts_solver's samples.

    +---+---+---+ ...      a border line: "+" then "---+" per cell
    |###|  !|   | ...      three text lines per board row; each cell is 3 characters
    |#3#| 5 |   | ...      between "|": black cells are "###" on all three lines, with
    |###|   |   | ...      "#d#" in the middle for a black clue; a white cell shows a
    +---+---+---+ ...      digit " d " in the middle, marked "  !" above when it is given

A white digit without the "!" mark is a filled-in value, not a clue: that is how the
source shows a solved board next to the puzzle.  ``read`` keeps only the clues (so a solved
board reads as its puzzle); ``read_board`` also returns the filled-in digits.  The size is
the number of cells in the first border line, at most 9.  Blank lines before and after the
board are ignored; there are no comments.  The name is the file's stem.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..puzzles.str8ts import Grid, Str8ts
from ._format import Format
from ._scan import end_position, int_value
from .str8ts_common import Line, board_lines, counted, fail, puzzle_name, quoted, require_str8ts

__all__ = ["FORMAT", "read", "read_board", "write", "write_board", "sniff"]

_MAX_SIZE = 9
_BORDER = re.compile(r"\+(---\+)+")
_BLACK = "###"
_GIVEN_MARK = "  !"
_EMPTY = "   "


def sniff(text: str) -> bool:
    """Whether the text starts with a "+---+" border line followed by a "|" cell line."""
    lines = text.strip().splitlines()
    return len(lines) > 1 and _BORDER.fullmatch(lines[0].rstrip()) is not None and lines[1].startswith("|")


def read(text: str, path: str = "<string>") -> list[Str8ts]:
    """The one puzzle in ``text`` (filled-in digits are not clues and are left out)."""
    return [read_board(text, path)[0]]


def read_board(text: str, path: str = "<string>") -> tuple[Str8ts, Grid]:
    """The puzzle and every digit shown on a white cell, given or filled in (0 elsewhere)."""
    lines = board_lines(text, path, "a border line '+---+...'")
    n = _size(lines[0], path)
    border = "+" + "---+" * n
    black = [[False] * n for _ in range(n)]
    givens = [[0] * n for _ in range(n)]
    shown = [[0] * n for _ in range(n)]
    for r in range(n):
        top, middle, bottom, below = (_line(lines, 4 * r + k, path, text) for k in (1, 2, 3, 4))
        for c in range(n):
            for line in (top, middle, bottom):
                _check_frame(line, c, n, path)
            black[r][c], givens[r][c], shown[r][c] = _cell(top, middle, bottom, c, n, path)
        for line in (top, middle, bottom):
            _check_end(line, n, path)
        _check_text(below, border, path, "the border line")
    if len(lines) > 4 * n + 1:
        number, extra = lines[4 * n + 1]
        raise fail(path, (number, 1), f"end of file after {counted(n, 'row')} of cells", quoted(extra))
    puzzle = Str8ts(n, tuple(map(tuple, black)), tuple(map(tuple, givens)), puzzle_name(path))
    return puzzle, tuple(map(tuple, shown))


def _size(line: Line, path: str) -> int:
    """The board size read off the first border line."""
    number, text = line
    pattern = "+" + "---+" * (len(text) // 4 + 1)
    for index, char in enumerate(text):
        if char != pattern[index]:
            raise fail(path, (number, index + 1), f"'{pattern[index]}' in the border line '+---+...'", quoted(char))
    if len(text) < 5 or len(text) % 4 != 1:
        expected = f"'{pattern[len(text)]}' in the border line '+---+...'"
        raise fail(path, (number, len(text) + 1), expected, "end of line")
    n = len(text) // 4
    if n > _MAX_SIZE:
        raise fail(path, (number, 4 * _MAX_SIZE + 2), f"end of line after at most {_MAX_SIZE} cells",
                   quoted(text[4 * _MAX_SIZE + 1:]))
    return n


def _line(lines: list[Line], index: int, path: str, text: str) -> Line:
    if index >= len(lines):
        kind = "a border line '+---+...'" if index % 4 == 0 else "a line of cells '|...|'"
        raise fail(path, end_position(text), kind, "end of file")
    return lines[index]


def _check_text(line: Line, expected: str, path: str, what: str) -> None:
    """The line must be exactly ``expected``; point at the first character that differs."""
    number, text = line
    for index, want in enumerate(expected):
        if index >= len(text) or text[index] != want:
            found = quoted(text[index]) if index < len(text) else "end of line"
            raise fail(path, (number, index + 1), f"'{want}' in {what}", found)
    if len(text) > len(expected):
        raise fail(path, (number, len(expected) + 1), f"end of line after {what}", quoted(text[len(expected):]))


def _check_frame(line: Line, c: int, n: int, path: str) -> None:
    """The "|" before cell c and its three characters must be there."""
    number, text = line
    start = 4 * c
    if start >= len(text):
        raise fail(path, (number, start + 1), f"'|' before cell {c + 1} of {n}", "end of line")
    if text[start] != "|":
        raise fail(path, (number, start + 1), f"'|' before cell {c + 1} of {n}", quoted(text[start]))
    if len(text) < start + 4:
        raise fail(path, (number, len(text) + 1), f"3 characters in cell {c + 1}", "end of line")


def _check_end(line: Line, n: int, path: str) -> None:
    """After the last cell comes a closing "|" and nothing else."""
    number, text = line
    if len(text) <= 4 * n or text[4 * n] != "|":
        found = quoted(text[4 * n]) if len(text) > 4 * n else "end of line"
        raise fail(path, (number, 4 * n + 1), "'|' after the last cell", found)
    if len(text) > 4 * n + 1:
        raise fail(path, (number, 4 * n + 2), f"end of line after {counted(n, 'cell')}", quoted(text[4 * n + 1:]))


def _cell(top: Line, middle: Line, bottom: Line, c: int, n: int, path: str) -> tuple[bool, int, int]:
    """(black, clue digit or 0, shown digit or 0) of cell c, from its three lines."""
    column = 4 * c + 2
    upper = top[1][column - 1:column + 2]
    centre = middle[1][column - 1:column + 2]
    lower = bottom[1][column - 1:column + 2]
    if upper not in (_BLACK, _EMPTY, _GIVEN_MARK):
        raise fail(path, (top[0], column), "'###' (black cell), '   ' or '  !' (white cell, '!' = given)",
                   quoted(upper))
    is_black = upper == _BLACK
    frame = "#" if is_black else " "
    if centre != frame * 3:
        if centre[0] != frame or centre[2] != frame:
            expected = "'###' or '#d#' (black cell)" if is_black else "'   ' or ' d ' (white cell)"
            raise fail(path, (middle[0], column), expected, quoted(centre))
        if centre[1] not in "123456789"[:n]:
            raise fail(path, (middle[0], column + 1), f"a digit 1..{n}", quoted(centre[1]))
    digit = 0 if centre == frame * 3 else int_value(centre[1])
    if upper == _GIVEN_MARK and not digit:
        raise fail(path, (middle[0], column), "' d ' (a digit under the given mark '!')", quoted(centre))
    if lower != frame * 3:
        colour = "black" if is_black else "white"
        raise fail(path, (bottom[0], column), f"'{frame * 3}' at the bottom of a {colour} cell", quoted(lower))
    if is_black:
        return True, digit, 0
    return False, digit if upper == _GIVEN_MARK else 0, digit


def write(puzzle: Str8ts) -> str:
    """The puzzle as text that ``read`` turns back into an equal puzzle."""
    return write_board(puzzle)


def write_board(puzzle: Str8ts, grid: Grid | None = None) -> str:
    """The board with its clues, and with ``grid``'s digits filled into the other white cells."""
    require_str8ts(puzzle, "str8ts-vil02", _MAX_SIZE)
    n = puzzle.size
    border = "+" + "---+" * n
    lines = [border]
    for r in range(n):
        cells = [_draw(puzzle, grid, r, c) for c in range(n)]
        for part in range(3):
            lines.append("|" + "|".join(cell[part] for cell in cells) + "|")
        lines.append(border)
    return "\n".join(lines) + "\n"


def _draw(puzzle: Str8ts, grid: Grid | None, r: int, c: int) -> tuple[str, str, str]:
    """The three lines of one cell."""
    digit = puzzle.givens[r][c]
    if puzzle.black[r][c]:
        return _BLACK, f"#{digit}#" if digit else _BLACK, _BLACK
    if digit:
        return _GIVEN_MARK, f" {digit} ", _EMPTY
    filled = grid[r][c] if grid is not None else 0
    return _EMPTY, f" {filled} " if filled else _EMPTY, _EMPTY


FORMAT = Format(
    name="str8ts-vil02",
    kind="str8ts",
    extensions=(".txt",),
    sniff=sniff,
    read=read,
    write=write,
    description="Str8ts as an ASCII box drawing: '###' black, '#5#' black clue, ' 5 ' under '  !' a given (vil02)",
)
