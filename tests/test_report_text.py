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


def test_split_line_names_the_solvers_slice_only_when_it_had_one():
    """With a slice of the solver on the whole model before the split, the line gives its
    seconds; with none (the first search settled it), it does not claim a slice of 0 s."""
    assert _split_line(1.0) == ("split: the solver did not settle the whole model in 1 s, so a search over 4 probed "
                                "nodes (depth 2, 0 pruned, 0 restarts) handed the solver 2 sub-puzzles")
    assert _split_line(0.0) == ("split: a search over 4 probed nodes (depth 2, 0 pruned, 0 restarts) handed the "
                                "solver 2 sub-puzzles")
