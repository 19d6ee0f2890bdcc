"""Domain reduction for the Latin family: the values no solution can put in a cell.

Futoshiki, Latin-square completion and Sudoku share one structure: an n x n board whose
cells take values 1..n, groups of n cells that hold every value once (rows and columns;
Sudoku adds its boxes), givens, and (Futoshiki) strict inequalities a < b between cells.
Each cell's candidate set is a bit mask (bit v-1 set iff v is still possible).

Level "lines" runs the constraints one at a time to a common fixpoint:

- ``a < b``: a keeps only values below max(b), b only values above min(a).  Repeated to
  the fixpoint this gives the bounds along every chain of signs (a < b < c puts a below
  max(c) - 1), the reader's rule of the seeds;
- (Adjacent) a marked pair p, q (values differ by 1): p keeps the values v with v-1 or v+1
  in q's domain, and the other way round; an apart pair (values do not differ by 1): p
  loses v when q's domain lies inside {v-1, v+1} (it has one value, v +- 1, or exactly
  the two).  Both are arc consistency on the pair: a value goes only when no value of the
  other cell supports it;
- each group: all-different generalised arc consistency (``latin_alldiff``): naked singles,
  hidden singles and every Hall-set argument at once, by a perfect matching and the
  strongly connected components of its alternating graph (Régin).

Level "probing" then probes:
each value v of each open cell is tried with the "lines" fixpoint; v goes when that fixpoint
empties a domain, and every cell keeps only the union of what the surviving trials left
it (a value no trial leaves cannot occur, since every solution is one of the trials).
Passes repeat until one removes nothing or the time budget ends (``latin_probing``).
Level "split" starts from the "lines" fixpoint (``reduce.split_from``): its depth-first
search (``latin_split``) propagates at every node, which on hard 9x9 Futoshiki costs less
than probing the root.

Every rule removes a value only when no assignment satisfying that rule and the current
domains uses it, and the domains only ever shrink, so every solution survives: the model
built on what is left (``models/futoshiki.py``, ``models/sudoku.py``) has exactly the
solutions of the full one, and ``--unique``, ``--all`` and ``--explain`` stay exact.  When a
domain empties the puzzle has no solution: every mask is then emptied, so the model is
infeasible at once, and ``contradiction`` says where it was found.

Only ``futomip.puzzles`` is imported: no solver, no backend, no ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .latin_alldiff import filter_group, singles

__all__ = ["LatinDomains", "Board", "as_given", "board_of", "reduce", "reduce_board"]


@dataclass(frozen=True)
class LatinDomains:
    """What the reduction left: ``masks[r * n + c]`` holds cell (r, c)'s values as bits.

    ``contradiction`` names the constraint found impossible (then every mask is 0 and the
    puzzle has no solution); ``finished`` is False when probing was cut short by its time
    budget (what it removed is still exact); ``probes`` counts the trial fixpoints run.
    ``board`` is the ``Board`` the reduction propagated on (None for domains made elsewhere,
    such as the split's leaves): the split search reuses it instead of building it again
    (some 40-110 µs of a 9x9 search of well under a millisecond).  It is structure only, so
    it takes no part in comparisons.
    """

    size: int
    masks: tuple[int, ...]
    contradiction: str | None = None
    finished: bool = True
    probes: int = 0
    board: "Board | None" = field(default=None, compare=False, repr=False)

    def values(self, r: int, c: int) -> tuple[int, ...]:
        """The values cell (r, c) (0-based) may still take, ascending."""
        mask = self.masks[r * self.size + c]
        return tuple(v + 1 for v in range(self.size) if mask >> v & 1)

    def solution(self):
        """The grid (rows of values 1..n) when every cell keeps one value and nothing was found
        impossible, else None: such domains admit that one grid and nothing else (the
        pipeline still checks it against every rule before taking it)."""
        if self.contradiction is not None or self.open or not all(self.masks):
            return None
        n = self.size
        return tuple(tuple(self.masks[r * n + c].bit_length() for c in range(n)) for r in range(n))

    def admits(self, grid) -> bool:
        """Whether every cell of ``grid`` holds a value its domain still has."""
        n = self.size
        return all(self.masks[r * n + c] >> (grid[r][c] - 1) & 1 for r in range(n) for c in range(n))

    @property
    def open(self) -> int:
        """How many cells keep more than one value (counted once and kept: the masks never
        change, and the split asks at each search; kept by hand, as ``functools.cached_property``
        cost some 15 µs more of a short search started cold, docs/notes/sudoku.md)."""
        count = self.__dict__.get("_open")
        if count is None:
            count = sum(1 for mask in self.masks if mask & (mask - 1))
            object.__setattr__(self, "_open", count)  # frozen: not a field, not compared
        return count

    def summary(self) -> dict:
        """For reports: cells, fixed, open, candidate values left, contradiction, finished."""
        total = len(self.masks)
        return {"cells": total, "fixed": total - self.open, "open": self.open,
                "values": sum(bin(mask).count("1") for mask in self.masks),
                "contradiction": self.contradiction, "finished": self.finished}


def _show(n: int, cell: int) -> str:
    return f"cell ({cell // n + 1},{cell % n + 1})"


class Board:
    """The structure of a Latin-family puzzle and its propagation to a fixpoint.

    ``groups`` are tuples of cell indices (r * n + c) that hold 1..n once each; ``less``
    pairs (a, b) of cell indices with value(a) < value(b); ``givens[i]`` is 0 or a value;
    ``near`` pairs whose values differ by 1 and ``apart`` pairs whose values do not
    (Adjacent; the kernels of ``latin_kernels`` have the same two rules).
    """

    def __init__(self, n: int, givens: list[int], groups: list[tuple[int, ...]],
                 less: list[tuple[int, int]], names: list[str],
                 near: list[tuple[int, int]] = (), apart: list[tuple[int, int]] = ()) -> None:
        self.n = n
        self.near = list(near)
        self.apart = list(apart)
        self.givens = givens
        self.groups = groups
        self.names = names
        self.less = less
        cells = n * n
        self.cell_groups: list[list[int]] = [[] for _ in range(cells)]
        for g, group in enumerate(groups):
            for i in group:
                self.cell_groups[i].append(g)
        self.cell_less: list[list[int]] = [[] for _ in range(cells)]
        for p, (a, b) in enumerate(less):
            self.cell_less[a].append(p)
            self.cell_less[b].append(p)
        # The Adjacent pairs, numbered after the signs: pair p >= len(less) is near or apart.
        self.pairs = less + self.near + self.apart
        for p in range(len(less), len(self.pairs)):
            a, b = self.pairs[p]
            self.cell_less[a].append(p)
            self.cell_less[b].append(p)
        self.failure = ""
        self.failed: tuple[int, ...] = ()
        """The cells of the constraint that failed last (the split search weighs them)."""

    def initial(self) -> list[int]:
        """Every cell's mask before any propagation: the given value or all of 1..n."""
        full = (1 << self.n) - 1
        return [1 << (v - 1) if v else full for v in self.givens]

    def propagate(self, dom: list[int], touched) -> bool:
        """Run the "lines" rules on ``dom`` (in place) from the cells in ``touched`` to a
        fixpoint; False when a domain or a group is found impossible (``failure`` says where).

        Cheap rules first: signs, then naked singles of a group, and the matching filter of
        a group only when neither has work left (it subsumes the singles, but most changes
        cascade through singles alone)."""
        groups, count = self.groups, len(self.groups)
        single_queue: list[int] = []
        in_single = [False] * count
        match_queue: list[int] = []
        in_match = [False] * count
        pair_queue: list[int] = []
        in_pairs = [False] * len(self.pairs)
        cell_groups, cell_less, less = self.cell_groups, self.cell_less, self.less
        signs, near_end = len(less), len(less) + len(self.near)

        def touch(i: int) -> None:
            for g in cell_groups[i]:
                if not in_single[g]:
                    in_single[g] = True
                    single_queue.append(g)
                if not in_match[g]:
                    in_match[g] = True
                    match_queue.append(g)
            for p in cell_less[i]:
                if not in_pairs[p]:
                    in_pairs[p] = True
                    pair_queue.append(p)

        for i in touched:
            touch(i)
        while pair_queue or single_queue or match_queue:
            if pair_queue:
                p = pair_queue.pop()
                in_pairs[p] = False
                a, b = self.pairs[p]
                da, db = dom[a], dom[b]
                if p < signs:
                    # a < max(b): keep bits below bit max(b)-1; b > min(a): drop bits 0..min(a)-1.
                    new_a = da & ((1 << (db.bit_length() - 1)) - 1) if db else 0
                    new_b = db & ~((1 << (new_a & -new_a).bit_length()) - 1) if new_a else 0
                    relation = "<"
                elif p < near_end:
                    new_a = da & _next_to(db)
                    new_b = db & _next_to(new_a)
                    relation = "differs by 1 from"
                else:
                    new_a = da & ~_crowded(db)
                    new_b = db & ~_crowded(new_a)
                    relation = "differs by more than 1 from"
                if not new_a or not new_b:
                    self.failure = f"{_show(self.n, a)} {relation} {_show(self.n, b)}"
                    self.failed = (a, b)
                    return False
                if new_a != da:
                    dom[a] = new_a
                    touch(a)
                if new_b != db:
                    dom[b] = new_b
                    touch(b)
                continue
            if single_queue:
                g = single_queue.pop()
                in_single[g] = False
                outcome = singles(dom, groups[g])
                changed = None if outcome is None else outcome[0]
            else:
                g = match_queue.pop()
                in_match[g] = False
                # Every group's singles are at their fixpoint here (their queue is empty).
                changed = filter_group(dom, groups[g], True)
            if changed is None:
                self.failure = self.names[g]
                self.failed = groups[g]
                return False
            for i in changed:
                touch(i)
        return True


def _next_to(mask: int) -> int:
    """The values one away from a value of ``mask`` (bit v-1 for value v; bits past n are
    harmless, a domain never has them)."""
    return (mask << 1) | (mask >> 1)


def _crowded(mask: int) -> int:
    """The values v all of whose supports in ``mask`` are v-1 or v+1, i.e. mask within
    {v-1, v+1}: the neighbours of a single value, or the middle of two values 2 apart."""
    if not mask or mask & (mask - 1) == 0:
        return _next_to(mask)
    low = mask & -mask
    if mask == low | (low << 2):
        return low << 1
    return 0


def board_of(puzzle) -> Board:
    """The Board of a Futoshiki, Latin square or Sudoku."""
    n = puzzle.size
    givens = [v for row in puzzle.givens for v in row]
    groups = [tuple(r * n + c for c in range(n)) for r in range(n)]
    groups += [tuple(r * n + c for r in range(n)) for c in range(n)]
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    if puzzle.kind == "sudoku":
        from ..puzzles.sudoku import units

        for name, cells in units(n):
            if name.startswith("box"):
                groups.append(tuple(r * n + c for r, c in cells))
                names.append(name)
    index = lambda pairs: [(a[0] * n + a[1], b[0] * n + b[1]) for a, b in pairs]  # noqa: E731
    if puzzle.kind == "adjacent":
        return Board(n, givens, groups, [], names, index(puzzle.marks), index(puzzle.apart()))
    return Board(n, givens, groups, index(getattr(puzzle, "less", ())), names)


def reduce(puzzle, level: str = "lines", stop_at: float | None = None,
           progress: Callable[[str], None] | None = None) -> LatinDomains:
    """The domains left by ``level`` ("lines" or "probing") on a Latin-family puzzle.

    Probing stops when ``time.perf_counter()`` reaches ``stop_at`` (what it removed so far
    is kept); ``progress`` gets a line about once a second while it probes.
    """
    return reduce_board(board_of(puzzle), level, stop_at, progress)


def reduce_board(board: Board, level: str = "lines", stop_at: float | None = None,
                 progress: Callable[[str], None] | None = None) -> LatinDomains:
    """``reduce`` on a built board (a ``Board`` or a subclass with more rules in ``propagate``)."""
    n = board.n
    dom = board.initial()
    if not board.propagate(dom, range(n * n)):
        return LatinDomains(n, (0,) * (n * n), board.failure, board=board)
    if level != "probing":
        return LatinDomains(n, tuple(dom), board=board)
    from .latin_probing import probe

    outcome = probe(board, dom, stop_at, progress)
    if outcome.contradiction is not None:
        return LatinDomains(n, (0,) * (n * n), outcome.contradiction, probes=outcome.probes, board=board)
    return LatinDomains(n, tuple(dom), finished=outcome.finished, probes=outcome.probes, board=board)


reduce.split_from = "lines"
"""The level the split search starts from (read by ``futomip.reduction.reduce``)."""


def as_given(puzzle) -> LatinDomains:
    """The domains of the puzzle as given, nothing propagated: each given cell its value,
    every other cell all of 1..n (the model a solver's own propagation starts from)."""
    board = board_of(puzzle)
    return LatinDomains(board.n, tuple(board.initial()), board=board)


reduce.as_given = as_given
"""The domains without reduction (read by ``futomip.reduction.as_given``)."""
