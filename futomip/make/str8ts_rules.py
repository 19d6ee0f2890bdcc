"""The rules a Str8ts solver applies by hand, as an exact domain reduction for grading.

Each white cell keeps a bit mask of its possible digits (bit v-1 for v); black cells have 0.
Level "lines" runs these rules to a common fixpoint:

- **singles**: a digit fixed in a cell, a given or a black clue leaves the other white cells
  of its row and column;
- **straights**: a compartment of length L holds a window {a, ..., a+L-1} of consecutive
  digits; a window is possible only if every cell's domain meets it and the cells' domains
  together cover L of its digits; each cell keeps only the digits of possible windows;
- **required digits**: a digit in *every* possible window of a compartment is certainly in
  it, so it leaves the rest of the compartment's row (or column); when only one cell of
  the compartment can hold it, that cell takes it (a hidden single of the compartment).

Level "probing" then tries each digit of each open cell with the "lines" fixpoint and removes
the digits whose trial empties a domain, in passes until one removes nothing or ``stop_at``.

Every rule removes a digit only when no solution of the rule's constraint (and the current
domains) uses it, so every solution survives; when every white cell is fixed without a
contradiction, the fixed grid is the one solution.  Str8ts has no reduction in
``futomip.reduction`` yet, so this serves the grade and the makers' uniqueness checks and
does not change what the solver's model sees.

Imports only ``futomip.puzzles``; must not import the pipeline, solvers or the CLI.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..puzzles.str8ts import Str8ts, compartments

__all__ = ["Str8tsDomains", "Board", "reduce"]


@dataclass(frozen=True)
class Str8tsDomains:
    """What the rules left: ``masks[r * n + c]`` (0 for a black cell); ``contradiction`` names
    the rule found impossible; ``finished`` is False when probing ran out of time."""

    size: int
    masks: tuple[int, ...]
    white: tuple[bool, ...]
    contradiction: str | None = None
    finished: bool = True

    def values(self, r: int, c: int) -> tuple[int, ...]:
        mask = self.masks[r * self.size + c]
        return tuple(v + 1 for v in range(self.size) if mask >> v & 1)

    @property
    def open(self) -> int:
        return sum(1 for mask, white in zip(self.masks, self.white) if white and mask & (mask - 1))

    def admits(self, grid) -> bool:
        """Whether every white cell of ``grid`` holds a digit its domain still has."""
        n = self.size
        return all(not self.white[r * n + c] or self.masks[r * n + c] >> (grid[r][c] - 1) & 1
                   for r in range(n) for c in range(n))

    def summary(self) -> dict:
        cells = sum(self.white)
        return {"cells": cells, "fixed": cells - self.open, "open": self.open,
                "values": sum(bin(mask).count("1") for mask in self.masks),
                "contradiction": self.contradiction, "finished": self.finished}


class Board:
    def __init__(self, puzzle: Str8ts) -> None:
        n = self.n = puzzle.size
        self.white = [not puzzle.black[r][c] for r in range(n) for c in range(n)]
        self.runs = [tuple(r * n + c for r, c in run) for run in compartments(puzzle)]
        self.lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)]
                                                                          for c in range(n)]
        self.line_of_run = [self.lines[run[0] // n] if len(run) > 1 and run[1] == run[0] + 1 or len(run) == 1
                            else self.lines[n + run[0] % n] for run in self.runs]
        full = (1 << n) - 1
        self.start = [0] * (n * n)
        for i in range(n * n):
            if self.white[i]:
                v = puzzle.givens[i // n][i % n]
                self.start[i] = 1 << (v - 1) if v else full
        for (r, c), v in puzzle.black_clues():
            for i in self.lines[r] + self.lines[n + c]:
                if self.white[i]:
                    self.start[i] &= ~(1 << (v - 1))
        self.windows = {length: [((1 << length) - 1) << a for a in range(n - length + 1)]
                        for length in {len(run) for run in self.runs}}

    def propagate(self, dom: list[int], straights: bool = True) -> str | None:
        """The "lines" rules on ``dom`` (in place) to a fixpoint; the failing rule, or None.
        Without ``straights`` only the singles run (the first rung of the grade's ladder)."""
        n, white = self.n, self.white
        changed = True
        while changed:
            changed = False
            for line in self.lines:
                for i in line:
                    mask = dom[i]
                    if not white[i] or mask & (mask - 1):
                        continue
                    if not mask:
                        return f"cell ({i // n + 1},{i % n + 1}) has no digit left"
                    for j in line:
                        if j != i and white[j] and dom[j] & mask:
                            dom[j] &= ~mask
                            changed = True
            for run, line in zip(self.runs, self.line_of_run) if straights else ():
                union, required = 0, -1
                for window in self.windows[len(run)]:
                    cover = 0
                    for i in run:
                        part = dom[i] & window
                        if not part:
                            break
                        cover |= part
                    else:
                        if bin(cover).count("1") >= len(run):
                            union |= window
                            required &= window
                if not union:
                    return f"the compartment at cell ({run[0] // n + 1},{run[0] % n + 1}) can hold no straight"
                for i in run:
                    if dom[i] & ~union:
                        dom[i] &= union
                        changed = True
                rest = required
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    for j in line:
                        if white[j] and j not in run and dom[j] & bit:
                            dom[j] &= ~bit
                            changed = True
                    holders = [i for i in run if dom[i] & bit]
                    if not holders:
                        return f"no cell of the compartment at cell ({run[0] // n + 1},{run[0] % n + 1}) can hold {bit.bit_length()}"
                    if len(holders) == 1 and dom[holders[0]] != bit:
                        dom[holders[0]] = bit
                        changed = True
        return None


def reduce(puzzle: Str8ts, level: str = "lines", stop_at: float | None = None, progress=None) -> Str8tsDomains:
    """The Str8ts domains after ``level`` ("lines" or "probing"); see the module text."""
    board = Board(puzzle)
    dom = list(board.start)
    failure = board.propagate(dom)
    finished = True
    if failure is None and level != "lines":
        failure, finished = _probe(board, dom, stop_at)
    if failure is not None:
        dom = [0] * len(dom)
    return Str8tsDomains(board.n, tuple(dom), tuple(board.white), failure, finished)


def _probe(board: Board, dom: list[int], stop_at: float | None) -> tuple[str | None, bool]:
    """Remove every digit whose trial fails, in passes; (failure, finished)."""
    while True:
        removed = False
        for i, mask in enumerate(dom):
            if not board.white[i] or not mask & (mask - 1):
                continue
            if stop_at is not None and time.perf_counter() > stop_at:
                return None, False
            rest = mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                trial = list(dom)
                trial[i] = bit
                if board.propagate(trial) is not None:
                    dom[i] &= ~bit
                    removed = True
            if removed:
                failure = board.propagate(dom)
                if failure is not None:
                    return failure, True
        if not removed:
            return None, True
