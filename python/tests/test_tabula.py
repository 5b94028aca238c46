"""test_tabula.py - the Python binding against the engine: games and
configs, playing whole games through legal actions and chance (seeded or
given), clones, errors as exceptions with the engine's messages, per-seat
views and determinization, tb_describe, bots, records (written here and by
the `tabula` command) and sim, which must agree with `tabula sim --json`."""
import copy
import json
import os
import subprocess
import sys

import pytest

import tabula

TABULA = os.environ.get("TABULA", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "tabula"))


def play_random(st, rng):
    """Plays st to its end with random legal actions; returns the actions."""
    n = 0
    while not st.is_terminal:
        if st.is_chance:
            st.settle(rng)
            continue
        st.apply(rng.choice(st.legal_actions()))
        n += 1
    return n


def test_every_game_is_listed_with_its_facts():
    gs = tabula.games()
    ids = [g.id for g in gs]
    assert "6-nimmt" in ids and "no-thanks" in ids
    for g in gs:
        assert g.title and 1 <= g.min_players <= g.max_players <= 10
        assert g.state_size > 0
        assert tabula.game(g.id) == g
        assert g.doc.strip(), f"{g.id} has no compiled doc"
    assert tabula.VERSION == "0.1.0"


def test_unknown_game_names_the_known_ones():
    with pytest.raises(tabula.TabulaError) as e:
        tabula.game("chess")
    assert "6-nimmt" in str(e.value) and e.value.code == -1


def test_config_options_and_errors():
    g = tabula.game("6-nimmt")
    cfg = g.config(4, target=40)
    assert cfg.players == 4 and cfg["target"] == "40"
    cfg["single-round"] = True
    assert cfg["single-round"] == "on"
    with pytest.raises(tabula.TabulaError) as e:
        cfg["target"] = 100000
    assert "target" in str(e.value)
    with pytest.raises(tabula.TabulaError):
        g.config(players=42)
    with pytest.raises(KeyError):
        cfg["nonsense"]
    assert {o.name for o in g.options} == set(cfg.options)


@pytest.mark.parametrize("gid", [g.id for g in tabula.games()])
def test_every_game_plays_to_the_end(gid):
    g = tabula.game(gid)
    for players in sorted({g.min_players, min(g.min_players + 1,
                                               g.max_players)}):
        st = g.new_state(players)
        n = play_random(st, tabula.Rng(players))
        assert n > 0
        r = st.result()
        assert r.players == players and len(r.ranks) == players
        assert min(r.ranks) == 1 or r.cooperative
        assert st.legal_actions() == []


def test_the_same_seed_gives_the_same_game():
    g = tabula.game("no-thanks")
    a, b = g.new_state(3), g.new_state(3)
    play_random(a, tabula.Rng(9))
    play_random(b, tabula.Rng(9))
    assert a == b and a.result() == b.result()


def test_random_playout_in_c_matches_nothing_but_itself():
    g = tabula.game("6-nimmt")
    a, b = g.new_state(4), g.new_state(4)
    assert a.random_playout(tabula.Rng(3)) == b.random_playout(tabula.Rng(3))
    assert a == b and a.is_terminal


def test_clone_is_independent():
    st = tabula.game("no-thanks").new_state(3)
    st.settle(tabula.Rng(1))
    c = st.clone()
    assert c == st and copy.copy(st) == st and copy.deepcopy(st) == st
    c.apply(c.legal_actions()[0])
    assert c != st


def test_illegal_action_raises_and_leaves_the_state():
    st = tabula.game("6-nimmt").new_state(3)
    st.settle(tabula.Rng(2))
    before = st.clone()
    hand = st.view(st.current)["hand"]
    missing = next(c for c in range(1, 105) if c not in hand)
    with pytest.raises(tabula.IllegalAction):
        st.apply(missing)
    with pytest.raises(tabula.ParseError) as e:
        st.apply("banana")
    assert str(e.value)  # the engine's hint
    assert st == before


