"""The "qcp" format: quasigroup completion instances as flat MiniZinc models (``_ext.mzn``).

The MiniZinc benchmark QCP files (orders 10-25; flattened from XCSP) read

    var  1 ..  1 : v_0;            a clue: cell 0 holds symbol 1
    var  0 ..  9 : v_1;            a hole: any symbol 0..n-1
    ...                            one line per cell, v_0 .. v_{n*n-1}, row by row
    array[1 .. 100] of var int: var_array = [ v_0, v_1, ..., v_99 ];
    constraint all_different([v_0, v_1, ..., v_9]);     every row, then every column
    ...
    solve ::int_search(var_array, first_fail, indomain, complete) satisfy;
    include "globals.mzn";

Symbols are 0..n-1 in the file and 1..n in futomip (the reader adds one, the writer takes it
off).  The reader accepts exactly this shape: the cells declared in order, each domain a
single symbol or the whole range 0..n-1, n*n a square, and all_different constraints that
are exactly the n rows and the n columns (in any order, each once; at order 1 the one row
is the one column, written once); the ``solve`` item's
annotation is read and ignored.  Anything else is a ``DataFormatError`` at the line and
column of the offending token.  ``%`` starts a comment, ``/* */`` encloses one.  At order 1
a hole's range 0..0 is also the clue 1's: the cell reads as the clue, and the writer refuses
the open cell.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import math
import re

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.latin import LatinSquare
from ._format import Format
from ._scan import MAX_SIZE, Syntax, Token, TokenStream, int_value, tokenize
from .nonogram_common import name_from_path

__all__ = ["FORMAT", "read", "write", "sniff"]

_SYNTAX = Syntax("%", True, True, ("..", "::", ":", ";", "[", "]", ",", "(", ")", "="))
_CELL = re.compile(r"v_(0|[1-9][0-9]*)")


def sniff(text: str) -> bool:
    """A flat QCP model: it declares ``v_0`` and constrains with ``all_different``."""
    head = text[:4096]
    return re.search(r"^\s*var\s+[0-9]+\s*\.\.\s*[0-9]+\s*:\s*v_0\s*;", head, re.M) is not None \
        and "all_different" in text


def _word(stream: TokenStream, word: str, expected: str) -> Token:
    token = stream.take()
    if token.kind != "name" or token.text != word:
        raise stream.error(token, expected)
    return token


def _number(stream: TokenStream, expected: str) -> int:
    return int_value(stream.integer(expected).text)


def _cell(stream: TokenStream, count: int, expected: str) -> tuple[int, Token]:
    token = stream.take()
    match = _CELL.fullmatch(token.text) if token.kind == "name" else None
    if match is None or int_value(match.group(1)) >= count:
        raise stream.error(token, expected)
    return int_value(match.group(1)), token


def read(text: str, path: str = "<string>") -> list[LatinSquare]:
    """The one instance of a QCP file (see the module docstring)."""
    stream = TokenStream(tokenize(text, path, _SYNTAX), path)
    domains: list[tuple[int, int, Token]] = []
    groups: list[tuple[list[int], Token]] = []
    array_seen = solve_seen = False
    while stream.peek().kind != "end":
        token = stream.take()
        if token.kind == "name" and token.text == "var" and not array_seen:
            low_token = stream.peek()
            low = _number(stream, "the lowest symbol of the cell, a whole number")
            stream.expect("..", "'..' between the lowest and the highest symbol")
            high = _number(stream, "the highest symbol of the cell, a whole number")
            stream.expect(":", "':' before the cell's name")
            index, name = _cell(stream, len(domains) + 1, f"the cell v_{len(domains)} (cells are declared in order)")
            if index != len(domains):
                raise stream.error(name, f"the cell v_{len(domains)} (cells are declared in order)")
            stream.expect(";", "';' ending the declaration")
            domains.append((low, high, low_token))
        elif token.kind == "name" and token.text == "array" and not array_seen:
            _array(stream, len(domains))
            array_seen = True
        elif token.kind == "name" and token.text == "constraint" and array_seen:
            _word(stream, "all_different", "all_different (the only constraint of a QCP file)")
            stream.expect("(", "'(' after all_different")
            opened = stream.expect("[", "'[' opening the list of cells")
            cells = [_cell(stream, len(domains), f"a cell v_0 .. v_{len(domains) - 1}")[0]]
            while stream.accept(","):
                cells.append(_cell(stream, len(domains), f"a cell v_0 .. v_{len(domains) - 1}")[0])
            stream.expect("]", "',' or ']' closing the list of cells")
            stream.expect(")", "')' closing all_different")
            stream.expect(";", "';' ending the constraint")
            groups.append((cells, opened))
        elif token.kind == "name" and token.text == "solve" and array_seen and not solve_seen:
            while not stream.peek().is_symbol(";"):
                if stream.take().kind == "end":
                    raise stream.error(stream.peek(), "';' ending the solve item")
            stream.take()
            solve_seen = True
        elif token.kind == "name" and token.text == "include":
            included = stream.take()
            if included.kind != "string":
                raise stream.error(included, 'the included file name, e.g. "globals.mzn"')
            stream.expect(";", "';' ending the include item")
        else:
            expected = "a cell declaration 'var LOW .. HIGH : v_K;' or the array var_array" if not array_seen else \
                "'constraint all_different(...)', 'solve' or 'include'"
            raise stream.error(token, expected)
    end = stream.peek()
    if not array_seen:
        raise stream.error(end, "the array var_array after the cell declarations")
    if not solve_seen:
        raise stream.error(end, "the solve item 'solve ... satisfy;'")
    n = math.isqrt(len(domains))
    givens = _givens(stream, domains, n)
    _check_lines(stream, groups, n, end)
    return [LatinSquare(n, givens, name_from_path(path))]


def _array(stream: TokenStream, count: int) -> None:
    """``[1 .. N] of var int: var_array = [ v_0, ..., v_{N-1} ];`` with N the cells declared."""
    stream.expect("[", "'[' after array")
    if _number(stream, "1, the first index of var_array") != 1:
        raise stream.error(stream.peek(), "the index range 1 .. N of var_array")
    stream.expect("..", "'..' in the index range")
    size_token = stream.peek()
    if _number(stream, "N, the number of cells") != count:
        raise stream.error(size_token, f"the number of declared cells, {count}")
    stream.expect("]", "']' closing the index range")
    for word in ("of", "var", "int"):
        _word(stream, word, f"'{word}' in 'array[1 .. N] of var int'")
    stream.expect(":", "':' before var_array")
    _word(stream, "var_array", "the name var_array")
    stream.expect("=", "'=' before the list of cells")
    stream.expect("[", "'[' opening the list of cells")
    for k in range(count):
        if k:
            stream.expect(",", "',' between the cells")
        index, token = _cell(stream, count, f"the cell v_{k}")
        if index != k:
            raise stream.error(token, f"the cell v_{k} (var_array lists the cells in order)")
    stream.expect("]", "']' closing the list of cells")
    stream.expect(";", "';' ending the array")


def _givens(stream: TokenStream, domains: list[tuple[int, int, Token]], n: int):
    if n * n != len(domains) or not 1 <= n <= MAX_SIZE:
        raise stream.error(domains[-1][2] if domains else stream.peek(),
                           f"a square number of cells (n*n for an order n in 1..{MAX_SIZE}), not {len(domains)}")
    board = []
    for low, high, token in domains:
        if low == high and 0 <= low < n:
            board.append(low + 1)
        elif (low, high) == (0, n - 1):
            board.append(0)
        else:
            raise stream.error(token, f"a single symbol in 0..{n - 1} (a clue) or the range 0 .. {n - 1} (a hole)")
    return tuple(tuple(board[r * n:(r + 1) * n]) for r in range(n))


def _check_lines(stream: TokenStream, groups, n: int, end: Token) -> None:
    wanted = {frozenset(range(r * n, (r + 1) * n)) for r in range(n)}
    wanted |= {frozenset(range(c, n * n, n)) for c in range(n)}
    seen = set()
    for cells, token in groups:
        group = frozenset(cells)
        if len(group) != len(cells) or group not in wanted or group in seen:
            raise DataFormatError(stream.path, token.line, token.column,
                                  "expected the cells of one row or one column not constrained before, found another "
                                  "list of cells")
        seen.add(group)
    if seen != wanted:
        raise stream.error(end, f"all_different on each of the {n} rows and {n} columns ({len(seen)} found)")


def write(puzzle) -> str:
    """The puzzle in the QCP file layout (symbols 0..n-1)."""
    if not isinstance(puzzle, LatinSquare):
        raise UnsupportedFeatureError(f"the qcp format holds Latin-square completions, not a {puzzle.kind}")
    n = puzzle.size
    if n == 1 and puzzle.givens == ((0,),):
        raise UnsupportedFeatureError("the qcp format cannot hold an order-1 square with its cell open: a hole and "
                                      "the clue 1 are both 'var 0 .. 0', which reads back as the clue")
    lines = []
    for r in range(n):
        for c in range(n):
            v = puzzle.givens[r][c]
            low, high = (v - 1, v - 1) if v else (0, n - 1)
            lines.append(f"var {low} .. {high} : v_{r * n + c};")
    cells = ", ".join(f"v_{k}" for k in range(n * n))
    lines += ["", f"array[1 .. {n * n}] of var int: var_array = [ {cells} ];", ""]
    for r in range(n):
        lines.append(f"constraint all_different([{', '.join(f'v_{r * n + c}' for c in range(n))}]);")
    for c in range(n if n > 1 else 0):  # order 1's one column is its one row, and each list is read once
        lines.append(f"constraint all_different([{', '.join(f'v_{r * n + c}' for r in range(n))}]);")
    lines += ["", "solve ::int_search(var_array, first_fail, indomain, complete) satisfy;", 'include "globals.mzn";']
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="qcp",
    kind="latin",
    extensions=(".mzn",),
    sniff=sniff,
    read=read,
    write=write,
    description="quasigroup completion as a flat MiniZinc model (MiniZinc benchmarks QCP/*_ext.mzn)",
)
