"""The ranking rules of ``benchmarks/choose_defaults.py`` (which rows become the defaults)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import choose_defaults  # noqa: E402


def _totals(rows: dict) -> dict:
    return {("futoshiki", pair, config): total for (pair, config), total in rows.items()}


def test_tied_splits_put_the_stronger_solver_side_first():
    """Two split rows within TIE_SECONDS a puzzle of each other: the one whose pair solves the
    whole model faster goes first, although its own total is a little higher."""
    totals = _totals({("highspy/highs", "split"): 0.05, ("ortools/cpsat", "split"): 0.06,
                      ("highspy/highs", "solver"): 12.6, ("ortools/cpsat", "solver"): 0.45})
    ranking = choose_defaults.ranked(totals, {"futoshiki": 23})["futoshiki"]
    assert [(pair, level) for _, pair, level in ranking[:2]] == [("ortools/cpsat", "split"), ("highspy/highs", "split")]


def test_splits_apart_by_more_than_the_tie_keep_their_order():
    """Beyond TIE_SECONDS a puzzle the faster split stays first, whatever the solver sides."""
    room = choose_defaults.TIE_SECONDS * 10
    totals = _totals({("highspy/highs", "split"): 1.0, ("ortools/cpsat", "split"): 1.0 + 2 * room,
                      ("highspy/highs", "solver"): 50.0, ("ortools/cpsat", "solver"): 2.0})
    ranking = choose_defaults.ranked(totals, {"futoshiki": 10})["futoshiki"]
    assert ranking[0][1:] == ("highspy/highs", "split")


def test_a_faster_whole_model_row_is_not_overtaken_by_the_tie_rule():
    """The tie rule only orders split rows when a split is the fastest: a faster whole-model
    row stays first."""
    totals = _totals({("highspy/highs", "split"): 0.30, ("ortools/cpsat", "split"): 0.31,
                      ("ortools/cpsat", "solver"): 0.29, ("highspy/highs", "solver"): 9.0})
    ranking = choose_defaults.ranked(totals, {"futoshiki": 23})["futoshiki"]
    assert ranking[0][1:] == ("ortools/cpsat", choose_defaults.WHOLE_LEVEL["futoshiki"])


def test_str8ts_is_measured_on_the_whole_model_without_reduction(tmp_path):
    """Str8ts has no reduction and no split: only "solver" at ``--reduce none``, on the bundled
    puzzles and the folder's; the ranking writes "none" rows, which the registry reads."""
    from futomip.solvers import defaults

    assert choose_defaults.configs_of("str8ts") == ("solver",)
    assert choose_defaults.options_for("solver", "str8ts", "highspy", "highs", 5.0).reduce == "none"
    (tmp_path / "extra.txt").write_text((Path(__file__).resolve().parent.parent / "data" / "str8ts" / "vil02" /
                                         "SAMPLE_1.txt").read_text())
    names = [p.name for p in choose_defaults.str8ts(100, str(tmp_path))]
    assert "extra.txt" in names and "board05_extreme.txt" in names and len(names) == 12
    ranking = choose_defaults.ranked({("str8ts", "ortools/cpsat", "solver"): 0.8,
                                      ("str8ts", "highspy/highs", "solver"): 3.2})
    assert ranking["str8ts"] == [(0.8, "ortools/cpsat", "none"), (3.2, "highspy/highs", "none")]
    chosen = defaults.configuration("str8ts")
    assert chosen.reduce == "none" and "str8ts" in chosen.reason
