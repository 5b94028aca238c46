#!/bin/sh
# python_install.sh - the Python package installs with pip into a fresh
# virtual environment and works from anywhere, with no source tree on the
# path: `import tabula` finds the package in the environment and the
# libtabula.so its wheel carries, then plays a game.  Run by `make
# test-python-install` (part of `make test`).
#
# The environment sees Debian's site packages (--system-site-packages) only
# for setuptools and wheel, which pip needs to build the wheel without
# network access (--no-build-isolation --no-index); tabula itself is in none
# of them.
set -eu
PYTHON=${PYTHON:-/usr/bin/python3}
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/build/venv-install"
pass=0
fail=0
check() { # check NAME COMMAND...: runs COMMAND, counts and reports it
    name=$1; shift
    if out=$("$@" 2>&1); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAILED: $name"; echo "$out" | tail -20
    fi
}

rm -rf "$venv"
check "a fresh virtual environment" "$PYTHON" -m venv --system-site-packages "$venv"
check "pip installs the package" "$venv/bin/python" -m pip install -q \
    --no-build-isolation --no-index --no-deps "$root"

elsewhere=$(mktemp -d)
trap 'rm -rf "$elsewhere"' EXIT
cat > "$elsewhere/use.py" <<'PY'
import os, sys
import tabula
pkg = os.path.dirname(os.path.abspath(tabula.__file__))
assert pkg.startswith(sys.prefix), f"tabula came from {pkg}, not the venv"
lib = os.path.abspath(tabula._lib.lib._name)
assert lib == os.path.join(pkg, "libtabula.so"), f"library from {lib}"
st = tabula.game("no-thanks").new_state(players=3)
rng = tabula.Rng(1)
while not st.is_terminal:
    if st.is_chance:
        st.settle(rng)
    else:
        codes = st.legal_codes()
        st.apply(codes[rng.below(len(codes))])
print(st.result().ranks)
PY
check "import tabula from anywhere plays a game" \
    env -u TABULA_LIB -u PYTHONPATH sh -c "cd '$elsewhere' && '$venv/bin/python' use.py"
check "the installed files include libtabula.so" \
    sh -c "'$venv/bin/python' -m pip show -f tabula | grep -q 'tabula/libtabula.so'"
check "the wheel is tagged py3-none-<platform>" sh -c "'$venv/bin/python' -m pip wheel -q \
    --no-build-isolation --no-index --no-deps -w '$elsewhere/wheel' '$root' &&
    ls '$elsewhere'/wheel/tabula-*-py3-none-linux_*.whl"
check "pip uninstalls it" "$venv/bin/python" -m pip uninstall -y -q tabula
check "then import fails" sh -c "cd '$elsewhere' && ! env -u TABULA_LIB -u PYTHONPATH '$venv/bin/python' -c 'import tabula'"
rm -rf "$venv"
echo "python-install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
