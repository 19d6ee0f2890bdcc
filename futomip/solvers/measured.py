"""Measured default configurations per puzzle kind: written by ``benchmarks/choose_defaults.py``.

Each kind lists (backend, solver, reduce, reason) rows, best first; the registry takes the
first row whose pair is available here (``futomip.solvers.defaults``).  Rerun the benchmark
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
MEASURED = "2026-11-26"

DEFAULTS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "adjacent": (
        ("ortools", "cpsat", "lines", "measured fastest: PAR2 0.6 s on 10 puzzles"),
        ("ortools", "cpsat", "split", "PAR2 2.2 s on 10 puzzles, 3.64x the fastest"),
        ("highspy", "highs", "split", "PAR2 2.5 s on 10 puzzles, 4.13x the fastest"),
        ("highspy", "highs", "lines", "PAR2 8.2 s on 10 puzzles, 13.41x the fastest"),
    ),
    "futoshiki": (
        ('ortools', 'cpsat', 'lines', 'measured fastest: PAR2 1.1 s on 20 puzzles'),
        ('ortools', 'cpsat', 'split', 'PAR2 3.1 s on 20 puzzles, 2.84x the fastest'),
        ('highspy', 'highs', 'split', 'PAR2 5.6 s on 20 puzzles, 5.04x the fastest'),
        ('highspy', 'highs', 'lines', 'PAR2 27.6 s on 20 puzzles, 24.96x the fastest'),
    ),
    "killer": (
        ("ortools", "cpsat", "lines", "measured fastest: PAR2 2.0 s on 8 puzzles"),
        ("highspy", "highs", "lines", "PAR2 16.5 s on 8 puzzles, 8.43x the fastest"),
    ),
    "latin": (
        ('ortools', 'cpsat', 'lines', 'measured fastest: PAR2 2.3 s on 6 puzzles'),
        ('ortools', 'cpsat', 'split', 'PAR2 4.2 s on 6 puzzles, 1.81x the fastest'),
        ('highspy', 'highs', 'split', 'PAR2 48.4 s on 6 puzzles, 20.84x the fastest'),
        ('highspy', 'highs', 'lines', 'PAR2 48.2 s on 6 puzzles, 20.74x the fastest'),
    ),
    "nonogram": (
        ('ortools', 'cpsat', 'probing', 'measured fastest: PAR2 41.9 s on 30 puzzles'),
        ('ortools', 'cpsat', 'split', 'PAR2 63.8 s on 30 puzzles, 1.52x the fastest'),
        ('highspy', 'highs', 'split', 'PAR2 123.9 s on 30 puzzles, 2.96x the fastest'),
        ('highspy', 'highs', 'probing', 'PAR2 260.0 s on 30 puzzles, 6.20x the fastest'),
    ),
    "sudoku": (
        ('ortools', 'cpsat', 'lines', 'measured fastest: PAR2 0.1 s on 3 puzzles'),
        ('highspy', 'highs', 'split', 'PAR2 0.2 s on 3 puzzles, 1.61x the fastest'),
        ('ortools', 'cpsat', 'split', 'PAR2 0.2 s on 3 puzzles, 1.92x the fastest'),
        ('highspy', 'highs', 'lines', 'PAR2 1.1 s on 3 puzzles, 8.84x the fastest'),
    ),
}
