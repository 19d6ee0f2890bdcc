"""Singleton probing for the Latin family: try every value of every open cell.

For an open cell i and each value v it may take, a copy of the domains gets i = v and
runs the "lines" fixpoint (``Board.propagate``).  A trial that empties a domain proves v
impossible.  Every solution gives cell i some value, so it agrees with one surviving
trial, and that trial's fixpoint kept every value of the solution: each cell may therefore
keep only the union, over the surviving trials, of what the trial left it (constructive
disjunction; it also removes v from i when v's trial failed).  After a cell's probe the
shrunk domains are propagated again.  Passes over all open cells (fewest values first)
repeat until one removes nothing, or until the time budget ``stop_at`` ends (what was
removed stays removed: it was exact).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from . import latin_core
from .latin_kernels import C_FAILED, C_PROBES

__all__ = ["ProbeOutcome", "probe"]

PROGRESS_EVERY = 1.0
"""Seconds between two ``progress`` calls."""


@dataclass(frozen=True)
class ProbeOutcome:
    """How probing ended: ``contradiction`` (no solution; where it was found), whether it
    ``finished`` (else the time budget ended it) and how many trial fixpoints it ran."""

    contradiction: str | None
    finished: bool
    probes: int


def _bits(mask: int):
    while mask:
        bit = mask & -mask
        mask ^= bit
        yield bit


def probe(board, dom: list[int], stop_at: float | None = None,
          progress: Callable[[str], None] | None = None, mode: str = "auto") -> ProbeOutcome:
    """Probe ``dom`` (a "lines" fixpoint of ``board``) in place; see the module docstring.

    The trials run in the kernels of ``latin_core`` (``mode`` as there), or on Python
    integers for orders the kernels do not take."""
    if not latin_core.usable(board):
        return _probe_python(board, dom, stop_at, progress)
    core = latin_core.Core(board, dom, mode, stop_at)
    cells = len(dom)
    next_report = time.perf_counter() + PROGRESS_EVERY
    changed_in_pass = True
    passes = 0
    outcome = ProbeOutcome(None, True, 0)
    while changed_in_pass and outcome.finished and outcome.contradiction is None:
        changed_in_pass = False
        passes += 1
        masks = core.masks()
        order = sorted((i for i in range(cells) if masks[i] & (masks[i] - 1)), key=lambda i: masks[i].bit_count())
        for i in order:
            mask = int(core.dom[i])
            if not mask & (mask - 1):
                continue
            now = time.perf_counter()
            if stop_at is not None and now >= stop_at:
                outcome = ProbeOutcome(None, False, 0)
                break
            if progress is not None and now >= next_report:
                progress(f"probing pass {passes}: {core.control(C_PROBES)} trials, "
                         f"{sum(1 for m in core.masks() if m & (m - 1))} cells open")
                next_report = now + PROGRESS_EVERY
            shrunk = core.probe_cell(i)
            if shrunk < 0:
                failure = f"{_cell(board.n, i)}: every value fails" if core.control(C_FAILED) < 0 else core.failure()
                outcome = ProbeOutcome(failure, True, 0)
                break
            changed_in_pass = changed_in_pass or shrunk > 0
    dom[:] = core.masks()
    return ProbeOutcome(outcome.contradiction, outcome.finished, core.control(C_PROBES))


def _probe_python(board, dom: list[int], stop_at: float | None = None,
                  progress: Callable[[str], None] | None = None) -> ProbeOutcome:
    """``probe`` on Python integers with ``Board.propagate``."""
    probes = 0
    cells = len(dom)
    next_report = time.perf_counter() + PROGRESS_EVERY
    changed_in_pass = True
    passes = 0
    while changed_in_pass:
        changed_in_pass = False
        passes += 1
        order = sorted((i for i in range(cells) if dom[i] & (dom[i] - 1)), key=lambda i: bin(dom[i]).count("1"))
        for i in order:
            if not dom[i] & (dom[i] - 1):
                continue
            now = time.perf_counter()
            if stop_at is not None and now >= stop_at:
                return ProbeOutcome(None, False, probes)
            if progress is not None and now >= next_report:
                progress(f"probing pass {passes}: {probes} trials, {sum(1 for m in dom if m & (m - 1))} cells open")
                next_report = now + PROGRESS_EVERY
            union = None
            for bit in _bits(dom[i]):
                trial = dom.copy()
                trial[i] = bit
                probes += 1
                if not board.propagate(trial, (i,)):
                    continue
                union = trial if union is None else [u | t for u, t in zip(union, trial)]
            if union is None:
                return ProbeOutcome(f"{_cell(board.n, i)}: every value fails", True, probes)
            shrunk = [j for j in range(cells) if union[j] != dom[j]]
            if not shrunk:
                continue
            changed_in_pass = True
            dom[:] = union
            if not board.propagate(dom, shrunk):
                return ProbeOutcome(board.failure, True, probes)
    return ProbeOutcome(None, True, probes)


def _cell(n: int, i: int) -> str:
    return f"cell ({i // n + 1},{i % n + 1})"
