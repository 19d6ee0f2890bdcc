"""Block placement: "the black cells of a line form runs b_1..b_k, in order".

A line has cells 1..L with binaries z(c) (1 = black) and a clue b_1..b_k (k may be 0).
Two linearisations, block starts (in a light and a tight form) and a line automaton; all
are exact for binaries, and the tight starts and the automaton are ideal for one line.

Block starts ("blocks" and "blocks-tight" encodings).  Block j may start at s in its
window W_j = [e_j, l_j] with e_j = 1 + sum_{i<j} (b_i + 1) (the blocks before it packed
left) and l_j = L + 1 - b_j - sum_{i>j} (b_i + 1) (the blocks after it packed right).
Binaries y(j,s) = 1 iff block j starts at cell s; write Y_j(t) = sum_{s in W_j, s<=t} y(j,s).

    block_once(j):       sum_{s in W_j} y(j,s) = 1                          j = 1..k
    block_order(j,t):    y(j+1,t) - Y_j(t - b_j - 1) <= 0                   j < k, t in W_{j+1}
    cover(c):            z(c) - sum_j sum_{s in W_j, c-b_j < s <= c} y(j,s) = 0    c = 1..L

``block_order`` says "if block j+1 starts at t, block j started at or before
t - b_j - 1", i.e. start_{j+1} >= start_j + b_j + 1: at least one white cell between
them.  ``cover`` makes z(c) the number of blocks covering c, which is 0 or 1 because
ordered blocks never overlap.  Rows whose right side is certainly 1
(t - b_j - 1 >= l_j) are left out: ``block_once`` implies them.

The tight variant ("blocks-tight") writes the ordering on cumulative sums,

    block_order(j,t):    Y_{j+1}(t) - Y_j(t - b_j - 1) <= 0

"block j+1 started by t implies block j started by t - b_j - 1".  Both are exact for
binaries; the per-start form is weaker in the LP (it lets the LP spread block j+1 early
and block j late), the cumulative one is ideal for one line: in the Y variables every row
is a difference constraint Y_a(t) - Y_b(t') <= 0, with 0 <= Y_j(t-1) <= Y_j(t) <= 1, a
network matrix, so the line's polytope is integral and its projection onto z is the
convex hull of the line's solutions.  The price is density: a cumulative row has up to
|W_{j+1}| + |W_j| terms instead of 1 + |W_j|.  With HiGHS the lighter rows are faster on
easy puzzles and neither form wins on hard ones (``models/nonogram.py``).

Line automaton ("automaton" encoding).  Spell the clue as the pattern
P = 1^{b_1} 0 1^{b_2} 0 ... 0 1^{b_k} of length m = sum b + k - 1, and let state q in
0..m count the pattern characters read.  Reading a cell in state q: black moves to q+1
if P[q+1] = 1; white moves to q+1 if P[q+1] = 0 (the one compulsory gap) and stays in q
if q = 0, q = m or P[q] = 0 (extra white before, after, or inside a gap).  The layered
graph has a node (i, q) for each boundary i = 0..L (after i cells) with q <= i and
m - q <= L - i (the others cannot lie on a path from (0, 0) to (L, m)), and one binary
a(c, q, colour) per arc from (c-1, q) over cell c.  A line is valid iff one unit of flow
runs from (0, 0) to (L, m):

    flow(0, 0):          sum_{arcs out of (0,0)} a = 1
    flow(i, q):          sum_{arcs into (i,q)} a - sum_{arcs out of (i,q)} a = 0    0 < i < L
    cover(c):            z(c) - sum_q a(c, q, black) = 0                            c = 1..L

(the sink row at i = L is the sum of the others and is left out).  The matrix is a
network matrix, so this is also ideal for one line; it has about (m+1)(L-m+1) arcs
against k (L-m+1) starts: more variables for the LP bound of "blocks-tight".

An empty clue (k = 0) leaves only ``cover``: z(c) = 0.  A clue that cannot fit
(m > L) gets an empty window or an empty graph, and its ``block_once`` / ``flow`` row
reads 0 = 1: infeasible, as it should be.

Domain reduction (``futomip.reduction``) may hand narrower sets: ``windows`` replaces
each W_j by the starts that some colouring of the line still allows (any increasing
subset works: the rows above never assume W_j is an interval), and ``colours`` removes
the arcs that read a colour a cell can no longer take.

Row and variable keys are the caller's ``line`` key followed by the indices above (all
1-based), e.g. ``block_order(row,3,1,7)``.  Only ``futomip.linear`` is imported.
"""

from __future__ import annotations

from typing import Hashable, Mapping, Sequence

from futomip.linear import LinearModel, Var

__all__ = [
    "Windows",
    "start_windows",
    "start_keys",
    "block_starts",
    "pattern_states",
    "arc_keys",
    "line_automaton",
    "BLACK_ARC",
    "WHITE_ARC",
]

BLACK_ARC = "b"
"""The colour an automaton arc reads on a black cell (cell states are 0/1; this names an arc)."""
WHITE_ARC = "w"
"""The colour an automaton arc reads on a white cell."""

Windows = Sequence[Sequence[int]]
"""For each block of a line, its allowed 1-based starts in increasing order."""


def start_windows(clue: Sequence[int], length: int) -> list[range]:
    """For each block j (0-based) the 1-based cells where it can start; empty ranges if it cannot fit."""
    windows = []
    for j, run in enumerate(clue):
        earliest = 1 + sum(b + 1 for b in clue[:j])
        latest = length + 1 - run - sum(b + 1 for b in clue[j + 1:])
        windows.append(range(earliest, latest + 1))
    return windows


