#!/bin/sh
# cli.sh - end-to-end tests of the `tabula` command, as a user would run it:
# every game is listed and simulates at every player count with the JSON
# report; the same seed gives the same report on 1 and 2 threads; records
# written by play and sim --record-dir replay; a record with an illegal move
# is refused naming its move; bad input gives one clear line and a non-zero
# exit, never a crash; every command has --help.
# Usage: TABULA=build/tabula sh tests/cli.sh
set -u
T=${TABULA:-build/tabula}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_error DESCRIPTION COMMAND...: exit status 1 or 2 (not a crash) and
# exactly one line on stderr starting with "tabula:".
expect_error() {
    what=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    lines=$(wc -l <"$TMP/err")
    if [ "$rc" -ge 1 ] && [ "$rc" -le 2 ] && [ "$lines" -eq 1 ] &&
       grep -q '^tabula: ' "$TMP/err"; then ok; else
        bad "$what: exit $rc, stderr: $(cat "$TMP/err")"; fi
}

# --- help on every command
for c in list rules play sim replay bench analyze arena; do
    if "$T" $c --help >"$TMP/out" 2>&1 && grep -q usage "$TMP/out"; then ok; else bad "$c --help"; fi
done
"$T" --help >/dev/null && ok || bad "tabula --help"

# --- list
"$T" list >"$TMP/list" || bad "list failed"
games=$(awk '{print $1}' "$TMP/list")
[ -n "$games" ] && ok || bad "list shows no games"
"$T" list --json | grep -q '"min_players"' && ok || bad "list --json"

