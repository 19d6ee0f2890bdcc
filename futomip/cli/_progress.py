"""The progress bar of a batch: done/total, rate and time left, on a terminal only.

tqdm draws it when installed (``pip install 'futomip[batch]'``); without it, the CLI's own
one-line status shows the same numbers.  Off a terminal (a log file, CI) nothing is drawn.
"""

from __future__ import annotations

import contextlib
import sys
import time

from ._output import status_line

__all__ = ["bar"]


@contextlib.contextmanager
def bar(total: int, quiet: bool = False):
    """A callable ``advance(text)`` counting one finished job, or None off a terminal."""
    if quiet or not sys.stderr.isatty() or total == 0:
        yield None
        return
    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    if tqdm is not None:
        with tqdm(total=total, unit="job", file=sys.stderr, dynamic_ncols=True, smoothing=0.1) as shown:
            def advance(text: str) -> None:
                shown.set_postfix_str(text, refresh=False)
                shown.update(1)

            yield advance
        return
    start, done = time.perf_counter(), [0]
    with status_line() as show:
        def advance(text: str) -> None:
            done[0] += 1
            elapsed = time.perf_counter() - start
            rate = done[0] / max(elapsed, 1e-9)
            left = (total - done[0]) / max(rate, 1e-9)
            show(f"{done[0]}/{total} {rate:.1f} jobs/s, {left:.0f} s left  {text}")

        yield advance
