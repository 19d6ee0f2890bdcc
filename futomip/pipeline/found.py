"""``FoundGrids``: the grids found so far, in order, with a "found before?" test in O(1).

Enumeration checks every new grid against all grids found before it: with a list that was a
scan of every grid (on puzzles with thousands of solutions, 0.5 ms a leaf, more than the
search spent finding it).  ``FoundGrids`` is that list (the sides of the schedule read it by
position: ``found[sent:]``) with a set of the grids as tuples of tuples beside it, so ``grid
in found`` takes a grid in any form (lists or tuples of rows, ``WholeGrid.cells``) and costs
a hash.  Grids are only ever added (``append``, ``extend``); the list's other ways of
changing it are refused, since they would leave the set behind.

Imports nothing of futomip.
"""

from __future__ import annotations

__all__ = ["FoundGrids", "grid_key", "seen"]


def grid_key(grid) -> tuple:
    """The grid as a tuple of row tuples: equal for equal grids whatever their form."""
    return tuple(map(tuple, grid))


def seen(grid, found) -> bool:
    """Whether ``grid`` is among the grids ``found``: a hash for ``FoundGrids``, a scan of any
    other sequence (grids compared as tuples of rows, whatever their form)."""
    if isinstance(found, FoundGrids):
        return grid in found
    key = grid_key(grid)
    return any(grid_key(other) == key for other in found)


def _refused(name: str):
    def method(self, *args, **kwargs):
        raise TypeError(f"FoundGrids only grows (append, extend): {name} would leave its set of grids behind")
    method.__name__ = name
    return method


class FoundGrids(list):
    """A list of grids that knows its grids as a set (see the module text)."""

    def __init__(self, grids=()) -> None:
        super().__init__()
        self._keys: set = set()
        self.extend(grids)

    def append(self, grid) -> None:
        super().append(grid)
        self._keys.add(grid_key(grid))

    def extend(self, grids) -> None:
        for grid in grids:
            self.append(grid)

    def __contains__(self, grid) -> bool:
        return grid_key(grid) in self._keys

    def __reduce__(self):
        return FoundGrids, (list(self),)  # pickle rebuilds the set with the list

    for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "insert", "pop", "remove", "clear", "sort",
                  "reverse"):
        locals()[_name] = _refused(_name)
    del _name
