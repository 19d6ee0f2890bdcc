"""What the split searches of every kind share: their leaves as an iterator that pauses, and
their counters.

``SplitSearch`` is the base of ``nonogram_split.Split`` and ``latin_split.Split``.  A subclass
sets the counters and ``root`` in its ``__init__``, says whether a search is ``needed`` and
gives its one search as ``_leaves()``: leaves, and None whenever it pauses.  The pipeline's
schedule (``futomip.pipeline.schedule``) sets ``pause_at`` before each ``next`` to give the
search its turns beside the solver on the whole model.

Kept apart from either search so that importing one does not import the other: the nonogram
search brings numpy and its learning search, which a Futoshiki that the reduction settles
never needs.  Pure Python (``futomip.compiled`` is asked about the kernels' load; it does
not import numba).
"""

from __future__ import annotations

import time
from typing import Iterator

from .. import compiled

__all__ = ["LOAD_WAIT", "SplitSearch", "luby"]

LOAD_WAIT = 0.005
"""Seconds between two looks at the search's pause while a thread loads the kernels."""


class SplitSearch:
    """The protocol of a split search (see the module text)."""

    engine = ""
    root = None
    finished = False
    pause_at: float | None = None
    stop_at: float | None = None
    others_beside = False
    """Whether the schedule's other side, if any, runs on a core of its own (the pipeline sets
    it): the search's own waits (a thread loading the kernels, the Latin dive's LP) then pause at
    the end of each turn, so that the command reads the other side's answers meanwhile."""
    nodes = leaves = pruned = depth = restarts = conflicts = learnt = 0
    first_search = root_slice = 0.0
    _search: Iterator | None = None

    @property
    def needed(self) -> bool:
        raise NotImplementedError

    def another_path(self) -> "SplitSearch | None":
        """A second search over the same root with disjoint leaves that together hold every
        solution, to run beside this one; None where the search has none."""
        return None

    def summary(self) -> dict:
        """The search counters, for reports."""
        self._sync()
        return {"nodes": self.nodes, "subpuzzles": self.leaves, "pruned": self.pruned, "depth": self.depth,
                "restarts": self.restarts, "finished": self.finished, "root_slice": round(self.root_slice, 3),
                "engine": self.engine, "conflicts": self.conflicts, "learnt": self.learnt,
                "first_search": round(self.first_search, 3)}

    def __iter__(self) -> Iterator:
        return (leaf for leaf in self.search() if leaf is not None)

    def search(self) -> Iterator:
        """The leaves, and None whenever the search pauses at ``pause_at`` (set it before each
        ``next``); the search goes on where it paused."""
        if not self.needed:
            self.leaves = 1
            self.finished = True
            yield self.root
            return
        yield from self._leaves()

    def _leaves(self) -> Iterator:
        raise NotImplementedError

    def _counted(self, search: Iterator) -> Iterator:
        for leaf in search:
            if leaf is not None:
                self.leaves += 1
            yield leaf

    def _pause(self) -> bool:
        """Whether the search should yield None now (and go on when resumed)."""
        if self.pause_at is not None and time.perf_counter() >= self.pause_at:
            self.pause_at = None
            return True
        return False

    def _await_kernels(self, family: str) -> Iterator[None]:
        """Wait for the thread that loads ``family``'s kernels (``compiled.compiled_without_waiting``)
        or for ``stop_at``; beside another side on its own core, yield None at the end of each turn
        meanwhile.  Taking turns on one core it waits without pausing, as a load in this thread
        did: the thread would run on through the other side's turn."""
        while compiled.loading(family, LOAD_WAIT):
            if self._stopped():
                return
            if self.others_beside and self._pause():
                yield None

    def _stopped(self) -> bool:
        """Whether ``stop_at`` has come."""
        return self.stop_at is not None and time.perf_counter() >= self.stop_at

    def _sync(self) -> None:
        """Bring the counters up to date before they are read (a subclass whose search keeps
        them elsewhere copies them here)."""


def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
