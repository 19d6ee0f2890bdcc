"""What a leaf of the compiled learning search costs once the split hands it on: its MILP.

    python benchmarks/cdcl_leaf_milp.py 20000 '$1000,$950,$700,$550'

For each named TAAI 2011 puzzle (``--corpus``) or puzzle file (a name with a ``/``): probing
at the root, then ``CompiledLearner`` for the given number of decisions, keeping every leaf
(``NonogramDomains``); then ``SAMPLE`` leaves evenly spread over them are built and solved
as the pipeline does (``ModelRun`` on the leaf's domains, highspy/highs, the default
encoding; ``futomip.pipeline.finder.SolutionFinder.step`` turns every leaf into one).  Prints
the leaves' open cells, how many sampled leaves hold a solution, and the build-and-solve
times, to set beside the microseconds the search spends on a leaf (``cdcl_leaf_split.py``).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from cdcl_fixed_work import run  # noqa: E402
from cdcl_rates import arguments, puzzles_and_roots  # noqa: E402

from futomip.options import Options  # noqa: E402
from futomip.pipeline.finder import default_encoding  # noqa: E402
from futomip.pipeline.model_run import ModelRun  # noqa: E402
from futomip.solvers import check  # noqa: E402


SAMPLE = 40


def main() -> None:
    args = arguments(__doc__, "decisions", int)
    pair, options = check("highspy", "highs"), Options(backend="highspy", solver="highs")
    for name, puzzle, root in puzzles_and_roots(args.names, args.corpus):
        leaves: list = []
        run(puzzle, root, args.decisions, keep=leaves)
        opened = [leaf.unknown for leaf in leaves] or [0]
        outcomes: dict = {}
        seconds = []
        for leaf in leaves[::max(1, len(leaves) // SAMPLE)][:SAMPLE]:
            began = time.perf_counter()
            model = ModelRun(puzzle, pair, default_encoding(puzzle, "highs"), options, leaf,
                             {"build": 0.0, "solve": 0.0})
            outcome = model.solve(None)
            model.close()
            seconds.append(time.perf_counter() - began)
            outcomes[outcome.status] = outcomes.get(outcome.status, 0) + 1
        print(f"{name}: {len(leaves)} leaves, open cells median {statistics.median(opened)}; MILP on {len(seconds)} "
              f"sampled leaves: {outcomes}, build+solve median {statistics.median(seconds or [0]) * 1e3:.1f} ms, "
              f"max {max(seconds or [0]) * 1e3:.1f} ms", flush=True)


if __name__ == "__main__":
    main()
