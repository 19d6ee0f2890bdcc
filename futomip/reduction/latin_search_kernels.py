"""The Latin family's depth-first search and singleton probing as kernels, with a trail.

The search (``latin_split`` gives its plan) runs on one array of masks: a decision and
the fixpoint after it are recorded on the trail of ``latin_kernels``, and backtracking
restores the masks from it instead of copying the domains at every node.  Level L of the
search holds its branch cell, the value bit, the phase (0: trying "cell = v", 1: trying
"cell != v") and the trail length before the decision.  ``search`` is resumable: it
returns after a leaf, after ``budget`` nodes or when the tree is exhausted, and the state
in ctl (C_LEVEL, C_MODE) lets the next call go on where it stopped.

Branching: the open cell with the fewest values per weight (dom/wdeg; weights are raised
for the cells of every constraint that fails), ties to the first cell; with C_NOISE set
each score is multiplied by a factor in [1, 1.2) from a linear congruential generator
kept in ctl (so that compiled and interpreted runs draw the same numbers); the value is the
smallest (C_VALUE_ORDER 0), the largest (1), or the cell's preferred value ws[W_PREFER][cell]
when it is still in the domain, else the smallest (2: the value the LP relaxation puts
highest, ``latin_dive``).  The value order only orders the two children, so every order
yields the same set of leaves.

``probe_cell`` is one step of singleton probing (``latin_probing``): every value of a
cell is tried with the fixpoint, and every cell keeps the union of what the surviving
trials left it.

Must not import anything from futomip but ``futomip.compiled`` and ``latin_kernels``.
"""

from __future__ import annotations

from ..compiled import kernel
from .latin_kernels import (C_DEPTH, C_FAIL_LIMIT, C_FAILED, C_LEVEL, C_LIMIT, C_MODE, C_NODES, C_NOISE,
                            C_PROBES, C_PRUNED, C_RNG, C_RUN_FAILS, C_TRAIL, C_VALUE_ORDER, S_DIMS, S_GROUPS, S_LESS_A, S_LESS_B,
                            W_CTL, W_LEV_BIT, W_LEV_CELL, W_LEV_MARK, W_LEV_PHASE, W_PREFER, W_TOUCH, W_UNION, W_WEIGHT,
                            assign, bit_index, popcount, propagate, undo)

MODE_NODE, MODE_BACKTRACK = 0, 1
PAUSED, LEAF, DONE, RESTART = 0, 1, 2, 3
"""What ``search`` returns: its node budget is spent, dom holds a leaf, the tree is exhausted,
or the run has failed ctl[C_FAIL_LIMIT] times (when that is not negative)."""


@kernel(refcounts=False)
def _random(ctl):
    """A number in [0, 1) from the generator state in ctl[C_RNG] (Park-Miller style LCG)."""
    state = (ctl[C_RNG] * 1103515245 + 12345) & 0x7FFFFFFF
    ctl[C_RNG] = state
    return state / 2147483648.0


@kernel(refcounts=False)
def _refute(dom, st, ws, cell, mask):
    """Restrict ``cell`` to ``mask`` and propagate; on failure count a pruned child and raise
    the weight of every cell of the constraint that failed."""
    ctl = ws[W_CTL]
    assign(dom, ws, cell, mask)
    ws[W_TOUCH][0] = cell
    if propagate(dom, st, ws, 1):
        return True
    ctl[C_PRUNED] += 1
    ctl[C_RUN_FAILS] += 1
    dims = st[S_DIMS]
    n, groups_count = dims[0], dims[1]
    weight = ws[W_WEIGHT]
    failed = ctl[C_FAILED]
    if failed < groups_count:
        groups = st[S_GROUPS]
        for j in range(n):
            weight[groups[failed * n + j]] += 1
    else:
        weight[st[S_LESS_A][failed - groups_count]] += 1
        weight[st[S_LESS_B][failed - groups_count]] += 1
    return False


