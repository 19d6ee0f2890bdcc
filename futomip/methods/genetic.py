"""The ``genetic`` method: a genetic algorithm over row permutations (the seed blog's announced
third part, written here from the usual recipe).

An individual is a full grid whose every row is a permutation of 1..n with the row's givens
in place (the open values of the row shuffled into its open cells), so rows are always
valid and the cost (``_local.cost``) counts only repeated digits in columns and broken
inequalities.  Each generation keeps the ``elite`` best, then fills the population with
children: two parents picked by tournaments of three, each row taken from either parent
(uniform crossover; rows stay valid), and with probability ``mutation`` per row two open
cells of the row swapped.  A population this small converges on a local optimum, so after
``stall`` generations without a better best, everything but the elite is drawn afresh (a
restart that keeps the best found).  The search ends at cost 0, after ``generations``
generations, or at the deadline.

Parameters (``--method genetic:population=60:generations=2000:mutation=0.2``); the random
seed is ``--seed`` (plus the repeat number in a batch).
"""

from __future__ import annotations

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
PARAMS = ("population", "generations", "mutation", "elite", "stall")
__all__ = ["KINDS", "EXACT", "PARAMS", "solve"]


def solve(puzzle, options: Options, deadline: Deadline, unique: bool = False, params: dict | None = None) -> Result:
    params = params or {}
    size = int(parameter(params, "population", 60, 4, 100000))
    generations = int(parameter(params, "generations", 2000, 1, 1e9))
    mutation = parameter(params, "mutation", 0.2, 0.0, 1.0)
    elite = int(parameter(params, "elite", 2, 0, size - 1))
    stall = int(parameter(params, "stall", 100, 1, 1e9))
    start = time.perf_counter()
    board = board_of(puzzle)
    n = board.n
    rng = random.Random(options.seed or 0)
    rows = board.units[:n]
    open_cells = [[i for i in row if not board.givens[i]] for row in rows]
    missing = [sorted(set(range(1, n + 1)) - {board.givens[i] for i in row}) for row in rows]
    if any(len(cells) != len(values) for cells, values in zip(open_cells, missing)):
        # A row whose givens repeat a digit: no permutation fits, and no grid solves it.
        return report(puzzle, "genetic", board, None, cost(board, [v or 1 for v in board.givens]), False,
                      {"solve": time.perf_counter() - start}, {"generations": 0}, unique)

    def fresh() -> list[int]:
        values = list(board.givens)
        for cells, free in zip(open_cells, missing):
            shuffled = rng.sample(free, len(free))
            for i, v in zip(cells, shuffled):
                values[i] = v
        return values

    def child(a: list[int], b: list[int]) -> list[int]:
        values = list(a)
        for row, cells in zip(rows, open_cells):
            if rng.random() < 0.5:
                for i in row:
                    values[i] = b[i]
            if len(cells) > 1 and rng.random() < mutation:
                x, y = rng.sample(cells, 2)
                values[x], values[y] = values[y], values[x]
        return values

    population = sorted(((cost(board, v), v) for v in (fresh() for _ in range(size))), key=lambda p: p[0])
    budget = Budget(deadline, every=16)
    generation = restarts = since = 0
    while population[0][0] > 0 and generation < generations and not budget.spent():
        def pick() -> list[int]:
            return min(rng.sample(population, 3), key=lambda p: p[0])[1]

        before = population[0][0]
        if since >= stall:
            children, since, restarts = [fresh() for _ in range(size - elite)], 0, restarts + 1
        else:
            children = [child(pick(), pick()) for _ in range(size - elite)]
        population = sorted(population[:elite] + [(cost(board, v), v) for v in children], key=lambda p: p[0])
        since = 0 if population[0][0] < before else since + 1
        generation += 1
    best_cost, best_values = population[0]
    stats = {"generations": generation, "restarts": restarts}
    return report(puzzle, "genetic", board, best_values, best_cost, budget.out, {"solve": time.perf_counter() - start},
                  stats, unique)
