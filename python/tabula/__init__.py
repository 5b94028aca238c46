"""tabula - tabletop card and board games by their real rules, from Python.

A binding of the C library libtabula (include/tabula.h, docs/api.md) through
ctypes.  The model is the C one:

    >>> import tabula
    >>> g = tabula.game("6-nimmt")
    >>> st = g.new_state(players=4)          # a fresh game: chance comes first
    >>> rng = tabula.Rng(42)
    >>> st.settle(rng)                       # deal from the seeded generator
    >>> [a.text for a in st.legal_actions()][:3]
    [...]
    >>> st.apply(st.legal_actions()[0])
    >>> st.view(seat=1)                      # what seat 1 may see, as a dict

States are flat blocks of memory without pointers: `clone()` copies the bytes.
A state holds no generator: where the rules call for luck it stops at a
chance node (`is_chance`), and the caller settles it from an `Rng` or applies
a known outcome.  Errors from the engine raise `TabulaError` (or a subclass)
carrying the engine's message.  See docs/python.md for a guide.
"""

from __future__ import annotations

import ctypes
import json
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence, Union

from . import _lib
from ._lib import lib

__all__ = [
    "CHANCE", "SPECTATOR", "TERMINAL", "VERSION", "Action", "Bot", "Chance",
    "Config", "Game", "IllegalAction", "Option", "ParseError", "Record",
    "Result", "Rng", "SeatReport", "SimReport", "State", "TabulaError",
    "game", "games", "sim",
]

VERSION = "0.1.0"
#: tb_current's value when the game is over.
TERMINAL = _lib.TERMINAL
#: tb_current's value when luck decides next.
CHANCE = _lib.CHANCE
#: The seat argument of the public view.
SPECTATOR = _lib.SPECTATOR

_ERRBUF = 512


# ------------------------------------------------------------------ errors

class TabulaError(Exception):
    """An error reported by the engine: `code` is the C error code (a
    negative TB_E* value) and the message is the engine's own."""

    def __init__(self, code: int, message: str = ""):
        self.code = code
        self.message = message or _strerror(code)
        super().__init__(self.message)


class IllegalAction(TabulaError):
    """The action is not legal in this state (TB_EILLEGAL)."""


class ParseError(TabulaError):
    """Text could not be read as an action or a value (TB_EPARSE)."""


def _strerror(code: int) -> str:
    return lib.tb_strerror(code).decode()


def _raise(code: int, err: Optional[ctypes.Array] = None) -> None:
    """Raises the exception for a failed engine call, if code says so."""
    if code == _lib.OK:
        return
    msg = err.value.decode(errors="replace") if err is not None else ""
    cls = {_lib.EILLEGAL: IllegalAction, _lib.EPARSE: ParseError}.get(
        code, TabulaError)
    raise cls(code, msg)


def _errbuf() -> ctypes.Array:
    return ctypes.create_string_buffer(_ERRBUF)


def _text_of(fill: Callable[[ctypes.POINTER(_lib.tb_text)], None]) -> str:
    """Runs a C function that writes into a tb_text, growing the buffer
    until nothing is cut, and returns the text."""
    cap = 1 << 14
    while True:
        buf = ctypes.create_string_buffer(cap)
        t = _lib.tb_text()
        lib.tb_text_init(ctypes.byref(t), ctypes.cast(buf, ctypes.c_void_p),
                         cap)
        fill(ctypes.byref(t))
        if not t.truncated or cap >= 1 << 24:
            return buf.value.decode(errors="replace")
        cap *= 4


# ------------------------------------------------------------------ random

class Rng:
    """A seeded generator (xoshiro256**), the engine's only source of luck:
    the same seed gives the same deals and the same bot choices."""

    __slots__ = ("_c", "seed")

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._c = _lib.tb_rng()
        lib.tb_rng_seed(ctypes.byref(self._c), seed & (2**64 - 1))

    def next(self) -> int:
        """The next 64-bit value."""
        return lib.tb_rng_next(ctypes.byref(self._c))

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n < 1:
            raise ValueError("Rng.below needs n >= 1")
        return lib.tb_rng_below(ctypes.byref(self._c), n)

    def unit(self) -> float:
        """A uniform float in [0, 1)."""
        return lib.tb_rng_unit(ctypes.byref(self._c))

    def choice(self, seq: Sequence[Any]) -> Any:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed})"


