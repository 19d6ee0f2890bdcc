#!/bin/bash
cd /work/runs/s30
PY=/work/main/.venv/bin/python
i=0
for rep in 1 2; do
for f in $(ls W/*/*.pls | sort -V | grep -v Wqwh60-3) $(ls /work/runs/s29/V/*/*.pls | sort -V | grep -v Vqwh60-0); do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapC snapE"; else order="snapE snapC"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py $f --configs default --time-limit 60 --jsonl ab4-$d.jsonl >> ab4-$d.log 2>&1
  done
done
done
echo ALLDONE4 >> ab4-snapE.log
