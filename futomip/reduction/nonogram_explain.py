"""Why the line solver fixed a cell: the few known cells of the line that force it.

Clause learning (``nonogram_learning``) needs, for every cell the line solver fixed, a
reason: known cells of the same line that already force it.  All the known cells of the
line are a valid reason, but a long one, and long reasons make long learnt clauses that
prune little.  This module finds a much smaller valid reason (not always the smallest)
on the line's pattern automaton, one bit mask per boundary:

    pattern   P = 1^{b_1} 0 1^{b_2} 0 ... 0 1^{b_k}, m = |P|, states q = 0..m
    moves     black: q -> q+1 if P[q] = 1 (0-based: the (q+1)-th character);
              white: q -> q+1 if P[q] = 0, and q -> q if q = 0, q = m or P[q-1] = 0
    F(i)      states reachable from 0 over cells 0..i-1 (moves allowed by the known cells)
    G(i)      states from which m is reachable over cells i..L-1

A line has a placement iff m is in F(L); cell i can take colour x iff some x-move leaves
F(i) and lands in G(i+1).  So "cell i cannot be x" holds as long as every x-move at i
starts outside F(i) or ends outside G(i+1).  Each move is charged to one side: moves
from states outside F(i) to the forward side (those states must stay unreachable), the
others to the backward side (their targets must stay dead ends).  Keeping a set U of
states at boundary j unreachable needs, for cell j-1, either that every move into U
from a reachable state is one the cell's known colour forbids (then that cell joins the
reason, and only the predecessors over the allowed colour must stay unreachable) or,
when no reachable state moves into U, that all predecessors stay unreachable (the cell
is not needed).  The walk stops when U is empty.  The backward side is the mirror image
over G.  A line without a placement is explained the same way with U = {m} at boundary
L.  Every reason returned is a subset of the known cells that still forces the cell
(or still leaves no placement): removing the other known cells only adds moves that the
walk showed cannot reach the forbidden colour.  Lines are bit masks over their cells,
as in ``nonogram``.
"""

from __future__ import annotations

from ..puzzles.nonogram import Runs

__all__ = ["explain_cell", "explain_conflict"]

_AUTOMATA: dict[Runs, tuple[int, int, int, int]] = {}


def _automaton(clue: Runs) -> tuple[int, int, int, int]:
    """(m, states with a black move on, states with a white move on, states with a white stay)."""
    automaton = _AUTOMATA.get(clue)
    if automaton is None:
        pattern: list[int] = []
        for run in clue:
            pattern += [0] * bool(pattern) + [1] * run
        m = len(pattern)
        black_on = sum(1 << q for q in range(m) if pattern[q])
        white_on = sum(1 << q for q in range(m) if not pattern[q])
        white_stay = 1 | 1 << m | sum(1 << q for q in range(1, m + 1) if not pattern[q - 1])
        automaton = _AUTOMATA[clue] = (m, black_on, white_on, white_stay)
    return automaton


def _forward(clue: Runs, length: int, black: int, white: int) -> list[int]:
    """F(0..length) as state masks."""
    _, black_on, white_on, white_stay = _automaton(clue)
    states, layers = 1, [1]
    for i in range(length):
        bit = 1 << i
        after = 0 if white & bit else (states & black_on) << 1
        if not black & bit:
            after |= (states & white_on) << 1 | states & white_stay
        states = after
        layers.append(states)
    return layers


def _backward(clue: Runs, length: int, black: int, white: int) -> list[int]:
    """G(0..length) as state masks."""
    m, black_on, white_on, white_stay = _automaton(clue)
    states = 1 << m
    layers = [0] * length + [states]
    for i in range(length - 1, -1, -1):
        bit = 1 << i
        before = 0 if white & bit else states >> 1 & black_on
        if not black & bit:
            before |= states >> 1 & white_on | states & white_stay
        states = before
        layers[i] = states
    return layers


def _keep_unreachable(clue: Runs, dead: int, boundary: int, black: int, white: int,
                      forward: list[int]) -> tuple[int, int]:
    """Known cells before ``boundary`` that keep the states ``dead`` unreachable from 0."""
    _, black_on, white_on, white_stay = _automaton(clue)
    reason_black = reason_white = 0
    j = boundary
    while dead and j > 0:
        j -= 1
        bit = 1 << j
        over_black = dead >> 1 & black_on
        over_white = dead >> 1 & white_on | dead & white_stay
        if black & bit and over_white & forward[j]:
            reason_black |= bit
            dead = over_black
        elif white & bit and over_black & forward[j]:
            reason_white |= bit
            dead = over_white
        else:
            dead = over_black | over_white
    return reason_black, reason_white


def _keep_dead_ends(clue: Runs, length: int, dead: int, boundary: int, black: int, white: int,
                    backward: list[int]) -> tuple[int, int]:
    """Known cells from ``boundary`` on that keep the states ``dead`` from reaching m."""
    _, black_on, white_on, white_stay = _automaton(clue)
    reason_black = reason_white = 0
    j = boundary
    while dead and j < length:
        bit = 1 << j
        over_black = (dead & black_on) << 1
        over_white = (dead & white_on) << 1 | dead & white_stay
        if black & bit and over_white & backward[j + 1]:
            reason_black |= bit
            dead = over_black
        elif white & bit and over_black & backward[j + 1]:
            reason_white |= bit
            dead = over_white
        else:
            dead = over_black | over_white
        j += 1
    return reason_black, reason_white


def explain_conflict(clue: Runs, length: int, black: int, white: int) -> tuple[int, int]:
    """Known cells (as black and white masks, subsets of ``black`` and ``white``) that leave
    the line without a placement; the line must have none."""
    m = _automaton(clue)[0]
    return _keep_unreachable(clue, 1 << m, length, black, white, _forward(clue, length, black, white))


def explain_cell(clue: Runs, length: int, black: int, white: int, cell: int, colour: int) -> tuple[int, int]:
    """Known cells (black and white masks) that force ``cell`` to ``colour`` (1 = black), which
    the line solver must have found forced by all of ``black`` and ``white``."""
    _, black_on, white_on, white_stay = _automaton(clue)
    forward = _forward(clue, length, black, white)
    backward = _backward(clue, length, black, white)
    # The moves that read the forbidden colour at ``cell``: advancing from ``advance``, staying on ``stay``.
    advance, stay = (white_on, white_stay) if colour == 1 else (black_on, 0)
    reachable, alive = forward[cell], backward[cell + 1]
    sources = advance | stay
    # Two ways to charge the moves, and the reason with fewer cells is kept: (a) every move
    # from an unreachable state to the forward side, (b) every move into a dead end to the
    # backward side; the other moves go to the other side.
    reasons = []
    for unreachable in (sources & ~reachable, (alive >> 1 & advance | alive & stay) & sources):
        reached = sources & ~unreachable
        dead = (reached & advance) << 1 | reached & stay
        before_black, before_white = _keep_unreachable(clue, unreachable, cell, black, white, forward)
        after_black, after_white = _keep_dead_ends(clue, length, dead, cell + 1, black, white, backward)
        reasons.append((before_black | after_black, before_white | after_white))
    return min(reasons, key=lambda reason: (reason[0] | reason[1]).bit_count())