# ------------------------------------------------------------------ games

@dataclass(frozen=True)
class Option:
    """One option (variant) of a game: `kind` is "int", "bool" or "enum";
    `choices` names an enum's values."""
    name: str
    help: str
    kind: str
    default: Any
    min: int
    max: int
    choices: tuple[str, ...] = ()


class Game:
    """A game of the registry (`tabula.game("no-thanks")`)."""

    __slots__ = ("_p", "id", "title", "blurb", "min_players", "max_players",
                 "flags", "state_size", "options")

    def __init__(self, p: ctypes.POINTER(_lib.tb_game)):
        self._p = p
        g = p.contents
        self.id: str = g.id.decode()
        self.title: str = g.title.decode()
        self.blurb: str = g.blurb.decode()
        self.min_players: int = g.min_players
        self.max_players: int = g.max_players
        self.flags: int = g.flags
        self.state_size: int = g.state_size
        opts = []
        for i in range(g.n_options):
            o = g.options[i]
            kind = {_lib.OPT_INT: "int", _lib.OPT_BOOL: "bool",
                    _lib.OPT_ENUM: "enum"}[o.type]
            choices: tuple[str, ...] = ()
            default: Any = o.default
            if kind == "enum":
                choices = tuple(o.choices[k].decode()
                                for k in range(o.max + 1))
                default = choices[o.default]
            elif kind == "bool":
                default = bool(o.default)
            opts.append(Option(o.name.decode(), (o.help or b"").decode(),
                               kind, default, o.min, o.max, choices))
        self.options: tuple[Option, ...] = tuple(opts)

    @property
    def cooperative(self) -> bool:
        """One team against the game."""
        return bool(self.flags & _lib.GAME_COOPERATIVE)

    @property
    def hidden(self) -> bool:
        """Some information is hidden from some seats."""
        return bool(self.flags & _lib.GAME_HIDDEN)

    @property
    def simultaneous(self) -> bool:
        """Some choices are made in secret at once."""
        return bool(self.flags & _lib.GAME_SIMULTANEOUS)

    @property
    def doc(self) -> str:
        """The rules as implemented (docs/games/<id>.md)."""
        d = lib.tb_game_doc(self._p)
        return d.decode() if d else ""

    @property
    def has_tensors(self) -> bool:
        """Whether the game defines observation tensors and numbered
        actions for learning (docs/learning.md)."""
        return bool(lib.tb_has_tensors(self._p))

    def observation_size(self, config: Optional[Config] = None) -> int:
        """The number of floats of a seat's observation under config."""
        return self._tensor_count(lib.tb_observation_size, config)

    def action_space(self, config: Optional[Config] = None) -> int:
        """The number of distinct actions under config."""
        return self._tensor_count(lib.tb_action_space, config)

    def _tensor_count(self, fn: Callable, config: Optional[Config]) -> int:
        """A tensor size under config (the game's defaults when None), or
        TabulaError when the game has no tensors."""
        cfg = config if config is not None else self.config()
        n = fn(self._p, ctypes.byref(cfg._c))
        if n < 0:
            raise TabulaError(n, f"{self.id} has no learning tensors yet "
                              "(docs/learning.md lists the games that do)")
        return n

    def config(self, players: Optional[int] = None, **options: Any) -> Config:
        """A configuration: `players` seats (default: the minimum) and
        options by name (`cards="104"`, `single_round=True`; underscores
        stand for dashes)."""
        return Config(self, players, **options)

    def new_state(self, players: Optional[int] = None, *,
                  config: Optional[Config] = None, **options: Any) -> State:
        """A new game, at its first step (usually a chance node).  Give a
        `config` or `players` and options as for `config()`."""
        if config is None:
            config = self.config(players, **options)
        elif players is not None or options:
            raise TypeError("give either a config or players and options")
        return State(self, config)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return (f"<Game {self.id}: {self.title}, "
                f"{self.min_players}-{self.max_players} players>")


def games() -> list[Game]:
    """Every game of the registry, in `tabula list` order."""
    return [Game(lib.tb_game_at(i)) for i in range(lib.tb_game_count())]


def game(id: str) -> Game:
    """The game with this id; TabulaError naming the known ids if none."""
    p = lib.tb_find_game(id.encode())
    if not p:
        known = ", ".join(g.id for g in games())
        raise TabulaError(_lib.EINVAL, f"no game '{id}'; the games: {known}")
    return Game(p)


