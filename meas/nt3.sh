#!/bin/sh
# No Thanks! with the new search defaults: the field (the stand-in
# with its tree kept) and the old heuristic field.
T=/tmp/tabula-i20-b
SI="ismcts:iters=400,c=30,reward=score,playout=threshold,widen=off,rwiden=off,keep=on"
echo "== field: ismcts, heuristic, stand-in, threshold"
$T arena no-thanks -p 3 --agents ismcts,heuristic,$SI,threshold -n 240 --seed 2025 --threads 2
echo "== heuristic field"
$T arena no-thanks -p 3 --agents ismcts,heuristic,heuristic -n 120 --seed 2026 --threads 2 | grep '^| `'
