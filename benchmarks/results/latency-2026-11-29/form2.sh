cd /work/runs/s31
i=0
for f in $(ls /work/runs/s30/W/*/*.pls | sort -V) $(ls /work/runs/s29/V/*/*.pls | sort -V); do
  i=$((i+1)); forms=(given checked lines)
  for k in 0 1 2; do j=$(( (k + i) % 3 )); PYTHONPATH=/work/runs/s31/B /work/main/.venv/bin/python form2.py $f ${forms[$j]} >> form2.jsonl 2>>form2.err; done
done
echo DONE >> form2.err