def _as_game(g: Union[Game, str]) -> Game:
    return g if isinstance(g, Game) else game(g)


class Config:
    """The settings a game starts with: the number of players and every
    option.  Options read and write as text or Python values:
    `cfg["target"] = 40`, `cfg["single-round"]` -> "off"."""

    __slots__ = ("game", "_c")

    def __init__(self, game: Union[Game, str], players: Optional[int] = None,
                 **options: Any):
        self.game = _as_game(game)
        self._c = _lib.tb_config()
        if players is None:
            players = self.game.min_players
        if not (self.game.min_players <= players <= self.game.max_players):
            raise TabulaError(
                _lib.EINVAL,
                f"{self.game.id} is for {self.game.min_players} to "
                f"{self.game.max_players} players, not {players}")
        _raise(lib.tb_config_default(self.game._p, players,
                                     ctypes.byref(self._c)))
        for k, v in options.items():
            self[k.replace("_", "-")] = v

    @property
    def players(self) -> int:
        return self._c.players

    def __setitem__(self, key: str, value: Any) -> None:
        if isinstance(value, bool):
            value = "on" if value else "off"
        err = _errbuf()
        _raise(lib.tb_config_set(self.game._p, ctypes.byref(self._c),
                                 key.encode(), str(value).encode(), err,
                                 _ERRBUF), err)

    def __getitem__(self, key: str) -> str:
        i = lib.tb_option_index(self.game._p, key.encode())
        if i < 0:
            raise KeyError(f"{self.game.id} has no option '{key}'")
        buf = ctypes.create_string_buffer(64)
        lib.tb_config_value_text(self.game._p, ctypes.byref(self._c), i, buf,
                                 64)
        return buf.value.decode()

    @property
    def options(self) -> dict[str, str]:
        """Every option's value as text, by name."""
        return {o.name: self[o.name] for o in self.game.options}

    def check(self) -> None:
        """Raises TabulaError if the player count or an option is wrong."""
        err = _errbuf()
        _raise(lib.tb_config_check(self.game._p, ctypes.byref(self._c), err,
                                   _ERRBUF), err)

    def copy(self) -> Config:
        c = Config.__new__(Config)
        c.game = self.game
        c._c = _lib.tb_config()
        ctypes.pointer(c._c)[0] = self._c
        return c

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"<Config {self.game.id}, {self.players} players" + (
            f", {opts}>" if opts else ">")


# ------------------------------------------------------------------ states

class Action:
    """A legal action: its code (the engine's `tb_action`, an int) and its
    text in the game's notation, as a person types it at `tabula play`."""

    __slots__ = ("code", "text")

    def __init__(self, code: int, text: str):
        self.code = code
        self.text = text

    def __int__(self) -> int:
        return self.code

    def __index__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        if isinstance(other, int):
            return self.code == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"Action({self.code}, {self.text!r})"


@dataclass(frozen=True)
class Chance:
    """What luck must decide at a chance node: a shuffle of `items`, or `n`
    rolls each in [lo, hi]; `what` says what it is ("deck", "2d6")."""
    kind: str
    n: int
    lo: int
    hi: int
    what: str
    items: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """The result of a finished game: per seat a score and a rank (1 is
    best; ties share); cooperative games also say whether the team won.
    `draw` says that nobody won (a turn cap, no move left): every rank is
    then 1 and `winners` is empty."""
    players: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    cooperative: bool
    team_win: bool
    team_score: float
    draw: bool = False

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first; none in a draw."""
        if self.draw:
            return ()
        return tuple(j for j, r in enumerate(self.ranks) if r == 1)


def _result_of(c: _lib.tb_result) -> Result:
    n = c.players
    return Result(n, tuple(c.score[:n]), tuple(c.rank[:n]),
                  bool(c.cooperative), bool(c.team_win), c.team_score,
                  bool(c.draw))


# Scratch buffers for legal actions and chance outcomes, one pair per
# thread: ctypes releases the GIL during every C call, so a buffer shared
# between threads would be written by two calls at once.  Each thread makes
# its own on first use and reuses it, so loops allocate nothing per step.
_scratch = threading.local()


def _acts_buffer() -> ctypes.Array:
    """This thread's buffer of TB_MAX_ACTIONS actions."""
    buf = getattr(_scratch, "acts", None)
    if buf is None:
        buf = _scratch.acts = (_lib.tb_action * _lib.MAX_ACTIONS)()
    return buf


