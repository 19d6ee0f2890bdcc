"""Line solving for nonograms: the cells and block starts that no solution can use.

Each line on its own is solved exactly: given its clue b_1..b_k and the cells already
known (black, white or unknown), a dynamic program finds every start s of every block j
that lies on at least one colouring of the whole line that agrees with the known cells,

    P(j, i): cells [0, i) can hold blocks 1..j (a block may end at i)
    S(j, i): cells [i, L) can hold blocks j+1..k (a block may start at i)
    block j+1 may start at s  iff  no known white in [s, s + b), the cell before s is not
             black and P(j, s - 1) (or s = 0 and j = 0), and the cell after the block is
             not black and S(j + 1, s + b + 1) (or the block ends the line and j + 1 = k),

(0-based cells), and a cell is then black in every such colouring (no placement leaves it
white) or white in every one (no valid start covers it).  Known cells are shared by a
row and a column, so fixing a cell puts the crossing line back on the queue; the loop
stops when no line changes any more: the classic "line solver" fixpoint.

Probing (level "probing") then tries each open cell both ways: it sets the cell black,
runs the line fixpoint, and does the same with white.  A colour whose fixpoint ends in a
line without a placement is impossible, so the cell takes the other; when both survive,
every cell the two fixpoints fix alike is fixed (it holds whichever colour the probed cell
has).  Passes repeat until one changes nothing.  Line solves are remembered per
reduction, since probing meets the same line in the same state many times.

What is removed is removed from *every* solution: a start is dropped only when no
colouring of its line agrees with cells that every solution shares, so the model built
on what is left (``models/nonogram.py``) has exactly the same 0/1 solutions, and
uniqueness proofs, enumeration and conflict explanation stay exact.  A line with no
placement left proves the puzzle infeasible (``contradiction`` names it).

The result is a ``NonogramDomains``: cell states and, per line, the allowed 0-based
starts of each block (from one last solve of every line on the final cells).  Lines without a clue (``None``, from ``restrict``) constrain
nothing and are skipped.  Only ``futomip.puzzles`` is imported: no solver, no backend, no
``models``.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..puzzles.nonogram import Nonogram, Runs

__all__ = ["UNKNOWN", "WHITE", "BLACK", "Board", "LineSolution", "NonogramDomains", "solve_line", "reduce"]

UNKNOWN, WHITE, BLACK = -1, 0, 1

PROGRESS_EVERY = 1.0
"""Seconds between two ``progress`` calls while probing."""

MEMO_LIMIT = 200_000
"""Line solutions remembered per board before the memo is emptied."""

LineKey = tuple[str, int]
"""``("row", r)`` or ``("column", c)``, 0-based, as in ``Nonogram.lines``."""


@dataclass(frozen=True)
class LineSolution:
    """What one line allows: ``cells`` (new states, ``UNKNOWN`` where both colours remain)
    and ``starts`` (for each block, the 0-based cells where it may start), or ``cells`` None
    when no colouring agrees with the known cells."""

    cells: tuple[int, ...] | None
    starts: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class NonogramDomains:
    """The outcome of line solving on a whole puzzle.

    ``cells[r][c]`` is ``BLACK``, ``WHITE`` or ``UNKNOWN``; ``starts[line][j]`` the allowed
    0-based starts of block j of a constrained line; ``contradiction`` is the line left
    without a placement (then the puzzle has no solution and ``starts`` is partial);
    ``finished`` is False when probing was stopped by its time budget (what it fixed
    still holds); ``scores`` is ``Board.scores`` after probing (empty otherwise), kept so
    that a search starting from these domains need not probe them again.
    """

    cells: tuple[tuple[int, ...], ...]
    starts: dict[LineKey, tuple[tuple[int, ...], ...]]
    contradiction: LineKey | None = None
    finished: bool = True
    scores: dict = field(default_factory=dict, compare=False, repr=False)

    def admits(self, grid) -> bool:
        """Whether the 0/1 ``grid`` agrees with every fixed cell (so it may be a solution here)."""
        return all(state == UNKNOWN or state == value
                   for row, values in zip(self.cells, grid) for state, value in zip(row, values))

    @property
    def unknown(self) -> int:
        """How many cells line solving left open."""
        return sum(row.count(UNKNOWN) for row in self.cells)

    def summary(self) -> dict:
        """What the reduction did, for reports: cells in all, fixed, left open, contradiction."""
        total = sum(len(row) for row in self.cells)
        contradiction = None
        if self.contradiction is not None:
            contradiction = f"{self.contradiction[0]} {self.contradiction[1] + 1}"
        return {"cells": total, "fixed": total - self.unknown, "open": self.unknown, "contradiction": contradiction,
                "finished": self.finished}


def solve_line(clue: Runs, known: Sequence[int]) -> LineSolution:
    """Solve one line exactly: every start and cell state that some valid colouring agrees with."""
    length, k = len(known), len(clue)
    # whites[i] = number of known white cells in [0, i): a block fits on [a, e) iff no white there.
    whites = [0] * (length + 1)
    for i, state in enumerate(known):
        whites[i + 1] = whites[i] + (state == WHITE)
    not_black = [state != BLACK for state in known]

    prefix = [[False] * (length + 1) for _ in range(k + 1)]
    prefix[0][0] = True
    for i in range(1, length + 1):
        prefix[0][i] = prefix[0][i - 1] and not_black[i - 1]
    for j in range(1, k + 1):
        run, row, before = clue[j - 1], prefix[j], prefix[j - 1]
        for i in range(1, length + 1):
            ok = row[i - 1] and not_black[i - 1]
            if not ok and i >= run and whites[i] == whites[i - run]:
                begin = i - run
                ok = j == 1 if begin == 0 else not_black[begin - 1] and before[begin - 1]
            row[i] = ok

    suffix = [[False] * (length + 1) for _ in range(k + 1)]
    suffix[k][length] = True
    for i in range(length - 1, -1, -1):
        suffix[k][i] = suffix[k][i + 1] and not_black[i]
    for j in range(k - 1, -1, -1):
        run, row, after = clue[j], suffix[j], suffix[j + 1]
        for i in range(length - 1, -1, -1):
            ok = row[i + 1] and not_black[i]
            if not ok and i + run <= length and whites[i + run] == whites[i]:
                end = i + run
                ok = j == k - 1 if end == length else not_black[end] and after[end + 1]
            row[i] = ok

    if not prefix[k][length]:
        return LineSolution(None, tuple(() for _ in clue))

    starts = []
    # cover[c] counts, by a difference array, the valid placements that make cell c black.
    cover = [0] * (length + 1)
    for j, run in enumerate(clue):
        allowed = []
        for s in range(length - run + 1):
            if whites[s + run] != whites[s]:
                continue
            left = j == 0 if s == 0 else not_black[s - 1] and prefix[j][s - 1]
            if not left:
                continue
            end = s + run
            right = j == k - 1 if end == length else not_black[end] and suffix[j + 1][end + 1]
            if right:
                allowed.append(s)
                cover[s] += 1
                cover[end] -= 1
        starts.append(tuple(allowed))

    cells = []
    covered = 0
    for c in range(length):
        covered += cover[c]
        can_white = not_black[c] and any(prefix[j][c] and suffix[j][c + 1] for j in range(k + 1))
        can_black = covered > 0
        cells.append(UNKNOWN if can_white and can_black else BLACK if can_black else WHITE)
    return LineSolution(tuple(cells), tuple(starts))


def _line_cells(puzzle: Nonogram, key: LineKey) -> list[tuple[int, int]]:
    direction, index = key
    if direction == "row":
        return [(index, c) for c in range(puzzle.width)]
    return [(r, index) for r in range(puzzle.height)]


class Board:
    """The cell states of one puzzle and the line fixpoint over them.

    After ``probe`` ran to its end, ``scores`` maps every open cell to how many cells its
    black try and its white try fixed (the search in ``nonogram_split`` branches on them).
    """

    def __init__(self, puzzle: Nonogram) -> None:
        self.puzzle = puzzle
        self.clue_of = {(d, i): clue for d, i, clue, _ in puzzle.lines() if clue is not None}
        self.cells_of = {key: _line_cells(puzzle, key) for key in self.clue_of}
        # Probing solves the same line in the same state again and again; the memo lives
        # as long as one reduction, so that no state is shared between puzzles or runs.
        self._memo: dict[tuple[LineKey, tuple[int, ...]], LineSolution] = {}
        self.scores: dict[tuple[int, int], tuple[int, int]] = {}

    def solve(self, key: LineKey, known: tuple[int, ...]) -> LineSolution:
        """``solve_line`` for line ``key`` in state ``known``, remembered."""
        outcome = self._memo.get((key, known))
        if outcome is None:
            # A long search meets ever new line states; forgetting them all now and then keeps
            # memory bounded (a few hundred MB) at the price of solving some lines again.
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            outcome = self._memo[key, known] = solve_line(self.clue_of[key], known)
        return outcome

    def propagate(self, grid: list[list[int]], queue: list[LineKey], changes: dict) -> LineKey | None:
        """Solve the queued lines (and every line a newly fixed cell touches) until nothing changes.

        Reads ``grid`` with ``changes`` ((r, c) -> state) laid over it and records every
        newly fixed cell in ``changes``, leaving ``grid`` alone, so that a probe costs what
        it fixes rather than a copy of the board.  Returns the first line left without a
        placement, or None.
        """
        queue = deque(key for key in queue if key in self.clue_of)
        queued = set(queue)
        while queue:
            key = queue.popleft()
            queued.discard(key)
            cells = self.cells_of[key]
            known = tuple(changes.get(cell, grid[cell[0]][cell[1]]) for cell in cells)
            outcome = self.solve(key, known)
            if outcome.cells is None:
                return key
            for cell, before, state in zip(cells, known, outcome.cells):
                if state != UNKNOWN and before == UNKNOWN:
                    changes[cell] = state
                    crossing = ("column", cell[1]) if key[0] == "row" else ("row", cell[0])
                    if crossing in self.clue_of and crossing not in queued:
                        queue.append(crossing)
                        queued.add(crossing)
        return None

    def settle(self, grid: list[list[int]], queue: list[LineKey]) -> LineKey | None:
        """``propagate`` into ``grid`` itself."""
        changes: dict = {}
        failed = self.propagate(grid, queue, changes)
        for (r, c), state in changes.items():
            grid[r][c] = state
        return failed

    def domains(self, grid: list[list[int]], failed: LineKey | None = None, finished: bool = True,
                scores: dict | None = None) -> NonogramDomains:
        """``grid`` as domains: the start sets come from one more solve of every line on it."""
        starts = {}
        for key in self.clue_of:
            outcome = self.solve(key, tuple(grid[r][c] for r, c in self.cells_of[key]))
            starts[key] = outcome.starts
            if outcome.cells is None and failed is None:
                failed = key
        return NonogramDomains(tuple(tuple(row) for row in grid), starts, failed, finished, scores or {})

    def probe(self, grid: list[list[int]], stop_at: float | None = None,
              progress: Callable[[str], None] | None = None) -> tuple[LineKey | None, bool]:
        """Try each open cell black and white; keep what every surviving try agrees on.

        A colour whose try ends in a contradiction is impossible, so the cell takes the
        other one; when both tries survive, cells that both fixpoints fix alike are fixed
        (they are forced whichever colour the cell has).  Repeats until a whole pass
        changes nothing, or until ``time.perf_counter()`` reaches ``stop_at`` (what was
        fixed so far stays valid).  Returns the contradicting line when both colours of a
        cell fail (else None) and whether probing ran to its end.  ``progress`` gets a
        line of text about once a second.
        """
        height, width = self.puzzle.height, self.puzzle.width
        shown = time.perf_counter()
        changed, passes = True, 0
        while changed:
            changed, passes = False, passes + 1
            # Only the last pass (which changed nothing) probed every open cell to the end.
            self.scores = {}
            for r in range(height):
                now = time.perf_counter()
                if stop_at is not None and now >= stop_at:
                    return None, False
                if progress is not None and now - shown >= PROGRESS_EVERY:
                    shown = now
                    progress(f"probing pass {passes}, row {r + 1}/{height}: "
                             f"{sum(row.count(UNKNOWN) for row in grid)} cells open")
                for c in range(width):
                    if grid[r][c] != UNKNOWN:
                        continue
                    tries = []
                    for colour in (BLACK, WHITE):
                        changes = {(r, c): colour}
                        failed = self.propagate(grid, [("row", r), ("column", c)], changes)
                        tries.append(None if failed else changes)
                    black, white = tries
                    if black is None and white is None:
                        return ("row", r), True
                    if black is None or white is None:
                        # The survivor is already a line fixpoint: take it whole.
                        for (rr, cc), state in (white if black is None else black).items():
                            grid[rr][cc] = state
                        changed = True
                        continue
                    agreed = [cell for cell, state in black.items() if white.get(cell) == state]
                    if not agreed:
                        self.scores[r, c] = (len(black), len(white))
                    else:
                        changed = True
                        for rr, cc in agreed:
                            grid[rr][cc] = black[rr, cc]
                        lines = {("row", rr) for rr, _ in agreed} | {("column", cc) for _, cc in agreed}
                        failed = self.settle(grid, sorted(lines))
                        if failed:
                            return failed, True
        return None, True


def reduce(puzzle: Nonogram, level: str = "probing", stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> NonogramDomains:
    """Run line solving to its fixpoint on ``puzzle`` (then probing, at level "probing").

    Probing stops early when ``time.perf_counter()`` reaches ``stop_at``; ``progress``
    receives a line of text about once a second while it runs.
    """
    if level not in ("lines", "probing"):
        raise ValueError(f"nonogram reduction level must be 'lines' or 'probing', got {level!r}")
    board = Board(puzzle)
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    failed = board.settle(grid, list(board.clue_of))
    finished = True
    if failed is None and level == "probing":
        failed, finished = board.probe(grid, stop_at, progress)
    # Branching scores are only complete when probing ran to its end.
    return board.domains(grid, failed, finished, board.scores if finished else None)
