#!/usr/bin/env python3
"""train_net.py - trains the policy of the `net` bot for one game by
search distillation (docs/learning.md, "The net bot"), with PyTorch.

Games are played by a mix of players: the net being trained (after the
first round), the game's `heuristic` and a teacher (`ismcts` by default).
At every decision the teacher is asked what it would play in that seat,
through the C bot, which sees only what the seat may see; the seat's
observation, its legal-action mask and the teacher's choice are kept.
After each round of games a multilayer perceptron is trained on all the
decisions kept so far (cross-entropy of the masked logits against the
teacher's action: the DAgger scheme, so that the net learns to recover in
the positions its own play leads to). The last net is written as a .tbn
file (python/tabula/net.py) that src/ai/net_bot.c reads.

    /usr/bin/python3 learn/train_net.py battle-for-the-suns -p 2 \
        --minutes 25 --seed 1 --out data/net/battle-for-the-suns.tbn \
        --log learn/battle-for-the-suns.log

A run may go on in a later stage: --init starts from a .tbn's weights
(with no first round of teacher-only games) and --data keeps the
decisions in an .npz between stages.

Everything is seeded (--seed): the deals, the bots' generators, the
choice of seats, the net's initial weights and the batches; torch uses
one thread. The time budget (--minutes) decides how many rounds are
played, so two runs agree only as far as their budgets do.
"""
import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import tabula  # noqa: E402
from tabula import net as tbnet  # noqa: E402


def make_mlp(n_in, hidden, n_out):
    """Linear layers with ReLU between them, the shape the C bot runs."""
    mods, last = [], n_in
    for h in hidden:
        mods += [torch.nn.Linear(last, h), torch.nn.ReLU()]
        last = h
    mods.append(torch.nn.Linear(last, n_out))
    return torch.nn.Sequential(*mods)


def export(model, path, game, players):
    """Writes the model's linear layers as a .tbn file."""
    layers = [(m.weight.detach().numpy(), m.bias.detach().numpy())
              for m in model if isinstance(m, torch.nn.Linear)]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tbnet.write(path, game, players, layers)


def net_choice(model, obs, mask):
    """The net's move: the legal index with the highest logit."""
    with torch.no_grad():
        z = model(torch.from_numpy(obs)).numpy()
    z[~mask] = -np.inf
    return int(np.argmax(z))


def play(game, cfg, seed, roles, teacher, others, model, data):
    """Plays one game from seed; roles[s] is "net", "teacher" or a key of
    others (bots). Appends (obs, mask, teacher index) at every decision of
    a seat whose label is wanted (all of them) to data. Returns the
    result."""
    st = tabula.State(game, cfg)
    rng = tabula.Rng(seed)
    while True:
        st.settle(rng)
        if st.is_terminal:
            return st.result()
        seat = st.current
        obs = st.observation(seat)
        mask = st.action_mask()
        t = teacher.choose(st)
        ti = st.action_index(t)
        data.append((obs, mask.copy(), ti))
        role = roles[seat]
        if role == "teacher":
            st.apply(t)
        elif role == "net":
            st.apply(st.action_of_index(net_choice(model, obs, mask)))
        else:
            st.apply(others[role].choose(st))


