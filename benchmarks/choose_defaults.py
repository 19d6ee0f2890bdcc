"""Measure (pair, reduction) configurations per puzzle kind, choose the default, and check the schedule.

    python benchmarks/choose_defaults.py [--kinds nonogram,futoshiki,latin,sudoku] [--time-limit 10]
        [--taai 20] [--random 10] [--futoshiki 20] [--latin 6] [--sudoku 3] [--pairs highspy/highs,ortools/cpsat]
        [--repeat 3] [--allowance 0.04] [--jsonl runs.jsonl] [--write]

Puzzles per kind (never only the bundled ones; generated puzzles are made here from a seed):
- nonogram: ``--taai`` TAAI 2011 tournament puzzles spread evenly over the 1000
  (/work/shared/corpus/nonogram-taai-tournament) and ``--random`` random 25x25 pictures with
  half the cells black (the tournaments' kind; uniqueness not required to solve);
  and the ``.non`` files of ``--nonogram-folder`` (e.g. ``futomip generate 25 --kind nonogram
  --difficulty search``);
- futoshiki: the bundled generated hard 9x9 (data/futoshiki/hard9), hard 9x9 made by
  ``futomip generate`` into --futoshiki-folder, the 9x9 of the tnhphat corpus; at most ``--futoshiki``;
- latin: QCP instances (data/latin/qcp, the MiniZinc QCP orders 20 and 25) and QWH
  completions of orders 30 and 35 made here (random Latin square, 40% holes); at most ``--latin``;
  and every ``.pls`` file of ``--latin-folder`` (e.g. ``benchmarks/qwh_instances.py``);
- sudoku: the first ``--sudoku`` of data/sudoku/hardest.txt, and every puzzle of the files in
  ``--sudoku-folder`` (e.g. 16x16 and 25x25 ones from ``benchmarks/large_sudoku.py``);
- killer: the bundled 9x9 (data/killer/cages.txt) and the Killer Sudoku in --killer-folder
  (made by ``futomip generate 9 --kind killer``); at most ``--killer``.  Killer has no split
  search, so only "solver" is measured for it;
- adjacent: the Tatham "Adjacent" puzzles in --adjacent-folder (``.unequal``, made by
  ``futomip generate 9 --kind adjacent``); at most ``--adjacent``;
- str8ts: the bundled Str8ts (data/str8ts) and those in --str8ts-folder (``.txt``, made by
  ``futomip generate 9 --kind str8ts --difficulty search``); at most ``--str8ts``.  Str8ts has
  no domain reduction and no split search, so only "solver" (``--reduce none``) is measured.

Configurations, for every available pair of ``--pairs``:
    split    ``--reduce split``: the split search and the solver on the whole reduced model
             sharing the time (``futomip.pipeline.schedule``, mode "auto": side by side here
             when a core is free)
    turns    ``--reduce split --schedule sequential``: the same, taking turns on one core
    search   ``--reduce split --schedule search``: the split search alone (the solver only on leaves)
    solver   ``--reduce probing`` (nonograms) or ``lines`` (Latin family): reduction, then the
             solver on the whole model, no search
    probed   Latin family only: ``--reduce probing``, the solver on the whole model after probing
             (a level a user selects, like "solver"; probing costs more than lines and may fix
             every cell)
    sat      nonograms only, when python-sat is installed: ``--method sat`` (``futomip.methods.sat``:
             probing, then Kissat on the CNF), a method beside the MILP; its row has no pair

Every puzzle runs every configuration in one process, interleaved (the order rotates puzzle
by puzzle, so load changes on the shared machine hit every configuration alike), each under
``--time-limit`` seconds; the time is the result's total less the one-off import.  Every
grid is verified by the pipeline.  A configuration's score per kind is its PAR2 total (a
run that did not solve counts twice the limit); the selectable configurations (split,
solver, probed, and the methods) are ranked by it, and ``--write`` puts the ranking into
futomip/solvers/measured.py (the registry reads it; rows whose pair or method is missing are
skipped there, and a method row is taken only for the tasks that method can do).

The schedule report: per pair and kind, each puzzle's ratio of "split" and "turns" to the
better of "search" and "solver" (median, p90, max), and how many puzzles lie beyond the
guarantee (1.2x side by side, 2x in turns, plus ``ALLOWANCE``; only puzzles whose bound
lies within the time limit can show it); the mode a "split" run
used is in its ``schedule`` record.  A split row within ``TIE`` of the fastest row of its
pair is ranked first.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import resource
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from futomip import io, methods  # noqa: E402
from futomip.bench import load_kernels  # noqa: E402
from futomip.options import Deadline, Options  # noqa: E402
from futomip.pipeline import Task, run  # noqa: E402
from futomip.pipeline.schedule import choose  # noqa: E402
from futomip.puzzles.latin import LatinSquare  # noqa: E402
from futomip.puzzles.nonogram import from_grid  # noqa: E402
from futomip.solvers import check, measured  # noqa: E402
from futomip.solvers.defaults import MILP, rows  # noqa: E402

CORPUS = Path("/work/shared/corpus")
WHOLE_LEVEL = {"nonogram": "probing", "futoshiki": "lines", "latin": "lines", "sudoku": "lines", "killer": "lines",
               "adjacent": "lines", "str8ts": "none"}
CONFIGS = ("split", "turns", "search", "solver")
"""The configurations of a kind with a split search ("probed" is added for the Latin family)."""
METHOD_CONFIGS = {"nonogram": ("sat",)}
"""Methods beside the MILP measured for a kind where they are available (``futomip.methods``)."""
METHOD_PAIR = "method"
"""The ``pair`` of a method's runs in the records (a method brings its own solver)."""
OUT = ROOT / "futomip" / "solvers" / "measured.py"
ALLOWANCE = 0.1
"""Seconds of fixed cost the guarantee allows beyond its factor (a turn, a step, the worker's start)."""


