"""The uniqueness check and the clue loop the makers share.

``check`` answers "has this puzzle exactly one solution?" with futomip's exact machinery:
first the kind's domain reduction at level "lines" (``futomip.reduction``, or for Str8ts
``str8ts_rules``; ``grade.rules`` picks it), which keeps
every solution, so when it fixes every cell without a contradiction that one grid is the
only solution and no solver is needed; otherwise a uniqueness solve through the ordinary
pipeline (MILP with the default reduction, any backend and solver), which starts with the
hidden solution cut off (``Task(known=...)``), so one solve finds another grid or proves
there is none; or through an exact comparison method of ``futomip.methods``.  A check that cannot finish raises
``GenerationStopped``.

``settle`` is the loop of every clue-based maker, written once: from a start set of clues
taken from the hidden solution, while a second solution exists add spare clues (true in the
hidden solution, so it survives) in a random order; then drop the added clues, or if asked
all clues, in random order whenever the puzzle stays unique without them, which leaves a
*minimal* puzzle (every remaining clue is needed).  Only the checks' yes/no answers steer
it, so a seed makes the same puzzle.  ``until_grade`` draws puzzles until one
has the human grade asked for.

Must not import the CLI.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from .generate import GenerationStopped, stopped_check
from .grade import human_grade, rules
from ..errors import FutomipError
from ..options import Deadline, Options
from ..pipeline import Task, run

__all__ = ["Check", "check", "settle", "until_grade"]


@dataclass
class Check:
    """A finished uniqueness check: ``unique``, and when False a ``second`` solution (not the
    hidden one) that the next clue must rule out."""

    unique: bool
    second: object = None


def check(puzzle, hidden, options: Options, deadline: Deadline, method: str = "milp") -> Check:
    """Whether ``puzzle`` (of which ``hidden`` is a solution) has no other solution."""
    domains = rules(puzzle, "lines", deadline.end)
    if domains is not None:
        summary = domains.summary()
        if summary["open"] == 0 and not summary.get("contradiction"):
            return Check(True)
    if deadline.expired:
        raise GenerationStopped("generation stopped: the time limit ended during a uniqueness check")
    if method == "milp":
        # The hidden solution is known: cut off from the start, one solve settles the question,
        # and the grid it finds, if any, is the second solution.
        result = run(puzzle, Task("unique", known=hidden), options, deadline)
        if result.unique is False:
            return Check(False, result.second)
    else:
        from .. import methods

        if not methods.method(method).EXACT:
            raise FutomipError(f"uniqueness checks need an exact method, not {method!r}")
        result = methods.run(method, puzzle, options, deadline, unique=True)
    if result.unique is None:
        raise stopped_check(result)
    if result.unique:
        return Check(True)
    return Check(False, result.grid if result.grid != hidden else result.second)


def settle(build: Callable[[set], object], start: set, spare: list, rng: random.Random,
           test: Callable[[object], Check], minimise: bool = True,
           progress: Callable[[str], None] | None = None) -> set:
    """The clue set of a unique (and, with ``minimise``, minimal) puzzle.

    ``build(clues)`` makes the puzzle; every clue of ``start`` and ``spare`` holds in the
    hidden solution; ``test(puzzle)`` is the check above.  The spare clues are put in a random
    order and the shortest prefix that makes the puzzle unique is found (doubling, then
    halving); then the other clues of that prefix (with ``minimise``, all the other clues) are
    dropped in random order whenever the puzzle stays unique without them.  Only the checks'
    yes/no answers steer this, never which second solution a check returned (that depends on
    which side of the split's race answered first, so a loop steered by it made different
    puzzles from one seed).  The search for the prefix takes a few checks; the drops are one
    check a clue, as the minimising always was."""
    spare = sorted(spare, key=repr)
    rng.shuffle(spare)

    def unique_with(count: int) -> bool:
        """Whether the start and the first ``count`` spare clues make the puzzle unique."""
        if progress is not None:
            progress(f"making it unique: {len(start) + count} clues")
        return test(build(set(start) | set(spare[:count]))).unique

    # The shortest prefix of the spare clues that makes the puzzle unique: doubling, then
    # halving between the last prefix that did not and the first that did.
    low, high = -1, 0
    while not unique_with(high):
        if high == len(spare):
            raise FutomipError("every spare clue is in and the puzzle is still not unique (the maker's clue set "
                               "is incomplete)")
        low, high = high, min(len(spare), 2 * high + 1)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if unique_with(middle) else (middle, high)
    kept = set(start) | set(spare[:high])
    # The last clue of that prefix is needed with any subset of the others, so it is not tried.
    others = spare[:high - 1] if high else []
    order = sorted(kept - set(spare[high - 1:high]), key=repr) if minimise else list(others)
    rng.shuffle(order)
    for done, clue in enumerate(order, start=1):
        if test(build(kept - {clue})).unique:
            kept.remove(clue)
        if progress is not None:
            progress(f"minimising: clue {done}/{len(order)}, {len(kept)} kept")
    return kept


def until_grade(draw: Callable[[], tuple], difficulty: str | None, deadline: Deadline, what: str,
                progress: Callable[[str], None] | None = None) -> tuple:
    """(puzzle, solution, human grade) from ``draw()`` calls, drawing again until the grade is
    ``difficulty`` (any grade when None); ``GenerationStopped`` when the deadline passes first."""
    attempts = 0
    while True:
        attempts += 1
        puzzle, hidden = draw()
        level = human_grade(puzzle, deadline.end)[0]
        if difficulty is None or level == difficulty:
            return puzzle, hidden, level
        if deadline.expired:
            raise GenerationStopped(f"no {difficulty} {what} within the time limit ({attempts} tried)")
        if progress is not None:
            progress(f"{what} {attempts}: {level}, drawing another")
