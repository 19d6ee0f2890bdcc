"""The rule ladder: which named rule set of a person's solving settles a puzzle, finer than
the human grade's lines / probing / search.

    Sudoku, Latin square   naked singles < hidden singles < all-different < probing < search
    Str8ts                 singles < straights < probing < search

*Naked singles*: a fixed cell's value leaves its row, column (and box).  *Hidden singles*:
that, plus a value that only one cell of a unit can hold goes there (every unit holds every
value once).  *All-different* is the human grade's "lines" of the Latin family (matching-based
all-different filtering: every Hall-set argument, naked and hidden pairs, triples...).
*Singles* for Str8ts: a fixed digit leaves its row and column; *straights* adds the
compartment rules (``str8ts_rules``, the human grade's "lines").  *Probing* and *search* are
the human grade's.  Other kinds have the human grade's three rungs.

Each rung removes only what no solution uses, so a puzzle settled at any rung has exactly
one solution.  Must not import the CLI.
"""

from __future__ import annotations

from ..puzzles import sudoku

__all__ = ["LADDERS", "settled_by"]

LADDERS = {
    "sudoku": ("naked singles", "hidden singles", "all-different", "probing", "search"),
    "latin": ("naked singles", "hidden singles", "all-different", "probing", "search"),
    "str8ts": ("singles", "straights", "probing", "search"),
}


def settled_by(puzzle, human: str | None) -> str | None:
    """The lowest rung of the kind's ladder that settles ``puzzle``, given its human grade
    (``grade.human_grade``); the grade itself for kinds without a finer ladder."""
    if human != "lines" or puzzle.kind not in LADDERS:
        return human
    if puzzle.kind == "str8ts":
        from .str8ts_rules import Board

        board = Board(puzzle)
        dom = list(board.start)
        done = board.propagate(dom, straights=False) is None and all(
            not white or not mask & (mask - 1) for mask, white in zip(dom, board.white))
        return "singles" if done else "straights"
    for hidden, rung in ((False, "naked singles"), (True, "hidden singles")):
        if _singles_settle(puzzle, hidden):
            return rung
    return "all-different"


def _singles_settle(puzzle, hidden: bool) -> bool:
    """Whether naked singles (and, with ``hidden``, hidden singles) fix every cell."""
    n = puzzle.size
    groups = ([[r * n + c for r, c in cells] for _, cells in sudoku.units(n)] if puzzle.kind == "sudoku"
              else [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)]
                                                                       for c in range(n)])
    full = (1 << n) - 1
    dom = [1 << (v - 1) if v else full for row in puzzle.givens for v in row]
    changed = True
    while changed:
        changed = False
        for group in groups:
            for i in group:
                mask = dom[i]
                if not mask:
                    return False
                if mask & (mask - 1):
                    continue
                for j in group:
                    if j != i and dom[j] & mask:
                        dom[j] &= ~mask
                        changed = True
            if hidden:
                for v in range(n):
                    bit = 1 << v
                    holders = [i for i in group if dom[i] & bit]
                    if not holders:
                        return False
                    if len(holders) == 1 and dom[holders[0]] != bit:
                        dom[holders[0]] = bit
                        changed = True
    return all(mask and not mask & (mask - 1) for mask in dom)
