"""The "ampl" format: a Futoshiki as an AMPL data file (``.dat``) that Pyomo's own
``DataPortal`` loads unchanged::

    # comments run from '#' to the end of the line
    param n := 5;            # the board size, required
    param given :=           # sparse givens "row column value", 1-based
      1 2 3
      2 4 5 ;
    set less :=              # (r1,c1,r2,c2) means cell(r1,c1) < cell(r2,c2)
      (1,1,1,2)
      (5,2,4,2) ;

The matching Pyomo model (checked by the tests) is::

    model = AbstractModel()
    model.n = Param(within=PositiveIntegers)
    model.R = RangeSet(1, model.n)
    model.given = Param(model.R, model.R, within=NonNegativeIntegers, default=0)
    model.less = Set(dimen=4, within=model.R * model.R * model.R * model.R)
    data = DataPortal(model=model)
    data.load(filename="puzzle.dat")

so ``given[r, c]`` is 0 for a blank cell.  Rules of the reader: the statements may come in
any order, each at most once; ``param n`` is required, the others may be left out or be
empty; an optional ``data;`` may open the file and ``end;`` close it; ``param given`` may
say ``default 0``; a ``less`` tuple is either ``(r1,c1,r2,c2)`` (commas inside optional) or
four bare numbers.  Entries are separated by whitespace only: Pyomo rejects commas between
them, so this reader does too.  Givens must be in 1..n (leave blank cells out rather than
writing 0); the same given twice is accepted, two different values for one cell are an
error.  A relation may join any two distinct cells; contradictory but well-formed puzzles
are read as they are.

Detection: the file declares something with ``param``/``set`` and nothing but ``n``,
``given`` and ``less`` (so AMPL data of another puzzle is not claimed); OPL files have no
``param``/``set`` keywords.

The writer leaves out ``param given`` when no cell is given, because Pyomo fails on an
empty ``param given := ;`` (it accepts an empty ``set less := ;``).
Must not import solvers, backends or ``models`` (the tests import Pyomo, this module does not).
"""

from __future__ import annotations

import re

from ..puzzles.futoshiki import Futoshiki
from ._format import Format, one_line
from ._futoshiki import SparseClues, names_only, puzzle_name, require_futoshiki
from ._scan import board_size, int_value, Syntax, Token, tokenize, TokenStream

__all__ = ["FORMAT", "read", "write", "sniff"]

_SYNTAX = Syntax(line_comment="#", block_comments=False, strings=False,
                 symbols=(":=", "=", ";", "(", ")", ","))
_COMPONENTS = {"param": ("n", "given"), "set": ("less",)}
_TUPLE_SHAPE = "(r1,c1,r2,c2)"

_COMMENTS = re.compile(r"#[^\n]*")
_DECLARATION = re.compile(r"\b(?:param|set)\s+([A-Za-z_]\w*)")


def sniff(text: str) -> bool:
    """Whether ``text`` declares with ``param`` or ``set`` only ``n``, ``given`` and ``less``."""
    return names_only(text, _COMMENTS, _DECLARATION, sum(_COMPONENTS.values(), ()))


def read(text: str, path: str = "<string>") -> list[Futoshiki]:
    """The one puzzle of an AMPL data file (see the module docstring for the rules)."""
    stream = TokenStream(tokenize(text, path, _SYNTAX), path)
    clues = SparseClues(stream)
    first_seen: dict[str, Token] = {}
    size = None
    if _is_name(stream.peek(), "data"):
        stream.take()
        stream.expect(";", "';' after 'data'")
    while stream.peek().kind != "end":
        if _is_name(stream.peek(), "end"):
            _read_end(stream)
            break
        component = _component_name(stream, first_seen)
        first_seen[component.text] = component
        if component.text == "n":
            stream.expect(":=", "':=' after 'param n'")
            value = stream.take()
            size = board_size(stream, value)
            stream.expect(";", f"';' after 'param n := {value.text}'")
        elif component.text == "given":
            _read_givens(stream, clues)
        else:
            _read_less(stream, clues)
    if size is None:
        raise stream.error(stream.peek(), "a statement 'param n := <board size>;' somewhere in the file")
    return [clues.build(size, puzzle_name(path))]


def _is_name(token: Token, text: str) -> bool:
    return token.kind == "name" and token.text == text


