"""All-different consistency of one group by a kept matching and its components, as a kernel.

The rule of ``latin_alldiff`` (whose docstring gives the mathematics: Régin's filter by a
perfect matching and the strongly connected components of its alternating graph), over the
arrays of ``latin_arrays`` and on their trail, for ``latin_kernels.propagate``.
``match_filter`` is inlined by numba into its caller (``inline_kernel``, see ``latin_arrays``).

Must not import anything from futomip but ``futomip.compiled`` and ``latin_arrays``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel
from .latin_arrays import S_DIMS, S_GROUPS, W_BACK, W_HELD, W_MATCHED, W_OPEN, W_REACH, W_SLOT, W_STK_BIT, \
    W_STK_POS, W_STK_REST, W_VALUE_POS, bit_position, change, popcount

@kernel(refcounts=False)
def _augment(dom, ws, k, start, used):
    """Kuhn's augmenting path from open position ``start``, an iterative depth-first search
    over the positions (matched[q] is the value bit position q holds, 0 for none; ``used``
    the bits held).  Returns the new ``used``, or -1 when there is no augmenting path."""
    open_cells, matched = ws[W_OPEN], ws[W_MATCHED]
    stack_pos, stack_rest, stack_bit = ws[W_STK_POS], ws[W_STK_REST], ws[W_STK_BIT]
    seen = 0
    top = 0
    stack_pos[0] = start
    stack_rest[0] = dom[open_cells[start]]
    while top >= 0:
        rest = stack_rest[top] & ~seen
        if rest == 0:
            top -= 1
            continue
        bit = rest & -rest
        stack_rest[top] = rest ^ bit
        seen |= bit
        stack_bit[top] = bit
        if not bit & used:
            for s in range(top + 1):
                matched[stack_pos[s]] = stack_bit[s]
            return used | bit
        holder = 0
        while matched[holder] != bit:
            holder += 1
        top += 1
        stack_pos[top] = holder
        stack_rest[top] = dom[open_cells[holder]]
    return -1


@inline_kernel(refcounts=False)
def match_filter(dom, st, ws, g, tops):
    """All-different consistency of group g by a perfect matching and the strongly connected
    components of its alternating graph (``latin_alldiff``), its singles being done (so
    the open cells' values are exactly the values no fixed cell holds, and a perfect
    matching leaves no value free).

    The matching starts from the one this group had last time (ws[W_HELD], per slot of the
    group; kept off the trail: it is only a hint, every pair of it is checked against the
    domains), so usually only the cells whose matched value was removed are matched again.
    The components come from bit-set reachability over the open positions (p -> q when
    q's matched value is in p's domain): forward and backward closure from one position
    give its component, whose values are the only ones its cells keep."""
    n = st[S_DIMS][0]
    groups = st[S_GROUPS]
    open_cells, matched, forward = ws[W_OPEN], ws[W_MATCHED], ws[W_REACH]
    held, slot, value_pos, backward = ws[W_HELD], ws[W_SLOT], ws[W_VALUE_POS], ws[W_BACK]
    base = g * n
    k = 0
    union = 0
    used = 0
    for j in range(n):
        i = groups[base + j]
        mask = dom[i]
        if mask & (mask - 1):
            open_cells[k] = i
            slot[k] = j
            bit = held[base + j] & mask & ~used
            matched[k] = bit
            used |= bit
            k += 1
            union |= mask
    if k == 0:
        return True, tops
    if popcount(union) < k:
        return False, tops  # fewer values than cells (pigeonhole)
    for p in range(k):
        if matched[p] == 0:
            free = dom[open_cells[p]] & ~used
            if free:
                matched[p] = free & -free
                used |= matched[p]
            else:
                used = _augment(dom, ws, k, p, used)
                if used < 0:
                    return False, tops
    for p in range(k):
        held[base + slot[p]] = matched[p]
        value_pos[bit_position(matched[p])] = p
    for p in range(k):
        forward[p] = 0
        backward[p] = 0
    for p in range(k):
        rest = dom[open_cells[p]]
        while rest:
            bit = rest & -rest
            rest ^= bit
            q = value_pos[bit_position(bit)]
            forward[p] |= 1 << q
            backward[q] |= 1 << p
    # Components one by one: those reached from p both ways form p's component.
    unplaced = (1 << k) - 1
    while unplaced:
        start = unplaced & -unplaced
        ahead = _closure(forward, start)
        behind = _closure(backward, start)
        component = ahead & behind
        unplaced &= ~component
        if component == (1 << k) - 1:
            return True, tops  # one component: every value is on an alternating cycle
        values = 0
        rest = component
        while rest:
            bit = rest & -rest
            rest ^= bit
            values |= matched[bit_position(bit)]
        rest = component
        while rest:
            bit = rest & -rest
            rest ^= bit
            i = open_cells[bit_position(bit)]
            if dom[i] & ~values:
                tops = change(dom, i, dom[i] & values, st, ws, tops, False)
    return True, tops


@kernel(refcounts=False)
def _closure(edges, start):
    """The positions reachable from the positions in ``start`` along ``edges`` (bit sets)."""
    seen = start
    frontier = start
    while frontier:
        bit = frontier & -frontier
        frontier ^= bit
        fresh = edges[bit_position(bit)] & ~seen
        seen |= fresh
        frontier |= fresh
    return seen
