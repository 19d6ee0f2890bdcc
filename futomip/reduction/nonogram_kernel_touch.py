"""The compiled learning search's entry points called once, on a small nonogram of its own: what
makes numba load their machine code before the search that needs them.

The nonogram split's learning search runs in Python first and hands over to the compiled one
(``nonogram_cdcl.CompiledLearner.take_over``) once it has run ``SEARCH_KERNEL_AFTER`` seconds.
Loading the kernels then (numba's import, the first call's code generator, each entry point's
cached machine code: 0.2-0.6 s, 0.2 s with a warm cache on an idle machine) holds the command
up; beside a solver on the other core (the whole model, or Kissat in the ``sat`` method's race)
that is as long a time in which the solver's answer cannot be read.  So ``nonogram_split`` has a thread load them
(``futomip.compiled.compiled_without_waiting``) and calls this there: the same hand-over as
the search makes it (a Python ``Learner`` stopped at its first leaf, ``take_over`` with that
leaf's blocking clause and a root with fixed cells, then the compiled search to its next
leaf), so that every entry point the compiled search calls is called once, with the same
argument types as on any puzzle.

Must not import anything from futomip outside ``futomip.reduction``, ``futomip.puzzles`` and
``futomip.compiled``.
"""

from __future__ import annotations

from ..puzzles.nonogram import Nonogram, from_grid

__all__ = ["sample_puzzle", "call_every_entry_point"]


def sample_puzzle() -> Nonogram:
    """An 8x8 nonogram with several solutions: a black first row (which line solving fixes, so
    the compiled search starts from fixed cells) above a permutation matrix (one black cell a
    row, which leaves the rest open)."""
    n = 8
    grid = [[1] * n] + [[int(c == (3 * r) % n) for c in range(n)] for r in range(1, n)]
    return from_grid(grid, "kernel-touch")


def call_every_entry_point(puzzle: Nonogram) -> None:
    """The hand-over on ``puzzle`` (see the module text): the Python search to its first leaf,
    then the compiled search, taking over, to its next leaf or its end."""
    # Imported here: numpy, and numba with the compiled search.
    from .nonogram_cdcl import CompiledLearner
    from .nonogram_compiled import reduce
    from .nonogram_learning import Learner

    learner = Learner(puzzle, reduce(puzzle, "lines"), hand_over=lambda since: True)
    for _ in learner.leaves():
        pass
    compiled = CompiledLearner.take_over(learner)
    for leaf in compiled.leaves():
        if leaf is not None:
            break
