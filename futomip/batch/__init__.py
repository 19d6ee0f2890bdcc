"""Batches: many puzzles, several methods, one JSON line per job, on many cores or a cluster.

- ``work``: the jobs (puzzle, method or method:pair, repeat) in interleaved order, and
  running one job where a worker runs it;
- ``store``: the results file, each line synced as it is written, and what a resume skips;
- ``runner``: in this process, on local worker processes, or on Dask;
- ``table`` and ``plots``: what ``futomip report`` makes of a results file.

The CLI's ``batch`` and ``report`` commands drive these; so can a script.
"""
