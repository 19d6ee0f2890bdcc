"""Making puzzles: generators and the grades that judge them.

- ``generate``: Futoshiki puzzles with a unique solution (clues removed while the MILP
  still proves uniqueness);
- ``generate_nonogram``: nonograms from random pictures, kept when unique, at a chosen
  human grade;
- ``grade``: the human grade (the weakest exact rule level that solves a puzzle) and the
  MIP grade (what the solver needed).

Uses the pipeline (``futomip.pipeline``); nothing below it may import these.
"""
