"""The ``anneal`` method: the student report's simulated annealing, with its cost function.

State: the givens in place and a value 1..n in every other cell, drawn at random.  A move
gives one random open cell another random value; with delta the change of cost
(``_local.cost``: repeated digits per row and column plus broken inequalities), a move is
kept when delta <= 0, else with probability exp(-delta / T).  T starts at ``t0`` and is
multiplied by ``cooling`` after every n * n moves (one "iteration"); the search ends at
cost 0, when T falls below ``t_min``, or at the deadline.  The cost change of a move is
computed from per-line digit counts, so a move costs O(neighbours), not O(n^2).

Parameters (``--method anneal:t0=2:cooling=0.99``): ``t0`` (default 2), ``cooling``
(0.99), ``t_min`` (0.01); the random seed is ``--seed`` (plus the repeat number in a batch).
The report never reached cost 0 on its 5x5; docs/measurements.md shows what this one reaches.
"""

from __future__ import annotations

import math
import random
import time

from ..options import Deadline, Options
from ..result import Result
from . import Budget
from ._latin import KINDS, board_of
from ._local import cost, parameter, report

EXACT = False
OPTIONS = ("seed",)
"""The ``Options`` it reads beyond the time limit (``futomip.methods``)."""
PARAMS = ("t0", "cooling", "t_min")
__all__ = ["KINDS", "EXACT", "PARAMS", "solve"]


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False, params: dict | None = None) -> Result:
    params = params or {}
    t0 = parameter(params, "t0", 2.0, 1e-6, 1e6)
    cooling = parameter(params, "cooling", 0.99, 0.0, 0.999999)
    t_min = parameter(params, "t_min", 0.01, 1e-9, 1e6)
    start = time.perf_counter()
    board = board_of(puzzle)
    n = board.n
    rng = random.Random(options.seed or 0)
    open_cells = [i for i, v in enumerate(board.givens) if not v]
    values = [v or rng.randint(1, n) for v in board.givens]
    lines = [[] for _ in values]  # the two units (row, column) of each cell
    for u, unit in enumerate(board.units):
        for i in unit:
            lines[i].append(u)
    counts = [[0] * (n + 1) for _ in board.units]
    for u, unit in enumerate(board.units):
        for i in unit:
            counts[u][values[i]] += 1
    relations = [[] for _ in values]
    for a, b in board.less:
        relations[a].append((a, b))
        relations[b].append((a, b))
    current = cost(board, values)
    best, best_values = current, list(values)
    budget = Budget(deadline, every=256)
    temperature, iterations = t0, 0
    while best > 0 and open_cells and temperature >= t_min and not budget.out:
        for _ in range(n * n):
            if budget.spent():
                break
            i = rng.choice(open_cells)
            old, new = values[i], rng.randint(1, n - 1)
            new += new >= old  # another value than the current one
            delta = sum((counts[u][new] >= 1) - (counts[u][old] >= 2) for u in lines[i])
            delta -= sum(values[a] >= values[b] for a, b in relations[i])
            values[i] = new
            delta += sum(values[a] >= values[b] for a, b in relations[i])
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                for u in lines[i]:
                    counts[u][old] -= 1
                    counts[u][new] += 1
                current += delta
                if current < best:
                    best, best_values = current, list(values)
                    if best == 0:
                        break
            else:
                values[i] = old
        temperature *= cooling
        iterations += 1
    if not open_cells:
        best = cost(board, values)
    stats = {"iterations": iterations, "moves": budget.nodes, "final_temperature": temperature}
    return report(puzzle, "anneal", board, best_values, best, budget.out, {"solve": time.perf_counter() - start},
                  stats, unique)
