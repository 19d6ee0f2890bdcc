"""The "tatham" format: game IDs of Simon Tatham's "Unequal" (his Futoshiki), one per line.

    5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,

Before the colon the game parameters: the size, then letters for the mode and difficulty
(``5``, ``5de``).  After it, the n x n cells row by row, separated by commas (a final comma
is allowed): the given digit (0 for a blank), then any of ``U``, ``R``, ``D``, ``L`` for
each neighbour (up, right, down, left) that this cell is *greater* than.  Lines that are
blank or start with ``#`` are skipped.

The mode letter ``a`` right after the size (``5a``, ``5adk``) is the "Adjacent" mode: a
letter then marks a neighbour whose value differs from this cell's by exactly 1, every
unmarked neighbour differs by anything else, and a mark stands on both cells of its pair
(``0R,0L`` for two marked cells in a row), as Tatham's own reader demands.  Such a line is
read as an ``Adjacent`` puzzle (its own kind), whose writer is the format ``tatham-adjacent``
(``adjacent_tatham.py``); this reader takes both modes, line by line.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.adjacent import Adjacent
from ..puzzles.futoshiki import Futoshiki
from ._format import Format
from ._futoshiki import not_neighbours
from ._scan import MAX_SIZE, content_lines, int_value, name_from_path, numbered_name

__all__ = ["FORMAT", "read", "write", "sniff", "write_adjacent", "is_adjacent_id"]

_PARAMS = re.compile(r"([0-9]+)([a-z]*)")
_CELL = re.compile(r"([0-9]+)([URDL]*)")
_STEP = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
_ID = re.compile(r"\s*[0-9]+[a-z]*:[0-9URDL,]*\s*")
_ADJACENT = re.compile(r"\s*[0-9]+a")


def is_adjacent_id(line: str) -> bool:
    """Whether a game ID's parameters name the Adjacent mode (``5a``, ``5adk``)."""
    return _ADJACENT.match(line) is not None


def sniff(text: str) -> bool:
    """Whether every non-comment line looks like ``N...:cells``, not all of them Adjacent."""
    lines = [line for _, line in content_lines(text)][:20]
    return bool(lines) and all(_ID.fullmatch(line) for line in lines) and not all(map(is_adjacent_id, lines))


def read(text: str, path: str = "<string>") -> list[Futoshiki | Adjacent]:
    """Every game ID in ``text``: a ``Futoshiki`` per Unequal line, an ``Adjacent`` per Adjacent line."""
    base = name_from_path(path)
    puzzles = [_read_id(line, number, path) for number, line in content_lines(text)]
    if not puzzles:
        raise DataFormatError(path, 1, 1, "expected a game ID 'N:cells', found no line with one")
    for k, puzzle in enumerate(puzzles):
        name = base if len(puzzles) == 1 else numbered_name(base, k + 1)
        puzzles[k] = replace(puzzle, name=name)
    return puzzles


