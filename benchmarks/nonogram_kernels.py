"""The compiled nonogram core against the mask code it replaces, side by side in one process.

    python benchmarks/nonogram_kernels.py --what lines,probing,nodes --every 100 --seconds 2
    python benchmarks/nonogram_kernels.py --generate 10 --size 25 --what nodes
    python benchmarks/nonogram_kernels.py --every 50 --generate 10 --what learning   # learning search only
    python benchmarks/nonogram_kernels.py --every 0 --generate 6 --density 0.3 --what learning --share 0.1

Puzzles: the TAAI 2011 set (every ``--every``-th, from ``../shared/corpus`` or ``--corpus``)
and ``--generate N`` random ``--size`` x ``--size`` grids (``--density`` black, half by default,
seeded) turned into puzzles.  Each measurement runs the mask code ("python": ``Board``, ``solve_masks``, the
learning search's own line solves; exactly what runs with ``FUTOMIP_COMPILE=0``) and the
kernels ("compiled") one after the other on the same puzzle, so that load from other
programs hits both alike:

    lines     line solves per second: random line states of the puzzle's lines (10% black,
              10% white known), solved by ``solve_masks`` in a Python loop, and by the kernel in
              a compiled loop (``settle_bits``; no per-call dispatch, as inside the fixpoint)
    probing   probing runs per second: the line fixpoint and probing to its end, from scratch
              (``Board`` with its memo vs ``ArrayBoard``); passes per run are printed too
    nodes     search nodes per second for ``--seconds`` per puzzle: the probing split's nodes
              (each a line fixpoint and a probing to its end; ``Board`` vs ``ArrayBoard``) and
              the learning search's decisions and conflicts (the Python search, what
              FUTOMIP_COMPILE=0 runs, vs ``CompiledLearner``, the whole loop in kernels; the
              Python search with compiled line solves and reasons, ``LineKernel``, in brackets);
              the learning searches stop at leaves of ``--share`` open cells (default 0, the
              split's whole grids; ``--share 0.1`` is the measure of the 10% leaves before 27 Nov)

Prints one row per puzzle and measurement and the medians of the ratios.  The kernels'
first compilation (numba's on-disk cache) happens before any timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from futomip.compiled import compiled, kernel  # noqa: E402
from futomip.io import nonogram_taai  # noqa: E402
from futomip.puzzles.nonogram import from_grid  # noqa: E402
from futomip.reduction import nonogram_learning, nonogram_split, reduce  # noqa: E402
from futomip.reduction import nonogram_compiled as compiled_board  # noqa: E402
from futomip.reduction.nonogram import Board  # noqa: E402
from futomip.reduction.nonogram_cdcl import CompiledLearner  # noqa: E402
from futomip.reduction.nonogram_compiled import ArrayBoard, _clue_arrays  # noqa: E402
from futomip.reduction.nonogram_kernels import settle_bits  # noqa: E402
from futomip.reduction.nonogram_line import solve_masks  # noqa: E402
from futomip.reduction.nonogram_split import LEARNING_LEAF_SHARE  # noqa: E402

TAAI = "nonogram-taai-tournament/question/taai2011.txt"


@kernel
def settle_all(runs, first, count, lengths, lines, blacks, whites, table, repeat):
    """Solve every (line, black, white) case ``repeat`` times; the number of feasible ones."""
    feasible = 0
    for _ in range(repeat):
        for n in range(len(lines)):
            line = lines[n]
            ok, _, _ = settle_bits(runs, first[line], count[line], lengths[line], blacks[n], whites[n], table)
            feasible += ok
    return feasible


def puzzles(args) -> list[tuple[str, object]]:
    found = []
    path = Path(args.corpus) / TAAI
    if args.every and path.exists():
        for k, puzzle in enumerate(nonogram_taai.read(path.read_text(), str(path))):
            if k % args.every == args.every - 1:
                found.append((f"taai{puzzle.name}", puzzle))
    rng = random.Random(args.seed)
    for k in range(args.generate):
        grid = tuple(tuple(int(rng.random() < args.density) for _ in range(args.size)) for _ in range(args.size))
        found.append((f"random{args.size}-{k}", from_grid(grid)))
    return found


def line_cases(puzzle, count: int, rng: random.Random):
    clues = list(puzzle.rows) + list(puzzle.cols)
    lengths = [puzzle.width] * puzzle.height + [puzzle.height] * puzzle.width
    cases = []
    for _ in range(count):
        line, black, white = rng.randrange(len(clues)), 0, 0
        for i in range(lengths[line]):
            draw = rng.random()
            black |= (draw < 0.1) << i
            white |= (0.1 <= draw < 0.2) << i
        cases.append((line, black, white))
    return clues, lengths, cases


def measure_lines(puzzle, rng) -> tuple[float, float]:
    clues, lengths, cases = line_cases(puzzle, 5000, rng)
    start = time.perf_counter()
    for line, black, white in cases:
        solve_masks(clues[line], lengths[line], black, white)
    python = len(cases) / (time.perf_counter() - start)
    runs, first, count = _clue_arrays(clues)
    table = np.zeros((4, max(len(c) for c in clues if c is not None) + 1), dtype=np.uint64)
    arrays = (runs, first, count, np.array(lengths, dtype=np.int64), np.array([c[0] for c in cases], dtype=np.int64),
              np.array([c[1] for c in cases], dtype=np.uint64), np.array([c[2] for c in cases], dtype=np.uint64), table)
    settle_all(*arrays, 1)
    start = time.perf_counter()
    settle_all(*arrays, 20)
    return python, 20 * len(cases) / (time.perf_counter() - start)


def probing_rate(board_class, puzzle, seconds: float) -> tuple[float, int]:
    runs, passes, start = 0, 0, time.perf_counter()
    while runs < 3 or time.perf_counter() - start < seconds:
        board = board_class(puzzle)
        board.propagate(range(len(board.clues)))
        calls = []
        original = board._new_pass
        board._new_pass = lambda: (calls.append(1), original())
        board.probe()
        runs, passes = runs + 1, len(calls)
    return runs / (time.perf_counter() - start), passes


def probing_nodes(board_class, puzzle, root, seconds: float) -> float:
    nonogram_split.ENGINE, saved = "probing", nonogram_split.ENGINE
    nonogram_split.new_board, saved_board = (lambda p, since=None: board_class(p)), nonogram_split.new_board
    try:
        split = nonogram_split.Split(puzzle, root, time.perf_counter() + seconds)
        start = time.perf_counter()
        for _ in split:
            pass
        return split.nodes / (time.perf_counter() - start)
    finally:
        nonogram_split.ENGINE, nonogram_split.new_board = saved, saved_board


def learning_rates(engine: str, puzzle, root, seconds: float,
                   share: float = LEARNING_LEAF_SHARE) -> tuple[float, float]:
    """(decisions/s, conflicts/s) of the learning search for ``seconds``: "python" (what
    FUTOMIP_COMPILE=0 runs), "line-kernel" (Python search, compiled line solves and reasons)
    or "compiled" (``CompiledLearner``: the whole loop in kernels); its leaves stop at
    ``share`` of the cells open (by default the split's: whole grids), and are dropped."""
    saved = nonogram_learning.use_kernels
    nonogram_learning.use_kernels = lambda p, since=None: engine == "line-kernel"
    try:
        limit, stop_at = int(share * puzzle.height * puzzle.width), time.perf_counter() + seconds
        if engine == "compiled":
            learner = CompiledLearner(puzzle, root, limit, stop_at)
        else:
            learner = nonogram_learning.Learner(puzzle, root, limit, stop_at)
        start = time.perf_counter()
        for _ in learner.leaves():
            pass
        took = time.perf_counter() - start
        return learner.decisions / took, learner.conflicts / took
    finally:
        nonogram_learning.use_kernels = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--what", default="lines,probing,nodes")
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--every", type=int, default=100, help="every N-th TAAI puzzle (0: none)")
    parser.add_argument("--generate", type=int, default=0, help="random puzzles to add")
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--density", type=float, default=0.5, help="share of black cells of the random grids")
    parser.add_argument("--share", type=float, default=LEARNING_LEAF_SHARE,
                        help="learning: leaves at this share of open cells (default the split's, 0: whole grids; "
                             "0.1 was the measure before 27 Nov)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per search measurement")
    args = parser.parse_args()
    if not compiled():
        sys.exit("kernels do not run compiled here (FUTOMIP_COMPILE=0 or no numba): nothing to compare")
    compiled_board.COMPILE_CELLS = 0
    what = args.what.split(",")
    ratios: dict[str, list[float]] = {}
    rng = random.Random(args.seed)
    print(f"{'puzzle':<14} {'measure':<22} {'python':>10} {'compiled':>10} {'ratio':>7}")

    def row(name, measure, python, fast, extra=""):
        ratio = fast / python if python else float("inf")
        ratios.setdefault(measure, []).append(ratio)
        print(f"{name:<14} {measure:<22} {python:>10.1f} {fast:>10.1f} {ratio:>7.1f} {extra}", flush=True)

    for name, puzzle in puzzles(args):
        if "lines" in what:
            row(name, "lines/s", *measure_lines(puzzle, rng))
        if "probing" in what:
            python, passes = probing_rate(Board, puzzle, 0.5)
            fast, _ = probing_rate(ArrayBoard, puzzle, 0.5)
            row(name, "probing runs/s", python, fast, f"({passes} passes)")
        if "nodes" in what or "learning" in what:
            root = reduce(puzzle, "probing")
            if root.unknown <= int(args.share * puzzle.height * puzzle.width) or root.contradiction:
                print(f"{name:<14} (no search: probing leaves {root.unknown} cells open)")
                continue
            if "nodes" in what:
                row(name, "probing-split nodes/s", probing_nodes(Board, puzzle, root, args.seconds),
                    probing_nodes(ArrayBoard, puzzle, root, args.seconds))
            python = learning_rates("python", puzzle, root, args.seconds, args.share)
            line_kernel = learning_rates("line-kernel", puzzle, root, args.seconds, args.share)
            fast = learning_rates("compiled", puzzle, root, args.seconds, args.share)
            row(name, "learning decisions/s", python[0], fast[0], f"(line kernel only: {line_kernel[0]:.1f})")
            row(name, "learning conflicts/s", python[1], fast[1], f"(line kernel only: {line_kernel[1]:.1f})")
    for measure, values in ratios.items():
        values.sort()
        print(f"median ratio {measure}: {statistics.median(values):.1f} (min {values[0]:.1f}, "
              f"max {values[-1]:.1f}, {len(values)} puzzles)")


if __name__ == "__main__":
    main()
