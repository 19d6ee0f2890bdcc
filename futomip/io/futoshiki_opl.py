"""The "opl" format: a Futoshiki as an IBM ILOG OPL data file (``.dat``), the layout of the
CPLEX model in the seed documents::

    n = 5;                                   // the board size, required
    initialValues = {<1, 2, 3>, <2, 4, 5>};  // <row, column, value>, 1-based
    conditions = {<1, 1, 1, 2, "<">,         // <x1, y1, x2, y2, REL>: cell(x1, y1) REL
                  <4, 2, 5, 2, ">">};        //   cell(x2, y2), x = row, y = column

The three statements may come in any order, each at most once (``initialValues`` and
``conditions`` may be left out or be empty sets ``{}``); ``n`` is required.  Commas
between tuples and between the fields of a tuple are optional, whitespace and line breaks
are free, and ``//`` and ``/* */`` comments may stand anywhere.  A condition may relate any
two distinct cells, not only neighbours.  Givens must be in 1..n; the same given written
twice is accepted, two different values for one cell are an error.  A puzzle that is
well-formed but contradictory (a < b and b < a) is read as it is: it is infeasible, not
malformed.

Detection: every statement of the file (comments removed) sets ``n``, ``initialValues``
or ``conditions``; other puzzles written in OPL syntax (a Str8ts file also sets ``n``) and
AMPL files (``param n := ...``) are not claimed.

The writer puts one tuple per line and writes every inequality as a ``"<"`` condition.
Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re

from ..puzzles.futoshiki import Futoshiki
from ._format import Format, one_line
from ._futoshiki import SparseClues, names_only, puzzle_name, require_futoshiki
from ._opl import SYNTAX, integer_field, read_tuple_set, set_lines, statement_keyword
from ._scan import Token, TokenStream, board_size, tokenize

__all__ = ["FORMAT", "read", "write", "sniff"]

_STATEMENTS = ("n", "initialValues", "conditions")
_GIVEN_SHAPE = "<row, column, value>"
_CONDITION_SHAPE = '<x1, y1, x2, y2, "<" or ">">'
_RELATIONS = ("<", ">")

# Comments are removed before sniffing so that a file opening with a licence block is
# still recognised.  A statement starts the file or follows a ';'.
_COMMENTS = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*", re.S)
_DECLARATION = re.compile(r"(?:\A|;)\s*([A-Za-z_]\w*)\s*=")


def sniff(text: str) -> bool:
    """Whether every statement of ``text`` sets ``n``, ``initialValues`` or ``conditions``."""
    return names_only(text, _COMMENTS, _DECLARATION, _STATEMENTS)


def read(text: str, path: str = "<string>") -> list[Futoshiki]:
    """The one puzzle of an OPL data file (see the module docstring for the rules)."""
    stream = TokenStream(tokenize(text, path, SYNTAX), path)
    clues = SparseClues(stream)
    first_seen: dict[str, Token] = {}
    size = None
    while stream.peek().kind != "end":
        keyword = statement_keyword(stream, _STATEMENTS, first_seen)
        stream.expect("=", f"'=' after '{keyword.text}'")
        if keyword.text == "n":
            value = stream.take()
            size = board_size(stream, value)
            stream.expect(";", f"';' after 'n = {value.text}'")
            continue
        if keyword.text == "initialValues":
            for row, column, value in read_tuple_set(stream, _GIVEN_SHAPE, ("row", "column", "value")):
                clues.add_given(row, column, value)
        else:
            fields = ("x1 (a row)", "y1 (a column)", "x2 (a row)", "y2 (a column)", "relation")
            for x1, y1, x2, y2, relation in read_tuple_set(stream, _CONDITION_SHAPE, fields, _condition_field):
                first, second = (x1, y1), (x2, y2)
                clues.add_less(*((first, second) if relation.text == "<" else (second, first)))
        stream.expect(";", f"';' after the closing '}}' of '{keyword.text}'")
    if size is None:
        raise stream.error(stream.peek(), "a statement 'n = <board size>;' somewhere in the file")
    return [clues.build(size, puzzle_name(path))]


def _condition_field(stream: TokenStream, field: str, shape: str) -> Token:
    """A condition's coordinates are whole numbers; its last field is the string "<" or ">"."""
    if field != "relation":
        return integer_field(stream, field, shape)
    token = stream.take()
    if token.kind != "string" or token.text not in _RELATIONS:
        raise stream.error(token, f'the relation "<" or ">" in the tuple {shape}')
    return token


def write(puzzle: Futoshiki) -> str:
    """The puzzle as an OPL data file, one tuple per line; every inequality as ``"<"``."""
    puzzle = require_futoshiki(puzzle, "opl")
    title = one_line(puzzle.name)
    givens = [f"<{r + 1}, {c + 1}, {v}>" for (r, c), v in puzzle.given_cells()]
    conditions = [f'<{a[0] + 1}, {a[1] + 1}, {b[0] + 1}, {b[1] + 1}, "<">' for a, b in puzzle.less]
    lines = [
        f"// Futoshiki {title} ({puzzle.size}x{puzzle.size}) as OPL data; rows and columns count from 1."
        if title else f"// A {puzzle.size}x{puzzle.size} Futoshiki as OPL data; rows and columns count from 1.",
        '// initialValues holds <row, column, value>; a condition <x1, y1, x2, y2, "<"> means',
        "// cell(x1, y1) < cell(x2, y2).",
        f"n = {puzzle.size};",
        "",
        *set_lines("initialValues", givens),
        "",
        *set_lines("conditions", conditions),
    ]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="opl",
    kind="futoshiki",
    extensions=(".dat",),
    sniff=sniff,
    read=read,
    write=write,
    description="Futoshiki as an OPL data file: n, initialValues {<r,c,v>}, conditions {<x1,y1,x2,y2,\"<\">}",
)
