"""The default configuration for a puzzle kind: the method, the pair *and* the reduction level, measured.

``configuration(kind, backend, solver, reduce)`` fills in what the user left open (None)
from the rows of ``futomip.solvers.measured`` (written by ``benchmarks/choose_defaults.py``):
the first row for the kind that agrees with what was pinned and can run here.  A row of a
method beside the MILP ("sat") is taken only when the caller passes ``methods``, a function
saying whether that method can run this request (None) or why not (the words for the
reason); the pipeline passes none, so it always gets a "milp" row, and so does anything
that pins the MILP (``futomip.methods.default`` decides what pins it).  When no row fits (a
kind not measured, a pinned pair no row names), the pair comes from the first-choice rule
(``default_pair``) and the level is "split" (the search and the solver sharing the time,
``futomip.pipeline.schedule``).  ``--backend``, ``--solver`` and ``--reduce`` pin
everything they name.  ``Configuration.reason`` says in words why, for ``futomip solvers``
and the status line.

Must not import ``models``, the puzzles, the pipeline, the methods or the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..kinds import KINDS
from . import Pair, check, default_pair, solver
from . import measured

__all__ = ["Configuration", "configuration", "rows", "FALLBACK_REDUCE", "MILP"]

FALLBACK_REDUCE = "split"


MILP = "milp"


@dataclass(frozen=True)
class Configuration:
    """What runs a puzzle: ``method`` ("milp", or a method row's name such as "sat"), and the
    MILP's ``pair`` and ``reduce`` level.  When ``method`` is not "milp", ``pair`` and
    ``reduce`` are what the MILP rows give (for the tasks that method cannot do) and
    ``milp_reason`` says why they were chosen."""

    pair: Pair
    reduce: str
    reason: str
    method: str = MILP
    milp_reason: str = ""


def rows(kind: str | None) -> list[tuple[str, str, str, str, str]]:
    """The measured rows of ``kind``, best first, as (method, backend, solver, reduce, reason);
    a row of four fields (written before the method column) is a "milp" row."""
    found = measured.DEFAULTS.get(kind, ()) if kind is not None else ()
    return [tuple(row) if len(row) == 5 else (MILP, *row) for row in found]


def _source(kind: str | None) -> str:
    """Where the rows of ``kind`` come from: the benchmark and the day it measured that kind
    (``MEASURED_ON``; rows written before it carry the file's ``MEASURED``)."""
    dates = getattr(measured, "MEASURED_ON", {})
    return f"benchmarks/choose_defaults.py, {dates.get(kind, measured.MEASURED)}"


def configuration(kind: str | None, backend: str | None = None, solver_name: str | None = None,
                  reduce: str | None = None, wanted: tuple[str, ...] = (),
                  methods: Callable[[str], str | None] | None = None,
                  also_pinned: tuple[str, ...] = ()) -> Configuration:
    """The configuration to run ``kind`` with (see the module text), among the pairs that can
    honour the capabilities ``wanted`` ("threads", "seed", ...: ``wanted_capabilities``).
    ``methods(name)`` is None when method ``name`` can run the request, else why it cannot;
    without ``methods`` only "milp" rows are read.  ``also_pinned`` names the other MILP
    settings the user gave ("--encoding tight", ...), which the reason lists with the pair's.

    A request no agreeing pair could ever honour is refused before availability is asked
    (``default_pair``), so the refusal does not depend on what is installed."""
    milp = _milp_configuration(kind, backend, solver_name, reduce, wanted, also_pinned)
    if methods is None:
        return milp
    passed = []
    for method, row_backend, row_solver, row_reduce, why in rows(kind):
        if method == MILP:
            if (row_backend, row_solver, row_reduce) == (milp.pair.backend, milp.pair.solver, milp.reduce):
                break  # the MILP row that runs here ranks above the methods after it
            continue
        why_not = methods(method)
        if why_not is None:
            return Configuration(milp.pair, milp.reduce, f"default for {kind}: --method {method}, {why} "
                                 f"({_source(kind)})", method, milp.reason)
        passed.append(f"--method {method} not used: {why_not}")
    return replace(milp, reason="; ".join([milp.reason] + passed)) if passed else milp


def _milp_configuration(kind, backend, solver_name, reduce, wanted, also_pinned) -> Configuration:
    # Refusals first (unknown names, capabilities no agreeing pair has, a pinned pair missing).
    fallback = default_pair(backend, solver_name, kind, wanted)
    milp_rows = [row[1:] for row in rows(kind) if row[0] == MILP]
    agreeing = [row for row in milp_rows if (backend is None or row[0] == backend)
                and (solver_name is None or row[1] == solver_name) and (reduce is None or row[2] == reduce)
                and all(getattr(solver(row[1]).layers[row[0]], capability) for capability in wanted)]
    missing = []
    for row_backend, row_solver, row_reduce, why in agreeing:
        pair = check(row_backend, row_solver)
        if pair.available:
            fell_back = f"; {_unavailable_words(missing)}" if missing else ""
            pinned = _pinned_words(backend, solver_name, reduce, also_pinned)
            return Configuration(pair, row_reduce, f"default for {kind}: {pair.name} --reduce {row_reduce}, "
                                 f"{why} ({_source(kind)}){fell_back}{pinned}")
        # A pair may have a row per level; a hidden pair is installed, so "hidden" not "missing".
        if (pair.name, pair.hidden) not in missing:
            missing.append((pair.name, pair.hidden))
    pair = fallback
    level = reduce or FALLBACK_REDUCE
    if kind in KINDS and KINDS[kind].reduce is None:
        return Configuration(pair, level, f"{pair.name}: first-choice pair order ({kind} has no domain reduction)"
                             + _pinned_words(backend, solver_name, None, also_pinned))
    why = "no measurement for this configuration" if milp_rows else f"no measurement for {kind}"
    return Configuration(pair, level, f"{pair.name} --reduce {level}: {why}, first-choice pair order"
                         + _pinned_words(backend, solver_name, reduce, also_pinned))


def _pinned_words(backend, solver_name, reduce, also_pinned) -> str:
    pinned = [f"--{name} {value}" for name, value in (("backend", backend), ("solver", solver_name),
                                                      ("reduce", reduce)) if value] + list(also_pinned)
    return f"; pinned: {' '.join(pinned)}" if pinned else ""


def _unavailable_words(missing: list[tuple[str, bool]]) -> str:
    """``a/b not installed``, ``a/b hidden by ...``, or both, for the reason line."""
    absent = [name for name, hidden in missing if not hidden]
    hidden = [name for name, hidden in missing if hidden]
    parts = [f"{', '.join(absent)} not installed"] if absent else []
    if hidden:
        parts.append(f"{', '.join(hidden)} hidden by FUTOMIP_HIDE_SOLVERS")
    return "; ".join(parts)
