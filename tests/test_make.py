"""The makers of ``futomip generate --kind sudoku|latin|str8ts``: every puzzle's hidden grid passes
the independent verifier and is its *only* solution by a brute-force count written here
(not the MILP that made it); Sudoku and Str8ts puzzles are minimal; the random grids are valid."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from futomip.make.generate_latin import _hole_cells, generate_latin
from futomip.make.generate_str8ts import generate_str8ts, symmetric_blacks
from futomip.make.generate_sudoku import generate_sudoku
from futomip.make.grade import human_grade
from futomip.make.squares import latin_square, sudoku_grid
from futomip.puzzles import latin, str8ts, sudoku


def _count(n: int, cells: list, allowed, limit: int = 2) -> int:
    """Solutions of a board by plain backtracking: ``cells`` open (r, c) cells, ``allowed(grid,
    r, c, v)`` whether v may go in (r, c) given the cells filled so far; counts up to ``limit``."""
    grid = {}
    found = 0

    def place(k: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if k == len(cells):
            found += 1
            return
        r, c = cells[k]
        for v in range(1, n + 1):
            if allowed(grid, r, c, v):
                grid[r, c] = v
                place(k + 1)
                del grid[r, c]

    place(0)
    return found


def _latin_allowed(board, n, box=None):
    def allowed(grid, r, c, v):
        value = lambda i, j: board[i][j] or grid.get((i, j), 0)  # noqa: E731
        if any(value(r, j) == v for j in range(n)) or any(value(i, c) == v for i in range(n)):
            return False
        if box:
            top, left = r // box * box, c // box * box
            return not any(value(i, j) == v for i in range(top, top + box) for j in range(left, left + box))
        return True
    return allowed


def _sudoku_count(puzzle) -> int:
    n = puzzle.size
    cells = [(r, c) for r in range(n) for c in range(n) if not puzzle.givens[r][c]]
    return _count(n, cells, _latin_allowed(puzzle.givens, n, puzzle.box))


def _str8ts_count(puzzle) -> int:
    n = puzzle.size
    runs = str8ts.compartments(puzzle)
    runs_of = {}
    for run in runs:
        for cell in run:
            runs_of.setdefault(cell, []).append(run)
    digit = lambda grid, i, j: puzzle.givens[i][j] if puzzle.black[i][j] else grid.get((i, j), 0)  # noqa: E731

    def allowed(grid, r, c, v):
        if puzzle.givens[r][c] and puzzle.givens[r][c] != v:
            return False
        if any(digit(grid, r, j) == v for j in range(n) if j != c) or \
                any(digit(grid, i, c) == v for i in range(n) if i != r):
            return False
        for run in runs_of[r, c]:
            values = [grid[cell] for cell in run if cell in grid] + [v]
            if max(values) - min(values) >= len(run):
                return False
        return True

    return _count(n, puzzle.white_cells(), allowed)


@given(st.integers(1, 9), st.integers(0, 10 ** 6))
@settings(max_examples=30, deadline=None)
def test_the_jacobson_matthews_walk_keeps_a_latin_square(n, seed):
    """Every square the walk returns holds 1..n once in each row and column."""
    square = latin_square(n, random.Random(seed), moves=3 * n ** 3)
    assert latin.verify(latin.LatinSquare(n, ((0,) * n,) * n), square) == []


@pytest.mark.parametrize("n", [4, 9, 16])
def test_random_sudoku_grids_are_solutions(n):
    """A random full grid passes the Sudoku verifier."""
    for seed in range(3):
        grid = sudoku_grid(n, random.Random(seed))
        assert sudoku.verify(sudoku.Sudoku(n, ((0,) * n,) * n), grid) == []


@pytest.mark.parametrize("n,seeds", [(4, range(6)), (9, range(2))])
def test_sudoku_puzzles_are_unique_and_minimal_by_brute_force(n, seeds):
    """The hidden grid solves the puzzle, is its only solution, and every given is needed."""
    for seed in seeds:
        puzzle, grid, level = generate_sudoku(n, seed)
        assert sudoku.verify(puzzle, grid) == []
        assert _sudoku_count(puzzle) == 1
        assert level == human_grade(puzzle)[0]
        for (r, c), _ in puzzle.given_cells():
            board = tuple(tuple(0 if (i, j) == (r, c) else v for j, v in enumerate(row))
                          for i, row in enumerate(puzzle.givens))
            assert _sudoku_count(sudoku.Sudoku(n, board)) == 2, (seed, r, c)


def test_sudoku_difficulty_is_the_grade_asked_for():
    """A puzzle made for a human grade has that grade."""
    puzzle, grid, level = generate_sudoku(9, 5, difficulty="probing")
    assert level == "probing" == human_grade(puzzle)[0]
    assert sudoku.verify(puzzle, grid) == []


@pytest.mark.parametrize("balanced", [True, False])
def test_latin_completions_are_unique_by_brute_force(balanced):
    """The hidden square completes the puzzle, is its only completion, and no more holes are
    punched than asked for."""
    for seed in range(4):
        puzzle, square = generate_latin(6, 0.6, seed, balanced)
        assert latin.verify(puzzle, square) == []
        assert puzzle.holes <= round(0.6 * 36)
        cells = [(r, c) for r in range(6) for c in range(6) if not puzzle.givens[r][c]]
        assert _count(6, cells, _latin_allowed(puzzle.givens, 6)) == 1


def test_balanced_holes_are_even_over_rows_and_columns():
    """Balanced hole patterns put the same number of holes in every row and column, give or take one."""
    for count in (0, 7, 20, 36):
        holes = _hole_cells(6, count, True, random.Random(count))
        assert len(set(holes)) == count
        for line in (0, 1):
            per = [sum(1 for cell in holes if cell[line] == i) for i in range(6)]
            assert max(per) - min(per) <= 1, (count, per)


def test_latin_order_20_is_unique_with_the_hole_count_near_the_request():
    """An order-20 QWH puzzle at 42% holes comes out unique, verified, with most holes kept."""
    puzzle, square = generate_latin(20, 0.42, 1)
    assert latin.verify(puzzle, square) == []
    assert 140 <= puzzle.holes <= 168


@pytest.mark.parametrize("n", [5, 6])
def test_str8ts_puzzles_are_unique_minimal_and_symmetric(n):
    """The hidden grid solves the puzzle, is its only solution (brute force), every clue is
    needed, and the black cells have the point symmetry of published puzzles."""
    for seed in range(3):
        puzzle, grid, _ = generate_str8ts(n, seed)
        assert str8ts.verify(puzzle, grid) == []
        assert _str8ts_count(puzzle) == 1
        for r in range(n):
            for c in range(n):
                assert puzzle.black[r][c] == puzzle.black[n - 1 - r][n - 1 - c]
        for clue in str8ts.clues(puzzle):
            smaller = str8ts.restrict(puzzle, [other for other in str8ts.clues(puzzle) if other.key != clue.key])
            assert _str8ts_count(smaller) == 2, (seed, clue.text)


def test_symmetric_blacks_are_closed_under_the_point_symmetry():
    """The black pattern is its own 180-degree rotation and has the size asked for (or one less)."""
    for blacks in range(0, 30, 3):
        cells = symmetric_blacks(9, blacks, random.Random(blacks))
        assert {(8 - r, 8 - c) for r, c in cells} == cells
        assert blacks - 1 <= len(cells) <= blacks


@pytest.mark.parametrize("kind,size,suffix,extra", [
    ("sudoku", "4", ".sdk", []),
    ("latin", "6", ".pls", ["--holes", "0.5", "--holes-pattern", "random"]),
    ("str8ts", "5", ".dat", ["--blacks", "5"]),
    ("killer", "4", ".kmap", []),
    ("adjacent", "5", ".unequal", []),
])
def test_cli_writes_each_kind_with_solution_and_grade_beside_it(tmp_path, capsys, kind, size, suffix, extra):
    """``generate --kind K -o PATTERN`` writes puzzles that read back, and a .sol whose one grid
    solves them and whose comment names the human grade."""
    from futomip import io
    from futomip.cli import main
    from futomip.io.solutions import read_solutions
    from futomip.puzzles import verify

    pattern = str(tmp_path / f"p{{seed}}{suffix}")
    assert main(["generate", size, "--kind", kind, "--seed", "2", "--count", "2", "-o", pattern, *extra]) == 0
    for seed in (2, 3):
        path = tmp_path / f"p{seed}{suffix}"
        puzzle = io.load(path)
        assert puzzle.kind == kind
        solutions = read_solutions(path.with_suffix(".sol"))
        assert solutions.count == 1 and verify(puzzle, solutions.grids[0]) == []
        assert "% human grade: " in path.with_suffix(".sol").read_text()
    assert "human grade" in capsys.readouterr().err


@pytest.mark.parametrize("argv,message", [
    (["generate", "10", "--kind", "sudoku"], "square number"),
    (["generate", "9", "--kind", "sudoku", "--holes", "3"], "--holes is not used by --kind sudoku"),
    (["generate", "9", "--kind", "latin", "--difficulty", "lines"], "--difficulty is not used by --kind latin"),
    (["generate", "5", "--kind", "latin", "--holes", "30"], "cannot punch 30 holes"),
    (["generate", "5", "--kind", "latin", "--holes", "2.5"], "a share in [0, 1) or a whole count"),
    (["generate", "3", "--kind", "str8ts", "--blacks", "9"], "must leave white cells"),
    (["generate", "20", "--kind", "latin", "-o", "x{seed}.txt"], "a latin cannot be written to a .txt file"),
    (["generate", "5", "--kind", "adjacent", "--givens", "3"], "--givens is not used by --kind adjacent"),
    (["generate", "5", "--kind", "adjacent", "-o", "x{seed}.csv"], "its formats are: tatham-adjacent"),
    (["generate", "5", "--kind", "adjacent", "--difficulty", "search"], "needs --time-limit"),
    (["generate", "9", "--kind", "sudoku", "--difficulty", "search"], "--kind sudoku --difficulty search needs --time-limit"),
    (["generate", "9", "--kind", "str8ts", "--difficulty", "search"], "--kind str8ts --difficulty search needs --time-limit"),
    (["generate", "9", "--kind", "sudoku", "--method", "propagate"], "cannot check uniqueness of sudoku puzzles"),
    (["generate", "9", "--kind", "str8ts", "--method", "anneal"], "exact methods for them: milp, cpsat"),
    (["generate", "9", "--kind", "futoshiki", "--blacks", "9"], "only by --kind str8ts"),
    (["generate", "6", "--kind", "killer"], "Killer Sudoku's size must be a square number"),
    # Squares too, but they did not finish in minutes (futomip.make.makers.SUDOKU_SIZES).
    (["generate", "25", "--kind", "sudoku"], "4, 9 or 16, got 25 (larger boards take far longer"),
    (["generate", "16", "--kind", "killer"], "4 or 9, got 16 (larger boards take far longer"),
    # Without {seed} every puzzle of the count would overwrite the one before.
    (["generate", "5", "--count", "3", "-o", "five.txt"], "put {seed} in the name (e.g. -o five-{seed}.txt)"),
])
def test_cli_refuses_bad_generate_arguments_in_one_line(capsys, argv, message):
    """A knob the kind does not use, or a value it cannot take, exits 2 with one line naming it."""
    from futomip.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_an_output_name_whose_format_cannot_hold_the_size_is_refused_first():
    """The writer's dry run before any puzzle is made: .kmap holds 4x4 and 9x9 only (the
    command refuses a 16x16 Killer for its size before it gets here)."""
    from futomip.cli.generate import _check_suffix
    from futomip.errors import UsageError

    with pytest.raises(UsageError, match="not 16x16"):
        _check_suffix("x{seed}.kmap", "killer", 16)


def test_cli_refuses_an_unknown_kind(capsys):
    """An unknown --kind is a usage error (exit 2) listing the kinds."""
    from futomip.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["generate", "9", "--kind", "kakuro"])
    assert stop.value.code == 2
    assert "str8ts" in capsys.readouterr().err


def test_the_rule_ladder_is_monotone_and_settles_only_unique_puzzles():
    """A Sudoku settled by naked singles is settled by hidden singles too, and every rung below
    probing is reached only by puzzles with one solution (brute force)."""
    from futomip.make.ladder import _singles_settle, settled_by

    rng = random.Random(7)
    for _ in range(25):
        grid = sudoku_grid(4, rng)
        keep = rng.sample([(r, c) for r in range(4) for c in range(4)], rng.randint(3, 12))
        board = tuple(tuple(grid[r][c] if (r, c) in keep else 0 for c in range(4)) for r in range(4))
        puzzle = sudoku.Sudoku(4, board)
        naked, hidden = _singles_settle(puzzle, False), _singles_settle(puzzle, True)
        assert hidden or not naked
        if hidden:
            assert _sudoku_count(puzzle) == 1
        rung = settled_by(puzzle, human_grade(puzzle)[0])
        assert rung in ("naked singles", "hidden singles", "all-different", "probing", "search")
    full_but_one = tuple(tuple(0 if (r, c) == (0, 0) else v for c, v in enumerate(row)) for r, row in enumerate(grid))
    assert settled_by(sudoku.Sudoku(4, full_but_one), "lines") == "naked singles"


def test_str8ts_rungs_are_graded_for_made_puzzles():
    """Made Str8ts puzzles name a rung of the Str8ts ladder consistent with their human grade."""
    from futomip.make.ladder import settled_by

    for seed in range(4):
        puzzle, _, _ = generate_str8ts(5, seed)
        level = human_grade(puzzle)[0]
        rung = settled_by(puzzle, level)
        assert rung in (("singles", "straights") if level == "lines" else (level,))


def test_str8ts_difficulty_is_the_grade_asked_for():
    """A Str8ts made for the "lines" grade has that grade and one solution."""
    puzzle, grid, level = generate_str8ts(6, 1, difficulty="lines")
    assert level == "lines" == human_grade(puzzle)[0]
    assert str8ts.verify(puzzle, grid) == [] and _str8ts_count(puzzle) == 1


def test_uniqueness_checks_by_cpsat_make_unique_puzzles_too():
    """With ``method="cpsat"`` the checks run on CP-SAT, and the Str8ts and Latin puzzles are still
    unique by brute force."""
    pytest.importorskip("ortools")
    puzzle, grid, _ = generate_str8ts(5, 11, method="cpsat")
    assert str8ts.verify(puzzle, grid) == [] and _str8ts_count(puzzle) == 1
    square_puzzle, square = generate_latin(6, 0.6, 11, method="cpsat")
    cells = [(r, c) for r in range(6) for c in range(6) if not square_puzzle.givens[r][c]]
    assert latin.verify(square_puzzle, square) == [] and _count(6, cells, _latin_allowed(square_puzzle.givens, 6)) == 1


_SLOW_GRADE = """
import sys
import futomip.cli.generate as generate
from futomip.cli import main
generate.SLOW_GRADE_NOTE = 0.5
sys.exit(main(sys.argv[1:]))
"""


def test_a_grade_out_of_reach_without_time_limit_gets_a_note_and_goes_on():
    """A 4x4 Sudoku is never of grade probing: without --time-limit the command draws for ever,
    and after SLOW_GRADE_NOTE seconds (0.5 here) one note on stderr says so, naming the seed, the
    grade and the way out, while the drawing goes on (the process is still running)."""
    import subprocess
    import sys
    import time

    process = subprocess.Popen([sys.executable, "-c", _SLOW_GRADE, "generate", "4", "--kind", "sudoku",
                                "--difficulty", "probing", "--seed", "3"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stderr.readline()  # blocks until the note (or the end, which fails below)
        time.sleep(0.3)
        still_running = process.poll() is None
    finally:
        process.kill()
        process.communicate()
    assert line.startswith("futomip: note: seed 3: no sudoku of grade probing after 0.5 s of drawing"), line
    assert "--time-limit bounds the search" in line and "Ctrl-C stops it" in line
    assert still_running


def test_a_grade_reached_in_time_gets_no_note(capfd, monkeypatch):
    """The note's timer is cancelled when the puzzle is made: no note comes after it."""
    import time

    import futomip.cli.generate as generate
    from futomip.cli import main

    monkeypatch.setattr(generate, "SLOW_GRADE_NOTE", 0.2)
    assert main(["generate", "4", "--kind", "sudoku", "--difficulty", "lines", "--seed", "3"]) == 0
    time.sleep(0.4)
    assert "note:" not in capfd.readouterr().err


