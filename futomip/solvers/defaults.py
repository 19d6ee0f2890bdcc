"""The default configuration for a puzzle kind: the pair *and* the reduction level, measured.

``configuration(kind, backend, solver, reduce)`` fills in what the user left open (None)
from the rows of ``futomip.solvers.measured`` (written by ``benchmarks/choose_defaults.py``):
the first row for the kind that agrees with what was pinned and whose pair is available
here.  When no row fits (a kind not measured, a pinned pair no row names), the pair comes
from the first-choice rule (``default_pair``) and the level is "split" (the search and the
solver sharing the time, ``futomip.pipeline.schedule``).  ``--backend``, ``--solver`` and
``--reduce`` pin everything they name.  ``Configuration.reason`` says in words why, for
``futomip solvers`` and the status line.

Must not import ``models``, the puzzles, the pipeline or the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds import KINDS
from . import Pair, check, default_pair, solver
from . import measured

__all__ = ["Configuration", "configuration", "FALLBACK_REDUCE"]

FALLBACK_REDUCE = "split"


@dataclass(frozen=True)
class Configuration:
    pair: Pair
    reduce: str
    reason: str


def _source() -> str:
    return f"benchmarks/choose_defaults.py, {measured.MEASURED}"


def configuration(kind: str | None, backend: str | None = None, solver_name: str | None = None,
                  reduce: str | None = None, wanted: tuple[str, ...] = ()) -> Configuration:
    """The configuration to run ``kind`` with (see the module text), among the pairs that can
    honour the capabilities ``wanted`` ("threads", "seed", ...: ``wanted_capabilities``).

    A request no agreeing pair could ever honour is refused before availability is asked
    (``default_pair``), so the refusal does not depend on what is installed."""
    # Refusals first (unknown names, capabilities no agreeing pair has, a pinned pair missing).
    fallback = default_pair(backend, solver_name, kind, wanted)
    rows = measured.DEFAULTS.get(kind, ()) if kind is not None else ()
    agreeing = [row for row in rows if (backend is None or row[0] == backend)
                and (solver_name is None or row[1] == solver_name) and (reduce is None or row[2] == reduce)
                and all(getattr(solver(row[1]).layers[row[0]], capability) for capability in wanted)]
    missing = []
    for row_backend, row_solver, row_reduce, why in agreeing:
        pair = check(row_backend, row_solver)
        if pair.available:
            fell_back = f"; {_unavailable_words(missing)}" if missing else ""
            pinned = _pinned_words(backend, solver_name, reduce)
            return Configuration(pair, row_reduce, f"default for {kind}: {pair.name} --reduce {row_reduce}, "
                                 f"{why} ({_source()}){fell_back}{pinned}")
        # A pair may have a row per level; a hidden pair is installed, so "hidden" not "missing".
        if (pair.name, pair.hidden) not in missing:
            missing.append((pair.name, pair.hidden))
    pair = fallback
    level = reduce or FALLBACK_REDUCE
    if kind in KINDS and KINDS[kind].reduce is None:
        return Configuration(pair, level, f"{pair.name}: first-choice pair order ({kind} has no domain reduction)"
                             + _pinned_words(backend, solver_name, None))
    why = "no measurement for this configuration" if rows else f"no measurement for {kind}"
    return Configuration(pair, level, f"{pair.name} --reduce {level}: {why}, first-choice pair order"
                         + _pinned_words(backend, solver_name, reduce))


def _pinned_words(backend, solver_name, reduce) -> str:
    pinned = [f"--{name} {value}" for name, value in (("backend", backend), ("solver", solver_name),
                                                      ("reduce", reduce)) if value]
    return f"; pinned: {' '.join(pinned)}" if pinned else ""


def _unavailable_words(missing: list[tuple[str, bool]]) -> str:
    """``a/b not installed``, ``a/b hidden by ...``, or both, for the reason line."""
    absent = [name for name, hidden in missing if not hidden]
    hidden = [name for name, hidden in missing if hidden]
    parts = [f"{', '.join(absent)} not installed"] if absent else []
    if hidden:
        parts.append(f"{', '.join(hidden)} hidden by FUTOMIP_HIDE_SOLVERS")
    return "; ".join(parts)
