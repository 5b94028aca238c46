#!/bin/sh
# No Thanks! experiments, round 2: each variant X in the field X, stand-in, threshold.
SI="ismcts:iters=400,c=30,reward=score,playout=threshold,widen=off,rwiden=off"
for X in "ismcts:playout=threshold,widen=off,rwiden=off" "ismcts:playout=random,widen=off,rwiden=off" "ismcts:playout=threshold,reward=score,c=30" "ismcts:playout=threshold,widen=off,rwiden=off,obs=on" "ismcts:iters=3000,playout=threshold,widen=off,rwiden=off"; do
  echo "== $X"; /tmp/tabula-i20-a arena no-thanks -p 3 --agents "$X",$SI,threshold -n 120 --seed 11 --threads 2 | grep '^| `'
done
