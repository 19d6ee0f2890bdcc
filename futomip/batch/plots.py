"""Pictures from a batch's results (matplotlib, PNG and SVG): what ``futomip report -o DIR`` draws.

- ``profile``: the Dolan–Moré performance profile.  For puzzle p and method s, t(p, s) is
  the seconds s took (infinite when it did not solve); r(p, s) = t(p, s) / min over s of
  t(p, s); the curve of s is rho_s(tau) = share of puzzles with r(p, s) <= tau.  At tau = 1 it
  reads how often s was the fastest, far right how often it solved at all.  Only puzzles
  (file, index, repeat) that every method ran take part, so the curves compare like with like.
- ``time_vs_size``: the median seconds per puzzle size (n, or rows x columns) per method,
  with the p90 as a dashed line (solved runs only; the share solved is in the table).
- ``anneal_curves``: for the ``anneal`` runs whose label sets ``t0`` (or ``cooling``), per
  puzzle the median and mean best cost against the start temperature (or the cooling factor): the
  report's two plots, from a sweep such as ``--method anneal:t0=0.5,anneal:t0=2,...``.

Without matplotlib (the base install) ``can_draw`` is false and ``futomip report -o DIR``
writes the table and ``summary.csv`` only; a picture function called anyway raises
``MissingPackageError`` (exit 3) naming ``INSTALL_HINT``.

Must not import the CLI.
"""

from __future__ import annotations

import math
import os
import statistics

from .table import DECIDED, percentile, seconds_of

__all__ = ["draw_all", "can_draw", "INSTALL_HINT", "profile", "time_vs_size", "anneal_curves"]

INSTALL_HINT = "pip install 'futomip[plot]'"


def can_draw() -> bool:
    """Whether matplotlib can be imported: the pictures are optional, so the report asks
    first and skips them instead of failing after the table and CSV are written."""
    try:
        import matplotlib  # noqa: F401 - only whether it imports
    except ImportError:
        return False
    return True


def _pyplot():
    if not can_draw():
        from ..errors import MissingPackageError

        raise MissingPackageError(f"pictures need matplotlib: {INSTALL_HINT}")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(figure, folder: str, stem: str) -> list[str]:
    paths = [os.path.join(folder, f"{stem}.{suffix}") for suffix in ("png", "svg")]
    for path in paths:
        figure.savefig(path, dpi=120, bbox_inches="tight")
    return paths


def ratios(records: list[dict]) -> dict[str, list[float]]:
    """Per label, r(p, s) over the puzzles every label ran (see the module text)."""
    times: dict[tuple, dict[str, float]] = {}
    labels: list[str] = []
    for record in records:
        if record["label"] not in labels:
            labels.append(record["label"])
        times.setdefault((record["file"], record["index"], record["repeat"]), {})[record["label"]] = seconds_of(record)
    out: dict[str, list[float]] = {label: [] for label in labels}
    for row in times.values():
        if len(row) != len(labels):
            continue
        best = min(row.values())
        for label, value in row.items():
            # A puzzle no method solved counts as a failure for every one of them.
            out[label].append(value / max(best, 1e-6) if math.isfinite(best) and math.isfinite(value) else math.inf)
    return out


def profile(records: list[dict], folder: str) -> list[str]:
    found = ratios(records)
    if not any(found.values()):
        # No puzzle ran under every label (a file of several batches): nothing to compare,
        # and an empty picture would say nothing.
        return []
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    finite = [r for values in found.values() for r in values if math.isfinite(r)]
    top = max(finite + [2.0]) * 1.5
    for label, values in found.items():
        if not values:
            continue
        xs = sorted(r for r in values if math.isfinite(r))
        steps_x = [1.0] + xs + [top]
        steps_y = [0.0] + [(k + 1) / len(values) for k in range(len(xs))] + [len(xs) / len(values)]
        axes.step(steps_x, steps_y, where="post", label=label)
    axes.set_xscale("log")
    axes.set_xlim(1.0, top)
    axes.set_ylim(0, 1.02)
    axes.set_xlabel("tau: within this factor of the fastest method")
    axes.set_ylabel("share of puzzles")
    count = len(next(iter(found.values()), []))
    axes.set_title(f"Performance profile ({count} puzzles)")
    axes.legend(loc="lower right", fontsize="small")
    axes.grid(True, which="both", alpha=0.3)
    paths = _save(figure, folder, "profile")
    plt.close(figure)
    return paths


