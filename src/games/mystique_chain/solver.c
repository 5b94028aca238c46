/*
 * solver.c - plays Mystique Chain exactly where it can prove the outcome.
 * After the deal the game has perfect information, no chance and no draws:
 * the player who cannot follow loses, and the pool shrinks by one card a
 * move, so every position is won or lost for the player to move.
 *
 * The search is depth-first proof-number search (df-pn: Nagai 2002, with
 * the 1 + epsilon thresholds of Pawlewicz and Lew 2007) over a
 * transposition table: it proves or disproves "the player to move wins",
 * always expanding the move whose proof looks cheapest, which here needs
 * about ten times fewer positions than alpha-beta with the same table
 * (docs/games/mystique-chain.md has the measurements).  On top of it:
 *   - bitboards: the n <= 30 cards of the pool are bits 0..n-1 of a 32-bit
 *     word, and what may follow is an AND with a mask, one per trait under
 *     match=declared, one per card and attribute under match=exactly-one;
 *   - the kill test: a move whose declaration nothing left in the pool
 *     follows wins at once, found with one AND per declaration;
 *   - safe moves only: a move after which the opponent has a kill is never
 *     searched, and a move that leaves the opponent no safe move is a
 *     proof at once (three plies without recursion);
 *   - the starting numbers of a new position favour handing the opponent
 *     an even number of cards to choose from (a player facing an odd
 *     number can keep declaring the same trait and take the last one).
 *
 * Proofs can be large: a whole deal of 30 cards needs from about a
 * million positions to far more, so each search has a budget of positions
 * and reports "unknown" when it runs out.  What it proves is exact.
 */
#include "chain.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LOCAL 32  /* pool cards (at most 30) and the card to follow */
#define MAX_CONSTRAINTS (MAX_LOCAL * 3)
#define DEFAULT_LOG2 20 /* 16 MB of table */
#define INF 0x40000000u /* a proven value; finite sums stop below it */
#define BUCKET 4

/* The starting numbers of a position not yet searched (the opponent to
 * move, r safe moves): (1, 4r) when it faces an odd number of cards, as it
 * then often wins, else (4, r). */
#define ODD_PHI 1
#define ODD_DELTA 4
#define EVEN_PHI 4
#define EVEN_DELTA 1

typedef struct entry {
    uint64_t tag;        /* generation << 40 | key; 0 when empty */
    uint32_t phi, delta; /* proof and disproof numbers of the mover's win */
} entry;

/*
 * A constraint is what the mover must follow: under match=declared the
 * declared trait (0-11), under match=exactly-one the card before and the
 * attribute declared with it (local card x 3 + attribute).  follow[c] is
 * the mask of pool cards that may follow it; child[i][a] the constraint a
 * move leaves when it takes pool card i and declares its attribute a.  A
 * position's key is the pool left (bits 0-29) and the constraint (above).
 */
