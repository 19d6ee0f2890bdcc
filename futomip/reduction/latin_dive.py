"""A dive guided by the LP relaxation: a candidate completion, and a value order for the search.

Gomes and Shmoys found the LP relaxation of the three-dimensional assignment formulation
(x[c,v] in [0, 1]; each open cell takes one value, each value once in each group) very
tight on quasigroup completion: most x are 0 or 1 at its optimum.  A dive uses that:

    round:  solve the relaxation on the current masks (the caller's ``relaxation``, e.g.
            HiGHS' dual simplex; values a mask has lost are bounded to 0, fixed cells to 1);
            fix every open cell whose largest x is at least ``FIX_AT`` to that value (none
            such: the single largest x), all at once, then the exact "lines" fixpoint
    backtrack: when the relaxation is infeasible or a removal fails, the last round is undone
            and its surest value removed instead, going further back while that fails (at
            most ``MAX_BACKTRACKS`` rounds undone)
    failure: when the fixpoint fails, the batch is undone and its cells are fixed one by
            one, largest x first, each followed by the fixpoint; a fixing that fails is
            undone and its value removed instead (exact under the fixings before it); when
            that fails too, the dive is abandoned
    end:    no open cell left: the masks are one completion (the fixpoint holds on singleton
            masks, so every group and every sign is satisfied); the LP infeasible, a round
            limit or the clock: abandoned

Exactness does not rest on the dive: it only ever hands out a candidate (the split yields
it as a leaf, which the MILP solves and ``verify`` checks) or nothing, and every fixing is
undone from the trail at its end.  Proofs (uniqueness, infeasibility) still come from the
depth-first search or the solver on the whole model.  Besides, the relaxation at the root
gives each open cell the value it weighs most: the search tries that value first
(C_VALUE_ORDER 2), which orders the two children of a node and so changes no leaf set.

``relaxation`` is anything with ``solve(masks) -> list of (cell, bit, x) or None``
(None: infeasible or out of time) and ``out_of_time()``; the pipeline brings one built on highspy
(``futomip.pipeline.latin_relaxation``), so this module stays solver-independent.

Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Iterator

__all__ = ["FIX_AT", "MAX_ROUNDS", "Dive", "dive"]

FIX_AT = 0.99
"""An x at least this close to 1 is fixed in the batch of a round (the LP's vertex values are
0 or 1 up to its tolerances where it is integral)."""

MAX_ROUNDS = 400
"""LP solves per dive at most: each round fixes at least one cell, and an abandoned dive costs
only time, so this bounds that time on orders up to 62 (at most ~2,400 open cells)."""

MAX_BACKTRACKS = 50
"""Rounds undone after the relaxation turned infeasible, per dive at most."""


@dataclass
class Dive:
    """What a dive did: ``solution`` (the masks of a candidate completion, or None), the root
    relaxation's preferred value bit per cell (``prefer``, 0 where none), LP rounds,
    fixings, failed fixings, seconds, and how it ended (``outcome``)."""

    solution: tuple | None = None
    prefer: list = field(default_factory=list)
    rounds: int = 0
    fixed: int = 0
    failed: int = 0
    backtracks: int = 0
    seconds: float = 0.0
    outcome: str = ""

    def summary(self) -> dict:
        return {"rounds": self.rounds, "fixed": self.fixed, "failed": self.failed, "backtracks": self.backtracks,
                "seconds": round(self.seconds, 3), "outcome": self.outcome}


def dive(core, relaxation, stop_at: float | None = None, pause=lambda: False,
         rounds: int = MAX_ROUNDS, beside: bool = False) -> Iterator[Dive | None]:
    """Dive from the core's masks (see the module text); yields None when ``pause()`` says so
    between rounds, and the ``Dive`` last.  The core's masks and trail are as before at the end.

    ``beside``: each relaxation is solved in a thread while this generator waits, yielding None
    whenever ``pause()`` says so during the solve too, so that its caller keeps its turns (an
    interior-point solve of an order-55 root takes 0.2-0.45 s; HiGHS releases the GIL).  For a
    caller whose other work runs on another core only: taking turns on one core, the thread
    would run on through the other side's turn."""
    result = Dive(prefer=[0] * len(core.dom))
    started = time.perf_counter()
    start = core.trail()
    history: list = []
    try:
        while True:
            open_cells = [i for i, mask in enumerate(core.dom) if int(mask) & (int(mask) - 1)]
            if not open_cells:
                result.solution, result.outcome = core.masks(), "completed"
                break
            if result.rounds >= rounds:
                result.outcome = "round limit"
                break
            if stop_at is not None and time.perf_counter() >= stop_at:
                result.outcome = "time limit"
                break
            if pause():
                yield None
            values = (yield from _solved_beside(relaxation, core.masks(), pause)) if beside \
                else relaxation.solve(core.masks())
            result.rounds += 1
            if values is None:
                # The last round's fixings admit no fractional completion: undo it and remove
                # its surest value instead (exact under the rounds before), or give up.
                if not history or result.backtracks >= MAX_BACKTRACKS or relaxation.out_of_time():
                    result.outcome = "relaxation infeasible"
                    break
                if not _backtrack(core, history, result):
                    result.outcome = "contradiction"
                    break
                continue
            best = _best_values(values)
            if result.rounds == 1:
                for cell, (x, bit) in best.items():
                    result.prefer[cell] = bit
            open_best = sorted(((x, cell, bit) for cell, (x, bit) in best.items()
                                if int(core.dom[cell]) & (int(core.dom[cell]) - 1) and int(core.dom[cell]) & bit),
                               reverse=True)
            if not open_best:
                result.outcome = "relaxation gave no value"
                break
            batch = [(cell, bit) for x, cell, bit in open_best if x >= FIX_AT] or [open_best[0][1:]]
            history.append((core.trail(), *batch[0]))
            if not _fix(core, batch, result) and not _backtrack(core, history, result):
                result.outcome = "contradiction"
                break
    finally:
        core.undo(start)
        result.seconds = time.perf_counter() - started
    yield result