def _size(record: dict, cells: bool) -> int:
    """The x value: n of an n x n board, or with ``cells`` the number of cells (rows x columns
    of a nonogram, n x n of a board): a file mixing both kinds is drawn in cells, since n
    and rows x columns on one axis put a 9x9 Sudoku beside a 3x3 picture."""
    size = record.get("size")
    if isinstance(size, list):
        return size[0] * size[1]
    return int(size) ** 2 if cells else int(size)


def time_vs_size(records: list[dict], folder: str) -> list[str]:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    groups: dict[str, dict[int, list[float]]] = {}
    square = all(not isinstance(r.get("size"), list) for r in records)
    for record in records:
        if record.get("status") in DECIDED:
            groups.setdefault(record["label"], {}).setdefault(_size(record, not square), []).append(seconds_of(record))
    for label, by_size in groups.items():
        sizes = sorted(by_size)
        line, = axes.plot(sizes, [statistics.median(by_size[s]) for s in sizes], marker="o", label=f"{label} median")
        axes.plot(sizes, [percentile(by_size[s], 0.9) for s in sizes], linestyle="--", color=line.get_color(),
                  label=f"{label} p90")
    axes.set_yscale("log")
    axes.set_xlabel("n (board n x n)" if square else "cells (rows x columns)")
    axes.set_ylabel("seconds per solved puzzle")
    axes.set_title("Time against size")
    axes.legend(fontsize="small")
    axes.grid(True, which="both", alpha=0.3)
    paths = _save(figure, folder, "time_vs_size")
    plt.close(figure)
    return paths


def anneal_curves(records: list[dict], folder: str) -> list[str]:
    runs = [r for r in records if r.get("method") == "anneal" and r.get("params") and r.get("cost") is not None]
    sweeps = [(parameter, title, [r for r in runs if parameter in r["params"]])
              for parameter, title in (("t0", "start temperature"), ("cooling", "cooling factor"))]
    sweeps = [sweep for sweep in sweeps if sweep[2]]
    if not sweeps:
        return []
    plt = _pyplot()
    figure, panels = plt.subplots(1, len(sweeps), figsize=(5 * len(sweeps), 4), squeeze=False)
    for axes, (parameter, title, chosen) in zip(panels[0], sweeps):
        # One pair of curves per puzzle: a sweep usually spans an easy and a hard one.
        by_name: dict[str, dict[float, list[int]]] = {}
        for run in chosen:
            by_name.setdefault(run.get("name") or "?", {}).setdefault(float(run["params"][parameter]), []).append(
                run["cost"])
        for name, by_value in by_name.items():
            xs = sorted(by_value)
            line, = axes.plot(xs, [statistics.median(by_value[x]) for x in xs], marker="o", label=f"{name} median")
            axes.plot(xs, [statistics.fmean(by_value[x]) for x in xs], marker="s", linestyle="--",
                      color=line.get_color(), label=f"{name} mean")
        axes.set_xlabel(title + (" (log scale)" if parameter == "t0" else ""))
        if parameter == "t0":
            axes.set_xscale("log")
        axes.set_ylabel("best cost (broken rules; 0 = solved)")
        axes.set_ylim(bottom=0)
        axes.grid(True, alpha=0.3)
        axes.legend(fontsize="small")
    puzzles = sorted({r.get("name") or "?" for r in runs})
    figure.suptitle(f"Simulated annealing: best cost over {len(runs)} runs ({', '.join(puzzles)[:60]})")
    paths = _save(figure, folder, "anneal")
    plt.close(figure)
    return paths


def draw_all(records: list[dict], folder: str) -> list[str]:
    """Every picture that the records allow; the paths written."""
    paths = profile(records, folder) + time_vs_size(records, folder)
    return paths + anneal_curves(records, folder)