struct chain_solver {
    int n;                 /* pool cards, local 0..n-1 */
    int match;
    uint8_t id[MAX_LOCAL]; /* card id of each local card */
    uint8_t child[MAX_LOCAL][3];
    uint32_t follow[MAX_CONSTRAINTS];
    entry *table;
    uint64_t mask;       /* entries - 1 */
    uint64_t generation; /* a new one for each position set up */
    long nodes, limit;   /* positions expanded; the search's budget */
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
 * what may follow each constraint.  A new generation makes every table
 * entry of earlier positions stale without clearing the table. */
static void load(chain_solver *sv, const chain_state *s)
{
    sv->match = s->match;
    sv->n = 0;
    for (uint64_t m = s->pool; m; m &= m - 1)
        sv->id[sv->n++] = (uint8_t)__builtin_ctzll(m);
    sv->id[sv->n] = s->links ? s->card[s->links - 1] : s->drawn[s->first];
    memset(sv->follow, 0, sizeof sv->follow);
    for (int x = 0; x <= sv->n; x++) {
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

/* The killers of a pool: the cards that win on the spot for whoever may
 * take them, as some attribute of theirs is shared (in the way the match
 * option asks) by no other card left, so declaring it cannot be followed.
 * Under match=declared that is a card that is the last of one of its
 * traits, found with one popcount test per trait. */
static uint32_t killers(const chain_solver *sv, uint32_t rem)
{
    uint32_t k = 0;
    if (sv->match == CHAIN_DECLARED) {
        for (int t = 0; t < TBI_MQ_TRAITS; t++) {
            uint32_t m = rem & sv->follow[t];
            if (m && !(m & (m - 1)))
                k |= m;
        }
        return k;
    }
    for (uint32_t m = rem; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t others = rem & ~(1u << i);
        for (int a = 0; a < 3; a++)
            if (!(others & sv->follow[sv->child[i][a]])) {
                k |= 1u << i;
                break;
            }
    }
    return k;
}

/* Whether the mover at (rem, c) can win on the spot. */
static int can_kill(const chain_solver *sv, uint32_t rem, int c)
{
    uint32_t moves = rem & sv->follow[c];
    return moves && (moves & killers(sv, rem)) != 0;
}

/* How many moves of the mover at (rem, c) do not let the opponent win on
 * the spot (its safe moves): after taking card i, a declaration is safe
 * when none of the cards that may follow it is a killer of what is left. */
static int safe_moves(const chain_solver *sv, uint32_t rem, int c)
{
    int n = 0;
    for (uint32_t m = rem & sv->follow[c]; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t left = rem & ~(1u << i), kill = killers(sv, left);
        for (int a = 0; a < 3; a++)
            n += !(left & sv->follow[sv->child[i][a]] & kill);
    }
    return n;
}

/* ---------------------------------------------------------------- table */

static uint64_t key_of(uint32_t rem, int c)
{
    return (uint64_t)rem | (uint64_t)c << 30;
}

static entry *bucket_of(chain_solver *sv, uint64_t key)
{
    uint64_t i = (key * 0x9e3779b97f4a7c15ull >> 20) & sv->mask;
    return &sv->table[i & ~(uint64_t)(BUCKET - 1)];
}

/* The table entry of key, or NULL when it is not stored. */
static const entry *lookup(chain_solver *sv, uint64_t key)
{
    uint64_t tag = sv->generation << 40 | key;
    entry *b = bucket_of(sv, key);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag)
            return &b[i];
    return NULL;
}

/* Stores (phi, delta) for key: in its own slot, else an empty or stale
 * one, else over the entry of its bucket with the least evidence (the
 * smallest phi + delta, so that proofs, which hold INF, are kept). */
static void store(chain_solver *sv, uint64_t key, uint32_t phi,
                  uint32_t delta)
{
    uint64_t tag = sv->generation << 40 | key;
    entry *b = bucket_of(sv, key), *victim = NULL;
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

/* ---------------------------------------------------------------- df-pn */

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint32_t s = a + b;
    return a >= INF || b >= INF ? INF : s >= INF ? INF - 1 : s;
}

/* A move being searched: the pool it leaves, the constraint it sets, and
 * the opponent's proof and disproof numbers there (phi: the opponent
 * wins; delta: it loses). */
typedef struct kid {
    uint32_t left;
    uint8_t c;
    uint32_t phi, delta;
} kid;

/* The numbers of the position a move leaves (the opponent to move), from
 * the table, or a first estimate that is stored: (0, INF) when the
 * opponent can kill, (INF, 0) when it has no safe move. */
static void kid_numbers(chain_solver *sv, kid *k)
{
    const entry *e = lookup(sv, key_of(k->left, k->c));
    if (e) {
        k->phi = e->phi;
        k->delta = e->delta;
        return;
    }
    if (!(k->left & sv->follow[k->c])) {
        k->phi = INF; /* nothing to follow: the opponent has lost */
        k->delta = 0;
    } else if (can_kill(sv, k->left, k->c)) {
        k->phi = 0;
        k->delta = INF;
    } else {
        uint32_t r = (uint32_t)safe_moves(sv, k->left, k->c);
        int odd = __builtin_popcount(k->left & sv->follow[k->c]) & 1;
        k->phi = r == 0 ? INF : odd ? ODD_PHI : EVEN_PHI;
        k->delta = r * (odd ? ODD_DELTA : EVEN_DELTA);
    }
    store(sv, key_of(k->left, k->c), k->phi, k->delta);
}

/* The mover's moves at (rem, c) that do not lose on the spot, with their
 * numbers; returns how many.  *kill is set when one of them wins at once
 * (and then the list may be cut short). */
static int expand(chain_solver *sv, uint32_t rem, int c, kid *kids,
                  int *kill)
{
    int k = 0;
    *kill = 0;
    uint32_t moves = rem & sv->follow[c];
    if (moves & killers(sv, rem)) {
        *kill = 1;
        return 0;
    }
    for (uint32_t m = moves; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t left = rem & ~(1u << i), kill_left = killers(sv, left);
        for (int a = 0; a < 3; a++) {
            kids[k].left = left;
            kids[k].c = sv->child[i][a];
            if (left & sv->follow[kids[k].c] & kill_left)
                continue; /* never hand the opponent a kill */
            __builtin_prefetch(bucket_of(sv, key_of(left, kids[k].c)));
            k++;
        }
    }
    /* The table's buckets were asked for above; they have had time to
     * arrive. */
    for (int j = 0; j < k; j++)
        kid_numbers(sv, &kids[j]);
    return k;
}

static void mid(chain_solver *sv, uint32_t rem, int c, uint32_t th_phi,
                uint32_t th_delta, uint32_t *phi, uint32_t *delta);

/*
 * The df-pn loop over a position's moves: the mover wins when some move
 * leaves the opponent lost (phi = min delta of the kids), and loses when
 * every move leaves it won (delta = sum of their phi).  It searches the
 * most promising move, with thresholds that send it back here as soon as
 * another looks better, until this position's numbers reach th_phi or
 * th_delta, or the budget runs out.  Returns the index of the best kid.
 */
static int search(chain_solver *sv, kid *kids, int k, uint32_t th_phi,
                  uint32_t th_delta, uint32_t *phi_out, uint32_t *delta_out)
{
    for (;;) {
        uint32_t phi = INF, delta = 0, second = INF;
        int best = -1;
        /* The kids' numbers as this loop last saw them: only the one just
         * searched has changed, but for what other paths through the
         * table proved meanwhile, which this loop would only see later. */
        for (int j = 0; j < k; j++) {
            if (kids[j].delta < phi) {
                second = phi;
                phi = kids[j].delta;
                best = j;
            } else if (kids[j].delta < second) {
                second = kids[j].delta;
            }
            delta = sat_add(delta, kids[j].phi);
        }
        *phi_out = phi;
        *delta_out = delta;
        if (phi >= th_phi || delta >= th_delta || sv->nodes >= sv->limit)
            return best;
        uint32_t grow = second >= INF ? INF : second + second / 4 + 1;
        uint32_t child_th_delta = th_phi < grow ? th_phi : grow;
        uint32_t child_th_phi = th_delta - delta + kids[best].phi;
        mid(sv, kids[best].left, kids[best].c, child_th_phi, child_th_delta,
            &kids[best].phi, &kids[best].delta);
    }
}

/* Searches the position (rem, c), the mover to move, within the
 * thresholds, and stores its numbers. */
static void mid(chain_solver *sv, uint32_t rem, int c, uint32_t th_phi,
                uint32_t th_delta, uint32_t *phi, uint32_t *delta)
{
    sv->nodes++;
    kid kids[MAX_CONSTRAINTS];
    int kill, k = expand(sv, rem, c, kids, &kill);
    if (kill) {
        *phi = 0;
        *delta = INF;
    } else if (k == 0) {
        *phi = INF;
        *delta = 0;
    } else {
        search(sv, kids, k, th_phi, th_delta, phi, delta);
    }
    store(sv, key_of(rem, c), *phi, *delta);
}

/* ---------------------------------------------------------------- root */

/* The moves of the seat to move in s, in the game's legal order, with
 * what each leaves; returns how many.  At the first declaration the seat
 * plays its own card, declaring any attribute some pool card follows. */
static int root_moves(const chain_solver *sv, const chain_state *s,
                      tb_action *act, kid *kids)
{
    uint32_t all = sv->n == 32 ? ~0u : (1u << sv->n) - 1;
    int k = 0;
    if (s->links == 0) {
        for (int a = 0; a < 3; a++) {
            int c = sv->child[sv->n][a];
            if (all & sv->follow[c]) {
                act[k] = chain_action(sv->id[sv->n], a);
                kids[k].left = all;
                kids[k++].c = (uint8_t)c;
            }
        }
        return k;
    }
    uint32_t moves = all & sv->follow[sv->child[sv->n][s->attr[s->links - 1]]];
    for (uint32_t m = moves; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        for (int a = 0; a < 3; a++) {
            act[k] = chain_action(sv->id[i], a);
            kids[k].left = all & ~(1u << i);
            kids[k++].c = sv->child[i][a];
        }
    }
    return k;
}

/* Whether the position a root move leaves is lost for the opponent
 * (the move wins), won for it (the move loses), or unknown. */
static int kid_outcome(const kid *k)
{
    return k->delta == 0 ? CHAIN_WON : k->phi == 0 ? CHAIN_LOST : CHAIN_UNKNOWN;
}

tb_action chain_solver_move(chain_solver *sv, const chain_state *s,
                            long budget, int *outcome)
{
    load(sv, s);
    tb_action act[MAX_CONSTRAINTS];
    kid all[MAX_CONSTRAINTS], kids[MAX_CONSTRAINTS];
    int index[MAX_CONSTRAINTS];
    int n = root_moves(sv, s, act, all), k = 0;
    /* Moves that win on the spot, and moves that lose on the spot (kept
     * aside: they are played only when nothing else is left). */
    for (int j = 0; j < n; j++) {
        if (!(all[j].left & sv->follow[all[j].c])) {
            if (outcome)
                *outcome = CHAIN_WON;
            return act[j];
        }
        kid_numbers(sv, &all[j]);
        if (all[j].phi != 0) {
            kids[k] = all[j];
            index[k++] = j;
        }
    }
    if (k == 0) { /* every move hands the opponent a kill */
        if (outcome)
            *outcome = CHAIN_LOST;
        return act[0];
    }
    sv->limit = sv->nodes + (budget > 0 ? budget : 1);
    uint32_t phi, delta;
    int best = search(sv, kids, k, INF, INF, &phi, &delta);
    int result = phi == 0 ? CHAIN_WON : delta == 0 ? CHAIN_LOST : CHAIN_UNKNOWN;
    if (outcome)
        *outcome = result;
    if (result == CHAIN_WON) {
        for (int j = 0; j < k; j++) /* a proven win, the first in order */
            if (kid_outcome(&kids[j]) == CHAIN_WON)
                return act[index[j]];
    }
    if (result == CHAIN_LOST) {
        /* Every move loses against perfect play: leave the opponent the
         * most safe replies, so that a fallible opponent has the most
         * ways to go wrong. */
        int pick = 0, most = -1;
        for (int j = 0; j < k; j++) {
            int r = safe_moves(sv, kids[j].left, kids[j].c);
            if (r > most) {
                most = r;
                pick = j;
            }
        }
        return act[index[pick]];
    }
    /* Unknown: the move the search found most promising. */
    return act[index[best]];
}

int chain_solver_outcome(chain_solver *sv, const chain_state *s, long budget)
{
    int outcome;
    chain_solver_move(sv, s, budget, &outcome);
    return outcome;
}

/* The first legal move of s, for when no solver can be made (out of
 * memory): at the first declaration the first attribute of the first
 * declarer's card that a pool card follows, else the first pool card that
 * follows, declaring its number. */
static tb_action first_legal(const chain_state *s)
{
    if (s->links == 0)
        for (int a = 0;; a++)
            if (s->pool & chain_follow_set(s->match, s->drawn[s->first], a))
                return chain_action(s->drawn[s->first], a);
    return chain_action(__builtin_ctzll(chain_to_follow(s)), 0);
}

/* The solver's move for the seat to move in s at the `solver` policy's
 * table size and budget, with what it proved in *outcome.  A policy or a
 * game hook has no place of its own to keep a solver between moves, so
 * each decision makes one and frees it; the table is allocated zeroed by
 * the system, which only maps the pages the search touches.  Out of
 * memory: the first legal move, unknown. */
static tb_action policy_move(const chain_state *s, int *outcome)
{
    chain_solver *sv = chain_solver_new(CHAIN_POLICY_LOG2);
    if (!sv) {
        *outcome = CHAIN_UNKNOWN;
        return first_legal(s);
    }
    tb_action a = chain_solver_move(sv, s, CHAIN_POLICY_BUDGET, outcome);
    chain_solver_free(sv);
    return a;
}

/* The `solver` policy: the solver's move, proven or not. */
tb_action chain_solver_policy(const void *st, int seat, tb_rng *rng)
{
    int outcome;
    (void)seat;
    (void)rng;
    return policy_move(st, &outcome);
}

/* The game's solve hook (tb_game.solve), with the policy's budget.  After
 * the deal nothing is hidden from either seat (the pool and both drawn
 * cards are face up, the cards out of play known by elimination), and the
 * solver reads only the pool, the chain and the drawn cards, never the
 * order of the cards out of play, which is all that determinize
 * resamples: so it proves from what seat sees. */
int chain_solve(const void *st, int seat, tb_action *out)
{
    int outcome;
    (void)seat;
    *out = policy_move(st, &outcome);
    return outcome == CHAIN_WON    ? TB_PROVEN_WIN
           : outcome == CHAIN_LOST ? TB_PROVEN_LOSS
                                   : TB_UNPROVEN;
}
