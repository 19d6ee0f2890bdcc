#!/bin/bash
cd /work/runs/s28
M=/work/runs/s27/qwhF
PY=/work/main/.venv/bin/python
# warm both caches
for d in snapA snapB; do FUTOMIP_COMPILE=1 $PY $d/benchmarks/qwh_bench.py $M/50/Fqwh50-1.pls --configs highs-learn --time-limit 200 > warm-$d.log 2>&1 & done; wait
FILES="$(ls QWHG/*/*.pls | sort -V) $(ls $M/55/*.pls $M/60/*.pls) $(ls /work/runs/s27/race/E25qwh55-*.pls /work/runs/s27/race/E25qwh60-*.pls)"
i=0
for f in $FILES; do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapA snapB"; else order="snapB snapA"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 $PY $d/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl ab-$d.jsonl >> ab-$d.log 2>&1
  done
done
for d in snapA snapB; do FUTOMIP_COMPILE=1 $PY $d/benchmarks/qwh_bench.py /work/shared/corpus/latin-qcp-minizinc-benchmarks/QCP/qcp-*_ext.mzn --configs highs-learn --time-limit 60 --jsonl qcp-$d.jsonl > qcp-$d.log 2>&1; done
echo ALLDONE >> ab-snapB.log
