"""The compiled core of nonogram line solving: one line, the board's line fixpoint, probing.

These are ``@kernel`` functions (``futomip.compiled``): plain Python over numpy arrays that
numba compiles on first use (and caches on disk), or that run as they are when
``FUTOMIP_COMPILE=0``.  They compute exactly what the mask code of ``nonogram_line`` and
``nonogram.Board`` computes, in the same order, so that a search sees the same fixpoints,
the same failed lines and the same probing scores either way.

Layout.  The board is one flat ``int8`` array of ``height * width`` cells (``BLACK`` 1,
``WHITE`` 0, ``UNKNOWN`` -1), row-major.  Line ``l`` is row ``l`` for ``l < height`` (cells
``l * width + i``) and column ``l - height`` otherwise (cells ``i * width + l - height``).
The clues are one flat ``runs`` array; line ``l`` owns ``runs[first[l]:first[l] + count[l]]``,
and ``count[l] == -1`` marks a line without a clue (it constrains nothing).

The line solver is the left-right dynamic program of ``nonogram_line`` over cells instead of
bit masks (a compiled loop over ~100 cells costs less than the bit tricks cost in Python):

    F[j, i]  cells [0, i) can hold blocks 1..j           F[0, 0] = 1
    B[j, i]  cells [i, L) can hold blocks j+1..k         B[k, L] = 1
    F[j, i] = F[j, i-1] and cell i-1 may be white
              or block j ends at i: no white in [i-b_j, i), and i = b_j (j = 1) or
              cell i-b_j-1 may be white and F[j-1, i-b_j-1]
    (B is the mirror image.)  Block j+1 may start at s when it fits there, what lies before it
    holds blocks 1..j (F) and what lies after holds the rest (B), with a white cell between;
    cell i may be white iff it is not black and F[j, i] and B[j, i+1] for some j.

Work arrays (``Work``, allocated once per board) are passed in, so the kernels allocate
nothing per call.  Only numpy and ``futomip.compiled`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import kernel

__all__ = ["settle_line", "settle_bits", "settle_cells", "line_fixpoint", "probe_row", "Work", "BIT_LINE"]

UNKNOWN, WHITE, BLACK = -1, 0, 1

BIT_LINE = 62
"""Longest line solved on 64-bit masks (the programs use bit ``length`` and never overflow)."""

ZERO, ONE = np.uint64(0), np.uint64(1)
EVEN_BITS, EVEN_PAIRS = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333)
EVEN_NIBBLES, EVEN_BYTES = np.uint64(0x0F0F0F0F0F0F0F0F), np.uint64(0x00FF00FF00FF00FF)
EVEN_WORDS = np.uint64(0x0000FFFF0000FFFF)


class Work:
    """Scratch arrays for the kernels of one board: DP tables, queue, trails, probe copies."""

    def __init__(self, cells: int, lines: int, longest: int, most_runs: int) -> None:
        self.forward = np.zeros((most_runs + 1, longest + 1), dtype=np.int8)
        self.backward = np.zeros((most_runs + 1, longest + 1), dtype=np.int8)
        self.whites = np.zeros(longest + 1, dtype=np.int32)
        self.cover = np.zeros(longest + 1, dtype=np.int32)
        self.out = np.zeros(longest, dtype=np.int8)
        self.queue = np.zeros(lines, dtype=np.int32)
        self.queued = np.zeros(lines, dtype=np.int8)
        self.trail = np.zeros(cells, dtype=np.int32)
        self.other_trail = np.zeros(cells, dtype=np.int32)
        self.black_try = np.zeros(cells, dtype=np.int8)
        self.white_try = np.zeros(cells, dtype=np.int8)
        self.mark = np.zeros(cells, dtype=np.int8)
        self.agreed = np.zeros(cells, dtype=np.int32)
        self.lines = np.zeros(2 * cells + 2, dtype=np.int32)
        self.table = np.zeros((4, most_runs + 1), dtype=np.uint64)


@kernel
def _reverse(mask):
    """The 64 bits of ``mask`` in the opposite order (bit p becomes bit 63 - p)."""
    mask = (mask >> ONE) & EVEN_BITS | (mask & EVEN_BITS) << ONE
    mask = (mask >> np.uint64(2)) & EVEN_PAIRS | (mask & EVEN_PAIRS) << np.uint64(2)
    mask = (mask >> np.uint64(4)) & EVEN_NIBBLES | (mask & EVEN_NIBBLES) << np.uint64(4)
    mask = (mask >> np.uint64(8)) & EVEN_BYTES | (mask & EVEN_BYTES) << np.uint64(8)
    mask = (mask >> np.uint64(16)) & EVEN_WORDS | (mask & EVEN_WORDS) << np.uint64(16)
    return mask >> np.uint64(32) | mask << np.uint64(32)


@kernel
def _fit(free, run):
    """Bit s set iff cells s..s+run-1 all lie in ``free`` (doubling: O(log run) steps)."""
    have = 1
    while have < run:
        step = min(have, run - have)
        free &= free >> np.uint64(step)
        have += step
    return free


@kernel
def _spread(starts, run):
    """Every cell covered by a block of length ``run`` starting at a bit of ``starts``."""
    have = 1
    while have < run:
        step = min(have, run - have)
        starts |= starts << np.uint64(step)
        have += step
    return starts


@kernel
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


@kernel
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


@kernel
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


@kernel
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


@kernel
def _enqueue(line, count, queue, queued, tail, lines):
    """Put ``line`` at the back of the circular queue unless it is there or has no clue."""
    if queued[line] == 0 and count[line] >= 0:
        queued[line] = 1
        queue[tail % lines] = line
        return tail + 1
    return tail


@kernel
def line_fixpoint(runs, first, count, height, width, board, starting, n_starting, queue, queued,
                  trail, trail_end, forward, backward, whites, cover, out, table):
    """Solve ``starting[:n_starting]`` and every line a newly fixed cell crosses until nothing
    changes.  Returns (the first line left without a placement or -1, the new end of ``trail``,
    to which each newly fixed cell number is appended in the order it was fixed).  The queue is
    FIFO and crossings are queued black cells first, as in ``Board.propagate``."""
    lines = height + width
    head = tail = 0
    for n in range(n_starting):
        tail = _enqueue(starting[n], count, queue, queued, tail, lines)
    failed = -1
    while head < tail:
        line = queue[head % lines]
        head += 1
        queued[line] = 0
        if line < height:
            offset, stride, length = line * width, 1, width
        else:
            offset, stride, length = line - height, width, height
        if not settle_line(runs, first[line], count[line], board, offset, stride, length,
                           forward, backward, whites, cover, out, table):
            failed = line
            break
        for colour in (BLACK, WHITE):
            for i in range(length):
                cell = offset + i * stride
                if out[i] == colour and board[cell] == UNKNOWN:
                    board[cell] = colour
                    trail[trail_end] = cell
                    trail_end += 1
                    crossing = height + i if line < height else i
                    tail = _enqueue(crossing, count, queue, queued, tail, lines)
    while head < tail:
        queued[queue[head % lines]] = 0
        head += 1
    return failed, trail_end


@kernel
def _try(runs, first, count, height, width, board, copy, r, c, colour, starting, queue, queued,
         trail, forward, backward, whites, cover, out, table):
    """Cell (r, c) set to ``colour`` on ``copy`` (a copy of ``board``) and propagated:
    (failed line or -1, how many cells it fixed, listed in ``trail``)."""
    copy[:] = board
    copy[r * width + c] = colour
    starting[0], starting[1] = r, height + c
    return line_fixpoint(runs, first, count, height, width, copy, starting, 2, queue, queued,
                         trail, 0, forward, backward, whites, cover, out, table)


@kernel
def probe_row(runs, first, count, height, width, board, r, scores, queue, queued, trail, other_trail,
              black_try, white_try, mark, agreed, starting, forward, backward, whites, cover, out, table):
    """Probe every open cell of row ``r`` as ``Board.probe`` does (the board changes in place).

    Returns (line, changed): ``line`` is the contradicting line (-1 if none: ``r`` itself when
    both colours of a cell fail) and ``changed`` whether anything was fixed.  An open cell whose
    two tries fix nothing in common gets ``scores[cell] = (cells its black try fixed, cells its
    white try fixed)``; the caller clears ``scores`` to -1 before each pass."""
    changed = False
    for c in range(width):
        v = r * width + c
        if board[v] != UNKNOWN:
            continue
        black_failed, black_fixed = _try(runs, first, count, height, width, board, black_try, r, c, BLACK,
                                         starting, queue, queued, trail, forward, backward, whites, cover, out, table)
        white_failed, white_fixed = _try(runs, first, count, height, width, board, white_try, r, c, WHITE,
                                         starting, queue, queued, other_trail, forward, backward, whites,
                                         cover, out, table)
        if black_failed >= 0 and white_failed >= 0:
            return r, changed
        if black_failed >= 0 or white_failed >= 0:
            board[:] = white_try if black_failed >= 0 else black_try
            changed = True
            continue
        for n in range(black_fixed):
            mark[trail[n]] = 1 + black_try[trail[n]]
        n_agreed = 0
        for n in range(white_fixed):
            cell = other_trail[n]
            if mark[cell] == 1 + white_try[cell]:
                agreed[n_agreed] = cell
                n_agreed += 1
        for n in range(black_fixed):
            mark[trail[n]] = 0
        if n_agreed == 0:
            scores[v, 0] = black_fixed
            scores[v, 1] = white_fixed
            continue
        ordered = np.sort(agreed[:n_agreed])
        n_lines = 0
        for colour in (BLACK, WHITE):
            for n in range(n_agreed):
                cell = ordered[n]
                if black_try[cell] == colour:
                    board[cell] = colour
                    starting[n_lines] = cell // width
                    starting[n_lines + 1] = height + cell % width
                    n_lines += 2
        changed = True
        failed, _ = line_fixpoint(runs, first, count, height, width, board, starting, n_lines, queue, queued,
                                  trail, 0, forward, backward, whites, cover, out, table)
        if failed >= 0:
            return failed, changed
    return -1, changed
