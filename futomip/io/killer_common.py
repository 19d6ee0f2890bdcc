"""What the Killer Sudoku formats share: checking a cage where it was read, so that every rule
of ``puzzles.killer.Killer`` that a file can break is reported at its line and column.

Pure Python: must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from ..errors import DataFormatError
from ..puzzles.killer import sum_range
from ..puzzles.sudoku import box_size

__all__ = ["check_size", "check_total", "check_cage_size"]


def check_size(size: int, path: str, line: int, column: int) -> None:
    """A Killer board's size must be a square (4, 9, 16, ...)."""
    try:
        box_size(size)
    except ValueError:
        raise DataFormatError(path, line, column,
                              f"expected a square board size (4, 9, 16, ...), found {size}") from None


def check_cage_size(cells: int, size: int, path: str, line: int, column: int) -> None:
    """A cage holds 1..size cells."""
    if not 1 <= cells <= size:
        raise DataFormatError(path, line, column, f"expected a cage of 1 to {size} cells, found {cells} cells")


def check_total(total: int, cells: int, size: int, path: str, line: int, column: int) -> None:
    """A cage's total must be a sum of ``cells`` different digits of 1..size."""
    low, high = sum_range(cells, size)
    if not low <= total <= high:
        raise DataFormatError(path, line, column,
                              f"expected a total in {low}..{high} (different digits 1..{size} in {cells} cells), "
                              f"found {total}")
