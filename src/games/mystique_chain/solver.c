/*
 * solver.c - plays Mystique Chain exactly.  After the deal the game has
 * perfect information, no chance and no draws: the player who cannot
 * follow loses, and the pool shrinks by one card a move, so every position
 * is won or lost for the player to move and a boolean negamax decides it.
 *
 * Speed comes from three things:
 *   - bitboards: the n <= 30 cards of the pool are bits 0..n-1 of a 32-bit
 *     word, and what may follow is an AND with a precomputed mask (one per
 *     trait when the declared attribute is all that counts, one per card
 *     and attribute under match=exactly-one);
 *   - a kill test before anything else: a move whose declaration no card
 *     left in the pool can follow wins at once, and is found with one AND
 *     per move, without recursion;
 *   - a transposition table keyed by (pool left, what must be followed),
 *     so that the many move orders reaching the same pool are solved once;
 *     children are tried with the fewest replies first, which finds a
 *     refutation early.
 * bench/chain_solve.c measures it (docs/games/mystique-chain.md).
 */
#include "chain.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LOCAL 32  /* pool cards (at most 30) and the card to follow */
#define MAX_CONSTRAINTS (MAX_LOCAL * 3)
#define DEFAULT_LOG2 20 /* 16 MB of table */
#define POLICY_LOG2 18  /* 4 MB: a decision of a game in play */

/*
 * A constraint is what the mover must follow: under match=declared the
 * declared trait (0-11), under match=exactly-one the card before and the
 * attribute declared with it (local card x 3 + attribute).  follow[c] is
 * the mask of pool cards that may follow it; child[i][a] the constraint a
 * move leaves when it takes pool card i and declares its attribute a.
 *
 * A table entry packs the generation it was written in (bits 40-63, so
 * that a new position needs no clearing), the key (bits 1-37: the pool
 * left in bits 1-30 and the constraint above) and the value (bit 0: the
 * mover wins).
 */
typedef struct entry {
    uint64_t tag;        /* generation << 40 | key, 0 when empty */
    uint32_t phi, delta; /* proof and disproof numbers of the mover's win */
} entry;

struct chain_solver {
    int n;                              /* pool cards, local 0..n-1 */
    int match;
    uint8_t id[MAX_LOCAL];              /* card id of each local card */
    uint8_t child[MAX_LOCAL][3];
    uint32_t follow[MAX_CONSTRAINTS];
    entry *table;
    uint64_t mask;                      /* entries - 1 */
    uint64_t generation;
    long nodes;
};

chain_solver *chain_solver_new(int log2_entries)
{
    if (log2_entries <= 0)
        log2_entries = DEFAULT_LOG2;
    chain_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    sv->table = calloc((size_t)1 << log2_entries, sizeof *sv->table);
    if (!sv->table) {
        free(sv);
        return NULL;
    }
    sv->mask = ((uint64_t)1 << log2_entries) - 1;
    return sv;
}

void chain_solver_free(chain_solver *sv)
{
    if (!sv)
        return;
    free(sv->table);
    free(sv);
}

long chain_solver_nodes(const chain_solver *sv)
{
    return sv->nodes;
}

/* Sets up the local model of s: the pool cards as bits 0..n-1 in id
 * order, the card to follow (or the first declarer's own card) as n, and
 * the masks of what may follow each constraint.  A new generation makes
 * every table entry of earlier positions stale. */
