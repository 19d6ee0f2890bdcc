"""The "str8ts-dat" format: a Str8ts as an OPL-style data file (``.dat``)::

    puzzle = "str8ts";                      // optional; names the puzzle type
    n = 9;                                  // the board size, required
    black = {<1, 3>, <1, 7>, <3, 1>};       // <row, column> of each black cell, required
    givens = {<1, 9, 4>, <3, 1, 4>};        // <row, column, digit>; optional

Rows and columns count from 1.  A given on a black cell is a black clue.  The statements
may come in any order, each at most once; sets may be empty (``{}``).  Inside a tuple the
fields are separated by commas; between tuples a comma is optional (as in OPL).  ``//``
and ``/* */`` comments may stand anywhere.  The same black cell written twice is accepted
(a set), two different digits for one cell are an error.

Detection: a ``black = {`` set or a ``puzzle = "str8ts"`` statement, neither of which the
Futoshiki OPL ``.dat`` (``initialValues``, ``conditions``) has.  That makes this sniff
strictly more specific than the Futoshiki one, which also accepts a file opening with
``n =``, so this format is registered before it.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..errors import DataFormatError
from ..puzzles.str8ts import Cell, Str8ts
from ._format import Format, one_line
from ._scan import int_value, MAX_SIZE, Token, tokenize, TokenStream
from ._opl import SYNTAX, set_lines, statement_keyword
from .str8ts_common import puzzle_name, require_str8ts

__all__ = ["FORMAT", "read", "write", "sniff"]

_STATEMENTS = ("puzzle", "n", "black", "givens")
_KIND = "str8ts"
_BLACK_FIELDS = ("row", "column")
_GIVEN_FIELDS = ("row", "column", "digit")
_COMMENTS = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*", re.S)
_MARK = re.compile(r'\bblack\s*=\s*\{|\bpuzzle\s*=\s*"str8ts"')


def sniff(text: str) -> bool:
    """Whether the text (comments removed) has a ``black = {`` or ``puzzle = "str8ts"`` statement."""
    return _MARK.search(_COMMENTS.sub(" ", text)) is not None


def read(text: str, path: str = "<string>") -> list[Str8ts]:
    """The one puzzle of a Str8ts data file (see the module docstring for the rules)."""
    stream = TokenStream(tokenize(text, path, SYNTAX), path)
    first_seen: dict[str, Token] = {}
    size: int | None = None
    black: list[list[Token]] = []
    givens: list[list[Token]] = []
    while stream.peek().kind != "end":
        keyword = statement_keyword(stream, _STATEMENTS, first_seen)
        stream.expect("=", f"'=' after '{keyword.text}'")
        if keyword.text == "puzzle":
            value = stream.take()
            if value.kind != "string" or value.text != _KIND:
                raise stream.error(value, f'the string "{_KIND}" (this format holds Str8ts puzzles)')
        elif keyword.text == "n":
            value = stream.take()
            if not value.is_integer() or not 1 <= int_value(value.text) <= MAX_SIZE:
                raise stream.error(value, f"the board size n as a whole number in 1..{MAX_SIZE}")
            size = int_value(value.text)
        elif keyword.text == "black":
            black = _tuples(stream, _BLACK_FIELDS)
        else:
            givens = _tuples(stream, _GIVEN_FIELDS)
        stream.expect(";", f"';' ending the statement '{keyword.text}' at {keyword.where}")
    for needed, shape in (("n", "n = <board size>"), ("black", "black = {<row, column>, ...}")):
        if needed not in first_seen:
            raise stream.error(stream.peek(), f"a statement '{shape};' somewhere in the file")
    assert size is not None
    return [_build(stream, size, black, givens, puzzle_name(path))]


def _tuples(stream: TokenStream, fields: tuple[str, ...]) -> list[list[Token]]:
    """A set ``{<...>, <...>}`` of integer tuples with the named fields."""
    shape = "<" + ", ".join(fields) + ">"
    opening = stream.expect("{", f"'{{' opening a set of tuples {shape}")
    tuples = []
    while not stream.accept("}"):
        start = stream.take()
        if not start.is_symbol("<"):
            raise stream.error(start, f"'<' starting a tuple {shape} or '}}' closing the set opened at {opening.where}")
        values = []
        for index, field in enumerate(fields):
            if index:
                stream.expect(",", f"',' before the {field} in the tuple {shape}")
            values.append(stream.integer(f"the {field} as a whole number in the tuple {shape}"))
        stream.expect(">", f"'>' closing the tuple {shape} opened at {start.where}")
        tuples.append(values)
        stream.accept(",")
    return tuples


def _build(stream: TokenStream, size: int, black: list[list[Token]], givens: list[list[Token]], name: str) -> Str8ts:
    """The puzzle, or the error of the first tuple (in file order) that does not fit ``size``."""
    black_cells = {_cell(stream, row, column, size) for row, column in black}
    digits: dict[Cell, tuple[int, Token]] = {}
    for row, column, digit in givens:
        cell = _cell(stream, row, column, size)
        value = _in_range(stream, digit, size, "a digit")
        if cell in digits and digits[cell][0] != value:
            first, token = digits[cell]
            raise DataFormatError(stream.path, digit.line, digit.column,
                                  f"expected one digit for cell ({cell[0] + 1},{cell[1] + 1}), found {value} "
                                  f"after {first} at {token.where}")
        digits[cell] = (value, digit)
    return Str8ts.from_cells(size, black_cells, {cell: value for cell, (value, _) in digits.items()}, name)


def _cell(stream: TokenStream, row: Token, column: Token, size: int) -> Cell:
    return _in_range(stream, row, size, "a row number") - 1, _in_range(stream, column, size, "a column number") - 1


def _in_range(stream: TokenStream, token: Token, size: int, what: str) -> int:
    value = int_value(token.text)
    if not 1 <= value <= size:
        raise stream.error(token, f"{what} in 1..{size}")
    return value


def write(puzzle: Str8ts) -> str:
    """The puzzle as a data file, one board row of tuples per line."""
    require_str8ts(puzzle, "str8ts-dat")
    n = puzzle.size
    title = one_line(puzzle.name)
    black = [[f"<{r + 1}, {c + 1}>" for c in range(n) if puzzle.black[r][c]] for r in range(n)]
    givens = [[f"<{r + 1}, {c + 1}, {v}>" for c, v in enumerate(row) if v] for r, row in enumerate(puzzle.givens)]
    lines = [
        f"// Str8ts{' ' + title if title else ''} ({n}x{n}) as OPL-style data; rows and columns count from 1.",
        "// black holds <row, column> of each black cell; givens holds <row, column, digit>,",
        "// and a digit on a black cell is a black clue.",
        f'puzzle = "{_KIND}";',
        f"n = {n};",
        *set_lines("black", [", ".join(row) for row in black if row]),
        *set_lines("givens", [", ".join(row) for row in givens if row]),
    ]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="str8ts-dat",
    kind="str8ts",
    extensions=(".dat",),
    sniff=sniff,
    read=read,
    write=write,
    description="Str8ts as OPL-style data: n, black {<r,c>}, givens {<r,c,digit>} (on a black cell: a black clue)",
)
