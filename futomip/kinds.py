"""The registry of puzzle kinds: one record per kind, one line per kind.

A kind names the modules that make it up, by import path, so that this registry imports
nothing and every layer can read it without reaching upward:

- ``puzzle``: the frozen dataclass, ``verify`` (the independent oracle), ``render``,
  ``clues``/``restrict``/``grid_clash`` (for ``--explain``) and ``size_json`` (the JSON
  ``size`` field); no solver imports (``futomip/puzzles/``).
- ``model``: ``formulate(puzzle, encoding, domains=None)`` and ``ENCODINGS`` (``models/``).
- ``reduce``: ``module:function`` of the kind's domain reduction,
  ``reduce(puzzle, level, stop_at, progress) -> domains`` (``futomip/reduction/``), or None.
- ``split``: ``module:Class`` of the kind's split search over sub-puzzle domains, or None.

Adding a kind is its own modules plus one line in ``KINDS``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from .errors import UnknownNameError, UsageError

__all__ = ["Kind", "KINDS", "kind", "kind_of"]


@dataclass(frozen=True)
class Kind:
    """One puzzle kind and the import paths of its parts."""

    name: str
    puzzle: str
    model: str
    reduce: str | None = None
    split: str | None = None

    def puzzle_module(self) -> ModuleType:
        return importlib.import_module(self.puzzle)

    def model_module(self) -> ModuleType:
        return importlib.import_module(self.model)

    def reducer(self):
        """The kind's ``reduce`` function, or None."""
        return _attribute(self.reduce)

    def splitter(self):
        """The kind's split-search class, or None."""
        return _attribute(self.split)


def _attribute(path: str | None):
    if path is None:
        return None
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("futoshiki", "futomip.puzzles.futoshiki", "futomip.models.futoshiki", "futomip.reduction.latin:reduce",
         "futomip.reduction.latin_split:Split"),
    Kind("str8ts", "futomip.puzzles.str8ts", "futomip.models.str8ts"),
    Kind("sudoku", "futomip.puzzles.sudoku", "futomip.models.sudoku", "futomip.reduction.latin:reduce",
         "futomip.reduction.latin_split:Split"),
    Kind("killer", "futomip.puzzles.killer", "futomip.models.killer", "futomip.reduction.killer:reduce"),
    Kind("latin", "futomip.puzzles.latin", "futomip.models.latin", "futomip.reduction.latin:reduce",
         "futomip.reduction.latin_split:Split"),
    Kind("adjacent", "futomip.puzzles.adjacent", "futomip.models.adjacent", "futomip.reduction.latin:reduce",
         "futomip.reduction.latin_split:Split"),
    Kind("nonogram", "futomip.puzzles.nonogram", "futomip.models.nonogram",
         "futomip.reduction.nonogram_compiled:reduce", "futomip.reduction.nonogram_split:Split"),
)}


def kind(name: str) -> Kind:
    """The kind called ``name`` (``UnknownNameError`` lists the known ones)."""
    if name not in KINDS:
        raise UnknownNameError("puzzle kind", name, list(KINDS))
    return KINDS[name]


def kind_of(puzzle) -> Kind:
    """The kind of a puzzle object (every puzzle dataclass has a ``kind`` name)."""
    name = getattr(puzzle, "kind", None)
    if not isinstance(name, str):
        # ``futomip.solve("file.txt")``: a path or a grid where a puzzle object belongs.
        raise UsageError(f"expected a puzzle object (futomip.load(path) reads one from a file), "
                         f"got {type(puzzle).__name__} {str(puzzle)[:40]!r}")
    return kind(name)