static void load(chain_solver *sv, const chain_state *s)
{
    sv->match = s->match;
    sv->n = 0;
    for (uint64_t m = s->pool; m; m &= m - 1)
        sv->id[sv->n++] = (uint8_t)__builtin_ctzll(m);
    int last = s->links ? s->card[s->links - 1] : s->drawn[s->first];
    sv->id[sv->n] = (uint8_t)last;
    int locals = sv->n + 1;
    memset(sv->follow, 0, sizeof sv->follow);
    for (int x = 0; x < locals; x++) {
        for (int a = 0; a < 3; a++) {
            int trait = tbi_mq_trait(a, tbi_mq_attr(sv->id[x], a));
            int c = sv->match == CHAIN_DECLARED ? trait : x * 3 + a;
            sv->child[x][a] = (uint8_t)c;
            uint64_t cards = chain_follow_set(sv->match, sv->id[x], a);
            uint32_t local = 0;
            for (int i = 0; i < sv->n; i++)
                if (cards >> sv->id[i] & 1u)
                    local |= 1u << i;
            sv->follow[c] = local;
        }
    }
    sv->generation = (sv->generation + 1) & 0xffffff;
    if (sv->generation == 0) { /* wrapped: stale entries could look fresh */
        memset(sv->table, 0, (size_t)(sv->mask + 1) * sizeof *sv->table);
        sv->generation = 1;
    }
}

/* Whether the mover, with the pool holding rem and constraint c to
 * follow, can win on the spot: take a card and declare something that
 * nothing left in the pool follows. */
static int can_kill(const chain_solver *sv, uint32_t rem, int c)
{
    for (uint32_t m = rem & sv->follow[c]; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t left = rem & ~(1u << i);
        for (int a = 0; a < 3; a++)
            if (!(left & sv->follow[sv->child[i][a]]))
                return 1;
    }
    return 0;
}

/* How many moves of the mover at (rem, c) do not let the opponent win on
 * the spot (its "safe" moves). */
static int safe_moves(const chain_solver *sv, uint32_t rem, int c)
{
    int n = 0;
    for (uint32_t m = rem & sv->follow[c]; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t left = rem & ~(1u << i);
        for (int a = 0; a < 3; a++)
            n += !can_kill(sv, left, sv->child[i][a]);
    }
    return n;
}

/* ---------------------------------------------------------------- df-pn */

#define INF 0x40000000u /* a proven value; finite sums stop below it */
#define BUCKET 4
#ifndef PN_ODD_PHI
#define PN_ODD_PHI 1
#define PN_ODD_DELTA 4
#define PN_EVEN_PHI 4
#define PN_EVEN_DELTA 1
#endif

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint32_t s = a + b;
    return a >= INF || b >= INF ? INF : s >= INF ? INF - 1 : s;
}

/* The table entry of key, or NULL when it is not stored. */
static entry *lookup(chain_solver *sv, uint64_t key)
{
    uint64_t tag = sv->generation << 40 | key;
    entry *b = &sv->table[(key * 0x9e3779b97f4a7c15ull >> 20) & sv->mask & ~(uint64_t)(BUCKET - 1)];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag)
            return &b[i];
    return NULL;
}

/* Stores (phi, delta) for key: in its own slot, else an empty or stale
 * one, else over the entry of the bucket with the least evidence (the
 * smallest phi + delta among unproven ones), keeping proofs. */
static void store(chain_solver *sv, uint64_t key, uint32_t phi, uint32_t delta)
{
    uint64_t tag = sv->generation << 40 | key;
    entry *b = &sv->table[(key * 0x9e3779b97f4a7c15ull >> 20) & sv->mask & ~(uint64_t)(BUCKET - 1)];
    entry *victim = NULL;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].tag == tag || (b[i].tag >> 40) != sv->generation) {
            victim = &b[i];
            break;
        }
        uint64_t w = (uint64_t)b[i].phi + b[i].delta;
        if (w < least) {
            least = w;
            victim = &b[i];
        }
    }
    victim->tag = tag;
    victim->phi = phi;
    victim->delta = delta;
}

static uint64_t key_of(uint32_t rem, int c)
{
    return (uint64_t)rem | (uint64_t)c << 30;
}

/* A safe move being searched: the pool it leaves, the constraint it sets
 * and the opponent's numbers before it was stored (from its safe moves). */
typedef struct kid {
    uint32_t left;
    uint8_t c;
    uint32_t phi, delta;
} kid;