def _read_end(stream: TokenStream) -> None:
    stream.take()
    stream.expect(";", "';' after 'end'")
    if stream.peek().kind != "end":
        raise stream.error(stream.peek(), "end of file after 'end;'")


def _component_name(stream: TokenStream, first_seen: dict[str, Token]) -> Token:
    """The component a statement sets, after its keyword ``param`` or ``set``."""
    keyword = stream.take()
    if keyword.kind != "name" or keyword.text not in _COMPONENTS:
        raise stream.error(keyword, "a statement starting with 'param' or 'set', or end of file")
    names = _COMPONENTS[keyword.text]
    component = stream.take()
    if component.kind != "name" or component.text not in names:
        choices = " or ".join(f"'{name}'" for name in names)
        raise stream.error(component, f"{choices} after '{keyword.text}'")
    if component.text in first_seen:
        raise stream.error(component, f"each statement once ('{keyword.text} {component.text}' is already "
                                      f"set at {first_seen[component.text].where})")
    return component


def _read_givens(stream: TokenStream, clues: SparseClues) -> None:
    if _is_name(stream.peek(), "default"):
        stream.take()
        default = stream.take()
        if not (default.is_integer() and int_value(default.text) == 0):
            raise stream.error(default, "0 after 'default' (blank cells are 0)")
    opening = stream.expect(":=", "':=' after 'param given'")
    while not stream.peek().is_symbol(";"):
        row = stream.integer(f"a row number, or ';' ending the givens started at {opening.where}")
        column = stream.integer(f"the column of a given in row {row.text} (entries are 'row column value')")
        value = stream.integer(f"the value of cell ({row.text},{column.text})")
        clues.add_given(row, column, value)
    stream.take()


def _read_less(stream: TokenStream, clues: SparseClues) -> None:
    opening = stream.expect(":=", "':=' after 'set less'")
    while not stream.peek().is_symbol(";"):
        start = stream.peek()
        if start.is_symbol("("):
            stream.take()
            numbers = [stream.integer(f"a whole number in the tuple {_TUPLE_SHAPE}")]
            for _ in range(3):
                stream.accept(",")
                numbers.append(stream.integer(f"a whole number in the tuple {_TUPLE_SHAPE}"))
            stream.expect(")", f"')' closing the tuple {_TUPLE_SHAPE} opened at {start.where}")
        else:
            numbers = [stream.integer(f"'(' starting a tuple {_TUPLE_SHAPE}, a row number, or ';' "
                                      f"ending the set started at {opening.where}")]
            numbers += [stream.integer("four numbers r1 c1 r2 c2 per relation") for _ in range(3)]
        clues.add_less((numbers[0], numbers[1]), (numbers[2], numbers[3]))
    stream.take()


def write(puzzle: Futoshiki) -> str:
    """The puzzle as AMPL data that Pyomo's ``DataPortal`` loads (layout in the module docstring)."""
    puzzle = require_futoshiki(puzzle, "ampl")
    title = one_line(puzzle.name)
    lines = [
        f"# Futoshiki {title} ({puzzle.size}x{puzzle.size}) as AMPL data; rows and columns count from 1."
        if title else f"# A {puzzle.size}x{puzzle.size} Futoshiki as AMPL data; rows and columns count from 1.",
        "# 'param given' lists 'row column value' (cells left out are blank);",
        "# (r1,c1,r2,c2) in 'less' means cell(r1,c1) < cell(r2,c2).",
        f"param n := {puzzle.size};",
        "",
    ]
    givens = puzzle.given_cells()
    if givens:
        lines += ["param given :=", *(f"  {r + 1} {c + 1} {v}" for (r, c), v in givens), ";"]
    else:
        lines.append("# No cell is given (Pyomo rejects an empty 'param given := ;').")
    lines += ["", "set less :=", *(f"  ({a[0] + 1},{a[1] + 1},{b[0] + 1},{b[1] + 1})" for a, b in puzzle.less), ";"]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="ampl",
    kind="futoshiki",
    extensions=(".dat",),
    sniff=sniff,
    read=read,
    write=write,
    description="Futoshiki as AMPL/Pyomo data: param n, param given (r c v), set less (r1,c1,r2,c2)",
)
