"""random_agent.py - a reference agent for tabula's agent protocol
(docs/protocol.md): plays a uniformly random legal action in any game.

    tabula play no-thanks -p 3 --seats "ext:python3 agents/random_agent.py",heuristic
    python3 agents/random_agent.py [--seed N]
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tabula_agent  # noqa: E402


def main():
    seed = None
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    tabula_agent.run(lambda game, view, legal: rng.choice(legal), "random")


if __name__ == "__main__":
    main()