def test_settle_is_steered_by_the_yes_no_answers_only():
    """Which second solution a check returns depends on which side of the split's race answers
    first (QA: three 10x10 Futoshiki from one seed); ``settle`` must make the same clue set
    whatever second solutions it is shown.  Toy puzzle: clues are numbers, the puzzle is unique
    when the kept clues cover {3, 5, 8}; the minimised set is then exactly those three."""
    from futomip.make.unique import Check, settle

    needed = {3, 5, 8}

    def run(noise: random.Random) -> set:
        def test(kept):
            return Check(True) if needed <= kept else Check(False, noise.random())
        return settle(frozenset, {0}, list(range(1, 12)), random.Random(7), test)

    first = run(random.Random(1))
    assert first == needed
    assert all(run(random.Random(seed)) == first for seed in range(2, 6))
    # Without minimising, only added clues that are not needed are dropped: the start stays.
    kept = settle(frozenset, {0}, list(range(1, 12)), random.Random(7),
                  lambda kept: Check(needed <= kept), minimise=False)
    assert kept == {0} | needed
    # A start that is unique already keeps every spare clue out.
    for minimise in (False, True):
        assert settle(frozenset, set(needed), [1, 2], random.Random(7), lambda kept: Check(needed <= kept),
                      minimise=minimise) == needed


