"""_lib.py - loads libtabula.so and declares the C API of include/tabula.h
for ctypes.

The binding uses ctypes from the standard library rather than cffi so that
it works with any Python 3 (a virtual environment, pyenv, Debian's own)
without a compiler or an extra package.  The structures below mirror the
header field by field; python/tests/test_layout.py compiles a small C
program and checks that every size and offset agrees, so a change to the
header that is not made here fails the tests instead of corrupting memory.

The library is looked for, in order:
  1. the path in the environment variable TABULA_LIB;
  2. libtabula.so beside this file, where an installed wheel carries it
     (`python3 -m pip install .`, setup.py);
  3. build/libtabula.so of the source tree this package sits in (what `make`
     builds), so that the package works from a checkout;
  4. the system's libtabula.so.0 (after `make install`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double,
                    c_int, c_long, c_size_t, c_uint16, c_uint32, c_uint64,
                    c_void_p)

# Limits and special values of include/tabula.h.
MAX_PLAYERS = 10
MAX_OPTIONS = 8
MAX_ACTIONS = 4096
MAX_CHANCE = 160
ACTION_TEXT = 64
SEAT_SPEC = 96
TERMINAL = -1
CHANCE = -2
SPECTATOR = -1

OK, EINVAL, EILLEGAL, ETERMINAL, ECHANCE, EPARSE, EIO, EMISMATCH, ENOMEM = (
    0, -1, -2, -3, -4, -5, -6, -7, -8)

OPT_INT, OPT_BOOL, OPT_ENUM = 0, 1, 2
CHANCE_SHUFFLE, CHANCE_ROLL = 0, 1
GAME_COOPERATIVE, GAME_SIMULTANEOUS, GAME_HIDDEN, GAME_REALTIME = 1, 2, 4, 8
GAME_VIEW_HEURISTIC = 16
STYLE_PLAIN, STYLE_COLOR, STYLE_UNICODE = 0, 1, 2

tb_action = c_uint32


class tb_rng(Structure):
    _fields_ = [("s", c_uint64 * 4)]


class tb_text(Structure):
    _fields_ = [("buf", c_void_p), ("cap", c_size_t), ("len", c_size_t),
                ("truncated", c_int)]


class tb_option_def(Structure):
    _fields_ = [("name", c_char_p), ("help", c_char_p), ("type", c_int),
                ("default", c_int), ("min", c_int), ("max", c_int),
                ("choices", POINTER(c_char_p))]


class tb_config(Structure):
    _fields_ = [("players", c_int), ("opt", c_int * MAX_OPTIONS)]


class tb_chance(Structure):
    _fields_ = [("kind", c_int), ("n", c_int), ("lo", c_int), ("hi", c_int),
                ("what", c_char_p), ("items", c_uint16 * MAX_CHANCE)]


class tb_result(Structure):
    _fields_ = [("players", c_int), ("cooperative", c_int),
                ("score", c_double * MAX_PLAYERS),
                ("rank", c_int * MAX_PLAYERS), ("team_win", c_int),
                ("team_score", c_double), ("draw", c_int)]


class tb_game(Structure):
    # Only the data fields are read from Python; the function pointers are
    # declared as plain pointers, which have the same size and alignment.
    _fields_ = [("id", c_char_p), ("title", c_char_p), ("blurb", c_char_p),
                ("min_players", c_int), ("max_players", c_int),
                ("flags", ctypes.c_uint), ("options", POINTER(tb_option_def)),
                ("n_options", c_int), ("state_size", c_size_t)] + [
        (name, c_void_p) for name in (
            "check_config", "init", "current", "chance", "apply_chance",
            "legal", "apply", "result", "determinize", "action_text",
            "parse_action", "render", "view_json", "standing", "heuristic",
            "quick", "search_defaults", "realtime_key", "reward", "retract",
            "describe", "policies")] + [("n_policies", c_int),
        ("search_defaults_for", c_void_p * (MAX_PLAYERS + 1)),
        ("candidates", c_void_p)] + [
        (name, c_void_p) for name in (
            "observe", "action_space", "action_index", "describe_chance",
            "solve")]


class tb_record_step(Structure):
    _fields_ = [("seat", c_int), ("text", c_char * ACTION_TEXT)]


class tb_record(Structure):
    _fields_ = [("game", POINTER(tb_game)), ("cfg", tb_config),
                ("seed", c_uint64), ("has_seed", c_int),
                ("seats", (c_char * SEAT_SPEC) * MAX_PLAYERS),
                ("n_deal", c_int), ("deal_cap", c_int),
                ("deal", POINTER(POINTER(c_uint16))),
                ("deal_len", POINTER(c_int)), ("n_actions", c_int),
                ("actions_cap", c_int), ("actions", POINTER(tb_record_step)),
                ("has_result", c_int), ("result", tb_result)]


class tb_sim_report(Structure):
    _fields_ = [("games", c_long), ("wins", c_double * MAX_PLAYERS),
                ("win_rate_ci95", (c_double * 2) * MAX_PLAYERS),
                ("mean_score", c_double * MAX_PLAYERS),
                ("mean_score_ci95", c_double * MAX_PLAYERS),
                ("mean_actions", c_double), ("team_wins", c_double),
                ("team_win_rate_ci95", c_double * 2),
                ("team_mean_score", c_double),
                ("team_mean_score_ci95", c_double),
                ("draws", c_double), ("draw_rate_ci95", c_double * 2)]


GAME_P = POINTER(tb_game)

# tb_replay_hook(g, before, a, after, step, move_no, user)
REPLAY_HOOK = CFUNCTYPE(None, GAME_P, c_void_p, tb_action, c_void_p,
                        POINTER(tb_record_step), c_int, c_void_p)

# name: (restype, argtypes)
_PROTOTYPES = {
    "tb_strerror": (c_char_p, [c_int]),
    "tb_rng_seed": (None, [POINTER(tb_rng), c_uint64]),
    "tb_rng_next": (c_uint64, [POINTER(tb_rng)]),
    "tb_rng_below": (c_uint32, [POINTER(tb_rng), c_uint32]),
    "tb_rng_unit": (c_double, [POINTER(tb_rng)]),
    "tb_seed_derive": (c_uint64, [c_uint64, c_uint64]),
    "tb_text_init": (None, [POINTER(tb_text), c_void_p, c_size_t]),
    "tb_game_count": (c_int, []),
    "tb_game_at": (GAME_P, [c_int]),
    "tb_find_game": (GAME_P, [c_char_p]),
    "tb_game_doc": (c_char_p, [GAME_P]),
    "tb_config_default": (c_int, [GAME_P, c_int, POINTER(tb_config)]),
    "tb_config_set": (c_int, [GAME_P, POINTER(tb_config), c_char_p, c_char_p,
                              c_char_p, c_size_t]),
    "tb_config_check": (c_int, [GAME_P, POINTER(tb_config), c_char_p,
                                c_size_t]),
    "tb_config_value_text": (None, [GAME_P, POINTER(tb_config), c_int,
                                    c_char_p, c_size_t]),
    "tb_option_index": (c_int, [GAME_P, c_char_p]),
    "tb_init": (c_int, [GAME_P, c_void_p, POINTER(tb_config), c_char_p,
                        c_size_t]),
    "tb_current": (c_int, [GAME_P, c_void_p]),
    "tb_legal": (c_int, [GAME_P, c_void_p, POINTER(tb_action)]),
    "tb_apply": (c_int, [GAME_P, c_void_p, tb_action]),
    "tb_apply_legal": (None, [GAME_P, c_void_p, tb_action]),
    "tb_chance_spec": (c_int, [GAME_P, c_void_p, POINTER(tb_chance)]),
    "tb_apply_chance": (c_int, [GAME_P, c_void_p, POINTER(c_uint16), c_int]),
    "tb_sample_chance": (c_int, [GAME_P, c_void_p, POINTER(tb_rng),
                                 POINTER(c_uint16), POINTER(c_int)]),
    "tb_settle": (None, [GAME_P, c_void_p, POINTER(tb_rng)]),
    "tb_result_of": (c_int, [GAME_P, c_void_p, POINTER(tb_result)]),
    "tb_determinize": (None, [GAME_P, c_void_p, c_int, POINTER(tb_rng)]),
    "tb_infoset_key": (c_uint64, [GAME_P, c_void_p, c_int, c_void_p]),
    "tb_random_playout": (c_long, [GAME_P, c_void_p, POINTER(tb_rng)]),
    "tb_action_text": (c_int, [GAME_P, c_void_p, tb_action, c_char_p,
                               c_size_t]),
    "tb_parse_action": (c_int, [GAME_P, c_void_p, c_char_p,
                                POINTER(tb_action), c_char_p, c_size_t]),
    "tb_describe": (c_int, [GAME_P, c_void_p, tb_action, c_void_p, c_int,
                            POINTER(tb_text)]),
    "tb_describe_chance": (c_int, [GAME_P, c_void_p, POINTER(c_uint16),
                                   c_int, c_void_p, c_int, POINTER(tb_text)]),
    "tb_render": (None, [GAME_P, c_void_p, c_int, ctypes.c_uint,
                         POINTER(tb_text)]),
    # Returns malloc'd text: kept as a pointer so that it can be freed.
    "tb_view_json": (c_void_p, [GAME_P, c_void_p, c_int]),
    "tb_record_init": (None, [POINTER(tb_record), GAME_P, POINTER(tb_config),
                              c_uint64]),
    "tb_record_free": (None, [POINTER(tb_record)]),
    "tb_record_add_deal": (c_int, [POINTER(tb_record), POINTER(c_uint16),
                                   c_int]),
    "tb_record_add_action": (c_int, [POINTER(tb_record), c_int, c_char_p]),
    "tb_record_save": (c_int, [POINTER(tb_record), c_char_p, c_char_p,
                               c_size_t]),
    "tb_record_load": (c_int, [POINTER(tb_record), c_char_p, c_char_p,
                               c_size_t]),
    "tb_record_load_string": (c_int, [POINTER(tb_record), c_char_p, c_char_p,
                                      c_size_t]),
    "tb_record_replay": (c_int, [POINTER(tb_record), c_void_p, REPLAY_HOOK,
                                 c_void_p, c_char_p, c_size_t]),
    "tb_bot_new": (c_void_p, [GAME_P, c_char_p, c_uint64, c_char_p,
                              c_size_t]),
    "tb_bot_free": (None, [c_void_p]),
    "tb_bot_seed": (None, [c_void_p, c_uint64]),
    "tb_bot_choose": (c_int, [c_void_p, c_void_p, POINTER(tb_action)]),
    "tb_bot_start": (None, [c_void_p, POINTER(tb_config), c_int]),
    "tb_bot_observe": (None, [c_void_p, c_void_p, tb_action]),
    "tb_has_tensors": (c_int, [GAME_P]),
    "tb_observation_size": (c_int, [GAME_P, POINTER(tb_config)]),
    "tb_observe": (c_int, [GAME_P, c_void_p, c_int, c_void_p]),
    "tb_action_space": (c_int, [GAME_P, POINTER(tb_config)]),
    "tb_action_index": (c_int, [GAME_P, c_void_p, tb_action, POINTER(c_int)]),
    "tb_action_mask": (c_int, [GAME_P, c_void_p, c_void_p, c_int]),
    "tb_action_of_index": (c_int, [GAME_P, c_void_p, c_int,
                                   POINTER(tb_action)]),
    "tb_vec_new": (c_void_p, [GAME_P, POINTER(tb_config), c_int, c_uint64,
                              c_char_p, c_size_t]),
    "tb_vec_free": (None, [c_void_p]),
    "tb_vec_step": (c_int, [c_void_p, c_void_p, c_char_p, c_size_t]),
    "tb_vec_size": (c_int, [c_void_p]),
    "tb_vec_obs_size": (c_int, [c_void_p]),
    "tb_vec_space": (c_int, [c_void_p]),
    "tb_vec_obs": (c_void_p, [c_void_p]),
    "tb_vec_mask": (c_void_p, [c_void_p]),
    "tb_vec_seat": (c_void_p, [c_void_p]),
    "tb_vec_reward": (c_void_p, [c_void_p]),
    "tb_vec_done": (c_void_p, [c_void_p]),
    "tb_sim": (c_int, [GAME_P, POINTER(tb_config), POINTER(c_char_p), c_long,
                       c_uint64, c_int, POINTER(tb_sim_report), c_char_p,
                       c_size_t]),
}


def _candidates() -> list[str]:
    """The paths tried for the library, in order (see the module's doc)."""
    out = []
    env = os.environ.get("TABULA_LIB")
    if env:
        out.append(env)
    here = os.path.dirname(os.path.abspath(__file__))
    out.append(os.path.join(here, "libtabula.so"))
    out.append(os.path.join(here, "..", "..", "build", "libtabula.so"))
    found = ctypes.util.find_library("tabula")
    out.append(found or "libtabula.so.0")
    return out


def _load() -> ctypes.CDLL:
    """Opens the first library that loads and declares its functions."""
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append(f"{path}: no such file")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
            continue
        for name, (res, args) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        return lib
    raise ImportError(
        "tabula: cannot load libtabula: install the package "
        "(`python3 -m pip install .`), run `make` in the source tree, "
        "`make install`, or set TABULA_LIB to the library's path ("
        + "; ".join(errors) + ")")


lib = _load()
libc = ctypes.CDLL(None)
libc.free.argtypes = [c_void_p]
libc.free.restype = None
