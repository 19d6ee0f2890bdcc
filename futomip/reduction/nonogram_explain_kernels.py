"""``nonogram_explain`` compiled: the reasons of the clause-learning search on 64-bit masks.

The same walk over the line's pattern automaton as ``nonogram_explain`` (read the
automaton, F, G and the two ways of charging moves there), as ``@kernel`` functions on
``uint64`` masks, for lines of at most ``BIT_LINE`` cells (the pattern then has at most 62
states beyond 0, so state m is bit 62 at most).  ``explain_cell_bits`` and
``explain_conflict_bits`` return exactly the masks that ``explain_cell`` and
``explain_conflict`` return.  A line's clue is ``runs[first:first + k]``; ``layers`` is a
``(2, length + 1)`` work array (F and G).  Only numpy, ``futomip.compiled`` and
``nonogram_line_kernels`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import inline_kernel, kernel
from .nonogram_line_kernels import ONE, ZERO

__all__ = ["explain_cell_bits", "explain_conflict_bits"]


@inline_kernel(refcounts=False)
def _automaton(runs, first, k):
    """(m, states with a black move on, states with a white move on, states with a white stay)."""
    black_on = white_on = ZERO
    white_stay = ONE
    q = 0
    for j in range(k):
        if j > 0:
            white_on |= ONE << np.uint64(q)
            white_stay |= ONE << np.uint64(q + 1)
            q += 1
        for _ in range(runs[first + j]):
            black_on |= ONE << np.uint64(q)
            q += 1
    return q, black_on, white_on, white_stay | ONE << np.uint64(q)


@inline_kernel(refcounts=False)
def _prepare(runs, first, k, length, black, white, layers):
    """The automaton, and F and G of the line in ``layers``."""
    m, black_on, white_on, white_stay = _automaton(runs, first, k)
    _layers(length, black, white, m, black_on, white_on, white_stay, layers)
    return m, black_on, white_on, white_stay


@inline_kernel(refcounts=False)
def _layers(length, black, white, m, black_on, white_on, white_stay, layers):
    """F(0..length) into ``layers[0]`` and G(0..length) into ``layers[1]``."""
    states = ONE
    layers[0, 0] = states
    for i in range(length):
        bit = ONE << np.uint64(i)
        after = ZERO if white & bit else (states & black_on) << ONE
        if not black & bit:
            after |= (states & white_on) << ONE | states & white_stay
        states = after
        layers[0, i + 1] = states
    states = ONE << np.uint64(m)
    layers[1, length] = states
    for i in range(length - 1, -1, -1):
        bit = ONE << np.uint64(i)
        before = ZERO if white & bit else states >> ONE & black_on
        if not black & bit:
            before |= states >> ONE & white_on | states & white_stay
        states = before
        layers[1, i] = states


@inline_kernel(refcounts=False)
def _keep_unreachable(dead, boundary, black, white, black_on, white_on, white_stay, layers):
    """Known cells before ``boundary`` that keep the states ``dead`` unreachable from 0."""
    reason_black = reason_white = ZERO
    j = boundary
    while dead and j > 0:
        j -= 1
        bit = ONE << np.uint64(j)
        over_black = dead >> ONE & black_on
        over_white = dead >> ONE & white_on | dead & white_stay
        if black & bit and over_white & layers[0, j]:
            reason_black |= bit
            dead = over_black
        elif white & bit and over_black & layers[0, j]:
            reason_white |= bit
            dead = over_white
        else:
            dead = over_black | over_white
    return reason_black, reason_white


@inline_kernel(refcounts=False)
def _keep_dead_ends(length, dead, boundary, black, white, black_on, white_on, white_stay, layers):
    """Known cells from ``boundary`` on that keep the states ``dead`` from reaching m."""
    reason_black = reason_white = ZERO
    j = boundary
    while dead and j < length:
        bit = ONE << np.uint64(j)
        over_black = (dead & black_on) << ONE
        over_white = (dead & white_on) << ONE | dead & white_stay
        if black & bit and over_white & layers[1, j + 1]:
            reason_black |= bit
            dead = over_black
        elif white & bit and over_black & layers[1, j + 1]:
            reason_white |= bit
            dead = over_white
        else:
            dead = over_black | over_white
        j += 1
    return reason_black, reason_white


@inline_kernel(refcounts=False)
def _count(mask):
    count = 0
    while mask:
        mask &= mask - ONE
        count += 1
    return count


@kernel(refcounts=False)
def explain_conflict_bits(runs, first, k, length, black, white, layers):
    """``nonogram_explain.explain_conflict`` on uint64 masks."""
    m, black_on, white_on, white_stay = _prepare(runs, first, k, length, black, white, layers)
    # uint64 again when this runs interpreted (compiled callees hand back Python integers).
    black_on, white_on, white_stay = np.uint64(black_on), np.uint64(white_on), np.uint64(white_stay)
    return _keep_unreachable(ONE << np.uint64(m), length, black, white, black_on, white_on, white_stay, layers)


@kernel(refcounts=False)
def explain_cell_bits(runs, first, k, length, black, white, cell, colour, layers):
    """``nonogram_explain.explain_cell`` on uint64 masks (the shorter of its two reasons, the
    first on a tie)."""
    m, black_on, white_on, white_stay = _prepare(runs, first, k, length, black, white, layers)
    # uint64 again when this runs interpreted (compiled callees hand back Python integers).
    black_on, white_on, white_stay = np.uint64(black_on), np.uint64(white_on), np.uint64(white_stay)
    advance, stay = (white_on, white_stay) if colour == 1 else (black_on, ZERO)
    reachable, alive = layers[0, cell], layers[1, cell + 1]
    sources = advance | stay
    best_black = best_white = ZERO
    best = -1
    for side in range(2):
        if side == 0:
            unreachable = sources & ~reachable
        else:
            unreachable = (alive >> ONE & advance | alive & stay) & sources
        reached = sources & ~unreachable
        dead = (reached & advance) << ONE | reached & stay
        before_black, before_white = _keep_unreachable(unreachable, cell, black, white, black_on, white_on,
                                                       white_stay, layers)
        after_black, after_white = _keep_dead_ends(length, dead, cell + 1, black, white, black_on, white_on,
                                                   white_stay, layers)
        size = _count(before_black | after_black | before_white | after_white)
        if best < 0 or size < best:
            best, best_black, best_white = size, before_black | after_black, before_white | after_white
    return best_black, best_white