/*
 * Depth-first proof-number search (Nagai's df-pn, with the 1 + epsilon
 * threshold of Pawlewicz and Lew) from the mover's side at (rem, c): it
 * searches until the proof number of the mover's win reaches th_phi or
 * its disproof number th_delta, and stores both.  A move that lets the
 * opponent win on the spot is never searched; an unsearched move starts
 * at (1, the opponent's safe moves), so a move leaving the opponent no
 * safe move is a proof at once.
 */
static void mid(chain_solver *sv, uint32_t rem, int c, uint32_t th_phi,
                uint32_t th_delta, uint32_t *phi_out, uint32_t *delta_out)
{
    sv->nodes++;
    uint64_t key = key_of(rem, c);
    kid kids[MAX_CONSTRAINTS];
    int k = 0;
    uint32_t moves = rem & sv->follow[c];
    if (can_kill(sv, rem, c)) {
        *phi_out = 0;
        *delta_out = INF;
        store(sv, key, 0, INF);
        return;
    }
    for (uint32_t m = moves; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t left = rem & ~(1u << i);
        for (int a = 0; a < 3; a++) {
            int cc = sv->child[i][a];
            const entry *e = lookup(sv, key_of(left, cc));
            if (e) {
                kids[k].phi = e->phi;
                kids[k].delta = e->delta;
            } else {
                if (can_kill(sv, left, cc))
                    continue;
                int r = safe_moves(sv, left, cc);
                int odd = __builtin_popcount(left & sv->follow[cc]) & 1;
                kids[k].phi = r ? (odd ? PN_ODD_PHI : PN_EVEN_PHI) : INF;
                kids[k].delta = r ? (uint32_t)r * (odd ? PN_ODD_DELTA : PN_EVEN_DELTA) : 0;
                store(sv, key_of(left, cc), kids[k].phi, kids[k].delta);
            }
            if (kids[k].phi == 0) /* the opponent wins at once: never */
                continue;
            kids[k].left = left;
            kids[k].c = (uint8_t)cc;
            k++;
        }
    }
    uint32_t phi = INF, delta = 0;
    for (;;) {
        phi = INF;
        delta = 0;
        uint32_t second = INF;
        int best = -1;
        for (int j = 0; j < k; j++) {
            const entry *e = lookup(sv, key_of(kids[j].left, kids[j].c));
            uint32_t p = e ? e->phi : kids[j].phi, d = e ? e->delta : kids[j].delta;
            if (d < phi) {
                second = phi;
                phi = d;
                best = j;
            } else if (d < second) {
                second = d;
            }
            delta = sat_add(delta, p);
        }
        if (phi >= th_phi || delta >= th_delta)
            break;
        const entry *e = lookup(sv, key_of(kids[best].left, kids[best].c));
        uint32_t best_phi = e ? e->phi : kids[best].phi;
        uint32_t child_th_phi = th_delta - delta + best_phi;
        uint32_t eps = second >= INF ? INF : second + second / 4 + 1;
        uint32_t child_th_delta = th_phi < eps ? th_phi : eps;
        uint32_t p, d;
        mid(sv, kids[best].left, kids[best].c, child_th_phi, child_th_delta, &p, &d);
        kids[best].phi = p;
        kids[best].delta = d;
    }
    store(sv, key, phi, delta);
    *phi_out = phi;
    *delta_out = delta;
}

/* Whether the mover wins at (rem, c), by df-pn to a proof or disproof. */
static int wins(chain_solver *sv, uint32_t rem, int c)
{
    if (!(rem & sv->follow[c]))
        return 0;
    const entry *e = lookup(sv, key_of(rem, c));
    if (e && e->phi == 0)
        return 1;
    if (e && e->delta == 0)
        return 0;
    uint32_t phi, delta;
    do {
        mid(sv, rem, c, INF, INF, &phi, &delta);
    } while (phi != 0 && delta != 0);
    return phi == 0;
}

