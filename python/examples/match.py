"""match.py - ISMCTS against your agent: seat 0 is a Python agent (here a
simple rule for 6 nimmt!: play the lowest card that does not make a row's
sixth, else the lowest card), the other seats are the engine's ISMCTS bot.
The agent sees only seat 0's view, like a player at the table.
Usage: python3 python/examples/match.py [GAMES] [ITERS]"""
import sys

import tabula


def my_agent(st: tabula.State, seat: int) -> tabula.Action:
    """Lowest card that goes on a row without becoming its sixth card."""
    view = st.view(seat)                      # only what this seat sees
    tops = [row[-1] for row in view["rows"]]
    lengths = [len(row) for row in view["rows"]]
    # Cards ("37") in rising order; a row to take ("r1") when rule 4 applies.
    acts = sorted(st.legal_actions(),
                  key=lambda a: int(a.text) if a.text.isdigit() else 0)
    for a in acts:
        if not a.text.isdigit():
            continue
        card = int(a.text)
        below = [i for i, t in enumerate(tops) if t < card]
        if below:
            row = max(below, key=lambda i: tops[i])
            if lengths[row] < 5:
                return a
    return acts[0]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    iters = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    g = tabula.game("6-nimmt")
    wins = 0.0
    for i in range(games):
        bots = {j: tabula.Bot(g, f"ismcts:iters={iters}", seed=100 * i + j)
                for j in (1, 2, 3)}
        st = g.new_state(players=4)
        rng = tabula.Rng(i)
        while not st.is_terminal:
            if st.is_chance:
                st.settle(rng)
            elif st.current == 0:
                st.apply(my_agent(st, 0))
            else:
                st.apply(bots[st.current].choose(st))
        r = st.result()
        if 0 in r.winners:
            wins += 1 / len(r.winners)
        print(f"game {i}: scores {r.scores}")
    print(f"your agent won {wins:g} of {games} games against ISMCTS")


if __name__ == "__main__":
    main()