def nonograms(taai: int, count: int, seed: int, folder: str | None = None) -> list:
    puzzles = []
    if folder:
        # Generated puzzles (futomip generate --kind nonogram), e.g. --difficulty search ones:
        # the random pictures below are mostly settled by line solving.
        for path in sorted(Path(folder).glob("*.non")):
            puzzles += [replace(p, name=path.stem) for p in io.read(str(path))]
    taai_file = CORPUS / "nonogram-taai-tournament" / "question" / "taai2011.txt"
    if taai and taai_file.exists():
        every = io.read(str(taai_file))
        step = len(every) / taai
        puzzles += [every[int(k * step + step / 2)] for k in range(taai)]
    rng = random.Random(seed)
    for k in range(count):
        grid = tuple(tuple(int(rng.random() < 0.5) for _ in range(25)) for _ in range(25))
        puzzles.append(replace(from_grid(grid), name=f"random25-{seed}-{k}"))
    return puzzles


def futoshikis(limit: int, folder: str | None) -> list:
    files = sorted((ROOT / "data" / "futoshiki" / "hard9").glob("*.txt"))
    if folder:
        files += sorted(Path(folder).glob("*.txt"))
    files += sorted((CORPUS / "futoshiki-tnhphat-benchmark" / "input").glob("*9x9*.txt"))
    puzzles = []
    for path in files:
        puzzles += [replace(p, name=path.name) for p in io.read(str(path))]
    return _spread(puzzles, limit)


def qwh(order: int, holes: float, rng: random.Random) -> LatinSquare:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from latin_completions import random_latin_square

    square = random_latin_square(order, rng)
    cells = [(r, c) for r in range(order) for c in range(order)]
    emptied = set(rng.sample(cells, int(holes * len(cells))))
    givens = tuple(tuple(0 if (r, c) in emptied else square[r][c] for c in range(order)) for r in range(order))
    return LatinSquare(order, givens, name=f"qwh-{order}-{int(holes * 100)}")


