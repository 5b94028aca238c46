"""test_env.py - the learning environment (tabula.env, docs/learning.md)
driven by the agent-environment-cycle contract PettingZoo documents, for
every game that defines tensors: reset(seed), agent_selection, observe,
last, step, rewards, terminations, truncations and infos with the action
mask; and the vectorised runner against single games."""
import numpy as np
import pytest

import tabula

np_tabula = pytest.importorskip("tabula.env")
AECEnv, VecEnv = np_tabula.AECEnv, np_tabula.VecEnv

WITH = [g.id for g in tabula.games() if g.has_tensors]
WITHOUT = [g.id for g in tabula.games() if not g.has_tensors]


def play(env, seed, pick):
    """Runs one game by the AEC contract; returns the actions taken and the
    rewards each agent saw at its last()."""
    env.reset(seed=seed)
    assert env.agents == env.possible_agents
    taken, final = [], {}
    for agent in env.agent_iter(100000):
        obs, reward, term, trunc, info = env.last()
        assert obs.dtype == np.float32
        assert obs.shape == env.observation_space(agent).shape
        assert np.array_equal(obs, env.observe(agent))
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        mask = info["action_mask"]
        assert mask.dtype == np.bool_ and mask.any()
        assert mask.shape == (env.action_space(agent).n,)
        assert env.possible_agents[env.state.current] == agent
        for other in env.agents:  # only the agent to act has a mask
            assert other == agent or "action_mask" not in env.infos[other]
        action = pick(mask)
        taken.append(action)
        env.step(action)
    assert env.agents == []
    return taken, final


@pytest.mark.parametrize("gid", WITH)
def test_aec_contract(gid):
    g = tabula.game(gid)
    for players in sorted({g.min_players, min(g.min_players + 2, g.max_players)}):
        env = AECEnv(gid, players=players)
        rng = np.random.default_rng(players)
        taken, final = play(env, 7, lambda m: int(rng.choice(np.flatnonzero(m))))
        assert set(final) == set(env.possible_agents)
        if not g.cooperative:
            assert abs(sum(final.values()) - 1.0) < 1e-9  # win shares
        # The same seed and the same choices give the same game.
        again = iter(taken)
        taken2, final2 = play(env, 7, lambda m: next(again))
        assert taken2 == taken and final2 == final


@pytest.mark.parametrize("gid", WITH)
def test_truncation(gid):
    env = AECEnv(gid, max_steps=3)
    taken, _ = play(env, 1, lambda m: int(np.flatnonzero(m)[0]))
    assert len(taken) == 3


def test_every_game_has_tensors():
    # Issue 36: "Tensors and masks for every game".
    assert WITHOUT == []
    assert len(WITH) == len(tabula.games())


@pytest.mark.parametrize("gid", WITH)
def test_vec_env_views_and_steps(gid):
    v = VecEnv(gid, 6, seed=5)
    obs_id = v.obs.__array_interface__["data"][0]
    rng = np.random.default_rng(1)
    done = steps = 0
    # 300 steps, and on until a game has ended (a random Mystique game of
    # three skirmishes takes about 300 steps; a random Mystique Maze runs
    # to its turn limit, 400 decisions with 2 players).
    while steps < 300 or (done == 0 and steps < 5000):
        steps += 1
        for i in range(v.n):
            st_mask = v.mask[i]
            assert st_mask.any()
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in v.mask],
                        dtype=np.int32)
        v.step(acts)
        done += int(v.done.sum())
        for i in np.flatnonzero(v.done):
            assert abs(v.reward[i].sum() - 1.0) < 1e-9 or \
                tabula.game(gid).cooperative
    assert done > 0
    assert v.obs.__array_interface__["data"][0] == obs_id  # no copies
    bad = np.zeros(v.n, dtype=np.int32) - 1
    with pytest.raises(tabula.TabulaError, match="not legal"):
        v.step(bad)
    v.close()


def test_state_tensors():
    st = tabula.game("no-thanks").new_state(players=3)
    st.settle(tabula.Rng(2))
    mask = st.action_mask()
    assert mask.tolist() == [True, True]
    assert st.action_of_index(1).text == "pass"
    assert st.action_index(st.legal_actions()[0]) == 0
    out = np.empty(st.game.observation_size(st.config), dtype=np.float32)
    assert st.observation(0, out) is out