def _read_id(line: str, number: int, path: str) -> Futoshiki | Adjacent:
    start = len(line) - len(line.lstrip())
    params, colon, description = line.strip().partition(":")
    match = _PARAMS.fullmatch(params)
    if not colon or match is None:
        raise DataFormatError(path, number, start + 1,
                              f"expected game parameters and a colon ('5:' or '5de:'), found {params[:30]!r}")
    n = int_value(match.group(1))
    if not 1 <= n <= MAX_SIZE:
        raise DataFormatError(path, number, start + 1, f"expected a size in 1..{MAX_SIZE}, found {match.group(1)}")
    adjacent = match.group(2).startswith("a")
    column = start + len(params) + 2
    tokens = description.split(",")
    if tokens and tokens[-1] == "" and len(tokens) == n * n + 1:
        tokens.pop()
    board = [[0] * n for _ in range(n)]
    less = []
    flags: dict[tuple[tuple[int, int], tuple[int, int]], int] = {}
    for index, token in enumerate(tokens):
        if index >= n * n:
            raise DataFormatError(path, number, column, f"expected {n * n} cells for size {n}, found more")
        cell = _CELL.fullmatch(token)
        if cell is None or int_value(cell.group(1)) > n or len(set(cell.group(2))) < len(cell.group(2)):
            raise DataFormatError(path, number, column,
                                  f"expected a digit 0..{n} and any of U, R, D, L once each, found {token[:30]!r}")
        r, c = divmod(index, n)
        board[r][c] = int_value(cell.group(1))
        for offset, mark in enumerate(cell.group(2)):
            dr, dc = _STEP[mark]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise DataFormatError(path, number, column + len(cell.group(1)) + offset,
                                      f"expected a mark towards a neighbour, found {mark!r} at the board's edge")
            less.append(((r + dr, c + dc), (r, c)))
            flags[(r, c), (r + dr, c + dc)] = column + len(cell.group(1)) + offset
        column += len(token) + 1
    if len(tokens) < n * n:
        raise DataFormatError(path, number, len(line.rstrip()) + 1,
                              f"expected {n * n} cells for size {n}, found end of line after {len(tokens)}")
    if not adjacent:
        return Futoshiki(n, tuple(map(tuple, board)), tuple(less))
    for (a, b), at in flags.items():
        if (b, a) not in flags:
            mark = next(key for key, value in _STEP.items() if value == (b[0] - a[0], b[1] - a[1]))
            echo = next(key for key, value in _STEP.items() if value == (a[0] - b[0], a[1] - b[1]))
            raise DataFormatError(path, number, at,
                                  f"expected the Adjacent mark {mark} of cell ({a[0] + 1},{a[1] + 1}) to be echoed by "
                                  f"{echo} on cell ({b[0] + 1},{b[1] + 1}), found no {echo} there")
    return Adjacent(n, tuple(map(tuple, board)), tuple(pair for pair in flags if pair[0] < pair[1]))


def write(puzzle: Futoshiki) -> str:
    """The puzzle as one game ID (marks on the greater cell of each pair)."""
    n = puzzle.size
    marks: dict[tuple[int, int], str] = {}
    for small, big in puzzle.less:
        step = (small[0] - big[0], small[1] - big[1])
        letter = next((key for key, value in _STEP.items() if value == step), None)
        if letter is None:
            raise not_neighbours("tatham", small, big)
        marks[big] = marks.get(big, "") + letter
    return _id(f"{n}", puzzle.givens, marks)


def write_adjacent(puzzle: Adjacent) -> str:
    """An Adjacent puzzle as one game ID in mode ``a``, each mark on both cells of its pair;
    a pair with no rule (a sub-puzzle of ``--explain``) cannot be written."""
    if puzzle.free:
        (a, b), *_ = puzzle.free
        raise UnsupportedFeatureError(
            f"a Tatham Adjacent ID gives every neighbour pair a rule; the pair ({a[0] + 1},{a[1] + 1})-"
            f"({b[0] + 1},{b[1] + 1}) has none (write the whole puzzle, not an --explain sub-puzzle)")
    marks: dict[tuple[int, int], str] = {}
    for a, b in puzzle.marks:
        for here, there in ((a, b), (b, a)):
            step = (there[0] - here[0], there[1] - here[1])
            marks[here] = marks.get(here, "") + next(key for key, value in _STEP.items() if value == step)
    return _id(f"{puzzle.size}a", puzzle.givens, marks)


def _id(params: str, givens, marks: dict) -> str:
    # Tatham writes the letters in the order U, R, D, L.
    n = len(givens)
    cells = [f"{givens[r][c]}{''.join(sorted(set(marks.get((r, c), '')), key='URDL'.index))}"
             for r in range(n) for c in range(n)]
    return f"{params}:" + ",".join(cells) + ",\n"


FORMAT = Format(
    name="tatham",
    kind="futoshiki",
    extensions=(".unequal", ".txt"),
    sniff=sniff,
    read=read,
    write=write,
    description="Simon Tatham's Unequal game IDs: 'N:cells', a digit (0 blank) then U/R/D/L = greater than that neighbour",
)
