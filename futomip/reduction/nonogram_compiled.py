"""A nonogram board whose line fixpoint and probing run in the compiled kernels.

``ArrayBoard`` is a ``nonogram.Board`` with the same methods and the same results (the same
fixpoints, failed lines and probing scores, in the same order), whose cells live in one
``int8`` array that the kernels of ``nonogram_kernels`` work on; ``BitBoard`` keeps two
``uint64`` masks per line instead (lines of at most 62 cells).  ``new_board`` picks one of
them when ``use_kernels`` says so, and the plain mask board otherwise: interpreted, the
kernels' element-by-element loops are slower than the masks.

When to compile.  Importing numba and loading the cached kernels costs about a second (more
on a loaded machine), while root probing of a 25x25 puzzle costs 0.1-0.3 s in Python.  So a
puzzle uses the kernels when it has at least ``COMPILE_CELLS`` cells and either the kernels
pay in this process already (``futomip.compiled.pays``: they are loaded, or the Python
work of this process has reached the cost of loading them, as in a batch of many medium
puzzles), or it is large (``EAGER_CELLS``),
or its search has run ``KERNEL_AFTER`` seconds in Python (the searches then switch).

``LineKernel`` does the same for single lines given as masks (the clause-learning search).
``reduce``, the nonogram entry of ``futomip.reduction``, lives here because it picks the board
(it sat in ``nonogram`` and imported this module back, a circle).  Only ``futomip.compiled``, ``futomip.puzzles`` and the other nonogram reduction modules are
imported.
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from ..compiled import compile_requested, compiled, compiled_without_waiting, count_interpreted, loading, pays
from ..puzzles.nonogram import Nonogram, Runs
from . import nonogram_explain_kernels as explain_kernels
from . import nonogram_kernels as kernels
from . import nonogram_line_kernels as line_kernels
from .nonogram import UNKNOWN, Board, NonogramDomains

__all__ = ["COMPILE_CELLS", "EAGER_CELLS", "KERNEL_AFTER", "SEARCH_KERNEL_AFTER", "ArrayBoard", "BitBoard", "LineKernel",
           "kernels_coming", "new_board", "reduce", "use_kernels"]

COMPILE_CELLS = 100
"""Puzzles with fewer cells keep the mask board (and never import numba)."""

EAGER_CELLS = 1600
"""Puzzles with at least this many cells (40x40) use the kernels from the start."""

SEARCH_KERNEL_AFTER = 1.0
"""Seconds the clause-learning search runs in Python before it hands over to the compiled one
(``nonogram_cdcl``).  That one makes some 16-20x more decisions a second (docs/measurements.md),
so after loading the kernels (0.5-1 s) the rest of the search costs little: handing over once
the Python search has run about as long as the load costs is the ski-rental rule (at most about
twice the better choice made in hindsight, plus the restart the handover waits for)."""

KERNEL_AFTER = 4.0
"""Seconds a search runs in Python before it loads the kernels.  Loading costs 0.5-1 s (numba's
import and its cache; more on a loaded machine) and the learning search gains about 1.5x from
compiled line solves, so a search shorter than a few seconds would lose (measured in
docs/measurements.md: with 1 s, puzzles solved in 2-4 s took a second longer)."""


def use_kernels(puzzle: Nonogram, since: float | None = None, after: float = KERNEL_AFTER,
                stop_at: float | None = None) -> bool:
    """Whether work on ``puzzle`` that began at ``since`` (``time.perf_counter()``; None: now)
    should run in the kernels, by the rule in the module text (imports numba when it says yes);
    ``after`` replaces ``KERNEL_AFTER`` (the whole compiled search gains more than a board);
    ``stop_at``, the work's deadline, goes to ``futomip.compiled.pays``."""
    return _worth(puzzle, since, after, stop_at) and compiled("nonogram")


