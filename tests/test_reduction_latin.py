"""Latin-family domain reduction (``futomip.reduction.latin``) against brute force.

The reduction may only remove values that no solution uses.  Every check compares it with
an enumeration that knows nothing of propagation: plain backtracking over the cells that
checks rows, columns (and boxes) and signs once both cells are filled, and all
permutations of a group for the all-different filter alone.  The pipeline tests then ask
the same questions (``--unique``, ``--all``, ``--explain``) with and without reduction on
every core pair.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import futoshiki_puzzles, latin_completion

from futomip import io, solve
from futomip.certainty import enumerate_all, explain, solutions
from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.latin import LatinSquare
from futomip.puzzles.sudoku import Sudoku, units
from futomip.reduction import LEVELS, reduce
from futomip.reduction.latin import LatinDomains, board_of
from futomip.reduction.latin_alldiff import filter_group, singles

HIGHS = {"backend": "highspy", "solver": "highs"}


def _brute_force(puzzle) -> list[tuple]:
    """Every solution, by backtracking cell by cell with the rules checked on filled cells."""
    n = puzzle.size
    groups = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    if puzzle.kind == "sudoku":
        groups += [cells for name, cells in units(n) if name.startswith("box")]
    less = list(getattr(puzzle, "less", ()))
    grid = [[0] * n for _ in range(n)]
    found = []

    def fits(r: int, c: int) -> bool:
        for group in groups:
            if (r, c) in group:
                values = [grid[i][j] for i, j in group if grid[i][j]]
                if len(values) != len(set(values)):
                    return False
        return all(not (grid[a[0]][a[1]] and grid[b[0]][b[1]]) or grid[a[0]][a[1]] < grid[b[0]][b[1]]
                   for a, b in less)

    def fill(k: int) -> None:
        if k == n * n:
            found.append(tuple(map(tuple, grid)))
            return
        r, c = divmod(k, n)
        given_value = puzzle.givens[r][c]
        for v in ([given_value] if given_value else range(1, n + 1)):
            grid[r][c] = v
            if fits(r, c):
                fill(k + 1)
        grid[r][c] = 0

    fill(0)
    return found


def _check_exact(puzzle, domains: LatinDomains, expected: list[tuple]) -> None:
    for grid in expected:
        assert domains.admits(grid), (puzzle, grid, domains)
    if domains.contradiction is not None:
        assert not expected


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["lines", "probing"]), futoshiki_puzzles(min_size=1, max_size=4))
def test_futoshiki_reduction_keeps_every_solution(level, puzzle):
    _check_exact(puzzle, reduce(puzzle, level), _brute_force(puzzle))


@st.composite
def _latin_from_square(draw, max_size: int = 5):
    """A completion of a random Latin square (so it has a solution), with random holes."""
    n = draw(st.integers(1, max_size))
    seed = draw(st.integers(0, 10 ** 6))
    return latin_completion(n, seed, draw(st.floats(0.3, 1.0 if n < 5 else 0.6)))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["lines", "probing"]), _latin_from_square())
def test_latin_reduction_keeps_every_solution(level, puzzle):
    expected = _brute_force(puzzle)
    domains = reduce(puzzle, level)
    _check_exact(puzzle, domains, expected)
    assert domains.contradiction is None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["lines", "probing"]),
       st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16))
def test_sudoku_reduction_keeps_every_solution(level, cells):
    puzzle = Sudoku(4, tuple(tuple(cells[4 * r:4 * r + 4]) for r in range(4)))
    _check_exact(puzzle, reduce(puzzle, level), _brute_force(puzzle))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(st.integers(0, (1 << n) - 1), min_size=n, max_size=n)))
def test_all_different_filter_keeps_exactly_the_values_of_some_permutation(masks):
    """Generalised arc consistency: a value stays iff some permutation inside the domains uses it."""
    n = len(masks)
    fitting = [p for p in permutations(range(n)) if all(masks[i] >> p[i] & 1 for i in range(n))]
    dom = list(masks)
    changed = filter_group(dom, tuple(range(n)))
    if not fitting:
        assert changed is None
        return
    assert changed is not None
    expected = [sum(1 << v for v in {p[i] for p in fitting}) for i in range(n)]
    assert dom == expected
    assert set(changed) == {i for i in range(n) if masks[i] != expected[i]}
    # The propagation's path: naked singles first, then the matching filter on their fixpoint.
    dom = list(masks)
    outcome = singles(dom, tuple(range(n)))
    assert outcome is not None
    assert filter_group(dom, tuple(range(n)), singles_done=True) is not None
    assert dom == expected


def test_chain_bounds_reach_the_fixpoint():
    """A row chain a < b < c < d on a 4x4 fixes the whole row (1, 2, 3, 4) without search."""
    puzzle = Futoshiki.from_clues(4, {}, [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))])
    domains = reduce(puzzle, "lines")
    assert [domains.values(0, c) for c in range(4)] == [(1,), (2,), (3,), (4,)]


def test_contradiction_names_where_and_the_model_is_infeasible():
    puzzle = Futoshiki.from_clues(3, {(0, 0): 3}, [((0, 0), (0, 1))])
    domains = reduce(puzzle, "lines")
    assert domains.contradiction == "cell (1,1) < cell (1,2)"
    assert set(domains.masks) == {0}
    assert solve(puzzle, reduce="lines", **HIGHS).status == "infeasible"


HARD = "data/futoshiki/hard9/hard9-seed100.txt"


def test_probing_removes_values_the_lines_fixpoint_keeps():
    """On a bundled hard 9x9 probing fixes every cell where lines alone leave hundreds of
    candidates, and both keep the known solution."""
    puzzle = io.read(HARD)[0]
    lines, probed = reduce(puzzle, "lines"), reduce(puzzle, "probing")
    assert probed.summary()["values"] == 81 < lines.summary()["values"]
    grid = solve(puzzle, reduce="none", **HIGHS).grid
    assert lines.admits(grid) and probed.admits(grid)
    assert all(p & ~m == 0 for p, m in zip(probed.masks, lines.masks))


def test_probing_stopped_by_its_budget_keeps_the_lines_fixpoint():
    puzzle = io.read(HARD)[0]
    stopped = reduce(puzzle, "probing", stop_at=0.0)
    assert not stopped.finished
    assert stopped.masks == reduce(puzzle, "lines").masks


def test_board_of_sudoku_has_boxes():
    assert len(board_of(Sudoku(4, ((0,) * 4,) * 4)).groups) == 12


@st.composite
def _small_futoshiki(draw):
    """4x4 Futoshiki with few clues: often several solutions, sometimes none."""
    return draw(futoshiki_puzzles(min_size=3, max_size=4, adjacent_only=True))


@settings(max_examples=10, deadline=None)
@given(_small_futoshiki())
def test_every_level_enumerates_the_brute_force_solutions(puzzle):
    expected = set(_brute_force(puzzle))
    for level in LEVELS:
        found = list(solutions(puzzle, limit=len(expected) + 1, reduce=level, **HIGHS))
        assert set(found) == expected and len(found) == len(expected), level


def _conflicting() -> Futoshiki:
    # Row 1 holds 1 and 2 given, cell (1,3) must lie below both: no solution.
    return Futoshiki.from_clues(3, {(0, 0): 1, (0, 1): 2}, [((0, 2), (0, 0)), ((1, 0), (1, 1))])


@pytest.mark.parametrize("kind", ["futoshiki", "latin"])
def test_unique_all_and_explain_agree_with_and_without_reduction(core_pair, kind):
    backend, solver = core_pair
    if kind == "futoshiki":
        several = Futoshiki.from_clues(3, {(0, 0): 1}, [((1, 1), (1, 2))])
        single = io.read("data/futoshiki.dat")[0]
    else:
        several = LatinSquare(3, ((1, 2, 0), (0, 0, 0), (0, 0, 0)))
        single = LatinSquare(3, ((1, 2, 0), (0, 0, 1), (0, 0, 0)))
    for level in LEVELS:
        pair = {"backend": backend, "solver": solver, "reduce": level}
        unique = solve(single, unique=True, **pair)
        assert unique.unique is True, level
        assert solve(several, unique=True, **pair).unique is False, level
        everything = enumerate_all(several, **pair)
        assert everything.complete and set(everything.solutions) == set(_brute_force(several)), level
    if kind == "futoshiki":
        conflicts = {level: explain(_conflicting(), backend=backend, solver=solver, reduce=level) for level in LEVELS}
        assert {result.status for result in conflicts.values()} == {"infeasible"}
        assert len({tuple(clue.key for clue in result.conflict) for result in conflicts.values()}) == 1


@settings(max_examples=80, deadline=None)
@given(futoshiki_puzzles(min_size=1, max_size=4))
def test_split_leaves_are_disjoint_and_hold_every_solution(puzzle):
    """Each brute-force solution lies in exactly one leaf; an exhausted search with no leaf
    means no solution."""
    from futomip.reduction.latin_split import Split

    expected = _brute_force(puzzle)
    root = reduce(puzzle, "split")
    search = Split(puzzle, root)
    leaves = list(search)
    assert search.finished
    for grid in expected:
        assert sum(leaf.admits(grid) for leaf in leaves) == 1
    if root.contradiction is None and search.needed:
        assert all(leaf.open == 0 for leaf in leaves)
        assert len(leaves) == len(expected)


def test_split_level_starts_from_the_lines_fixpoint_and_solves_a_hard_9x9():
    puzzle = io.read(HARD)[0]
    assert reduce(puzzle, "split").masks == reduce(puzzle, "lines").masks
    result = solve(puzzle, unique=True, reduce="split", **HIGHS)
    assert result.unique is True and result.reduction["search"]["nodes"] >= 1


def test_distinct_latin_squares_differ_in_at_least_four_cells():
    """Why the Futoshiki no-good may read <= n*n - 4 (models/futoshiki.py): over every Latin
    square of orders 2 to 4, two distinct ones differ in at least 4 cells (6 for order 3, which has
    no intercalate), and some in exactly 4 (so the bound cannot be raised)."""
    for n, least in ((2, 4), (3, 6), (4, 4)):
        squares = [sum(grid, ()) for grid in _brute_force(LatinSquare(n, ((0,) * n,) * n))]
        closest = min(sum(a != b for a, b in zip(first, second))
                      for k, first in enumerate(squares) for second in squares[k + 1:])
        assert closest == least, n
