"""The restarts of the Latin split search (``latin_split``): when a run gives up, and what
the next run changes.

Restarts go back to the root before the first leaf after a Luby sequence of failure
cutoffs (run k may meet ``failures`` x luby(k) failures, pruned children), keeping the
failure weights of dom/wdeg.  The policy is one ``futomip.options.Restarts`` per search,
carried in the command's ``Options`` (nothing process-wide), of one of these kinds:

    "off":        never restart (the default, but see ``options.DEFAULT_RESTARTS``)
    "plain":      while the search has its own value order (no root LP): the value order
                  alternates run by run and the cell scores get seeded noise from the third run
    "lp":         once the search is ordered by the root LP (``latin_dive``): the LP's order
                  stays and the cell choice gets noise from the second run
    "portfolio":  always: the runs cycle through the LP's, the plain and a seeded random value
                  order, keeping the root facts earlier runs proved (``latin_portfolio``)
    "twin":       as "lp", and a second LP-ordered search restarting ten times less often
                  takes turns with it until one of them finds the first leaf (``latin_split``)
    "learn":      as "lp", and a clause-learning search on the puzzle's CNF (``latin_cdcl``,
                  restarting on its own) takes turns with it in the same way

Measured (docs/measurements.md), hence off but for Latin completion ("lp:100" there since 29
Nov: more QWH completions in less time, and the 60 QCP in less time; "twin:100" since the
twenty-seventh session: as many, with a far shorter tail on QWH of orders 50-60; "learn:100"
since the twenty-eighth: more QWH completions of orders 50-60 with HiGHS alone): "plain" with cutoffs of 100 or 1000 failures
found the first leaf of as many order-25 QCP instances as the search without restarts (4 of
15 in 10 s, not the same 4), and cost nodes on easy QWH completions and on hard 9x9
Futoshiki searched to the end; "lp" with 100 let the search alone find 7 of 9 order 35-45 QWH
completions in 20 s against 5 of 9 without, but in the whole pipeline (HiGHS, 30 s) 2 of 9
other ones against 2; the portfolio: docs/notes/portfolio.md.

Exactness: a restart comes only before the first leaf (a run that yields a leaf runs to its
end, ``latin_split``), and an order only decides which child of a node comes first, so the
leaves stay exactly the solutions, each once; a root fact removes only a value no solution
has (``latin_portfolio``).

Must not import anything from futomip but ``options``, ``latin_kernels``, ``latin_portfolio``
and ``split_search`` (the Luby sequence).
"""

from __future__ import annotations

from ..options import Restarts
from . import latin_portfolio
from .latin_kernels import C_FAIL_LIMIT, C_NOISE, C_VALUE_ORDER
from .split_search import luby

__all__ = ["Restarter"]


class Restarter:
    """One search's restarts under ``policy``: its cutoffs (``budget``), what a restart sets
    on the core (``restart``), and the portfolio's root facts so far (``facts``: (cell, mask
    to keep) pairs, ``latin_portfolio.root_facts``)."""

    def __init__(self, policy: Restarts, root_masks, seed: int) -> None:
        self.policy = policy
        self.root_masks = root_masks
        self.seed = seed
        self.facts: list[tuple[int, int]] = []

    def budget(self, run: int, lp_ordered: bool) -> int:
        """The failures run ``run`` may meet before the next restart (-1: no restarts), for a
        search ordered by the root LP (``lp_ordered``) or by its own order."""
        # Each twin is an "lp" search, and so is the search beside a learning one.
        kind = "lp" if self.policy.kind in ("twin", "learn") else self.policy.kind
        if kind == "portfolio" or kind == ("lp" if lp_ordered else "plain"):
            return self.policy.failures * luby(run)
        return -1

    def restart(self, core, run: int, dive) -> bool:
        """Take ``core`` (whose search just gave up) back to its root, set for run ``run``;
        ``dive`` is the search's ``latin_dive`` outcome or None.  False when the root facts
        leave some cell no value: the puzzle has no solution (the search is done)."""
        portfolio = self.policy.kind == "portfolio"
        # Read before the restart: the levels of the run that gave up.
        facts = latin_portfolio.root_facts(core) if portfolio else []
        core.restart()
        if portfolio:
            # The runs cycle through value orders, and what earlier runs refuted at the root
            # holds again from the start.
            latin_portfolio.configure(core, run, None if dive is None else dive.prefer, self.root_masks, self.seed)
            self.facts.extend(facts)
            if self.facts and not core.restrict(self.facts):
                return False
        elif dive is None:
            # Every other run tries values from the largest, and from the third run on the
            # scores get noise.
            core.set_control(C_VALUE_ORDER, 1 - run % 2)
            core.set_control(C_NOISE, int(run >= 3))
        else:
            # The LP's order stays (it is what finds QWH completions); only the noise on the
            # cell choice and the failure weights make the runs differ.
            core.set_control(C_NOISE, 1)
        core.set_control(C_FAIL_LIMIT, self.budget(run, dive is not None))
        return True