def kernels_coming(puzzle: Nonogram, since: float, after: float, touch: Callable[[], None],
                   stop_at: float | None = None) -> bool:
    """``use_kernels`` for a search that must not wait for numba: True when the rule says yes
    and the kernels are loaded or a thread now loads them (``futomip.compiled.
    compiled_without_waiting``, which then calls ``touch``); the caller waits for that thread
    with ``futomip.compiled.loading`` where it can keep its turns meanwhile."""
    if not _worth(puzzle, since, after, stop_at):
        return False
    return compiled_without_waiting("nonogram", touch) or loading("nonogram")


def _worth(puzzle: Nonogram, since: float | None, after: float, stop_at: float | None) -> bool:
    """The rule of the module text: whether work on ``puzzle`` since ``since`` wants the kernels."""
    if _small(puzzle) or not compile_requested():
        return False
    return (pays(stop_at, "nonogram") or puzzle.height * puzzle.width >= EAGER_CELLS
            or (since is not None and time.perf_counter() - since >= after))


def _small(puzzle: Nonogram) -> bool:
    """Whether ``puzzle`` is below ``COMPILE_CELLS``: it never uses the kernels."""
    return puzzle.height * puzzle.width < COMPILE_CELLS


def new_board(puzzle: Nonogram, since: float | None = None, stop_at: float | None = None) -> Board:
    """The board for ``puzzle``: a ``BitBoard`` (or, for lines longer than ``BIT_LINE``, an
    ``ArrayBoard``) when ``use_kernels``, else a ``Board``."""
    if not use_kernels(puzzle, since, stop_at=stop_at):
        return Board(puzzle)
    return BitBoard(puzzle) if max(puzzle.height, puzzle.width) <= line_kernels.BIT_LINE else ArrayBoard(puzzle)


