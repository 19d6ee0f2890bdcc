"""The compiled learning search's decision: the scan of the blocking clauses, and VSIDS.

Once at most ``LIMIT`` cells are open, a decision takes an open cell of the first blocking
clause (in the order they were added) that does not hold yet; when every one holds, the
fixpoint is a leaf.  On leaf-heavy puzzles there are tens of thousands of blocking clauses
(one per leaf) and reading each at every decision near the bottom of the tree was a third
to a half of the kernels' time.  A clause that holds keeps holding until the search jumps back
below the level of the literal that makes it hold, so the scan keeps:

    unsure      a bitset over clause ids: bit c set when blocking clause c may not hold
                (a new blocking clause, or one whose true literal was undone since)
    sat_head    per decision level L, the first of the clauses found holding by a literal
                of level L, linked by ``sat_next`` (a clause is in one list at most: its
                bit is clear while it is in one); jumping back below L sets their bits
                again and empties the list (``reopen``)

A clause that holds by a literal fixed at level 0 leaves the bitset for good (a level-0
cell is never undone; a clean-up, which renumbers the clauses, sets every bit again).  The
scan visits the set bits in clause order, so it picks the same clause and the same open
cell as a scan of every clause: the decisions, and the tests that the compiled search
retraces the Python one, stay as they were.  ``witness[c]`` (a literal of c that was true
when last read) still spares reading a clause whose witness is true.  Only numpy,
``futomip.compiled`` and ``nonogram_cdcl_kernels`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import inline_kernel, kernel
from .nonogram_cdcl_kernels import BLOCKING_KIND, CLAUSES, LEVEL, LEVELS, LIMIT, TRAIL, VALUE, bit_index
from .nonogram_line_kernels import ONE, ZERO

__all__ = ["decision_cell", "reopen", "mark_unsure", "mark_every_blocking"]


@inline_kernel(refcounts=False)
def mark_unsure(unsure, c):
    """Blocking clause ``c`` may not hold: the scan reads it again."""
    unsure[c >> 6] |= ONE << np.uint64(c & 63)


@inline_kernel(refcounts=False)
def reopen(ints, unsure, sat_next, sat_head, level):
    """Before jumping back to ``level``: the clauses held by literals above it may not hold."""
    for above in range(level + 1, ints[LEVELS] + 1):
        c = sat_head[above]
        while c >= 0:
            mark_unsure(unsure, c)
            c = sat_next[c]
        sat_head[above] = -1


@kernel(refcounts=False)
def mark_every_blocking(ints, kind, unsure):
    """After a clean-up (at level 0, where no level's list holds a clause; clause ids
    renumbered): every blocking clause is unsure."""
    for w in range(len(unsure)):
        unsure[w] = ZERO
    for c in range(ints[CLAUSES]):
        if kind[c] == BLOCKING_KIND:
            mark_unsure(unsure, c)


@kernel(refcounts=False)
def decision_cell(ints, cell, activity, lits, start, size, witness, unsure, sat_next, sat_head, cells):
    """An open cell of the first blocking clause that does not hold (when at most LIMIT cells
    are open; -2 when every one holds: a leaf), else the open cell of highest activity."""
    value = cell[VALUE]
    if cells - ints[TRAIL] <= ints[LIMIT]:
        level = cell[LEVEL]
        for w in range((ints[CLAUSES] + 63) >> 6):
            word = unsure[w]
            while word:
                low = word & ~(word - ONE)
                word ^= low
                c = (w << 6) + bit_index(low)
                known = witness[c]
                holds, open_cell = value[known >> 1] == (known & 1), -1
                if not holds:
                    for k in range(start[c], start[c] + size[c]):
                        state = value[lits[k] >> 1]
                        if state == (lits[k] & 1):
                            holds = True
                            witness[c] = known = lits[k]
                            break
                        if state == -1 and open_cell < 0:
                            open_cell = lits[k] >> 1
                if not holds:
                    return open_cell
                unsure[w] &= ~low
                held_at = level[known >> 1]
                if held_at > 0:
                    sat_next[c] = sat_head[held_at]
                    sat_head[held_at] = c
        return -2
    best, best_activity = -1, -1.0
    for v in range(cells):
        if value[v] == -1 and activity[v] > best_activity:
            best, best_activity = v, activity[v]
    return best