def start_keys(line: tuple, clue: Sequence[int], length: int, windows: Windows | None = None) -> list[tuple]:
    """The keys ``line + (j, s)`` of the start variables of one line (j, s 1-based).

    ``windows`` narrows the starts of each block (1-based, increasing) to a subset of
    ``start_windows``, as domain reduction leaves them; None keeps the full windows.
    """
    windows = start_windows(clue, length) if windows is None else windows
    return [line + (j + 1, s) for j, window in enumerate(windows) for s in window]


def block_starts(
    model: LinearModel,
    line: tuple,
    clue: Sequence[int],
    cells: Sequence[Var],
    start: Mapping[Hashable, Var],
    tight: bool = False,
    windows: Windows | None = None,
) -> None:
    """Add ``block_once``, ``block_order`` and ``cover`` rows tying ``cells`` to the starts.

    ``start`` maps ``line + (j, s)`` (as from ``start_keys``, with the same ``windows``) to
    the variable y(j,s); ``tight`` writes ``block_order`` on cumulative sums (the
    "blocks-tight" encoding).
    """
    windows = start_windows(clue, len(cells)) if windows is None else windows
    for j, window in enumerate(windows):
        model.add("block_once", line + (j + 1,), [(start[line + (j + 1, s)], 1.0) for s in window], "==", 1)
    for j in range(len(clue) - 1):
        before, after = windows[j], windows[j + 1]
        if not before:
            continue  # block_once(j) already reads 0 = 1.
        for t in after:
            last_before = t - clue[j] - 1
            if last_before >= before[-1]:
                continue  # Y_j(t - b_j - 1) = 1 already, so the row is implied by block_once.
            later = [s for s in after if s <= t] if tight else [t]
            terms = [(start[line + (j + 2, s)], 1.0) for s in later]
            terms += [(start[line + (j + 1, s)], -1.0) for s in before if s <= last_before]
            model.add("block_order", line + (j + 1, t), terms, "<=", 0)
    for c, cell in enumerate(cells, start=1):
        terms = [(cell, 1.0)]
        for j, window in enumerate(windows):
            terms += [(start[line + (j + 1, s)], -1.0) for s in window if c - clue[j] < s <= c]
        model.add("cover", line + (c,), terms, "==", 0)


def _pattern(clue: Sequence[int]) -> list[int]:
    pattern: list[int] = []
    for run in clue:
        pattern += [0] * bool(pattern) + [1] * run
    return pattern


def _moves(pattern: list[int], q: int) -> list[tuple[str, int]]:
    """The (colour, next state) moves out of state q."""
    m = len(pattern)
    moves = []
    if q < m and pattern[q] == 1:
        moves.append((BLACK_ARC, q + 1))
    if q < m and pattern[q] == 0:
        moves.append((WHITE_ARC, q + 1))
    if q == 0 or q == m or pattern[q - 1] == 0:
        moves.append((WHITE_ARC, q))
    return moves


def pattern_states(clue: Sequence[int], length: int) -> list[list[int]]:
    """For each boundary i = 0..length the states q that lie on some accepting path."""
    m = len(_pattern(clue))
    return [[q for q in range(m + 1) if q <= i and m - q <= length - i] for i in range(length + 1)]


def arc_keys(line: tuple, clue: Sequence[int], length: int,
             colours: Sequence[str] | None = None) -> list[tuple]:
    """The keys ``line + (c, q, colour)`` of the arc variables of one line.

    ``colours[c-1]`` (when given) holds the colours cell c may still take, as domain
    reduction leaves them: arcs reading another colour are left out, and ``line_automaton``
    leaves out whatever is not in its ``arc`` map.
    """
    pattern = _pattern(clue)
    states = pattern_states(clue, length)
    keys = []
    for c in range(1, length + 1):
        targets = set(states[c])
        allowed = (BLACK_ARC, WHITE_ARC) if colours is None else colours[c - 1]
        for q in states[c - 1]:
            keys += [line + (c, q, colour) for colour, nxt in _moves(pattern, q) if nxt in targets and colour in allowed]
    return keys


def line_automaton(
    model: LinearModel,
    line: tuple,
    clue: Sequence[int],
    cells: Sequence[Var],
    arc: Mapping[Hashable, Var],
) -> None:
    """Add ``flow`` and ``cover`` rows tying ``cells`` to a unit flow through the line's automaton.

    ``arc`` maps ``line + (c, q, colour)`` (as from ``arc_keys``) to the variable a(c,q,colour).
    """
    length = len(cells)
    pattern = _pattern(clue)
    states = pattern_states(clue, length)
    # Group the arcs by the node they leave and the node they enter.
    leaving: dict[tuple[int, int], list[Var]] = {}
    entering: dict[tuple[int, int], list[Var]] = {}
    black: dict[int, list[Var]] = {c: [] for c in range(1, length + 1)}
    for c in range(1, length + 1):
        for q in states[c - 1]:
            for colour, nxt in _moves(pattern, q):
                key = line + (c, q, colour)
                if key not in arc:
                    continue
                leaving.setdefault((c - 1, q), []).append(arc[key])
                entering.setdefault((c, nxt), []).append(arc[key])
                if colour == BLACK_ARC:
                    black[c].append(arc[key])
    model.add("flow", line + (0, 0), [(var, 1.0) for var in leaving.get((0, 0), [])], "==", 1)
    for i in range(1, length):
        for q in states[i]:
            terms = [(var, 1.0) for var in entering.get((i, q), [])]
            terms += [(var, -1.0) for var in leaving.get((i, q), [])]
            model.add("flow", line + (i, q), terms, "==", 0)
    for c, cell in enumerate(cells, start=1):
        model.add("cover", line + (c,), [(cell, 1.0)] + [(var, -1.0) for var in black[c]], "==", 0)
