"""The "lines" fixpoint of the Latin family as kernels: sign bounds and all-different by matching.

The same rules as ``latin.Board.propagate`` and ``latin_alldiff`` (whose docstrings give
the mathematics), written over flat integer arrays so that ``futomip.compiled`` can hand
them to numba, and recording every change on a trail so that a search can undo it.  The
greatest common fixpoint of monotone rules does not depend on the order they run in, so
these kernels reach exactly the masks ``Board.propagate`` reaches.

The arrays (``dom``, the structure ``st``, the workspace ``ws``) and the trail are
``latin_arrays``'s; its names are imported from here too.  All-different by matching is
``latin_match_kernels``.

Must not import anything from futomip but ``futomip.compiled``, ``latin_arrays`` and
``latin_match_kernels``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel
from .latin_arrays import (C_DEPTH, C_FAIL_LIMIT, C_FAILED, C_LEVEL, C_LIMIT, C_MODE, C_NODES, C_NOISE,  # noqa: F401
                           C_PROBES, C_PRUNED, C_RNG, C_RUN_FAILS, C_TRAIL, C_VALUE_ORDER, CONTROLS, MAX_SIZE,
                           PAIR_APART, PAIR_LESS, PAIR_NEAR, S_CELL_GROUPS, S_CL_ITEMS, S_CL_START, S_DIMS,
                           S_GROUPS, S_LESS_A, S_LESS_B, S_PAIR_KIND, W_CTL, W_FLAGS, W_HELD, W_LEV_BIT,
                           W_LEV_CELL, W_LEV_MARK, W_LEV_PHASE, W_MATCHED, W_OPEN, W_PREFER, W_QUEUE, W_OPEN_MASKS,
                           W_SLOT, W_STK_BIT, W_STK_POS, W_STK_REST, W_TOUCH, W_TRAIL_CELL, W_TRAIL_OLD,
                           W_UNION, W_GROUP_MASKS, W_WEIGHT, assign, bit_index, bit_position, change, popcount,
                           undo)
from .latin_match_kernels import match_filter


@inline_kernel(refcounts=False)
def _singles(dom, st, ws, g, tops):
    """Naked singles in group g: a fixed cell's value leaves the others, until no new cell is
    fixed.  Returns (ok, tops) with the shrunk cells queued (False: an empty cell, or two
    fixed cells with one value).

    The scan for fixed cells has no branch on the masks (``fixed`` is a select): which cells
    are fixed is data the branch predictor cannot learn, and the scan with a branch per cell
    was the fixpoint's most expensive loop (docs/notes/kern.md).  A scan counts every fixed
    cell again; ``taken`` grows only with cells the removals fixed."""
    n = st[S_DIMS][0]
    groups = st[S_GROUPS]
    masks = ws[W_GROUP_MASKS]  # the group's masks as the scan read them
    base = g * n
    known = 0  # the values removed from the open cells so far
    while True:
        taken = 0
        clash = 0
        empty = False
        for j in range(n):
            mask = masks[j] = dom[groups[base + j]]
            fixed = mask if mask & (mask - 1) == 0 else 0
            clash |= taken & fixed
            taken |= fixed
            empty |= mask == 0
        if clash or empty:
            return False, tops
        if taken == known:
            return True, tops
        known = taken
        # The open cells that hold a taken value, as bits (again without a branch per cell),
        # then only those, in order.  Another scan only when a removal fixed (or emptied) a
        # cell: a cell that kept two values or more gives it nothing.
        todo = 0
        for j in range(n):
            mask = masks[j]
            hit = mask & (mask - 1) != 0 and mask & taken != 0
            todo |= (1 if hit else 0) << j
        again = False
        while todo:
            j = bit_position(todo & -todo)
            todo &= todo - 1
            i = groups[base + j]
            mask = dom[i] & ~taken
            again |= mask & (mask - 1) == 0
            tops = change(dom, i, mask, st, ws, tops, False)
        if not again:
            return True, tops


@kernel(refcounts=False)
def crowded(mask):
    """The values v whose every support in ``mask`` is v-1 or v+1 (``latin._crowded``)."""
    if mask == 0:
        return 0
    if mask & (mask - 1) == 0:
        return (mask << 1) | (mask >> 1)
    low = mask & -mask
    if mask == low | (low << 2):
        return low << 1
    return 0


@kernel(refcounts=False)
def propagate(dom, st, ws, touched):
    """The "lines" fixpoint from the first ``touched`` cells of ws[W_TOUCH], in place and on
    the trail.  False when a sign or a group is found impossible (its id in ctl[C_FAILED])."""
    dims = st[S_DIMS]
    groups_count, pairs = dims[1], dims[2]
    less_a, less_b, pair_kind = st[S_LESS_A], st[S_LESS_B], st[S_PAIR_KIND]
    queue, flags, touch, ctl = ws[W_QUEUE], ws[W_FLAGS], ws[W_TOUCH], ws[W_CTL]
    tops = (0, 0, 0)
    for k in range(touched):
        tops = change(dom, touch[k], dom[touch[k]], st, ws, tops, True)
    failed = -1
    while failed < 0:
        top_pairs, top_singles, top_matches = tops
        if top_pairs:
            p = queue[top_pairs - 1]
            tops = (top_pairs - 1, top_singles, top_matches)
            flags[p] = 0
            a, b = less_a[p], less_b[p]
            da, db = dom[a], dom[b]
            kind = pair_kind[p]
            if kind == PAIR_LESS:
                # a < max(b): keep bits below bit max(b)-1; b > min(a): drop bits 0..min(a)-1.
                new_a = da & ((1 << bit_index(db)) - 1) if db else 0
                new_b = db & ~(((new_a & -new_a) << 1) - 1) if new_a else 0
            elif kind == PAIR_NEAR:
                new_a = da & ((db << 1) | (db >> 1))
                new_b = db & ((new_a << 1) | (new_a >> 1))
            else:
                new_a = da & ~crowded(db)
                new_b = db & ~crowded(new_a)
            if not new_a or not new_b:
                failed = groups_count + p
                break
            if new_a != da:
                tops = change(dom, a, new_a, st, ws, tops, False)
            if new_b != db:
                tops = change(dom, b, new_b, st, ws, tops, False)
        elif top_singles:
            g = queue[pairs + top_singles - 1]
            flags[pairs + g] = 0
            ok, tops = _singles(dom, st, ws, g, (top_pairs, top_singles - 1, top_matches))
            if not ok:
                failed = g
        elif top_matches:
            g = queue[pairs + groups_count + top_matches - 1]
            # Every group's singles are at their fixpoint here (their queue is empty).  The
            # group stays flagged while it filters: one pass leaves it consistent (every edge
            # kept lies in a perfect matching), so its own removals need not queue it again.
            ok, tops = match_filter(dom, st, ws, g, (top_pairs, top_singles, top_matches - 1))
            flags[pairs + groups_count + g] = 0
            if not ok:
                failed = g
        else:
            break
    if failed < 0:
        return True
    ctl[C_FAILED] = failed
    top_pairs, top_singles, top_matches = tops
    for k in range(top_pairs):
        flags[queue[k]] = 0
    for k in range(top_singles):
        flags[pairs + queue[pairs + k]] = 0
    for k in range(top_matches):
        flags[pairs + groups_count + queue[pairs + groups_count + k]] = 0
    return False
