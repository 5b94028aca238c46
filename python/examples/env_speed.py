"""env_speed.py - environment steps per second from Python (docs/learning.md):
the AEC environment one move at a time, and the vectorised runner stepping
N games per call, each playing uniformly random legal actions.

    PYTHONPATH=python python3 python/examples/env_speed.py [GAME] [SECONDS]
"""
import sys
import time

import numpy as np

from tabula.env import AECEnv, VecEnv

GAME = sys.argv[1] if len(sys.argv) > 1 else "no-thanks"
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
PLAYERS = 4


def aec_steps_per_second():
    env = AECEnv(GAME, players=PLAYERS)
    rng = np.random.default_rng(1)
    steps, seed, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < SECONDS:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            _, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - t0)


def vec_steps_per_second(n):
    v = VecEnv(GAME, n, players=PLAYERS, seed=1)
    rng = np.random.default_rng(1)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < SECONDS:
        # A random legal action per game: random scores, masked, argmax.
        scores = rng.random(v.mask.shape) + v.mask
        v.step(scores.argmax(axis=1).astype(np.int32))
        steps += n
    return steps / (time.perf_counter() - t0)


print(f"{GAME}, {PLAYERS} players, uniformly random legal actions:")
print(f"  AEC environment, one step a call: {aec_steps_per_second():,.0f} steps/s")
for n in (64, 1024):
    print(f"  VecEnv, {n} games a call:        {vec_steps_per_second(n):,.0f} steps/s")
