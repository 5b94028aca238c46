"""rules_agent.py - a reference agent for tabula's agent protocol
(docs/protocol.md) that plays by simple rules read off the seat's view.

No Thanks!: the threshold rule - take the face-up card when its net cost
(the points it adds to the seat's cards, less the tokens on it) is at most
0, or when out of tokens; otherwise pass.  Any other game: the first legal
action in tabula's order (a fixed, simple, deterministic choice).

    tabula sim no-thanks -p 3 -n 20 --seats "ext:python3 agents/rules_agent.py",heuristic
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tabula_agent  # noqa: E402


def card_points(cards):
    """Each run of consecutive cards counts only its lowest card."""
    held = set(cards)
    return sum(c for c in held if c - 1 not in held)


def no_thanks(game, view, legal):
    me = view["seats"][game["seat"]]
    card, pot = view["card"], view["pot"]
    cost = card_points(me["cards"] + [card]) - card_points(me["cards"])
    if "pass" not in legal or cost - pot <= 0:
        return "take"
    return "pass"


def policy(game, view, legal):
    if game["id"] == "no-thanks" and "take" in legal:
        return no_thanks(game, view, legal)
    return legal[0]


if __name__ == "__main__":
    tabula_agent.run(policy, "rules")
