"""The exact solver of one nonogram line, compiled: bit-parallel on 64-bit masks, or over cells.

``@kernel`` functions (``futomip.compiled``) that compute what ``nonogram_line.solve_masks``
computes.  Lines of at most ``BIT_LINE`` cells run its program on ``uint64`` masks
(``settle_bits``: bit-parallel over the line, O(k log L) word operations; the mirrored pass
reads the masks reversed by a 64-bit reversal).  Longer lines (Faase is 95 cells wide) run
the same dynamic program over cells (``settle_cells``):

    F[j, i]  cells [0, i) can hold blocks 1..j           F[0, 0] = 1
    B[j, i]  cells [i, L) can hold blocks j+1..k         B[k, L] = 1
    F[j, i] = F[j, i-1] and cell i-1 may be white
              or block j ends at i: no white in [i-b_j, i), and i = b_j (j = 1) or
              cell i-b_j-1 may be white and F[j-1, i-b_j-1]
    (B is the mirror image.)  Block j+1 may start at s when it fits there, what lies before it
    holds blocks 1..j (F) and what lies after holds the rest (B), with a white cell between;
    cell i may be white iff it is not black and F[j, i] and B[j, i+1] for some j.

Cells are ``BLACK`` 1, ``WHITE`` 0, ``UNKNOWN`` -1 (int8).  A line's clue is
``runs[first:first + k]`` of one flat array of all clues.  Only numpy and
``futomip.compiled`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import kernel

__all__ = ["BIT_LINE", "BLACK", "UNKNOWN", "WHITE", "settle_bits", "settle_cells", "settle_line"]

UNKNOWN, WHITE, BLACK = -1, 0, 1

BIT_LINE = 62
"""Longest line solved on 64-bit masks (the programs use bit ``length`` and never overflow)."""

ZERO, ONE = np.uint64(0), np.uint64(1)
EVEN_BITS, EVEN_PAIRS = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333)
EVEN_NIBBLES, EVEN_BYTES = np.uint64(0x0F0F0F0F0F0F0F0F), np.uint64(0x00FF00FF00FF00FF)
EVEN_WORDS = np.uint64(0x0000FFFF0000FFFF)


@kernel(refcounts=False)
def _reverse(mask):
    """The 64 bits of ``mask`` in the opposite order (bit p becomes bit 63 - p)."""
    mask = (mask >> ONE) & EVEN_BITS | (mask & EVEN_BITS) << ONE
    mask = (mask >> np.uint64(2)) & EVEN_PAIRS | (mask & EVEN_PAIRS) << np.uint64(2)
    mask = (mask >> np.uint64(4)) & EVEN_NIBBLES | (mask & EVEN_NIBBLES) << np.uint64(4)
    mask = (mask >> np.uint64(8)) & EVEN_BYTES | (mask & EVEN_BYTES) << np.uint64(8)
    mask = (mask >> np.uint64(16)) & EVEN_WORDS | (mask & EVEN_WORDS) << np.uint64(16)
    return mask >> np.uint64(32) | mask << np.uint64(32)


@kernel(refcounts=False)
def _fit(free, run):
    """Bit s set iff cells s..s+run-1 all lie in ``free`` (doubling: O(log run) steps)."""
    have = 1
    while have < run:
        step = min(have, run - have)
        free &= free >> np.uint64(step)
        have += step
    return free


@kernel(refcounts=False)
def _spread(starts, run):
    """Every cell covered by a block of length ``run`` starting at a bit of ``starts``."""
    have = 1
    while have < run:
        step = min(have, run - have)
        starts |= starts << np.uint64(step)
        have += step
    return starts


@kernel(refcounts=False)
def _sweep(runs, first, k, step, not_black, not_white, reaches, lefts):
    """The left-to-right program of ``nonogram_line._prefixes`` over the blocks
    ``runs[first]``, ``runs[first + step]``, ... (step -1: the mirrored line's clue)."""
    reach = ((not_black + (ONE & not_black)) ^ not_black) | ONE
    reaches[0] = reach
    for j in range(k):
        run = runs[first + j * step]
        begin = reach if j == 0 else (reach & not_black) << ONE
        left = begin & _fit(not_white, run)
        lefts[j] = left
        seed = left << np.uint64(run)
        reach = ((not_black + (seed & not_black)) ^ not_black) | seed
        reaches[j + 1] = reach


@kernel(refcounts=False)
def settle_bits(runs, first, k, length, black, white, table):
    """``nonogram_line.solve_masks`` on ``uint64`` masks of a line of at most ``BIT_LINE`` cells:
    (feasible, cells that can be black, cells that can be white).  ``table`` holds 4 rows of
    ``k + 1`` masks (the prefix programs of the line and of its mirror image)."""
    full = (ONE << np.uint64(length)) - ONE
    not_black, not_white = full & ~black, full & ~white
    reaches, lefts, back_reaches, rights = table[0], table[1], table[2], table[3]
    _sweep(runs, first, k, 1, not_black, not_white, reaches, lefts)
    if (reaches[k] >> np.uint64(length)) & ONE == ZERO:
        return False, ZERO, ZERO
    to_line = np.uint64(64 - length)
    _sweep(runs, first + k - 1, k, -1, _reverse(not_black) >> to_line, _reverse(not_white) >> to_line,
           back_reaches, rights)
    # Mirrored within length + 1 bits (bit p becomes bit length - p), as nonogram_line explains.
    to_boundary = np.uint64(63 - length)
    can_black = ZERO
    for j in range(k):
        run = runs[first + j]
        valid = lefts[j] & (_reverse(rights[k - 1 - j]) >> to_boundary) >> np.uint64(run)
        can_black |= _spread(valid, run)
    can_white = ZERO
    for j in range(k + 1):
        can_white |= reaches[j] & (_reverse(back_reaches[k - j]) >> to_boundary) >> ONE
    return True, can_black, can_white & not_black


@kernel(refcounts=False)
def settle_line(runs, first, k, board, offset, stride, length, forward, backward, whites, cover, out, table):
    """Solve one line exactly: ``out[i]`` is the state cell i must take (``UNKNOWN`` when both
    colours remain); False when no colouring agrees with the known cells.  Lines of at most
    ``BIT_LINE`` cells go through ``settle_bits``, longer ones through the cell program."""
    if length <= BIT_LINE:
        black = white = ZERO
        for i in range(length):
            state = board[offset + i * stride]
            if state == BLACK:
                black |= ONE << np.uint64(i)
            elif state == WHITE:
                white |= ONE << np.uint64(i)
        feasible, can_black, can_white = settle_bits(runs, first, k, length, black, white, table)
        if not feasible:
            return False
        for i in range(length):
            bit = ONE << np.uint64(i)
            out[i] = (UNKNOWN if can_white & bit else BLACK) if can_black & bit else WHITE
        return True
    return settle_cells(runs, first, k, board, offset, stride, length, forward, backward, whites, cover, out)


@kernel(refcounts=False)
def settle_cells(runs, first, k, board, offset, stride, length, forward, backward, whites, cover, out):
    """``settle_line`` by the dynamic program over cells (any length)."""
    whites[0] = 0
    for i in range(length):
        whites[i + 1] = whites[i] + (board[offset + i * stride] == WHITE)
    forward[0, 0] = 1
    for i in range(1, length + 1):
        forward[0, i] = 1 if forward[0, i - 1] == 1 and board[offset + (i - 1) * stride] != BLACK else 0
    for j in range(1, k + 1):
        run = runs[first + j - 1]
        for i in range(length + 1):
            value = 0
            if i > 0 and forward[j, i - 1] == 1 and board[offset + (i - 1) * stride] != BLACK:
                value = 1
            elif i >= run and whites[i] == whites[i - run]:
                s = i - run
                if s == 0:
                    value = 1 if j == 1 else 0
                elif board[offset + (s - 1) * stride] != BLACK and forward[j - 1, s - 1] == 1:
                    value = 1
            forward[j, i] = value
    if forward[k, length] == 0:
        return False
    backward[k, length] = 1
    for i in range(length - 1, -1, -1):
        backward[k, i] = 1 if backward[k, i + 1] == 1 and board[offset + i * stride] != BLACK else 0
    for j in range(k - 1, -1, -1):
        run = runs[first + j]
        for i in range(length, -1, -1):
            value = 0
            if i < length and backward[j, i + 1] == 1 and board[offset + i * stride] != BLACK:
                value = 1
            elif i + run <= length and whites[i + run] == whites[i]:
                end = i + run
                if end == length:
                    value = backward[j + 1, length]
                elif board[offset + end * stride] != BLACK and backward[j + 1, end + 1] == 1:
                    value = 1
            backward[j, i] = value
    for i in range(length + 1):
        cover[i] = 0
    for j in range(k):
        run = runs[first + j]
        for s in range(length - run + 1):
            if whites[s + run] != whites[s]:
                continue
            if s == 0:
                if forward[j, 0] == 0:
                    continue
            elif board[offset + (s - 1) * stride] == BLACK or forward[j, s - 1] == 0:
                continue
            end = s + run
            if end == length:
                if backward[j + 1, length] == 0:
                    continue
            elif board[offset + end * stride] == BLACK or backward[j + 1, end + 1] == 0:
                continue
            cover[s] += 1
            cover[end] -= 1
    covered = 0
    for i in range(length):
        covered += cover[i]
        can_white = False
        if board[offset + i * stride] != BLACK:
            for j in range(k + 1):
                if forward[j, i] == 1 and backward[j, i + 1] == 1:
                    can_white = True
                    break
        if covered > 0:
            out[i] = UNKNOWN if can_white else BLACK
        else:
            out[i] = WHITE
    return True
