#!/bin/sh
# cpu_ab.sh - the CPU time (user + system) of one fixed tabula workload,
# run by one or more binaries in alternating rounds, with the median of
# each binary's runs and the ratio of each median to the first binary's.
# On a shared machine wall-clock speeds move with the load; the CPU time
# of a fixed, seeded workload moves far less, and alternating the binaries
# round by round puts them under the same load.  The md5 of each run's
# report is printed too: a speed-up that keeps every decision gives the
# same report (for sim, the same games) from every binary.
#
#   bench/cpu_ab.sh ROUNDS BINARY... -- TABULA-ARGUMENTS...
#   bench/cpu_ab.sh 3 /tmp/tabula-old build/tabula -- \
#       sim clique-mystique -n 2 --seats ismcts:iters=100 --seed 3
#
# `make bench-clique` runs the Clique Mystique workload of issue 35 this
# way (docs/performance.md).
set -eu

if [ $# -lt 3 ]; then
    echo "usage: $0 ROUNDS BINARY... -- TABULA-ARGUMENTS..." >&2
    exit 2
fi
rounds=$1
shift
bins=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    bins="$bins $1"
    shift
done
if [ $# -eq 0 ]; then
    echo "$0: no -- before the tabula arguments" >&2
    exit 2
fi
shift

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
r=1
while [ "$r" -le "$rounds" ]; do
    i=0
    for b in $bins; do
        i=$((i + 1))
        # user and system seconds of the run, then the report's md5
        /usr/bin/time -f "%U %S" -o "$tmp/t" "$b" "$@" > "$tmp/out"
        cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$tmp/t")
        echo "$cpu" >> "$tmp/cpu$i"
        echo "round $r  $b  cpu ${cpu}s  report $(md5sum < "$tmp/out" | cut -c1-12)"
    done
    r=$((r + 1))
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
first=""
for b in $bins; do
    i=$((i + 1))
    med=$(sort -n "$tmp/cpu$i" | awk '{ v[NR] = $1 } END {
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    [ -n "$first" ] || first=$med
    ratio=$(awk -v a="$first" -v b="$med" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    echo "median  $b  cpu ${med}s  speed-up over the first ${ratio}x"
done
