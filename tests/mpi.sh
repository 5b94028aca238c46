#!/bin/sh
# mpi.sh - checks that `tabula-mpi` under `mpirun -np 2 --oversubscribe`
# reports exactly what one `tabula` process reports with the same seed and
# games, byte for byte: sim's JSON and table (on one and two threads per
# process, with a game count that is not a multiple of the 64-game
# blocks), analyze's report.json and report.md with a compared variant and
# with --rotate, sim --record-dir writing every game once, a seed taken from the clock
# being the same on every process, and a bad seat failing on every process
# instead of leaving one waiting.  CI runs it (.ci/run: make test-mpi).
# Usage: TABULA=build/tabula TABULA_MPI=build/tabula-mpi sh tests/mpi.sh
set -u
T=${TABULA:-build/tabula}
M=${TABULA_MPI:-build/tabula-mpi}
# Open MPI refuses to run as root (CI's user) without these; the single
# copy mechanism needs ptrace rights that containers often lack.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
MPIRUN="timeout 300 mpirun -np 2 --oversubscribe"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: mpi: $*"; }

# same NAME ARGS...: the command's output from 2 MPI processes equals one
# process's.
same() {
    name=$1; shift
    "$T" "$@" >"$TMP/one" 2>"$TMP/one.err" || bad "$name: tabula failed: $(cat "$TMP/one.err")"
    $MPIRUN "$M" "$@" >"$TMP/two" 2>"$TMP/two.err" || bad "$name: mpirun failed: $(cat "$TMP/two.err")"
    cmp -s "$TMP/one" "$TMP/two" && ok || {
        bad "$name: outputs differ"; diff "$TMP/one" "$TMP/two" | head -20; }
}

same "sim json" sim 6-nimmt -n 1000 -p 4 --seats heuristic,random --seed 7 --json
same "sim json, 2 threads" sim no-thanks -n 777 -p 3 --seed 11 --threads 2 --json
same "sim table" sim the-game -n 300 -p 3 --seats heuristic --seed 5
same "sim, fewer games than processes' blocks" sim take-5 -n 10 -p 3 --seed 3 --json

# analyze: every report file the same.
"$T" analyze 6-nimmt -p 3 -n 300 --seats heuristic,random --seed 9 --compare target=40 \
    --policies heuristic,greedy --out "$TMP/a1" >/dev/null 2>"$TMP/err" || bad "analyze: $(cat "$TMP/err")"
$MPIRUN "$M" analyze 6-nimmt -p 3 -n 300 --seats heuristic,random --seed 9 --compare target=40 \
    --policies heuristic,greedy --out "$TMP/a2" >"$TMP/a2.out" 2>"$TMP/err" || bad "mpi analyze: $(cat "$TMP/err")"
for f in report.json report.md; do
    cmp -s "$TMP/a1/$f" "$TMP/a2/$f" && ok || bad "analyze $f differs"
done
[ "$(grep -c wrote "$TMP/a2.out")" -eq 1 ] && ok ||
    bad "analyze under MPI should print its summary once"
# analyze --rotate: every rotation of the bots is a simulation of its own.
"$T" analyze no-thanks -p 3 -n 200 --seats heuristic,random --rotate \
    --policies none --out "$TMP/r1" >/dev/null 2>"$TMP/err" || bad "analyze --rotate: $(cat "$TMP/err")"
$MPIRUN "$M" analyze no-thanks -p 3 -n 200 --seats heuristic,random --rotate \
    --policies none --out "$TMP/r2" >/dev/null 2>"$TMP/err" || bad "mpi analyze --rotate: $(cat "$TMP/err")"
for f in report.json report.md; do
    cmp -s "$TMP/r1/$f" "$TMP/r2/$f" && ok || bad "analyze --rotate $f differs"
done

# Records: every game written once, by the process that played it.
$MPIRUN "$M" sim no-thanks -n 150 -p 3 --seed 4 --record-dir "$TMP/rec" \
    >/dev/null 2>"$TMP/err" || bad "record-dir: $(cat "$TMP/err")"
[ "$(ls "$TMP/rec" | wc -l)" -eq 150 ] && ok || bad "record-dir: $(ls "$TMP/rec" | wc -l) records, not 150"
"$T" replay "$TMP/rec/no-thanks-000149.json" >/dev/null 2>&1 && ok ||
    bad "a record written by rank 1 does not replay"

# A seed from the clock: rank 0's, used by every process.
$MPIRUN "$M" sim 6-nimmt -n 200 -p 3 --json >"$TMP/clock" 2>/dev/null || bad "clock seed run failed"
seed=$(sed -n 's/^ *"seed": \([0-9]*\),$/\1/p' "$TMP/clock")
"$T" sim 6-nimmt -n 200 -p 3 --json --seed "$seed" >"$TMP/clock1" 2>/dev/null
cmp -s "$TMP/clock" "$TMP/clock1" && ok || bad "a clock seed is not shared by the processes"

# A bad seat: an error, no hang, one line per process at most.
$MPIRUN "$M" sim 6-nimmt -n 100 --seats nobody >/dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && grep -q "^tabula: " "$TMP/err" && ok ||
    bad "a bad seat under MPI: exit $rc, $(cat "$TMP/err")"
# A command that is not spread over MPI is refused with a pointer.
$MPIRUN "$M" list >/dev/null 2>"$TMP/err"
[ $? -ne 0 ] && grep -q "use 'tabula list'" "$TMP/err" && ok || bad "list under MPI"

echo "mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