def latins(limit: int, seed: int, folder: str | None = None) -> list:
    extra = [replace(p, name=path.name) for path in sorted(Path(folder).glob("*.pls")) for p in io.read(str(path))] \
        if folder else []
    return _qcp_and_qwh(limit, seed) + extra


def sudokus(limit: int, folder: str | None = None) -> list:
    puzzles = io.read(str(ROOT / "data" / "sudoku" / "hardest.txt"))[:limit]
    for path in sorted(p for p in Path(folder).iterdir() if p.suffix != ".sol") if folder else []:
        read = io.read(str(path))
        puzzles += [replace(p, name=f"{path.stem}-{k}") for k, p in enumerate(read)] if len(read) > 1 \
            else [replace(p, name=path.stem) for p in read]
    return puzzles


def _qcp_and_qwh(limit: int, seed: int) -> list:
    files = sorted((ROOT / "data" / "latin" / "qcp").glob("*.mzn"))
    qcp = CORPUS / "latin-qcp-minizinc-benchmarks" / "QCP"
    files += sorted(qcp.glob("qcp-20-*-0_ext.mzn")) + sorted(qcp.glob("qcp-25-*-[01]_ext.mzn"))
    puzzles = []
    for path in files:
        puzzles += [LatinSquare(p.size, p.givens, name=path.name) for p in io.read(str(path))]
    rng = random.Random(seed)
    generated = [qwh(order, 0.4, rng) for order in (30, 35)][:limit]
    return _spread(puzzles, max(0, limit - len(generated))) + generated


def _spread(puzzles: list, limit: int) -> list:
    if len(puzzles) <= limit or limit <= 0:
        return puzzles[:max(0, limit)]
    step = len(puzzles) / limit
    return [puzzles[int(k * step)] for k in range(limit)]


def options_for(config: str, kind: str, backend: str, solver: str, limit: float,
                split_schedule: str | None = None) -> Options:
    """The options of ``config``; ``split_schedule`` is the "split" configuration's schedule
    (None: auto, what users get; "parallel" measures side by side where auto would take turns,
    fair only on idle cores)."""
    if config in ("solver", "probed"):
        level = "probing" if config == "probed" else WHOLE_LEVEL[kind]
        return Options(backend, solver, reduce=level, time_limit=limit)
    schedule = {"search": "search", "turns": "sequential"}.get(config, split_schedule)
    return Options(backend, solver, reduce="split", time_limit=limit, schedule=schedule)


def killers(limit: int, folder: str | None) -> list:
    files = [ROOT / "data" / "killer" / "cages.txt"] + (sorted(Path(folder).glob("*.txt")) if folder else [])
    puzzles = [replace(p, name=path.name) for path in files for p in io.read(str(path))]
    return _spread(puzzles, limit)


def adjacents(limit: int, folder: str | None) -> list:
    files = sorted(Path(folder).glob("*.unequal")) if folder else []
    return _spread([replace(p, name=path.name) for path in files for p in io.read(str(path))], limit)


def str8ts(limit: int, folder: str | None) -> list:
    files = sorted(path for path in (ROOT / "data" / "str8ts").rglob("*") if path.suffix in (".txt", ".dat")
                   and path.with_suffix(".sol").exists())
    files += sorted(Path(folder).glob("*.txt")) if folder else []
    return _spread([replace(p, name=path.name) for path in files for p in io.read(str(path))], limit)


def configs_of(kind: str) -> tuple[str, ...]:
    """A kind without a split search has no search configurations, only whole-model ones; the
    Latin family also gets its whole model after probing ("probed")."""
    from futomip.kinds import KINDS

    own = CONFIGS if KINDS[kind].split else ("solver",)
    return own + (("probed",) if WHOLE_LEVEL[kind] == "lines" else ())


def method_configs(kind: str) -> list[str]:
    """The methods beside the MILP measured for ``kind``: those installed here."""
    return [name for name in METHOD_CONFIGS.get(kind, ()) if getattr(methods.method(name), "available", bool)()]


