"""straight: the cells of a run hold a set of consecutive values, in any order.

A run has L cells; each cell c takes a value in 1..n through one-hot binaries ``x[c,v]``
(``sum_v x[c,v] = 1`` is added elsewhere).  The run is a straight iff its values are
{s, s+1, ..., s+L-1} for some start s in 1..n-L+1.

Linearisation ("start" encoding) with one binary ``y[s]`` per possible start:

    straight_start(run):    sum_{s=1..n-L+1} y[s] = 1
    straight_value(run,v):  sum_{c in run} x[c,v] - sum_{s : s <= v <= s+L-1} y[s] = 0     v = 1..n

Why this is exact.  Let s* be the start with y[s*] = 1 (the first row makes it unique).
The value rows say that each value inside the window W = {s*, ..., s*+L-1} is used by
exactly one cell of the run and every value outside W by none.  The run has L cells and W
has L values, so the cells hold W in some order: a straight.  Conversely, a straight with
smallest value s satisfies every row with y[s] = 1 and the other y at 0, and that choice of
y is forced (the window is fixed by the smallest value), so the y add no extra solutions:
the projection onto x is exactly the set of straights, and counting solutions in x counts
puzzle solutions.  The value rows also make the run's values all different, so no separate
all-different row is needed inside a run.

Size: n - L + 1 binaries and n + 1 rows per run.  For L = n the single start is forced and
the rows say "every value once", the permutation rows of ``all_different``.

Strength: the LP relaxation is exact at integer points but is not the convex hull of one
run's straights: LPs with random objectives over a single run (cell rows plus these rows)
have fractional optimal vertices for 2 <= L <= n - 2 (measured for n = 4, 5, 6, 9).  The
hull would need a copy of the cell variables per start (a disjunctive formulation, about
L * L * (n - L + 1) binaries per run); the 9x9 puzzles in ``data/`` solve in well under a
second without it, so it is not offered as an encoding.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from futomip.linear import LinearModel, Var

__all__ = ["straight_starts", "straight"]


def straight_starts(length: int, n: int) -> range:
    """The possible smallest values of a straight of ``length`` cells over 1..n."""
    return range(1, n - length + 2)


def straight(
    model: LinearModel,
    key: tuple,
    cells: Sequence[Mapping[int, Var]],
    starts: Mapping[int, Var],
    n: int,
) -> None:
    """Add ``straight_start(key)`` and ``straight_value(key + (v,))`` for v = 1..n.

    ``cells`` holds, per cell of the run, a map value -> variable (a missing value means
    the cell cannot take it); ``starts`` maps each start s in ``straight_starts`` to y[s].
    """
    length = len(cells)
    model.add("straight_start", key, [(starts[s], 1.0) for s in straight_starts(length, n)], "==", 1)
    for v in range(1, n + 1):
        terms = [(cell[v], 1.0) for cell in cells if v in cell]
        # The windows containing v are those starting at v-L+1..v, cut to the valid starts.
        terms += [(starts[s], -1.0) for s in straight_starts(length, n) if s <= v <= s + length - 1]
        model.add("straight_value", key + (v,), terms, "==", 0)
