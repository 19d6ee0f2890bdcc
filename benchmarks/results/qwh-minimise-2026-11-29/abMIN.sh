#!/bin/bash
cd /work/runs/s29
PY=/work/main/.venv/bin/python
for d in snapA snapB; do FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/$d $PY $d/benchmarks/qwh_bench.py hard/Fqwh50-1.pls --configs highs-learn --time-limit 200 > warm-$d.log 2>&1 & done; wait
FILES="$(ls V/*/*.pls | sort -V) $(ls hard/*.pls | grep -v 'Fqwh45-1\|Gqwh50-1\|Gqwh55-1')"
i=0
for f in $FILES; do
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then order="snapA snapB"; else order="snapB snapA"; fi
  for d in $order; do
    FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/$d $PY $d/benchmarks/qwh_bench.py $f --configs highs-learn --time-limit 60 --jsonl ab-$d.jsonl >> ab-$d.log 2>&1
  done
done
for d in snapA snapB; do FUTOMIP_COMPILE=1 PYTHONPATH=/work/runs/s29/$d $PY $d/benchmarks/qwh_bench.py /work/shared/corpus/latin-qcp-minizinc-benchmarks/QCP/qcp-*_ext.mzn --configs highs-learn --time-limit 60 --jsonl qcp-$d.jsonl > qcp-$d.log 2>&1; done
$PY snapA/benchmarks/qwh_bench.py $(ls V/*/*.pls hard/Hqwh55-2.pls) --configs cpsat --time-limit 60 --jsonl cpsat-V.jsonl > cpsat-V.log 2>&1
echo ALLDONE >> ab-snapB.log
