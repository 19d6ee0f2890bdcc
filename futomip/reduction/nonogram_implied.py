"""Binary implications between cells that root probing sees but does not keep.

Probing (``nonogram``) sets each open cell black, then white, runs the line fixpoint, and
keeps only what both tries agree on.  Each try also proves an implication it then forgets:
when setting cell a to colour u makes the line fixpoint fix cell b to colour v, every
solution with a = u has b = v, which is the two-literal clause

    (a != u) or (b = v)

and a try that ends in a line without a placement proves the unit clause (a != u).  A SAT
solver given the line encodings alone would have to rediscover each of these by search;
given them as clauses it starts with the reach of one probing step on every cell (the
hyouv/FastNonogramSolver design feeds the same clauses to its SAT solver).

``implications(puzzle, domains)`` returns them for the open cells of ``domains`` (normally
the probing fixpoint, where no try fails, so the units are empty) as literals over cell
numbers v = r * width + c: ``+(v + 1)`` for "black", ``-(v + 1)`` for "white", the DIMACS
convention.  Each clause is kept once (a clause and its contrapositive are the same pair).
Every clause holds in every solution (it is proved by line solving, which removes no
solution), so adding them changes no solution set.  Only ``futomip.puzzles`` and the
nonogram reduction modules are imported.
"""

from __future__ import annotations

import time

import numpy as np

from ..puzzles.nonogram import Nonogram
from .nonogram import BLACK, UNKNOWN, Board, NonogramDomains
from .nonogram_compiled import ArrayBoard, use_kernels

__all__ = ["implications"]


def _board(puzzle: Nonogram) -> Board:
    # ArrayBoard keeps its cells in one array for every line length (BitBoard keeps masks).
    return ArrayBoard(puzzle) if use_kernels(puzzle) else Board(puzzle)


def _cells(board: Board) -> np.ndarray:
    if isinstance(board, ArrayBoard):
        return board.board.copy()
    return np.array(board.cells(), dtype=np.int8).reshape(-1)


def literal(cell: int, colour: int) -> int:
    """The DIMACS literal "cell has colour" (cells numbered row by row from 0)."""
    return cell + 1 if colour == BLACK else -(cell + 1)


def implications(puzzle: Nonogram, domains: NonogramDomains, stop_at: float | None = None,
                 limit: int = 5_000_000) -> tuple[list[int], list[tuple[int, int]], bool]:
    """(unit literals, two-literal clauses, complete): what one line fixpoint from each colour
    of each open cell of ``domains`` proves (module text).  Stops early, ``complete`` False,
    when ``time.perf_counter()`` reaches ``stop_at`` or ``limit`` clauses are collected; what
    it returns then still holds."""
    board = _board(puzzle)
    board.load(domains.cells)
    base = _cells(board)
    saved = board.state()
    height = board.height
    units: list[int] = []
    pairs: set[tuple[int, int]] = set()
    for cell in np.flatnonzero(base == UNKNOWN).tolist():
        if (stop_at is not None and time.perf_counter() >= stop_at) or len(pairs) >= limit:
            return units, sorted(pairs), False
        r, c = divmod(cell, board.width)
        for colour in (BLACK, 1 - BLACK):
            board.assign(r, c, colour)
            failed = board.propagate((r, height + c))
            cause = -literal(cell, colour)
            if failed is not None:
                units.append(cause)
            else:
                after = _cells(board)
                for other in np.flatnonzero(after != base).tolist():
                    if other != cell:
                        effect = literal(other, int(after[other]))
                        pairs.add((min(cause, effect), max(cause, effect)))
            board.restore(saved)
    return units, sorted(pairs), True
