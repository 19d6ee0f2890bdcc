"""Nonogram as a 0/1 program: one binary per cell plus a block-placement model per line.

Data: an h x w board, a clue b(line) = (b_1..b_k) for every row and column (``None``
leaves a line unconstrained: it gets no rows at all).
Variables: black(r,c) in {0,1} for r = 1..h, c = 1..w; black(r,c) = 1 iff cell (r,c)
is black.  Each line L is ``(row, r)`` or ``(column, c)`` (1-based, as in the row names)
and ties its cells to its clue
through one of the two linearisations of ``globals/blocks.py``:

"blocks" (default): start(L,j,s) = 1 iff block j of line L starts at cell s,

    block_once(L,j):     sum_s start(L,j,s) = 1
    block_order(L,j,t):  start(L,j+1,t) - sum_{s<=t-b_j-1} start(L,j,s) <= 0
    cover(L,c):          black(cell c of L) - sum_j sum_{c-b_j < s <= c} start(L,j,s) = 0

"blocks-tight": the same with the ordering on cumulative sums,

    block_order(L,j,t):  sum_{s<=t} start(L,j+1,s) - sum_{s<=t-b_j-1} start(L,j,s) <= 0

"automaton": arc(L,c,q,colour) = 1 iff the line's pattern automaton reads cell c in
state q with that colour (``b`` black, ``w`` white),

    flow(L,i,q):         unit flow from (0,0) to (length, m) through the layered graph
    cover(L,c):          black(cell c of L) - sum_q arc(L,c,q,b) = 0

With domains from line solving (``futomip.reduction.nonogram``) the model shrinks to what
is still open: each block's start variables are only those at starts that some colouring
of its line allows, the automaton loses the arcs that read a colour a cell cannot take,
and every cell whose colour is forced gets

    known(r,c):          black(r,c) = colour(r,c)

(the per-block start sets alone would let two consecutive blocks straddle a forced black
cell).  Line solving keeps every solution, so the reduced model has the same 0/1
solutions; a contradiction found there becomes ``no_placement(line)``, a row reading
0 = 1, so the pipeline reports "infeasible" the usual way.

Each line's rows are recorded as the global ``regular`` over its cells
(``globals/regular.py``): with ``--globals native`` CP-SAT builds the line's pattern
automaton as ``AddAutomaton`` instead of these rows (and fixes the forced cells as
constants); every other solver and every LP/MPS file has the rows.

Every row and every column gets its own cover rows, so each cell appears in two of them
(once from its row and once from its column): that is where the lines interact.
"blocks-tight" and "automaton" are ideal for a single line (equal LP bounds); "blocks" is
weaker but sparser.  Measured with HiGHS (nonogram section of data/README.md): "blocks"
is about 30% faster on the many puzzles solved in about a second, "blocks-tight" and
"blocks" are tied on the hard ones (each wins some by 10x), and "automaton" is clearly
slower; so "blocks" is the default.  There is no objective.

No-good cut for a solution s (a 0/1 grid): ``exclude(s)``:
sum_{s(r,c)=1} (1 - black(r,c)) + sum_{s(r,c)=0} black(r,c) >= 1, written as
sum_{s=0} black - sum_{s=1} black >= 1 - |{s = 1}|; it removes exactly the grid s.
"""

from __future__ import annotations

from typing import Sequence

from futomip.linear import Formulation, LinearModel
from futomip.puzzles.nonogram import Grid, Nonogram
from futomip.reduction import nonogram as line_solving
from futomip.reduction.nonogram import NonogramDomains

from .globals import arc_keys, block_starts, line_automaton, start_keys
from .globals.blocks import BLACK_ARC, WHITE_ARC
from .globals.regular import arc_marks, record_line, start_marks

ENCODINGS = ("blocks", "blocks-tight", "automaton")

# Cell state from line solving -> the colours the automaton may still read there.
_ALLOWED = {line_solving.UNKNOWN: (BLACK_ARC, WHITE_ARC), line_solving.BLACK: (BLACK_ARC,),
            line_solving.WHITE: (WHITE_ARC,)}


