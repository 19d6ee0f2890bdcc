"""Solve the public nonogram sets with futomip and compare with their published solutions.

    python benchmarks/nonogram_corpus.py                          # mikix, taai, minizinc; highspy/highs
    python benchmarks/nonogram_corpus.py --sets taai --pairs highspy:highs,pulp:cbc --limit 100
    python benchmarks/nonogram_corpus.py --sets wolter --time-limit 600 --encodings blocks,automaton
    python benchmarks/nonogram_corpus.py --sets taai --every 25 --encodings blocks,blocks-tight
    python benchmarks/nonogram_corpus.py --sets taai --unique --reduce split,probing --every 50
    python benchmarks/nonogram_corpus.py --sets minizinc --pairs ortools:cpsat --reduce probing --globals native,linear

Sets: ``mikix`` (39 .non files with their ``goal``), ``taai`` (the 1000 TAAI 2011 puzzles
and the published solutions), ``minizinc`` (the MiniZinc challenge instances and their
``.out`` solutions where they exist) and ``wolter`` (Knotty with its three known solutions,
and Faase, which no solver in Wolter's survey finished; not run by default).

The mikix and TAAI sets are GPL-licensed and are never copied into ``data/``: they are read
from ``../shared/corpus`` (or ``--corpus``), and a set whose folder is absent is skipped
with the reason printed.  The MiniZinc (MIT) puzzles are read from ``data/nonogram`` when
the corpus is absent; the Wolter (redistributable) puzzles always are.

For each set and each (backend, solver, encoding, reduction level, globals form) it prints one table row: puzzles run,
solved, time limits, errors, grids equal to the published one, verified grids that differ
from it (the puzzle has several solutions; TAAI puzzles often do), with ``--unique`` how
many were proved unique and how many have a second solution, and the median, mean
and maximum seconds per puzzle (domain reduction + model build + solve; the one-off
import of the backend is left out).  Every grid the pipeline returns has already passed
``verify``; a grid that breaks the rules is an error row, never a mismatch.  Puzzles run
one after the other and each combination solves a puzzle before the next puzzle starts,
so that load from other programs hits every combination alike (the order of the
combinations rotates from puzzle to puzzle).  ``--globals native,linear`` (CP-SAT only)
compares the nonogram lines as ``AddAutomaton`` with their 0/1 rows; ``--seed`` and
``--threads`` reach the solver.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import futomip  # noqa: E402  (after the path line so that the checkout is used)
from futomip.errors import FutomipError  # noqa: E402
from futomip.options import Options  # noqa: E402
from futomip.io import nonogram_dzn, nonogram_non, nonogram_taai  # noqa: E402
from futomip.io.solutions import parse_solutions  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DATA = ROOT / "data" / "nonogram"


@dataclass
class Item:
    """One puzzle and the grids published for it (empty: none published)."""

    name: str
    puzzle: object
    published: list = field(default_factory=list)


class Skip(Exception):
    """A set cannot run here; the message says why."""


def _mikix(corpus: Path) -> list[Item]:
    folder = corpus / "nonogram-mikix-db" / "db"
    if not folder.is_dir():
        raise Skip(f"{folder} not found (GPL data, read from the shared corpus only, never vendored)")
    items = []
    for path in sorted(folder.rglob("*.non")):
        for puzzle, goal in nonogram_non.read_with_goals(path.read_text(encoding="utf-8"), str(path)):
            items.append(Item(str(path.relative_to(folder)), puzzle, [goal] if goal else []))
    return items


def _taai(corpus: Path) -> list[Item]:
    folder = corpus / "nonogram-taai-tournament"
    questions, answers = folder / "question" / "taai2011.txt", folder / "solution" / "taai2011.txt"
    if not questions.is_file() or not answers.is_file():
        raise Skip(f"{questions} or its solutions not found (GPL data, read from the shared corpus only, never vendored)")
    published = nonogram_taai.read_solutions(answers.read_text(encoding="utf-8"), str(answers))
    puzzles = nonogram_taai.read(questions.read_text(encoding="utf-8"), str(questions))
    return [Item(puzzle.name, puzzle, [published[puzzle.name]] if puzzle.name in published else []) for puzzle in puzzles]


def _minizinc(corpus: Path) -> list[Item]:
    folder = corpus / "nonogram-minizinc-challenge" / "nonogram"
    items = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.dzn")):
            out = path.with_suffix(".out")
            grids = nonogram_dzn.read_out(out.read_text(encoding="utf-8"), str(out)) if out.is_file() else []
            items.append(Item(path.stem, futomip.io.load(path, "dzn"), grids))
        return items
    folder = DATA / "minizinc"
    if not folder.is_dir():
        raise Skip(f"neither {corpus / 'nonogram-minizinc-challenge'} nor {folder} found")
    for path in sorted(folder.glob("*.dzn")):
        solution = path.with_suffix(".sol")
        grids = parse_solutions(solution.read_text(encoding="utf-8"), str(solution)).grids if solution.is_file() else []
        items.append(Item(path.stem, futomip.io.load(path, "dzn"), grids))
    return items


def _wolter(corpus: Path) -> list[Item]:
    # Both puzzles are redistributable and vendored in data/, with every known Knotty solution
    # (the survey's two and a third found here) in knotty.solutions.
    folder = DATA / "wolter"
    knotty = parse_solutions((folder / "knotty.solutions").read_text(encoding="utf-8")).grids
    return [
        Item("knotty", futomip.io.load(folder / "knotty.nin", "nin"), knotty),
        Item("faase", futomip.io.load(folder / "faase.nin", "nin"), []),
    ]


SETS = {"mikix": _mikix, "taai": _taai, "minizinc": _minizinc, "wolter": _wolter}


@dataclass
class Tally:
    """What one (backend, solver, encoding) did on one set."""

    runs: int = 0
    solved: int = 0
    time_limit: int = 0
    errors: int = 0
    equal: int = 0
    differ: int = 0
    unique: int = 0
    several: int = 0
    seconds: list = field(default_factory=list)

    def row(self, label: str, proofs: bool) -> str:
        times = self.seconds or [float("nan")]
        proved = f"{self.unique} | {self.several}" if proofs else "- | -"
        return (f"| {label} | {self.runs} | {self.solved} | {self.time_limit} | {self.errors} | {self.equal} | "
                f"{self.differ} | {proved} | {statistics.median(times):.3f} | {statistics.mean(times):.3f} | "
                f"{max(times):.3f} |")


def _solve_one(item: Item, backend: str, solver: str, encoding: str | None, reduce: str, form: str | None,
               time_limit: float | None, unique: bool, tally: Tally, seed: int | None = None,
               threads: int | None = None) -> str:
    tally.runs += 1
    try:
        options = Options(backend, solver, encoding, reduce, time_limit, threads, seed, globals=form)
        result = futomip.solve(item.puzzle, unique=unique, options=options)
    except FutomipError as error:  # A VerificationError lands here: a bug, counted and shown.
        tally.errors += 1
        return f"error: {error}"
    # Time per puzzle: domain reduction, model build and solve (not the one-off import).
    seconds = sum(result.seconds.get(part, 0.0) for part in ("reduce", "build", "solve"))
    tally.seconds.append(seconds)
    outcome = _outcome(item, result, tally)
    if result.unique is not None:
        tally.unique += result.unique
        tally.several += not result.unique
        outcome += ", proved unique" if result.unique else ", a second solution found"
    return f"{outcome} ({seconds:.3f} s)"


def _outcome(item: Item, result, tally: Tally) -> str:
    if result.status == "solved":
        tally.solved += 1
        if not item.published:
            return "solved (nothing published)"
        if result.grid in item.published:
            tally.equal += 1
            return "solved, = published"
        tally.differ += 1
        return "solved, another valid grid (several solutions)"
    if result.status == "time_limit":
        tally.time_limit += 1
    else:
        tally.errors += 1
    return f"{result.status} {result.message}".strip()


def _label(backend: str, solver: str, encoding: str | None, reduce: str, form: str | None) -> str:
    return f"{backend}/{solver}/{encoding or 'default'}/{reduce}" + (f"/{form}" if form else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="mikix,taai,minizinc", help=f"comma-separated, from {', '.join(SETS)}")
    parser.add_argument("--pairs", default="highspy:highs", help="comma-separated backend:solver pairs")
    parser.add_argument("--encodings", default="", help="comma-separated encodings (default: the pair's default)")
    parser.add_argument("--reduce", default="split",
                        help="comma-separated reduction levels: split, probing, lines, none (default split)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve (default 60)")
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles per set")
    parser.add_argument("--first", type=int, default=1, help="start at the K-th puzzle of each set (1-based)")
    parser.add_argument("--every", type=int, default=1, help="take every K-th puzzle of each set, counting from --first: "
                             "the K-th, 2K-th, ... (a spread sample; --every 2 --first 1 takes $2, $4, ...)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help=f"the shared corpus (default {DEFAULT_CORPUS})")
    parser.add_argument("--unique", action="store_true",
                        help="also prove each solution unique or find a second one (time includes the proof)")
    parser.add_argument("--globals", default="", help="comma-separated forms: native, linear (default: the pair's default)")
    parser.add_argument("--seed", type=int, default=None, help="the solver's random seed")
    parser.add_argument("--threads", type=int, default=None, help="the solver's threads (CP-SAT workers)")
    parser.add_argument("--verbose", action="store_true", help="one line per puzzle on stderr")
    args = parser.parse_args(argv)

    pairs = [tuple(pair.split(":", 1)) for pair in args.pairs.split(",") if pair]
    encodings = [encoding for encoding in args.encodings.split(",") if encoding] or [None]
    levels = [level for level in args.reduce.split(",") if level]
    forms = [form for form in args.globals.split(",") if form] or [None]
    combinations = [(backend, solver, encoding, level, form) for backend, solver in pairs for encoding in encodings
                    for level in levels for form in forms]
    print("| set: backend/solver/encoding/reduction | puzzles | solved | time limit | errors | = published | other valid grid "
          "| proved unique | second solution | median s | mean s | max s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for set_name in args.sets.split(","):
        if set_name not in SETS:
            print(f"unknown set {set_name!r}; valid sets: {', '.join(SETS)}", file=sys.stderr)
            return 2
        try:
            items = SETS[set_name](args.corpus)[args.first - 1:][args.every - 1::args.every][: args.limit]
        except Skip as reason:
            print(f"skipped set {set_name}: {reason}", file=sys.stderr)
            continue
        tallies = {combination: Tally() for combination in combinations}
        for number, item in enumerate(items):
            shift = number % len(combinations)
            for combination in combinations[shift:] + combinations[:shift]:
                outcome = _solve_one(item, *combination, args.time_limit, args.unique, tallies[combination],
                                     args.seed, args.threads)
                if args.verbose:
                    print(f"{set_name} {item.name} {_label(*combination)}: {outcome}", file=sys.stderr, flush=True)
        for combination, tally in tallies.items():
            print(tally.row(f"{set_name}: {_label(*combination)}", args.unique), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
