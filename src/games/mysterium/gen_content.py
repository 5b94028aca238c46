#!/usr/bin/env python3
"""gen_content.py - makes Mysterium's content data (ours) for tabula.

Reads content.txt (the motif vocabulary and the 54 psychic cards, written
by hand) and generates the deck of 84 vision cards, each a set of 7 to 9
motifs, from a fixed seed with its own generator (splitmix64), so the deck
is the same on every machine and every Python version.  Writes
content_data.c, which the game compiles in, and the content list at the
end of docs/games/mysterium.md.  Usage: gen_content.py [C_OUT [DOC_OUT]]
(by default both are rewritten in place).  Run it through
`make mysterium-content`; the output is committed, and running it again
must give the same file (`make mysterium-content-check`).

The deck is drawn as a painter would: each card mixes motifs of different
kinds (at most two of a kind), favouring the motifs used least so far, and
is kept only if it is new.  Then it is repaired until every motif appears
on some vision card and every psychic card is "reachable": some vision
card shares more motifs with it than with any other card of its kind.  The
properties are checked again by tests/test_mysterium.c.

Last, each vision card's motifs are given a prominence, as a painter
makes one thing the subject of a picture and leaves others in its
corners: one motif is strong (3), one or two are medium (2), the rest
faint (1).  They are drawn from a second generator, so the deck's motifs
do not depend on them.  How a player perceives a vision (the game's
perception, mysterium.c) starts from these prominences.
"""
import os
import re
import sys

SEED = 0x5EA7C1A55  # the deck's seed; changing it changes the deck
STRENGTH_SEED = 0x57EE9617  # the prominences' seed
VISIONS = 84
SIZES = (7, 8, 8, 9)  # a card's motif count is drawn from these
MAX_PER_KIND = 2
KINDS = ("character", "location", "object")
MASK64 = (1 << 64) - 1


class Rng:
    """splitmix64: tiny, and the same everywhere."""

    def __init__(self, seed):
        self.s = seed & MASK64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n  # the bias is far below anything that matters

    def unit(self):
        return (self.next() >> 11) / float(1 << 53)


def parse(path):
    """Returns (motifs, motif_kinds, cards): motifs a list of names in
    order, motif_kinds the kind of each, cards a dict kind -> list of
    (name, title, [motif indices])."""
    motifs, kinds = [], []
    cards = {k: [] for k in KINDS}
    card_re = re.compile(r'^(\w+)\s+(\w+)\s+"([^"]+)":\s*(.*)$')
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if words[0] == "motif":
                for m in words[2:]:
                    if m in motifs:
                        sys.exit(f"{path}:{no}: motif {m} twice")
                    motifs.append(m)
                    kinds.append(words[1])
                continue
            m = card_re.match(line)
            if not m or m.group(1) not in KINDS:
                sys.exit(f"{path}:{no}: cannot read: {line}")
            kind, name, title, rest = m.groups()
            idx = []
            for w in rest.split():
                if w not in motifs:
                    sys.exit(f"{path}:{no}: unknown motif {w}")
                if motifs.index(w) in idx:
                    sys.exit(f"{path}:{no}: motif {w} twice")
                idx.append(motifs.index(w))
            cards[kind].append((name, title, sorted(idx)))
    if len(motifs) > 64:
        sys.exit("at most 64 motifs (they are a 64-bit set)")
    names = [c[0] for k in KINDS for c in cards[k]]
    if len(set(names)) != len(names):
        sys.exit("a psychic card name is used twice")
    for k in KINDS:
        if len(cards[k]) != 18:
            sys.exit(f"{len(cards[k])} {k} cards, not 18")
    return motifs, kinds, cards


def mask(idx):
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def overlap(a, b):
    return bin(a & b).count("1")


def best_of(vision, kind_masks):
    """The index of the card of a kind that vision shares the most motifs
    with, or None when that most is shared by several cards (or is 0)."""
    scores = [overlap(vision, c) for c in kind_masks]
    top = max(scores)
    if top == 0 or scores.count(top) > 1:
        return None
    return scores.index(top)


def draw_card(rng, kinds, used, size):
    """A new card of `size` motifs, at most MAX_PER_KIND of a kind, each
    motif drawn with a weight that falls with its use so far."""
    chosen = []
    per_kind = {}
    while len(chosen) < size:
        weights = []
        for i in range(len(kinds)):
            ok = i not in chosen and per_kind.get(kinds[i], 0) < MAX_PER_KIND
            weights.append(1.0 / (1 + used[i]) if ok else 0.0)
        x = rng.unit() * sum(weights)
        i = 0
        while i < len(weights) - 1 and (x >= weights[i] or weights[i] == 0):
            x -= weights[i]
            i += 1
        chosen.append(i)
        per_kind[kinds[i]] = per_kind.get(kinds[i], 0) + 1
    return mask(chosen)


