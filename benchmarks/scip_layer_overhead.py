"""How much of a SCIP solve PuLP and Pyomo spend outside SCIP (the case for a direct backend).

    python benchmarks/scip_layer_overhead.py [FILES...]    # default: data/futoshiki/hard9/*.txt

For each puzzle and layer: the time to build the layer's model, the session's solve call,
and SCIP's own solving time (``getSolvingTime`` of the pyscipopt model the layer keeps); the
medians over the puzzles, and the layer's median share of build plus solve outside SCIP.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(paths: list[str]) -> int:
    import futomip
    from futomip.backends import backend_module
    from futomip.kinds import kind_of
    from futomip.options import Options
    from futomip.solvers import solver

    paths = paths or sorted(str(p) for p in (ROOT / "data" / "futoshiki" / "hard9").glob("*.txt"))
    rows: dict[str, list[tuple[float, float, float]]] = {"pulp": [], "pyomo": []}
    for path in paths:
        puzzle = futomip.load(path)
        model = kind_of(puzzle).model_module().formulate(puzzle, "tight").model
        for layer in rows:
            start = time.perf_counter()
            session = backend_module(layer).open_session(model, solver("scip"), Options(layer, "scip"))
            build = time.perf_counter() - start
            raw = session.solve(60)
            inner = session._problem.solverModel if layer == "pulp" else session._persistent._solver_model
            rows[layer].append((build, raw.seconds, inner.getSolvingTime()))
    for layer, found in rows.items():
        build = statistics.median(r[0] for r in found)
        outside = statistics.median(r[1] - r[2] for r in found)
        share = statistics.median((r[0] + r[1] - r[2]) / (r[0] + r[1]) for r in found)
        print(f"{layer}/scip: build {build * 1000:.0f} ms, outside SCIP {outside * 1000:.0f} ms per solve, "
              f"layer's share of build + solve {share:.0%} (medians over {len(found)} puzzles)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
