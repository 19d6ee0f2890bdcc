"""Making puzzles: generators and the grades that judge them.

- ``makers``: the one interface, ``make(kind, size, seed, ...)``, over every generator;
- ``generate``: Futoshiki puzzles with a unique solution (clues removed while the MILP
  still proves uniqueness);
- ``generate_nonogram``: nonograms from random pictures, kept when unique, at a chosen
  human grade;
- ``generate_sudoku``, ``generate_latin``, ``generate_str8ts``: minimal Sudoku, QWH-style
  Latin completions and minimal point-symmetric Str8ts, on the random grids of ``squares``
  and the shared uniqueness check and clue loop of ``unique``;
- ``grade``: the human grade (the weakest exact rule level that solves a puzzle) and the
  MIP grade (what the solver needed); ``ladder``: the finer named rung (naked singles,
  hidden singles, straights, ...); ``str8ts_rules``: the Str8ts hand-solver's exact rules
  behind its grade.

Uses the pipeline (``futomip.pipeline``); nothing below it may import these.
"""
