"""Hypothesis strategies for the tests, one section per puzzle kind.

The instances are random, not solvable: they exercise parsers, writers and anything else
that must treat every well-formed instance alike, including contradictory ones.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from futomip.puzzles.futoshiki import Futoshiki
from futomip.puzzles.str8ts import Str8ts

# Latin completion


def latin_completion(n: int, seed: int, holes: float):
    """A Latin square of order ``n`` (the cyclic square with rows, columns and symbols shuffled
    by ``seed``) with each cell emptied with probability ``holes``: it has a solution."""
    from futomip.puzzles.latin import LatinSquare

    rng = random.Random(seed)
    rows, cols, symbols = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    return LatinSquare(n, tuple(tuple(0 if rng.random() < holes else symbols[(rows[r] + cols[c]) % n]
                                      for c in range(n)) for r in range(n)))


# Futoshiki


@st.composite
def futoshiki_puzzles(draw, min_size: int = 1, max_size: int = 9, adjacent_only: bool = False) -> Futoshiki:
    """A random Futoshiki: random givens (0 = blank) and random inequalities.

    With ``adjacent_only`` every inequality joins orthogonal neighbours and each pair of
    neighbours carries at most one sign, as the grid and csv formats require; otherwise
    any two distinct cells may be related, in either or both directions.
    """
    size = draw(st.integers(min_size, max_size))
    values = st.integers(0, size)
    givens = draw(st.lists(st.lists(values, min_size=size, max_size=size), min_size=size, max_size=size))
    if adjacent_only:
        less = draw(_neighbour_inequalities(size))
    else:
        cells = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
        pairs = st.tuples(cells, cells).filter(lambda pair: pair[0] != pair[1])
        less = draw(st.lists(pairs, max_size=2 * size)) if size > 1 else []
    return Futoshiki(size, tuple(map(tuple, givens)), tuple(less), name=draw(st.sampled_from(["", "random"])))


def _neighbour_inequalities(size: int):
    """A sign (-1, 0 or +1) for every pair of neighbours, turned into inequalities."""
    slots = [((r, c), (r, c + 1)) for r in range(size) for c in range(size - 1)]
    slots += [((r, c), (r + 1, c)) for r in range(size - 1) for c in range(size)]
    signs = st.lists(st.sampled_from((-1, 0, 0, 1)), min_size=len(slots), max_size=len(slots))
    return signs.map(lambda drawn: [pair if sign > 0 else pair[::-1]
                                    for pair, sign in zip(slots, drawn) if sign])

# Str8ts


@st.composite
def str8ts_puzzles(draw, min_size: int = 1, max_size: int = 9) -> Str8ts:
    """A random Str8ts: any black mask and any digits 0..n (blank cells drawn most often).

    Digits may repeat in a line and black clues may sit anywhere, so many instances are
    contradictory; every format must still write and read them back unchanged.
    """
    size = draw(st.integers(min_size, max_size))
    rows = st.lists(st.booleans(), min_size=size, max_size=size)
    black = draw(st.lists(rows, min_size=size, max_size=size))
    digits = st.sampled_from([0, 0, 0, *range(1, size + 1)])
    givens = draw(st.lists(st.lists(digits, min_size=size, max_size=size), min_size=size, max_size=size))
    return Str8ts(size, tuple(map(tuple, black)), tuple(map(tuple, givens)), name=draw(st.sampled_from(["", "random"])))

# Nonogram

from futomip.puzzles.nonogram import Nonogram, from_grid  # noqa: E402  (kept inside its section)


@st.composite
def nonogram_grids(draw, min_size: int = 1, max_size: int = 8, square: bool = False) -> tuple[tuple[int, ...], ...]:
    """A random 0/1 grid (1 = black), ``square`` or of any height and width in the range."""
    height = draw(st.integers(min_size, max_size))
    width = height if square else draw(st.integers(min_size, max_size))
    density = draw(st.sampled_from([0.0, 0.3, 0.5, 0.7, 1.0]))
    cell = st.floats(0, 1, exclude_max=True).map(lambda u: int(u < density))
    return tuple(tuple(draw(st.lists(cell, min_size=width, max_size=width))) for _ in range(height))


@st.composite
def nonogram_puzzles(draw, min_size: int = 1, max_size: int = 8, square: bool = False) -> Nonogram:
    """The nonogram whose clues are the runs of a random grid (so it has a solution).

    Empty and full lines come up often (densities 0 and 1 are drawn too), which exercises
    every format's spelling of an all-white line.
    """
    grid = draw(nonogram_grids(min_size, max_size, square))
    return from_grid(grid, name=draw(st.sampled_from(["", "random"])))

# Adjacent (Tatham's Unequal, Adjacent mode)


@st.composite
def adjacent_puzzles(draw, min_size: int = 1, max_size: int = 9, free: bool = False):
    """A random Adjacent puzzle: any givens 0..n, any set of neighbour pairs marked, and
    (with ``free``) some pairs with no rule; most are contradictory, which is the point
    for writers, readers and the reduction's exactness."""
    from futomip.puzzles.adjacent import Adjacent, neighbour_pairs

    size = draw(st.integers(min_size, max_size))
    digits = st.sampled_from([0, 0, 0, *range(1, size + 1)])
    givens = draw(st.lists(st.lists(digits, min_size=size, max_size=size), min_size=size, max_size=size))
    pairs = neighbour_pairs(size)
    rule = st.lists(st.sampled_from(("mark", "apart", "apart", "free" if free else "apart")),
                    min_size=len(pairs), max_size=len(pairs))
    chosen = draw(rule)
    return Adjacent(size, tuple(map(tuple, givens)), tuple(p for p, r in zip(pairs, chosen) if r == "mark"),
                    tuple(p for p, r in zip(pairs, chosen) if r == "free"), name=draw(st.sampled_from(["", "random"])))


@st.composite
def solvable_adjacent_puzzles(draw, min_size: int = 1, max_size: int = 5):
    """An Adjacent puzzle with at least one solution: the marks of a Latin square (the cyclic
    square with rows, columns and symbols permuted), some of its cells given, some pairs
    freed of their rule; the search, reduction and model must all keep its solutions."""
    from futomip.puzzles.adjacent import Adjacent, neighbour_pairs

    size = draw(st.integers(min_size, max_size))
    rows, cols, symbols = (draw(st.permutations(range(size))) for _ in range(3))
    square = tuple(tuple(symbols[(rows[r] + cols[c]) % size] + 1 for c in range(size)) for r in range(size))
    cells = [(r, c) for r in range(size) for c in range(size)]
    givens = draw(st.lists(st.sampled_from(cells), max_size=size, unique=True)) if size > 1 else []
    puzzle = Adjacent.from_solution(square, {cell: square[cell[0]][cell[1]] for cell in givens})
    pairs = neighbour_pairs(size)
    free = draw(st.lists(st.sampled_from(pairs), max_size=3, unique=True)) if pairs else []
    return Adjacent(size, puzzle.givens, tuple(p for p in puzzle.marks if p not in free), tuple(free))