# --- every game: rules, sims at every player count, records
for g in $games; do
    range=$(awk -v g="$g" '$1 == g {print $2}' "$TMP/list")
    lo=${range%-*}; hi=${range#*-}
    "$T" rules "$g" | grep -q 'Interpretations' && ok || bad "rules $g has no Interpretations"
    p=$lo
    while [ "$p" -le "$hi" ]; do
        if "$T" sim "$g" -n 20 -p "$p" --seed 3 --json >"$TMP/sim.json" 2>"$TMP/err" &&
           grep -q '"win_rate_ci95"' "$TMP/sim.json" &&
           grep -q '"mean_score_ci95"' "$TMP/sim.json" &&
           grep -q '"mean_actions"' "$TMP/sim.json"; then ok; else
            # Some player counts need an option (6-nimmt needs cards=104 for 10).
            if grep -q 'opt' "$TMP/err"; then ok; else bad "sim $g -p $p: $(cat "$TMP/err")"; fi
        fi
        p=$((p + 1))
    done
    # Cooperative games report the team.
    if "$T" list --json | grep -A6 "\"id\": \"$g\"" | grep -q '"cooperative": true'; then
        "$T" sim "$g" -n 10 -p "$lo" --seed 1 --json | grep -q '"team"' && ok || bad "sim $g has no team"
    fi
    # Threads do not change the result.
    "$T" sim "$g" -n 300 -p "$lo" --seed 77 --threads 1 --json >"$TMP/t1" 2>/dev/null
    "$T" sim "$g" -n 300 -p "$lo" --seed 77 --threads 2 --json >"$TMP/t2" 2>/dev/null
    cmp -s "$TMP/t1" "$TMP/t2" && ok || bad "sim $g differs between 1 and 2 threads"
    # Records from play and from sim --record-dir replay.
    "$T" play "$g" -p "$hi" --seats random --seed 9 --record "$TMP/$g.json" >/dev/null 2>"$TMP/err" ||
        "$T" play "$g" -p "$lo" --seats random --seed 9 --record "$TMP/$g.json" >/dev/null 2>"$TMP/err"
    "$T" replay "$TMP/$g.json" >/dev/null 2>"$TMP/err" && ok || bad "replay of play record $g: $(cat "$TMP/err")"
    rm -rf "$TMP/recs"
    "$T" sim "$g" -n 5 -p "$lo" --seed 4 --record-dir "$TMP/recs" >/dev/null 2>&1
    n=0
    for r in "$TMP"/recs/*.json; do
        "$T" replay "$r" >/dev/null 2>"$TMP/err" && n=$((n + 1)) || bad "replay $r: $(cat "$TMP/err")"
    done
    [ "$n" -eq 5 ] && ok || bad "sim --record-dir $g wrote $n replayable records, not 5"
done

# --- analyze: a report with Markdown, JSON and SVG charts, the same for the
# same seed whatever the threads, with paired variant comparisons.
"$T" analyze 6-nimmt -p 3 -n 60 --seed 2 --out "$TMP/rep1" >/dev/null 2>"$TMP/err" || bad "analyze: $(cat "$TMP/err")"
for f in report.md report.json win_rates.svg scores.svg length.svg; do
    [ -s "$TMP/rep1/$f" ] && ok || bad "analyze did not write $f"
done
grep -q '## Seat advantage' "$TMP/rep1/report.md" && grep -q '## Decisiveness and drama' "$TMP/rep1/report.md" && ok || bad "analyze report.md sections"
grep -q '<svg' "$TMP/rep1/win_rates.svg" && ok || bad "analyze chart is not SVG"
"$T" analyze 6-nimmt -p 3 -n 60 --seed 2 --threads 2 --out "$TMP/rep2" >/dev/null 2>&1
cmp -s "$TMP/rep1/report.json" "$TMP/rep2/report.json" && ok || bad "analyze differs between 1 and 2 threads"
"$T" analyze 6-nimmt -p 2 -n 60 --compare single-round=on --out "$TMP/rep3" >/dev/null 2>&1
grep -q '### single-round=on' "$TMP/rep3/report.md" && grep -q '"comparisons"' "$TMP/rep3/report.json" && ok || bad "analyze --compare"
"$T" analyze 6-nimmt -p 2 -n 50 --precision 0.2 --out "$TMP/rep4" >/dev/null 2>&1
grep -q 'was reached' "$TMP/rep4/report.md" && ok || bad "analyze --precision"
expect_error "analyze bad compare" "$T" analyze 6-nimmt -n 20 --compare cards=7 --out "$TMP/rep5"

# --- a record with one action changed to an illegal one is refused with its
# move number: in 6 nimmt! seat 0's first card is replaced by the card seat 1
# played, which seat 0 cannot hold.
"$T" play 6-nimmt -p 2 --seats random --seed 5 --record "$TMP/n.json" >/dev/null
first=$(grep -o '{"seat":0,"move":"[0-9]*"}' "$TMP/n.json" | head -1)
other=$(grep -o '{"seat":1,"move":"[0-9]*"}' "$TMP/n.json" | head -1 | sed 's/"seat":1/"seat":0/')
sed "0,/$first/s//$other/" "$TMP/n.json" >"$TMP/n-bad.json"
"$T" replay "$TMP/n-bad.json" >/dev/null 2>"$TMP/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q 'move 1:' "$TMP/err" && grep -q 'not in your hand' "$TMP/err"; then ok; else
    bad "illegal record: exit $rc, $(cat "$TMP/err")"; fi
"$T" replay --verbose "$TMP/n.json" | grep -q 'seat 1' && ok || bad "replay --verbose shows no moves"

# --- arena: every seating of each deal, ratings, JSON and Markdown, threads
"$T" arena no-thanks -p 3 --agents heuristic,threshold,random,greedy -n 24 --seed 4 --json >"$TMP/arena.json" 2>"$TMP/err" &&
    grep -q '"seatings": 24' "$TMP/arena.json" && grep -q '"win_share_ci95"' "$TMP/arena.json" &&
    grep -q '"elo_ci95"' "$TMP/arena.json" && grep -q '"ms_per_move"' "$TMP/arena.json" &&
    ok || bad "arena no-thanks: $(cat "$TMP/err")"
"$T" arena no-thanks -p 3 --agents heuristic,threshold,random,greedy -n 24 --seed 4 --threads 2 --json >"$TMP/arena2.json" 2>&1
grep -v ms_per_move "$TMP/arena.json" >"$TMP/a1"; grep -v ms_per_move "$TMP/arena2.json" >"$TMP/a2"
cmp -s "$TMP/a1" "$TMP/a2" && ok || bad "arena differs on 2 threads"
"$T" arena the-mind -p 2 --agents heuristic,random -n 4 --seed 1 --out "$TMP/arena" >"$TMP/out" 2>"$TMP/err" &&
    grep -q 'Cooperative' "$TMP/arena/arena.md" && grep -q '"cooperative": true' "$TMP/arena/arena.json" &&
    ok || bad "arena the-mind: $(cat "$TMP/err")"
"$T" arena no-thanks -p 3 --agents "ext:python3 agents/rules_agent.py",threshold,heuristic -n 6 --seed 2 --json >"$TMP/arena.json" 2>"$TMP/err" &&
    grep -q '"fallback_moves": 0' "$TMP/arena.json" && ! grep -q '"fallback_moves": [1-9]' "$TMP/arena.json" &&
    ok || bad "arena with an outside agent: $(cat "$TMP/err")"
expect_error "arena with fewer agents than seats" "$T" arena no-thanks -p 3 --agents heuristic,random
expect_error "arena with a bad agent" "$T" arena no-thanks -p 3 --agents heuristic,random,wizard
expect_error "ext without a command" "$T" sim no-thanks -n 1 --seats ext:

# --- errors: one clear line, non-zero exit, never a crash
expect_error "unknown game" "$T" sim no-such-game -n 1
expect_error "unknown command" "$T" frobnicate
expect_error "bad option name" "$T" sim 6-nimmt -n 1 --opt colour=red
expect_error "bad option value" "$T" sim 6-nimmt -n 1 --opt cards=99
expect_error "bad player count" "$T" sim 6-nimmt -n 1 -p 11
expect_error "missing -n" "$T" sim 6-nimmt
expect_error "bad -n" "$T" sim 6-nimmt -n lots
expect_error "bad seat" "$T" sim 6-nimmt -n 1 --seats wizard
expect_error "quick playouts without a quick policy" "$T" sim no-thanks -n 1 --seats ismcts:playout=quick
expect_error "round horizon in a cooperative game" "$T" sim the-mind -n 1 --seats ismcts:horizon=round
"$T" sim mystical-eddies -p 3 -n 1 --seats ismcts:iters=20,horizon=round,obs=on,heuristic >/dev/null 2>&1 && ok || bad "ismcts with horizon=round and obs=on"
expect_error "missing record" "$T" replay "$TMP/none.json"
printf '{"game": "6-nimmt", "players": ' >"$TMP/trunc.json"
expect_error "malformed record" "$T" replay "$TMP/trunc.json"
printf '{"game": "chess", "players": 2, "deal": [], "actions": []}' >"$TMP/chess.json"
expect_error "record of unknown game" "$T" replay "$TMP/chess.json"
expect_error "unknown rules" "$T" rules nope
expect_error "bench unknown game" "$T" bench nope

# --- playing at the terminal: ? lists moves, bad input explains, quit stops
printf '?\nxyz\nquit\n' | "$T" play 6-nimmt -p 2 --seats human,random --seed 1 >"$TMP/play" 2>&1
grep -q 'legal moves' "$TMP/play" && ok || bad "play: ? does not list moves"
grep -q 'not in your hand\|type the number' "$TMP/play" && ok || bad "play: bad input not explained"
grep -q 'unfinished' "$TMP/play" && ok || bad "play: quit not reported"
"$T" play 6-nimmt -p 3 --seats random --seed 2 | grep -q 'game over' && ok || bad "play with bots only"

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
