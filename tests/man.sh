#!/bin/sh
# man.sh - the manual pages render without a warning (man -l, groff -ww),
# and tabula.1 names every command of `tabula --help` and every option of
# each `tabula COMMAND --help`, so that the page cannot fall behind.
# Usage: TABULA=build/tabula sh tests/man.sh
set -u
T=${TABULA:-build/tabula}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: man: $*"; }

for page in man/tabula.1 man/tabula.3; do
    MANWIDTH=80 man -l "$page" >"$TMP/out" 2>"$TMP/err"
    if [ $? -eq 0 ] && [ ! -s "$TMP/err" ] && [ -s "$TMP/out" ]; then ok; else
        bad "$page does not render cleanly: $(cat "$TMP/err")"; fi
    groff -ww -z -man "$page" 2>"$TMP/err"
    [ ! -s "$TMP/err" ] && ok || bad "$page: groff warns: $(cat "$TMP/err")"
done

# The page as text, with roff's escaped dashes made plain.
MANWIDTH=200 man -l man/tabula.1 2>/dev/null | col -b >"$TMP/page"
cmds=$("$T" --help | awk '/^commands:/ {on = 1; next} on && !NF {exit} on {print $1}')
[ -n "$cmds" ] && ok || bad "tabula --help lists no commands"
for c in $cmds; do
    grep -q "^ *tabula $c\b\|^       $c\b" "$TMP/page" && ok ||
        bad "tabula.1 does not describe the command $c"
    for o in $("$T" "$c" --help | grep -o -- '--[a-z][a-z-]*\|^ *-[a-z] ' |
               tr -d ' ' | sort -u); do
        grep -q -- "$o\b" "$TMP/page" && ok ||
            bad "tabula.1 does not describe '$c $o'"
    done
done
# Every public function of the header is in tabula.3.
for f in $(grep -o '^[a-z0-9_ ]*\**\btb_[a-z0-9_]*(' include/tabula.h |
           grep -o 'tb_[a-z0-9_]*' | sort -u); do
    grep -q "$f" man/tabula.3 && ok || bad "tabula.3 does not mention $f"
done

echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
