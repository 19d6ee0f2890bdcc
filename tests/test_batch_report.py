"""``futomip report``: the percentile table, CSV and pictures from a small hand-made JSONL,
with every number checked against a hand computation."""

from __future__ import annotations

import csv
import json
import math

import pytest

from futomip.batch.plots import ratios
from futomip.batch.table import percentile, summary
from futomip.cli import main

from conftest import hide_packages


def _record(label, index, seconds, status="solved", size=4, **extra):
    return {"file": "f.txt", "index": index, "label": label, "repeat": 0, "status": status, "size": size,
            "method": label.split(":")[0], "seconds": {"total": seconds, **extra}}


# Ten puzzles: "fast" solves all, 0.05 .. 0.50 s; "slow" is 4x slower and fails on the last two.
RECORDS = ([_record("fast", k, 0.05 * (k + 1)) for k in range(10)]
           + [_record("slow", k, 0.2 * (k + 1)) for k in range(8)]
           + [_record("slow", k, 10.0, "time_limit") for k in (8, 9)])


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99)) == (50, 90, 99)
    assert percentile([3.0], 0.99) == 3.0


def test_summary_counts_failures_as_beyond_the_limit():
    rows = {row["label"]: row for row in summary(RECORDS)}
    fast, slow = rows["fast"], rows["slow"]
    assert fast["under_0.1s"] == pytest.approx(0.1)  # only 0.05 s is under 0.1 s
    assert fast["p50"] == pytest.approx(0.25) and fast["p90"] == pytest.approx(0.45)
    assert fast["mean"] == pytest.approx(0.275) and fast["over_limit"] == 0
    assert slow["solved"] == 8 and slow["over_limit"] == pytest.approx(0.2)
    assert slow["p50"] == pytest.approx(1.0) and math.isinf(slow["p90"])
    assert slow["mean"] == pytest.approx(0.9)


def test_import_seconds_are_left_out():
    row = summary([_record("m", 0, 1.5)])[0]
    assert row["p50"] == 1.5
    record = _record("m", 0, 1.5)
    record["seconds"]["import"] = 1.0
    assert summary([record])[0]["p50"] == pytest.approx(0.5)


def test_profile_ratios_are_against_the_fastest_per_puzzle():
    found = ratios(RECORDS + [_record("fast", 99, 1.0)])  # a puzzle only one method ran is left out
    assert found["fast"] == [1.0] * 10
    assert found["slow"][:8] == pytest.approx([4.0] * 8)
    assert all(math.isinf(r) for r in found["slow"][8:])


