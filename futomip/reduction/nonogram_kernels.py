"""The compiled core of nonogram line solving on a whole board: the line fixpoint and probing.

These are ``@kernel`` functions (``futomip.compiled``): plain Python over numpy arrays that
numba compiles on first use (and caches on disk), or that run as they are when
``FUTOMIP_COMPILE=0``.  They compute exactly what ``nonogram.Board`` computes, in the same
order (FIFO queue of lines, crossings of black cells queued first, cells probed row by row),
so that a search sees the same fixpoints, the same failed lines and the same probing scores
either way.  Lines are solved by ``nonogram_line_kernels``.

Two layouts.  Line ``l`` is row ``l`` for ``l < height`` and column ``l - height`` otherwise.

    cells   (``line_fixpoint``, ``probe_row``; any line length) one flat ``int8`` array of
            ``height * width`` cells, row-major: row l holds cells ``l * width + i``, column
            l - height cells ``i * width + l - height``
    masks   (``bit_fixpoint``, ``probe_row_bits``; lines of at most ``BIT_LINE`` cells) per
            line two ``uint64`` masks of its known black and white cells (bit i = cell i),
            kept equal on the row and the column of every cell, as ``Board`` keeps them

The clues are one flat ``runs`` array; line ``l`` owns ``runs[first[l]:first[l] + count[l]]``,
and ``count[l] == -1`` marks a line without a clue (it constrains nothing).  Work arrays
(``Work``, allocated once per board) are passed in, so that the kernels allocate nothing: they
are compiled without numba's reference counting (``@kernel(refcounts=False)``).  Only numpy,
``futomip.compiled`` and ``nonogram_line_kernels`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import inline_kernel, kernel
from .nonogram_line_kernels import BIT_LINE, BLACK, ONE, UNKNOWN, WHITE, ZERO, settle_bits, settle_line

__all__ = ["Work", "line_fixpoint", "probe_row", "bit_fixpoint", "probe_row_bits"]


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


@kernel(refcounts=False)
def _enqueue(line, count, queue, queued, tail, lines):
    """Put ``line`` at the back of the circular queue unless it is there or has no clue."""
    if queued[line] == 0 and count[line] >= 0:
        queued[line] = 1
        queue[tail % lines] = line
        return tail + 1
    return tail


@kernel(refcounts=False)
def _start(starting, n_starting, count, queue, queued, lines):
    """Queue ``starting[:n_starting]`` (each once, lines without a clue left out); the tail."""
    tail = 0
    for n in range(n_starting):
        tail = _enqueue(starting[n], count, queue, queued, tail, lines)
    return tail


@kernel(refcounts=False)
def _pop(queue, queued, head, lines):
    line = queue[head % lines]
    queued[line] = 0
    return line


@kernel(refcounts=False)
def _drain(queue, queued, head, tail, lines):
    """Empty the queue (after a contradiction), so that ``queued`` is all 0 again."""
    while head < tail:
        queued[queue[head % lines]] = 0
        head += 1


@kernel(refcounts=False)
def line_fixpoint(runs, first, count, height, width, board, starting, n_starting, queue, queued,
                  trail, trail_end, forward, backward, whites, cover, out, table):
    """Solve ``starting[:n_starting]`` and every line a newly fixed cell crosses until nothing
    changes.  Returns (the first line left without a placement or -1, the new end of ``trail``,
    to which each newly fixed cell is appended as 2 cell + colour, in the order it was fixed).
    The queue is FIFO and crossings are queued black cells first, as in ``Board.propagate``."""
    lines = height + width
    head, tail, failed = 0, _start(starting, n_starting, count, queue, queued, lines), -1
    while head < tail:
        line = _pop(queue, queued, head, lines)
        head += 1
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
                    trail[trail_end] = 2 * cell + colour
                    trail_end += 1
                    crossing = height + i if line < height else i
                    tail = _enqueue(crossing, count, queue, queued, tail, lines)
    _drain(queue, queued, head, tail, lines)
    return failed, trail_end


@kernel(refcounts=False)
def _try(runs, first, count, height, width, board, copy, r, c, colour, starting, queue, queued,
         trail, forward, backward, whites, cover, out, table):
    """Cell (r, c) set to ``colour`` on ``copy`` (a copy of ``board``) and propagated:
    (failed line or -1, how many cells it fixed, listed in ``trail`` as 2 cell + colour)."""
    for cell in range(len(board)):
        copy[cell] = board[cell]
    copy[r * width + c] = colour
    starting[0], starting[1] = r, height + c
    return line_fixpoint(runs, first, count, height, width, copy, starting, 2, queue, queued,
                         trail, 0, forward, backward, whites, cover, out, table)


@inline_kernel(refcounts=False)
def _sift_down(values, root, end):
    """Move ``values[root]`` down the max-heap ``values[:end]``."""
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and values[child + 1] > values[child]:
            child += 1
        if values[child] <= values[root]:
            return
        values[root], values[child] = values[child], values[root]
        root = child


@kernel(refcounts=False)
def _sort_prefix(values, n):
    """Sort ``values[:n]`` in place by a heap sort (``np.sort`` would allocate)."""
    for root in range(n // 2 - 1, -1, -1):
        _sift_down(values, root, n)
    for end in range(n - 1, 0, -1):
        values[0], values[end] = values[end], values[0]
        _sift_down(values, 0, end)


@kernel(refcounts=False)
def _agree(trail, n_trail, other_trail, n_other, mark, agreed, starting, height, width, scores, v):
    """The cells that two tries of cell ``v`` fixed alike, as literals (2 cell + colour) in
    ``agreed``, black ones first and each colour by cell (the order ``Board.probe`` assigns
    them in), and the two lines of each in ``starting``; returns how many.  When there are
    none, ``v`` gets its scores (cells fixed by each try).  ``mark`` is all 0 before and after."""
    for n in range(n_trail):
        mark[trail[n] >> 1] = 1 + (trail[n] & 1)
    white_last = 2 * height * width
    n_agreed = 0
    for n in range(n_other):
        literal = other_trail[n]
        if mark[literal >> 1] == 1 + (literal & 1):
            agreed[n_agreed] = literal + white_last * (1 - (literal & 1))
            n_agreed += 1
    for n in range(n_trail):
        mark[trail[n] >> 1] = 0
    if n_agreed == 0:
        scores[v, 0], scores[v, 1] = n_trail, n_other
        return 0
    _sort_prefix(agreed, n_agreed)
    for n in range(n_agreed):
        literal = agreed[n] % white_last
        agreed[n] = literal
        starting[2 * n] = (literal >> 1) // width
        starting[2 * n + 1] = height + (literal >> 1) % width
    return n_agreed


@kernel(refcounts=False)
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
            survivor = white_try if black_failed >= 0 else black_try
            for cell in range(len(board)):
                board[cell] = survivor[cell]
            changed = True
            continue
        n_agreed = _agree(trail, black_fixed, other_trail, white_fixed, mark, agreed, starting, height, width,
                          scores, v)
        if n_agreed == 0:
            continue
        for n in range(n_agreed):
            board[agreed[n] >> 1] = agreed[n] & 1
        changed = True
        failed, _ = line_fixpoint(runs, first, count, height, width, board, starting, 2 * n_agreed, queue, queued,
                                  trail, 0, forward, backward, whites, cover, out, table)
        if failed >= 0:
            return failed, changed
    return -1, changed


# The same fixpoint and probing on boards whose lines all fit ``BIT_LINE``: each line's known
# cells are two uint64 masks, ``black[line]`` and ``white[line]`` (bit i = cell i of the line),
# kept equal on the row and the column of every cell, as in ``nonogram.Board``.  A line solve
# then reads and writes its two masks and nothing else.


@kernel(refcounts=False)
def bit_fixpoint(runs, first, count, height, width, black, white, starting, n_starting, queue, queued,
                 trail, trail_end, table):
    """``line_fixpoint`` on line masks: (failed line or -1, new end of ``trail``)."""
    lines = height + width
    head, tail, failed = 0, _start(starting, n_starting, count, queue, queued, lines), -1
    while head < tail:
        line = _pop(queue, queued, head, lines)
        head += 1
        length = width if line < height else height
        known_black, known_white = black[line], white[line]
        feasible, can_black, can_white = settle_bits(runs, first[line], count[line], length,
                                                     known_black, known_white, table)
        if not feasible:
            failed = line
            break
        new_black = can_black & ~can_white & ~known_black
        new_white = can_white & ~can_black & ~known_white
        if (new_black | new_white) == ZERO:
            continue
        black[line] = known_black | new_black
        white[line] = known_white | new_white
        is_row = line < height
        bit = ONE << np.uint64(line if is_row else line - height)
        for colour in (BLACK, WHITE):
            fixed = new_black if colour == BLACK else new_white
            masks = black if colour == BLACK else white
            for i in range(length):
                if (fixed >> np.uint64(i)) & ONE:
                    crossing = height + i if is_row else i
                    masks[crossing] |= bit
                    trail[trail_end] = 2 * (line * width + i if is_row else i * width + line - height) + colour
                    trail_end += 1
                    tail = _enqueue(crossing, count, queue, queued, tail, lines)
    _drain(queue, queued, head, tail, lines)
    return failed, trail_end


@kernel(refcounts=False)
def _set_bits(black, white, height, width, cell, colour):
    """Fix ``cell`` to ``colour`` on its row's and its column's masks."""
    r, c = cell // width, cell % width
    masks = black if colour == BLACK else white
    masks[r] |= ONE << np.uint64(c)
    masks[height + c] |= ONE << np.uint64(r)


@kernel(refcounts=False)
def _try_bits(runs, first, count, height, width, black, white, try_black, try_white, cell, colour,
              starting, queue, queued, trail, table):
    """``_try`` on line masks: the try's masks are ``try_black`` and ``try_white``."""
    for line in range(len(black)):
        try_black[line], try_white[line] = black[line], white[line]
    _set_bits(try_black, try_white, height, width, cell, colour)
    starting[0], starting[1] = cell // width, height + cell % width
    return bit_fixpoint(runs, first, count, height, width, try_black, try_white, starting, 2, queue, queued,
                        trail, 0, table)


