"""Measured default configurations per puzzle kind: written by ``benchmarks/choose_defaults.py``.

Each kind lists (method, backend, solver, reduce, reason) rows, best first; the registry takes
the first row that can run here (``futomip.solvers.defaults``).  A "milp" row names a pair and a
reduction level of the MILP pipeline; a row of another method (``futomip.methods``, e.g. "sat")
leaves backend, solver and reduce empty: that method brings its own.  Rerun the benchmark
when a solver, the search or a model changes; do not edit the rows by hand.

Must not import anything.
"""

# Measured 2026-11-26 on the shared 2-core machine (load 8-10), time limit 8 s, interleaved:
#   python benchmarks/choose_defaults.py --time-limit 8 --kinds nonogram --taai 20 --random 10 --jsonl nonogram.jsonl
#   python benchmarks/choose_defaults.py --time-limit 8 --kinds latin,sudoku --latin 6 --sudoku 3 --jsonl latin.jsonl
#   python benchmarks/choose_defaults.py --time-limit 8 --kinds futoshiki --futoshiki 20 \
#       --futoshiki-folder GENERATED_9x9 --jsonl futoshiki.jsonl
#   python benchmarks/choose_defaults.py --time-limit 8 --from-jsonl nonogram.jsonl latin.jsonl futoshiki.jsonl --write
# Measured 2026-11-26 (killer; load 10-15) with: python benchmarks/choose_defaults.py --kinds killer --killer 8 \
#       --killer-folder KILLER_9x9 --time-limit 20 --write, KILLER_9x9 being the 100 made by
#   futomip generate 9 --kind killer --count 100 --seed 1000 -o 'KILLER_9x9/k{seed}.txt'
# Measured 2026-11-26 (adjacent; load 7-10) with: python benchmarks/choose_defaults.py --kinds adjacent --adjacent 10 \
#       --adjacent-folder ADJACENT_9x9 --time-limit 20 --write, ADJACENT_9x9 being the 10 made by
#   futomip generate 9 --kind adjacent --count 10 --seed 500 -o 'ADJACENT_9x9/a{seed}.unequal'
# Measured 2026-11-26 (nonogram) with: python benchmarks/choose_defaults.py --time-limit 8 --kinds nonogram --taai 10 --random 6 --jsonl /tmp/unify_nono.jsonl --write
#   (load 3-5; the runs: benchmarks/results/unify/choose-nonogram.jsonl)
# Measured 2026-11-27 (latin) with: python benchmarks/choose_defaults.py --from-jsonl benchmarks/results/defaults-2026-11-27/latin.jsonl --time-limit 8 --allowance 0.04 --write
#   (the same run, futoshiki rows not written: in that warm process, kernels loaded, the split ranked
#   first, highspy/highs PAR2 0.2 s and ortools/cpsat 0.3 s against 0.7 s for cpsat lines on 23 hard 9x9;
#   but a fresh command per puzzle, what `futomip FILE` is, took 0.54-2.43 s with highspy split against
#   0.52-1.42 s with cpsat lines: benchmarks/results/defaults-2026-11-27/. The 26 Nov rows stay.)
# Measured 2026-11-27 (nonogram; the sat method now races the line search against Kissat, and
#   the split's learning leaves are whole grids; load 3-5) with:
#   python benchmarks/choose_defaults.py --time-limit 8 --kinds nonogram --taai 20 --random 10 \
#       --nonogram-folder MIX --jsonl nonogram-race.jsonl, MIX being the 26 MiniZinc challenge
#   nonograms written as .non and 10 made by futomip generate 25 --kind nonogram --difficulty search
#   (seed 6100); then --from-jsonl benchmarks/results/defaults-2026-11-27/nonogram-race.jsonl --write.
#   On the 20 TAAI and 10 random puzzles alone (three rounds) ortools/cpsat split had 3.8 s
#   against sat's 4.3 s; the MiniZinc and generated puzzles decide it.
# Measured 2026-11-27 (futoshiki, latin, sudoku) with: python benchmarks/choose_defaults.py --from-jsonl benchmarks/results/defaults-2026-11-27/latin-family-whole-grid-leaves.jsonl --time-limit 8 --allowance 0.04 --write
#   (the runs: python benchmarks/choose_defaults.py --kinds futoshiki,latin,sudoku --futoshiki 24 \
#       --futoshiki-folder F --latin 6 --latin-folder L --sudoku 5 --sudoku-folder S --seed 81 --time-limit 8 \
#       --repeat 2 --allowance 0.04 --jsonl ..., F: futomip generate 9 --seed 6300 --count 10, L: QWH orders
#   25-40 from benchmarks/qwh_instances.py --seed 31, S: 10 generated 9x9 and 3 generated 16x16 Sudoku; load 2-3.
#   Whole-grid Latin leaves now need no model, so the split leads every Latin kind.  A fresh
#   command per hard 9x9 Futoshiki (numba not yet loaded: the search starts in Python), --unique,
#   23 puzzles: highspy split median 0.35 s, p90 0.73 s; ortools split 0.57 / 0.67 s; ortools
#   lines 0.52 / 0.61 s: docs/measurements.md.)
#   Rewritten the same day from the same runs when the tie rule (TIE_SECONDS) came in: the
#   HiGHS and CP-SAT splits tie on Futoshiki and Sudoku, and the CP-SAT split goes first for its
#   stronger solver side (fresh commands on hard 10x10/11x11 Futoshiki: docs/measurements.md).
# Measured 2026-11-27 (nonogram) with: python benchmarks/choose_defaults.py --from-jsonl benchmarks/results/target-phases-2026-11-27/nonogram-defaults.jsonl --time-limit 8 --write
#   (fourteenth session, after the line search took target phases; the runs: python
#   benchmarks/choose_defaults.py --time-limit 8 --kinds nonogram --taai 20 --random 10 --nonogram-folder MIX
#   --repeat 3 --jsonl ..., MIX being the 26 MiniZinc challenge nonograms written as .non by futomip convert
#   and 20 pictures of benchmarks/random_nonograms.py (25x25 at 45%, seeds 3600-3609; 30x30 at 40%, seeds
#   3700-3709); medians of three rounds, load about 2.  sat and both splits now lie within 0.1 s over the
#   76 puzzles; below sat, the order decides only what enumeration, explanations and model files get.)
# Measured 2026-11-28 (str8ts; load about 1), 20 s limit, three rounds, the 11 bundled Str8ts and 14
#   generated 9x9 of the "search" grade (futomip generate 9 --kind str8ts --difficulty search, seeds 900-907
#   and 950-953, and two of seed 700-701), with: python benchmarks/choose_defaults.py --kinds str8ts
#   --str8ts-folder STR8TS --pairs highspy/highs,ortools/cpsat,pulp/highs,pulp/cbc --time-limit 20 --repeat 3
#   --jsonl str8ts.jsonl; written from the two pairs the other kinds are measured with.  In a fresh command
#   per puzzle (CP-SAT imported without pandas): median 0.26 s against 0.23 s, max 0.39 s against 1.10 s.
# Measured 2026-11-28 (str8ts) with: python benchmarks/choose_defaults.py --from-jsonl benchmarks/results/defaults-2026-11-28/str8ts.jsonl --pairs highspy/highs,ortools/cpsat --time-limit 20 --write
MEASURED = "2026-11-28"