def _clue_arrays(clues: Sequence[Runs | None]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The clues as the kernels read them: (runs, first, count), count -1 for no clue."""
    runs = [run for clue in clues if clue is not None for run in clue]
    first, count, at = [], [], 0
    for clue in clues:
        first.append(at)
        count.append(-1 if clue is None else len(clue))
        at += 0 if clue is None else len(clue)
    return (np.array(runs or [0], dtype=np.int64), np.array(first, dtype=np.int64),
            np.array(count, dtype=np.int64))


def _pick(function, interpreted: bool):
    return function.interpreted if interpreted else function


class ArrayBoard(Board):
    """``Board`` over an ``int8`` cell array, its fixpoint and probing in kernels.

    ``interpreted=True`` runs the kernels' Python source (the tests compare both).  Unlike
    ``Board.propagate``, ``propagate`` does not keep ``fixed_black``/``fixed_white`` (probing,
    their only reader, is a kernel here)."""

    def __init__(self, puzzle: Nonogram, interpreted: bool = False) -> None:  # noqa: super().__init__ keeps masks
        self.puzzle = puzzle
        self.height, self.width = height, width = puzzle.height, puzzle.width
        self.clues = list(puzzle.rows) + list(puzzle.cols)
        self.lengths = [width] * height + [height] * width
        self.runs, self.first, self.count = _clue_arrays(self.clues)
        self.board = np.full(height * width, UNKNOWN, dtype=np.int8)
        most_runs = max((len(clue) for clue in self.clues if clue is not None), default=0)
        self.work = kernels.Work(height * width, height + width, max(height, width), most_runs)
        self._scores = np.full((height * width, 2), -1, dtype=np.int32)
        self._fixpoint = _pick(kernels.line_fixpoint, interpreted)
        self._probe_kernel = _pick(kernels.probe_row, interpreted)

    def load(self, cells: Sequence[Sequence[int]]) -> None:
        self.board[:] = np.array(cells, dtype=np.int8).reshape(-1)

    def assign(self, r: int, c: int, colour: int) -> None:
        self.board[r * self.width + c] = colour

    def state(self) -> np.ndarray:
        return self.board.copy()

    def restore(self, state: np.ndarray) -> None:
        self.board[:] = state

    def open_cells(self) -> int:
        return int(np.count_nonzero(self.board == UNKNOWN))

    def cells(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(row) for row in self.board.reshape(self.height, self.width).tolist())

    def _masks(self, colour: int) -> list[int]:
        grid = self.board.reshape(self.height, self.width) == colour
        return [int.from_bytes(np.packbits(line, bitorder="little").tobytes(), "little")
                for line in (*grid, *grid.T)]

    @property
    def black(self) -> list[int]:
        """Per line, the mask of its black cells (as ``Board.black``; computed, read-only)."""
        return self._masks(1)

    @property
    def white(self) -> list[int]:
        return self._masks(0)

    def propagate(self, lines) -> int | None:
        starting = np.fromiter(lines, dtype=np.int32)
        work = self.work
        failed, _ = self._fixpoint(self.runs, self.first, self.count, self.height, self.width, self.board,
                                   starting, len(starting), work.queue, work.queued, work.trail, 0,
                                   work.forward, work.backward, work.whites, work.cover, work.out, work.table)
        return None if failed < 0 else int(failed)

    @property
    def scores(self) -> dict[tuple[int, int], tuple[int, int]]:
        """``Board.scores``, from the kernel's array (in the row-major order Board records them)."""
        width = self.width
        return {divmod(int(v), width): (int(self._scores[v, 0]), int(self._scores[v, 1]))
                for v in np.flatnonzero(self._scores[:, 0] >= 0)}

    def _new_pass(self) -> None:
        self._scores[:] = -1

    def _probe_row(self, r: int) -> tuple[int | None, bool]:
        work = self.work
        failed, changed = self._probe_kernel(
            self.runs, self.first, self.count, self.height, self.width, self.board, r, self._scores,
            work.queue, work.queued, work.trail, work.other_trail, work.black_try, work.white_try,
            work.mark, work.agreed, work.lines, work.forward, work.backward, work.whites, work.cover,
            work.out, work.table)
        return (None if failed < 0 else int(failed)), bool(changed)


class BitBoard(ArrayBoard):
    """``ArrayBoard`` for puzzles whose lines all have at most ``BIT_LINE`` cells: each line's
    known cells are two ``uint64`` masks, as ``Board`` keeps them, so that a line solve in the
    kernels reads and writes two words instead of a strided run of cells."""

    def __init__(self, puzzle: Nonogram, interpreted: bool = False) -> None:
        super().__init__(puzzle, interpreted)
        lines = self.height + self.width
        self.masks = np.zeros((2, lines), dtype=np.uint64)  # white masks, black masks
        self.tries = np.zeros((4, lines), dtype=np.uint64)
        self._fixpoint = _pick(kernels.bit_fixpoint, interpreted)
        self._probe_kernel = _pick(kernels.probe_row_bits, interpreted)

    def load(self, cells: Sequence[Sequence[int]]) -> None:
        self.masks[:] = 0
        for r, row in enumerate(cells):
            for c, state in enumerate(row):
                if state != UNKNOWN:
                    self.assign(r, c, state)

    def assign(self, r: int, c: int, colour: int) -> None:
        masks = self.masks[colour]
        masks[r] |= np.uint64(1 << c)
        masks[self.height + c] |= np.uint64(1 << r)

    def state(self) -> np.ndarray:
        return self.masks.copy()

    def restore(self, state: np.ndarray) -> None:
        self.masks[:] = state

    def open_cells(self) -> int:
        known = self.masks[0, :self.height] | self.masks[1, :self.height]
        return self.height * self.width - sum(int(mask).bit_count() for mask in known)

    def cells(self) -> tuple[tuple[int, ...], ...]:
        black, white = self.black, self.white
        return tuple(tuple(1 if black[r] >> c & 1 else 0 if white[r] >> c & 1 else UNKNOWN
                           for c in range(self.width)) for r in range(self.height))

    def _masks(self, colour: int) -> list[int]:
        return [int(mask) for mask in self.masks[colour]]

    def propagate(self, lines) -> int | None:
        starting = np.fromiter(lines, dtype=np.int32)
        work = self.work
        failed, _ = self._fixpoint(self.runs, self.first, self.count, self.height, self.width, self.masks[1],
                                   self.masks[0], starting, len(starting), work.queue, work.queued, work.trail, 0,
                                   work.table)
        return None if failed < 0 else int(failed)

    def _probe_row(self, r: int) -> tuple[int | None, bool]:
        work = self.work
        failed, changed = self._probe_kernel(
            self.runs, self.first, self.count, self.height, self.width, self.masks[1], self.masks[0], r,
            self._scores, work.queue, work.queued, work.trail, work.other_trail, self.tries, work.mark,
            work.agreed, work.lines, work.table)
        return (None if failed < 0 else int(failed)), bool(changed)


class LineKernel:
    """``solve_masks`` for the lines of one puzzle, compiled: ``solve(line, black, white)``
    gives (cells that can be black, cells that can be white) or None; ``explain_cell`` and
    ``explain_conflict`` are those of ``nonogram_explain``.  Only for puzzles whose lines have
    at most ``BIT_LINE`` cells (``fits``)."""

    def __init__(self, clues: Sequence[Runs | None], lengths: Sequence[int], interpreted: bool = False) -> None:
        self.runs, self.first, self.count = _clue_arrays(clues)
        self.lengths = list(lengths)
        most_runs = max((len(clue) for clue in clues if clue is not None), default=0)
        self.table = np.zeros((4, most_runs + 1), dtype=np.uint64)
        self.layers = np.zeros((2, max(self.lengths) + 1), dtype=np.uint64)
        self._settle = _pick(line_kernels.settle_bits, interpreted)
        self._explain_cell = _pick(explain_kernels.explain_cell_bits, interpreted)
        self._explain_conflict = _pick(explain_kernels.explain_conflict_bits, interpreted)

    @staticmethod
    def fits(lengths: Sequence[int]) -> bool:
        return max(lengths, default=0) <= line_kernels.BIT_LINE

    def solve(self, line: int, black: int, white: int) -> tuple[int, int] | None:
        feasible, can_black, can_white = self._settle(self.runs, self.first[line], self.count[line],
                                                      self.lengths[line], np.uint64(black), np.uint64(white),
                                                      self.table)
        return (int(can_black), int(can_white)) if feasible else None

    def explain_cell(self, line: int, black: int, white: int, cell: int, colour: int) -> tuple[int, int]:
        """``nonogram_explain.explain_cell`` for ``line``, compiled."""
        reason = self._explain_cell(self.runs, self.first[line], self.count[line], self.lengths[line],
                                    np.uint64(black), np.uint64(white), cell, colour, self.layers)
        return int(reason[0]), int(reason[1])

    def explain_conflict(self, line: int, black: int, white: int) -> tuple[int, int]:
        """``nonogram_explain.explain_conflict`` for ``line``, compiled."""
        reason = self._explain_conflict(self.runs, self.first[line], self.count[line], self.lengths[line],
                                        np.uint64(black), np.uint64(white), self.layers)
        return int(reason[0]), int(reason[1])


def reduce(puzzle: Nonogram, level: str = "probing", stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> NonogramDomains:
    """Run line solving to its fixpoint on ``puzzle`` (then probing, at level "probing").

    Probing stops early when ``time.perf_counter()`` reaches ``stop_at``; ``progress``
    receives a line of text about once a second while it runs.
    """
    if level not in ("lines", "probing"):
        raise ValueError(f"nonogram reduction level must be 'lines' or 'probing', got {level!r}")
    started = time.perf_counter()
    board = new_board(puzzle, stop_at=stop_at)
    failed = board.propagate(range(len(board.clues)))
    finished = True
    if failed is None and level == "probing":
        failed, finished = board.probe(stop_at, progress)
    if type(board) is Board and not _small(puzzle):
        count_interpreted(time.perf_counter() - started)
    # Branching scores are only complete when probing ran to its end.
    return board.domains(failed, finished, board.scores if finished else None)