def test_report_command_writes_csv_and_pictures(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    folder = tmp_path / "out"
    folder.mkdir()
    assert main(["report", str(results), "-o", str(folder)]) == 0
    table = capsys.readouterr().out
    assert "| slow | 10 | 8 | 0.0% | 1 | > limit | > limit | 20.00% | 0.9 |" in table
    with open(folder / "summary.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["label"] for row in rows] == ["fast", "slow"] and rows[1]["p90"] == "inf"
    for stem in ("profile", "time_vs_size"):
        assert (folder / f"{stem}.png").read_bytes()[:4] == b"\x89PNG"
        assert "<svg" in (folder / f"{stem}.svg").read_text()


def test_report_without_matplotlib_writes_table_and_csv_and_skips_the_pictures(tmp_path, capsys, monkeypatch):
    """The base install has no matplotlib: ``report -o DIR`` printed the table, wrote
    summary.csv, then failed with "solver unavailable", exit 3.  The pictures are optional
    (docs/batch.md: "with matplotlib"), so they are skipped with a one-line note naming the
    extra, and the command exits 0."""
    hide_packages(monkeypatch, "matplotlib")
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    folder = tmp_path / "out"
    assert main(["report", str(results), "-o", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "| slow | 10 | 8 |" in captured.out
    assert captured.err.splitlines() == [f"wrote {folder / 'summary.csv'}",
                                         "futomip: pictures skipped: they need matplotlib: pip install 'futomip[plot]'"]
    assert sorted(path.name for path in folder.iterdir()) == ["summary.csv"]


def test_report_makes_a_missing_output_folder_and_its_parents(tmp_path):
    """-o DIR that does not exist (nor its parent) is made, and summary.csv lands in it."""
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    folder = tmp_path / "new" / "deeper"
    assert main(["report", str(results), "-o", str(folder)]) == 0
    with open(folder / "summary.csv") as handle:
        assert [row["label"] for row in csv.DictReader(handle)] == ["fast", "slow"]


def test_report_into_a_file_is_a_usage_error(tmp_path, capsys):
    """-o naming a file, or a folder under a file, exits 2 saying a file stands there."""
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps(RECORDS[0]) + "\n")
    for target in (results, results / "under"):
        assert main(["report", str(results), "-o", str(target)]) == 2
        assert "is a file, not a folder" in capsys.readouterr().err


def test_anneal_sweep_draws_the_cost_curves(tmp_path):
    pytest.importorskip("matplotlib")
    from futomip.batch.plots import anneal_curves

    runs = [dict(_record(f"anneal:t0={t0:g}", k, 0.1, "heuristic_failed"), cost=k, params={"t0": t0})
            for t0 in (0.5, 2.0) for k in range(3)]
    assert anneal_curves(runs[:0], str(tmp_path)) == []
    paths = anneal_curves(runs, str(tmp_path))
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["anneal.png", "anneal.svg"]


def test_report_json_gives_null_beyond_the_limit(tmp_path, capsys):
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    assert main(["report", str(results), "--json"]) == 0
    rows = {row["label"]: row for row in json.loads(capsys.readouterr().out)["summary"]}
    assert rows["slow"]["p90"] is None and rows["fast"]["p90"] == pytest.approx(0.45)


def test_a_proof_of_infeasibility_counts_as_decided():
    """An exact method that proves a puzzle has no solution has answered it: the run counts in
    ``solved`` with its time (it once counted as over the limit, like a time-out), while a
    local search's failure and a time-out stay beyond the limit."""
    records = [_record("milp", 0, 0.5, "infeasible"), _record("milp", 1, 0.2),
               _record("anneal", 0, 3.0, "heuristic_failure"), _record("anneal", 1, 10.0, "time_limit")]
    rows = {row["label"]: row for row in summary(records)}
    assert rows["milp"]["solved"] == 2 and rows["milp"]["over_limit"] == 0
    assert rows["milp"]["p90"] == pytest.approx(0.5)
    assert rows["anneal"]["solved"] == 0 and rows["anneal"]["over_limit"] == 1
    assert ratios(records) == {"milp": [1.0, 1.0], "anneal": [math.inf, math.inf]}


def test_no_profile_picture_without_a_puzzle_every_label_ran(tmp_path):
    """Two batches over different puzzles share no puzzle: the profile would be empty (it was
    drawn as "(0 puzzles)" with a matplotlib warning), so it is not drawn; the other pictures are."""
    pytest.importorskip("matplotlib")
    from futomip.batch.plots import draw_all

    records = [_record("a", 0, 0.1), _record("b", 1, 0.2)]
    paths = draw_all(records, str(tmp_path))
    names = [path.rsplit("/", 1)[-1] for path in paths]
    assert not any(name.startswith("profile") for name in names)
    assert "time_vs_size.png" in names


def test_an_unreadable_results_file_is_named_in_the_message(tmp_path, capsys):
    """A missing file or a folder: 'PATH:1:1: expected a readable results file, found ...', exit 2."""
    for path, found in ((tmp_path / "missing.jsonl", "no such file"), (tmp_path, "a directory")):
        assert main(["report", str(path)]) == 2
        assert capsys.readouterr().err.strip() == \
            f"futomip: error: {path}:1:1: expected a readable results file, found {found}"


def test_time_against_size_puts_boards_and_pictures_on_one_cells_axis(tmp_path, monkeypatch):
    """QA: a report mixing 9x9 boards (size 9) and 3x3 pictures (size [3, 3]) drew the boards
    at x=9 and the pictures at x=9 as well, on an axis called "cells": boards are n x n cells."""
    pytest.importorskip("matplotlib")
    from futomip.batch import plots

    drawn = {}

    def keep(figure, folder, stem):
        axes = figure.axes[0]
        drawn.update(label=axes.get_xlabel(), xs=sorted({x for line in axes.lines for x in line.get_xdata()}))
        return []

    monkeypatch.setattr(plots, "_save", keep)
    records = [_record("milp", 0, 0.1, size=9), _record("milp", 1, 0.2, size=[3, 3]),
               _record("milp", 2, 0.3, size=[4, 5])]
    plots.time_vs_size(records, str(tmp_path))
    assert drawn == {"label": "cells (rows x columns)", "xs": [9, 20, 81]}
    plots.time_vs_size(records[:1], str(tmp_path))
    assert drawn == {"label": "n (board n x n)", "xs": [9]}