def anchored_card(rng, kinds, card_idx, kind_masks, target):
    """A card that points at psychic card `target` of its kind: two of its
    motifs and one or two others, retried until it is that card's best."""
    for _ in range(1000):
        a = list(card_idx)
        picks = []
        for _ in range(2):
            picks.append(a.pop(rng.below(len(a))))
        size = SIZES[rng.below(len(SIZES))]
        while len(picks) < size:
            m = rng.below(len(kinds))
            if m not in picks:
                picks.append(m)
        v = mask(picks)
        per_kind = {}
        for m in picks:
            per_kind[kinds[m]] = per_kind.get(kinds[m], 0) + 1
        if max(per_kind.values()) <= MAX_PER_KIND and \
                best_of(v, kind_masks) == target:
            return v
    sys.exit("cannot anchor a vision card")


def generate(motifs, kinds, cards):
    rng = Rng(SEED)
    used = [0] * len(motifs)
    deck = []
    while len(deck) < VISIONS:
        v = draw_card(rng, kinds, used, SIZES[rng.below(len(SIZES))])
        if v in deck:
            continue
        deck.append(v)
        for i in range(len(motifs)):
            if v >> i & 1:
                used[i] += 1
    kind_masks = {k: [mask(c[2]) for c in cards[k]] for k in KINDS}
    # Repair: every psychic card reachable.  A card that is the only
    # witness of some psychic card's reachability is never replaced.
    for _ in range(10000):
        witness = {}
        for k in KINDS:
            for vi, v in enumerate(deck):
                b = best_of(v, kind_masks[k])
                if b is not None:
                    witness.setdefault((k, b), []).append(vi)
        missing = [(k, i) for k in KINDS for i in range(18)
                   if (k, i) not in witness]
        if not missing:
            break
        k, i = missing[0]
        needed = {w[0] for w in witness.values() if len(w) == 1}
        free = [vi for vi in range(len(deck)) if vi not in needed]
        vi = free[rng.below(len(free))]
        v = anchored_card(rng, kinds, cards[k][i][2], kind_masks[k], i)
        if v not in deck:
            deck[vi] = v
    else:
        sys.exit("could not make every psychic card reachable")
    every = 0
    for v in deck:
        every |= v
    if every != (1 << len(motifs)) - 1:
        sys.exit("a motif is on no vision card; change SEED")
    return deck


def prominences(deck):
    """For each vision card, (strong, medium): the masks of its motifs
    shown strongly (one) and at medium strength (one on a card of 3, two
    on larger cards); the others are faint."""
    rng = Rng(STRENGTH_SEED)
    out = []
    for v in deck:
        ms = [i for i in range(64) if v >> i & 1]
        for i in range(len(ms) - 1, 0, -1):  # Fisher-Yates
            j = rng.below(i + 1)
            ms[i], ms[j] = ms[j], ms[i]
        medium = 2
        out.append((mask(ms[:1]), mask(ms[1:1 + medium])))
    return out


def strength(prom, n, i):
    """The prominence 1-3 of motif i on vision card n (0-based)."""
    strong, medium = prom[n]
    return 3 if strong >> i & 1 else 2 if medium >> i & 1 else 1


def vision_words(motifs, prom, n, v):
    """A vision card's motifs with their prominences: "red:3 owl:2"."""
    return " ".join(f"{motifs[i]}:{strength(prom, n, i)}"
                    for i in range(len(motifs)) if v >> i & 1)


def c_name(s):
    return "M_" + s.upper()


