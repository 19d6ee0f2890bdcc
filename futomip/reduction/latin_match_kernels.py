"""All-different consistency of one group by a kept matching and its components, as a kernel.

The rule of ``latin_alldiff`` (whose docstring gives the mathematics: Régin's filter by a
perfect matching and the strongly connected components of its alternating graph), over the
arrays of ``latin_arrays`` and on their trail, for ``latin_kernels.propagate``.
``match_filter`` is inlined by numba into its caller (``inline_kernel``, see ``latin_arrays``).

Must not import anything from futomip but ``futomip.compiled`` and ``latin_arrays``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel
from .latin_arrays import S_DIMS, S_GROUPS, W_HELD, W_MATCHED, W_OPEN, W_OPEN_MASKS, W_SLOT, W_STK_BIT, W_STK_POS, \
    W_STK_REST, bit_position, change, popcount

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
    The components come from bit-set reachability over the matched values (a -> b when b
    is in the domain of the cell that holds a, the alternating graph with each position
    named by its value): forward and backward closure from one value give its component,
    whose values are the only ones its cells keep.  ws[W_OPEN_MASKS] holds the open cells'
    domains by position while the components are found."""
    n = st[S_DIMS][0]
    groups = st[S_GROUPS]
    open_cells, matched, held, slot, masks = ws[W_OPEN], ws[W_MATCHED], ws[W_HELD], ws[W_SLOT], ws[W_OPEN_MASKS]
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
        masks[p] = dom[open_cells[p]]  # the domains as they are now (the changes below come after)
    # Components one by one, the first open position left out first: the values reached from
    # its matched value both ways form its component.  Reach goes over values (value a -> b
    # when b is in the domain of a's holder), in rounds of one pass over the positions with
    # selects only: no edge lists to build, and no branch on which values a domain holds.
    everyone = (1 << k) - 1
    unplaced = everyone
    while unplaced:
        first = matched[bit_position(unplaced & -unplaced)]
        ahead = behind = first
        while True:
            wider_ahead, wider_behind = ahead, behind
            for p in range(k):
                held_value, mask = matched[p], masks[p]
                wider_ahead |= mask if held_value & ahead else 0
                wider_behind |= held_value if mask & behind else 0
            if wider_ahead == ahead and wider_behind == behind:
                break
            ahead, behind = wider_ahead, wider_behind
        values = ahead & behind
        component = 0
        for p in range(k):
            component |= (1 if matched[p] & values else 0) << p
        unplaced &= ~component
        if component == everyone:
            return True, tops  # one component: every value is on an alternating cycle
        rest = component
        while rest:
            bit = rest & -rest
            rest ^= bit
            i = open_cells[bit_position(bit)]
            if dom[i] & ~values:
                tops = change(dom, i, dom[i] & values, st, ws, tops, False)
    return True, tops
