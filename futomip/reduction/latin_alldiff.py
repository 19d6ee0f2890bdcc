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
v lie in one strongly connected component (Tarjan).  With a perfect matching there are no
free values, so no alternating paths from free vertices need to be followed.

Only the standard library is used; the masks are Python integers, so n is unbounded.
"""

from __future__ import annotations

__all__ = ["filter_group"]


def _matching(cells: list[int], dom: list[int]) -> dict[int, int] | None:
    """A perfect matching value bit -> cell over ``cells``, or None when there is none."""
    owner: dict[int, int] = {}

    def augment(cell: int, seen: set[int]) -> bool:
        rest = dom[cell]
        while rest:
            bit = rest & -rest
            rest ^= bit
            if bit in seen:
                continue
            seen.add(bit)
            holder = owner.get(bit)
            if holder is None or augment(holder, seen):
                owner[bit] = cell
                return True
        return False

    # Cells with the fewest values first: most of them are matched greedily.
    for cell in sorted(cells, key=lambda i: bin(dom[i]).count("1")):
        rest = dom[cell]
        while rest:
            bit = rest & -rest
            if bit not in owner:
                owner[bit] = cell
                break
            rest ^= bit
        else:
            if not augment(cell, set()):
                return None
    return owner


def _components(cells: list[int], successors: dict[int, list[int]]) -> dict[int, int]:
    """Tarjan's strongly connected components, iteratively: cell -> component number."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    labels = 0
    for root in cells:
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, position = work[-1]
            nexts = successors[node]
            if position < len(nexts):
                work[-1] = (node, position + 1)
                nxt = nexts[position]
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack and index[nxt] < low[node]:
                    low[node] = index[nxt]
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = labels
                    if member == node:
                        break
                labels += 1
    return component


def filter_group(dom: list[int], group: tuple[int, ...]) -> list[int] | None:
    """Make one group's domains all-different consistent, in place.

    ``dom`` holds every cell's mask, ``group`` the cell indices of the group (as many as
    there are values).  Returns the cells whose domain
    shrank, or None when the group cannot be completed (then ``dom`` is partly filtered).
    """
    changed: set[int] = set()
    taken = 0
    open_cells = list(group)
    while True:
        # Naked singles: a fixed cell's value leaves every other cell of the group.
        fixed = [i for i in open_cells if dom[i] & (dom[i] - 1) == 0]
        if not fixed:
            break
        for i in fixed:
            if dom[i] == 0 or dom[i] & taken:
                return None
            taken |= dom[i]
        open_cells = [i for i in open_cells if dom[i] & (dom[i] - 1)]
        for i in open_cells:
            if dom[i] & taken:
                dom[i] &= ~taken
                changed.add(i)
    if not open_cells:
        return sorted(changed)
    owner = _matching(open_cells, dom)
    if owner is None:
        return None
    matched = {cell: bit for bit, cell in owner.items()}
    successors: dict[int, list[int]] = {}
    for i in open_cells:
        rest = dom[i] & ~matched[i]
        nexts = []
        while rest:
            bit = rest & -rest
            rest ^= bit
            nexts.append(owner[bit])
        successors[i] = nexts
    component = _components(open_cells, successors)
    for i in open_cells:
        keep = matched[i]
        label = component[i]
        rest = dom[i] & ~keep
        while rest:
            bit = rest & -rest
            rest ^= bit
            if component[owner[bit]] == label:
                keep |= bit
        if keep != dom[i]:
            dom[i] = keep
            changed.add(i)
    return sorted(changed)
