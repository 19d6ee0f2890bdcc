"""The Latin kernels' structure and workspaces as ``latin_core`` lays them out, with a pool of workspaces.

``layout(board)`` is a board's ``Layout``: the structure ``st`` of ``latin_arrays`` (lists),
the workspace's array sizes, the initial failure weights, and, made on first use, ``st`` as
numpy arrays and the ``template`` a fresh workspace starts from.  The groups' part is the same
for every puzzle of a kind and order and is kept per shape; a board without signs or Adjacent
pairs (Sudoku, completions) has no part of its own, so its whole ``Layout`` is the shape's.

A compiled core's structure is one numpy array (``Layout.packed``) and its workspace (the 22
arrays of ``ws`` and ``dom``) one numpy buffer, each starting with the bounds of its parts, as
``latin_packed_kernels`` reads them; ``ws``, ``dom`` and ``st`` are views into them.  ``acquire`` takes a free one of the layout's sizes from the pool, or makes one, and
``release`` gives it back when its core is done; two live cores never hold the same one.  A
short 9x9 search (median some 24 nodes on hard Sudoku) paid 45-60 µs cold for 23
``np.zeros`` out of some 450 (docs/notes/sudoku.md); a pooled workspace costs two copies.

Only the workspace's head needs a known start: the controls, the sign and group flags, the
matchings kept per group (a hint, but it orders the matching and so which constraint fails
first, which steers dom/wdeg), the preferred values and the failure weights.  Every other
array is written by the kernels before they read it (the trail and the levels below their
tops, the queues below their tops, the matching's scratch per call, the probe's union), so
it is left as the last core left it; ``tests/test_latin_layout.py`` runs searches on
workspaces filled with garbage and compares them with fresh interpreted ones.

Must not import anything from futomip but ``latin_arrays`` and ``latin_packed_kernels`` (its
constants).
"""

from __future__ import annotations

from itertools import accumulate, chain

from .latin_arrays import (CONTROLS, PAIR_APART, PAIR_LESS, PAIR_NEAR, W_CTL, W_FLAGS, W_HELD, W_PREFER,
                           W_WEIGHT)
from .latin_packed_kernels import ST_BOUNDS, WS_BOUNDS

__all__ = ["Layout", "layout", "structure_arrays", "acquire", "release", "HEAD", "QUEUE_ROUND", "POOL_KEEP",
           "POOL_MAX_WORDS"]

WORKSPACE_ARRAYS = 22
HEAD = (W_CTL, W_FLAGS, W_HELD, W_PREFER, W_WEIGHT)
"""The workspace arrays a fresh core must find as ``template`` has them; they come first in
the buffer, after its bounds, so one copy resets them."""
QUEUE_ROUND = 64
"""The queue and its flags (signs + 2 x groups long) are rounded up to a multiple of this, so
that 9x9 Futoshiki with different numbers of signs share pooled workspaces."""
POOL_KEEP = 8
"""Free workspaces kept per size (more live cores at once than this are rare: a search, a
hand-over, a dive)."""
POOL_MAX_WORDS = 2 ** 17
"""Workspaces larger than this (1 MB: orders above about 25, whose searches are long and whose
workspaces are megabytes) are not kept: they go back to the allocator with their core."""

_SHAPES: dict[tuple, list] = {}
"""The groups' part of the structure per tuple of groups: [groups, cell_groups, per_cell, for
boards without signs or Adjacent pairs the whole ``Layout`` or None, and groups + cell_groups as
one numpy array or None], the same for every puzzle of a kind and order."""
_POOLS: dict[tuple, list] = {}
"""Per tuple of sizes: [the free workspaces (``Layout.free``), the template without weights or
None]; 9x9 Futoshiki share one (see ``QUEUE_ROUND``)."""


class Layout:
    """A board's kernel structure (see the module text); the kernels only read it, so every
    core of the board (or of the shape, without signs) shares it."""

    __slots__ = ("st", "sizes", "weights", "shape", "packed", "arrays", "template", "free", "pool")

    def __init__(self, st, sizes, weights, shape) -> None:
        self.st, self.sizes, self.weights, self.shape = st, sizes, weights, shape
        self.packed = self.arrays = self.template = None
        key = tuple(sizes)
        self.pool = _POOLS.get(key)
        if self.pool is None:
            if len(_POOLS) >= 64:
                _POOLS.clear()
            self.pool = _POOLS[key] = [[], None]
        self.free = self.pool[0]


def _shape(board) -> list:
    key = tuple(board.groups)
    shape = _SHAPES.get(key)
    if shape is None:
        per_cell = max(map(len, board.cell_groups)) if board.cell_groups else 0
        shape = [[i for group in board.groups for i in group],
                 [g for members in board.cell_groups for g in members + [-1] * (per_cell - len(members))],
                 per_cell, None, None]
        if len(_SHAPES) >= 64:
            _SHAPES.clear()
        _SHAPES[key] = shape
    return shape