def _outcome_buffer() -> ctypes.Array:
    """This thread's buffer of TB_MAX_CHANCE chance values."""
    buf = getattr(_scratch, "outcome", None)
    if buf is None:
        buf = _scratch.outcome = (ctypes.c_uint16 * _lib.MAX_CHANCE)()
    return buf


class State:
    """A game in progress: a flat block of `game.state_size` bytes.

    `current` is the seat to act, CHANCE or TERMINAL.  At a seat's turn
    `legal_actions()` lists what it may do and `apply()` does it; at a
    chance node `settle(rng)` or `apply_chance(outcome)` resolves luck.
    `repr(state)` shows the table as a spectator sees it."""

    __slots__ = ("game", "config", "_buf")

    def __init__(self, game: Union[Game, str], config: Optional[Config] = None,
                 *, _blank: bool = False):
        self.game = _as_game(game)
        self.config = config if config is not None else self.game.config()
        words = (self.game.state_size + 7) // 8
        # 64-bit words keep the block aligned for any field a state holds.
        self._buf = (ctypes.c_uint64 * max(words, 1))()
        if not _blank:
            err = _errbuf()
            _raise(lib.tb_init(self.game._p, self._buf,
                               ctypes.byref(self.config._c), err, _ERRBUF),
                   err)

    # -- who acts
    @property
    def current(self) -> int:
        """The seat to act (0-based), CHANCE (-2) or TERMINAL (-1)."""
        return lib.tb_current(self.game._p, self._buf)

    @property
    def is_chance(self) -> bool:
        return self.current == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.current == TERMINAL

    @property
    def players(self) -> int:
        return self.config.players

    # -- decisions
    def legal_codes(self) -> list[int]:
        """The legal actions' codes only: the fast path for loops that
        play many games (no text is made)."""
        acts = _acts_buffer()
        n = lib.tb_legal(self.game._p, self._buf, acts)
        return acts[:n]

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act, in the engine's fixed
        order, each with its text; empty at chance nodes and at the end."""
        return [Action(c, self.action_text(c)) for c in self.legal_codes()]

    def __iter__(self) -> Iterator[Action]:
        """Iterates over the legal actions."""
        return iter(self.legal_actions())

    def action_text(self, action: Union[Action, int]) -> str:
        """The text form of a legal action of the seat to act."""
        buf = ctypes.create_string_buffer(_lib.ACTION_TEXT)
        _raise(lib.tb_action_text(self.game._p, self._buf, int(action), buf,
                                  _lib.ACTION_TEXT))
        return buf.value.decode()

    def parse(self, text: str) -> Action:
        """Reads an action typed in the game's notation; ParseError with
        the engine's hint when it is not a legal action now."""
        a = _lib.tb_action()
        err = _errbuf()
        _raise(lib.tb_parse_action(self.game._p, self._buf, text.encode(),
                                   ctypes.byref(a), err, _ERRBUF), err)
        return Action(a.value, self.action_text(a.value))

    def apply(self, action: Union[Action, int, str]) -> None:
        """Takes an action (an Action, its code, or its text) after checking
        that it is legal: IllegalAction leaves the state as it was."""
        if isinstance(action, str):
            action = self.parse(action)
        code = lib.tb_apply(self.game._p, self._buf, int(action))
        if code == _lib.EILLEGAL:
            raise IllegalAction(code, f"{int(action)} is not a legal action "
                                      f"of seat {self.current} now")
        _raise(code)

    def describe(self, action: Union[Action, int, str],
                 seat: int = SPECTATOR) -> str:
        """How the seat to act taking `action` looks to `seat` (SPECTATOR
        for the public): the lines a person at the table would say, showing
        only what that seat may see."""
        if isinstance(action, str):
            action = self.parse(action)
        err_code = [0]

        def fill(t: Any) -> None:
            err_code[0] = lib.tb_describe(self.game._p, self._buf,
                                          int(action), None, seat, t)
        text = _text_of(fill)
        _raise(err_code[0])
        return text

    # -- chance
    def chance(self) -> Chance:
        """What luck must decide now (TabulaError if this is no chance
        node)."""
        c = _lib.tb_chance()
        _raise(lib.tb_chance_spec(self.game._p, self._buf, ctypes.byref(c)))
        kind = "shuffle" if c.kind == _lib.CHANCE_SHUFFLE else "roll"
        items = tuple(c.items[:c.n]) if kind == "shuffle" else ()
        return Chance(kind, c.n, c.lo, c.hi, (c.what or b"").decode(), items)

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """Applies a known outcome (a permutation of the items, or the
        rolls), e.g. a real table's deal."""
        n = len(outcome)
        if n > _lib.MAX_CHANCE:
            raise TabulaError(_lib.EINVAL, f"an outcome of {n} values is "
                              f"longer than {_lib.MAX_CHANCE}")
        arr = (ctypes.c_uint16 * max(n, 1))(*outcome)
        _raise(lib.tb_apply_chance(self.game._p, self._buf, arr, n))

    def describe_chance(self, outcome: Sequence[int],
                        seat: int = SPECTATOR) -> str:
        """What `seat` (SPECTATOR for the public) would learn if this
        chance node were resolved with `outcome`: the lines a person at the
        table would say of the deal, reveal or roll ("you are dealt ..."),
        empty when it shows that seat nothing.  The state is not changed."""
        n = len(outcome)
        if n > _lib.MAX_CHANCE:
            raise TabulaError(_lib.EINVAL, f"an outcome of {n} values is "
                              f"longer than {_lib.MAX_CHANCE}")
        arr = (ctypes.c_uint16 * max(n, 1))(*outcome)
        err_code = [0]

        def fill(t: Any) -> None:
            err_code[0] = lib.tb_describe_chance(self.game._p, self._buf, arr,
                                                 n, None, seat, t)
        text = _text_of(fill)
        _raise(err_code[0])
        return text

    def sample_chance(self, rng: Rng) -> list[int]:
        """Draws an outcome from rng, applies it and returns it."""
        n = ctypes.c_int()
        outcome = _outcome_buffer()
        _raise(lib.tb_sample_chance(self.game._p, self._buf,
                                    ctypes.byref(rng._c), outcome,
                                    ctypes.byref(n)))
        return outcome[:n.value]

    def settle(self, rng: Rng) -> None:
        """Resolves chance nodes from rng until a seat acts or the game
        ends."""
        lib.tb_settle(self.game._p, self._buf, ctypes.byref(rng._c))

    # -- copies and hidden information
    def clone(self) -> State:
        """An independent copy (the bytes of the state)."""
        c = State(self.game, self.config, _blank=True)
        ctypes.memmove(c._buf, self._buf, ctypes.sizeof(self._buf))
        return c

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> State:
        return self.clone()

    def determinize(self, seat: int, rng: Rng) -> None:
        """Resamples in place everything `seat` has not seen, consistently
        with what it has seen (SPECTATOR: every hidden thing)."""
        lib.tb_determinize(self.game._p, self._buf, seat, ctypes.byref(rng._c))

    def determinized(self, seat: int, rng: Rng) -> State:
        """A copy determinized for `seat`: a world the seat cannot tell
        from the true one."""
        c = self.clone()
        c.determinize(seat, rng)
        return c

    def infoset_key(self, seat: int) -> int:
        """A 64-bit key of `seat`'s information set: equal for states in
        which the seat sees the same."""
        scratch = (ctypes.c_uint64 * len(self._buf))()
        return lib.tb_infoset_key(self.game._p, self._buf, seat, scratch)

    def view(self, seat: int = SPECTATOR) -> dict[str, Any]:
        """What `seat` (or SPECTATOR) may see, as a dict (the engine's JSON
        view)."""
        p = lib.tb_view_json(self.game._p, self._buf, seat)
        if not p:
            raise TabulaError(_lib.ENOMEM, "the view could not be made")
        try:
            return json.loads(ctypes.string_at(p).decode())
        finally:
            _lib.libc.free(p)

    def render(self, seat: int = SPECTATOR, *, unicode: bool = False,
               color: bool = False) -> str:
        """The table as `seat` sees it, as text for a terminal."""
        style = ((_lib.STYLE_UNICODE if unicode else 0)
                 | (_lib.STYLE_COLOR if color else 0))
        return _text_of(lambda t: lib.tb_render(self.game._p, self._buf, seat,
                                                style, t))

    # -- the end
    # -- learning tensors (docs/learning.md; needs NumPy)
    def observation(self, seat: int, out: Any = None) -> Any:
        """seat's observation as a float32 NumPy vector (into `out` when
        given, with no new array)."""
        import numpy as np
        size = self.game.observation_size(self.config)
        if out is None:
            out = np.empty(size, dtype=np.float32)
        elif out.dtype != np.float32 or out.size != size or \
                not out.flags.c_contiguous:
            raise ValueError(f"out must be a contiguous float32 array of "
                             f"{size}")
        _raise(lib.tb_observe(self.game._p, self._buf, seat,
                              out.ctypes.data_as(ctypes.c_void_p)))
        return out

    def action_mask(self) -> Any:
        """A NumPy bool vector over the game's numbered actions, True for
        the legal ones of the seat to act."""
        import numpy as np
        space = self.game.action_space(self.config)
        mask = np.zeros(space, dtype=np.uint8)
        n = lib.tb_action_mask(self.game._p, self._buf,
                               mask.ctypes.data_as(ctypes.c_void_p), space)
        _raise(min(n, 0))
        return mask.view(np.bool_)

    def action_index(self, action: Union[Action, int]) -> int:
        """The number of a legal action in the game's action space."""
        k = ctypes.c_int()
        _raise(lib.tb_action_index(self.game._p, self._buf, int(action),
                                   ctypes.byref(k)))
        return k.value

    def action_of_index(self, index: int) -> Action:
        """The legal action numbered index (IllegalAction if none is)."""
        a = _lib.tb_action()
        _raise(lib.tb_action_of_index(self.game._p, self._buf, int(index),
                                      ctypes.byref(a)))
        return Action(a.value, self.action_text(a.value))

    def result(self) -> Result:
        """The result of a finished game (TabulaError before the end)."""
        r = _lib.tb_result()
        _raise(lib.tb_result_of(self.game._p, self._buf, ctypes.byref(r)))
        return _result_of(r)

    def random_playout(self, rng: Rng) -> int:
        """Plays uniformly random actions and chance to the end, in C;
        returns the number of actions."""
        n = lib.tb_random_playout(self.game._p, self._buf,
                                  ctypes.byref(rng._c))
        if n < 0:
            raise TabulaError(_lib.EINVAL, f"{self.game.id} offered no legal "
                              "action before the end (a bug in the game)")
        return n

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.game == self.game
                and bytes(other._buf) == bytes(self._buf))

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        cur = self.current
        who = ("chance" if cur == CHANCE else "over" if cur == TERMINAL
               else f"seat {cur} to act")
        return (f"<State {self.game.id}, {self.players} players, {who}>\n"
                + self.render(SPECTATOR))


