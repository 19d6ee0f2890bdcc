"""``Clue``: one removable piece of information in a puzzle, for explaining infeasibility.

Every puzzle module offers ``clues(puzzle) -> list[Clue]`` and
``restrict(puzzle, clues) -> puzzle`` (the same puzzle keeping only those clues), so the
conflict search in ``futomip.explain`` works on any puzzle without knowing its rules.
Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Clue"]


@dataclass(frozen=True)
class Clue:
    """A clue: ``type`` (e.g. "given", "less"), ``data`` in the puzzle's 1-based coordinates
    as a JSON-able dict, and ``text``, the clue in words."""

    type: str
    key: tuple
    text: str
    data: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict:
        """``{"type": ..., **data, "text": ...}`` for the ``--json`` output."""
        return {"type": self.type, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in self.data}, "text": self.text}
