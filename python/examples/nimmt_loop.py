"""nimmt_loop.py - plays N games of 6 nimmt! (4 players, random moves)
through the Python binding, one engine call per action, and prints games per
second; with --c each game is one call to the engine's C playout instead.
Usage: python3 python/examples/nimmt_loop.py [N] [--c]   (N: 1000000)"""
import sys
import time

import tabula


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 1_000_000
    in_c = "--c" in sys.argv
    g = tabula.game("6-nimmt")
    cfg = g.config(4)
    rng = tabula.Rng(1)
    fresh = g.new_state(config=cfg)
    wins = [0.0] * 4
    actions = 0
    t0 = time.perf_counter()
    for _ in range(n):
        st = fresh.clone()
        if in_c:
            actions += st.random_playout(rng)
        else:
            while True:
                cur = st.current
                if cur == tabula.TERMINAL:
                    break
                if cur == tabula.CHANCE:
                    st.settle(rng)
                    continue
                codes = st.legal_codes()
                st.apply(codes[rng.below(len(codes))])
                actions += 1
        r = st.result()
        for j in r.winners:
            wins[j] += 1 / len(r.winners)
    dt = time.perf_counter() - t0
    print(f"{n} games, {actions} actions in {dt:.1f} s: {n / dt:.0f} games/s, "
          f"{actions / dt:.0f} actions/s; win shares "
          + ", ".join(f"{w / n:.3f}" for w in wins))


if __name__ == "__main__":
    main()