def emit(path, motifs, kinds, cards, deck, prom):
    kind_order = []
    for k in kinds:
        if k not in kind_order:
            kind_order.append(k)
    out = []
    w = out.append
    w("/*")
    w(" * content_data.c - Mysterium's content, ours, GENERATED by")
    w(" * gen_content.py from content.txt: do not edit; run")
    w(" * `make mysterium-content`.  The motif vocabulary, the 54 psychic")
    w(" * cards (written by hand) and the 84 vision cards (drawn from seed")
    w(f" * {SEED:#x}).")
    w(" */")
    w('#include "content.h"')
    w("")
    w("enum {")
    for i, m in enumerate(motifs):
        w(f"    {c_name(m)} = {i},")
    w("};")
    w("#define B(m) (1ull << (m))")
    w("")
    w("const char *const tbi_msy_motif_name[MSY_MOTIFS] = {")
    for i in range(0, len(motifs), 8):
        w("    " + " ".join(f'"{m}",' for m in motifs[i:i + 8]))
    w("};")
    w("")
    w("const char *const tbi_msy_motif_kind_name[MSY_MOTIF_KINDS] = {")
    w("    " + " ".join(f'"{k}",' for k in kind_order))
    w("};")
    w("")
    w("const unsigned char tbi_msy_motif_kind[MSY_MOTIFS] = {")
    for i in range(0, len(motifs), 8):
        w("    " + " ".join(f"{kind_order.index(k)},"
                           for k in kinds[i:i + 8]))
    w("};")
    w("")
    w("const msy_card tbi_msy_cards[MSY_KINDS * MSY_PER_KIND] = {")
    for k in KINDS:
        w(f"    /* {k}s */")
        for name, title, idx in cards[k]:
            bits = " | ".join(f"B({c_name(motifs[i])})" for i in idx)
            w(f'    {{"{name}", "{title}",')
            w(f"     {bits}}},")
    w("};")
    w("")
    w("const uint64_t tbi_msy_visions[MSY_VISIONS] = {")
    for n, v in enumerate(deck, 1):
        bits = " | ".join(f"B({c_name(motifs[i])})"
                          for i in range(len(motifs)) if v >> i & 1)
        w(f"    /* {n:2d} */ {bits},")
    w("};")
    w("")
    w("/* The prominence of each vision card's motifs: the strong one and the")
    w(" * medium ones (the others are faint). */")
    w("const uint64_t tbi_msy_vision_strong[MSY_VISIONS] = {")
    for n, (strong, medium) in enumerate(prom, 1):
        w(f"    /* {n:2d} */ B({c_name(motifs[strong.bit_length() - 1])}),")
    w("};")
    w("")
    w("const uint64_t tbi_msy_vision_medium[MSY_VISIONS] = {")
    for n, (strong, medium) in enumerate(prom, 1):
        bits = " | ".join(f"B({c_name(motifs[i])})"
                          for i in range(len(motifs)) if medium >> i & 1)
        w(f"    /* {n:2d} */ {bits},")
    w("};")
    w("")
    w("/* How many motifs vision card v shares with psychic card c (the")
    w(" * rules' hot path: a look-up, not a count). */")
    w("const unsigned char tbi_msy_shared_motifs[MSY_VISIONS]"
      "[MSY_KINDS * MSY_PER_KIND] = {")
    every = [mask(c[2]) for k in KINDS for c in cards[k]]
    for n, v in enumerate(deck, 1):
        row = [overlap(v, c) for c in every]
        w(f"    /* {n:2d} */ {{" + ",".join(str(x) for x in row) + "},")
    w("};")
    text = "\n".join(out) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w") as f:
            f.write(text)


DOC_BEGIN = "<!-- content: generated by gen_content.py; do not edit by hand -->"
DOC_END = "<!-- end of content -->"


def emit_doc(doc_in, doc_out, motifs, cards, deck, prom):
    """Rewrites the content list at the end of the game's doc (between the
    two markers) from the same data."""
    with open(doc_in) as f:
        doc = f.read()
    if DOC_BEGIN not in doc or DOC_END not in doc:
        sys.exit(f"{doc_in}: the content markers are missing")
    out = [DOC_BEGIN, "", "## Content list", "",
           "Generated from `content.txt` by `gen_content.py`. Psychic "
           "cards are numbered 1-54 in the records (characters, locations, "
           "objects); vision cards 1-84.", "",
           "| # | kind | name | title | motifs |",
           "| --- | --- | --- | --- | --- |"]
    n = 1
    for k in KINDS:
        for name, title, idx in cards[k]:
            words = " ".join(motifs[i] for i in idx)
            out.append(f"| {n} | {k} | `{name}` | {title} | {words} |")
            n += 1
    out += ["", "Vision cards: each motif with its prominence (3 strong, 2 "
            "medium, 1 faint).", "",
            "| vision | motifs |", "| --- | --- |"]
    for n, v in enumerate(deck, 1):
        out.append(f"| {n} | {vision_words(motifs, prom, n - 1, v)} |")
    out += ["", DOC_END]
    head = doc[:doc.index(DOC_BEGIN)]
    tail = doc[doc.index(DOC_END) + len(DOC_END):]
    with open(doc_out, "w") as f:
        f.write(head + "\n".join(out) + tail)


def report(motifs, kinds, cards, deck):
    """Statistics on stderr, to judge the deck by."""
    kind_masks = {k: [mask(c[2]) for c in cards[k]] for k in KINDS}
    sizes = [bin(v).count("1") for v in deck]
    uses = [sum(v >> i & 1 for v in deck) for i in range(len(motifs))]
    unique = sum(best_of(v, kind_masks[k]) is not None
                 for v in deck for k in KINDS)
    sys.stderr.write(
        f"{len(deck)} vision cards, sizes 7/8/9: "
        f"{sizes.count(7)}/{sizes.count(8)}/{sizes.count(9)}; "
        f"motif uses {min(uses)}-{max(uses)}; "
        f"a card alone names one best card of a kind in "
        f"{unique} of {3 * len(deck)} cases\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, "content.txt")
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "content_data.c")
    doc = os.path.join(here, "..", "..", "..", "docs", "games",
                       "mysterium.md")
    doc_out = sys.argv[2] if len(sys.argv) > 2 else doc
    motifs, kinds, cards = parse(src)
    deck = generate(motifs, kinds, cards)
    prom = prominences(deck)
    report(motifs, kinds, cards, deck)
    emit(out, motifs, kinds, cards, deck, prom)
    emit_doc(doc, doc_out, motifs, cards, deck, prom)


if __name__ == "__main__":
    main()
