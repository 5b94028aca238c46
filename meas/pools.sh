#!/bin/sh
# Arena of every game against its opponent pool (docs/bots.md, Arena).
# Each run is bounded by timeout 360 s; output in meas/pools/GAME.md.
T=${T:-/tmp/tabula-i20-b}
mkdir -p meas/pools
run() { g=$1; shift; echo "== $g $*"; s=$(date +%s); timeout 360 $T arena "$g" "$@" --seed 2024 --threads 2 > meas/pools/$g.md 2>meas/pools/$g.err; echo "rc $? $(( $(date +%s) - s )) s"; grep '^| `' meas/pools/$g.md; }
run 6-nimmt -p 4 -n 48 --agents ismcts:iters=300,heuristic,greedy,random
run take-5 -p 4 -n 48 --agents ismcts:iters=300,heuristic,greedy,random
run dicht-dran -p 4 -n 48 --agents ismcts:iters=300,heuristic,greedy,random
run schotten-totten -p 2 -n 24 --agents ismcts:iters=300,heuristic,greedy,random
run clique-mystique -p 2 -n 24 --agents ismcts:iters=50,heuristic,greedy,random
run mystique -p 3 -n 48 --agents ismcts:iters=200,hmoves=0,widen=off,rwiden=off,heuristic,greedy,random
run mystique-energy -p 3 -n 48 --agents ismcts:iters=200,hmoves=0,widen=off,rwiden=off,heuristic,greedy,random
run mystical-eddies -p 4 -n 48 --agents ismcts:iters=200,heuristic,greedy,random
run the-game -p 2 -n 40 --agents ismcts:iters=50,heuristic,greedy,random
run the-mind -p 2 -n 40 --agents ismcts:iters=100,heuristic,greedy,random
echo "== no-thanks issue field, stand-in keeping its tree"
SI="ismcts:iters=400,c=30,reward=score,playout=threshold,widen=off,rwiden=off,keep=on"
$T arena no-thanks -p 3 --agents ismcts,$SI,threshold -n 240 --seed 2027 --threads 2 | grep '^| `'
$T arena no-thanks -p 3 --agents heuristic,$SI,threshold -n 240 --seed 2027 --threads 2 | grep '^| `'
$T arena no-thanks -p 3 --agents ismcts,heuristic,greedy,random,threshold -n 120 --seed 2024 --threads 2 | grep '^| `'