def _lines(puzzle: Nonogram, black: dict) -> list[tuple[tuple, tuple[int, ...], list[int], tuple]]:
    """Every constrained line as ``(key, clue, cell columns, 0-based domain key)`` with 1-based keys."""
    h, w = puzzle.height, puzzle.width
    lines = []
    for r, clue in enumerate(puzzle.rows, start=1):
        if clue is not None:
            lines.append((("row", r), clue, [black[r, c] for c in range(1, w + 1)], ("row", r - 1)))
    for c, clue in enumerate(puzzle.cols, start=1):
        if clue is not None:
            lines.append((("column", c), clue, [black[r, c] for r in range(1, h + 1)], ("column", c - 1)))
    return lines


def column_estimate(puzzle: Nonogram) -> int:
    """Binary columns of the unreduced "blocks" model: one per cell and one per block start
    (the memory guard reads this before building; the automaton has a few times more)."""
    starts = 0
    for clue, length in [(clue, puzzle.width) for clue in puzzle.rows] + [(clue, puzzle.height) for clue in puzzle.cols]:
        if clue:
            starts += len(clue) * max(0, length - sum(clue) - len(clue) + 2)
    return puzzle.height * puzzle.width + starts


def formulate(puzzle: Nonogram, encoding: str = "blocks", domains: NonogramDomains | None = None) -> Formulation:
    """Build the model of ``puzzle`` with the chosen line encoding, on ``domains`` if given."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}")
    h, w = puzzle.height, puzzle.width
    model = LinearModel(name=f"nonogram_{h}x{w}")
    black = model.binaries("black", ((r, c) for r in range(1, h + 1) for c in range(1, w + 1)))
    lines = _lines(puzzle, black)
    windows = {line: None for line, _, _, _ in lines}
    colours = {line: None for line, _, _, _ in lines}
    if domains is not None:
        for line, clue, cells, key in lines:
            # Starts are 0-based in the reduction and 1-based in the model.
            windows[line] = [[s + 1 for s in block] for block in domains.starts.get(key, [()] * len(clue))]
            direction, index = key
            states = domains.cells[index] if direction == "row" else [row[index] for row in domains.cells]
            colours[line] = [_ALLOWED[state] for state in states]
    # A variable family is declared once, so every line's keys are gathered first.
    # Each line's rows are recorded as the global regular(cells) (CP-SAT's AddAutomaton
    # with --globals native), its start or arc columns as facts of the automaton's run.
    if encoding in ("blocks", "blocks-tight"):
        start = model.binaries("start", (key for line, clue, cells, _ in lines
                                         for key in start_keys(line, clue, len(cells), windows[line])))
        for line, clue, cells, _ in lines:
            first = len(model.constraints)
            block_starts(model, line, clue, cells, start, tight=encoding == "blocks-tight", windows=windows[line])
            record_line(model, clue, cells, first, start_marks(line, clue, len(cells), windows[line], start))
    else:
        keys = {line: arc_keys(line, clue, len(cells), colours[line]) for line, clue, cells, _ in lines}
        arc = model.binaries("arc", (key for line, _, _, _ in lines for key in keys[line]))
        for line, clue, cells, _ in lines:
            first = len(model.constraints)
            line_automaton(model, line, clue, cells, arc)
            record_line(model, clue, cells, first, arc_marks(keys[line], arc))
    if domains is not None:
        for r in range(h):
            for c in range(w):
                if domains.cells[r][c] != line_solving.UNKNOWN:
                    model.add("known", (r + 1, c + 1), [(black[r + 1, c + 1], 1.0)], "==", domains.cells[r][c])
        if domains.contradiction is not None:
            direction, index = domains.contradiction
            model.add("no_placement", (direction, index + 1), [], "==", 1)

    def decode(solution: Sequence[float]) -> Grid:
        # Rounding at 0.5 reads a binary that the solver left within its tolerance.
        return tuple(tuple(int(solution[black[r, c]] > 0.5) for c in range(1, w + 1)) for r in range(1, h + 1))

    def exclude(grid: Grid):
        terms = []
        ones = 0
        for r in range(h):
            for c in range(w):
                if grid[r][c]:
                    terms.append((black[r + 1, c + 1], -1.0))
                    ones += 1
                else:
                    terms.append((black[r + 1, c + 1], 1.0))
        return terms, ">=", 1 - ones

    return Formulation(model, decode, exclude, encoding)
