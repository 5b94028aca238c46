"""random_agent.py - a random agent: plays one game of No Thanks! with a
uniformly random legal action at every turn, showing the table to seat 0
and how each move looks to it.  Usage: python3 python/examples/random_agent.py [SEED]"""
import sys

import tabula


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = tabula.Rng(seed)
    st = tabula.game("no-thanks").new_state(players=3)
    while not st.is_terminal:
        if st.is_chance:          # luck: the deck is shuffled from rng
            st.settle(rng)
            continue
        action = rng.choice(st.legal_actions())
        print(st.describe(action, seat=0), end="")  # as seat 0 sees it
        st.apply(action)
    print(st.render(0))
    print("ranks:", st.result().ranks)


if __name__ == "__main__":
    main()
