#!/bin/sh
# install.sh - checks `make install` as a packager runs it: installs into a
# temporary DESTDIR, checks every file is there (the command, both
# libraries with the soname link, the header, tabula.pc, both man pages),
# then builds the complete example of docs/api.md with nothing but
# `pkg-config --cflags --libs tabula`, against the shared library and
# (with --static and -static) against the static one, and runs both.
# Finally `make uninstall` must leave no file behind.
# Usage (from the Makefile): MAKE=make BUILD=build VERSION=0.1.0
#   SONAME=libtabula.so.0 CC=cc sh tests/install.sh
set -u
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
CC=${CC:-cc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
D="$TMP/root"
P=/usr/local
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: install: $*"; }

if ! $MAKE --no-print-directory -s install DESTDIR="$D" PREFIX="$P" \
    BUILD="$BUILD" >"$TMP/log" 2>&1; then
    cat "$TMP/log"
    echo "FAIL: install: make install DESTDIR=$D failed"
    exit 1
fi
for f in bin/tabula lib/libtabula.a "lib/libtabula.so.$VERSION" \
         "lib/$SONAME" lib/libtabula.so include/tabula.h \
         lib/pkgconfig/tabula.pc share/man/man1/tabula.1 \
         share/man/man3/tabula.3; do
    [ -e "$D$P/$f" ] && ok || bad "$P/$f is missing"
done
[ "$(readlink "$D$P/lib/$SONAME")" = "libtabula.so.$VERSION" ] && ok ||
    bad "$SONAME does not point at libtabula.so.$VERSION"
objdump -p "$D$P/lib/libtabula.so.$VERSION" | grep -q "SONAME *$SONAME" &&
    ok || bad "the shared library's soname is not $SONAME"
# Only the public API is exported.
if nm -D --defined-only "$D$P/lib/libtabula.so.$VERSION" |
    awk '{print $3}' | grep -v '^tb_' | grep -q .; then
    bad "the shared library exports more than tb_* symbols"
else ok; fi
"$D$P/bin/tabula" --version >/dev/null && ok || bad "installed tabula does not run"

# The example, cut out of docs/api.md exactly as a reader copies it.
awk '/^## A complete random playout/ {on = 1; next}
     on && /^```c/ {code = 1; next}
     code && /^```/ {exit}
     code {print}' docs/api.md >"$TMP/demo.c"
grep -q 'tb_random_playout' "$TMP/demo.c" && ok ||
    bad "could not find the complete example in docs/api.md"

# pkg-config finds tabula.pc in DESTDIR; the sysroot puts DESTDIR in front
# of the paths it prints, as for a cross build.
export PKG_CONFIG_PATH="$D$P/lib/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$D"
pkg-config --exists tabula && ok || bad "pkg-config does not find tabula"
[ "$(pkg-config --modversion tabula)" = "$VERSION" ] && ok ||
    bad "pkg-config --modversion is not $VERSION"

# Shared: the program needs libtabula.so.0 at run time.
if $CC -std=c11 -o "$TMP/demo-shared" "$TMP/demo.c" \
    $(pkg-config --cflags --libs tabula) 2>"$TMP/err"; then
    ok
    objdump -p "$TMP/demo-shared" | grep -q "NEEDED *$SONAME" && ok ||
        bad "the shared build does not need $SONAME"
    LD_LIBRARY_PATH="$D$P/lib" "$TMP/demo-shared" >"$TMP/out" 2>&1 &&
        grep -q 'actions; seat 0 scored' "$TMP/out" && ok ||
        bad "the shared build did not run: $(cat "$TMP/out")"
else
    bad "building the example against the shared library: $(cat "$TMP/err")"
fi

# Static: pkg-config --static adds the private libraries (jansson, pthread, m).
if $CC -std=c11 -static -o "$TMP/demo-static" "$TMP/demo.c" \
    $(pkg-config --static --cflags --libs tabula) 2>"$TMP/err"; then
    ok
    objdump -p "$TMP/demo-static" | grep -q NEEDED &&
        bad "the static build still needs shared libraries" || ok
    "$TMP/demo-static" >"$TMP/out2" 2>&1 && cmp -s "$TMP/out" "$TMP/out2" &&
        ok || bad "the static build prints otherwise: $(cat "$TMP/out2")"
else
    bad "building the example against the static library: $(cat "$TMP/err")"
fi

if $MAKE --no-print-directory -s uninstall DESTDIR="$D" PREFIX="$P" \
    BUILD="$BUILD" >"$TMP/log" 2>&1; then
    left=$(find "$D" -type f -o -type l)
    [ -z "$left" ] && ok || bad "uninstall left: $left"
else
    bad "make uninstall failed: $(cat "$TMP/log")"
fi

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
