"""One options object and one deadline per command, made at the front door (CLI or API).

``Options`` says what a command asks of the pipeline: which modelling layer and solver,
which model variant, how much domain reduction, and the solver settings that mean the same
on every pair.  It is checked when it is made, so a bad value (a negative time limit,
``threads=0``) is a ``UsageError`` before anything runs.  ``Deadline`` is the command's
wall-clock limit: every puzzle of a multi-puzzle file, every stage, every retry and every
slice draws on the same one.

This module imports nothing from futomip but ``errors``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from .errors import UsageError

__all__ = ["Options", "Deadline", "Restarts", "REDUCE_LEVELS", "GLOBAL_FORMS", "SCHEDULES", "RESTART_KINDS"]

REDUCE_LEVELS = ("split", "probing", "lines", "none")
"""Domain-reduction levels, strongest first (``futomip.reduction`` says what each does)."""

GLOBAL_FORMS = ("native", "linear")
"""How a model's global constraints (all-different, strict less, nonogram lines as
``regular``) are built: the solver's
own constraints (a pair with the ``native_globals`` capability: ortools/cpsat), or their
linear decomposition (what every MILP layer and LP/MPS file uses, and the default: CP-SAT
measured as fast or faster on it, docs/measurements.md).  None in ``Options``: linear."""

SCHEDULES = ("auto", "parallel", "sequential", "search", "solver")
"""How the split search and the solver on the whole model share the time
(``futomip.pipeline.schedule``; for the ``sat`` method the line search and the SAT solver):
"auto" (side by side when a core is free, else in turns), "parallel", "sequential", "search"
(the split search alone, the solver only on its leaves) or "solver" (the solver on the whole
model alone: the reduction without the search)."""

RESTART_KINDS = ("off", "plain", "lp", "portfolio", "twin", "learn")
"""Which restarts the Latin split search makes (``futomip.reduction.latin_restarts``): none
(the default but for ``DEFAULT_RESTARTS``), in its own value order ("plain"), in the root LP's
value order once it has one ("lp"), a portfolio of value orders over the restarts
("portfolio"), or two LP-ordered searches whose restart units are ``failures`` and ten times
that, taking turns until one finds the first leaf ("twin", ``latin_split``), or an "lp" search
taking turns with a clause-learning search on the puzzle's CNF until one finds the first leaf
("learn", ``latin_cdcl``)."""


@dataclass(frozen=True)
class Restarts:
    """The Latin split search's restart policy: ``kind`` (one of ``RESTART_KINDS``) and
    ``failures``, the failures (pruned children) per unit of the Luby sequence of restart
    cutoffs (run k may fail ``failures`` x luby(k) times before the next restart).

    Off by default but for the kinds of ``DEFAULT_RESTARTS`` (measured, docs/measurements.md).
    One value per command, carried in ``Options.restarts``: nothing process-wide.
    """

    kind: str = "off"
    failures: int = 100

    def __post_init__(self) -> None:
        if self.kind not in RESTART_KINDS:
            raise UsageError(f"restarts must be one of {', '.join(RESTART_KINDS)} (optionally KIND:FAILURES, "
                             f"e.g. lp:100), got {self.kind!r}")
        if isinstance(self.failures, bool) or not isinstance(self.failures, int) or self.failures < 1:
            raise UsageError(f"the restarts' failure unit must be a whole number >= 1 (e.g. lp:100), "
                             f"got {self.failures!r}")

    @classmethod
    def parse(cls, text: str) -> "Restarts":
        """``KIND`` or ``KIND:FAILURES`` (``--restarts`` on the command line)."""
        kind, sep, failures = str(text).strip().partition(":")
        if not sep:
            return cls(kind)
        try:
            unit = int(failures)
        except ValueError:
            raise UsageError(f"the restarts' failure unit must be a whole number >= 1 (e.g. lp:100), "
                             f"got {failures!r} in {text!r}") from None
        return cls(kind, unit)

    @property
    def on(self) -> bool:
        return self.kind != "off"

    def __str__(self) -> str:
        return "off" if not self.on else f"{self.kind}:{self.failures}"


DEFAULT_RESTARTS = {"latin": Restarts("learn", 100)}
"""The restart policy of a kind's split search when the command names none (every other kind:
off).  Latin completion restarts in the LP's order ("lp:100" since 29 Nov: on 12 fresh QWH
completions of orders 35-60, HiGHS alone completed 11 against 10 without restarts in 98 s
against 139 s, the 60 QCP in 13.6 s against 33.7 s), and since the twenty-seventh session as
twin searches ("twin:100": the same, and a second search restarting ten times less often,
taking turns): on 28 QWH of orders 30-60 at the hardness peak HiGHS alone completed 23 either
way, in 319 s against 388 s (timeouts as 60 s; the slowest completion 16x CP-SAT's time
against 194x), the 60 QCP in 9.9 s against 8.9 s, and the default with CP-SAT 28 of 28 either
way in 51 s; since the twenty-eighth session with a clause-learning search as the second side
("learn:100", ``latin_cdcl``): HiGHS alone completed 27 of those 28 against 23 with the twins
(210.8 s against 320.7 s) and 8 against 6 of 9 fresh ones of orders 50-60, the 60 QCP in 10.8 s
against 10.0 s, and the default with CP-SAT 37 of 37 either way (docs/measurements.md; measured
before the learning search took target phases, which completed as many of the 22 at orders 50-60
rerun, in 4% less time)."""


@dataclass(frozen=True)
class Options:
    """What a command asks for; None means "the default" (fastest available, per kind).

    ``solver_options`` are ``(name, value)`` pairs handed to the solver in its own words.
    """

    backend: str | None = None
    solver: str | None = None
    encoding: str | None = None
    reduce: str | None = None
    """None: the level measured best for the puzzle's kind and the pair (``futomip.solvers.defaults``)."""
    time_limit: float | None = None
    threads: int | None = None
    seed: int | None = None
    verbose: bool = False
    solver_options: tuple[tuple[str, str], ...] = ()
    max_columns: int | None = 2_000_000
    """The memory guard: a model with more binary columns is refused before it is built
    (None: no guard).  About 1.5 GB (highspy) to 2.2 GB (Pyomo)
    per million columns, measured (docs/measurements.md, Memory)."""
    globals: str | None = None
    """``GLOBAL_FORMS``: "native", "linear", or None (the default, linear)."""
    schedule: str | None = None
    """One of ``SCHEDULES``; None is "auto"."""
    restarts: Restarts | str | None = None
    """The Latin split search's restart policy: a ``Restarts`` or its text ("lp", "portfolio:50");
    None is off (``Restarts()``).  Kept as a ``Restarts``."""

    def __post_init__(self) -> None:
        if self.time_limit is not None:
            limit = float(self.time_limit)
            if math.isnan(limit) or limit < 0:
                raise UsageError(f"a time limit must be a number of seconds >= 0, got {self.time_limit!r}")
            object.__setattr__(self, "time_limit", None if math.isinf(limit) else limit)
        if self.threads is not None and (not isinstance(self.threads, int) or self.threads < 1):
            raise UsageError(f"threads must be a whole number >= 1, got {self.threads!r}")
        if self.seed is not None and (not isinstance(self.seed, int) or self.seed < 0):
            raise UsageError(f"a seed must be a whole number >= 0, got {self.seed!r}")
        if self.max_columns is not None and (not isinstance(self.max_columns, int) or self.max_columns < 1):
            raise UsageError(f"max_columns must be a whole number >= 1 or None, got {self.max_columns!r}")
        if self.schedule is not None and self.schedule not in SCHEDULES:
            raise UsageError(f"schedule must be one of {', '.join(SCHEDULES)}, got {self.schedule!r}")
        if self.reduce is not None and self.reduce not in REDUCE_LEVELS:
            raise UsageError(f"reduction level must be one of {', '.join(REDUCE_LEVELS)}, got {self.reduce!r}")
        if self.globals is not None and self.globals not in GLOBAL_FORMS:
            raise UsageError(f"globals must be one of {', '.join(GLOBAL_FORMS)}, got {self.globals!r}")
        object.__setattr__(self, "solver_options", tuple((str(k), str(v)) for k, v in self.solver_options))
        if isinstance(self.restarts, str):
            object.__setattr__(self, "restarts", Restarts.parse(self.restarts))
        elif self.restarts is not None and not isinstance(self.restarts, Restarts):
            raise UsageError(f"restarts must be a Restarts or one of {', '.join(RESTART_KINDS)} (optionally "
                             f"KIND:FAILURES), got {self.restarts!r}")

    @property
    def restart_policy(self) -> Restarts:
        """``restarts``, with None as ``Restarts()`` (off)."""
        return self.restarts or Restarts()

    def restart_policy_for(self, kind: str) -> Restarts:
        """``restarts``, with None as the kind's default (``DEFAULT_RESTARTS``, else off)."""
        if self.restarts is not None:
            return self.restarts
        return DEFAULT_RESTARTS.get(kind, Restarts())

    def but(self, **changes) -> "Options":
        """A copy with some fields changed (checked again)."""
        return replace(self, **changes)


class Deadline:
    """The seconds left of one command's time limit (None: no limit).

    ``start`` is the ``time.perf_counter()`` reading the limit counts from (default: now);
    the CLI passes the moment it started, so the limit covers the whole command.
    """

    def __init__(self, seconds: float | None, start: float | None = None) -> None:
        self.seconds = seconds
        self.start = time.perf_counter() if start is None else start
        self.end = None if seconds is None else self.start + seconds

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a limit."""
        if self.end is None:
            return None
        return max(0.0, self.end - time.perf_counter())

    @property
    def expired(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0

    def within(self, seconds: float | None) -> float | None:
        """The smaller of ``seconds`` and what is left (None where both are unlimited)."""
        left = self.remaining()
        if seconds is None:
            return left
        return seconds if left is None else min(seconds, left)

    def fraction_end(self, share: float) -> float | None:
        """The perf_counter reading after ``share`` of the time left (None without a limit)."""
        left = self.remaining()
        return None if left is None else time.perf_counter() + share * left

    @classmethod
    def unlimited(cls) -> "Deadline":
        return cls(None)