# ------------------------------------------------------------------ bots

class Bot:
    """One of the engine's bots ("random", "heuristic",
    "ismcts:iters=2000"; docs/bots.md).  It sees only a copy of the state
    determinized for the seat to act, so it cannot cheat."""

    __slots__ = ("game", "spec", "_p")

    def __init__(self, game: Union[Game, str], spec: str, seed: int = 0):
        self.game = _as_game(game)
        self.spec = spec
        err = _errbuf()
        self._p = lib.tb_bot_new(self.game._p, spec.encode(),
                                 seed & (2**64 - 1), err, _ERRBUF)
        if not self._p:
            raise TabulaError(_lib.EINVAL, err.value.decode())

    def seed(self, seed: int) -> None:
        """Reseeds the bot's generator."""
        lib.tb_bot_seed(self._p, seed & (2**64 - 1))

    def start(self, config: Config, seat: int) -> None:
        """Tells the bot it plays `seat` in a new game of `config`: it reads
        its parameters for the player count and forgets what it learnt of
        the players before.  Needed only for `observe`."""
        if config.game != self.game:
            raise TabulaError(_lib.EINVAL, f"a {self.game.id} bot cannot play "
                              f"{config.game.id}")
        if not 0 <= seat < config.players:
            raise TabulaError(_lib.EINVAL, f"seat {seat} is not a seat of a "
                              f"{config.players}-player game")
        lib.tb_bot_start(self._p, ctypes.byref(config._c), seat)

    def observe(self, state: State, action: Union[Action, int]) -> None:
        """Tells a started bot that the seat to act in `state` takes
        `action` (call it for every action, before applying it).  The bot
        keeps only what its own seat could see of the move; a bot that
        reads the table (ISMCTS with `opp=on`) learns how each seat plays."""
        if state.game != self.game:
            raise TabulaError(_lib.EINVAL, f"a {self.game.id} bot cannot play "
                              f"{state.game.id}")
        code = action.code if isinstance(action, Action) else int(action)
        if code not in state.legal_codes():
            raise IllegalAction(_lib.EILLEGAL, f"{code} is not a legal action "
                                f"of seat {state.current} now")
        lib.tb_bot_observe(self._p, state._buf, _lib.tb_action(code))

    def choose(self, state: State) -> Action:
        """The bot's action for the seat to act in state."""
        if state.game != self.game:
            raise TabulaError(_lib.EINVAL, f"a {self.game.id} bot cannot play "
                              f"{state.game.id}")
        a = _lib.tb_action()
        _raise(lib.tb_bot_choose(self._p, state._buf, ctypes.byref(a)))
        return Action(a.value, state.action_text(a.value))

    def __del__(self) -> None:
        p = getattr(self, "_p", None)
        if p:
            lib.tb_bot_free(p)
            self._p = None

    def __repr__(self) -> str:
        return f"Bot({self.game.id!r}, {self.spec!r})"


