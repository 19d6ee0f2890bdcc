"""All-different filtering by matching (Régin): the values no permutation of a group can use.

A group is a row, a column or a Sudoku box: n cells that hold 1..n each exactly once.
Domains are bit masks (bit v-1 set iff value v is still possible).  The filter keeps a
value v in a cell's domain iff some assignment of the whole group that respects every
domain gives the cell v; that is generalised arc consistency of all-different, and it
removes exactly what no solution of the group alone uses, so nothing a solution of the
puzzle uses is ever removed.

How.  Fixed cells (one value left) first remove their value from the others (naked
singles), which may fix more.  The open cells and the values nobody holds yet then form
a bipartite graph with as many values as cells (the group is a permutation), and the
group can be completed iff it has a perfect matching M (found by augmenting paths, Kuhn).
Berge's theorem: an edge (cell j, value v) lies in some perfect matching iff it is in M or
on an M-alternating cycle.  Contract each value into the cell M matches it with: cell j
points to cell j' when j' is matched to a value in j's domain.  An alternating cycle is
then a directed cycle, so (j, v) survives iff M matches v to j or j and the cell matched to
v lie in one strongly connected component: each reaches the other.  Reachability is the
transitive closure of the cell graph by Warshall's algorithm on bit masks (k^2 integer
operations for k open cells, cheaper in Python than Tarjan's search at these sizes).
With a perfect matching there are no free values, so no alternating paths from free
vertices need to be followed.

Only the standard library is used; the masks are Python integers, so n is unbounded.
"""

from __future__ import annotations

__all__ = ["filter_group", "singles"]


def _matching(cells: list[int], dom: list[int]) -> dict[int, int] | None:
    """A perfect matching value bit -> position in ``cells``, or None when there is none."""
    owner: dict[int, int] = {}

    def augment(p: int, seen: set[int]) -> bool:
        rest = dom[cells[p]]
        while rest:
            bit = rest & -rest
            rest ^= bit
            if bit in seen:
                continue
            seen.add(bit)
            holder = owner.get(bit)
            if holder is None or augment(holder, seen):
                owner[bit] = p
                return True
        return False

    for p, cell in enumerate(cells):
        rest = dom[cell]
        while rest:
            bit = rest & -rest
            if bit not in owner:
                owner[bit] = p
                break
            rest ^= bit
        else:
            if not augment(p, set()):
                return None
    return owner


def singles(dom: list[int], group: tuple[int, ...]) -> tuple[list[int], list[int]] | None:
    """Naked singles in one group, in place: a fixed cell's value leaves the others, until
    no new cell is fixed.  Returns (cells that shrank, cells still open), or None when two
    cells are fixed to one value or a domain empties."""
    changed: list[int] = []
    taken = 0
    open_cells = list(group)
    while True:
        rest = []
        fixed_now = False
        for i in open_cells:
            mask = dom[i]
            if mask & (mask - 1):
                rest.append(i)
            elif mask == 0 or mask & taken:
                return None
            else:
                taken |= mask
                fixed_now = True
        open_cells = rest
        if not fixed_now:
            return changed, open_cells
        for i in open_cells:
            if dom[i] & taken:
                dom[i] &= ~taken
                changed.append(i)


def filter_group(dom: list[int], group: tuple[int, ...], singles_done: bool = False) -> list[int] | None:
    """Make one group's domains all-different consistent, in place.

    ``dom`` holds every cell's mask, ``group`` the cell indices of the group (as many as
    there are values); ``singles_done`` says that ``singles`` has just run on the group (so
    no open cell holds a fixed cell's value and no two fixed cells share one).  Returns the
    cells whose domain shrank, or None when the group cannot be completed (then ``dom`` is
    partly filtered).
    """
    if singles_done:
        changed: list[int] = []
        open_cells = [i for i in group if dom[i] & (dom[i] - 1)]
    else:
        outcome = singles(dom, group)
        if outcome is None:
            return None
        changed, open_cells = outcome
    if not open_cells:
        return changed
    union = 0
    for i in open_cells:
        union |= dom[i]
    if union.bit_count() < len(open_cells):
        return None  # fewer values than cells: no matching (pigeonhole)
    owner = _matching(open_cells, dom)
    if owner is None:
        return None
    k = len(open_cells)
    matched = [0] * k
    for bit, p in owner.items():
        matched[p] = bit
    # reach[p]: positions reachable from p; p -> q when q's matched value is in p's domain.
    reach = [0] * k
    for p in range(k):
        rest = dom[open_cells[p]] & ~matched[p]
        mask = 0
        while rest:
            bit = rest & -rest
            rest ^= bit
            mask |= 1 << owner[bit]
        reach[p] = mask
    for q in range(k):
        bit_q, reach_q = 1 << q, reach[q]
        for p in range(k):
            if reach[p] & bit_q:
                reach[p] |= reach_q
    for p in range(k):
        i = open_cells[p]
        keep = matched[p]
        rest = dom[i] & ~keep
        while rest:
            bit = rest & -rest
            rest ^= bit
            q = owner[bit]
            if reach[p] >> q & 1 and reach[q] >> p & 1:
                keep |= bit
        if keep != dom[i]:
            dom[i] = keep
            changed.append(i)
    return changed
