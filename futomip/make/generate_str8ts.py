"""Generating Str8ts puzzles with a unique solution.

1. Black cells: ``blacks`` of them, placed in pairs (r, c) / (n-1-r, n-1-c), the 180-degree
   point symmetry of published Str8ts (the centre cell of an odd board is its own pair).
2. A random solution: depth-first search that fills the white cell with the fewest candidates
   first, values in random order; a candidate must be new to its row and column and keep
   both of its compartments able to form a straight (max - min < length).  A black pattern
   with no solution within the node budget is drawn again.
3. Clues: each black cell shows, with probability ``black_clue_share``, a digit that its row
   and column do not use (a black clue); ``givens`` random white cells are given.  While a
   second solution exists a white cell where it differs is given too; then every clue whose
   removal keeps the solution unique is dropped, in random order (``unique.settle``), so the
   puzzle is minimal.  Str8ts has no domain reduction, so each check is a MILP uniqueness
   solve (or an exact comparison method, e.g. ``method="cpsat"``).

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .unique import check, settle
from ..options import Deadline, Options
from ..puzzles.str8ts import Str8ts, compartments

__all__ = ["generate_str8ts", "symmetric_blacks", "random_solution"]


def symmetric_blacks(n: int, blacks: int, rng: random.Random) -> frozenset[tuple[int, int]]:
    """``blacks`` cells (one fewer when an odd count cannot be met) closed under the point symmetry."""
    pairs = {}
    for r in range(n):
        for c in range(n):
            pairs.setdefault(min((r, c), (n - 1 - r, n - 1 - c)), {(r, c), (n - 1 - r, n - 1 - c)})
    order = list(pairs.values())
    rng.shuffle(order)
    chosen: set = set()
    for pair in order:
        if len(chosen) + len(pair) <= blacks:
            chosen |= pair
    return frozenset(chosen)


def random_solution(n: int, black: frozenset, rng: random.Random, budget: int = 400, restarts: int = 8):
    """A random solution grid of the empty board with these black cells, or None.

    Randomised backtracking has heavy tails (a rare early mistake costs an exponential
    subtree), so each try gets a small node budget and starts again, with new random
    choices, when it runs out."""
    for _ in range(restarts):
        grid = _fill(n, black, rng, budget)
        if grid is not None:
            return grid
    return None


def _fill(n: int, black: frozenset, rng: random.Random, budget: int):
    mask = tuple(tuple((r, c) in black for c in range(n)) for r in range(n))
    runs = compartments(Str8ts(n, mask, tuple((0,) * n for _ in range(n))))
    runs_of: dict = {}
    for run in runs:
        for cell in run:
            runs_of.setdefault(cell, []).append(run)
    grid = [[0] * n for _ in range(n)]
    in_row, in_col = [set() for _ in range(n)], [set() for _ in range(n)]
    white = [cell for cell in runs_of]
    nodes = [0]

    def candidates(r: int, c: int) -> list[int]:
        found = []
        for v in range(1, n + 1):
            if v in in_row[r] or v in in_col[c]:
                continue
            if all(_straight_possible(run, grid, v) for run in runs_of[r, c]):
                found.append(v)
        return found

    def fill() -> bool:
        nodes[0] += 1
        if nodes[0] > budget:
            return False
        best, best_values = None, None
        for r, c in white:
            if grid[r][c]:
                continue
            values = candidates(r, c)
            if best_values is None or len(values) < len(best_values):
                best, best_values = (r, c), values
                if len(values) <= 1:
                    break
        if best is None:
            return True
        r, c = best
        rng.shuffle(best_values)
        for v in best_values:
            grid[r][c] = v
            in_row[r].add(v)
            in_col[c].add(v)
            if fill():
                return True
            in_row[r].discard(v)
            in_col[c].discard(v)
            grid[r][c] = 0
        return False

    return tuple(map(tuple, grid)) if fill() else None


def _straight_possible(run, grid, v: int) -> bool:
    values = [grid[r][c] for r, c in run if grid[r][c]] + [v]
    return max(values) - min(values) < len(run)


def generate_str8ts(n: int = 9, seed: int = 0, blacks: int | None = None, givens: int | None = None,
                    black_clue_share: float = 0.3, options: Options | None = None, deadline: Deadline | None = None,
                    progress: Callable[[str], None] | None = None,
                    method: str = "milp") -> tuple[Str8ts, tuple[tuple[int, ...], ...]]:
    """A minimal n x n Str8ts with one solution, and that solution (black cells hold 0)."""
    options = options or Options()
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    while True:
        count = blacks if blacks is not None else rng.randint(round(0.22 * n * n), round(0.3 * n * n))
        black = symmetric_blacks(n, count, rng)
        hidden = random_solution(n, black, rng)
        if hidden is not None:
            break
    mask = tuple(tuple((r, c) in black for c in range(n)) for r in range(n))
    start = _black_clues(n, black, hidden, black_clue_share, rng)
    whites = [(r, c, hidden[r][c]) for r in range(n) for c in range(n) if (r, c) not in black]
    rng.shuffle(whites)
    first = givens if givens is not None else len(whites) // 4
    start |= set(whites[:first])

    def build(kept: set) -> Str8ts:
        return Str8ts.from_cells(n, black, [clue for clue in kept], name=f"str8ts-{n}x{n}-{seed}")

    def breaks(clue, grid) -> bool:
        r, c, v = clue
        return grid[r][c] != v

    kept = settle(build, hidden, start, whites[first:], breaks, rng,
                  lambda puzzle: check(puzzle, hidden, options, deadline, method), progress=progress)
    assert mask == build(kept).black
    return build(kept), hidden


def _black_clues(n: int, black: frozenset, hidden, share: float, rng: random.Random) -> set:
    """Digits for some black cells: each new to the cell's row and column (whites and clues)."""
    clues: set = set()
    used_rows = [set(hidden[r]) for r in range(n)]
    used_cols = [set(hidden[r][c] for r in range(n)) for c in range(n)]
    for r, c in sorted(black):
        if rng.random() >= share:
            continue
        free = [v for v in range(1, n + 1) if v not in used_rows[r] and v not in used_cols[c]]
        if free:
            v = rng.choice(free)
            clues.add((r, c, v))
            used_rows[r].add(v)
            used_cols[c].add(v)
    return clues