def test_actions_iterate_with_text_that_parses_back():
    st = tabula.game("no-thanks").new_state(4)
    st.settle(tabula.Rng(5))
    acts = list(st)
    assert acts and acts == st.legal_actions()
    for a in acts:
        assert st.parse(a.text) == a and int(a) == a.code and str(a) == a.text
    st.apply(acts[0].text)


def test_chance_with_a_given_outcome():
    g = tabula.game("6-nimmt")
    st = g.new_state(2)
    assert st.is_chance and st.current == tabula.CHANCE
    spec = st.chance()
    assert spec.kind == "shuffle" and len(spec.items) == spec.n
    deck = list(spec.items)
    st.apply_chance(deck)  # the deck in its listed order
    assert not st.is_chance
    other = g.new_state(2)
    with pytest.raises(tabula.TabulaError):
        other.apply_chance(deck[:-1])
    drawn = g.new_state(2).sample_chance(tabula.Rng(4))
    assert sorted(drawn) == sorted(deck)


def test_views_hide_what_a_seat_may_not_see():
    st = tabula.game("6-nimmt").new_state(3)
    st.settle(tabula.Rng(6))
    mine = st.view(0)
    theirs = st.view(1)
    public = st.view(tabula.SPECTATOR)
    assert mine["hand"] != theirs["hand"]
    assert "hand" not in public
    # A determinized copy looks the same to the seat it was made for.
    d = st.determinized(0, tabula.Rng(77))
    assert d.view(0) == mine
    assert d.infoset_key(0) == st.infoset_key(0)
    assert isinstance(st.render(0), str) and "6 nimmt" in repr(st)


def test_describe_shows_a_move_to_each_seat():
    st = tabula.game("no-thanks").new_state(3)
    st.settle(tabula.Rng(8))
    a = st.legal_actions()[0]
    text = st.describe(a, tabula.SPECTATOR)
    assert text.startswith("seat 0") and text.endswith("\n")
    assert st.describe(a, 0)
    st2 = st.clone()
    with pytest.raises(tabula.IllegalAction):
        st2.describe(123456, 0)


def test_describe_chance_tells_a_deal_to_each_seat():
    st = tabula.game("battle-for-the-suns").new_state(2)
    st.sample_chance(tabula.Rng(3))  # the horizon: nobody sees it
    deck = list(st.chance().items)
    spectator = st.describe_chance(deck, tabula.SPECTATOR)
    assert "the first sun rises" in spectator
    assert "you are dealt" not in spectator
    assert "you are dealt" in st.describe_chance(deck, 0)
    assert st.chance().n == len(deck)  # not applied


def test_bot_plays_legal_actions():
    g = tabula.game("6-nimmt")
    bots = [tabula.Bot(g, "heuristic", seed=j) for j in range(3)]
    st = g.new_state(3)
    rng = tabula.Rng(1)
    while not st.is_terminal:
        if st.is_chance:
            st.settle(rng)
            continue
        a = bots[st.current].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
    with pytest.raises(tabula.TabulaError) as e:
        tabula.Bot(g, "grandmaster")
    assert "grandmaster" in str(e.value)
    with pytest.raises(tabula.TabulaError):
        bots[0].choose(st)  # the game is over


def test_record_round_trip(tmp_path):
    g = tabula.game("no-thanks")
    cfg = g.config(3)
    rec = tabula.Record(g, cfg, seed=11)
    rec.seats = ["random"] * 3
    st = g.new_state(config=cfg)
    rng = tabula.Rng(11)
    while not st.is_terminal:
        if st.is_chance:
            rec.add_deal(st.sample_chance(rng))
            continue
        a = rng.choice(st.legal_actions())
        rec.add_action(st.current, a.text)
        st.apply(a)
    path = tmp_path / "game.json"
    rec.save(str(path))
    back = tabula.Record.load(str(path))
    assert back.actions == rec.actions and back.deal == rec.deal
    assert back.seats == ["random"] * 3 and back.seed == 11
    seen = []
    end = back.replay(lambda b, a, x, seat, n: seen.append((seat, a.text)))
    assert end == st and seen == rec.actions
    assert end.result() == st.result()


