"""Where line solving and probing leave a hard nonogram: cells fixed and seconds for each stage.

    python benchmarks/knotty_probe_status.py data/nonogram/wolter/faase.nin
"""
import sys
import time

from futomip.io import load
from futomip.reduction import nonogram_compiled as nc


def main(path: str) -> None:
    puzzle = load(path)
    cells = puzzle.height * puzzle.width
    started = time.perf_counter()
    board = nc.new_board(puzzle)
    made = time.perf_counter()
    failed = board.propagate(range(len(board.clues)))
    lined = time.perf_counter()
    print(f"{type(board).__name__}: board {made - started:.2f} s; lines {lined - made:.2f} s, "
          f"{cells - board.open_cells()} of {cells} fixed, failed {failed}")
    failed, finished = board.probe(progress=lambda text: print(text, flush=True))
    probed = time.perf_counter()
    print(f"probing {probed - lined:.2f} s, {cells - board.open_cells()} of {cells} fixed, failed {failed}")


if __name__ == "__main__":
    main(sys.argv[1])