# ------------------------------------------------------------------ records

class Record:
    """A game record (docs/api.md): the game, options, seats, seed, the deal
    (every chance outcome in order), the actions in text form and the
    result.  `Record.load(path)` reads one; `Record(game, config, seed)`
    starts one to fill with `add_deal` / `add_action`."""

    def __init__(self, game: Union[Game, str, None] = None,
                 config: Optional[Config] = None, seed: int = 0):
        self._c = _lib.tb_record()
        self._live = False
        if game is not None:
            g = _as_game(game)
            cfg = config if config is not None else g.config()
            lib.tb_record_init(ctypes.byref(self._c), g._p,
                               ctypes.byref(cfg._c), seed & (2**64 - 1))
            self._live = True

    @classmethod
    def load(cls, path: str) -> Record:
        """Reads a record file; TabulaError naming the field that is wrong."""
        r = cls()
        err = _errbuf()
        _raise(lib.tb_record_load(ctypes.byref(r._c), str(path).encode(), err,
                                  _ERRBUF), err)
        r._live = True
        return r

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Reads a record from its JSON text."""
        r = cls()
        err = _errbuf()
        _raise(lib.tb_record_load_string(ctypes.byref(r._c), text.encode(),
                                         err, _ERRBUF), err)
        r._live = True
        return r

    @property
    def game(self) -> Game:
        return Game(self._c.game)

    @property
    def config(self) -> Config:
        c = Config.__new__(Config)
        c.game = self.game
        c._c = _lib.tb_config()
        ctypes.pointer(c._c)[0] = self._c.cfg
        return c

    @property
    def seed(self) -> Optional[int]:
        return self._c.seed if self._c.has_seed else None

    @property
    def seats(self) -> list[str]:
        return [self._c.seats[j].value.decode()
                for j in range(self._c.cfg.players)]

    @seats.setter
    def seats(self, names: Sequence[str]) -> None:
        for j, s in enumerate(names):
            self._c.seats[j].value = s.encode()[:_lib.SEAT_SPEC - 1]

    @property
    def deal(self) -> list[list[int]]:
        """Every chance outcome, in order."""
        c = self._c
        return [c.deal[i][:c.deal_len[i]] for i in range(c.n_deal)]

    @property
    def actions(self) -> list[tuple[int, str]]:
        """Every action as (seat, text)."""
        c = self._c
        return [(c.actions[i].seat, c.actions[i].text.decode())
                for i in range(c.n_actions)]

    @property
    def result(self) -> Optional[Result]:
        return _result_of(self._c.result) if self._c.has_result else None

    def add_deal(self, outcome: Sequence[int]) -> None:
        arr = (ctypes.c_uint16 * max(len(outcome), 1))(*outcome)
        _raise(lib.tb_record_add_deal(ctypes.byref(self._c), arr,
                                      len(outcome)))

    def add_action(self, seat: int, text: str) -> None:
        _raise(lib.tb_record_add_action(ctypes.byref(self._c), seat,
                                        text.encode()))

    def save(self, path: str) -> None:
        """Writes the record as JSON ("-" for standard output)."""
        err = _errbuf()
        _raise(lib.tb_record_save(ctypes.byref(self._c), str(path).encode(),
                                  err, _ERRBUF), err)

    def replay(self, hook: Optional[Callable[[State, Action, State, int, int],
                                             None]] = None) -> State:
        """Replays the record against the rules and returns the final state.
        TabulaError (TB_EMISMATCH) names the first move that is wrong.  The
        hook, if given, is called after every action as
        hook(before, action, after, seat, move_no)."""
        g = self.game
        st = State(g, self.config, _blank=True)
        failure: list[BaseException] = []

        def c_hook(gp: Any, before: int, a: int, after: int, step: Any,
                   move_no: int, user: Any) -> None:
            if failure:
                return
            try:
                b = State(g, self.config, _blank=True)
                ctypes.memmove(b._buf, before, g.state_size)
                x = State(g, self.config, _blank=True)
                ctypes.memmove(x._buf, after, g.state_size)
                hook(b, Action(a, b.action_text(a)), x, step.contents.seat,
                     move_no)
            except BaseException as e:  # raised after the C call returns
                failure.append(e)

        cb = _lib.REPLAY_HOOK(c_hook) if hook else _lib.REPLAY_HOOK()
        err = _errbuf()
        code = lib.tb_record_replay(ctypes.byref(self._c), st._buf, cb, None,
                                    err, _ERRBUF)
        if failure:
            raise failure[0]
        _raise(code, err)
        return st

    def __del__(self) -> None:
        if getattr(self, "_live", False):
            lib.tb_record_free(ctypes.byref(self._c))
            self._live = False

    def __repr__(self) -> str:
        return (f"<Record {self.game.id}, {self._c.cfg.players} players, "
                f"{self._c.n_actions} actions>")


# ------------------------------------------------------------------ sim

@dataclass(frozen=True)
class SeatReport:
    """One seat's figures in a simulation (a k-way tie counts 1/k win)."""
    seat: int
    bot: str
    wins: float
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_score: float
    mean_score_ci95: tuple[float, float]


