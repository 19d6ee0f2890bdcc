"""The Latin kernels' arrays: their layout, the bit primitives, and the trail with its queue.

The kernels of ``latin_kernels`` (the fixpoint), ``latin_match_kernels`` (all-different by
matching) and ``latin_search_kernels`` (search and probing) work on flat integer arrays
(numpy ``int64`` when compiled, Python lists when interpreted):

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

``change``, called for every change of a mask, is inlined by numba into its callers
(``inline_kernel``): a call that stays a call passes both tuples as some 220 machine words on
the stack, which was most of a fixpoint's time (docs/notes/latin30.md).

Must not import anything from futomip but ``futomip.compiled``.
"""

from __future__ import annotations

from ..compiled import inline_kernel, kernel

MAX_SIZE = 62
"""Largest order the kernels take: masks and the matching's reach sets are 64-bit integers."""

S_GROUPS, S_CELL_GROUPS, S_LESS_A, S_LESS_B, S_CL_START, S_CL_ITEMS, S_DIMS, S_PAIR_KIND = range(8)
PAIR_LESS, PAIR_NEAR, PAIR_APART = range(3)
(W_QUEUE, W_FLAGS, W_TOUCH, W_OPEN, W_MATCHED, W_OPEN_MASKS, W_STK_POS, W_STK_REST, W_STK_BIT,
 W_TRAIL_CELL, W_TRAIL_OLD, W_CTL, W_WEIGHT, W_LEV_CELL, W_LEV_BIT, W_LEV_PHASE, W_LEV_MARK,
 W_UNION, W_PREFER, W_HELD, W_SLOT, W_GROUP_MASKS) = range(22)
"""W_OPEN_MASKS: the matching filter's copy of its open cells' domains; W_GROUP_MASKS: the
singles' copy of a group's masks."""
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


@inline_kernel(refcounts=False)
def assign(dom, ws, i, mask):
    """dom[i] = mask, remembered on the trail (inlined: ``change`` runs it for every change)."""
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
def change(dom, i, mask, st, ws, tops, touched):
    """dom[i] = mask on the trail (when it changes), and the signs and the groups (their
    singles and their matching) of cell i queued; tops = (signs, singles, matchings).
    A group's singles are queued only when the cell is fixed (or empty) or ``touched``
    (changed from outside): a cell that keeps two values or more gives the singles rule
    nothing new, and this cut the singles runs per fixpoint about fourfold.

    Inlined into its callers by numba (see the module text), and ``assign`` into it."""
    if mask != dom[i]:
        assign(dom, ws, i, mask)
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
