"""The exact solver of one nonogram line: the cells and block starts that no colouring of
the line agreeing with its known cells can avoid or use.

Each line on its own is solved exactly: given its clue b_1..b_k and the cells already
known (black, white or unknown), a dynamic program finds every start s of every block j
that lies on at least one colouring of the whole line that agrees with the known cells,

    P(j, i): cells [0, i) can hold blocks 1..j (a block may end at i)
    S(j, i): cells [i, L) can hold blocks j+1..k (a block may start at i)
    block j+1 may start at s  iff  no known white in [s, s + b), the cell before s is not
             black and P(j, s - 1) (or s = 0 and j = 0), and the cell after the block is
             not black and S(j + 1, s + b + 1) (or the block ends the line and j + 1 = k),

(0-based cells), and a cell is then black in every such colouring (no placement leaves it
white) or white in every one (no valid start covers it).  The program runs on whole lines
at once: a line's known cells are two bit masks (Python integers, bit c = cell c), and
P(j, .) is one mask built from P(j - 1, .) with a handful of integer operations:

    fit(b)    bit s set iff [s, s + b) holds no known white: AND of the not-white mask
              shifted by 0..b-1, in O(log b) steps by doubling
    fill(S)   every position reachable from S moving right over not-black cells, with one
              addition: the carry of M + (S & M) runs through a run of ones of M
              (M = not-black cells), so ((M + (S & M)) ^ M) | S is the reachable set
    P(j, .)   fill((starts of block j allowed from the left) << b_j), where the starts
              allowed from the left are fit(b_j) & (P(j - 1, .) & not-black) << 1

S(j, .) is the same program on the mirrored line (the clue reversed), so a line costs
O(k log L) integer operations instead of O(k L) Python steps.

Used by the reduction (``futomip.reduction.nonogram``: the fixpoint over all lines and
probing) and by the clause-learning search.  Only ``futomip.puzzles`` is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..puzzles.nonogram import Runs

__all__ = ["UNKNOWN", "WHITE", "BLACK", "LineSolution", "solve_line", "solve_masks", "bits", "start_lists"]

UNKNOWN, WHITE, BLACK = -1, 0, 1


@dataclass(frozen=True)
class LineSolution:
    """What one line allows: ``cells`` (new states, ``UNKNOWN`` where both colours remain)
    and ``starts`` (for each block, the 0-based cells where it may start), or ``cells`` None
    when no colouring agrees with the known cells."""

    cells: tuple[int, ...] | None
    starts: tuple[tuple[int, ...], ...]


_STEPS: dict[int, tuple[int, ...]] = {}


def _steps(run: int) -> tuple[int, ...]:
    """Shifts that widen a one-cell window to ``run`` cells by doubling: 1, 2, 4, ..., rest."""
    steps = _STEPS.get(run)
    if steps is None:
        steps, have = [], 1
        while have < run:
            steps.append(min(have, run - have))
            have += steps[-1]
        steps = _STEPS[run] = tuple(steps)
    return steps


def _fit(free: int, run: int) -> int:
    """Bit s set iff cells s..s+run-1 all lie in ``free``."""
    for step in _steps(run):
        free &= free >> step
    return free


def _spread(starts: int, run: int) -> int:
    """Every cell covered by a block of length ``run`` starting at a bit of ``starts``."""
    for step in _steps(run):
        starts |= starts << step
    return starts


def _reverse(mask: int, width: int) -> int:
    """``mask`` read backwards over ``width`` bits (bit p becomes bit width-1-p)."""
    return int(format(mask, f"0{width}b")[::-1], 2) if width else 0


def _prefixes(clue: Runs, not_black: int, not_white: int) -> tuple[list[int], list[int]]:
    """P(0..k, .) as position masks (bit i: cells [0, i) can hold the first j blocks),
    and for each block the starts allowed by what lies before it (fit included)."""
    # The carry of not_black + (seed & not_black) sweeps each run of not-black cells from
    # the seed to the position after the run: the positions reachable over white-able cells.
    reach = ((not_black + (1 & not_black)) ^ not_black) | 1
    reaches, lefts = [reach], []
    for j, run in enumerate(clue):
        begin = reach if j == 0 else (reach & not_black) << 1
        left = begin & _fit(not_white, run)
        lefts.append(left)
        seed = left << run
        reach = ((not_black + (seed & not_black)) ^ not_black) | seed
        reaches.append(reach)
    return reaches, lefts


def solve_masks(clue: Runs, length: int, black: int, white: int) -> tuple[int, int, list[int]] | None:
    """The line in masks: (cells that can be black, cells that can be white, each block's
    valid starts as a mask), or None when no colouring agrees with the known cells."""
    full = (1 << length) - 1
    not_black, not_white = full & ~black, full & ~white
    reaches, lefts = _prefixes(clue, not_black, not_white)
    if not reaches[-1] >> length & 1:
        return None
    back_reaches, rights = _prefixes(clue[::-1], _reverse(not_black, length), _reverse(not_white, length))
    # Reversing the mirrored masks one by one costs a string round trip each; reversing them
    # packed side by side (stride ``length + 1``) costs one for all of them.
    stride, k = length + 1, len(clue)
    packed = 0
    for mask in back_reaches + rights:
        packed = packed << stride | mask
    packed = _reverse(packed, stride * (2 * k + 1))
    window = (1 << stride) - 1
    # Reversed, the chunks come in the opposite order (the reaches of the mirrored line
    # first) and each is mirrored within ``length + 1`` bits: bit p becomes bit length - p.
    can_black, starts = 0, []
    for j, run in enumerate(clue):
        # Block j is mirrored block k-1-j, whose mirrored start p is the real start length - p - run.
        valid = lefts[j] & ((packed >> ((2 * k - j) * stride)) & window) >> run
        starts.append(valid)
        can_black |= _spread(valid, run)
    can_white = 0
    for j in range(k + 1):
        # Cell c can be white between blocks j-1 and j: P(j, c) and S(j, c + 1), where S(j, .)
        # is the mirrored P(k - j, .).
        can_white |= reaches[j] & ((packed >> ((k - j) * stride)) & window) >> 1
    return can_black, can_white & not_black, starts


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def start_lists(starts: list[int]) -> tuple[tuple[int, ...], ...]:
    """Each block's valid-start mask as the sorted tuple of its starts."""
    return tuple(tuple(bits(valid)) for valid in starts)


def solve_line(clue: Runs, known: Sequence[int]) -> LineSolution:
    """Solve one line exactly: every start and cell state that some valid colouring agrees with."""
    black = sum(1 << c for c, state in enumerate(known) if state == BLACK)
    white = sum(1 << c for c, state in enumerate(known) if state == WHITE)
    outcome = solve_masks(tuple(clue), len(known), black, white)
    if outcome is None:
        return LineSolution(None, tuple(() for _ in clue))
    can_black, can_white, starts = outcome
    cells = tuple(UNKNOWN if can_black >> c & can_white >> c & 1 else BLACK if can_black >> c & 1 else WHITE
                  for c in range(len(known)))
    return LineSolution(cells, start_lists(starts))
