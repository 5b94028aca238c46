#!/bin/sh
# No Thanks! experiments: each variant X in the field X, stand-in, threshold.
SI="ismcts:iters=400,c=30,reward=score,playout=threshold,widen=off,rwiden=off"
for X in "ismcts:playout=threshold" "ismcts:reward=score,c=30" "ismcts:widen=off,rwiden=off" "ismcts:reward=score,c=30,widen=off,rwiden=off" "ismcts:reward=score,c=30,widen=off,rwiden=off,playout=threshold" "heuristic"; do
  echo "== $X"; /tmp/tabula-i20-a arena no-thanks -p 3 --agents "$X",$SI,threshold -n 120 --seed 11 --threads 2 | grep '^| `'
done
