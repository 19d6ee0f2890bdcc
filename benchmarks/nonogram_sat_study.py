"""Study for the hardest nonograms (Knotty, Faase): CP-SAT on the probed board with other line
encodings and with the binary implications that root probing finds, called directly.

    python benchmarks/nonogram_sat_study.py data/nonogram/wolter/faase.nin --encoding order \
        --implications --time-limit 120 --seed 1 [--solutions 2] [--param cp_model_probing_level=0]

Encodings of a line with clue (c_1..c_k) over cells x_0..x_{n-1}:
  blocks: start(j,p) Booleans, exactly one per block, order start(j+1,t) -> some start(j,s<=t-c_j-1),
          x_i = sum of the starts that cover i (futomip's "blocks" rows, as CP-SAT sees them);
  order:  y(j,p) = [start_j <= p] (monotone in p), y(j+1,p) -> y(j,p-c_j-1),
          cover v(j,i) = y(j,i) and not y(j,i-c_j), x_i <-> OR_j v(j,i)  (the anchor's "block-position"
          encoding, which is also CP-SAT's own order encoding of an integer start);
  automaton: AddAutomaton per line on the cells.
Implications: for every cell open after probing and each colour, the cells that the line fixpoint
fixes from it, as binary clauses (x = v -> y = u); a probe that fails fixes the cell.
With ``--sat kissat404`` (or another python-sat name) the clauses of ``models/nonogram_cnf.py``
with the implications go to that SAT solver instead, in this process and without a time limit
(wrap the command in ``timeout``): the study behind ``--method sat``.
Prints one line per solution found (seconds, verified) and a JSON summary at the end.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from futomip.io import load  # noqa: E402
from futomip.puzzles import verify  # noqa: E402
from futomip.reduction import nonogram_compiled as nc  # noqa: E402
from futomip.reduction.nonogram import UNKNOWN  # noqa: E402
from nonogram_cpsat import transitions  # noqa: E402  (the automaton of benchmarks/nonogram_cpsat.py)


def probed_board(puzzle):
    board = nc.ArrayBoard(puzzle)
    assert board.propagate(range(len(board.clues))) is None
    failed, _ = board.probe()
    assert failed is None
    return board


def implications(board, limit: int):
    """Binary clauses (cell, colour) -> (cell, colour) from one propagation per open cell and colour."""
    base = board.state()
    width = board.width
    pairs: set[tuple[int, int]] = set()
    units = []
    for cell in np.flatnonzero(base == UNKNOWN):
        r, c = divmod(int(cell), width)
        for colour in (1, 0):
            board.assign(r, c, colour)
            failed = board.propagate((r, board.height + c))
            if failed is not None:
                units.append((int(cell), 1 - colour))
            else:
                for other in np.flatnonzero((board.board != base) & (np.arange(base.size) != cell)):
                    # literal +/-(index+1): positive = black
                    a = -(int(cell) + 1) if colour else int(cell) + 1
                    b = int(other) + 1 if board.board[other] == 1 else -(int(other) + 1)
                    pairs.add((min(a, b), max(a, b)) if abs(a) != abs(b) else (a, b))
            board.restore(base)
        if len(pairs) >= limit:
            break
    return units, pairs


def build(puzzle, cells, encoding: str):
    from ortools.sat.python import cp_model
    model = cp_model.CpModel()
    h, w = puzzle.height, puzzle.width
    x = [model.NewBoolVar(f"x{i}") for i in range(h * w)]
    for i, state in enumerate(cells):
        if state != UNKNOWN:
            model.Add(x[i] == int(state))
    lines = [(clue, [x[r * w + c] for c in range(w)]) for r, clue in enumerate(puzzle.rows)]
    lines += [(clue, [x[r * w + c] for r in range(h)]) for c, clue in enumerate(puzzle.cols)]
    for clue, xs in lines:
        n, k = len(xs), len(clue)
        if k == 0:
            for v in xs:
                model.Add(v == 0)
            continue
        lo, pos = [], 0
        for run in clue:
            lo.append(pos)
            pos += run + 1
        hi, pos = [0] * k, n
        for j in range(k - 1, -1, -1):
            hi[j] = pos - clue[j]
            pos = hi[j] - 1
        if encoding == "automaton":
            moves, m = transitions(clue)
            model.AddAutomaton(xs, 0, [m], moves)
        elif encoding == "blocks":
            starts = [{p: model.NewBoolVar("") for p in range(lo[j], hi[j] + 1)} for j in range(k)]
            for j in range(k):
                model.AddExactlyOne(starts[j].values())
                if j + 1 < k:
                    for t, s in starts[j + 1].items():
                        model.AddBoolOr([s.Not()] + [v for p, v in starts[j].items() if p <= t - clue[j] - 1])
            for i in range(n):
                cover = [v for j in range(k) for p, v in starts[j].items() if p <= i < p + clue[j]]
                model.Add(xs[i] == sum(cover))
        else:  # order
            true = model.NewConstant(1)
            false = model.NewConstant(0)
            y = []
            for j in range(k):
                row = {p: model.NewBoolVar("") for p in range(lo[j], hi[j])}
                y.append(row)
                for p in range(lo[j], hi[j] - 1):
                    model.AddImplication(row[p], row[p + 1])

            def lit(j, p):
                if p < lo[j]:
                    return false
                if p >= hi[j]:
                    return true
                return y[j][p]
            for j in range(k - 1):
                for p in range(lo[j + 1], hi[j + 1]):
                    model.AddImplication(lit(j + 1, p), lit(j, p - clue[j] - 1))
            covers = [[] for _ in range(n)]
            for j in range(k):
                for i in range(lo[j], hi[j] + clue[j]):
                    a, b = lit(j, i), lit(j, i - clue[j]).Not()
                    v = model.NewBoolVar("")
                    model.AddBoolAnd([a, b]).OnlyEnforceIf(v)
                    model.AddBoolOr([a.Not(), b.Not(), v])
                    model.AddImplication(v, xs[i])
                    covers[i].append(v)
            for i in range(n):
                model.AddBoolOr([xs[i].Not()] + covers[i])
    return model, x


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzle")
    parser.add_argument("--encoding", default="order", choices=("order", "blocks", "automaton"))
    parser.add_argument("--implications", action="store_true")
    parser.add_argument("--limit", type=int, default=10_000_000)
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--solutions", type=int, default=1)
    parser.add_argument("--param", action="append", default=[])
    parser.add_argument("--sat", help="a python-sat solver name: solve the CNF with it instead of CP-SAT")
    parser.add_argument("--guided", help="with --sat: a python-sat solver for the later solutions, its phases set "
                                         "to the previous grid (solution-guided search)")
    args = parser.parse_args()
    if args.sat:
        return sat_study(args)
    from ortools.sat.python import cp_model
    started = time.perf_counter()
    puzzle = load(args.puzzle)
    board = probed_board(puzzle)
    probed = time.perf_counter()
    cells = board.board.tolist()
    summary = {"puzzle": args.puzzle, "encoding": args.encoding, "open": int(np.count_nonzero(board.board == UNKNOWN)),
               "probe_s": round(probed - started, 1), "seed": args.seed, "params": args.param}
    model, x = build(puzzle, cells, args.encoding)
    if args.implications:
        units, pairs = implications(board, args.limit)
        for cell, colour in units:
            model.Add(x[cell] == colour)
        for a, b in pairs:
            la = x[abs(a) - 1] if a > 0 else x[abs(a) - 1].Not()
            lb = x[abs(b) - 1] if b > 0 else x[abs(b) - 1].Not()
            model.AddBoolOr([la, lb])
        summary.update(units=len(units), clauses=len(pairs))
    built = time.perf_counter()
    summary["build_s"] = round(built - probed, 1)
    print(json.dumps(summary), flush=True)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = args.seed
    for text in args.param:
        name, value = text.split("=")
        field = solver.parameters.DESCRIPTOR.fields_by_name[name]
        setattr(solver.parameters, name, type(getattr(solver.parameters, name))(
            value == "true" if field.type == field.TYPE_BOOL else float(value) if "." in value else int(value)))
    found = []
    deadline = built + args.time_limit
    while len(found) < args.solutions:
        solver.parameters.max_time_in_seconds = max(0.1, deadline - time.perf_counter())
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            print(f"status {solver.StatusName(status)} at {time.perf_counter() - started:.1f} s, "
                  f"conflicts {solver.NumConflicts()}", flush=True)
            break
        grid = tuple(tuple(int(solver.Value(x[r * puzzle.width + c])) for c in range(puzzle.width))
                     for r in range(puzzle.height))
        problems = verify(puzzle, grid)
        found.append(grid)
        print(f"solution {len(found)} at {time.perf_counter() - started:.1f} s (solve {solver.WallTime():.1f} s, "
              f"conflicts {solver.NumConflicts()}), verified {not problems}", flush=True)
        model.AddBoolOr([x[i].Not() if v else x[i] for i, v in enumerate(v for row in grid for v in row)])
    summary.update(found=len(found), total_s=round(time.perf_counter() - started, 1))
    print(json.dumps(summary), flush=True)


def sat_study(args) -> None:
    from pysat.solvers import Solver

    from futomip.models import nonogram_cnf
    from futomip.reduction.nonogram_compiled import reduce
    from futomip.reduction.nonogram_implied import implications as proved

    started = time.perf_counter()
    puzzle = load(args.puzzle)
    domains = reduce(puzzle)
    units, pairs, _ = proved(puzzle, domains)
    cnf = nonogram_cnf.encode(puzzle, domains, (units, pairs))
    summary = {"puzzle": args.puzzle, "sat": args.sat, "open": domains.unknown, "implications": len(units) + len(pairs),
               "clauses": len(cnf.clauses), "build_s": round(time.perf_counter() - started, 1)}
    print(json.dumps(summary), flush=True)
    found, grid = 0, None
    while found < args.solutions:
        name = args.guided if args.guided and grid is not None else args.sat
        with Solver(name=name, bootstrap_with=cnf.clauses) as sat:
            if grid is not None and args.guided:
                sat.set_phases([v + 1 if value else -(v + 1) for v, value in enumerate(x for row in grid for x in row)])
            if not sat.solve():
                print(f"unsatisfiable at {time.perf_counter() - started:.1f} s", flush=True)
                break
            grid = nonogram_cnf.decode(puzzle, sat.get_model())
        found += 1
        print(f"solution {found} at {time.perf_counter() - started:.1f} s, verified {not verify(puzzle, grid)}",
              flush=True)
        cnf.clauses.append(nonogram_cnf.exclude(grid))


if __name__ == "__main__":
    main()
