"""A nonogram line as the global ``regular``: its pattern automaton, recorded beside its rows.

The rows of ``blocks.py`` (block starts or the layered automaton graph) are one linear
decomposition of "the cells z(1..L) of the line spell the clue b_1..b_k".  The same
condition is MiniZinc's ``regular(z, automaton)`` with the pattern automaton of
``blocks.py``: P = 1^{b_1} 0 1^{b_2} 0 ... 0 1^{b_k} (length m), states q = 0..m counting
the pattern characters read, start 0, final m, and the moves

    (q, 1) -> q+1   if P[q+1] = 1          (the next cell of a block)
    (q, 0) -> q+1   if P[q+1] = 0          (the one compulsory white between blocks)
    (q, 0) -> q     if q = 0, q = m or P[q] = 0   (extra white before, after or in a gap)

(1-based P, as in ``blocks.py``).  The automaton is deterministic, so a valid line has
one run, and every column of the decomposition is a fact of that run (``Automaton.marks``):

    start(j, s) = 1  iff  the run reads cell s black in state p_j = sum_{i<j} (b_i + 1)
                          (block j begins exactly where the run leaves p_j on a black cell),
    arc(c, q, colour) = 1  iff  the run reads cell c in state q with that colour.

``record_line`` declares the rows a line's decomposition added as the global ``regular``
over the line's cell columns; CP-SAT builds it as ``AddAutomaton``
(``futomip/backends/cpsat_globals/regular.py``) and every other backend, and every LP/MPS
file, keeps the rows.  Only ``futomip.linear`` (and ``blocks.py``'s pattern) is imported.
"""

from __future__ import annotations

from typing import Hashable, Mapping, Sequence

from futomip.linear import Automaton, LinearModel, Var

__all__ = ["pattern_transitions", "record_line", "start_marks", "arc_marks"]


def pattern_transitions(clue: Sequence[int]) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """The (state, value, next state) moves of the clue's pattern automaton and its final state."""
    from .blocks import BLACK_ARC, _moves, _pattern

    pattern = _pattern(clue)
    moves = tuple((q, int(colour == BLACK_ARC), nxt) for q in range(len(pattern) + 1)
                  for colour, nxt in _moves(pattern, q))
    return moves, len(pattern)


def start_marks(line: tuple, clue: Sequence[int], length: int, windows, start: Mapping[Hashable, Var]) -> list[tuple]:
    """``start(line, j, s)`` as the run reading cell s (1-based) black in state p_j (``windows``
    as for ``block_starts``; None: the full windows)."""
    from .blocks import start_windows

    windows = start_windows(clue, length) if windows is None else windows
    marks = []
    before = 0
    for j, window in enumerate(windows):
        marks += [(start[line + (j + 1, s)], s - 1, before, 1) for s in window]
        before += clue[j] + 1
    return marks


def arc_marks(keys: Sequence[tuple], arc: Mapping[Hashable, Var]) -> list[tuple]:
    """``arc(line, c, q, colour)`` (``keys`` of one line, as from ``arc_keys``) as the run
    reading cell c (1-based) in state q with that colour."""
    from .blocks import BLACK_ARC

    return [(arc[key], key[-3] - 1, key[-2], int(key[-1] == BLACK_ARC)) for key in keys]


def record_line(model: LinearModel, clue: Sequence[int], cells: Sequence[Var], first_row: int,
                marks: Sequence[tuple]) -> None:
    """Declare the rows from ``first_row`` on as the decomposition of ``regular(cells)`` for ``clue``."""
    moves, final = pattern_transitions(clue)
    automaton = Automaton(0, (final,), moves, tuple(marks))
    model.add_global("regular", (), range(first_row, len(model.constraints)), cells, automaton)
