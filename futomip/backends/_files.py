"""Mending LP files that a library writes so that every stand-alone reader takes them.

The CPLEX LP format has several dialects.  Two gaps between the writers futomip uses and
the readers it is tested against (the ``highs``, ``cbc`` and ``glpsol`` programs):

- HiGHS writes the short section keywords (``bin``, ``gen``, ``semi``); CBC's LP reader
  (CoinLpIO) knows only the long ones and reads ``bin`` as a column name, silently dropping
  integrality (``spell_out_sections``).
- A model without an objective is written with an empty objective line (`` obj: ``);
  glpsol's reader stops there ("missing variable name").  ``fill_empty_objective`` writes
  ``obj: 0 <first column>`` instead, which every reader takes and which changes nothing.
- Pyomo's MPS writer adds an ``OBJSENSE`` section saying ``MIN``; glpsol's MPS reader
  knows no such section ("invalid indicator record") and minimises anyway, so
  ``drop_minimise_section`` removes it.

Imports nothing from futomip.
"""

from __future__ import annotations

__all__ = ["spell_out_sections", "fill_empty_objective", "drop_minimise_section"]

_LONG_SECTION_NAMES = {"bin": "binary", "gen": "general", "semi": "semi-continuous"}
_SECTION_NAMES = {"min", "max", "st", "bounds", "bin", "gen", "semi", "end", "sos"}
_OBJECTIVE_SENSES = {"min", "minimize", "minimum", "max", "maximize", "maximum"}


def _rewrite(path: str, change) -> None:
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(change(lines)))


def spell_out_sections(path: str) -> None:
    """Rewrite the short section keywords of a HiGHS LP file in full, leaving out sections
    that are empty."""

    def change(lines: list[str]) -> list[str]:
        kept = []
        for i, line in enumerate(lines):
            word = line.strip().lower()
            if word in _LONG_SECTION_NAMES:
                following = lines[i + 1].strip().lower() if i + 1 < len(lines) else "end"
                if following in _SECTION_NAMES:
                    continue
                line = _LONG_SECTION_NAMES[word]
            kept.append(line)
        return kept

    _rewrite(path, change)


def fill_empty_objective(path: str, column: str) -> None:
    """Give an empty objective line (the one after the sense keyword) the term ``0 column``."""

    def change(lines: list[str]) -> list[str]:
        for i, line in enumerate(lines[:-1]):
            if line.strip().lower() in _OBJECTIVE_SENSES:
                objective = lines[i + 1]
                name, colon, rest = objective.partition(":")
                if colon and not rest.strip():
                    lines[i + 1] = f"{objective.rstrip()} 0 {column}"
                break
        return lines

    _rewrite(path, change)


def drop_minimise_section(path: str) -> None:
    """Remove an ``OBJSENSE`` section that only says ``MIN`` (the MPS default)."""

    def change(lines: list[str]) -> list[str]:
        for i, line in enumerate(lines[:-1]):
            if line.strip().upper() == "OBJSENSE" and lines[i + 1].strip().upper() in ("MIN", "MINIMIZE"):
                return lines[:i] + lines[i + 2:]
        return lines

    _rewrite(path, change)
