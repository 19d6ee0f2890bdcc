#!/bin/bash
# The schedule's bound (issue 22, item 1) in fresh processes: the default before (snapA, the
# worker on the reduced domains) and after (snapC, the puzzle as given) against its two sides,
# CP-SAT after the "lines" reduction and the split search alone; per instance, the order rotating.
cd /work/runs/s30
PY=/work/main/.venv/bin/python
i=0
for f in $(ls W/*/*.pls | sort -V) $(ls /work/runs/s29/V/*/*.pls | sort -V); do
  i=$((i+1))
  runs=("snapA default" "snapC default" "snapD cpsat-lines" "snapD default-search")
  for k in 0 1 2 3; do
    j=$(( (k + i) % 4 )); set -- ${runs[$j]}
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$1 $PY $1/benchmarks/qwh_bench.py $f --configs $2 --time-limit 60 --jsonl bound2-$1-$2.jsonl >> bound2.log 2>&1
  done
done
echo ALLDONE >> bound2.log
