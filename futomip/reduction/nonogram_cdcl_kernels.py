"""The clause-learning search of ``nonogram_learning`` as ``@kernel`` functions on arrays.

The same search (read ``nonogram_learning`` for the rules and why they are exact): cells are
variables, literal ``2 v + colour``; lines propagate through the bit-parallel line solver
(``settle_bits``) and explain through ``explain_cell_bits``/``explain_conflict_bits``; learnt
and blocking clauses propagate with two watched literals; first-UIP analysis with recursive
minimisation, VSIDS and phase saving with target phases, Luby restarts and LBD clean-ups.  Everything lives in
numpy arrays (``nonogram_cdcl.SearchState`` makes them), so that the whole loop runs in
compiled code and Python sees it only between slices.

Layout (n cells, L = height + width lines, line masks as in ``nonogram_kernels``):

    ints       scalar state, indexed by the constants below (trail end, decision levels, ...)
    cell[k]    int32 rows of n + 1: VALUE (-1 open), LEVEL, REASON (-1 none, c >= 0 clause c,
               -2 - line: the line solver, which then saw the masks ``why[:2, v]``), PHASE,
               SEEN (analysis marks), ON_TRAIL (the trail of literals), LEVEL_START (where
               each decision level starts on the trail), EXPLAINED (1 once the line's reason
               for the cell, ``why[2:, v]``, is computed: analyses meet the same cells often),
               TARGET (the colour a decision gives the cell: the target phases, whose trail
               length is ints[TARGET_LEN])
    clauses    literals of clause c: ``lits[start[c]:start[c] + size[c]]``, the two watched
               literals first; ``kind[c]`` LEARNT or BLOCKING, ``lbd[c]``
    watches    watcher ``2 c + s`` watches ``lits[start[c] + s]``; per literal a linked list
               (``head[lit]``, ``link[w]``, -1 ends it)

Differences from the Python search that do not touch exactness: the decision is a scan for
the open cell of highest activity (the heap's order: ties to the lower cell), watch lists
are visited in another order, and no line solve is memoised.  Only numpy,
``futomip.compiled`` and the nonogram line kernels are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import inline_kernel, kernel
from .nonogram_explain_kernels import explain_cell_bits, explain_conflict_bits
from .nonogram_line_kernels import EVEN_BITS, EVEN_NIBBLES, EVEN_PAIRS, ONE, ZERO, settle_bits

# ints[...]
HEAD, TRAIL, LEVELS, CLAUSES, USED, DECISIONS, CONFLICTS, RESTARTS, DEPTH, RUN, BUDGET, LEARNT, CAP, \
    QHEAD, QTAIL, PENDING_LEAF, LEAVES, LIMIT, SOLVES, TARGET_LEN = range(20)
INTS = 20
# cell[...]
VALUE, LEVEL, REASON, PHASE, SEEN, ON_TRAIL, LEVEL_START, EXPLAINED, TARGET = range(9)
CELL_ROWS = 9
# outcomes of ``search``
SLICE, LEAF, FINISHED, GROW = range(4)
LEARNT_KIND, BLOCKING_KIND, DROPPED_KIND = 0, 1, 2  # DROPPED_KIND: inside ``clean`` only
NONE = -1
DECAY = 1 / 0.95
NO_CONFLICT = -(1 << 30)


@inline_kernel(refcounts=False)
def bit_index(low):
    """The position of the one set bit of ``low``: how many bits lie below it, a population
    count of ``low - 1`` by sums of neighbouring fields, without branches (lines list their
    fixed cells by their set bits, lowest first, instead of testing every cell)."""
    x = low - ONE
    x = x - ((x >> ONE) & EVEN_BITS)
    x = (x & EVEN_PAIRS) + ((x >> np.uint64(2)) & EVEN_PAIRS)
    x = (x + (x >> np.uint64(4))) & EVEN_NIBBLES
    x += x >> np.uint64(8)
    x += x >> np.uint64(16)
    x += x >> np.uint64(32)
    return np.int64(x & np.uint64(127))


@kernel(refcounts=False)
def luby_term(i):
    """The i-th term (1-based) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ..."""
    while True:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


@inline_kernel(refcounts=False)
def enqueue(ints, queue, queued, count, line):
    if queued[line] == 0 and count[line] >= 0:
        queued[line] = 1
        queue[ints[QTAIL] % len(queue)] = line
        ints[QTAIL] += 1


@inline_kernel(refcounts=False)
def assign(ints, cell, masks, queue, queued, count, height, width, v, colour, reason):
    """Fix cell ``v`` to ``colour`` at the current level; queue its two lines (also the line
    being solved, as the Python search does: the order of the queue steers the search, and
    with the same order both searches make the same decisions far more often)."""
    cell[VALUE, v] = colour
    cell[LEVEL, v] = ints[LEVELS]
    cell[REASON, v] = reason
    cell[EXPLAINED, v] = 0
    r, c = v // width, v % width
    masks[colour, r] |= ONE << np.uint64(c)
    masks[colour, height + c] |= ONE << np.uint64(r)
    cell[ON_TRAIL, ints[TRAIL]] = 2 * v + colour
    ints[TRAIL] += 1
    enqueue(ints, queue, queued, count, r)
    enqueue(ints, queue, queued, count, height + c)


@inline_kernel(refcounts=False)
def backtrack(ints, cell, masks, queued, height, width, level):
    """Undo every decision level above ``level`` (colours kept as phases); empty the queue."""
    if ints[LEVELS] <= level:
        return
    levels = cell[LEVEL_START]
    start = levels[level]
    trail = cell[ON_TRAIL]
    for t in range(start, ints[TRAIL]):
        literal = trail[t]
        v, colour = literal >> 1, literal & 1
        cell[PHASE, v] = colour
        cell[VALUE, v] = -1
        cell[REASON, v] = NONE
        r, c = v // width, v % width
        masks[colour, r] &= ~(ONE << np.uint64(c))
        masks[colour, height + c] &= ~(ONE << np.uint64(r))
    ints[TRAIL] = start
    ints[LEVELS] = level
    ints[HEAD] = start
    for line in range(len(queued)):
        queued[line] = 0
    ints[QHEAD] = ints[QTAIL] = 0


@inline_kernel(refcounts=False)
def watch_false(ints, cell, masks, queue, queued, count, height, width, lits, start, size, head, link, false_lit):
    """Visit the clauses watching ``false_lit`` (just made false): move a watch, assert the other
    watched literal, or return the clause that is now false (-1: none)."""
    value = cell[VALUE]
    previous, w = -1, head[false_lit]
    while w >= 0:
        following = link[w]
        c, s = w >> 1, w & 1
        at = start[c]
        other = lits[at + 1 - s]
        other_value = value[other >> 1]
        if other_value == (other & 1):
            previous, w = w, following
            continue
        moved = False
        for k in range(at + 2, at + size[c]):
            literal = lits[k]
            state = value[literal >> 1]
            if state == -1 or state == (literal & 1):
                lits[at + s], lits[k] = literal, false_lit
                if previous < 0:
                    head[false_lit] = following
                else:
                    link[previous] = following
                link[w] = head[literal]
                head[literal] = w
                moved = True
                break
        if moved:
            w = following
            continue
        if other_value != -1:
            return c
        assign(ints, cell, masks, queue, queued, count, height, width, other >> 1, other & 1, c)
        previous, w = w, following
    return -1


@kernel(refcounts=False)
def propagate(ints, cell, why, masks, queue, queued, runs, first, count, height, width, table,
              lits, start, size, head, link):
    """Clauses, then lines (FIFO), to the fixpoint: the false clause, ``-2 - line`` for a line
    without a placement, or ``NO_CONFLICT``."""
    trail = cell[ON_TRAIL]
    while True:
        while ints[HEAD] < ints[TRAIL]:
            false_lit = trail[ints[HEAD]] ^ 1
            ints[HEAD] += 1
            conflict = watch_false(ints, cell, masks, queue, queued, count, height, width, lits, start, size,
                                   head, link, false_lit)
            if conflict >= 0:
                return conflict
        if ints[QHEAD] == ints[QTAIL]:
            return NO_CONFLICT
        line = queue[ints[QHEAD] % len(queue)]
        ints[QHEAD] += 1
        queued[line] = 0
        ints[SOLVES] += 1
        length = width if line < height else height
        known_black, known_white = masks[1, line], masks[0, line]
        feasible, can_black, can_white = settle_bits(runs, first[line], count[line], length, known_black,
                                                     known_white, table)
        if not feasible:
            return -2 - line
        # uint64 again when this runs interpreted (compiled callees hand back Python integers).
        can_black, can_white = np.uint64(can_black), np.uint64(can_white)
        new_black = can_black & ~can_white & ~known_black
        new_white = can_white & ~can_black & ~known_white
        if (new_black | new_white) == ZERO:
            continue
        for colour in (1, 0):
            fixed = new_black if colour == 1 else new_white
            while fixed:
                low = fixed & ~(fixed - ONE)
                fixed ^= low
                i = bit_index(low)
                v = line * width + i if line < height else i * width + line - height
                why[0, v], why[1, v] = known_black, known_white
                assign(ints, cell, masks, queue, queued, count, height, width, v, colour, -2 - line)


@inline_kernel(refcounts=False)
def premises(reason, v, cell, why, masks, runs, first, count, height, width, layers, lits, start, size, out):
    """The true literals that imply cell ``v`` by ``reason`` (``v`` -1: that make the conflict
    ``reason``), written to ``out``; returns how many."""
    n = 0
    if reason >= 0:
        for k in range(start[reason], start[reason] + size[reason]):
            if lits[k] >> 1 != v:
                out[n] = lits[k] ^ 1
                n += 1
        return n
    line = -2 - reason
    is_row = line < height
    length = width if is_row else height
    if v < 0:
        black, white = explain_conflict_bits(runs, first[line], count[line], length, masks[1, line],
                                             masks[0, line], layers)
    elif cell[EXPLAINED, v] == 1:
        black, white = why[2, v], why[3, v]
    else:
        i = v % width if is_row else v // width
        black, white = explain_cell_bits(runs, first[line], count[line], length, why[0, v], why[1, v], i,
                                         cell[VALUE, v], layers)
        why[2, v], why[3, v] = black, white
        cell[EXPLAINED, v] = 1
    for colour in (1, 0):
        mask = np.uint64(black) if colour == 1 else np.uint64(white)
        while mask:
            low = mask & ~(mask - ONE)
            mask ^= low
            i = bit_index(low)
            u = line * width + i if is_row else i * width + line - height
            out[n] = 2 * u + colour
            n += 1
    return n
