"""bad_agent.py - an agent that misbehaves on purpose, for tests/test_agents.c:
tabula must survive it, never hang and never crash.

    python3 tests/bad_agent.py MODE
MODE: crash  - plays 3 moves properly, then dies (exit status 3)
      slow   - plays 3 moves properly, then never answers
      garbage- answers every decision with text that is no action
      silent - never says "ready"
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "agents"))
import tabula_agent  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "crash"
moves = [0]


def policy(game, view, legal):
    moves[0] += 1
    if MODE == "garbage":
        return "no such move %d" % moves[0]
    if moves[0] > 3 and MODE == "crash":
        sys.exit(3)
    if moves[0] > 3 and MODE == "slow":
        time.sleep(3600)
    return legal[0]


if MODE == "silent":
    time.sleep(3600)
else:
    tabula_agent.run(policy, "bad-" + MODE)