WAIT = 0.005
"""Seconds between two looks at ``pause()`` while a relaxation is solved beside (``dive``)."""


def _solved_beside(relaxation, masks, pause) -> Iterator[None]:
    """``relaxation.solve(masks)`` in a thread, None yielded whenever ``pause()`` says so while
    it runs; the solve's answer is the generator's return value (its exception is raised here)."""
    outcome: list = []

    def solve() -> None:
        try:
            outcome.append((True, relaxation.solve(masks)))
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread.
            outcome.append((False, exc))

    solver = threading.Thread(target=solve, name="futomip-relaxation", daemon=True)
    solver.start()
    while True:
        solver.join(WAIT)
        if not solver.is_alive():
            break
        if pause():
            yield None
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


def _best_values(values) -> dict:
    """Each cell's largest x and its value bit."""
    best: dict = {}
    for cell, bit, x in values:
        if cell not in best or x > best[cell][0]:
            best[cell] = (x, bit)
    return best


def _backtrack(core, history: list, result: Dive) -> bool:
    """Undo rounds, latest first, until removing a round's surest value holds; False when
    none does (or the backtracks are spent)."""
    while history and result.backtracks < MAX_BACKTRACKS:
        mark, cell, bit = history.pop()
        core.undo(mark)
        result.backtracks += 1
        if core.restrict([(cell, ~bit)]):
            return True
        core.undo(mark)
    return False


def _fix(core, batch, result: Dive) -> bool:
    """Fix the batch at once; on failure one by one, removing a value whose fixing fails.
    False when a removal fails too (the dive's fixings so far admit no completion)."""
    mark = core.trail()
    if core.restrict(batch):
        result.fixed += len(batch)
        return True
    core.undo(mark)
    for cell, bit in batch:
        mask = int(core.dom[cell])
        if not mask & bit or mask == bit:
            continue  # settled by an earlier fixing of this batch
        mark = core.trail()
        if core.restrict([(cell, bit)]):
            result.fixed += 1
            continue
        core.undo(mark)
        result.failed += 1
        if not core.restrict([(cell, ~bit)]):
            return False
    return True
