"""The "lines" fixpoint of the Latin family as kernels: sign bounds and all-different by matching.

The same rules as ``latin.Board.propagate`` and ``latin_alldiff`` (whose docstrings give
the mathematics), written over flat integer arrays so that ``futomip.compiled`` can hand
them to numba, and recording every change on a trail so that a search can undo it.  The
greatest common fixpoint of monotone rules does not depend on the order they run in, so
these kernels reach exactly the masks ``Board.propagate`` reaches.

Arrays (all of integers; numpy ``int64`` when compiled, Python lists when interpreted):

    dom    cell masks, bit v-1 set iff value v is still possible (n <= MAX_SIZE)
    st     the structure, a tuple: groups (G*n cell indices, a group's n cells in a row),
           cell_groups (cells*gpc group indices, -1 pads), less_a and less_b (the P signs
           value(less_a[p]) < value(less_b[p])), cl_start/cl_items (the signs of each cell,
           compressed rows), dims = [n, G, P, gpc, cells], pair_kind (per pair: 0 a sign
           a < b, 1 an Adjacent mark |a - b| = 1, 2 an unmarked Adjacent pair |a - b| != 1;
           the rules of ``latin.Board.propagate``)
    ws     the workspace, a tuple of arrays indexed by the W_ constants below; ctl holds the
           scalars (trail length, failed constraint, search state) indexed by the C_ constants

A failed constraint is named by an id: g < G for group g, G + p for sign p.

Must not import anything from futomip but ``futomip.compiled``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel

MAX_SIZE = 62
"""Largest order the kernels take: masks and the matching's reach sets are 64-bit integers."""

S_GROUPS, S_CELL_GROUPS, S_LESS_A, S_LESS_B, S_CL_START, S_CL_ITEMS, S_DIMS, S_PAIR_KIND = range(8)
PAIR_LESS, PAIR_NEAR, PAIR_APART = range(3)
(W_QUEUE, W_FLAGS, W_TOUCH, W_OPEN, W_MATCHED, W_REACH, W_STK_POS, W_STK_REST, W_STK_BIT,
 W_TRAIL_CELL, W_TRAIL_OLD, W_CTL, W_WEIGHT, W_LEV_CELL, W_LEV_BIT, W_LEV_PHASE, W_LEV_MARK,
 W_UNION, W_PREFER, W_HELD, W_SLOT, W_VALUE_POS, W_BACK) = range(23)
(C_TRAIL, C_FAILED, C_LEVEL, C_MODE, C_NODES, C_PRUNED, C_DEPTH, C_RNG, C_NOISE, C_VALUE_ORDER,
 C_LIMIT, C_RUN_FAILS, C_FAIL_LIMIT, C_PROBES) = range(14)
CONTROLS = 16


@kernel(refcounts=False)
def popcount(x):
    """The set bits of a mask below 2**63, in constant time (a loop over the bits cost the
    branching scan of an order-25 search a third of its time)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@kernel(refcounts=False)
def bit_index(bit):
    """The index of the highest set bit of ``bit`` (0 for 1)."""
    index = 0
    for shift in (32, 16, 8, 4, 2, 1):
        if bit >> shift:
            bit >>= shift
            index += shift
    return index


@kernel(refcounts=False)
def bit_position(bit):
    """The index of the one set bit of ``bit``, in constant time (``bit_index`` branches)."""
    return popcount(bit - 1)


@kernel(refcounts=False)
def assign(dom, ws, i, mask):
    """dom[i] = mask, remembered on the trail."""
    ctl = ws[W_CTL]
    top = ctl[C_TRAIL]
    ws[W_TRAIL_CELL][top] = i
    ws[W_TRAIL_OLD][top] = dom[i]
    ctl[C_TRAIL] = top + 1
    dom[i] = mask


@kernel(refcounts=False)
def undo(dom, ws, mark):
    """Restore every mask changed since the trail was ``mark`` long."""
    ctl = ws[W_CTL]
    cells, olds = ws[W_TRAIL_CELL], ws[W_TRAIL_OLD]
    top = ctl[C_TRAIL]
    while top > mark:
        top -= 1
        dom[cells[top]] = olds[top]
    ctl[C_TRAIL] = mark


@inline_kernel(refcounts=False)
def _change(dom, i, mask, st, ws, tops, touched):
    """dom[i] = mask on the trail (when it changes), and the signs and the groups (their
    singles and their matching) of cell i queued; tops = (signs, singles, matchings).
    A group's singles are queued only when the cell is fixed (or empty) or ``touched``
    (changed from outside): a cell that keeps two values or more gives the singles rule
    nothing new, and this cut the singles runs per fixpoint about fourfold.

    One function for both, written out rather than calling ``assign``: numba does not inline
    calls that pass the array tuples, and this runs for every change (1.4x on probing)."""
    if mask != dom[i]:
        ctl = ws[W_CTL]
        top = ctl[C_TRAIL]
        ws[W_TRAIL_CELL][top] = i
        ws[W_TRAIL_OLD][top] = dom[i]
        ctl[C_TRAIL] = top + 1
        dom[i] = mask
    dims = st[S_DIMS]
    groups_count, pairs, gpc = dims[1], dims[2], dims[3]
    cell_groups, cl_start, cl_items = st[S_CELL_GROUPS], st[S_CL_START], st[S_CL_ITEMS]
    queue, flags = ws[W_QUEUE], ws[W_FLAGS]
    top_pairs, top_singles, top_matches = tops
    for k in range(gpc):
        g = cell_groups[i * gpc + k]
        if g < 0:
            continue
        if (touched or not mask & (mask - 1)) and not flags[pairs + g]:
            flags[pairs + g] = 1
            queue[pairs + top_singles] = g
            top_singles += 1
        if not flags[pairs + groups_count + g]:
            flags[pairs + groups_count + g] = 1
            queue[pairs + groups_count + top_matches] = g
            top_matches += 1
    for k in range(cl_start[i], cl_start[i + 1]):
        p = cl_items[k]
        if not flags[p]:
            flags[p] = 1
            queue[top_pairs] = p
            top_pairs += 1
    return top_pairs, top_singles, top_matches


@inline_kernel(refcounts=False)
def _singles(dom, st, ws, g, tops):
    """Naked singles in group g: a fixed cell's value leaves the others, until no new cell is
    fixed.  Returns (ok, tops) with the shrunk cells queued."""
    n = st[S_DIMS][0]
    groups = st[S_GROUPS]
    taken = 0
    counted = 0  # positions in the group whose value is in taken
    while True:
        fixed_now = False
        for j in range(n):
            if counted >> j & 1:
                continue
            mask = dom[groups[g * n + j]]
            if mask & (mask - 1):
                continue
            if mask == 0 or mask & taken:
                return False, tops
            taken |= mask
            counted |= 1 << j
            fixed_now = True
        if not fixed_now:
            return True, tops
        for j in range(n):
            i = groups[g * n + j]
            if not counted >> j & 1 and dom[i] & taken:
                tops = _change(dom, i, dom[i] & ~taken, st, ws, tops, False)


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
def _match_filter(dom, st, ws, g, tops):
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
                tops = _change(dom, i, dom[i] & values, st, ws, tops, False)
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
        tops = _change(dom, touch[k], dom[touch[k]], st, ws, tops, True)
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
                tops = _change(dom, a, new_a, st, ws, tops, False)
            if new_b != db:
                tops = _change(dom, b, new_b, st, ws, tops, False)
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
            ok, tops = _match_filter(dom, st, ws, g, (top_pairs, top_singles, top_matches - 1))
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
