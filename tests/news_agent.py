"""news_agent.py - an agent for tests/test_agents.c that plays the first
legal action and writes the news tabula sends it (protocol 2) to the file
named by its argument, one line each:
    round N VIEWKEYS      at the end of round N (VIEWKEYS: the view's keys)
    game RANKS            at the end of a game (RANKS: the result's ranks)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "agents"))
import tabula_agent  # noqa: E402

LOG = open(sys.argv[1], "w", buffering=1)


def on_round_end(game, round_no, view):
    LOG.write("round %d %s\n" % (round_no, ",".join(sorted(view))))


def on_game_end(game, result, view):
    LOG.write("game %s\n" % " ".join(str(r) for r in result["ranks"]))


tabula_agent.run(lambda game, view, legal: legal[0], "news",
                 on_round_end, on_game_end)
