"""``futomip draw``: what it writes, its exit codes, and its messages for unusable requests."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from futomip.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"
SAMPLE = DATA / "futoshiki.dat"
SVG = "{http://www.w3.org/2000/svg}"


def classes(path: Path) -> list[str]:
    """Every class word of every element of the SVG file (parsing it checks it is well-formed)."""
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg"
    return [word for element in root.iter() for word in (element.get("class") or "").split()]


def infeasible_futoshiki(tmp_path: Path) -> Path:
    path = tmp_path / "bad.txt"
    path.write_text("1>0 0\n\n0 0 0\n\n0 0 0\n")
    return path


def test_draws_the_puzzle_and_says_where(tmp_path, capsys):
    """A bare draw writes the board (12 givens, 11 signs), exits 0, and names the file on stderr only."""
    out = tmp_path / "board.svg"
    assert main(["draw", str(SAMPLE), "-o", str(out)]) == 0
    found = classes(out)
    assert found.count("given") == 12 and found.count("sign") == 11 and "solved" not in found
    captured = capsys.readouterr()
    assert captured.out == "" and f"wrote {out}" in captured.err


def test_solution_is_drawn_through_the_pipeline(tmp_path):
    """--solution fills the 37 open cells of the 7x7 sample."""
    out = tmp_path / "solved.svg"
    assert main(["draw", str(SAMPLE), "--solution", "-o", str(out)]) == 0
    assert classes(out).count("solved") == 49 - 12


def test_unique_on_a_puzzle_with_several_solutions_draws_two_boards(tmp_path):
    """--unique on a puzzle with more than one solution draws both and marks where they differ."""
    out = tmp_path / "two.svg"
    assert main(["draw", str(DATA / "futoshiki/seeds/sample-5.txt"), "--unique", "-o", str(out)]) == 0
    found = classes(out)
    assert found.count("differs") >= 4 and found.count("differs") % 2 == 0


def test_explain_draws_the_conflict_and_exits_1(tmp_path):
    """An infeasible puzzle's --explain picture marks its clues in red; the exit code is solve's 1."""
    out = tmp_path / "conflict.svg"
    assert main(["draw", str(infeasible_futoshiki(tmp_path)), "--explain", "-o", str(out)]) == 1
    found = classes(out)
    assert found.count("conflict") == 2  # the ring on the given and the blamed sign


def test_lp_heat_map_and_its_limits(tmp_path, capsys):
    """--lp draws heat; an infeasible relaxation exits 1; --lp with --solver is refused with 2."""
    out = tmp_path / "lp.svg"
    assert main(["draw", str(SAMPLE), "--lp", "-o", str(out)]) == 0
    assert "heat" in classes(out)
    assert main(["draw", str(infeasible_futoshiki(tmp_path)), "--lp", "-o", str(out)]) == 1
    assert main(["draw", str(SAMPLE), "--lp", "--solver", "cbc", "-o", str(out)]) == 2
    assert "--backend and --solver do not apply" in capsys.readouterr().err


def test_lp_stopped_by_the_time_limit_exits_1_and_keeps_the_limit(tmp_path):
    """A relaxation the time limit stopped is not solved: exit 1 as for solve (QA: it was 0), the
    picture written all the same; the limit counts from the command's start, so a limit that is
    already spent solves no LP at all."""
    out = tmp_path / "lp.svg"
    assert main(["draw", str(SAMPLE), "--lp", "--time-limit", "0", "-o", str(out)]) == 1
    assert "time limit ran out" in out.read_text()


@pytest.mark.parametrize("name, message", [
    ("board.pdf", "must end in .svg or .png"),
    ("a-file/board.svg", "is a file, not a folder"),
])
def test_unusable_output_is_refused_before_any_work(tmp_path, capsys, name, message):
    """A bad suffix or a file where the folder should be exits 2 with the reason, before the
    input is even read."""
    (tmp_path / "a-file").write_text("a file where the picture's folder would be")
    assert main(["draw", str(tmp_path / "no-such-input.txt"), "-o", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert message in err and "no-such-input" not in err


def test_png_without_matplotlib_exits_3_with_the_extra(tmp_path, capsys, monkeypatch):
    """Without matplotlib a PNG is a missing optional package: exit 3, "not installed" and the
    extra to install (the exit-code table of docs/troubleshooting.md), and no file written."""
    from conftest import hide_packages

    hide_packages(monkeypatch, "matplotlib")
    out = tmp_path / "board.png"
    assert main(["draw", str(SAMPLE), "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert "futomip: not installed: a PNG picture needs matplotlib" in err and "futomip[plot]" in err
    assert not out.exists()


def test_multi_puzzle_file_needs_an_index(tmp_path, capsys):
    """A file with several puzzles asks for --index (exit 2); with it the chosen one is drawn."""
    taai = DATA / "nonogram/formats/two-puzzles.taai"
    out = tmp_path / "one.svg"
    assert main(["draw", str(taai), "-o", str(out)]) == 2
    assert "--index" in capsys.readouterr().err
    assert main(["draw", str(taai), "--index", "1", "-o", str(out)]) == 0
    assert "clue" in classes(out)


def test_png_output(tmp_path):
    """-o x.png writes a PNG (skipped without matplotlib)."""
    pytest.importorskip("matplotlib", reason="PNG needs matplotlib: pip install 'futomip[plot]'")
    out = tmp_path / "board.png"
    assert main(["draw", str(SAMPLE), "-q", "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
