#!/bin/sh
# run.sh - `make fuzz`: makes the seed corpora and runs each libFuzzer
# harness named for FUZZ_SECONDS.  Seeds are records that `tabula sim
# --record-dir` writes for every game of `tabula list` at every player
# count, plus the golden records (tests/golden/*.json); the "play" harness
# gets them turned into its own inputs by fuzz-seeds.  What a harness
# learns is kept in FUZZ_DIR/corpus/HARNESS between runs; a failing input
# is written to FUZZ_DIR/artifacts/HARNESS/ and the run fails, saying how
# to keep it as a regression test.
# Usage: TABULA=build/tabula SEEDS=build/tests/fuzz-seeds FUZZ_DIR=build-fuzz \
#        FUZZ_SECONDS=60 sh tests/fuzz/run.sh HARNESS...
set -u
T=${TABULA:-build/tabula}
SEEDS=${SEEDS:-build/tests/fuzz-seeds}
D=${FUZZ_DIR:-build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}

# The seed records: two games of every game at every player count the
# default options allow (6 nimmt! needs an option for 10), between the
# heuristic and random bots, made afresh each time.
rm -rf "$D/seeds"
mkdir -p "$D/seeds/records" "$D/seeds/record" "$D/seeds/play"
"$T" list >"$D/seeds/games" || exit 1
while read -r game range _; do
    lo=${range%-*}
    hi=${range#*-}
    p=$lo
    while [ "$p" -le "$hi" ]; do
        out="$D/seeds/records/$game-$p"
        if "$T" sim "$game" -n 2 -p "$p" --seats heuristic,random --seed "$p" \
            --record-dir "$out" >/dev/null 2>&1; then
            for f in "$out"/*.json; do
                cp "$f" "$D/seeds/record/$game-${p}p-$(basename "$f")"
            done
        fi
        p=$((p + 1))
    done
    if ! ls "$D/seeds/record/$game-"* >/dev/null 2>&1; then
        echo "fuzz: tabula sim $game made no record"
        exit 1
    fi
done <"$D/seeds/games"
cp tests/golden/*.json "$D/seeds/record/"
"$SEEDS" "$D/seeds/play" "$D/seeds/record"/*.json || exit 1
echo "fuzz: $(ls "$D/seeds/record" | wc -l) seed records"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
failed=
pass=0
fail=0
for h in "$@"; do
    mkdir -p "$D/corpus/$h" "$D/artifacts/$h"
    echo "fuzz: $h for $SECONDS_EACH s"
    # The first folder collects what the fuzzer learns; the seeds and the
    # kept regressions are read only.  A harness may have a dictionary.
    dict=
    [ -f "tests/fuzz/$h.dict" ] && dict="-dict=tests/fuzz/$h.dict"
    if "$D/fuzz-$h" -max_total_time="$SECONDS_EACH" -timeout=30 $dict \
        -print_final_stats=1 -artifact_prefix="$D/artifacts/$h/" \
        "$D/corpus/$h" "$D/seeds/$h" "tests/fuzz/regressions/$h" \
        >"$D/$h.log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^Done' "$D/$h.log"
        pass=$((pass + 1))
    else
        tail -n 60 "$D/$h.log"
        input=$(ls -t "$D/artifacts/$h" | head -n 1)
        echo "fuzz: $h FAILED on $D/artifacts/$h/$input (log: $D/$h.log)"
        echo "fuzz: replay it: build/tests/fuzz-$h $D/artifacts/$h/$input"
        echo "fuzz: once it is fixed, keep it as a regression test:"
        echo "fuzz:   cp $D/artifacts/$h/$input tests/fuzz/regressions/$h/WHAT-IT-FOUND"
        failed="$failed $h"
        fail=$((fail + 1))
    fi
done
[ -z "$failed" ] || echo "fuzz: failed:$failed"
echo "harnesses: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
