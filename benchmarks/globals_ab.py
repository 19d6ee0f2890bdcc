"""The default configuration with CP-SAT's global constraints as rows and as its own, fresh commands side by side.

    python benchmarks/globals_ab.py FILES... [--time-limit 60] [--forms linear,native] [--jsonl OUT]

For each file, one fresh ``futomip FILE --time-limit T --json --globals FORM`` per form (what a
user runs: the default pair and schedule, only the form pinned), the forms' order rotating file
by file so that neither always runs first on a noisy machine.  Prints one line per run (status,
wall seconds as the command reports them, which side of the schedule answered, the form built)
and then, per form: decided, total and median seconds, and the per-file ratio of each form to
the first.  Nothing here asserts a time.  Measured with it: the Latin completion default
(``futomip.solvers.cpsat.CpSat.preferred_globals``, docs/measurements.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys


def _run(path: str, form: str, limit: float) -> dict:
    done = subprocess.run([sys.executable, "-m", "futomip", path, "--time-limit", str(limit), "--json",
                           "--globals", form], capture_output=True, text=True)
    answer = json.loads(done.stdout.splitlines()[0])
    return {"file": path, "form": form, "status": answer["status"], "seconds": answer["seconds"].get("total", 0.0),
            "answered_by": (answer.get("schedule") or {}).get("answered_by"), "globals": answer.get("globals")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--forms", default="linear,native")
    parser.add_argument("--jsonl")
    args = parser.parse_args()
    forms = args.forms.split(",")
    runs = []
    for k, path in enumerate(args.files):
        for form in forms[k % len(forms):] + forms[:k % len(forms)]:
            run = _run(path, form, args.time_limit)
            runs.append(run)
            print(f"{path} {form}: {run['status']} {run['seconds']:.2f} s (answered by {run['answered_by']}, "
                  f"{run['globals']})", flush=True)
    if args.jsonl:
        with open(args.jsonl, "w") as out:
            out.writelines(json.dumps(run) + "\n" for run in runs)
    decided = ("solved", "infeasible")
    by_form = {form: {run["file"]: run for run in runs if run["form"] == form} for form in forms}
    print(f"\n{len(args.files)} files, {args.time_limit:g} s each:")
    for form in forms:
        seconds = [run["seconds"] for run in by_form[form].values()]
        done = sum(run["status"] in decided for run in by_form[form].values())
        line = f"  {form:8} decided {done}/{len(seconds)}, total {sum(seconds):.1f} s, median {statistics.median(seconds):.2f} s"
        if form != forms[0]:
            ratios = sorted(by_form[form][path]["seconds"] / max(by_form[forms[0]][path]["seconds"], 1e-3)
                            for path in args.files)
            line += (f", x {forms[0]} per file median {statistics.median(ratios):.2f} "
                     f"(min {ratios[0]:.2f}, max {ratios[-1]:.2f})")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
