#!/bin/bash
cd /work/runs/s30
PY=/work/main/.venv/bin/python
i=0
for f in $(ls W/*/*.pls | sort -V); do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapA snapC"; else order="snapC snapA"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py $f --configs default --time-limit 60 --jsonl ab3-$d.jsonl >> ab3-$d.log 2>&1
  done
done
echo ALLDONE3 >> ab3-snapC.log