def test_the_futoshiki_maker_ignores_which_second_solution_a_check_returns(monkeypatch):
    """The Futoshiki maker makes the same puzzle whatever second solution its checks report
    (scrambled here), and that puzzle is unique and minimal in its signs by brute force."""
    from futomip.make import generate as maker
    from futomip.puzzles.futoshiki import Futoshiki, verify

    plain = maker.generate_futoshiki(5, 1, 6, seed=11)
    real = maker._unique

    def scrambled(puzzle, options, deadline, square):
        result = real(puzzle, options, deadline, square)
        result.second = tuple(tuple(reversed(row)) for row in square)  # not a solution: must not be read
        return result

    monkeypatch.setattr(maker, "_unique", scrambled)
    assert maker.generate_futoshiki(5, 1, 6, seed=11) == plain
    puzzle, square = plain
    assert verify(puzzle, square) == []

    assert _futoshiki_count(puzzle) == 1
    for pair in puzzle.less:
        fewer = Futoshiki(puzzle.size, puzzle.givens, tuple(p for p in puzzle.less if p != pair), puzzle.name)
        assert _futoshiki_count(fewer) >= 2, f"sign {pair} is not needed"


def _futoshiki_count(puzzle, limit: int = 2) -> int:
    """Solutions of a small Futoshiki by backtracking over rows (brute force, no futomip solver)."""
    n = puzzle.size
    rows = list(itertools.permutations(range(1, n + 1)))
    grid: list = []
    found = 0

    def fits() -> bool:
        r = len(grid) - 1
        if any(grid[r][c] == grid[k][c] for k in range(r) for c in range(n)):
            return False
        if any(g and grid[r][c] != g for c, g in enumerate(puzzle.givens[r])):
            return False
        for (a, b) in puzzle.less:
            if a[0] <= r and b[0] <= r and not grid[a[0]][a[1]] < grid[b[0]][b[1]]:
                return False
        return True

    def place() -> None:
        nonlocal found
        if found >= limit:
            return
        if len(grid) == n:
            found += 1
            return
        for row in rows:
            grid.append(row)
            if fits():
                place()
            grid.pop()

    place()
    return found


