#!/bin/bash
cd /work/runs/s30
PY=/work/main/.venv/bin/python
for d in snapA snapB; do FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py /work/runs/s29/hard/Fqwh50-1.pls --configs default --time-limit 100 > warm-$d.log 2>&1; done
FILES="$(ls W/*/*.pls | sort -V) $(ls /work/runs/s29/V/*/*.pls | sort -V) $(ls /work/runs/s29/hard/*.pls | grep -v 'Fqwh45-1\|Gqwh50-1\|Gqwh55-1')"
i=0
for f in $FILES; do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapA snapB"; else order="snapB snapA"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s30/$d $PY $d/benchmarks/qwh_bench.py $f --configs default --time-limit 60 --jsonl ab-$d.jsonl >> ab-$d.log 2>&1
  done
  case $f in W/*) $PY snapA/benchmarks/qwh_bench.py $f --configs cpsat --time-limit 60 --jsonl cpsat.jsonl >> cpsat.log 2>&1;; esac
done
echo ALLDONE >> ab-snapB.log
