"""The one pipeline from a puzzle to a checked answer, used by the CLI, the API, bench and batch.

    puzzle --reduce--> domains --formulate--> LinearModel --backend--> Session --solve--> values
           --decode--> grid --verify (independent of the MILP)--> Result

- ``model_run.ModelRun``: one model (a whole puzzle or one sub-puzzle) on one pair: build,
  solve, cut off a grid, write.
- ``finder.SolutionFinder``: the strategy that gives one verified solution after another,
  on the whole model first and then, where the kind's reduction splits the puzzle, over the
  sub-puzzles.
- ``tasks.run``: one call per puzzle for every task (solve, prove unique, enumerate,
  explain, write the model), with one ``Options`` and one ``Deadline`` per command.
- ``race.run_race``: several pairs on one task in parallel processes, the first proof wins.
- ``solve.solve`` and ``certainty`` (``solutions``, ``enumerate_all``, ``explain``): the Python
  API's keyword entry points (``futomip.solve``, ``futomip.certainty``), thin over ``tasks.run``.

Must not import the CLI.
"""

from .tasks import ACTIONS, Task, run

__all__ = ["ACTIONS", "Task", "run"]
