#!/usr/bin/env python3
"""compare.py - sets the figures of a `tabula bench --json` run beside a
baseline, as ratios, so that a change that slows a game shows at once.

    python3 bench/compare.py bench/baseline.json build/bench.json

Each row is one game and player count (and options); each ratio is today's
figure over the baseline's (above 1 is faster).  A ratio under --warn
(default 0.85: single runs vary by about 10%) is marked "SLOWER"; rows that
only one file has are listed as new or gone.  --fail makes the exit status 1
when any ratio is marked, for scripts; a benchmark is never a test, so
`make bench` does not use it.
"""
import argparse
import json
import sys

METRICS = [
    ("playouts_per_s", "playouts/s"),
    ("heuristic_games_per_s", "heur games/s"),
    ("ismcts_iters_per_s", "ismcts it/s"),
]


def load(path):
    """Reads a bench JSON file into {(game, players, options): row}."""
    try:
        with open(path, encoding="utf-8") as f:
            rows = json.load(f)
    except OSError as e:
        sys.exit(f"compare.py: cannot read {path}: {e.strerror}")
    except json.JSONDecodeError as e:
        sys.exit(f"compare.py: {path} is not JSON ({e}); make it with "
                 "`tabula bench --json`")
    if not isinstance(rows, list):
        sys.exit(f"compare.py: {path} is not a bench array")
    out = {}
    for r in rows:
        key = (r.get("game"), r.get("players"), r.get("options", ""))
        out[key] = r
    return out


def ratio_text(new, old, warn):
    """The ratio of two figures as text, and whether it is under warn."""
    if new is None or old is None or old <= 0:
        return "-", False
    q = new / old
    return f"{q:.2f}", q < warn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("baseline")
    ap.add_argument("current")
    ap.add_argument("--warn", type=float, default=0.85,
                    help="mark ratios below this (default 0.85)")
    ap.add_argument("--fail", action="store_true",
                    help="exit 1 when any ratio is marked")
    a = ap.parse_args()
    base, cur = load(a.baseline), load(a.current)
    head = f"{'game':<22}{'p':>3}"
    for _, label in METRICS:
        head += f" {label:>13} {'ratio':>6}"
    print(head)
    marked = 0
    for key in sorted(cur, key=lambda k: (str(k[0]), k[1], k[2])):
        game, players, opts = key
        name = game + (f" [{opts}]" if opts else "")
        line = f"{name:<22}{players:>3}"
        old = base.get(key)
        slow = []
        for m, label in METRICS:
            v = cur[key].get(m)
            line += f" {v if v is not None else 0:>13.0f}"
            q, low = ratio_text(v, old.get(m) if old else None, a.warn)
            line += f" {q:>6}"
            if low:
                slow.append(label)
        if old is None:
            line += "  new"
        elif slow:
            line += "  SLOWER: " + ", ".join(slow)
            marked += 1
        print(line)
    for key in sorted(set(base) - set(cur), key=lambda k: (str(k[0]), k[1])):
        print(f"{key[0]:<22}{key[1]:>3}  gone (in the baseline only)")
    if marked:
        print(f"{marked} row(s) below {a.warn} of the baseline: run again on "
              "a quiet machine before believing it")
    return 1 if (a.fail and marked) else 0


if __name__ == "__main__":
    sys.exit(main())
