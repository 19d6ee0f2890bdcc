"""Adjacent, Tatham's Unequal in "Adjacent" mode (issue 24): Tatham's own game IDs, round
trips, the verifier, the exactness of the reduction, split and model against brute force,
the generator, the drawing and the command line."""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import adjacent_puzzles, solvable_adjacent_puzzles

import futomip
from futomip import io
from futomip.errors import UnsupportedFeatureError
from futomip.puzzles.adjacent import Adjacent, neighbour_pairs
from futomip.reduction.latin import reduce
from futomip.reduction.latin_split import Split

ROOT = Path(__file__).resolve().parent.parent
TATHAM = [line.split() for line in (ROOT / "tests" / "data" / "tatham_adjacent_ids.txt").read_text().splitlines()
          if line and not line.startswith("#")]
EXAMPLE = ROOT / "data" / "adjacent" / "tatham-7a.unequal"


def brute_force(puzzle: Adjacent) -> list[tuple[tuple[int, ...], ...]]:
    """Every solution, by a plain depth-first search that checks each rule on placed cells."""
    n = puzzle.size
    marks, free = set(puzzle.marks), set(puzzle.free)
    grid = [[0] * n for _ in range(n)]
    found = []

    def fits(r: int, c: int, v: int) -> bool:
        if puzzle.givens[r][c] not in (0, v) or v in grid[r][:c] or any(grid[k][c] == v for k in range(r)):
            return False
        for other in ((r, c - 1), (r - 1, c)):
            if min(other) < 0 or (other, (r, c)) in free:
                continue
            near = abs(grid[other[0]][other[1]] - v) == 1
            if near != ((other, (r, c)) in marks):
                return False
        return True

    def place(index: int) -> None:
        if index == n * n:
            found.append(tuple(map(tuple, grid)))
            return
        r, c = divmod(index, n)
        for v in range(1, n + 1):
            if fits(r, c, v):
                grid[r][c] = v
                place(index + 1)
                grid[r][c] = 0

    place(0)
    return found


def _grid(text: str):
    return tuple(tuple(int(ch) for ch in row) for row in text.strip("/").split("/"))


# Tatham's own game IDs

@pytest.mark.parametrize("game_id,solution", TATHAM, ids=[gid.split(":")[0] + f"-{k}" for k, (gid, _) in
                                                         enumerate(TATHAM)])
def test_tatham_ids_read_write_back_unchanged_and_solve_to_his_solution(game_id, solution):
    """A game ID from Tatham's generator is detected, written back byte for byte, and has
    exactly the one solution his solver printed."""
    puzzle = io.read_text(game_id, "x")[0]
    assert puzzle.kind == "adjacent" and io.detect(game_id, "x").name == "tatham-adjacent"
    assert io.write_text(puzzle, "tatham-adjacent") == game_id + "\n"
    assert futomip.verify(puzzle, _grid(solution)) == []
    result = futomip.solve(puzzle, unique=True)
    assert result.unique is True and result.grid == _grid(solution)


def test_the_difficulty_letters_after_the_mode_are_accepted():
    """``5adk`` (mode, then Tatham's difficulty) reads as the same puzzle as ``5a``."""
    game_id = next(gid for gid, _ in TATHAM if gid.startswith("5a:"))
    assert io.read_text(game_id.replace("5a:", "5adk:"), "x") == io.read_text(game_id, "x")


# Formats

@settings(max_examples=80, deadline=None)
@given(adjacent_puzzles(min_size=1, max_size=9))
def test_write_then_read_gives_the_same_puzzle(puzzle):
    """Any Adjacent puzzle, contradictory or not, survives tatham-adjacent unchanged."""
    text = io.write_text(puzzle, "tatham-adjacent")
    assert io.read_text(text, "x") == [puzzle]
    assert io.read_text(text, "x", "tatham") == [puzzle]


@settings(max_examples=20, deadline=None)
@given(adjacent_puzzles(min_size=2, max_size=5))
def test_futoshiki_formats_refuse_an_adjacent_puzzle(puzzle):
    """Every Futoshiki writer refuses an Adjacent puzzle instead of dropping its rules."""
    for fmt in io.FORMATS.values():
        if fmt.kind != "adjacent":
            with pytest.raises(UnsupportedFeatureError, match="tatham-adjacent"):
                io.write_text(puzzle, fmt.name)