def test_a_check_without_an_answer_says_what_it_lacked(monkeypatch):
    """A check that found no second solution and no proof stopped the maker with "a uniqueness
    check ended with solved", which reads as a success.  It now says what is missing."""
    from futomip.make import unique
    from futomip.make.generate import GenerationStopped
    from futomip.options import Deadline, Options
    from futomip.result import Result

    hidden = latin_square(5, random.Random(1))
    board = tuple(tuple(0 if r == c else v for c, v in enumerate(row)) for r, row in enumerate(hidden))
    puzzle = latin.LatinSquare(5, board, name="holes")
    monkeypatch.setattr(unique, "rules", lambda *args: None)
    monkeypatch.setattr(unique, "run", lambda *args: Result(puzzle, status="solved", message="the second solve ended"))
    with pytest.raises(GenerationStopped) as caught:
        unique.check(puzzle, hidden, Options(), Deadline(None))
    assert str(caught.value) == ("generation stopped: a uniqueness check found no second solution and no proof "
                                 "that there is none (the second solve ended)")


def test_a_check_cut_short_by_ctrl_c_is_an_interrupt_not_a_failed_maker(monkeypatch):
    """Ctrl-C inside a maker's uniqueness check came out as "generation stopped ... (uniqueness
    unknown: interrupted (Ctrl-C))", which the command reported with exit 1; the interrupt
    itself must come out, so that the command exits 130 like every other interrupted one."""
    from futomip import stopping
    from futomip.make import generate, unique
    from futomip.options import Deadline, Options
    from futomip.result import Result

    hidden = latin_square(5, random.Random(1))
    board = tuple(tuple(0 if r == c else v for c, v in enumerate(row)) for r, row in enumerate(hidden))
    puzzle = latin.LatinSquare(5, board, name="holes")
    interrupted = Result(puzzle, status="solved", message="uniqueness unknown: interrupted (Ctrl-C)",
                         stopped=stopping.Stopped())
    monkeypatch.setattr(unique, "rules", lambda *args: None)
    monkeypatch.setattr(unique, "run", lambda *args: interrupted)
    with pytest.raises(stopping.Stopped) as caught:
        unique.check(puzzle, hidden, Options(), Deadline(None))
    assert caught.value.exit_code == 130
    # The Futoshiki maker's own check goes the same way.
    monkeypatch.setattr(generate, "run", lambda *args: interrupted)
    with pytest.raises(stopping.Stopped):
        generate._unique(puzzle, Options(), Deadline(None), hidden)


