"""Random full grids for the makers: Latin squares by the Jacobson-Matthews walk and Sudoku
grids by randomised backtracking.

**Latin squares.**  A Latin square of order n is a 0/1 "incidence cube" f(r, c, s) with
exactly one 1 on every line; Jacobson and Matthews (1996) allow one -1 entry ("improper"
cubes) and walk by ±1 moves on 2x2x2 sub-cubes:

    pick a cell (r, c, s) with f = 0 (proper) or the -1 cell (improper); take r', c', s'
    with f(r', c, s) = f(r, c', s) = f(r, c, s') = 1 (one choice each when proper, one of
    two when improper); add 1 to (r,c,s), (r,c',s'), (r',c,s'), (r',c',s) and subtract 1
    from (r,c,s'), (r,c',s), (r',c,s), (r',c',s').

Line sums stay 1, the walk is irreducible and its stationary law on proper cubes is uniform,
so after ~n^3 moves from a shuffled cyclic square the square is close to uniformly random
(the cyclic square alone is isotopic to Z_n, a vanishing share of all squares).

**Sudoku grids.**  Depth-first search that fills the cell with the fewest candidates first
and tries its values in random order; a node budget guards against a rare deep dead end
(then it starts again with the next random numbers).

Pure Python on ``random.Random``; must not import the pipeline, solvers or the CLI.
"""

from __future__ import annotations

import random

__all__ = ["latin_square", "sudoku_grid"]

Square = tuple[tuple[int, ...], ...]


def latin_square(n: int, rng: random.Random, moves: int | None = None) -> Square:
    """A random Latin square of order n with symbols 1..n (``moves`` Jacobson-Matthews moves
    from a shuffled cyclic square; default n^3, at least 100)."""
    rows, cols, symbols = list(range(n)), list(range(n)), list(range(n))
    for order in (rows, cols, symbols):
        rng.shuffle(order)
    cube = [[[0] * n for _ in range(n)] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            cube[r][c][symbols[(rows[r] + cols[c]) % n]] = 1
    if n >= 3:
        _walk(cube, n, rng, max(100, n ** 3) if moves is None else moves)
    return tuple(tuple(row.index(1) + 1 for row in cube[r]) for r in range(n))


def _walk(f: list, n: int, rng: random.Random, moves: int) -> None:
    """Jacobson-Matthews moves on the cube ``f`` (in place), ending on a proper cube."""
    improper: tuple[int, int, int] | None = None
    done = 0
    while done < moves or improper is not None:
        if improper is None:
            while True:
                r, c, s = rng.randrange(n), rng.randrange(n), rng.randrange(n)
                if f[r][c][s] == 0:
                    break
            r2 = next(i for i in range(n) if f[i][c][s] == 1)
            c2 = next(j for j in range(n) if f[r][j][s] == 1)
            s2 = f[r][c].index(1)
        else:
            r, c, s = improper
            r2 = rng.choice([i for i in range(n) if f[i][c][s] == 1])
            c2 = rng.choice([j for j in range(n) if f[r][j][s] == 1])
            s2 = rng.choice([k for k in range(n) if f[r][c][k] == 1])
        for a, b, k in ((r, c, s), (r, c2, s2), (r2, c, s2), (r2, c2, s)):
            f[a][b][k] += 1
        for a, b, k in ((r, c, s2), (r, c2, s), (r2, c, s)):
            f[a][b][k] -= 1
        f[r2][c2][s2] -= 1
        improper = (r2, c2, s2) if f[r2][c2][s2] < 0 else None
        done += 1


def sudoku_grid(n: int, rng: random.Random, budget: int = 20000) -> Square:
    """A random full Sudoku grid of size n = b*b (values 1..n)."""
    b = int(round(n ** 0.5))
    full = (1 << n) - 1
    while True:
        grid = [0] * (n * n)
        rows, cols, boxes = [full] * n, [full] * n, [full] * n
        nodes = [0]

        def fill() -> bool:
            nodes[0] += 1
            if nodes[0] > budget:
                return False
            best, best_mask, best_count = -1, 0, n + 1
            for i in range(n * n):
                if grid[i]:
                    continue
                r, c = divmod(i, n)
                mask = rows[r] & cols[c] & boxes[(r // b) * b + c // b]
                count = bin(mask).count("1")
                if count < best_count:
                    best, best_mask, best_count = i, mask, count
                    if count <= 1:
                        break
            if best < 0:
                return True
            if best_count == 0:
                return False
            r, c = divmod(best, n)
            k = (r // b) * b + c // b
            values = [v for v in range(n) if best_mask >> v & 1]
            rng.shuffle(values)
            for v in values:
                bit = 1 << v
                grid[best] = v + 1
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[k] ^= bit
                if fill():
                    return True
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[k] ^= bit
                grid[best] = 0
            return False

        if fill():
            return tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n))