@kernel(refcounts=False)
def probe_row_bits(runs, first, count, height, width, black, white, r, scores, queue, queued, trail,
                   other_trail, tries, mark, agreed, starting, table):
    """``probe_row`` on line masks; ``tries`` holds four mask arrays (black try: black and white
    masks, white try: black and white masks)."""
    changed = False
    for c in range(width):
        if ((black[r] | white[r]) >> np.uint64(c)) & ONE:
            continue
        v = r * width + c
        black_failed, black_fixed = _try_bits(runs, first, count, height, width, black, white, tries[0], tries[1],
                                              v, BLACK, starting, queue, queued, trail, table)
        white_failed, white_fixed = _try_bits(runs, first, count, height, width, black, white, tries[2], tries[3],
                                              v, WHITE, starting, queue, queued, other_trail, table)
        if black_failed >= 0 and white_failed >= 0:
            return r, changed
        if black_failed >= 0 or white_failed >= 0:
            survivor = 2 if black_failed >= 0 else 0
            for line in range(len(black)):
                black[line], white[line] = tries[survivor, line], tries[survivor + 1, line]
            changed = True
            continue
        n_agreed = _agree(trail, black_fixed, other_trail, white_fixed, mark, agreed, starting, height, width,
                          scores, v)
        if n_agreed == 0:
            continue
        for n in range(n_agreed):
            _set_bits(black, white, height, width, agreed[n] >> 1, agreed[n] & 1)
        changed = True
        failed, _ = bit_fixpoint(runs, first, count, height, width, black, white, starting, 2 * n_agreed, queue,
                                 queued, trail, 0, table)
        if failed >= 0:
            return failed, changed
    return -1, changed