def test_a_pair_without_a_rule_cannot_be_written():
    """An --explain sub-puzzle (a pair with no rule) is refused by the Tatham writer."""
    with pytest.raises(UnsupportedFeatureError, match="no rule|has none"):
        io.write_text(Adjacent(2, ((0, 0), (0, 0)), free=(((0, 0), (0, 1)),)), "tatham-adjacent")


# The verifier

@settings(max_examples=60, deadline=None)
@given(st_size=adjacent_puzzles(min_size=3, max_size=4))
def test_verify_accepts_exactly_the_latin_squares_with_the_same_differences(st_size):
    """A Latin square solves the puzzle made from another square iff their neighbours that
    differ by 1 are the same pairs (no givens)."""
    n = st_size.size
    squares = _latin_squares(n)[:: max(1, 6 // n)]
    base = squares[len(st_size.marks) % len(squares)]
    puzzle = Adjacent.from_solution(base)
    for grid in squares:
        same = all((abs(grid[a[0]][a[1]] - grid[b[0]][b[1]]) == 1) == (abs(base[a[0]][a[1]] - base[b[0]][b[1]]) == 1)
                   for a, b in neighbour_pairs(n))
        assert (futomip.verify(puzzle, grid) == []) == same


@functools.cache
def _latin_squares(n: int) -> tuple:
    """Every Latin square of order n (enumerated once per order, not once per example)."""
    return tuple(rows for rows in itertools.permutations(itertools.permutations(range(1, n + 1)), n)
                 if all(len(set(column)) == n for column in zip(*rows)))


# Exactness of the reduction, the split search and the model

ANY_PUZZLE = st.one_of(adjacent_puzzles(min_size=1, max_size=5, free=True), solvable_adjacent_puzzles(1, 5))


@settings(max_examples=80, deadline=None)
@given(ANY_PUZZLE)
def test_reduction_keeps_every_solution_and_fails_only_without_one(puzzle):
    """Both levels keep every brute-force solution and report a contradiction only when there
    is none; with one solution and nothing open, the domains are that solution."""
    solutions = brute_force(puzzle)
    for level in ("lines", "probing"):
        domains = reduce(puzzle, level)
        if domains.contradiction:
            assert solutions == []
        for grid in solutions:
            assert domains.admits(grid)
        if domains.open == 0 and not domains.contradiction:
            assert solutions == [tuple(tuple(domains.values(r, c)[0] for c in range(puzzle.size))
                                       for r in range(puzzle.size))]


@settings(max_examples=40, deadline=None)
@given(ANY_PUZZLE)
def test_split_search_leaves_are_exactly_the_solutions(puzzle):
    """Split to the end (no open cell left), the search's leaves are the brute-force solutions."""
    root = reduce(puzzle, "lines")
    if root.contradiction:
        assert brute_force(puzzle) == []
        return
    search = Split(puzzle, root)
    search.limit = 0
    leaves = list(search)
    assert search.finished
    grids = {tuple(tuple(leaf.values(r, c)[0] for c in range(puzzle.size)) for r in range(puzzle.size))
             for leaf in leaves}
    assert grids == set(brute_force(puzzle))


@settings(max_examples=15, deadline=None)
@given(st.one_of(adjacent_puzzles(min_size=2, max_size=4, free=True), solvable_adjacent_puzzles(2, 4)))
def test_model_has_exactly_the_brute_force_solutions(puzzle):
    """Enumerating with the MILP on the unreduced model and on the reduced one gives the brute-force set."""
    expected = set(brute_force(puzzle))
    for level in ("none", "probing"):
        found = futomip.enumerate_all(puzzle, reduce=level)
        assert found.complete
        assert {tuple(map(tuple, grid)) for grid in found.solutions} == expected
        assert all(futomip.verify(puzzle, grid) == [] for grid in found.solutions)


@settings(max_examples=60, deadline=None)
@given(ANY_PUZZLE, st.integers(0, 10 ** 6))
def test_kernels_compiled_and_interpreted_reach_the_python_fixpoint_and_probe(puzzle, seed):
    """The Latin kernels with the Adjacent pair rules, compiled and interpreted, reach the
    masks of ``Board.propagate`` from thinned masks, and probe to the Python probe's masks."""
    import random

    from futomip.reduction import latin_core
    from futomip.reduction.latin import board_of
    from futomip.reduction.latin_probing import _probe_python, probe

    board = board_of(puzzle)
    rng = random.Random(seed)
    masks = [mask & rng.getrandbits(board.n) or mask if rng.random() < 0.3 else mask for mask in board.initial()]
    reference = list(masks)
    expected = board.propagate(reference, range(len(masks)))
    for mode in ("interpreted", "compiled"):
        core = latin_core.Core(board, masks, mode)
        assert core.propagate(range(len(masks))) == expected, mode
        if expected:
            assert list(core.masks()) == reference, mode
    if not expected:
        return
    python = list(reference)
    outcome = _probe_python(board, python)
    for mode in ("interpreted", "compiled"):
        dom = list(reference)
        assert (probe(board, dom, mode=mode).contradiction is None) == (outcome.contradiction is None), mode
        if outcome.contradiction is None:
            assert dom == python, mode


@settings(max_examples=30, deadline=None)
@given(ANY_PUZZLE)
def test_compiled_split_search_leaves_are_exactly_the_solutions(puzzle):
    """The split search in the compiled kernels, run to the end, yields the brute-force solutions."""
    root = reduce(puzzle, "lines")
    if root.contradiction:
        return
    search = Split(puzzle, root, mode="compiled")
    search.limit = 0
    grids = {tuple(tuple(leaf.values(r, c)[0] for c in range(puzzle.size)) for r in range(puzzle.size))
             for leaf in search}
    assert search.finished and grids == set(brute_force(puzzle))


def test_explain_blames_clues_whose_removal_makes_the_puzzle_solvable():
    """On an infeasible puzzle (two marked 1s side by side), the blamed set is infeasible
    and dropping any one of its clues leaves a solvable puzzle."""
    from futomip.puzzles import adjacent

    puzzle = Adjacent(4, ((1, 3, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), (((0, 0), (0, 1)),))
    assert brute_force(puzzle) == []
    result = futomip.explain(puzzle)
    assert result.status == "infeasible" and result.conflict
    assert brute_force(adjacent.restrict(puzzle, result.conflict)) == []
    for clue in result.conflict:
        assert brute_force(adjacent.restrict(puzzle, [c for c in result.conflict if c != clue])) != []


# Generator, drawing, command line

@pytest.mark.parametrize("size,seed", [(4, 0), (4, 1), (5, 2), (5, 3)])
def test_generated_puzzles_are_unique_by_brute_force(size, seed):
    """A made puzzle has exactly one solution by brute force, the one the maker wrote."""
    from futomip.make.makers import make

    made = make("adjacent", size, seed)
    assert brute_force(made.puzzle) == [made.solution]
    assert set(made.puzzle.marks) == set(Adjacent.from_solution(made.solution).marks)
    assert made.grade in ("lines", "probing")


def test_generated_puzzles_reach_the_difficulty_asked_for():
    """``--difficulty lines`` gives a unique puzzle that the "lines" rules alone settle."""
    from futomip.make.makers import make

    made = make("adjacent", 5, 5, difficulty="lines")
    assert made.grade == "lines" and brute_force(made.puzzle) == [made.solution]


def test_drawing_has_one_bar_per_mark():
    """The picture of the example puzzle carries one bar per mark, none for unmarked pairs."""
    from futomip.draw import board

    puzzle = io.load(EXAMPLE)
    assert len(board(puzzle).of_role("bar")) == len(puzzle.marks)


def _cli(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "futomip", *arguments], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_cli_solves_the_example_proves_it_unique_and_converts_it_back():
    """``futomip FILE --unique`` prints the solved board with its bars; convert gives the ID back."""
    done = _cli(str(EXAMPLE), "--unique")
    assert done.returncode == 0, done.stderr
    assert "solved, unique" in done.stdout and "2|1 4 6 3 7 5" in done.stdout
    converted = _cli("convert", str(EXAMPLE), "-", "--to", "tatham-adjacent")
    assert io.read_text(converted.stdout, "x") == [io.load(EXAMPLE)]
    refused = _cli("convert", str(EXAMPLE), "-", "--to", "grid")
    assert refused.returncode == 2 and "tatham-adjacent" in refused.stderr


def test_cli_comparison_methods_refuse_an_adjacent_puzzle():
    """A method that knows only Futoshiki rules refuses the kind instead of returning a wrong grid."""
    done = _cli(str(EXAMPLE), "--method", "backtrack")
    assert done.returncode == 2 and "not adjacent" in done.stderr