def test_a_wrong_record_names_its_move(tmp_path):
    g = tabula.game("no-thanks")
    subprocess.run([TABULA, "sim", "no-thanks", "-n", "1", "-p", "3",
                    "--seed", "3", "--record-dir", str(tmp_path)], check=True,
                   capture_output=True)
    path = tmp_path / "no-thanks-000000.json"
    rec = tabula.Record.load(str(path))
    assert rec.game == g and rec.result is not None
    rec.replay()
    doc = json.loads(path.read_text())
    doc["actions"][2]["move"] = "take" if doc["actions"][2]["move"] != "take" \
        else "no thanks"
    doc["actions"][2]["seat"] = (doc["actions"][2]["seat"] + 1) % 3
    bad = tabula.Record.from_json(json.dumps(doc))
    with pytest.raises(tabula.TabulaError) as e:
        bad.replay()
    assert e.value.code == -7 and "3" in str(e.value)
    with pytest.raises(tabula.TabulaError):
        tabula.Record.load(str(tmp_path / "missing.json"))


def test_sim_agrees_with_the_command():
    ours = tabula.sim("6-nimmt", ["heuristic", "random"], 300, players=4,
                      seed=7, threads=2)
    out = subprocess.run([TABULA, "sim", "6-nimmt", "-n", "300", "-p", "4",
                          "--seats", "heuristic,random", "--seed", "7",
                          "--json"], check=True, capture_output=True,
                         text=True).stdout
    theirs = json.loads(out)
    assert ours.games == theirs["games"] == 300
    for s, t in zip(ours.seats, theirs["seats"]):
        assert s.bot == t["bot"]
        assert s.wins == pytest.approx(t["wins"], rel=1e-9)
        assert s.mean_score == pytest.approx(t["mean_score"], rel=1e-9)
        assert s.win_rate_ci95 == pytest.approx(tuple(t["win_rate_ci95"]),
                                                rel=1e-9)
    assert ours.mean_actions == pytest.approx(theirs["mean_actions"],
                                              rel=1e-9)
    coop = tabula.sim("the-game", "heuristic", 50, players=3, seed=2)
    assert coop.team is not None and 0 <= coop.team["win_rate"] <= 1
    with pytest.raises(tabula.TabulaError) as e:
        tabula.sim("6-nimmt", "nobody", 10)
    assert "nobody" in str(e.value)


def test_import_uninstalled_with_pythonpath(tmp_path):
    # Without installing (docs/python.md): python/ on PYTHONPATH, from any
    # folder; the package then finds build/libtabula.so of its tree.
    python_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    env = {k: v for k, v in os.environ.items() if k != "TABULA_LIB"}
    env["PYTHONPATH"] = os.path.abspath(python_dir)
    out = subprocess.run([sys.executable, "-c",
                          "import tabula; print(tabula.game('6-nimmt').title)"],
                         cwd=tmp_path, check=True, capture_output=True,
                         text=True, env=env).stdout
    assert "nimmt" in out


def test_bot_reads_the_table_it_is_told():
    """A started bot may be told every action (Bot.observe, before it is
    applied); it still plays only legal actions, and it refuses a seat the
    game has not or an action that is not legal."""
    g = tabula.game("no-thanks")
    cfg = g.config(3)
    searcher = tabula.Bot(g, "ismcts:iters=30,opp=on", seed=4)
    searcher.start(cfg, 0)
    others = [tabula.Bot(g, "random", seed=1), tabula.Bot(g, "heuristic")]
    st = g.new_state(config=cfg)
    rng = tabula.Rng(2)
    moves = 0
    while not st.is_terminal:
        if st.is_chance:
            st.settle(rng)
            continue
        cur = st.current
        a = searcher.choose(st) if cur == 0 else others[cur - 1].choose(st)
        assert a in st.legal_actions()
        searcher.observe(st, a)
        st.apply(a)
        moves += 1
    assert moves > 20
    with pytest.raises(tabula.TabulaError):
        searcher.start(cfg, 3)
    st = g.new_state(config=cfg)
    st.settle(rng)
    with pytest.raises(tabula.IllegalAction):
        searcher.observe(st, 999)
