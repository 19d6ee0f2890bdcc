#!/bin/sh
# Remakes the README's pictures from the repository root: sh docs/pictures/make.sh
# Needs futomip with the plot extra; the notebook picture also needs Jupyter and Chromium:
#   pip install -e '.[plot]' nbclient nbconvert ipykernel && apt-get install chromium
set -e
out=docs/pictures
futomip draw data/futoshiki.dat --solution -o $out/futoshiki-solved.svg
futomip draw data/nonogram/minizinc/dom_08.dzn --solution -o $out/nonogram-solved.svg
futomip draw data/futoshiki.dat --lp -o $out/futoshiki-lp-weighted.svg
futomip draw data/futoshiki.dat --lp --encoding tight -o $out/futoshiki-lp-tight.svg
futomip draw data/nonogram/wolter/knotty.nin --lp -o $out/nonogram-lp.svg  # about 20 s: a 40x40 LP
futomip draw $out/conflict-7x7.txt --explain -o $out/futoshiki-conflict.svg || test $? = 1
futomip draw data/str8ts/seeds/blog-sample.txt --solution -o $out/str8ts-solved.png
futomip draw data/killer/cages.txt --solution -o $out/killer-solved.svg
futomip draw data/adjacent/tatham-7a.unequal --solution -o $out/adjacent-solved.svg
# The notebook: executed by its kernel, exported to HTML with its outputs only, and that
# page photographed by headless Chromium.
(cd $out && jupyter nbconvert --to notebook --execute --inplace notebook.ipynb \
  && jupyter nbconvert --to html --no-input --output notebook-page notebook.ipynb)
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=820,600 \
  --screenshot="$PWD/$out/notebook-cell.png" "file://$PWD/$out/notebook-page.html"
rm $out/notebook-page.html