MEASURED_ON: dict[str, str] = {
    "adjacent": "2026-11-26",
    "futoshiki": "2026-11-27",
    "killer": "2026-11-26",
    "latin": "2026-11-27",
    "nonogram": "2026-11-27",
    "str8ts": "2026-11-28",
    "sudoku": "2026-11-27",
}

DEFAULTS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {
    "adjacent": (
        ("milp", "ortools", "cpsat", "lines", "measured fastest: PAR2 0.6 s on 10 puzzles"),
        ("milp", "ortools", "cpsat", "split", "PAR2 2.2 s on 10 puzzles, 3.64x the fastest"),
        ("milp", "highspy", "highs", "split", "PAR2 2.5 s on 10 puzzles, 4.13x the fastest"),
        ("milp", "highspy", "highs", "lines", "PAR2 8.2 s on 10 puzzles, 13.41x the fastest"),
    ),
    "futoshiki": (
        ("milp", "ortools", "cpsat", "split", "PAR2 0.1 s on 23 puzzles, 1.04x the fastest, a tie (within 10 ms a puzzle): first for the strongest solver side of the tied splits"),
        ("milp", "highspy", "highs", "split", "measured fastest: PAR2 0.1 s on 23 puzzles"),
        ("milp", "ortools", "cpsat", "lines", "PAR2 0.5 s on 23 puzzles, 8.21x the fastest"),
        ("milp", "ortools", "cpsat", "probing", "PAR2 2.2 s on 23 puzzles, 39.88x the fastest"),
        ("milp", "highspy", "highs", "probing", "PAR2 6.6 s on 23 puzzles, 120.06x the fastest"),
        ("milp", "highspy", "highs", "lines", "PAR2 12.6 s on 23 puzzles, 230.06x the fastest"),
    ),
    "killer": (
        ("milp", "ortools", "cpsat", "lines", "measured fastest: PAR2 2.0 s on 8 puzzles"),
        ("milp", "highspy", "highs", "lines", "PAR2 16.5 s on 8 puzzles, 8.43x the fastest"),
    ),
    "latin": (
        ("milp", "ortools", "cpsat", "split", "measured fastest: PAR2 4.6 s on 16 puzzles"),
        ("milp", "highspy", "highs", "split", "PAR2 6.3 s on 16 puzzles, 1.37x the fastest"),
        ("milp", "ortools", "cpsat", "lines", "PAR2 40.8 s on 16 puzzles, 8.84x the fastest"),
        ("milp", "ortools", "cpsat", "probing", "PAR2 41.5 s on 16 puzzles, 8.98x the fastest"),
        ("milp", "highspy", "highs", "lines", "PAR2 187.5 s on 16 puzzles, 40.62x the fastest"),
        ("milp", "highspy", "highs", "probing", "PAR2 188.5 s on 16 puzzles, 40.85x the fastest"),
    ),
    "nonogram": (
        ("sat", "", "", "", "measured fastest: PAR2 2.7 s on 76 puzzles"),
        ("milp", "ortools", "cpsat", "split", "PAR2 2.7 s on 76 puzzles, 1.01x the fastest"),
        ("milp", "highspy", "highs", "split", "PAR2 2.8 s on 76 puzzles, 1.02x the fastest"),
        ("milp", "ortools", "cpsat", "probing", "PAR2 32.5 s on 76 puzzles, 11.94x the fastest"),
        ("milp", "highspy", "highs", "probing", "PAR2 526.4 s on 76 puzzles, 193.49x the fastest"),
    ),
    "str8ts": (
        ("milp", "ortools", "cpsat", "none", "measured fastest: PAR2 0.8 s on 25 puzzles"),
        ("milp", "highspy", "highs", "none", "PAR2 3.2 s on 25 puzzles, 4.13x the fastest"),
    ),
    "sudoku": (
        ("milp", "ortools", "cpsat", "split", "PAR2 0.1 s on 16 puzzles, 1.19x the fastest, a tie (within 10 ms a puzzle): first for the strongest solver side of the tied splits"),
        ("milp", "highspy", "highs", "split", "measured fastest: PAR2 0.1 s on 16 puzzles"),
        ("milp", "ortools", "cpsat", "lines", "PAR2 0.2 s on 16 puzzles, 4.27x the fastest"),
        ("milp", "ortools", "cpsat", "probing", "PAR2 1.4 s on 16 puzzles, 25.10x the fastest"),
        ("milp", "highspy", "highs", "probing", "PAR2 1.5 s on 16 puzzles, 27.63x the fastest"),
        ("milp", "highspy", "highs", "lines", "PAR2 3.9 s on 16 puzzles, 71.01x the fastest"),
    ),
}
