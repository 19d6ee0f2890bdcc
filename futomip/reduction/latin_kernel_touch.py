"""Every compiled entry point of the Latin kernels called once: what makes numba load (or compile)
their machine code.

numba compiles, or loads from its on-disk cache, a kernel for the argument types of its first
call.  Two callers want that done ahead of the search that needs the kernels: the background
warm-up after installing (``futomip.pipeline.kernel_warmup``, which compiles) and a search that
has run long enough in Python to want its kernels (``latin_split``: loading them takes some
0.3-0.5 s, which a thread does while the Python search goes on, so that the command keeps
reading the whole-model worker's pipe).  The calls go through ``latin_core.Core`` and
``latin_cdcl.CdclCore`` exactly as the searches make them: probing, the LP dive's fixings
(``restrict``), the search, restarts, and the learning search to its first model and one step
beyond; each entry point is then called with the same argument types as on any board.

Must not import anything from futomip outside ``futomip.reduction`` and ``futomip.compiled``.
"""

from __future__ import annotations

from .latin import Board

__all__ = ["sample_board", "call_every_entry_point"]


def sample_board() -> Board:
    """A 9x9 Sudoku's board with every third value of a valid grid given: feasible, with open
    cells, boxes as a third kind of group, and built without the puzzle classes."""
    n = 9
    grid = [(3 * (r % 3) + r // 3 + c) % n + 1 for r in range(n) for c in range(n)]
    givens = [value if cell % 3 == 1 else 0 for cell, value in enumerate(grid)]
    groups = [tuple(r * n + c for c in range(n)) for r in range(n)]
    groups += [tuple(r * n + c for r in range(n)) for c in range(n)]
    groups += [tuple((3 * (b // 3) + r) * n + 3 * (b % 3) + c for r in range(3) for c in range(3)) for b in range(n)]
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)] + [f"box {b + 1}" for b in range(n)]
    return Board(n, givens, groups, [], names)


def call_every_entry_point(board: Board) -> None:
    """Each compiled entry point of the Latin kernels called once on ``board`` (feasible, with
    an open cell 0 after propagation, as ``sample_board``'s)."""
    # Imported here: the CNF's arrays are numpy's, and numba with the cores.
    from . import latin_cdcl, latin_core
    from .latin_search_kernels import DONE, LEAF

    core = latin_core.Core(board, board.initial(), "compiled")
    core.propagate(range(len(board.givens)))
    core.probe_cell(0)
    mark = core.trail()
    core.restrict([(0, core.masks()[0])])  # the LP dive's fixings
    core.undo(mark)
    core.search(1)
    core.restart()
    core.undo(0)
    learning = latin_cdcl.CdclCore(board, board.initial(), "compiled")
    learning.prefer([mask & -mask for mask in board.initial()])
    while learning.search(100) not in (LEAF, DONE):
        pass
    learning.search(1)  # a step that blocks the model found
