"""What the Latin-family methods share: a Futoshiki (or Latin square) as flat cell indices.

Cell (r, c) is index ``r * n + c``; ``less`` holds index pairs (a, b) meaning value(a) <
value(b); ``units`` are the rows and columns as index lists.  A Latin square is a
Futoshiki without inequalities, so every Latin-family method takes both kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..puzzles.latin import as_futoshiki

KINDS = frozenset({"futoshiki", "latin"})


@dataclass(frozen=True)
class Board:
    n: int
    givens: tuple[int, ...]
    less: tuple[tuple[int, int], ...]
    units: tuple[tuple[int, ...], ...]

    def grid(self, values) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(values[r * n + c] for c in range(n)) for r in range(n))


def board_of(puzzle) -> Board:
    if puzzle.kind == "latin":
        puzzle = as_futoshiki(puzzle)
    n = puzzle.size
    givens = tuple(v for row in puzzle.givens for v in row)
    less = tuple((a[0] * n + a[1], b[0] * n + b[1]) for a, b in puzzle.less)
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    return Board(n, givens, less, rows + cols)
