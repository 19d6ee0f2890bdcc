#!/bin/bash
# Per instance: snapL (cpsat, highs-twin, highs-learn with Luby), then snapG (highs-learn with Glucose restarts).
cd /work/runs/s28
M=/work/runs/s27/qwhF
FRESH=$(ls QWHG/*/*.pls | sort -V)
OLD="$M/55/Fqwh55-2.pls $M/60/Fqwh60-2.pls /work/runs/s27/race/E25qwh60-0.pls $M/55/Fqwh55-0.pls $M/50/Fqwh50-2.pls"
for f in $FRESH; do
  FUTOMIP_COMPILE=1 /work/main/.venv/bin/python snapL/benchmarks/qwh_bench.py $f --configs cpsat,highs-twin,highs-learn --time-limit 60 --jsonl abL.jsonl
  FUTOMIP_COMPILE=1 /work/main/.venv/bin/python snapG/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl abG.jsonl
done
for f in $OLD; do
  FUTOMIP_COMPILE=1 /work/main/.venv/bin/python snapG/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl abG.jsonl
  FUTOMIP_COMPILE=1 /work/main/.venv/bin/python snapL/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl abL.jsonl
done
echo ALLDONE
