#!/bin/sh
# measure.sh - the arenas of docs/learning.md ("The net bot: strength"):
# the built-in `net` against `heuristic` (600 games or more, every seating)
# and against `ismcts`, in both games it was trained for.  Each report is
# written to learn/results/NAME/arena.md (and .json).  Run from the top of
# the source tree after `make`.
set -e
T=build/tabula
R=learn/results
$T arena no-thanks -p 3 --agents net,heuristic,heuristic -n 600 --seed 2024 --threads 1 --out $R/no-thanks-heuristic
$T arena battle-for-the-suns -p 2 --agents net,heuristic -n 600 --seed 2024 --threads 2 --out $R/battle-for-the-suns-heuristic
$T arena no-thanks -p 3 --agents net,ismcts,heuristic -n 240 --seed 2025 --threads 1 --out $R/no-thanks-ismcts
$T arena battle-for-the-suns -p 2 --agents net,ismcts -n 240 --seed 2025 --threads 2 --out $R/battle-for-the-suns-ismcts
