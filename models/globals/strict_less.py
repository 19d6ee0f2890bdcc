"""strict_less: value(a) < value(b) for two cells with one-hot value variables.

Cell a holds v iff ``xa[v] = 1`` (v in 1..n, exactly one per cell), likewise b.

Tight ("tight" encoding), one row per threshold k = 1..n:

    sum_{v <= k} xb[v]  <=  sum_{v < k} xa[v]

read as "if b <= k then a < k".  Over the product of the two simplices these n rows are the
convex hull of the feasible pairs, so the LP relaxation already knows a < b.

Weighted ("weighted" encoding), one row:

    sum_v v * xb[v]  -  sum_v v * xa[v]  >=  1

exact for binaries but weak: fractional points can satisfy it on average.  Fewer rows and
nonzeros, which some solvers exploit (see the encoding table in docs/measurements.md).

Given the two cells' integer views (``one_hot.py``), either encoding's rows are recorded as
the decomposition of the global ``strict_less(a, b)``; CP-SAT builds ``a < b`` on its
integer variables instead (``futomip/backends/cpsat_globals/strict_less.py``).
"""

from __future__ import annotations

from typing import Hashable, Mapping

from futomip.linear import LinearModel, Var


def strict_less_tight(
    model: LinearModel, family: str, key: tuple, xa: Mapping[int, Var], xb: Mapping[int, Var], n: int,
    views: tuple[int, int] | None = None,
) -> None:
    """Add ``family(key + (k,))`` for k = 1..n: ``sum_{v<=k} xb[v] - sum_{v<k} xa[v] <= 0``.

    A cell's map may lack values (domain reduction removed them).  A row with no xb term,
    or one whose xa terms cover every value a can take (it then says ``sum xb <= 1``, which
    the cell's exactly-one row implies), is left out: it cuts nothing.  With full maps no
    row is left out.
    """
    first = len(model.constraints)
    top_a = max(xa, default=0)
    for k in range(1, n + 1):
        terms = [(xb[v], 1.0) for v in range(1, k + 1) if v in xb]
        if not terms or (xa and top_a < k):
            continue
        terms += [(xa[v], -1.0) for v in range(1, k) if v in xa]
        model.add(family, key + (k,), terms, "<=", 0)
    _record(model, views, first)


def strict_less_weighted(
    model: LinearModel, family: str, key: Hashable, xa: Mapping[int, Var], xb: Mapping[int, Var],
    views: tuple[int, int] | None = None,
) -> None:
    """Add ``family(key): sum v*xb[v] - sum v*xa[v] >= 1``."""
    terms = [(var, float(v)) for v, var in xb.items()] + [(var, -float(v)) for v, var in xa.items()]
    first = len(model.constraints)
    model.add(family, key, terms, ">=", 1)
    _record(model, views, first)


def _record(model: LinearModel, views: tuple[int, int] | None, first: int) -> None:
    """The rows from ``first`` on decompose ``strict_less(views)`` (when views are given)."""
    if views is not None:
        model.add_global("strict_less", views, range(first, len(model.constraints)))
