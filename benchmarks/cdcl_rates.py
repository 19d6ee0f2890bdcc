"""Decisions, conflicts and leaves a second of the compiled learning search alone (no MILP).

    python benchmarks/cdcl_rates.py 2 '$1000,$950,$550,$700,$587'
    python benchmarks/cdcl_rates.py 2 '$1000,$950' --share 0.1      # the leaves of 10% measured before 27 Nov

For each named TAAI 2011 puzzle (``--corpus``, default ``../shared/corpus``), or puzzle file
(a name with a ``/``: ``futomip generate 25 --kind nonogram --difficulty search -o ...``
makes some): probing at the root, then ``CompiledLearner`` for the given seconds, its leaves consumed and dropped (each
leaf still built as the split gets it).  Leaves stop at ``--share`` of the cells open: by default
the split's (``LEARNING_LEAF_SHARE``, 0: whole grids).  A short first search loads or compiles the
kernels before any timing.  Run it alternately from two checkouts (the same venv, the same
``FUTOMIP_KERNEL_CACHE``) to compare versions interleaved.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from futomip import io  # noqa: E402
from futomip.io import nonogram_taai  # noqa: E402
from futomip.reduction import nonogram_compiled, reduce  # noqa: E402
from futomip.reduction.nonogram_cdcl import CompiledLearner  # noqa: E402
from futomip.reduction.nonogram_split import LEARNING_LEAF_SHARE  # noqa: E402

TAAI = "nonogram-taai-tournament/question/taai2011.txt"


def arguments(doc: str, amount: str, kind: type) -> argparse.Namespace:
    """The command line shared with ``cdcl_fixed_work.py``: an amount, the names, the corpus."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(amount, type=kind)
    parser.add_argument("names", help="puzzle names or files, comma-separated ('$587,$1000,gen/g100.non')")
    parser.add_argument("--corpus", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"))
    parser.add_argument("--share", type=float, default=LEARNING_LEAF_SHARE,
                        help="leaves at this share of open cells (default the split's; 0.1 before 27 Nov)")
    return parser.parse_args()


def puzzles_and_roots(names: str, corpus: str):
    """Each named TAAI puzzle or puzzle file with its probed root (the kernels are used for
    every size)."""
    nonogram_compiled.COMPILE_CELLS = 0
    path = Path(corpus) / TAAI
    taai = {puzzle.name: puzzle for puzzle in nonogram_taai.read(path.read_text(), str(path))} \
        if path.exists() else {}
    for name in names.split(","):
        puzzle = io.load(name) if "/" in name else taai[name]
        yield name, puzzle, reduce(puzzle, "probing")


def main() -> None:
    args = arguments(__doc__, "seconds", float)
    for name, puzzle, root in puzzles_and_roots(args.names, args.corpus):
        limit = int(args.share * puzzle.height * puzzle.width)
        warm = CompiledLearner(puzzle, root, limit, None)
        warm.stop_at = time.perf_counter() + 0.2
        for _ in warm.leaves():
            pass
        learner = CompiledLearner(puzzle, root, limit, time.perf_counter() + args.seconds)
        start = time.perf_counter()
        leaves = sum(1 for _ in learner.leaves())
        took = time.perf_counter() - start
        print(f"{name}: {took:.2f}s dec/s {learner.decisions / took:.0f} conf/s {learner.conflicts / took:.0f} "
              f"leaves {leaves} solves {learner.line_solves} learnt {learner.learnt}", flush=True)


if __name__ == "__main__":
    main()