@kernel(refcounts=False)
def search(dom, st, ws, budget):
    """Search from where the last call stopped for at most ``budget`` nodes; PAUSED, LEAF
    (dom is the leaf; the next call backtracks from it), DONE or RESTART."""
    ctl = ws[W_CTL]
    lev_cell, lev_bit, lev_phase, lev_mark = ws[W_LEV_CELL], ws[W_LEV_BIT], ws[W_LEV_PHASE], ws[W_LEV_MARK]
    weight = ws[W_WEIGHT]
    cells = st[S_DIMS][4]
    spent = 0
    while True:
        if 0 <= ctl[C_FAIL_LIMIT] <= ctl[C_RUN_FAILS]:
            return RESTART
        if ctl[C_MODE] == MODE_BACKTRACK:
            level = ctl[C_LEVEL]
            while level > 0 and lev_phase[level] == 1:
                undo(dom, ws, lev_mark[level])
                level -= 1
            ctl[C_LEVEL] = level
            if level == 0:
                return DONE
            undo(dom, ws, lev_mark[level])
            lev_phase[level] = 1
            cell = lev_cell[level]
            if not _refute(dom, st, ws, cell, dom[cell] & ~lev_bit[level]):
                continue
            ctl[C_MODE] = MODE_NODE
        if spent >= budget:
            return PAUSED
        spent += 1
        ctl[C_NODES] += 1
        level = ctl[C_LEVEL]
        if level > ctl[C_DEPTH]:
            ctl[C_DEPTH] = level
        best = -1
        best_score = 0.0
        open_count = 0
        for i in range(cells):
            mask = dom[i]
            if mask & (mask - 1):
                open_count += 1
                score = popcount(mask) / weight[i]
                if ctl[C_NOISE]:
                    score *= 1.0 + 0.2 * _random(ctl)
                if best < 0 or score < best_score:
                    best, best_score = i, score
        if open_count <= ctl[C_LIMIT]:
            ctl[C_MODE] = MODE_BACKTRACK
            return LEAF
        mask = dom[best]
        bit = mask & -mask
        if ctl[C_VALUE_ORDER] == 1:
            bit = 1 << bit_index(mask)
        elif ctl[C_VALUE_ORDER] == 2 and ws[W_PREFER][best] & mask:
            bit = ws[W_PREFER][best]
        level += 1
        ctl[C_LEVEL] = level
        lev_cell[level], lev_bit[level], lev_phase[level], lev_mark[level] = best, bit, 0, ctl[C_TRAIL]
        if not _refute(dom, st, ws, best, bit):
            ctl[C_MODE] = MODE_BACKTRACK


@kernel(refcounts=False)
def restart(dom, ws):
    """Back to the root (trail empty), ready to search again."""
    ctl = ws[W_CTL]
    undo(dom, ws, 0)
    ctl[C_LEVEL] = 0
    ctl[C_MODE] = MODE_NODE
    ctl[C_RUN_FAILS] = 0


@kernel(refcounts=False)
def probe_cell(dom, st, ws, i):
    """Probe cell i: 1 when the masks shrank (and their fixpoint held), 0 when nothing
    changed, -1 when no value of i survives or the fixpoint after shrinking fails (then
    ctl[C_FAILED] names the constraint, or is -1 for "every value fails")."""
    ctl = ws[W_CTL]
    union, touch = ws[W_UNION], ws[W_TOUCH]
    cells = st[S_DIMS][4]
    for j in range(cells):
        union[j] = 0
    survived = False
    mark = ctl[C_TRAIL]
    rest = dom[i]
    while rest:
        bit = rest & -rest
        rest ^= bit
        ctl[C_PROBES] += 1
        assign(dom, ws, i, bit)
        touch[0] = i
        if propagate(dom, st, ws, 1):
            survived = True
            for j in range(cells):
                union[j] |= dom[j]
        undo(dom, ws, mark)
    if not survived:
        ctl[C_FAILED] = -1
        return -1
    shrunk = 0
    for j in range(cells):
        if union[j] != dom[j]:
            assign(dom, ws, j, union[j])
            touch[shrunk] = j
            shrunk += 1
    if shrunk == 0:
        return 0
    return 1 if propagate(dom, st, ws, shrunk) else -1
