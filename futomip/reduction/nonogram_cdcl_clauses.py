"""The clause store of the compiled clause-learning search: adding a clause, and clean-ups.

Clauses live in the arrays laid out in ``nonogram_cdcl_kernels`` (literals ``lits[start[c]:
start[c] + size[c]]``, the two watched literals first, ``kind``, ``lbd``, the watch lists
``head``/``link``).  ``add_clause`` keeps a clause and fixes its first literal by it;
``clean`` (at level 0) keeps the learnt clauses of LBD 2 or less and the better half of the
others.  Like every kernel of the search they allocate nothing, so that numba compiles them
without reference counting (``@kernel(refcounts=False)``).  Only numpy, ``futomip.compiled``
and ``nonogram_cdcl_kernels`` are imported.
"""

from __future__ import annotations

import numpy as np

from ..compiled import inline_kernel, kernel
from .nonogram_cdcl_kernels import (CLAUSES, DROPPED_KIND, LEARNT, LEARNT_KIND, NONE, ON_TRAIL, REASON, TRAIL, USED,
                                    assign)

__all__ = ["add_clause", "clean"]


@kernel(refcounts=False)
def add_clause(ints, cell, masks, queue, queued, count, height, width, lits, start, size, kind, lbd, witness, head,
               link, clause, n, clause_kind, clause_lbd):
    """Keep ``clause[:n]`` (a unit is only fixed) and fix its first literal by it."""
    if n == 1:
        assign(ints, cell, masks, queue, queued, count, height, width, clause[0] >> 1, clause[0] & 1, NONE)
        return
    c, at = ints[CLAUSES], ints[USED]
    for j in range(n):
        lits[at + j] = clause[j]
    start[c], size[c], kind[c], lbd[c], witness[c] = at, n, clause_kind, clause_lbd, clause[0]
    ints[CLAUSES] += 1
    ints[USED] += n
    if clause_kind == LEARNT_KIND:
        ints[LEARNT] += 1
    for s in range(2):
        link[2 * c + s] = head[lits[at + s]]
        head[lits[at + s]] = 2 * c + s
    assign(ints, cell, masks, queue, queued, count, height, width, clause[0] >> 1, clause[0] & 1, c)


@inline_kernel(refcounts=False)
def _worse(a, b, lbd, size, weight):
    """Whether clause ``b`` comes before clause ``a`` in a clean-up: lower (LBD, size), then
    the older clause."""
    key_a = np.int64(lbd[a]) * weight + size[a]
    key_b = np.int64(lbd[b]) * weight + size[b]
    return key_a > key_b or (key_a == key_b and a > b)


@inline_kernel(refcounts=False)
def _sift(order, root, end, lbd, size, weight):
    """Move ``order[root]`` down the heap ``order[:end]`` (the worst clause on top)."""
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and _worse(order[child + 1], order[child], lbd, size, weight):
            child += 1
        if not _worse(order[child], order[root], lbd, size, weight):
            return
        order[root], order[child] = order[child], order[root]
        root = child


@kernel(refcounts=False)
def clean(ints, cell, lits, start, size, kind, lbd, witness, head, link, cells):
    """At level 0: keep the learnt clauses of LBD 2 or less and the better half of the others
    by (LBD, size), every blocking clause, in their order; rebuild the watches.  The learnt
    clauses are ranked by a heap sort in ``link`` (rebuilt afterwards), so that nothing is
    allocated."""
    for t in range(ints[TRAIL]):
        cell[REASON, cell[ON_TRAIL, t] >> 1] = NONE  # level 0 reasons are never read; ids move
    clauses = ints[CLAUSES]
    order = link
    learnt = 0
    for c in range(clauses):
        if kind[c] == LEARNT_KIND:
            order[learnt] = c
            learnt += 1
    weight = cells + 2
    for root in range(learnt // 2 - 1, -1, -1):
        _sift(order, root, learnt, lbd, size, weight)
    for end in range(learnt - 1, 0, -1):
        order[0], order[end] = order[end], order[0]
        _sift(order, 0, end, lbd, size, weight)
    for rank in range(learnt // 2, learnt):
        if lbd[order[rank]] > 2:
            kind[order[rank]] = DROPPED_KIND
    kept = used = learnts = 0
    for c in range(clauses):
        if kind[c] == DROPPED_KIND:
            continue
        n, old = size[c], start[c]
        for k in range(n):
            lits[used + k] = lits[old + k]
        start[kept], size[kept], kind[kept], lbd[kept], witness[kept] = used, n, kind[c], lbd[c], witness[c]
        if kind[c] == LEARNT_KIND:
            learnts += 1
        used += n
        kept += 1
    ints[CLAUSES], ints[USED], ints[LEARNT] = kept, used, learnts
    for literal in range(len(head)):
        head[literal] = -1
    for c in range(kept):
        for s in range(2):
            literal = lits[start[c] + s]
            link[2 * c + s] = head[literal]
            head[literal] = 2 * c + s