/* One move at the root in local terms: the pool it leaves and what the
 * opponent must follow. */
typedef struct root_move {
    tb_action action;
    uint32_t left;
    int constraint;
} root_move;

/* The moves of the seat to move in s, in the game's legal order. */
static int root_moves(const chain_solver *sv, const chain_state *s,
                      root_move *out)
{
    uint32_t all = sv->n == 32 ? ~0u : (1u << sv->n) - 1;
    int k = 0;
    if (s->links == 0) {
        /* The first declaration: the seat's own card, any attribute that
         * some pool card follows (the friendly exception). */
        for (int a = 0; a < 3; a++) {
            int c = sv->child[sv->n][a];
            if (all & sv->follow[c])
                out[k++] = (root_move){chain_action(sv->id[sv->n], a), all, c};
        }
        return k;
    }
    uint32_t moves = all & sv->follow[sv->child[sv->n][s->attr[s->links - 1]]];
    for (uint32_t m = moves; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        for (int a = 0; a < 3; a++)
            out[k++] = (root_move){chain_action(sv->id[i], a),
                                   all & ~(1u << i), sv->child[i][a]};
    }
    return k;
}

int chain_solver_wins(chain_solver *sv, const chain_state *s)
{
    load(sv, s);
    root_move mv[MAX_CONSTRAINTS];
    int k = root_moves(sv, s, mv);
    for (int j = 0; j < k; j++)
        if (!wins(sv, mv[j].left, mv[j].constraint))
            return 1;
    return 0;
}

tb_action chain_solver_move(chain_solver *sv, const chain_state *s, int *won)
{
    load(sv, s);
    root_move mv[MAX_CONSTRAINTS];
    int k = root_moves(sv, s, mv);
    /* A win: the one leaving the fewest replies ends the game soonest. */
    int best = -1, best_replies = 0;
    for (int j = 0; j < k; j++) {
        int replies = __builtin_popcount(mv[j].left & sv->follow[mv[j].constraint]);
        if ((best < 0 || replies < best_replies) &&
            !wins(sv, mv[j].left, mv[j].constraint)) {
            best = j;
            best_replies = replies;
        }
    }
    if (won)
        *won = best >= 0;
    if (best >= 0)
        return mv[best].action;
    /* Lost against perfect play: leave the fewest winning replies, and
     * among those the most replies in all. */
    int best_winning = 0, best_total = 0;
    best = 0;
    for (int j = 0; j < k; j++) {
        uint32_t left = mv[j].left;
        uint32_t replies = left & sv->follow[mv[j].constraint];
        int winning = 0, total = 0;
        for (uint32_t m = replies; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            for (int a = 0; a < 3; a++) {
                total++;
                winning += !wins(sv, left & ~(1u << i), sv->child[i][a]);
            }
        }
        if (j == 0 || winning < best_winning ||
            (winning == best_winning && total > best_total)) {
            best = j;
            best_winning = winning;
            best_total = total;
        }
    }
    return mv[best].action;
}

/* The `solver` policy.  A policy has no place of its own to keep a
 * solver between moves, so each decision makes one and frees it: the
 * table is allocated zeroed by the system, which only touches the pages
 * the search uses (measured in docs/games/mystique-chain.md). */
tb_action chain_solver_policy(const void *st, int seat, tb_rng *rng)
{
    const chain_state *s = st;
    (void)seat;
    (void)rng;
    chain_solver *sv = chain_solver_new(POLICY_LOG2);
    if (!sv) { /* out of memory: the first legal move */
        if (s->links == 0)
            for (int a = 0;; a++)
                if (s->pool & chain_follow_set(s->match, s->drawn[s->first], a))
                    return chain_action(s->drawn[s->first], a);
        return chain_action(__builtin_ctzll(chain_to_follow(s)), 0);
    }
    tb_action a = chain_solver_move(sv, s, NULL);
    chain_solver_free(sv);
    return a;
}
