"""test_layout.py - the ctypes structures of tabula/_lib.py must match
include/tabula.h: a small C program prints each structure's size and each
field's offset as the compiler lays them out, and every one is compared
with ctypes'.  A header change not carried into _lib.py fails here rather
than corrupting memory at run time."""
import ctypes
import os
import shutil
import subprocess

import pytest

from tabula import _lib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

STRUCTS = {
    "tb_rng": _lib.tb_rng, "tb_text": _lib.tb_text,
    "tb_option_def": _lib.tb_option_def, "tb_config": _lib.tb_config,
    "tb_chance": _lib.tb_chance, "tb_result": _lib.tb_result,
    "tb_game": _lib.tb_game, "tb_record_step": _lib.tb_record_step,
    "tb_record": _lib.tb_record, "tb_sim_report": _lib.tb_sim_report,
}
# Fields named otherwise in Python (a C keyword clash).
RENAMED = {("tb_option_def", "default"): "def"}


@pytest.fixture(scope="module")
def c_layout(tmp_path_factory):
    cc = os.environ.get("CC", "cc")
    if not shutil.which(cc):
        pytest.fail(f"no C compiler '{cc}' to check the layout with")
    lines = ['#include "tabula.h"', "#include <stddef.h>",
             "#include <stdio.h>", "int main(void) {"]
    for cname, py in STRUCTS.items():
        lines.append(f'printf("{cname} %zu\\n", sizeof({cname}));')
        for fname, _ in py._fields_:
            cf = RENAMED.get((cname, fname), fname)
            lines.append(f'printf("{cname}.{fname} %zu\\n", '
                         f"offsetof({cname}, {cf}));")
    lines += ["return 0;", "}"]
    d = tmp_path_factory.mktemp("layout")
    src, exe = d / "layout.c", d / "layout"
    src.write_text("\n".join(lines))
    subprocess.run([cc, "-std=c11", "-I", os.path.join(ROOT, "include"),
                    str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True,
                         text=True).stdout
    return dict(line.rsplit(" ", 1) for line in out.splitlines())


@pytest.mark.parametrize("cname", sorted(STRUCTS))
def test_struct_matches_header(c_layout, cname):
    py = STRUCTS[cname]
    assert int(c_layout[cname]) == ctypes.sizeof(py), f"sizeof({cname})"
    for fname, _ in py._fields_:
        assert int(c_layout[f"{cname}.{fname}"]) == getattr(py, fname).offset, \
            f"offsetof({cname}, {fname})"


def test_limits_match_header():
    with open(os.path.join(ROOT, "include", "tabula.h")) as f:
        header = f.read()
    for name in ("MAX_PLAYERS", "MAX_OPTIONS", "MAX_ACTIONS", "MAX_CHANCE",
                 "ACTION_TEXT", "SEAT_SPEC"):
        assert f"#define TB_{name} {getattr(_lib, name)} " in header, name