def layout(board) -> Layout:
    """``board``'s ``Layout``, kept on the board (built once per puzzle: the reduction's board
    may get several cores, the hand-over, the dive) or, without signs, on its shape."""
    kept = getattr(board, "_kernel_layout", None)
    if kept is not None:
        return kept
    shape = _shape(board)
    if not board.pairs and shape[3] is not None:
        # No signs (Sudoku, completions): the shape's layout, the same for every puzzle of the
        # kind and order (building it again cost 45-55 µs of a cold search).
        board._kernel_layout = shape[3]
        return shape[3]
    n, cells = board.n, board.n * board.n
    groups, cell_groups, per_cell = shape[:3]
    lengths = list(map(len, board.cell_less))
    items = list(chain.from_iterable(board.cell_less))
    kinds = [PAIR_LESS] * len(board.less) + [PAIR_NEAR] * len(board.near) + [PAIR_APART] * len(board.apart)
    st = (groups, cell_groups, [a for a, _ in board.pairs], [b for _, b in board.pairs], [0, *accumulate(lengths)],
          items, [n, len(board.groups), len(board.pairs), per_cell, cells], kinds)
    capacity = cells * n + 2
    queue = -(-(len(board.pairs) + 2 * len(board.groups)) // QUEUE_ROUND) * QUEUE_ROUND
    sizes = [queue, queue, cells, n, n, n, n, n, n, capacity, capacity, CONTROLS, cells,
             capacity, capacity, capacity, capacity, cells, cells, n * len(board.groups), n, n]
    kept = board._kernel_layout = Layout(st, sizes, [1 + length for length in lengths], shape)
    if not board.pairs:
        shape[3] = kept
    return kept


def structure_arrays(kept: Layout) -> tuple:
    """``st`` as views into ``kept.packed`` (its bounds, then the 8 arrays), made once per layout."""
    arrays = kept.arrays
    if arrays is None:
        import numpy as np

        shape, st = kept.shape, kept.st
        if shape[4] is None:
            shape[4] = np.array(st[0] + st[1], dtype=np.int64)
        bounds = list(accumulate(map(len, st), initial=ST_BOUNDS))
        # The groups' part copied from the shape's array: converting only the signs' lists
        # keeps a Futoshiki's first core as cheap as before the packing.
        packed = kept.packed = np.empty(bounds[-1], dtype=np.int64)
        packed[:ST_BOUNDS] = bounds
        packed[ST_BOUNDS:bounds[2]] = shape[4]
        packed[bounds[2]:] = list(chain.from_iterable(st[2:]))
        arrays = kept.arrays = tuple(packed[a:b] for a, b in zip(bounds, bounds[1:]))
    return arrays


def acquire(kept: Layout, masks) -> tuple:
    """A workspace no live core holds, for ``kept``'s sizes, as (head, ws, dom, free, buffer):
    its bounds and head reset from the template and ``dom`` holding ``masks``.  Give it back with
    ``release``."""
    try:
        workspace = kept.free.pop()
    except IndexError:
        workspace = _new_workspace(kept)
    template = kept.template
    if template is None:
        template = kept.template = _template(kept)
    workspace[0][:] = template
    workspace[2][:] = masks
    return workspace


def release(workspace: tuple) -> None:
    """Give ``workspace`` back to the pool (its core must not touch it again)."""
    free = workspace[3]
    if len(free) < POOL_KEEP and workspace[4].size <= POOL_MAX_WORDS:
        free.append(workspace)


def _bounds(kept: Layout) -> list[int]:
    """The starts of ws[0..21] and dom in the buffer, then their ends (``latin_packed_kernels``):
    the bounds, the head arrays, the others, dom."""
    sizes = kept.sizes + [kept.st[6][4]]
    starts = [0] * (WORKSPACE_ARRAYS + 1)
    start = WS_BOUNDS
    for k in list(HEAD) + [k for k in range(WORKSPACE_ARRAYS + 1) if k not in HEAD]:
        starts[k] = start
        start += sizes[k]
    return starts + [a + size for a, size in zip(starts, sizes)]


def _new_workspace(kept: Layout) -> tuple:
    import numpy as np

    bounds = _bounds(kept)
    buffer = np.zeros(max(bounds), dtype=np.int64)
    views = tuple(buffer[bounds[k]:bounds[k + WORKSPACE_ARRAYS + 1]] for k in range(WORKSPACE_ARRAYS + 1))
    head = buffer[:WS_BOUNDS + sum(kept.sizes[k] for k in HEAD)]
    return head, views[:-1], views[-1], kept.free, buffer


def _template(kept: Layout):
    """The bounds and head of a fresh workspace: zeros but the failure weights (the part without
    weights made once per size and copied)."""
    import numpy as np

    pool = kept.pool
    bounds = _bounds(kept)
    if pool[1] is None:
        pool[1] = np.array(bounds + [0] * (sum(kept.sizes[k] for k in HEAD)), dtype=np.int64)
    template = pool[1].copy()
    template[bounds[W_WEIGHT]:bounds[W_WEIGHT + WORKSPACE_ARRAYS + 1]] = kept.weights
    return template
