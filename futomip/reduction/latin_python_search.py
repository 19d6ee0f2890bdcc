"""The Latin split search on Python integers: the first search of a short puzzle, and the only one
for orders the kernels do not take.

The same search as the kernels of ``latin_search_kernels`` (``latin_split`` gives the plan:
branch on the open cell with the fewest values per weight, its smallest value first, the
"lines" fixpoint after each change), written on Python lists with ``Board.propagate`` so that
a puzzle settled in a few milliseconds never loads numba.  It has no trail: each node keeps
its own list of masks, and the second child gets a copy made when the node branches.  It does
not restart.  ``python_leaves`` is a generator over the leaves of one ``latin_split.Split``
whose counters it keeps (``nodes``, ``pruned``, ``depth``, ``finished``); after ``budget``
seconds of work it yields ``HANDOVER``, so that the compiled search can take over, and goes on
if asked for more, yielding ``HANDOVER`` again after each further ``budget`` seconds (the
kernels may become ready later: right after installing, the background warm-up compiles them
while this search runs).

Must not import anything from futomip but ``latin``.
"""

from __future__ import annotations

import time
from typing import Iterator

from .latin import LatinDomains

__all__ = ["HANDOVER", "PROGRESS_EVERY", "python_leaves"]

HANDOVER = object()
"""What ``python_leaves`` yields when its budget of work is spent."""

PROGRESS_EVERY = 1.0
"""Seconds between two progress lines of a search."""


def python_leaves(split, board, budget: float | None = None) -> Iterator[LatinDomains | None]:
    """The leaves of ``split``'s search on Python integers (None when its pause is due,
    ``HANDOVER`` after every ``budget`` seconds of work); ``board`` is the puzzle's ``Board``."""
    n = split.root.size
    worked, resumed = 0.0, time.perf_counter()
    hand_over_at = budget
    weight = [1 + len(pairs) for pairs in board.cell_less]
    shown = time.perf_counter()
    # Each entry is (domains, depth, change) with change (cell, mask to keep) or None;
    # a child is propagated when popped, so the second child costs nothing until the
    # first child's subtree is done.
    stack: list[tuple[list[int], int, tuple[int, int] | None]] = [(list(split.root.masks), 0, None)]
    while stack:
        dom, depth, change = stack.pop()
        if change is not None:
            if split.stop_at is not None and time.perf_counter() >= split.stop_at:
                return
            if hand_over_at is not None and worked + time.perf_counter() - resumed >= hand_over_at:
                worked += time.perf_counter() - resumed
                hand_over_at = worked + budget
                yield HANDOVER
                resumed = time.perf_counter()
            if split._pause():
                worked += time.perf_counter() - resumed
                yield None
                resumed = time.perf_counter()
            cell, keep = change
            dom[cell] &= keep
            if not board.propagate(dom, (cell,)):
                split.pruned += 1
                for i in board.failed:
                    weight[i] += 1
                continue
        split.nodes += 1
        split.depth = max(split.depth, depth)
        open_cells = [i for i, mask in enumerate(dom) if mask & (mask - 1)]
        if split.progress is not None and time.perf_counter() - shown >= PROGRESS_EVERY:
            shown = time.perf_counter()
            split.progress(f"search: {split.nodes} nodes, depth {depth}, {split.leaves} sub-puzzles, "
                           f"{len(open_cells)} cells open here")
        if len(open_cells) <= split.limit:
            worked += time.perf_counter() - resumed
            yield LatinDomains(n, tuple(dom))
            resumed = time.perf_counter()
            continue
        cell = min(open_cells, key=lambda i: dom[i].bit_count() / weight[i])
        value = dom[cell] & -dom[cell]
        stack.append((dom.copy(), depth + 1, (cell, ~value)))
        stack.append((dom, depth + 1, (cell, value)))
    split.finished = True