@dataclass(frozen=True)
class SimReport:
    """What `sim` reports: the figures of `tabula sim`."""
    game: str
    players: int
    games: int
    seed: int
    seats: tuple[SeatReport, ...]
    mean_actions: float
    team: Optional[dict[str, Any]] = field(default=None)
    # Competitive games: games nobody won (each also counts 1/players in
    # every seat's wins), and the draw rate's 95% Wilson interval.
    draws: float = 0.0
    draw_rate_ci95: tuple[float, float] = (0.0, 0.0)


def sim(game: Union[Game, str], seats: Union[str, Sequence[str]] = "random",
        games: int = 1000, *, players: Optional[int] = None, seed: int = 1,
        threads: int = 1, config: Optional[Config] = None,
        **options: Any) -> SimReport:
    """Plays `games` games between the engine's bots in C, on `threads`
    threads, and reports per seat; the same as `tabula sim` with the same
    seed (for any thread count).  `seats` is a bot spec or one per seat (the
    last fills the rest)."""
    g = _as_game(game)
    names = [seats] if isinstance(seats, str) else list(seats)
    if config is None:
        config = g.config(players if players is not None
                          else max(len(names), g.min_players), **options)
    n = config.players
    names = (names + [names[-1]] * n)[:n]
    arr = (ctypes.c_char_p * n)(*[s.encode() for s in names])
    rep = _lib.tb_sim_report()
    err = _errbuf()
    _raise(lib.tb_sim(g._p, ctypes.byref(config._c), arr, games,
                      seed & (2**64 - 1), threads, ctypes.byref(rep), err,
                      _ERRBUF), err)
    seat_reports = []
    for j in range(n):
        m, h = rep.mean_score[j], rep.mean_score_ci95[j]
        seat_reports.append(SeatReport(
            j, names[j], rep.wins[j], rep.wins[j] / rep.games,
            (rep.win_rate_ci95[j][0], rep.win_rate_ci95[j][1]), m,
            (m - h, m + h)))
    team = None
    if g.cooperative:
        m, h = rep.team_mean_score, rep.team_mean_score_ci95
        team = {"win_rate": rep.team_wins / rep.games,
                "win_rate_ci95": (rep.team_win_rate_ci95[0],
                                  rep.team_win_rate_ci95[1]),
                "mean_score": m, "mean_score_ci95": (m - h, m + h)}
    return SimReport(g.id, n, rep.games, seed, tuple(seat_reports),
                     rep.mean_actions, team, rep.draws,
                     (rep.draw_rate_ci95[0], rep.draw_rate_ci95[1]))
