"""Line solving for nonograms: the cells and block starts that no solution can use.

Each line is solved exactly by ``futomip.reduction.nonogram_line`` (its dynamic program and
bit-parallel form are written out there).  Known cells are shared
by a row and a column, so fixing a cell puts the crossing line back on the queue; the
loop stops when no line changes any more: the classic "line solver" fixpoint.

Probing (level "probing") then tries each open cell both ways: it sets the cell black,
runs the line fixpoint, and does the same with white.  A colour whose fixpoint ends in a
line without a placement is impossible, so the cell takes the other; when both survive,
every cell the two fixpoints fix alike is fixed (it holds whichever colour the probed cell
has).  Passes repeat until one changes nothing.  Line solves are remembered per
board, since probing meets the same line in the same state many times.

What is removed is removed from *every* solution: a start is dropped only when no
colouring of its line agrees with cells that every solution shares, so the model built
on what is left (``models/nonogram.py``) has exactly the same 0/1 solutions, and
uniqueness proofs, enumeration and conflict explanation stay exact.  A line with no
placement left proves the puzzle infeasible (``contradiction`` names it).

``nonogram_compiled.reduce`` runs on ``nonogram_compiled.new_board``: this mask board, or for puzzles where the
compiled kernels pay (``use_kernels``) the same fixpoint and probing in numba, with equal
results.  The result is a ``NonogramDomains``: cell states and, per line, the allowed 0-based
starts of each block (from one last solve of every line on the final cells).  Lines
without a clue (``None``, from ``restrict``) constrain nothing and are skipped.  Only
``futomip.puzzles`` and the other nonogram reduction modules are imported: no solver, no
backend, no ``models``.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..puzzles.nonogram import Nonogram, Runs
from .nonogram_line import BLACK, UNKNOWN, WHITE, LineSolution, solve_line
from .nonogram_line import bits as _bits
from .nonogram_line import solve_masks as _solve_masks
from .nonogram_line import start_lists as _start_lists

__all__ = ["UNKNOWN", "WHITE", "BLACK", "Board", "LineSolution", "NonogramDomains", "solve_line"]

PROGRESS_EVERY = 1.0
"""Seconds between two ``progress`` calls while probing."""

MEMO_LIMIT = 200_000
"""Line solutions remembered per board before the memo is emptied."""

_UNSOLVED = object()
"""Memo marker for a line state not solved yet (None means solved and infeasible)."""

LineKey = tuple[str, int]
"""``("row", r)`` or ``("column", c)``, 0-based, as in ``Nonogram.lines``."""


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

    def solution(self):
        """The grid (rows of 0/1) when every cell is fixed and no line was found impossible,
        else None: such domains admit that one grid and nothing else (the pipeline still
        checks it against the clues before taking it)."""
        if self.contradiction is not None or any(UNKNOWN in row for row in self.cells):
            return None
        return self.cells

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


class Board:
    """The cell states of one puzzle, the line fixpoint over them and probing.

    Lines are numbered rows first (0..height-1), then columns; each line's known cells
    are two masks, ``black[line]`` and ``white[line]`` (bit i = the i-th cell of the
    line), kept equal on the row and the column of every cell.  ``state()`` and
    ``restore`` save and bring back the whole board (the split search keeps one per node).
    After ``probe`` ran to its end, ``scores`` maps every open cell to how many cells its
    black try and its white try fixed (the search in ``nonogram_split`` branches on them).
    """

    def __init__(self, puzzle: Nonogram) -> None:
        self.puzzle = puzzle
        self.height, self.width = puzzle.height, puzzle.width
        self.clues: list[Runs | None] = list(puzzle.rows) + list(puzzle.cols)
        self.lengths = [self.width] * self.height + [self.height] * self.width
        self.black = [0] * len(self.clues)
        self.white = [0] * len(self.clues)
        # Probing solves the same line in the same state again and again; the memo lives
        # as long as one board, so that no state is shared between puzzles or runs.
        self._memo: dict[tuple[int, int, int], tuple[int, int] | None] = {}
        self.scores: dict[tuple[int, int], tuple[int, int]] = {}
        self.fixed_black = self.fixed_white = 0

    def key(self, line: int) -> LineKey:
        """The public name of a line number: ``("row", r)`` or ``("column", c)``."""
        return ("row", line) if line < self.height else ("column", line - self.height)

    def load(self, cells: Sequence[Sequence[int]]) -> None:
        """Set the board to a grid of ``BLACK``/``WHITE``/``UNKNOWN`` cells."""
        self.black = [0] * len(self.clues)
        self.white = [0] * len(self.clues)
        for r, row in enumerate(cells):
            for c, state in enumerate(row):
                if state != UNKNOWN:
                    self.assign(r, c, state)

    def assign(self, r: int, c: int, colour: int) -> None:
        """Fix cell (r, c) to ``colour`` on its row and its column."""
        masks = self.black if colour == BLACK else self.white
        masks[r] |= 1 << c
        masks[self.height + c] |= 1 << r

    def state(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.black), tuple(self.white)

    def restore(self, state: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        self.black, self.white = list(state[0]), list(state[1])

    def open_cells(self) -> int:
        """How many cells are neither black nor white."""
        known = sum((self.black[r] | self.white[r]).bit_count() for r in range(self.height))
        return self.height * self.width - known

    def cells(self) -> tuple[tuple[int, ...], ...]:
        """The board as rows of ``BLACK``/``WHITE``/``UNKNOWN``."""
        return tuple(tuple(BLACK if black >> c & 1 else WHITE if white >> c & 1 else UNKNOWN
                           for c in range(self.width))
                     for black, white in zip(self.black[:self.height], self.white[:self.height]))

    def _solve(self, line: int, black: int, white: int) -> tuple[int, int] | None:
        """(cells that can be black, cells that can be white) of ``line`` in this state, remembered.

        ``propagate`` looks in the memo itself first (the lookup is most of its work) and
        calls this on a miss.
        """
        memo_key = (line, black, white)
        # A long search meets ever new line states; forgetting them all now and then keeps
        # memory bounded at the price of solving some lines again.
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        outcome = _solve_masks(self.clues[line], self.lengths[line], black, white)
        result = self._memo[memo_key] = None if outcome is None else outcome[:2]
        return result

    def propagate(self, lines) -> int | None:
        """Solve the given lines (and every line a newly fixed cell crosses) until nothing changes.

        Returns the first line left without a placement (its number), or None.  The cells
        it fixes are also added to ``fixed_black`` and ``fixed_white``, two masks over the
        whole board (bit r * width + c), so that probing compares two tries in one step.
        """
        black, white, clues, height, width = self.black, self.white, self.clues, self.height, self.width
        fixed_black, fixed_white, memo = self.fixed_black, self.fixed_white, self._memo
        queue = deque(line for line in dict.fromkeys(lines) if clues[line] is not None)
        queued = set(queue)
        failed = None
        while queue:
            line = queue.popleft()
            queued.discard(line)
            known_black, known_white = black[line], white[line]
            outcome = memo.get((line, known_black, known_white), _UNSOLVED)
            if outcome is _UNSOLVED:
                outcome = self._solve(line, known_black, known_white)
            if outcome is None:
                failed = line
                break
            can_black, can_white = outcome
            new_black = can_black & ~can_white & ~known_black
            new_white = can_white & ~can_black & ~known_white
            if not new_black | new_white:
                continue
            black[line] = known_black | new_black
            white[line] = known_white | new_white
            if line < height:
                # Cell i of row ``line`` is cell ``line`` of column i (line number height + i).
                base, bit = height, 1 << line
                fixed_black |= new_black << (line * width)
                fixed_white |= new_white << (line * width)
            else:
                base, bit = 0, 1 << (line - height)
                column = line - height
                for i in _bits(new_black):
                    fixed_black |= 1 << (i * width + column)
                for i in _bits(new_white):
                    fixed_white |= 1 << (i * width + column)
            for fixed, masks in ((new_black, black), (new_white, white)):
                for i in _bits(fixed):
                    crossing = base + i
                    masks[crossing] |= bit
                    if crossing not in queued and clues[crossing] is not None:
                        queue.append(crossing)
                        queued.add(crossing)
        self.fixed_black, self.fixed_white = fixed_black, fixed_white
        return failed

    def _try(self, r: int, c: int, colour: int) -> tuple[int | None, list[int], list[int], int, int]:
        """Cell (r, c) set to ``colour`` and propagated, the board left unchanged: (failed line,
        black and white line masks after it, the cells it fixed as two board masks)."""
        black, white = self.black, self.white
        self.black, self.white = black[:], white[:]
        self.assign(r, c, colour)
        self.fixed_black = self.fixed_white = 0
        failed = self.propagate((r, self.height + c))
        tried = (failed, self.black, self.white, self.fixed_black, self.fixed_white)
        self.black, self.white = black, white
        return tried

    def probe(self, stop_at: float | None = None,
              progress: Callable[[str], None] | None = None) -> tuple[int | None, bool]:
        """Try each open cell black and white; keep what every surviving try agrees on.

        A colour whose try ends in a contradiction is impossible, so the cell takes the
        other one; when both tries survive, cells that both fixpoints fix alike are fixed
        (they are forced whichever colour the cell has).  Repeats until a whole pass
        changes nothing, or until ``time.perf_counter()`` reaches ``stop_at`` (what was
        fixed so far stays valid).  Returns the contradicting line when both colours of a
        cell fail (else None) and whether probing ran to its end.  ``progress`` gets a
        line of text about once a second.
        """
        shown = time.perf_counter()
        changed, passes = True, 0
        while changed:
            changed, passes = False, passes + 1
            # Only the last pass (which changed nothing) probed every open cell to the end.
            self._new_pass()
            for r in range(self.height):
                now = time.perf_counter()
                if stop_at is not None and now >= stop_at:
                    return None, False
                if progress is not None and now - shown >= PROGRESS_EVERY:
                    shown = now
                    progress(f"probing pass {passes}, row {r + 1}/{self.height}: {self.open_cells()} cells open")
                failed, row_changed = self._probe_row(r)
                changed = changed or row_changed
                if failed is not None:
                    return failed, True
        return None, True

    def _new_pass(self) -> None:
        self.scores = {}

    def _probe_row(self, r: int) -> tuple[int | None, bool]:
        """Probe the open cells of row ``r``: (the contradicting line or None, whether a cell was fixed)."""
        height, width = self.height, self.width
        changed = False
        for c in range(width):
            if (self.black[r] | self.white[r]) >> c & 1:
                continue
            black_failed, black_b, black_w, black_fixed_b, black_fixed_w = self._try(r, c, BLACK)
            white_failed, white_b, white_w, white_fixed_b, white_fixed_w = self._try(r, c, WHITE)
            if black_failed is not None and white_failed is not None:
                return r, changed
            if black_failed is not None or white_failed is not None:
                # The survivor is already a line fixpoint: take it whole.
                self.black, self.white = (white_b, white_w) if black_failed is not None else (black_b, black_w)
                changed = True
                continue
            lines = []
            for colour, agreed in ((BLACK, black_fixed_b & white_fixed_b), (WHITE, black_fixed_w & white_fixed_w)):
                for position in _bits(agreed):
                    rr, cc = divmod(position, width)
                    self.assign(rr, cc, colour)
                    lines += (rr, height + cc)
            if not lines:
                self.scores[r, c] = ((black_fixed_b | black_fixed_w).bit_count(),
                                     (white_fixed_b | white_fixed_w).bit_count())
                continue
            changed = True
            failed = self.propagate(lines)
            if failed is not None:
                return failed, changed
        return None, changed

    def domains(self, failed: int | None = None, finished: bool = True,
                scores: dict | None = None) -> NonogramDomains:
        """The board as domains: the start sets come from one more solve of every line on it."""
        starts = {}
        black, white = self.black, self.white
        for line, clue in enumerate(self.clues):
            if clue is None:
                continue
            outcome = _solve_masks(clue, self.lengths[line], black[line], white[line])
            if outcome is None:
                starts[self.key(line)] = tuple(() for _ in clue)
                failed = line if failed is None else failed
            else:
                starts[self.key(line)] = _start_lists(outcome[2])
        contradiction = None if failed is None else self.key(failed)
        return NonogramDomains(self.cells(), starts, contradiction, finished, scores or {})