def _run(puzzle, kind: str, pair, config: str, limit: float, split_schedule: str | None = None):
    if pair is None:
        return methods.run(config, puzzle, Options(time_limit=limit), Deadline(limit))
    backend, solver = pair
    return run(puzzle, Task("solve"), options_for(config, kind, backend, solver, limit, split_schedule), Deadline(limit))


def measure(puzzles: dict, pairs: list, limit: float, log, repeat: int = 1,
            split_schedule: str | None = None) -> list[dict]:
    runs = []
    for round_number in range(repeat):
        runs += _measure_round(puzzles, pairs, limit, log, round_number, split_schedule)
    return runs


def _measure_round(puzzles: dict, pairs: list, limit: float, log, round_number: int,
                   split_schedule: str | None) -> list[dict]:
    runs = []
    for kind, group in puzzles.items():
        labels = [(pair, config) for pair in pairs for config in configs_of(kind)]
        labels += [(None, name) for name in method_configs(kind)]
        for number, puzzle in enumerate(group):
            shift = (number + round_number) % len(labels)
            for pair, config in labels[shift:] + labels[:shift]:
                cpu = _cpu()
                result = _run(puzzle, kind, pair, config, limit, split_schedule)
                cpu = _cpu() - cpu
                seconds = result.seconds.get("total", 0.0) - result.seconds.get("import", 0.0)
                record = {"kind": kind, "puzzle": puzzle.name or str(number),
                          "pair": "/".join(pair) if pair else METHOD_PAIR,
                          "config": config, "status": result.status, "seconds": round(seconds, 4),
                          "cpu": round(cpu, 4), "schedule": result.schedule, "round": round_number}
                runs.append(record)
                log(record)
    return runs


