"""The "dzn" format: MiniZinc challenge nonogram data files, and their ``.out`` solutions.

    X = 5;            number of rows
    Y = 5;            number of columns
    maxlen = 3;       length of every pattern row
    rows = [|1, 1, 1
            |1, 0, 1
            ...
            |];
    cols = [| ... |];

Each line's clue is a regular-language pattern: ``1`` is a black cell of a run, ``0`` the
gap between two runs (one or more white cells), and ``-1`` pads the pattern to ``maxlen``.
So ``1, 0, 1, 1, 1, -1`` is the clue ``[1, 3]`` and a lone ``0`` is an all-white line.
The reader accepts exactly that shape (runs separated by single 0s, no leading or
trailing 0 except the lone one, padding only at the end) and reports anything else at
the offending number.  The challenge instances are all square, so the orientation
(``X`` counts the ``rows`` patterns, ``Y`` the ``cols`` ones) is checked against the
arrays rather than taken on trust.  ``%`` starts a comment.  The writer produces the same
layout as the challenge files, with ``maxlen`` the longest pattern.

``read_out`` reads a solution file: ``A = array2d(1..X, 1..Y, [...]);`` in row-major
order with 1 = white and 2 = black, followed by a ``----------`` line; several solutions
may follow one another.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.nonogram import Grid, Nonogram, Runs
from ._format import Format
from ._scan import int_value, Syntax, Token, tokenize, TokenStream
from .nonogram_common import name_from_path, read_statements, require_writable

__all__ = ["FORMAT", "read", "read_out", "write", "sniff", "pattern_of", "runs_of_pattern"]

_KEYS = ("X", "Y", "maxlen", "rows", "cols")
_SYNTAX = Syntax(line_comment="%", block_comments=True, strings=False,
                 symbols=("[|", "|]", "|", "..", "=", ";", ",", "[", "]", "(", ")", "----------", "=========="))


def sniff(text: str) -> bool:
    """Whether the text assigns ``X``, ``Y``, ``maxlen``, ``rows`` and ``cols``."""
    keys = set(re.findall(r"^\s*(X|Y|maxlen|rows|cols)\s*=", text, re.MULTILINE))
    return keys == set(_KEYS)


def _stream(text: str, path: str) -> TokenStream:
    return TokenStream(tokenize(text, path, _SYNTAX), path)


def _integer(stream: TokenStream, what: str) -> Token:
    return stream.integer(f"{what} as a whole number")


def _matrix(stream: TokenStream, name: str) -> list[list[Token]]:
    """A 2-d array literal ``[| a, b | c, d |]`` as rows of number tokens."""
    opening = stream.expect("[|", f"'[|' opening the pattern matrix {name}")
    rows = [[_integer(stream, "a pattern value")]]
    while True:
        token = stream.take()
        if token.is_symbol(","):
            rows[-1].append(_integer(stream, "a pattern value"))
        elif token.is_symbol("|"):
            rows.append([_integer(stream, "a pattern value")])
        elif token.is_symbol("|]"):
            return rows
        else:
            raise stream.error(token, f"',', '|' or '|]' closing the matrix opened at {opening.where}")


def runs_of_pattern(row: list[Token], path: str) -> Runs:
    """The clue a pattern row spells (number tokens), checking its shape."""
    values = [int_value(token.text) for token in row]
    padding = values.index(-1) if -1 in values else len(values)
    for value, token in zip(values[padding:], row[padding:]):
        if value != -1:
            raise DataFormatError(path, token.line, token.column, f"expected -1 (padding runs to the end of the row), found {value}")
    core = list(zip(values[:padding], row[:padding]))
    if not core:
        raise DataFormatError(path, row[0].line, row[0].column, "expected a pattern (1 = run cell, 0 = gap) before the padding, found -1")
    if values[:padding] == [0]:
        return ()
    runs = [0]
    for index, (value, token) in enumerate(core):
        if value == 1:
            runs[-1] += 1
            continue
        if value != 0:
            message = f"expected 1 (run cell), 0 (gap) or -1 (padding), found {value}"
        elif index == 0 or index == len(core) - 1:
            message = "expected a pattern to start and end with a run (a lone 0 is an empty line), found 0"
        elif runs[-1] == 0:
            message = "expected 1 after a gap (a gap is a single 0), found 0"
        else:
            runs.append(0)
            continue
        raise DataFormatError(path, token.line, token.column, message)
    return tuple(runs)


def pattern_of(clue: Runs) -> list[int]:
    """The pattern spelling ``clue`` without padding: runs of 1 joined by single 0s."""
    if not clue:
        return [0]
    pattern: list[int] = []
    for run in clue:
        pattern += [0] * bool(pattern) + [1] * run
    return pattern


def _value(stream: TokenStream, keyword: Token):
    if keyword.text in ("rows", "cols"):
        return _matrix(stream, keyword.text)
    return int_value(_integer(stream, keyword.text).text)


def read(text: str, path: str = "<string>") -> list[Nonogram]:
    """The one puzzle in ``text``."""
    values, keywords = read_statements(_stream(text, path), _KEYS, _value)
    maxlen = values["maxlen"]
    clues = {}
    for key, count_key in (("rows", "X"), ("cols", "Y")):
        matrix, count, where = values[key], values[count_key], keywords[key]
        if len(matrix) != count:
            raise DataFormatError(path, where.line, where.column, f"expected {count_key} = {count} patterns in {key}, found {len(matrix)}")
        for row in matrix:
            if len(row) != maxlen:
                raise DataFormatError(path, row[0].line, row[0].column, f"expected maxlen = {maxlen} numbers in a pattern, found {len(row)}")
        clues[key] = tuple(runs_of_pattern(row, path) for row in matrix)
    return [Nonogram(clues["rows"], clues["cols"], name_from_path(path))]


def _index_range(stream: TokenStream) -> int:
    """``1..n``: the upper bound n of an array index range that starts at 1."""
    low = _integer(stream, "the index range's start 1")
    if int_value(low.text) != 1:
        raise stream.error(low, "an index range starting at 1")
    stream.expect("..", "'..' in an index range")
    return int_value(_integer(stream, "the index range's end").text)


def read_out(text: str, path: str = "<string>") -> list[Grid]:
    """The grids of a ``.out`` file (``A = array2d(1..X, 1..Y, [...])``, 1 white, 2 black)."""
    stream = _stream(text, path)
    grids = []
    while stream.peek().kind != "end":
        if stream.accept("----------") or stream.accept("=========="):
            continue
        for word in ("A", "=", "array2d", "("):
            token = stream.take()
            if token.text != word:
                raise stream.error(token, f"'{word}' (a solution is A = array2d(1..X, 1..Y, [...]);)")
        height = _index_range(stream)
        stream.expect(",", "',' between the index ranges")
        width = _index_range(stream)
        stream.expect(",", "',' before the cell list")
        opening = stream.expect("[", "'[' opening the cell list")
        cells = [_integer(stream, "a cell value")]
        while stream.accept(","):
            cells.append(_integer(stream, "a cell value"))
        stream.expect("]", f"']' closing the cell list opened at {opening.where}")
        stream.expect(")", "')' closing array2d")
        stream.expect(";", "';' ending the solution")
        if len(cells) != height * width:
            raise DataFormatError(path, opening.line, opening.column, f"expected {height} x {width} = {height * width} cells, found {len(cells)}")
        for token in cells:
            if token.text not in ("1", "2"):
                raise DataFormatError(path, token.line, token.column, f"expected 1 (white) or 2 (black), found {token.text}")
        black = [int_value(token.text) - 1 for token in cells]
        grids.append(tuple(tuple(black[r * width:(r + 1) * width]) for r in range(height)))
    return grids


def _matrix_text(patterns: list[list[int]], maxlen: int) -> str:
    rows = [", ".join(str(value) for value in pattern + [-1] * (maxlen - len(pattern))) for pattern in patterns]
    return "\t[|" + "\n\t |".join(rows) + "\n\t |]"


def write(puzzle: Nonogram) -> str:
    """The puzzle in the challenge layout (tab-indented ``[| ... |]`` pattern matrices)."""
    require_writable(puzzle, "dzn")
    row_patterns = [pattern_of(clue) for clue in puzzle.rows]
    col_patterns = [pattern_of(clue) for clue in puzzle.cols]
    maxlen = max(len(pattern) for pattern in row_patterns + col_patterns)
    return (
        f"X = {puzzle.height};\nY = {puzzle.width};\nmaxlen = {maxlen};\n"
        f"rows = {_matrix_text(row_patterns, maxlen)};\n"
        f"cols = {_matrix_text(col_patterns, maxlen)};\n"
    )


FORMAT = Format(
    name="dzn",
    kind="nonogram",
    extensions=(".dzn",),
    sniff=sniff,
    read=read,
    write=write,
    description="MiniZinc challenge nonogram data: X, Y, maxlen and rows/cols as 1/0/-1 patterns",
)
