"""The clause side of the nonograms' clause-learning search (``nonogram_learning``).

``ClauseReasoning`` is the part of ``Learner`` that works on clauses: the two watched
literals of every kept clause, the premises of an implied cell (the few known cells of its
line that force it, from ``nonogram_explain`` or its compiled twin in ``Learner``'s line
kernel, or the other literals of its clause), first-UIP conflict analysis with recursive minimisation, VSIDS activity bumps, and keeping
and cleaning the learnt clauses by their LBD.  Why a learnt clause removes no solution is
written out in ``nonogram_learning``.  It expects the search state that ``Learner`` sets up
(``value``, ``level``, ``reason``, ``trail``, ``levels``, ``watches``, line masks, ...).
"""

from __future__ import annotations

import heapq

from .nonogram import MEMO_LIMIT, UNKNOWN, _bits
from .nonogram_explain import explain_cell, explain_conflict

__all__ = ["ClauseReasoning"]

_DECAY = 1 / 0.95
"""VSIDS: the bump grows by this factor after each conflict (activities decay by 0.95)."""


class ClauseReasoning:
    """Clauses, reasons and conflict analysis of the search (mixed into ``Learner``)."""

    def _watch(self, watching: list[list[int]], false_literal: int, value: list[int]):
        """Visit the clauses watching a literal that just became false (two watched literals)."""
        kept = 0
        for index, clause in enumerate(watching):
            if clause[0] == false_literal:
                clause[0], clause[1] = clause[1], false_literal
            first = clause[0]
            first_value = value[first >> 1]
            if first_value == first & 1:
                watching[kept] = clause
                kept += 1
                continue
            for k in range(2, len(clause)):
                literal = clause[k]
                state = value[literal >> 1]
                if state == UNKNOWN or state == literal & 1:
                    clause[1], clause[k] = literal, false_literal
                    self.watches[literal].append(clause)
                    break
            else:
                watching[kept] = clause
                kept += 1
                if first_value != UNKNOWN:
                    watching[kept:] = watching[index + 1:]
                    return clause
                self._assign(first >> 1, first & 1, clause)
        del watching[kept:]
        return None

    def _cell(self, line: int, i: int) -> int:
        """The cell number of the i-th cell of ``line``."""
        return line * self.width + i if line < self.height else i * self.width + line - self.height

    def _premises(self, reason, v: int | None) -> list[int]:
        """The true literals that imply cell ``v`` (or, for ``v`` None, that make the conflict)."""
        if type(reason) is list:
            return [literal ^ 1 for literal in (reason if v is None else reason[1:])]
        line = reason[0]
        clue, length = self.clues[line], self.lengths[line]
        kernel = self._kernel
        if v is None:
            known_black, known_white = self.black[line], self.white[line]
            if kernel is None:
                black, white = explain_conflict(clue, length, known_black, known_white)
            else:
                black, white = kernel.explain_conflict(line, known_black, known_white)
        else:
            r, c = divmod(v, self.width)
            i = c if line < self.height else r
            key = (reason, i)
            cached = self._reasons.get(key)
            if cached is None:
                if len(self._reasons) >= MEMO_LIMIT:
                    self._reasons.clear()
                if kernel is None:
                    cached = explain_cell(clue, length, reason[1], reason[2], i, self.value[v])
                else:
                    cached = kernel.explain_cell(line, reason[1], reason[2], i, self.value[v])
                self._reasons[key] = cached
            black, white = cached
        return [2 * self._cell(line, i) + 1 for i in _bits(black)] + [2 * self._cell(line, i) for i in _bits(white)]

    def _analyse(self, conflict) -> tuple[list[int], int]:
        """The first-UIP learnt clause (asserting literal first) and the level to jump back to."""
        level, trail, seen = self.level, self.trail, self._seen
        current = len(self.levels)
        clause, marked = [0], []
        pending, index = 0, len(trail) - 1
        premises = self._premises(conflict, None)
        while True:
            for literal in premises:
                v = literal >> 1
                if not seen[v] and level[v] > 0:
                    seen[v] = True
                    marked.append(v)
                    if level[v] >= current:
                        pending += 1
                    else:
                        clause.append(literal ^ 1)
            while not seen[trail[index] >> 1]:
                index -= 1
            literal = trail[index]
            index -= 1
            pending -= 1
            if pending == 0:
                break
            premises = self._premises(self.reason[literal >> 1], literal >> 1)
        clause[0] = literal ^ 1
        levels = {level[other >> 1] for other in clause[1:]}
        following: list[int] = []
        clause = clause[:1] + [other for other in clause[1:] if not self._redundant(other, levels, following)]
        for v in following:
            seen[v] = False
        for v in marked:
            seen[v] = False
            self._bump(v)
        self.bump_size *= _DECAY
        if len(clause) == 1:
            return clause, 0
        deepest = max(range(1, len(clause)), key=lambda k: level[clause[k] >> 1])
        clause[1], clause[deepest] = clause[deepest], clause[1]
        return clause, level[clause[1] >> 1]

    def _redundant(self, literal: int, levels: set[int], following: list[int]) -> bool:
        """Whether the clause literal ``literal`` follows from the others: every premise of its
        reason is in the clause, fixed at level 0, or (recursively) follows too.  Cells proved
        to follow are marked seen, and added to ``following`` so that they are cleared later."""
        seen, level, reason = self._seen, self.level, self.reason
        if reason[literal >> 1] is None:
            return False
        stack, found = [literal], []
        while stack:
            v = stack.pop() >> 1
            for premise in self._premises(reason[v], v):
                u = premise >> 1
                if seen[u] or level[u] == 0:
                    continue
                if reason[u] is None or level[u] not in levels:
                    for w in found:
                        seen[w] = False
                    return False
                seen[u] = True
                found.append(u)
                stack.append(premise)
        following += found
        return True

    def _bump(self, v: int) -> None:
        activity = self.activity[v] + self.bump_size
        self.activity[v] = activity
        if activity > 1e100:
            self.activity = [value * 1e-100 for value in self.activity]
            self.bump_size *= 1e-100
            self.heap = [(-self.activity[u], u) for u in range(len(self.value)) if self.value[u] == UNKNOWN]
            heapq.heapify(self.heap)
        elif self.value[v] == UNKNOWN:
            heapq.heappush(self.heap, (-activity, v))

    def _add(self, clause: list[int], store: list[list[int]]) -> None:
        """Keep ``clause`` (asserting literal first, the deepest other second) and assert it."""
        if len(clause) == 1:
            self._assign(clause[0] >> 1, clause[0] & 1, None)
            return
        self.watches[clause[0]].append(clause)
        self.watches[clause[1]].append(clause)
        store.append(clause)
        self._assign(clause[0] >> 1, clause[0] & 1, clause)

    def _clean(self) -> None:
        """At level 0: keep the learnt clauses of small LBD and the better half of the rest."""
        ranked = sorted(self.learnts, key=lambda clause: (self.lbd.get(id(clause), 0), len(clause)))
        half = len(ranked) // 2
        self.learnts = [clause for k, clause in enumerate(ranked) if k < half or self.lbd.get(id(clause), 0) <= 2]
        kept = {id(clause) for clause in self.learnts}
        self.lbd = {key: lbd for key, lbd in self.lbd.items() if key in kept}
        self.watches = [[] for _ in self.watches]
        for clause in self.learnts + self.blocking:
            self.watches[clause[0]].append(clause)
            self.watches[clause[1]].append(clause)
