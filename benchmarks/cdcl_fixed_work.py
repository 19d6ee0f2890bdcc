"""Seconds the compiled learning search takes for a fixed number of decisions (no MILP).

    python benchmarks/cdcl_fixed_work.py 40000 '$587,$1000,gen/h205.non'

For each named TAAI 2011 puzzle (``--corpus``, default ``../shared/corpus``) or puzzle file
(a name with a ``/``): probing at the root, then ``CompiledLearner`` until it has made the
given number of decisions (each leaf turned into ``NonogramDomains``, as the split does),
timed; a first short run loads or compiles the kernels.  Two versions of the search that
make the same moves do the same work here, so their times compare directly; the counts it
prints show whether they did (slices may end a few hundred decisions apart: compare the
time a decision).  ``cdcl_rates.py`` counts what each version does in a fixed time
instead, which favours neither when the searches differ but mixes the rate with how far
the search got (leaf-heavy puzzles slow down as blocking clauses pile up).  Run it
alternately from two checkouts (the same venv, the same ``FUTOMIP_KERNEL_CACHE``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from cdcl_rates import arguments, puzzles_and_roots  # noqa: E402

from futomip.reduction import nonogram_cdcl_kernels as k  # noqa: E402
from futomip.reduction.nonogram_cdcl import CompiledLearner  # noqa: E402


def run(puzzle, root, decisions: int, split: list[float] | None = None,
        keep: list | None = None) -> tuple[float, CompiledLearner]:
    """Seconds for ``decisions`` decisions (or the whole search), and the learner; ``split``
    (``[0.0, 0.0]``), if given, gets the seconds in the kernels and those turning leaves
    into domains added (``cdcl_leaf_split.py``); ``keep``, if given, gets every leaf
    (``cdcl_leaf_milp.py``)."""
    learner = CompiledLearner(puzzle, root, int(0.1 * puzzle.height * puzzle.width), None)
    began = time.perf_counter()
    while learner.decisions < decisions:
        if split is not None:
            split[0] -= time.perf_counter()
        outcome = learner._slice()
        if split is not None:
            split[0] += time.perf_counter()
        if outcome == k.GROW:
            learner._grow()
        elif outcome == k.FINISHED:
            break
        elif outcome == k.LEAF:
            if split is not None:
                split[1] -= time.perf_counter()
            leaf = learner._leaf()
            if keep is not None:
                keep.append(leaf)
            if split is not None:
                split[1] += time.perf_counter()
    return time.perf_counter() - began, learner


def main() -> None:
    args = arguments(__doc__, "decisions", int)
    for name, puzzle, root in puzzles_and_roots(args.names, args.corpus):
        run(puzzle, root, 200)
        took, learner = run(puzzle, root, args.decisions)
        print(f"{name}: {took:.3f}s for {learner.decisions} decisions {learner.conflicts} conflicts "
              f"{learner.leaves_found} leaves", flush=True)


if __name__ == "__main__":
    main()