@pytest.mark.parametrize("kind", ["futoshiki", "sudoku"])
def test_generate_printed_to_a_file_reads_back_or_says_to_use_o(tmp_path, kind):
    """``futomip generate ... > file``: a Futoshiki is printed in the grid format and reads
    back; a Sudoku is drawn for reading, and a note on stderr says to use -o (the file did not
    read back and nothing said why)."""
    import subprocess
    import sys

    from futomip import io

    path = tmp_path / "p.txt"
    with open(path, "w") as out:
        done = subprocess.run([sys.executable, "-m", "futomip", "generate", "4", "--kind", kind, "--seed", "5"],
                              stdout=out, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    if kind == "futoshiki":
        assert io.load(path).size == 4 and "-o" not in done.stderr
    else:
        assert "drawn for reading" in done.stderr and "-o 'NAME-{seed}.EXT'" in done.stderr


def test_a_latin_maker_that_fills_holes_back_says_how_many_were_asked(capsys):
    """QA: `generate 3 --kind latin --holes 9` made 6 holes and said only "6 holes": the
    holes filled back for a unique completion are now said against the count asked."""
    from futomip.cli import main

    assert main(["generate", "3", "--kind", "latin", "--holes", "9", "--seed", "1"]) == 0
    assert "6 holes of 9 asked, filled back to one solution" in capsys.readouterr().out
