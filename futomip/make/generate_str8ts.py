"""Generating Str8ts puzzles with a unique solution.

1. Black cells: ``blacks`` of them, placed in pairs (r, c) / (n-1-r, n-1-c), the 180-degree
   point symmetry of published Str8ts (the centre cell of an odd board is its own pair).
2. A random solution: depth-first search that fills a white cell with the fewest candidates
   first, digits in random order, with the hand-solver's rules (``str8ts_rules``: singles,
   straights, required digits) as look-ahead at every node, restarted after a few hundred
   nodes (randomised backtracking has heavy tails).  A black pattern with no solution within
   the restarts is drawn again.
3. Clues: each black cell shows, with probability ``black_clue_share``, a digit that its row
   and column do not use (a black clue); ``givens`` random white cells are given.  While a
   second solution exists more white cells are given; then every clue whose
   removal keeps the solution unique is dropped, in random order (``unique.settle``), so the
   puzzle is minimal.  Each check is the hand-solver's rules (``str8ts_rules``, exact), then,
   when they leave cells open, a MILP uniqueness solve (or an exact comparison method, e.g.
   ``method="cpsat"``).
4. With a ``difficulty`` (a human grade), boards are drawn again until one has that grade
   (most 9x9 boards grade "probing"; about one in nine "lines").

Must not import the CLI.
"""

from __future__ import annotations

import random
from typing import Callable

from .str8ts_rules import Board
from .unique import check, settle, until_grade
from ..options import Deadline, Options
from ..puzzles.str8ts import Str8ts

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
    """A random solution grid of the empty board with these black cells, or None: each try
    gets a small node budget and starts again, with new random choices, when it runs out."""
    for _ in range(restarts):
        grid = _fill(n, black, rng, budget)
        if grid is not None:
            return grid
    return None


def _fill(n: int, black: frozenset, rng: random.Random, budget: int):
    """One randomised depth-first try with the hand-solver's rules as look-ahead, or None."""
    board = Board(Str8ts.from_cells(n, black))
    nodes = [0]

    def fill(dom: list[int]):
        nodes[0] += 1
        if nodes[0] > budget or board.propagate(dom) is not None:
            return None
        open_cells = [i for i, mask in enumerate(dom) if board.white[i] and mask & (mask - 1)]
        if not open_cells:
            return dom
        least = min(bin(dom[i]).count("1") for i in open_cells)
        cell = rng.choice([i for i in open_cells if bin(dom[i]).count("1") == least])
        bits = [1 << v for v in range(n) if dom[cell] >> v & 1]
        rng.shuffle(bits)
        for bit in bits:
            trial = list(dom)
            trial[cell] = bit
            done = fill(trial)
            if done is not None:
                return done
        return None

    dom = fill(list(board.start))
    if dom is None:
        return None
    return tuple(tuple(dom[r * n + c].bit_length() if board.white[r * n + c] else 0 for c in range(n))
                 for r in range(n))


def generate_str8ts(n: int = 9, seed: int = 0, blacks: int | None = None, givens: int | None = None,
                    black_clue_share: float = 0.3, options: Options | None = None, deadline: Deadline | None = None,
                    progress: Callable[[str], None] | None = None, method: str = "milp",
                    difficulty: str | None = None) -> tuple[Str8ts, tuple[tuple[int, ...], ...], str | None]:
    """A minimal n x n Str8ts with one solution, that solution (black cells hold 0) and its
    human grade; with a ``difficulty`` boards are drawn again until one has that grade."""
    options = options or Options()
    deadline = deadline or Deadline(None)
    rng = random.Random(seed)
    return until_grade(lambda: _one(n, seed, rng, blacks, givens, black_clue_share, options, deadline, progress,
                                    method), difficulty, deadline, f"{n}x{n} Str8ts", progress)


def _one(n, seed, rng, blacks, givens, black_clue_share, options, deadline, progress, method):
    """One minimal unique Str8ts and its solution, drawn with ``rng``."""
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

    kept = settle(build, start, whites[first:], rng, lambda puzzle: check(puzzle, hidden, options, deadline, method),
                  progress=progress)
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
