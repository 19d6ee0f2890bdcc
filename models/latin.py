"""Latin-square completion as a 0/1 program: the Futoshiki model without inequality rows.

Data: order n, givens g(r,c).  Variables x(r,c,v) in {0,1}:

    cell_one_value(r,c):   sum_v x(r,c,v) = 1
    row_has_value(r,v):    sum_c x(r,c,v) = 1
    col_has_value(c,v):    sum_r x(r,c,v) = 1
    given(r,c):            x(r,c,g(r,c)) = 1

which is ``models/futoshiki.py`` with no ``less_than`` rows, so the instance is handed to that
formulation (and its reduction domains with it); its encodings differ only in the inequality
rows and so give the same model here.  No-good cut as there.
"""

from __future__ import annotations

from futomip.linear import Formulation
from futomip.puzzles.latin import LatinSquare, as_futoshiki

from . import futoshiki

ENCODINGS = futoshiki.ENCODINGS


def column_estimate(puzzle: LatinSquare) -> int:
    """Binary columns of the unreduced model (the memory guard reads this before building)."""
    return puzzle.size ** 3


def formulate(puzzle: LatinSquare, encoding: str = ENCODINGS[0], domains=None) -> Formulation:
    """Build the model of ``puzzle`` as the Futoshiki without signs."""
    if domains is None:
        return futoshiki.formulate(as_futoshiki(puzzle), encoding)
    return futoshiki.formulate(as_futoshiki(puzzle), encoding, domains)
