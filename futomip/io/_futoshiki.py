"""What the four Futoshiki formats share: sparse clues whose range can only be checked
once ``n`` is known (OPL and AMPL may state ``n`` last), the layout of
inequalities between neighbours for the positional formats (grid and csv), and the checks
a writer makes on the puzzle it is handed.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import DataFormatError, UnsupportedFeatureError
from ..puzzles.futoshiki import Cell, Futoshiki
from ._scan import int_value, Token, TokenStream

__all__ = ["puzzle_name", "names_only", "SparseClues", "not_neighbours", "neighbour_relations", "require_futoshiki"]


def puzzle_name(path: str) -> str:
    """The name a puzzle read from ``path`` gets: the file's stem, or "" for a string."""
    return "" if path == "<string>" else Path(path).stem


def names_only(text: str, comments: re.Pattern, declaration: re.Pattern, names: tuple[str, ...]) -> bool:
    """Whether ``text``, comments removed, declares something and only the given ``names``.

    This is how the statement formats sniff: other puzzles use the same syntax (a Str8ts
    OPL file also opens with ``n = ...``), so the names declared must all be ours.  Case is
    ignored so that a misspelt ``initialvalues`` still reaches the reader's helpful error.
    """
    declared = {name.lower() for name in declaration.findall(comments.sub(" ", text))}
    return bool(declared) and declared <= {name.lower() for name in names}


class SparseClues:
    """Givens and inequalities as written, checked against the size once it is known.

    The entries are kept in the order they were read, which is file order, so that the
    first error reported is the first one in the file.
    """

    def __init__(self, stream: TokenStream) -> None:
        self._stream = stream
        self._entries: list[tuple[str, tuple[Token, ...]]] = []

    def add_given(self, row: Token, column: Token, value: Token) -> None:
        """Cell (row, column) holds ``value`` (all 1-based, as written)."""
        self._entries.append(("given", (row, column, value)))

    def add_less(self, smaller: tuple[Token, Token], larger: tuple[Token, Token]) -> None:
        """The cell ``smaller`` (row, column) holds a smaller value than the cell ``larger``."""
        self._entries.append(("less", smaller + larger))

    def build(self, size: int, name: str) -> Futoshiki:
        """The puzzle, or the ``DataFormatError`` of the first clue that does not fit."""
        givens: dict[Cell, tuple[int, Token]] = {}
        less: list[tuple[Cell, Cell]] = []
        for kind, tokens in self._entries:
            if kind == "given":
                cell = self._cell(tokens[0], tokens[1], size)
                value = self._in_range(tokens[2], size, "a value")
                self._check_single_value(givens, cell, value, tokens[2])
                givens[cell] = (value, tokens[2])
            else:
                smaller = self._cell(tokens[0], tokens[1], size)
                larger = self._cell(tokens[2], tokens[3], size)
                if smaller == larger:
                    # Point at whichever cell was written second: that is where it went wrong.
                    later = max(tokens[0], tokens[2], key=lambda token: (token.line, token.column))
                    raise DataFormatError(
                        self._stream.path, later.line, later.column,
                        f"expected two different cells, found cell ({smaller[0] + 1},{smaller[1] + 1}) "
                        "related to itself",
                    )
                less.append((smaller, larger))
        values = {cell: value for cell, (value, _) in givens.items()}
        return Futoshiki.from_clues(size, values, less, name)

    def _cell(self, row: Token, column: Token, size: int) -> Cell:
        return (self._in_range(row, size, "a row number") - 1,
                self._in_range(column, size, "a column number") - 1)

    def _in_range(self, token: Token, size: int, what: str) -> int:
        value = int_value(token.text)
        if not 1 <= value <= size:
            raise self._stream.error(token, f"{what} in 1..{size}")
        return value

    def _check_single_value(self, givens: dict, cell: Cell, value: int, token: Token) -> None:
        # The same value written twice is harmless; two different values are a typing
        # error that no solver could explain, so it is a format error.
        if cell in givens and givens[cell][0] != value:
            first_value, first_token = givens[cell]
            raise DataFormatError(
                self._stream.path, token.line, token.column,
                f"expected one value for cell ({cell[0] + 1},{cell[1] + 1}), found {value} "
                f"after {first_value} at {first_token.where}",
            )


def require_futoshiki(puzzle: object, format_name: str) -> Futoshiki:
    """``puzzle`` itself when it is a Futoshiki; otherwise the writer cannot serve it."""
    if not isinstance(puzzle, Futoshiki):
        kind = getattr(puzzle, "kind", type(puzzle).__name__)
        raise UnsupportedFeatureError(f"the {format_name} format holds Futoshiki puzzles, not {kind}")
    return puzzle


def not_neighbours(format_name: str, smaller: Cell, larger: Cell) -> UnsupportedFeatureError:
    """The refusal of a format that draws signs between neighbours only (cells 1-based)."""
    return UnsupportedFeatureError(
        f"the {format_name} format can only relate neighbouring cells, but the puzzle has "
        f"({smaller[0] + 1},{smaller[1] + 1}) < ({larger[0] + 1},{larger[1] + 1})"
    )


def neighbour_relations(puzzle: Futoshiki, format_name: str) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """The inequalities as signs between neighbours, for formats that draw them in place.

    Returns ``(horizontal, vertical)``: ``horizontal[(r, c)]`` is +1 when cell (r, c) is
    smaller than its right neighbour and -1 when larger; ``vertical[(r, c)]`` likewise for
    the cell below.  A relation between non-neighbours, or both directions between the same
    neighbours, has no place in such a format, so it raises ``UnsupportedFeatureError``.
    """
    horizontal: dict[Cell, int] = {}
    vertical: dict[Cell, int] = {}
    for (r1, c1), (r2, c2) in puzzle.less:
        if r1 == r2 and abs(c1 - c2) == 1:
            table, slot, sign = horizontal, (r1, min(c1, c2)), 1 if c1 < c2 else -1
        elif c1 == c2 and abs(r1 - r2) == 1:
            table, slot, sign = vertical, (min(r1, r2), c1), 1 if r1 < r2 else -1
        else:
            raise not_neighbours(format_name, (r1, c1), (r2, c2))
        if table.get(slot, sign) != sign:
            raise UnsupportedFeatureError(
                f"the {format_name} format has one sign between two neighbours, but the puzzle "
                f"relates ({r1 + 1},{c1 + 1}) and ({r2 + 1},{c2 + 1}) both ways"
            )
        table[slot] = sign
    return horizontal, vertical
