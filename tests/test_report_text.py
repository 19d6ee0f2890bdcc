"""The status lines of ``futomip solve``'s text report say what happened in words a reader
can take literally."""

from __future__ import annotations

import futomip
from futomip.batch.records import text_report
from futomip.result import Result


def _split_line(root_slice: float) -> str:
    puzzle = futomip.load("data/futoshiki/seeds/sample-1.txt")
    search = {"nodes": 4, "subpuzzles": 2, "pruned": 0, "depth": 2, "restarts": 0, "finished": True,
              "root_slice": root_slice, "engine": "latin-dfs", "conflicts": 0, "learnt": 0, "first_search": 0.01}
    result = Result(puzzle, "solved", grid=((1, 2), (2, 1)), backend="highspy", solver="highs", encoding="weighted",
                    seconds={"total": 0.1},
                    reduction={"level": "split", "cells": 4, "fixed": 0, "open": 4, "contradiction": None,
                               "finished": True, "search": search})
    assert futomip.verify(puzzle, result.grid) == []
    return next(line for line in text_report(result).splitlines() if line.startswith("split:"))


def test_split_line_claims_no_slice_of_the_solver():
    """The split line says what the search did and nothing about a slice of the solver on the
    whole model: since the schedule shares the time (its own ``schedule:`` line says who
    answered), a "did not settle it in 0 s" clause would be false or puzzling."""
    for root_slice in (0.0, 1.0):
        assert _split_line(root_slice) == ("split: a search over 4 nodes (depth 2, 0 pruned, 0 restarts) handed "
                                           "the solver 2 sub-puzzles")



def test_a_learning_search_gets_a_line_that_says_who_met_the_first_leaf():
    """With ``--restarts learn`` the report adds what the clause-learning search did and which
    side met the first leaf ("twin" in the summary); without it there is no such line."""
    puzzle = futomip.load("data/futoshiki/seeds/sample-1.txt")
    learning = {"decisions": 7, "conflicts": 3, "restarts": 1, "learnt": 2, "propagations": 40, "reductions": 0}

    def learning_lines(search):
        result = Result(puzzle, "solved", grid=((1, 2), (2, 1)), backend="highspy", solver="highs",
                        encoding="weighted", seconds={"total": 0.1},
                        reduction={"level": "split", "cells": 4, "fixed": 0, "open": 4, "contradiction": None,
                                   "finished": True, "search": search})
        return [line for line in text_report(result).splitlines() if line.startswith("learning:")]

    base = {"nodes": 9, "subpuzzles": 1, "pruned": 3, "depth": 2, "restarts": 1, "finished": True, "root_slice": 0.0,
            "engine": "latin-dfs", "conflicts": 0, "learnt": 0, "first_search": 0.01}
    said = "learning: a clause-learning search took turns with the split search (7 decisions, 3 conflicts, " \
           "1 restarts, 2 learnt clauses kept); "
    assert learning_lines({**base, "twin": "second", "learning": learning}) == [said + "it met the first leaf"]
    assert learning_lines({**base, "twin": "first", "learning": learning}) == \
        [said + "the split search met the first leaf"]
    assert learning_lines({**base, "twin": "undecided", "learning": learning}) == [said + "neither met a leaf"]
    assert learning_lines(base) == [] and learning_lines({**base, "twin": "first"}) == []


def test_the_schedule_line_names_the_model_the_worker_solved():
    """The ``schedule:`` line says "the solver on the puzzle as given" when the worker's model was
    built on the givens alone (CP-SAT on a Latin completion), and "the whole model" otherwise,
    as before the JSON field ``model`` existed."""
    puzzle = futomip.load("data/futoshiki/seeds/sample-1.txt")
    base = {"mode": "parallel", "answered_by": "solver", "turns": 3, "search_seconds": 0.5, "solver_seconds": 0.5,
            "quantum": 0.02, "gave_up": [], "answers": {"search": 0, "solver": 1}, "worker": "model"}

    def schedule_line(schedule):
        result = Result(puzzle, "solved", grid=((1, 2), (2, 1)), backend="ortools", solver="cpsat",
                        encoding="tight", seconds={"total": 0.1}, schedule=schedule)
        return next(line for line in text_report(result).splitlines() if line.startswith("schedule:"))

    assert schedule_line({**base, "model": "as given"}) == (
        "schedule: side by side (the solver on the puzzle as given in a worker on a free core); the solver on the "
        "puzzle as given answered; search 0.500 s, solver 0.500 s")
    for older in ({**base, "model": "reduced"}, base):
        assert schedule_line(older).startswith("schedule: side by side (the solver on the whole model in a worker")
