"""What the LP relaxation of a puzzle's model believes, cell by cell, for the heat map.

The model is the kind's default formulation (the encoding HiGHS is run with by default,
or the one asked for), unreduced, with every binary relaxed to ``0 <= x <= 1``, solved by
highspy directly.  The models have no objective, so "the LP optimum" is whatever vertex
the simplex stops at: one arbitrary point, and its bound says nothing.  The picture
instead shows a point in the *relative interior* of the relaxation, found thus:

1. solve the LP as it is (infeasible: the relaxation alone proves the puzzle has no
   solution; that is the picture);
2. while some drawn column J has been 0 in every point so far, maximise sum_{j in J} x_j:
   an optimum of 0 proves every column of J is 0 on the whole relaxation, otherwise the
   new point makes some of them positive; likewise minimise over the columns that have
   been 1 in every point so far;
3. average the points.

Each step either ends its side or moves a column out of J, so there are at most 2 + (number
of drawn columns) LPs, and in practice 2 or 3 (measured: hard 9x9 Futoshiki 0.15-0.7 s,
the 9x9 Str8ts sample 0.05 s).  Large nonograms are slow all the same: the unreduced 40x40
"knotty" takes 17 s (two interior-point solves; the simplex needs a minute for the first
alone); ``time_limit`` bounds the whole search.  The average is a point of the relaxation
(it is convex) whose drawn columns are 0 (or 1) exactly when the relaxation forces them to
0 (or 1): that part of the picture is exact.  The other weights depend on which vertices
HiGHS returned; they are a "where the LP could go" impression, not probabilities.

Drawn columns are the cell-level family: ``x(r,c,v)`` (Latin-family kinds, one weight per
value) or ``black(r,c)`` (nonograms, the fraction black).  A kind whose model has one of
these families gets a heat map for free.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import UnknownNameError
from ..kinds import kind_of

__all__ = ["Relaxation", "relax", "heat_of", "TOLERANCE"]

TOLERANCE = 1e-6
"""Below this a column counts as 0 (and above 1 minus it as 1): HiGHS' feasibility tolerance."""


@dataclass
class Relaxation:
    """The result of ``relax``: ``status`` is "optimal", "infeasible" or "time_limit" (the
    search for the interior point stopped early: 0 and 1 may then not be forced; without
    even one LP solved, ``heat`` is None)."""

    status: str
    encoding: str
    values: list[float] = field(default_factory=list)
    heat: dict | None = None
    solves: int = 0
    forced: int = 0
    """How many drawn columns the relaxation fixes to 0 or 1."""
    drawn: int = 0
    """How many columns the picture draws."""


def heat_of(model, values) -> dict | None:
    """Cell -> weight (``black``) or cell -> {value: weight} (``x``) from column values;
    cells 0-based, values as in the model; None when the model has neither family."""
    families = model.families
    if "x" in families:
        heat: dict = {}
        for (r, c, v), column in families["x"].items():
            heat.setdefault((r - 1, c - 1), {})[v] = values[column]
        return heat
    if "black" in families:
        return {(r - 1, c - 1): values[column] for (r, c), column in families["black"].items()}
    return None


def _drawn_columns(model) -> list[int]:
    families = model.families
    for name in ("x", "black"):
        if name in families:
            return list(families[name].values())
    return []


def relax(puzzle, encoding: str | None = None, time_limit: float | None = None) -> Relaxation:
    """The relative-interior point of ``puzzle``'s LP relaxation (see the module text)."""
    import time

    import highspy
    import numpy as np

    from ..pipeline.finder import default_encoding
    from ..solvers.highs import new_highs, pass_model, run_highs

    # The limit counts from here, so that building the model is inside it too.
    deadline = None if time_limit is None else time.monotonic() + time_limit
    module = kind_of(puzzle).model_module()
    encoding = encoding or default_encoding(puzzle, "highs")
    if encoding not in module.ENCODINGS:
        raise UnknownNameError("encoding", encoding, list(module.ENCODINGS))
    model = module.formulate(puzzle, encoding).model
    drawn = _drawn_columns(model)
    if model.num_vars == 0:
        # An all-black Str8ts: no column, so HiGHS has nothing to solve; the rows are constants.
        status = "optimal" if not model.is_satisfied_by([]) else "infeasible"
        return Relaxation(status, encoding, [], heat_of(model, []) if status == "optimal" else None)
    highs = new_highs()
    # The interior point method without crossover stops inside the optimal face rather than
    # at one of its vertices, so each solve reveals every column that face lets move: 2-4
    # solves instead of 7-14 with the simplex on hard 9x9 Futoshiki, and 0.15 s instead of 1 s.
    highs.setOptionValue("solver", "ipm")
    highs.setOptionValue("run_crossover", "off")
    pass_model(highs, model, integer=False)
    points: list = []
    solves = 0

    def solve(costs) -> None:
        nonlocal solves
        if costs is not None:
            highs.changeColsCost(len(costs), np.arange(len(costs), dtype=np.int32), np.asarray(costs, dtype=float))
        if deadline is not None:
            highs.setOptionValue("time_limit", max(0.0, deadline - time.monotonic()))
        run_highs(highs)
        solves += 1
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            raise _Stop("infeasible")
        if status != highspy.HighsModelStatus.kOptimal:
            raise _Stop("time_limit")
        points.append(np.asarray(highs.getSolution().col_value, dtype=float))

    try:
        solve(None)
        for sign in (-1.0, 1.0):  # maximise the never-positive columns, then minimise the never-one
            while True:
                seen = np.array(points)[:, drawn]
                stuck = [drawn[k] for k in np.flatnonzero(seen.max(axis=0) <= TOLERANCE if sign < 0
                                                           else seen.min(axis=0) >= 1 - TOLERANCE)]
                if not stuck:
                    break
                costs = np.zeros(model.num_vars)
                costs[stuck] = sign
                solve(costs)
                moved = sum(points[-1][stuck] > TOLERANCE) if sign < 0 else sum(points[-1][stuck] < 1 - TOLERANCE)
                if not moved:
                    break  # an optimum of 0 (or |stuck|): the relaxation forces all of them
    except _Stop as stop:
        if not points:
            return Relaxation(stop.status, encoding, solves=solves, drawn=len(drawn))
        status = stop.status
    else:
        status = "optimal"
    mean = np.mean(points, axis=0)
    # Forced columns are exactly 0 or 1 in the picture, not 1e-9 or 0.9999999.
    mean[mean <= TOLERANCE] = 0.0
    mean[mean >= 1 - TOLERANCE] = 1.0
    values = mean.tolist()
    forced = sum(1 for column in drawn if values[column] in (0.0, 1.0))
    return Relaxation(status, encoding, values, heat_of(model, values), solves, forced, len(drawn))


class _Stop(Exception):
    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status