def _cpu() -> float:
    """CPU seconds of this process and its reaped children (the whole-model workers): on a
    loaded machine a steadier measure of the work than the wall clock."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def par2(record: dict, limit: float, field: str = "seconds") -> float:
    return record.get(field, record["seconds"]) if record["status"] == "solved" else 2 * limit


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def medians(runs: list[dict], limit: float) -> list[dict]:
    """One record per (kind, pair, puzzle, config): with ``--repeat`` the run of median PAR2
    seconds (its CPU seconds the median too).  A single run on this shared machine can be
    2x off its neighbour's; the median of a few rounds is what the comparison is about."""
    groups: dict = {}
    for record in runs:
        groups.setdefault((record["kind"], record["pair"], record["puzzle"], record["config"]), []).append(record)
    collapsed = []
    for records in groups.values():
        ordered = sorted(records, key=lambda r: par2(r, limit))
        middle = dict(ordered[(len(ordered) - 1) // 2])
        middle["cpu"] = statistics.median(r.get("cpu", r["seconds"]) for r in records)
        middle["rounds"] = len(records)
        collapsed.append(middle)
    return collapsed


def report(runs: list[dict], limit: float, allowance: float = ALLOWANCE) -> tuple[dict, list[str]]:
    """Scores per (kind, pair, config) and the text tables; a schedule run lies beyond its
    bound when it took more than the factor times the better side plus ``allowance`` seconds.
    Repeated runs count by their median (``medians``; with an even count the lower of the middle two)."""
    runs = medians(runs, limit)
    scores: dict = {}
    for record in runs:
        key = (record["kind"], record["pair"], record["config"])
        scores.setdefault(key, []).append(record)
    lines = ["| kind | pair | config | solved | PAR2 total s | median s |", "|---|---|---|---|---|---|"]
    for (kind, pair, config), records in sorted(scores.items()):
        solved = sum(r["status"] == "solved" for r in records)
        lines.append(f"| {kind} | {pair} | {config} | {solved}/{len(records)} | "
                     f"{sum(par2(r, limit) for r in records):.1f} | "
                     f"{statistics.median(r['seconds'] for r in records):.3f} |")
    lines += ["", "| kind | pair | config | puzzles | ratio to min(search, solver): median | p90 | max | solved | "
              f"best-of-two solved | beyond the bound (+{allowance} s) | CPU ratio median | p90 |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    by_puzzle: dict = {}
    for record in runs:
        by_puzzle.setdefault((record["kind"], record["pair"], record["puzzle"]), {})[record["config"]] = record
    groups: dict = {}
    for (kind, pair, _), configs in by_puzzle.items():
        if {"search", "solver"} <= set(configs):
            best = min(par2(configs["search"], limit), par2(configs["solver"], limit))
            for config in ("split", "turns"):
                if config in configs:
                    seconds = par2(configs[config], limit)
                    cpu_best = min(par2(configs["search"], limit, "cpu"), par2(configs["solver"], limit, "cpu"))
                    cpu_ratio = par2(configs[config], limit, "cpu") / max(cpu_best, 1e-3)
                    factor = 2.0 if (configs[config]["schedule"] or {}).get("mode") == "sequential" else 1.2
                    groups.setdefault((kind, pair, config), []).append(
                        (seconds / max(best, 1e-3), configs[config]["status"] == "solved",
                         "solved" in (configs["search"]["status"], configs["solver"]["status"]),
                         # Only where the bound lies within the limit can the run show it broken.
                         seconds > factor * best + allowance and factor * best + allowance < limit,
                         cpu_ratio))
    for (kind, pair, config), values in sorted(groups.items()):
        ratios = [v[0] for v in values]
        beyond = sum(v[3] for v in values)
        lines.append(f"| {kind} | {pair} | {config} | {len(values)} | {statistics.median(ratios):.2f} | "
                     f"{percentile(ratios, 0.9):.2f} | {max(ratios):.2f} | {sum(v[1] for v in values)} | "
                     f"{sum(v[2] for v in values)} | {beyond} | {statistics.median(v[4] for v in values):.2f} | "
                     f"{percentile([v[4] for v in values], 0.9):.2f} |")
    totals = {key: sum(par2(r, limit) for r in records) for key, records in scores.items()}
    return totals, lines


TIE = 1.05
"""A "split" row within this factor of the fastest row of its pair goes first: the schedule bounds
it by the better of its two sides on every puzzle, where the whole-model row has no such bound."""


TIE_SECONDS = 0.01
"""Seconds a puzzle by which split rows of different pairs count as tied with the fastest split
row: below this machine's run-to-run noise (single runs of one configuration differ by up to
2x on puzzles under 0.1 s).  Among tied split rows the one whose pair solves the whole model
fastest ("solver") goes first: the schedule bounds a split by 2x the better of its search and
its solver side, so with equal measured times the stronger solver side gives the lower bound
where the search is slow (hard 10x10 and 11x11 Futoshiki in a fresh process: the CP-SAT split
took 1.4-1.8x CP-SAT on the whole model, the HiGHS split 2.6-3.7x)."""


def ranked(totals: dict, puzzles: dict | None = None) -> dict:
    """Per kind, the selectable rows (PAR2 total, pair, level) best first (see ``TIE`` and
    ``TIE_SECONDS``; ``puzzles`` counts the puzzles of each kind); a method's row has the pair
    ``METHOD_PAIR`` and the method's name for level."""
    ranking: dict = {}
    for (kind, pair, config), total in totals.items():
        if config in ("search", "turns"):
            continue  # not a reduction level a user selects (a schedule); measured for the schedule report
        level = config if pair == METHOD_PAIR else {"split": "split", "probed": "probing"}.get(config, WHOLE_LEVEL[kind])
        ranking.setdefault(kind, []).append((total, pair, level))
    for kind, entries in ranking.items():
        entries.sort()
        for number, (total, pair, level) in enumerate(entries):
            ahead = entries[number - 1] if number else None
            if level == "split" and ahead is not None and ahead[1] == pair and total <= TIE * ahead[0]:
                entries[number - 1], entries[number] = entries[number], entries[number - 1]
        if entries[0][2] == "split" and puzzles:
            room = entries[0][0] + TIE_SECONDS * puzzles.get(kind, 0)
            whole = {pair: total for (k, pair, config), total in totals.items() if k == kind and config == "solver"}
            tied = [entry for entry in entries if entry[2] == "split" and entry[0] <= room]
            choice = min(tied, key=lambda entry: (whole.get(entry[1], float("inf")), entry[0]))
            entries.remove(choice)
            entries.insert(0, choice)
    return ranking


def write_defaults(totals: dict, command: str, count: dict) -> None:
    """futomip/solvers/measured.py: per kind, the selectable configurations best first.

    Kinds this run did not measure keep their rows, and the commands that measured them stay
    in the header."""
    today = datetime.date.today().isoformat()
    header = [line for line in OUT.read_text().splitlines() if line.startswith("#")]
    text = ['"""' + measured.__doc__ + '"""', ""] + header + [
            f"# Measured {today} ({', '.join(sorted(count))}) with: {command}",
            f'MEASURED = "{today}"', ""]
    fresh = ranked(totals, count)
    # The day each kind was measured: this run's kinds today, the others as they were.
    dates = {kind: getattr(measured, "MEASURED_ON", {}).get(kind, measured.MEASURED) for kind in measured.DEFAULTS}
    dates.update({kind: today for kind in fresh})
    text += ["MEASURED_ON: dict[str, str] = {"] + [f'    "{kind}": "{dates[kind]}",' for kind in sorted(dates)] + [
             "}", "", "DEFAULTS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {"]
    for kind in sorted(set(fresh) | set(measured.DEFAULTS)):
        text.append(f'    "{kind}": (')
        if kind not in fresh:
            # Rows of four fields (written before the method column) become "milp" rows.
            text += ["        (" + ", ".join(json.dumps(field) for field in row) + ")," for row in rows(kind)]
            text.append("    ),")
            continue
        entries = fresh[kind]
        best = min(total for total, _, _ in entries)
        for number, (total, pair, level) in enumerate(entries):
            method, backend, solver, level = ((level, "", "", "") if pair == METHOD_PAIR
                                              else (MILP, *pair.split("/"), level))
            why = (f"measured fastest: PAR2 {total:.1f} s on {count[kind]} puzzles" if total == best else
                   f"PAR2 {total:.1f} s on {count[kind]} puzzles, {total / max(best, 1e-9):.2f}x the fastest")
            if number == 0 and total != best and level == "split":
                why += (f", a tie (within {TIE_SECONDS * 1000:.0f} ms a puzzle): first for the strongest solver side "
                        f"of the tied splits")
            text.append(f'        ("{method}", "{backend}", "{solver}", "{level}", "{why}"),')
        text.append("    ),")
    text.append("}")
    OUT.write_text("\n".join(text) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="nonogram,futoshiki,latin,sudoku")
    parser.add_argument("--pairs", help="pairs to measure (default highspy/highs,ortools/cpsat); with --from-jsonl, "
                                         "the pairs whose recorded runs count (default: all of them)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--taai", type=int, default=20)
    parser.add_argument("--random", type=int, default=10)
    parser.add_argument("--futoshiki", type=int, default=20)
    parser.add_argument("--futoshiki-folder", help="more hard 9x9 Futoshiki (.txt), e.g. from futomip generate")
    parser.add_argument("--nonogram-folder", help="more nonograms (.non), e.g. from futomip generate --kind nonogram")
    parser.add_argument("--latin", type=int, default=6)
    parser.add_argument("--sudoku", type=int, default=3)
    parser.add_argument("--latin-folder", help="more Latin completions (.pls), e.g. from benchmarks/qwh_instances.py")
    parser.add_argument("--sudoku-folder", help="more Sudoku files (any format futomip reads), e.g. 16x16 and 25x25")
    parser.add_argument("--killer", type=int, default=8)
    parser.add_argument("--adjacent", type=int, default=8)
    parser.add_argument("--adjacent-folder", help="Adjacent puzzles (.unequal) made by futomip generate --kind adjacent")
    parser.add_argument("--killer-folder", help="Killer Sudoku (.txt) made by futomip generate --kind killer")
    parser.add_argument("--str8ts", type=int, default=30)
    parser.add_argument("--str8ts-folder", help="Str8ts (.txt) made by futomip generate --kind str8ts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds over every puzzle and configuration; each counts by its median")
    parser.add_argument("--split-schedule", choices=("auto", "parallel"), default="auto",
                        help="the schedule of the split configuration (default auto)")
    parser.add_argument("--allowance", type=float, default=ALLOWANCE,
                        help=f"seconds the schedule's bound allows beyond its factor (default {ALLOWANCE})")
    parser.add_argument("--jsonl", help="also append every run to this file")
    parser.add_argument("--write", action="store_true", help="write futomip/solvers/measured.py")
    parser.add_argument("--from-jsonl", nargs="+", metavar="FILE",
                        help="measure nothing: report (and --write) from the runs recorded in these files")
    args = parser.parse_args(argv)
    if args.from_jsonl:
        runs = [json.loads(line) for path in args.from_jsonl for line in open(path) if line.strip()]
        if args.pairs:
            runs = [run for run in runs if run["pair"] in args.pairs.split(",") + [METHOD_PAIR]]
        totals, lines = report(runs, args.time_limit, args.allowance)
        print("\n".join(lines))
        if args.write:
            count: dict = {}
            for record in runs:
                count.setdefault(record["kind"], set()).add(record["puzzle"])
            command = "python benchmarks/choose_defaults.py " + " ".join(argv if argv is not None else sys.argv[1:])
            write_defaults(totals, command, {kind: len(names) for kind, names in count.items()})
        return 0
    kinds = args.kinds.split(",")
    pairs = [tuple(p.split("/")) for p in (args.pairs or "highspy/highs,ortools/cpsat").split(",")
             if check(*p.split("/")).available]
    makers = {"nonogram": lambda: nonograms(args.taai, args.random, args.seed, args.nonogram_folder),
              "futoshiki": lambda: futoshikis(args.futoshiki, args.futoshiki_folder),
              "latin": lambda: latins(args.latin, args.seed, args.latin_folder),
              "sudoku": lambda: sudokus(args.sudoku, args.sudoku_folder),
              "killer": lambda: killers(args.killer, args.killer_folder),
              "adjacent": lambda: adjacents(args.adjacent, args.adjacent_folder),
              "str8ts": lambda: str8ts(args.str8ts, args.str8ts_folder)}
    puzzles = {kind: makers[kind]() for kind in kinds}
    print(f"pairs: {', '.join('/'.join(p) for p in pairs)}; schedule here: {choose(None)}; "
          f"puzzles: {', '.join(f'{k} {len(v)}' for k, v in puzzles.items())}", flush=True)
    sink = open(args.jsonl, "a") if args.jsonl else None

    def log(record: dict) -> None:
        print(f"{record['kind']:<9} {record['puzzle'][:28]:<28} {record['pair']:<14} {record['config']:<7} "
              f"{record['status']:<10} {record['seconds']:8.3f}", flush=True)
        if sink:
            sink.write(json.dumps(record) + "\n")
            sink.flush()

    # The compiled search kernels are loaded once before anything is timed (as futomip bench
    # does): otherwise the first searches of the process run interpreted, while numba loads,
    # and that one-off lands on whichever configuration happens to come first.
    every = [puzzle for group in puzzles.values() for puzzle in group]
    print(f"compiled search kernels loaded: {load_kernels(every)}", flush=True)
    started = time.perf_counter()
    runs = measure(puzzles, pairs, args.time_limit, log, args.repeat,
                   None if args.split_schedule == "auto" else args.split_schedule)
    totals, lines = report(runs, args.time_limit, args.allowance)
    print("\n".join(lines))
    print(f"{len(runs)} runs in {time.perf_counter() - started:.0f} s")
    if args.write:
        command = "python benchmarks/choose_defaults.py " + " ".join(argv if argv is not None else sys.argv[1:])
        write_defaults(totals, command, {kind: len(group) for kind, group in puzzles.items()})
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