def train(model, data, epochs, batch, lr, gen, log):
    """Fits model to the teacher's choices in data (masked
    cross-entropy); returns the last epoch's accuracy."""
    obs = torch.from_numpy(np.stack([d[0] for d in data]))
    mask = torch.from_numpy(np.stack([d[1] for d in data]))
    y = torch.tensor([d[2] for d in data], dtype=torch.long)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    n = len(data)
    acc = 0.0
    for ep in range(epochs):
        perm = torch.randperm(n, generator=gen)
        tot, right = 0.0, 0
        for i in range(0, n, batch):
            idx = perm[i:i + batch]
            z = model(obs[idx]).masked_fill(~mask[idx], -1e9)
            loss = torch.nn.functional.cross_entropy(z, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss) * len(idx)
            right += int((z.argmax(1) == y[idx]).sum())
        acc = right / n
        log(f"  epoch {ep + 1}/{epochs}: loss {tot / n:.4f}, "
            f"agreement with the teacher {acc:.3f}")
    return acc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("-p", "--players", type=int, required=True)
    ap.add_argument("--teacher", default="ismcts")
    ap.add_argument("--hidden", default="256,128")
    ap.add_argument("--minutes", type=float, default=25.0,
                    help="time for playing games (training comes on top)")
    ap.add_argument("--round-games", type=int, default=100)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pool", default="net,net,teacher,heuristic",
                    help="the roles each seat is drawn from after the first "
                    "round (net, teacher, heuristic)")
    ap.add_argument("--init", help="start from this .tbn's weights (a "
                    "later stage of a run; --hidden must match)")
    ap.add_argument("--data", help="an .npz of decisions: read when it "
                    "exists (a later stage), rewritten after each round")
    ap.add_argument("--out", required=True)
    ap.add_argument("--log", required=True)
    a = ap.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    gen = torch.Generator().manual_seed(a.seed)
    game = tabula.game(a.game)
    cfg = game.config(a.players)
    n_in, n_out = game.observation_size(cfg), game.action_space(cfg)
    hidden = [int(h) for h in a.hidden.split(",") if h]
    model = make_mlp(n_in, hidden, n_out)
    teacher = tabula.Bot(game, a.teacher, seed=a.seed)
    others = {"heuristic": tabula.Bot(game, "heuristic", seed=a.seed + 1)}

    if a.init:
        net = tbnet.read(a.init)
        lin = [m for m in model if isinstance(m, torch.nn.Linear)]
        if net.sizes != [n_in] + hidden + [n_out]:
            sys.exit(f"{a.init}: sizes {net.sizes} are not this net's")
        with torch.no_grad():
            for m, (w, b) in zip(lin, net.layers):
                m.weight.copy_(torch.from_numpy(w))
                m.bias.copy_(torch.from_numpy(b))

    logf = open(a.log, "a" if a.init else "w")
    t0 = time.time()

    def log(msg):
        line = f"[{time.time() - t0:7.1f}s] {msg}"
        print(line, flush=True)
        logf.write(line + "\n")
        logf.flush()

    log(f"train_net.py {' '.join(sys.argv[1:])}")
    log(f"torch {torch.__version__}; {a.game}, {a.players} players; "
        f"observation {n_in}, actions {n_out}; layers {n_in}-"
        f"{'-'.join(map(str, hidden))}-{n_out}; teacher {a.teacher}")
    data = []
    if a.data and os.path.exists(a.data):
        d = np.load(a.data)
        data = list(zip(d["obs"], d["mask"], d["label"].tolist()))
        log(f"read {len(data)} decisions from {a.data}")
    # A later stage deals from further on, not the first stage's deals.
    deal0 = deal = 1000000 if a.init else 0
    rnd = 0
    wins = {}
    while time.time() - t0 < a.minutes * 60:
        rnd += 1
        # Round 1: the teacher against the heuristic; then the net against
        # both, so the net's own positions get labelled too.
        pool = ["teacher", "heuristic"] if rnd == 1 and not a.init else \
            a.pool.split(",")
        score = {}
        for _ in range(a.round_games):
            roles = [random.choice(pool) for _ in range(a.players)]
            teacher.seed(a.seed * 1000003 + deal)
            others["heuristic"].seed(a.seed * 7919 + deal)
            r = play(game, cfg, a.seed * 100003 + deal, roles, teacher,
                     others, model, data)
            deal += 1
            for s, role in enumerate(roles):
                w, n = score.get(role, (0.0, 0))
                share = (1.0 / len(r.winners)) if s in r.winners else 0.0
                score[role] = (w + share, n + 1)
            if time.time() - t0 >= a.minutes * 60:
                break
        log(f"round {rnd}: {deal - deal0} games, {len(data)} decisions; win share "
            "by role in this round: " +
            ", ".join(f"{k} {w / n:.3f} ({n})"
                      for k, (w, n) in sorted(score.items())))
        train(model, data, a.epochs, a.batch, a.lr, gen, log)
        export(model, a.out, a.game, a.players)
        log(f"wrote {a.out} ({os.path.getsize(a.out)} bytes)")
        if a.data:
            np.savez(a.data, obs=np.stack([d[0] for d in data]),
                     mask=np.stack([d[1] for d in data]),
                     label=np.array([d[2] for d in data]))
    log("done")


if __name__ == "__main__":
    main()
