"""Where a leaf's time goes in the compiled learning search: kernels against Python.

    python benchmarks/cdcl_leaf_split.py 120000 '$1000,$950,$700'

For each named TAAI 2011 puzzle (``--corpus``) or puzzle file: probing at the root, then
``CompiledLearner`` for the given number of decisions (``cdcl_fixed_work.run``),
timing apart the calls into the kernels (``_slice``: decisions, propagation, analysis, the
decision scan over blocking clauses) and the Python that turns each leaf into
``NonogramDomains`` (``_leaf``).  A first short run loads or compiles the kernels.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from cdcl_fixed_work import run  # noqa: E402
from cdcl_rates import arguments, puzzles_and_roots  # noqa: E402


def main() -> None:
    args = arguments(__doc__, "decisions", int)
    for name, puzzle, root in puzzles_and_roots(args.names, args.corpus):
        run(puzzle, root, 200)
        times = [0.0, 0.0]
        _, learner = run(puzzle, root, args.decisions, times)
        in_kernels, in_leaves = times
        leaves = max(1, learner.leaves_found)
        print(f"{name}: kernels {in_kernels:.3f}s, leaves to domains {in_leaves:.3f}s "
              f"({in_leaves / (in_kernels + in_leaves):.0%}); {learner.decisions} decisions "
              f"{learner.conflicts} conflicts {learner.leaves_found} leaves; a leaf: "
              f"{in_kernels / leaves * 1e6:.0f} us in kernels, {in_leaves / leaves * 1e6:.0f} us in Python", flush=True)


if __name__ == "__main__":
    main()
