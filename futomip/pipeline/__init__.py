"""The one pipeline from a puzzle to a checked answer, used by the CLI, the API, bench and batch.

    puzzle --reduce--> domains --formulate--> LinearModel --backend--> Session --solve--> values
           --decode--> grid --verify (independent of the MILP)--> Result

- ``model_run.ModelRun``: one model (a whole puzzle or one sub-puzzle) on one pair: build,
  solve, cut off a grid, write.
- ``finder.SolutionFinder``: the strategy that gives one verified solution after another:
  one model, or, where the kind's reduction splits the puzzle, the split search and its
  sub-puzzles beside the solver on the whole model (``schedule``: who runs when, with its
  bound; ``whole_model``: the solver's worker process).
- ``tasks.run``: one call per puzzle for every task (solve, prove unique, enumerate,
  explain, write the model), with one ``Options`` and one ``Deadline`` per command.
- ``race.run_race``: several pairs on one task in parallel processes, the first proof wins.
- ``solve.solve`` and ``certainty`` (``solutions``, ``enumerate_all``, ``explain``): the Python
  API's keyword entry points (``futomip.solve``, ``futomip.certainty``), thin over ``tasks.run``.

Must not import the CLI.
"""

from .tasks import ACTIONS, Task, run

__all__ = ["ACTIONS", "Task", "run"]
