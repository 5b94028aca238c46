/*
 * ismcts.c - the `ismcts` bot: information-set Monte Carlo tree search in
 * its single-observer form (SO-ISMCTS, after Cowling, Powley and Whitehouse,
 * 2012), written once against the generic tb_game interface so that every
 * game gets a strong bot without game-specific code.
 *
 * One search per decision.  Each iteration
 *   1. copies the root state (already determinized for the bot's seat) and
 *      determinizes it again from that seat's view, so every iteration plays
 *      in a fresh world consistent with what the seat knows: other hands,
 *      the unseen deck and other seats' earlier secret choices are
 *      resampled; where the game can retract those secret choices, the
 *      bot's model of the players (the game's heuristic) makes them again
 *      instead of leaving them uniformly random;
 *   2. walks down the tree.  A node is reached by a (seat, action) pair from
 *      its parent, and holds the reward of the seat that acted into it, so
 *      every seat maximizes its own reward (in cooperative games they all
 *      share the team's).  Only the children legal in this world compete,
 *      by UCB1 with availability counts: a child's exploration term uses
 *      how often it was available rather than its parent's visits;
 *   3. expands one action (with a heuristic, nodes widen progressively from
 *      the heuristic's choice), then plays to the end of the game with the
 *      playout policy (the heuristic, random moves, or the one then the
 *      other);
 *   4. adds the reward of each seat to the nodes that seat acted into.
 * docs/bots.md explains each step and the reward at length.
 * Chance nodes are sampled wherever they occur.  A dice roll's outcome is
 * usually public and small, so it becomes a node of its own and decisions
 * after different rolls are kept apart; a shuffle's outcome is mostly
 * hidden and never repeats, so it is passed through without a node.
 *
 * The bot then plays the root action visited most often.  All memory (the
 * node pool, its hash index, the state buffers) is allocated when the bot is
 * made; the pool only grows between decisions, when a time budget filled it.
 *
 * Where the game can prove positions (tb_game.solve, solve=on), its solver
 * is asked about the root first: a proven win is played without a search,
 * and after a search the choice is checked against a proof that it loses
 * (verify), the next most visited action taking its place when it does.
 */
#include "ismcts.h"
#include "internal.h"
#include "belief.h"
#include "oppmodel.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_ITERS 1000
#define DEFAULT_C 0.7
#define DEFAULT_WIDEN 0.5
#define DEFAULT_RWIDEN 1.0
#define DEFAULT_RWIDEN_TEAM 0.1 /* at the root of a cooperative game */
#define DEFAULT_ISHARE 0.5     /* infer=N: half the worlds from the belief */
#define DEFAULT_ITEMPER 0.5    /* infer=N: the likelihoods' power */
#define TIME_NODES (1u << 16)  /* first pool size under a time budget */
#define MAX_NODES (1u << 20)   /* the pool grows no further by itself */
#define CLOCK_EVERY 16         /* iterations between looks at the clock */
#define CHANCE_TAG 0xffffu     /* key tag of a dice-roll node */
#define OBS_BIT (1ull << 63)   /* key bit of an observation node */
#define SEEN_MAX 256           /* actions between two kept searches */

enum {
    PLAYOUT_DEFAULT,
    PLAYOUT_RANDOM,
    PLAYOUT_HEURISTIC,
    PLAYOUT_QUICK,
    PLAYOUT_POLICY /* one of the game's tb_game.policies */
};

extern const tbi_bot_kind tbi_bot_ismcts;

/* One tree node.  Nodes live in one pool; node 0 is the root.  Children are
 * found through a hash index on (parent, key), so a node needs no list of
 * its children and a wide node costs nothing extra. */
typedef struct node {
    uint64_t key;    /* (seat + 1) << 32 | action, CHANCE_TAG << 32 | hash,
                      * or OBS_BIT | information-set key >> 1 */
    double reward;   /* summed reward of the seat that acted into the node */
    uint32_t parent;
    uint32_t slot;   /* its entry in the hash index, cleared between moves */
    uint32_t visits;
    uint32_t avail;  /* iterations in which its action was legal */
} node;

typedef struct params {
    long iters;      /* iterations per decision (0: no such limit) */
    double time;     /* seconds per decision (0: no such limit) */
    double c;        /* UCB exploration constant, for rewards in [0, 1] */
    int playout;     /* PLAYOUT_* */
    double fine;     /* weight of placement and margin in the reward */
    long nodes;      /* pool size asked for (0: chosen from the budget) */
    int pdet;        /* re-determinize for each seat's heuristic playout move */
    double widen;    /* progressive widening below the root (<0: off) */
    long hmoves;     /* heuristic moves per playout, then random (<0: all) */
    double rwiden;   /* progressive widening at the root (<0: off) */
    int obs;         /* split the tree by what the root seat observes */
    int horizon;     /* 1: playouts end with the round (games with
                      * standing); 2: at the seat's next turn after it */
    int raw;         /* reward=score: the seat's own score, unscaled */
    int keep;        /* keep the tree between decisions */
    double anchor;   /* play the heuristic's root choice unless another is
                      * this many standard errors better (<0: off) */
    int pair;        /* every root action tried in each world, on the same
                      * generator: the root compares them paired */
    int prune;       /* the root compares only the game's candidates */
    int flat;        /* no tree below the root: the model plays there */
    int vote;        /* each walk takes the heuristic's root choice in its
                      * world: the most visited is its most frequent */
    int opp;         /* infer each other seat's policy from its moves */
    long infer;      /* worlds weighted by the moves seen (0: off) */
    double ishare;   /* share of iterations that draw from them */
    double itemper;  /* power of the moves' likelihood in their weights */
    int solve;       /* ask the game's solver at the root (tb_game.solve);
                      * -1 until settled: on when the game has one */
    long verify;     /* with solve: moves the solver may check after the
                      * search, most visited first, for a proven loss
                      * (<0: all) */
    const tb_policy *policy; /* with PLAYOUT_POLICY */
} params;

typedef struct search {
    params p;
    node *pool;
    uint32_t cap, used;
    int full;         /* the pool ran out during the last decision */
    uint32_t *index;  /* open addressing: node numbers, 0 for empty */
    uint32_t mask;
    uint32_t *path;   /* nodes visited by this iteration, cap entries */
    void *world;      /* this iteration's determinization */
    void *seat_view;  /* a copy determinized for a playout seat (pdet) */
    void *scratch;    /* room for tb_infoset_key */
    void *group;      /* pair=on: the world the root actions share */
    int forcing;      /* pair=on: the walk plays `forced` at the root */
    tb_action forced;
    long groups;      /* pair=on: worlds searched for this decision */
    double pdiff[TB_MAX_ACTIONS];    /* summed reward over the base action's */
    double pdiff_sq[TB_MAX_ACTIONS]; /* and its square, per root action */
    long last_iters;
    int root_round;   /* the round of the decision (horizon) */
    int higher;       /* 1: higher standings are better, -1: lower, 0: ? */
    int players;      /* learnt with higher */
    int score_dir;    /* reward=score: 1 when higher scores win, -1 lower */
    uint32_t root;    /* the root node: 0, or a kept subtree's (keep=on) */
    int n_seen;       /* actions observed since the last search (keep) */
    int seen_ok;      /* every one of them was seen and recorded */
    uint64_t seen[SEEN_MAX]; /* their node keys */
    double standing[TB_MAX_PLAYERS];
    int has_hint;     /* root_hint holds the heuristic's choice */
    tb_action root_hint;
    /* The seat's own parameters, read again over the game's defaults for
     * a player count once the count is known (tb_game.search_defaults_for),
     * when the game has any such defaults (has_for). */
    char text[256];
    int has_for;
    int tuned_for;    /* the player count p was read for; 0: none yet */
    /* opp=on: the belief about every other seat's policy, and the policy
     * drawn from it for each seat in this iteration's world. */
    tbi_oppmodel model;
    int world_model[TB_MAX_PLAYERS];
    /* infer=N: the worlds weighted by the likelihood of the moves seen
     * (belief.h), made for the most worlds any player count asks; and
     * whether this decision draws its worlds from them. */
    tbi_belief *belief;
    int use_belief;
    tb_action legal[TB_MAX_ACTIONS];
    uint32_t child[TB_MAX_ACTIONS]; /* node per legal action, 0 when none */
    /* prune=on: the root's candidates (tb_game.candidates), which alone
     * the walk may play at the root. */
    tb_action cand[TB_MAX_ACTIONS];
    int n_cand;
    double reward[TB_MAX_PLAYERS];
} search;

/* ------------------------------------------------------------ reward */

/* The score margin of seat against the mean of the others, scaled by the
 * spread of the scores into [0, 1].  Whether a higher score is better is the
 * game's own choice, so it is read off the ranks. */
static double score_margin(const tb_result *r, int seat)
{
    int best = 0, worst = 0;
    double lo = r->score[0], hi = r->score[0], others = 0;
    for (int j = 0; j < r->players; j++) {
        if (r->rank[j] < r->rank[best])
            best = j;
        if (r->rank[j] > r->rank[worst])
            worst = j;
        lo = r->score[j] < lo ? r->score[j] : lo;
        hi = r->score[j] > hi ? r->score[j] : hi;
        if (j != seat)
            others += r->score[j];
    }
    if (hi <= lo || r->score[best] == r->score[worst])
        return 0.5;
    double dir = r->score[best] > r->score[worst] ? 1.0 : -1.0;
    double mean = others / (r->players - 1);
    return 0.5 + 0.5 * dir * (r->score[seat] - mean) / (hi - lo);
}

double tbi_ismcts_reward(const tb_game *g, const tb_result *r, int seat,
                         double fine)
{
    if (g->reward) {
        double v = g->reward(r, seat);
        return v < 0 ? 0 : v > 1 ? 1 : v;
    }
    if (r->cooperative)
        return r->team_win ? 1.0 : 0.0;
    int worse = 0, tied = 0;
    for (int j = 0; j < r->players; j++) {
        if (j != seat) {
            worse += r->rank[j] > r->rank[seat];
            tied += r->rank[j] == r->rank[seat];
        }
    }
    double win = tbi_win_share(r, seat);
    if (r->players < 2)
        return win;
    double place = (worse + 0.5 * tied) / (r->players - 1);
    return (1 - fine) * win + fine * 0.5 * (place + score_margin(r, seat));
}

/* ------------------------------------------------------------ parameters */

/* Reads a number from text into *out within [min, max]; 0 on failure. */
static int read_number(const char *text, double min, double max, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v >= min && v <= max))
        return 0;
    *out = v;
    return 1;
}

/* Applies one key=value parameter. */
static int set_param(params *p, const tb_game *g, const char *key,
                     const char *val, char *err, size_t cap)
{
    double v;
    if (tbi_word_eq(key, "iters")) {
        if (!read_number(val, 1, 1e9, &v) || v != (double)(long)v)
            goto bad_number;
        p->iters = (long)v;
    } else if (tbi_word_eq(key, "time")) {
        if (!read_number(val, 1e-4, 3600, &v))
            goto bad_number;
        p->time = v;
    } else if (tbi_word_eq(key, "c")) {
        if (!read_number(val, 0, 100, &v))
            goto bad_number;
        p->c = v;
    } else if (tbi_word_eq(key, "fine")) {
        if (!read_number(val, 0, 1, &v))
            goto bad_number;
        p->fine = v;
    } else if (tbi_word_eq(key, "widen") || tbi_word_eq(key, "rwiden")) {
        if (tbi_word_eq(val, "off"))
            v = -1;
        else if (!read_number(val, 0, 100, &v))
            goto bad_number;
        *(tbi_word_eq(key, "widen") ? &p->widen : &p->rwiden) = v;
    } else if (tbi_word_eq(key, "anchor")) {
        if (tbi_word_eq(val, "off"))
            v = -1;
        else if (!read_number(val, 0, 100, &v))
            goto bad_number;
        p->anchor = v;
    } else if (tbi_word_eq(key, "infer")) {
        if (tbi_word_eq(val, "off"))
            v = 0;
        else if (!read_number(val, 2, 4096, &v) || v != (double)(long)v)
            goto bad_number;
        p->infer = (long)v;
    } else if (tbi_word_eq(key, "ishare") || tbi_word_eq(key, "itemper")) {
        if (!read_number(val, 0, 1, &v))
            goto bad_number;
        *(tbi_word_eq(key, "ishare") ? &p->ishare : &p->itemper) = v;
    } else if (tbi_word_eq(key, "hmoves")) {
        if (tbi_word_eq(val, "all"))
            v = -1;
        else if (!read_number(val, 0, 1e9, &v) || v != (double)(long)v)
            goto bad_number;
        p->hmoves = (long)v;
    } else if (tbi_word_eq(key, "verify")) {
        if (tbi_word_eq(val, "all"))
            v = -1;
        else if (!read_number(val, 0, TB_MAX_ACTIONS, &v) ||
                 v != (double)(long)v)
            goto bad_number;
        p->verify = (long)v;
    } else if (tbi_word_eq(key, "nodes")) {
        if (!read_number(val, 64, (double)(1u << 28), &v) ||
            v != (double)(long)v)
            goto bad_number;
        p->nodes = (long)v;
    } else if (tbi_word_eq(key, "playout")) {
        if (tbi_word_eq(val, "random"))
            p->playout = PLAYOUT_RANDOM;
        else if (tbi_word_eq(val, "heuristic"))
            p->playout = PLAYOUT_HEURISTIC;
        else if (tbi_word_eq(val, "quick"))
            p->playout = PLAYOUT_QUICK;
        else {
            for (int i = 0; i < g->n_policies; i++)
                if (tbi_word_eq(val, g->policies[i].name)) {
                    p->playout = PLAYOUT_POLICY;
                    p->policy = &g->policies[i];
                    return TB_OK;
                }
            tbi_errf(err, cap, "ismcts: playout takes random, heuristic, "
                     "quick or one of %s's policies, not '%s'", g->id, val);
            return TB_EINVAL;
        }
    } else if (tbi_word_eq(key, "reward")) {
        if (tbi_word_eq(val, "score"))
            p->raw = 1;
        else if (tbi_word_eq(val, "win"))
            p->raw = 0;
        else {
            tbi_errf(err, cap, "ismcts: reward takes win or score, not "
                     "'%s'", val);
            return TB_EINVAL;
        }
    } else if (tbi_word_eq(key, "horizon")) {
        if (tbi_word_eq(val, "round"))
            p->horizon = 1;
        else if (tbi_word_eq(val, "turn"))
            p->horizon = 2;
        else if (tbi_word_eq(val, "game"))
            p->horizon = 0;
        else {
            tbi_errf(err, cap, "ismcts: horizon takes game, round or "
                     "turn, not '%s'", val);
            return TB_EINVAL;
        }
    } else if (tbi_word_eq(key, "pdet") || tbi_word_eq(key, "obs") ||
               tbi_word_eq(key, "keep") || tbi_word_eq(key, "pair") ||
               tbi_word_eq(key, "prune") || tbi_word_eq(key, "flat") ||
               tbi_word_eq(key, "opp") || tbi_word_eq(key, "solve") ||
               tbi_word_eq(key, "vote")) {
        int on;
        if (tbi_word_eq(val, "on") || tbi_word_eq(val, "1"))
            on = 1;
        else if (tbi_word_eq(val, "off") || tbi_word_eq(val, "0"))
            on = 0;
        else {
            tbi_errf(err, cap, "ismcts: %s takes on or off, not '%s'", key,
                     val);
            return TB_EINVAL;
        }
        *(tbi_word_eq(key, "pdet")    ? &p->pdet
          : tbi_word_eq(key, "obs")   ? &p->obs
          : tbi_word_eq(key, "pair")  ? &p->pair
          : tbi_word_eq(key, "prune") ? &p->prune
          : tbi_word_eq(key, "flat")  ? &p->flat
          : tbi_word_eq(key, "opp")   ? &p->opp
          : tbi_word_eq(key, "solve") ? &p->solve
          : tbi_word_eq(key, "vote")  ? &p->vote
                                      : &p->keep) = on;
    } else {
        tbi_errf(err, cap, "ismcts has no parameter '%s'; its parameters: "
                 "iters, time, c, playout, hmoves, fine, widen, rwiden, nodes, "
                 "pdet, obs, horizon, reward, keep, anchor, pair, prune, "
                 "flat, opp, infer, ishare, itemper, solve, verify, vote", key);
        return TB_EINVAL;
    }
    return TB_OK;
bad_number:
    tbi_errf(err, cap, "ismcts: '%s' is not a valid value for %s "
             "(see 'tabula rules' or docs/bots.md)", val, key);
    return TB_EINVAL;
}

/* Applies "key=value,key=value" text to p. */
static int apply_params(params *p, const tb_game *g, const char *text,
                        char *err, size_t cap)
{
    char buf[256];
    if (strlen(text) >= sizeof buf) {
        tbi_errf(err, cap, "ismcts: parameters too long");
        return TB_EINVAL;
    }
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = buf; *tok;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(tok, '=');
        if (!eq) {
            tbi_errf(err, cap, "ismcts: write parameters as key=value, not "
                     "'%s'", tok);
            return TB_EINVAL;
        }
        *eq = '\0';
        int rc = set_param(p, g, tok, eq + 1, err, cap);
        if (rc != TB_OK)
            return rc;
        if (!comma)
            break;
        tok = comma + 1;
    }
    return TB_OK;
}

/* Reads a seat's parameters into p: the generic defaults, then the game's
 * own search defaults (tb_game.search_defaults), then those for `players`
 * seats (tb_game.search_defaults_for; players 0: none, as when the count
 * is not known yet), then the seat's text. */
static int parse_params(params *p, const tb_game *g, const char *text,
                        int players, char *err, size_t cap)
{
    memset(p, 0, sizeof *p);
    p->c = DEFAULT_C;
    p->fine = TBI_ISMCTS_FINE;
    p->widen = DEFAULT_WIDEN;
    p->rwiden = NAN; /* the default depends on the game: see settle_params */
    p->hmoves = -1;
    p->obs = 0;
    p->anchor = -1;
    p->ishare = DEFAULT_ISHARE;
    p->itemper = DEFAULT_ITEMPER;
    p->solve = -1;
    p->verify = -1; /* all: measured in Mystique Chain (docs/bots.md) */
    const char *defaults[2] = {
        g->search_defaults,
        players > 0 && players <= TB_MAX_PLAYERS
            ? g->search_defaults_for[players]
            : NULL};
    for (int i = 0; i < 2; i++) {
        char why[200];
        if (defaults[i] &&
            apply_params(p, g, defaults[i], why, sizeof why) != TB_OK) {
            tbi_errf(err, cap, "%s's search defaults%s are broken: %s",
                     g->id, i ? " for this player count" : "", why);
            return TB_EINVAL;
        }
    }
    int rc = apply_params(p, g, text, err, cap);
    if (rc != TB_OK)
        return rc;
    if (!p->iters && p->time <= 0)
        p->iters = DEFAULT_ITERS;
    return TB_OK;
}

/* ------------------------------------------------------------ node pool */

/* Allocates a pool of cap nodes with its hash index (at least twice as many
 * slots, so probes stay short) and the path buffer.  Returns 0 on failure,
 * leaving the old pool in place. */
static int pool_alloc(search *s, uint32_t cap)
{
    uint32_t slots = 2;
    while (slots < 2 * cap)
        slots *= 2;
    node *pool = malloc((size_t)cap * sizeof *pool);
    uint32_t *index = calloc(slots, sizeof *index);
    uint32_t *path = malloc((size_t)cap * sizeof *path);
    if (!pool || !index || !path) {
        free(pool);
        free(index);
        free(path);
        return 0;
    }
    free(s->pool);
    free(s->index);
    free(s->path);
    s->pool = pool;
    s->index = index;
    s->path = path;
    s->cap = cap;
    s->mask = slots - 1;
    s->used = 0;
    return 1;
}

/* Empties the tree, leaving only a fresh root.  Only the index slots that
 * nodes took are cleared, so a small search does not pay for a big pool. */
static void pool_reset(search *s)
{
    for (uint32_t i = 1; i < s->used; i++)
        s->index[s->pool[i].slot] = 0;
    memset(&s->pool[0], 0, sizeof s->pool[0]);
    s->used = 1;
    s->full = 0;
    s->root = 0;
}

/* The hash-index slot where (parent, key) is or would go. */
static uint32_t find_slot(const search *s, uint32_t parent, uint64_t key)
{
    uint64_t h = key * 0x9e3779b97f4a7c15ull ^
                 (uint64_t)parent * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    h *= 0x94d049bb133111ebull;
    h ^= h >> 29;
    uint32_t i = (uint32_t)h & s->mask;
    while (s->index[i]) {
        const node *n = &s->pool[s->index[i]];
        if (n->parent == parent && n->key == key)
            break;
        i = (i + 1) & s->mask;
    }
    return i;
}

/* The child of parent reached by key, or 0 when there is none. */
static uint32_t find_child(const search *s, uint32_t parent, uint64_t key)
{
    return s->index[find_slot(s, parent, key)];
}

/* Adds the child (parent, key); returns it, or 0 when the pool is full. */
static uint32_t add_child(search *s, uint32_t parent, uint64_t key)
{
    if (s->used >= s->cap) {
        s->full = 1;
        return 0;
    }
    uint32_t id = s->used++;
    uint32_t slot = find_slot(s, parent, key);
    node *n = &s->pool[id];
    memset(n, 0, sizeof *n);
    n->key = key;
    n->parent = parent;
    n->slot = slot;
    s->index[slot] = id;
    return id;
}

static uint64_t decision_key(int seat, tb_action a)
{
    return (uint64_t)(seat + 1) << 32 | a;
}

/* The seat that acted into a node, or -1 for a dice-roll or observation
 * node. */
static int node_seat(const node *n)
{
    if (n->key & OBS_BIT)
        return -1;
    uint32_t tag = (uint32_t)(n->key >> 32);
    return tag == CHANCE_TAG ? -1 : (int)tag - 1;
}

/* ------------------------------------------------------------ search */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether a search begun at `start` (now_seconds; read only with a time
 * budget) has spent its budget after `it` iterations: the iterations
 * given, or the time, looked at only when `look` (the clock is not read
 * after every quick iteration). */
static int budget_spent(const search *s, long it, double start, int look)
{
    if (s->p.iters && it >= s->p.iters)
        return 1;
    return s->p.time > 0 && look && now_seconds() - start >= s->p.time;
}

/* Resolves a chance node of the world during the tree walk.  Returns the
 * node to continue from: a dice roll's outcome node (made if new), the same
 * node for a shuffle, or 0 when the pool is full and the walk must end. */
static uint32_t tree_chance(search *s, const tb_game *g, tb_rng *rng,
                            uint32_t at, int *depth)
{
    tb_chance spec;
    uint16_t outcome[TB_MAX_CHANCE];
    int n;
    g->chance(s->world, &spec);
    tb_sample_chance(g, s->world, rng, outcome, &n);
    if (spec.kind != TB_CHANCE_ROLL || s->p.obs)
        return at; /* observation nodes will tell the outcomes apart */
    uint32_t h = 2166136261u; /* FNV-1a over the rolled values */
    for (int i = 0; i < n; i++)
        h = (h ^ outcome[i]) * 16777619u;
    uint64_t key = (uint64_t)CHANCE_TAG << 32 | h;
    uint32_t child = find_child(s, at, key);
    if (!child && !(child = add_child(s, at, key)))
        return 0;
    s->path[(*depth)++] = child;
    return child;
}

/* Moves from node `at` to the child for what the root seat now observes
 * (its information set, see tb_infoset_key), made if new, before a
 * decision below the root.  Decisions that follow different observations
 * (the card just turned up, the cards just drawn) then keep their
 * statistics apart, as the seat's own information sets do; without this a
 * node would fuse, say, "take the next card" over every card that could
 * come, and judge the first move by a policy blind to what follows.
 * Returns the node, or 0 when the pool is full. */
static uint32_t tree_observation(search *s, const tb_game *g, uint32_t at,
                                 int root_seat, int *depth)
{
    uint64_t key =
        OBS_BIT | tb_infoset_key(g, s->world, root_seat, s->scratch) >> 1;
    uint32_t child = find_child(s, at, key);
    if (!child && !(child = add_child(s, at, key)))
        return 0;
    s->path[(*depth)++] = child;
    return child;
}

/* The UCB1 value of a child, with its availability standing in for the
 * parent's visits. */
static double ucb(const node *n, double c)
{
    double v = (double)n->visits;
    return n->reward / v + c * sqrt(log((double)n->avail) / v);
}

/* A uniformly random legal action in the world. */
static tb_action random_action(search *s, const tb_game *g, tb_rng *rng)
{
    int n = g->legal(s->world, s->legal);
    assert(n >= 1); /* determinized worlds keep a legal move (conformance) */
    return s->legal[n == 1 ? 0 : tb_rng_below(rng, (uint32_t)n)];
}

/* The policy the search takes every player to follow unless told
 * otherwise: the game's quick policy when playouts use it, one of its named
 * policies when asked for, else its heuristic; NULL (random play) in a game
 * with neither. */
static tbi_policy_fn base_policy(const search *s, const tb_game *g)
{
    return s->p.playout == PLAYOUT_QUICK    ? g->quick
           : s->p.playout == PLAYOUT_POLICY ? s->p.policy->choose
                                            : g->heuristic;
}

/* The bot's model of how seat plays in the world: the base policy above,
 * or with opp=on the policy drawn for that seat in this world from the
 * belief its moves have earned.  It picks the first child of nodes below the root, replays
 * hidden choices, and plays guided playouts. */
static tb_action model_action(search *s, const tb_game *g, tb_rng *rng,
                              int seat, int root_seat)
{
    tb_action (*policy)(const void *, int, tb_rng *) = base_policy(s, g);
    if (s->p.opp && seat != root_seat && seat >= 0 && seat < TB_MAX_PLAYERS)
        policy = s->model.fn[s->world_model[seat]]; /* NULL: random */
    if (!policy)
        return random_action(s, g, rng);
    if (!s->p.pdet || seat == root_seat)
        return policy(s->world, seat, rng);
    /* The world was sampled for the root seat; let this seat decide on a
     * world sampled for it, so it cannot read cards it has not seen. */
    memcpy(s->seat_view, s->world, g->state_size);
    g->determinize(s->seat_view, seat, rng);
    return policy(s->seat_view, seat, rng);
}

/* Which legal action to expand at node `at`, or -1 to select among the
 * existing children instead.  Without a heuristic every untried action is
 * expanded, in random order, before any is selected again (plain
 * SO-ISMCTS).  With one, nodes widen progressively: the heuristic's choice
 * in this world is expanded first, and other actions join as the node
 * gathers visits, up to 1 + W * sqrt(visits) children (W is rwiden at the
 * root, widen below it).  Opponents in the tree then play like the
 * heuristic until search has reason to look further, instead of trying
 * every card once at random, and a small budget facing many actions spends
 * itself on the likely ones. */
static int pick_expansion(search *s, const tb_game *g, tb_rng *rng,
                          uint32_t at, int seat, int root_seat, int n,
                          int untried)
{
    if (!untried)
        return -1;
    double w = at == s->root ? s->p.rwiden : s->p.widen;
    if (g->heuristic && w >= 0) {
        if (at == s->root && s->has_hint)
            for (int i = 0; i < n; i++)
                if (s->legal[i] == s->root_hint && !s->child[i])
                    return i;
        tb_action h = model_action(s, g, rng, seat, root_seat);
        for (int i = 0; i < n; i++)
            if (s->legal[i] == h && !s->child[i])
                return i;
        if (n - untried >= 1 + (int)(w * sqrt((double)s->pool[at].visits)))
            return -1;
    }
    uint32_t k = tb_rng_below(rng, (uint32_t)untried);
    for (int i = 0; i < n; i++)
        if (!s->child[i] && k-- == 0)
            return i;
    return -1; /* unreachable */
}

/* vote=on, at the root: the index of the action the game's heuristic
 * chooses for the root seat in this walk's world (the full heuristic,
 * whatever the playouts use).  Every walk then takes the heuristic's
 * choice in its own world, so the root's visits count how often each
 * action is that choice and the most visited is the one it makes most
 * often over the sampled worlds: where the heuristic itself samples what
 * it cannot see (Mysterium's ghost imagines 24 pairs of eyes a gift), the
 * search pools its estimates over as many worlds as it walks.  The
 * playouts below still score each action; they break ties. */
static int voted_pick(search *s, const tb_game *g, tb_rng *rng, int seat,
                      int n)
{
    tb_action h = g->heuristic(s->world, seat, rng);
    for (int i = 0; i < n; i++)
        if (s->legal[i] == h)
            return i;
    assert(0 && "the heuristic chose an illegal action");
    return 0;
}

/* pair=on: the index of the root action this walk must play among the
 * world's legal actions.  A determinized world keeps the seat's choices
 * (a conformance rule), so the root's actions are all there. */
static int forced_pick(search *s, int n)
{
    for (int i = 0; i < n; i++)
        if (s->legal[i] == s->forced)
            return i;
    assert(0 && "a determinized world lost one of the root's actions");
    return 0;
}

/* prune=on, at the root: keeps of the world's n legal actions in s->legal
 * those that are the root's candidates and returns how many.  A
 * determinized world keeps the seat's choices (a conformance rule), so
 * every candidate is there. */
static int keep_candidates(search *s, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < s->n_cand; j++)
            if (s->legal[i] == s->cand[j]) {
                s->legal[k++] = s->legal[i];
                break;
            }
    assert(k >= 1);
    return k;
}

/* One decision of the tree walk at node `at` for seat.  Counts the
 * availability of the legal children, then either expands an action
 * (returning the new node and setting *expanded) or follows the best
 * existing child by UCB.  Applies the action to the world.  Returns 0 when
 * the pool is full and the walk must end without applying anything. */
static uint32_t tree_decision(search *s, const tb_game *g, tb_rng *rng,
                              uint32_t at, int seat, int root_seat,
                              int *expanded)
{
    int n = g->legal(s->world, s->legal);
    assert(n >= 1); /* determinized worlds keep a legal move (conformance) */
    if (at == s->root && s->p.prune)
        n = keep_candidates(s, n);
    int untried = 0;
    for (int i = 0; i < n; i++) {
        s->child[i] = find_child(s, at, decision_key(seat, s->legal[i]));
        if (s->child[i])
            s->pool[s->child[i]].avail++;
        else
            untried++;
    }
    int pick = at == s->root && s->forcing ? forced_pick(s, n)
               : at == s->root && s->p.vote ? voted_pick(s, g, rng, seat, n)
               : pick_expansion(s, g, rng, at, seat, root_seat, n, untried);
    if (pick >= 0 && !s->child[pick]) { /* a forced pick may have one */
        uint32_t id = add_child(s, at, decision_key(seat, s->legal[pick]));
        if (!id) {
            /* A full pool ends the walk here; a forced root action is
             * still played, as the pairing compares the playouts after
             * each root action. */
            if (at == s->root && s->forcing)
                g->apply(s->world, s->legal[pick]);
            return 0;
        }
        s->pool[id].avail = 1;
        s->child[pick] = id;
        *expanded = 1;
    } else if (pick < 0) {
        double best = -INFINITY; /* raw score rewards may be negative */
        for (int i = 0; i < n; i++) {
            if (!s->child[i])
                continue;
            double v = ucb(&s->pool[s->child[i]], s->p.c);
            if (v > best) {
                best = v;
                pick = i;
            }
        }
    }
    g->apply(s->world, s->legal[pick]);
    return s->child[pick];
}

/* With a round horizon: whether the world has left the decision's round;
 * with a turn horizon, whether it has and the deciding seat is to move
 * again (so that every other seat has had its turn after the decision,
 * whatever the deciding seat's place in the round). */
static int round_over(search *s, const tb_game *g, int cur, int root_seat)
{
    if (!s->p.horizon ||
        g->standing(s->world, s->standing) == s->root_round)
        return 0;
    return s->p.horizon == 1 || cur == root_seat;
}

/* Learns, once per bot, the number of players and which way standings
 * point (whether the winner of a finished game has the highest or the
 * lowest): the round horizon ranks unfinished worlds by their standings. */
static void learn_standings(search *s, const tb_game *g, const void *root,
                            int seat)
{
    s->higher = tbi_standings_direction(g, root, seat, s->world, &s->players);
}

/* Plays the world to the end, chance included: with heuristic playouts
 * the first hmoves decisions (all when hmoves < 0) follow the model of the
 * players and the rest are random. */
static void playout(search *s, const tb_game *g, tb_rng *rng, int root_seat)
{
    long guided = s->p.playout == PLAYOUT_RANDOM ? 0 : s->p.hmoves;
    for (long k = 0;;) {
        int cur = g->current(s->world);
        if (cur == TB_TERMINAL || round_over(s, g, cur, root_seat))
            return;
        if (cur == TB_CHANCE) {
            tb_sample_chance(g, s->world, rng, NULL, NULL);
            continue;
        }
        int model = guided < 0 || k++ < guided;
        g->apply(s->world, model ? model_action(s, g, rng, cur, root_seat)
                                 : random_action(s, g, rng));
    }
}

/* Fills s->reward with every seat's reward for the world, finished or, with
 * a round horizon, at the end of the round: then the standings stand in
 * for the scores, ranked the way the game ranks them. */
static void score_world(search *s, const tb_game *g)
{
    tb_result r;
    memset(&r, 0, sizeof r);
    if (g->current(s->world) == TB_TERMINAL) {
        g->result(s->world, &r);
    } else {
        r.players = s->players;
        g->standing(s->world, r.score);
        tbi_rank_by_score(&r, s->higher > 0);
    }
    if (s->p.raw && !r.cooperative) {
        /* reward=score: each seat's own score, turned so that higher is
         * better (the way the ranks of the first decided game show), and
         * not scaled: c must then be on the scale of the scores. */
        int best = 0, worst = 0;
        for (int j = 0; j < r.players; j++) {
            best = r.rank[j] < r.rank[best] ? j : best;
            worst = r.rank[j] > r.rank[worst] ? j : worst;
        }
        if (!s->score_dir && r.score[best] != r.score[worst])
            s->score_dir = r.score[best] > r.score[worst] ? 1 : -1;
        for (int j = 0; j < r.players && j < TB_MAX_PLAYERS; j++)
            s->reward[j] = (s->score_dir ? s->score_dir : 1) * r.score[j];
        return;
    }
    for (int j = 0; j < r.players && j < TB_MAX_PLAYERS; j++)
        s->reward[j] = tbi_ismcts_reward(g, &r, j, s->p.fine);
}

/* In a game with secret simultaneous choices, the choices other seats made
 * earlier in this step were resampled uniformly by determinize; where the
 * game can take them back, they are made again by the playout policy, so
 * the world holds choices a player would make.  The walk then starts, as
 * ever, at the root seat's decision. */
static void replay_hidden_choices(search *s, const tb_game *g, tb_rng *rng,
                                  int root_seat)
{
    if (!g->retract)
        return;
    g->retract(s->world, root_seat);
    for (int guard = 0; guard < 4 * TB_MAX_PLAYERS; guard++) {
        int cur = g->current(s->world);
        if (cur == root_seat || cur < 0)
            return;
        g->apply(s->world, model_action(s, g, rng, cur, root_seat));
    }
}

/* The first step of an iteration: s->world becomes a fresh world
 * consistent with what root_seat knows. */
static void sample_world(search *s, const tb_game *g, tb_rng *rng,
                         const void *root, int root_seat)
{
    if (s->use_belief &&
        (s->p.ishare >= 1 || tb_rng_unit(rng) < s->p.ishare)) {
        tbi_belief_draw(s->belief, s->world, rng);
    } else {
        memcpy(s->world, root, g->state_size);
        g->determinize(s->world, root_seat, rng);
    }
    if (s->p.opp)
        for (int j = 0; j < TB_MAX_PLAYERS; j++)
            s->world_model[j] = tbi_oppmodel_sample(&s->model, j, rng);
    replay_hidden_choices(s, g, rng, root_seat);
}

/* The rest of an iteration in s->world: walk the tree, expand, play out,
 * back up; s->reward keeps every seat's reward.  With flat=on the tree is
 * the root alone: the walk ends after the root's decision, and the model
 * of the players makes every decision after it, in this world. */
static void walk(search *s, const tb_game *g, tb_rng *rng, int root_seat)
{
    uint32_t at = s->root;
    int depth = 0, expanded = 0;
    while (!expanded && !(s->p.flat && depth > 0)) {
        int cur = g->current(s->world);
        if (cur == TB_TERMINAL)
            break;
        if (cur != TB_CHANCE && at != s->root && s->p.obs &&
            !(at = tree_observation(s, g, at, root_seat, &depth)))
            break;
        uint32_t next = cur == TB_CHANCE
                            ? tree_chance(s, g, rng, at, &depth)
                            : tree_decision(s, g, rng, at, cur, root_seat,
                                            &expanded);
        if (!next)
            break;
        if (cur != TB_CHANCE)
            s->path[depth++] = next;
        at = next;
    }
    playout(s, g, rng, root_seat);
    score_world(s, g);
    s->pool[s->root].visits++;
    for (int i = 0; i < depth; i++) {
        node *n = &s->pool[s->path[i]];
        int seat = node_seat(n);
        n->visits++;
        if (seat >= 0)
            n->reward += s->reward[seat];
    }
}

/* One iteration: determinize, walk the tree, expand, play out, back up. */
static void iterate(search *s, const tb_game *g, tb_rng *rng,
                    const void *root, int root_seat)
{
    sample_world(s, g, rng, root, root_seat);
    walk(s, g, rng, root_seat);
}

/* pair=on: one world for all n root actions.  Each action is walked from
 * the same sampled world on a copy of the same generator, so the deal, the
 * shuffles and the other players' choices agree as far as the actions let
 * them, and most of the luck cancels out of the difference between two
 * actions: far fewer worlds tell a small difference apart than
 * independent iterations need.  Adds each action's reward less that of
 * acts[base] (the heuristic's choice, or the first) to pdiff. */
static void paired_group(search *s, const tb_game *g, tb_rng *rng,
                         const void *root, int root_seat,
                         const tb_action *acts, int n, int base)
{
    sample_world(s, g, rng, root, root_seat);
    memcpy(s->group, s->world, g->state_size);
    tb_rng start;
    tb_rng_seed(&start, tb_rng_next(rng));
    double r[TB_MAX_ACTIONS];
    s->forcing = 1;
    for (int i = 0; i < n; i++) {
        tb_rng run = start;
        memcpy(s->world, s->group, g->state_size);
        s->forced = acts[i];
        walk(s, g, &run, root_seat);
        r[i] = s->reward[root_seat];
    }
    s->forcing = 0;
    for (int i = 0; i < n; i++) {
        double d = r[i] - r[base];
        s->pdiff[i] += d;
        s->pdiff_sq[i] += d * d;
    }
    s->groups++;
}

/* pair=on: the root action with the best mean difference from acts[base];
 * with anchor=Z it must be more than Z standard errors of that paired
 * difference above zero, else acts[base] is played. */
static tb_action paired_choice(const search *s, const tb_action *acts, int n,
                               int base)
{
    int best = base;
    for (int i = 0; i < n; i++)
        if (s->pdiff[i] > s->pdiff[best])
            best = i;
    if (best == base || s->p.anchor < 0)
        return acts[best];
    return tbi_paired_clear(s->pdiff[best], s->pdiff_sq[best],
                            (double)s->groups, s->p.anchor)
               ? acts[best]
               : acts[base];
}

/* The mean reward of root action a and its standard error, bounded as
 * that of a coin with the same mean (rewards lie in [0, 1]); visits in
 * *visits (0: never tried). */
static double root_mean(search *s, int seat, tb_action a, double *se,
                        double *visits)
{
    uint32_t id = find_child(s, s->root, decision_key(seat, a));
    *visits = id ? s->pool[id].visits : 0;
    if (*visits <= 0)
        return 0;
    double m = s->pool[id].reward / *visits;
    double v = m < 0 ? 0 : m > 1 ? 0.25 : m * (1 - m);
    *se = sqrt(v / *visits);
    return m;
}

/* anchor=Z: the search's choice best stands against the heuristic's
 * choice h only when its mean reward is higher by more than Z standard
 * errors of the difference; otherwise h is played.  A search with few
 * iterations for many near-equal actions otherwise trades a good
 * player's careful choice for noise. */
static tb_action anchored(search *s, int seat, tb_action best, tb_action h)
{
    if (best == h)
        return best;
    double sb, sh, vb, vh;
    double mb = root_mean(s, seat, best, &sb, &vb);
    double mh = root_mean(s, seat, h, &sh, &vh);
    if (vb <= 0 || vh <= 0)
        return vh > 0 ? h : best;
    return mb - mh > s->p.anchor * sqrt(sb * sb + sh * sh) ? best : h;
}

/* Whether root action a, applied to the root st, is proven lost for seat
 * by the game's solver: the seat to move after it proves a win, if it is
 * another seat, or a loss, if it is seat again.  The world block is free
 * after the search. */
static int proven_lost(search *s, const tb_game *g, const void *st, int seat,
                       tb_action a)
{
    memcpy(s->world, st, g->state_size);
    g->apply(s->world, a);
    int next = g->current(s->world);
    if (next < 0)
        return 0; /* the game is over, or luck decides: nothing to prove */
    tb_action reply;
    int v = g->solve(s->world, next, &reply);
    return next == seat ? v == TB_PROVEN_LOSS : v == TB_PROVEN_WIN;
}

/* verify=N (with solve=on, in games that hide nothing): the search's
 * choice best is checked by the game's solver, and when it is proven
 * lost, the next most visited root action is checked instead, up to N
 * actions (every action with verify=all); the first not proven lost is
 * played (the search's choice if all N are).  The root itself was not
 * proven, but some of its moves may be, each with the solver's whole
 * budget: the search rates moves against its model of the others and may
 * prefer one that loses against their best play.  Only where nothing is
 * hidden is the state after the move the same for every seat, so that a
 * proof in the bot's world is a proof at the table. */
static tb_action verified(search *s, const tb_game *g, const void *st,
                          int seat, const tb_action *acts, int n,
                          tb_action best)
{
    if (!s->p.verify || (g->flags & TB_GAME_HIDDEN))
        return best;
    uint8_t done[TB_MAX_ACTIONS];
    memset(done, 0, (size_t)n);
    tb_action pick = best;
    for (long k = 0; s->p.verify < 0 || k < s->p.verify; k++) {
        if (!proven_lost(s, g, st, seat, pick))
            return pick;
        int at = -1;
        double most = -1;
        for (int i = 0; i < n; i++) {
            done[i] |= acts[i] == pick;
            if (done[i])
                continue;
            uint32_t id = find_child(s, s->root, decision_key(seat, acts[i]));
            double visits = id ? s->pool[id].visits : 0;
            if (visits > most) {
                most = visits;
                at = i;
            }
        }
        if (at < 0)
            break; /* every action is proven lost */
        pick = acts[at];
    }
    return best;
}

/* The root action to play: the most visited, then the best on average. */
static tb_action best_root_action(search *s, int seat, const tb_action *acts,
                                  int n)
{
    int best = 0;
    double best_visits = -1, best_mean = -INFINITY;
    for (int i = 0; i < n; i++) {
        uint32_t id = find_child(s, s->root, decision_key(seat, acts[i]));
        double visits = id ? s->pool[id].visits : 0;
        double mean =
            id && visits > 0 ? s->pool[id].reward / visits : -INFINITY;
        if (visits > best_visits ||
            (visits == best_visits && mean > best_mean)) {
            best = i;
            best_visits = visits;
            best_mean = mean;
        }
    }
    return acts[best];
}

/* ------------------------------------------------------------ bot kind */

static void ismcts_destroy(tbi_bot *b)
{
    search *s = b->data;
    if (!s)
        return;
    free(s->pool);
    free(s->index);
    free(s->path);
    free(s->world);
    free(s->seat_view);
    free(s->scratch);
    free(s->group);
    tbi_belief_free(s->belief);
    free(s);
    b->data = NULL;
}

/* The pool size to start with: what was asked, room for the iteration
 * budget (one new node per iteration, plus dice-roll nodes), or a first
 * guess under a time budget that later decisions may double. */
static uint32_t initial_nodes(const params *p)
{
    if (p->nodes)
        return (uint32_t)p->nodes;
    if (p->time > 0)
        return TIME_NODES;
    long want = 3 * p->iters + 64; /* decision and observation nodes */
    if (p->keep)
        want *= 16; /* room for the trees of several decisions */
    return want > (long)MAX_NODES ? MAX_NODES : (uint32_t)want;
}

/* Fills in the parameters that depend on the game (the root's width, the
 * playout policy) and checks that the game supports those asked for. */
static int settle_params(params *p, const tb_game *g, char *err, size_t cap)
{
    /* In a cooperative game one play's outcome varies by far more from deal
     * to deal than between good plays, so a wide root spreads a small
     * budget over near-equal candidates and plays an almost arbitrary one;
     * a narrow root stays near the heuristic's choice (docs/bots.md). */
    if (isnan(p->rwiden))
        p->rwiden = (g->flags & TB_GAME_COOPERATIVE) ? DEFAULT_RWIDEN_TEAM
                                                     : DEFAULT_RWIDEN;
    if (p->playout == PLAYOUT_DEFAULT)
        p->playout = g->quick       ? PLAYOUT_QUICK
                     : g->heuristic ? PLAYOUT_HEURISTIC
                                    : PLAYOUT_RANDOM;
    if ((p->playout == PLAYOUT_HEURISTIC && !g->heuristic) ||
        (p->playout == PLAYOUT_QUICK && !g->quick)) {
        tbi_errf(err, cap, "ismcts: %s has no %s policy; use %s", g->id,
                 p->playout == PLAYOUT_QUICK ? "quick" : "heuristic",
                 g->heuristic ? "playout=heuristic or playout=random"
                              : "playout=random");
        return TB_EINVAL;
    }
    if (p->solve < 0)
        p->solve = g->solve != NULL;
    if (p->solve && !g->solve) {
        tbi_errf(err, cap, "ismcts: solve=on needs a game that proves "
                 "positions (tb_game.solve); %s does not", g->id);
        return TB_EINVAL;
    }
    if (p->vote && !g->heuristic) {
        tbi_errf(err, cap, "ismcts: vote=on needs a game with a heuristic; "
                 "%s has none", g->id);
        return TB_EINVAL;
    }
    if (p->prune && !g->candidates) {
        tbi_errf(err, cap, "ismcts: prune=on needs a game that names its "
                 "candidate moves (tb_game.candidates); %s does not", g->id);
        return TB_EINVAL;
    }
    /* A kept tree would mix observation nodes or round-end scores made
     * from an older root's point of view; such searches start afresh. */
    if (p->obs || p->horizon || p->pair)
        p->keep = 0;
    if (p->horizon && (!g->standing || (g->flags & TB_GAME_COOPERATIVE))) {
        tbi_errf(err, cap, "ismcts: horizon=round or turn needs a "
                 "competitive game that reports its rounds; %s does not",
                 g->id);
        return TB_EINVAL;
    }
    return TB_OK;
}

/* Reads the parameters for `players` seats (0: the count is not known) into
 * p: parse_params, then settle_params. */
static int read_params(params *p, const tb_game *g, const char *text,
                       int players, char *err, size_t cap)
{
    int rc = parse_params(p, g, text, players, err, cap);
    return rc != TB_OK ? rc : settle_params(p, g, err, cap);
}

static int ismcts_create(tbi_bot *b, const char *text, char *err, size_t cap)
{
    const tb_game *g = b->game;
    search *s = calloc(1, sizeof *s);
    if (!s) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    b->data = s;
    if (strlen(text) >= sizeof s->text) {
        tbi_errf(err, cap, "ismcts: parameters too long");
        return TB_EINVAL;
    }
    memcpy(s->text, text, strlen(text) + 1);
    int rc = read_params(&s->p, g, text, 0, err, cap);
    if (rc != TB_OK)
        return rc;
    /* The defaults for each player count are checked now, with the seat's
     * parameters over them, so that no game can fail later. */
    long most = s->p.iters, worlds = s->p.infer;
    for (int n = g->min_players; n <= g->max_players && n <= TB_MAX_PLAYERS;
         n++) {
        if (!g->search_defaults_for[n])
            continue;
        params q;
        s->has_for = 1;
        if ((rc = read_params(&q, g, text, n, err, cap)) != TB_OK)
            return rc;
        if (q.iters > most)
            most = q.iters;
        if (q.infer > worlds)
            worlds = q.infer;
    }
    b->observes = s->p.keep || s->p.opp || s->p.infer;
    tbi_oppmodel_init(&s->model, g, base_policy(s, g), 0);
    params room = s->p; /* the pool is made for the most iterations asked */
    room.iters = most;
    s->world = tb_state_new(g);
    s->seat_view = tb_state_new(g);
    s->scratch = tb_state_new(g);
    s->group = tb_state_new(g);
    if (worlds && !(s->belief = tbi_belief_new(g, (int)worlds))) {
        tbi_errf(err, cap, "out of memory for the ismcts worlds (infer)");
        return TB_ENOMEM;
    }
    if (!s->world || !s->seat_view || !s->scratch || !s->group ||
        !pool_alloc(s, initial_nodes(&room))) {
        tbi_errf(err, cap, "out of memory for the ismcts tree");
        return TB_ENOMEM;
    }
    return TB_OK;
}

/* Reads the parameters again for a game of `players` seats, over the
 * game's defaults for that count (checked at create, so this cannot
 * fail). */
static void tune_for(tbi_bot *b, int players)
{
    search *s = b->data;
    char err[256];
    int rc = read_params(&s->p, b->game, s->text, players, err, sizeof err);
    assert(rc == TB_OK);
    (void)rc;
    s->tuned_for = players;
    b->observes = s->p.keep || s->p.opp || s->p.infer;
    /* A count whose defaults change the playout policy changes the
     * search's base model: the pool is built around it again. */
    tbi_policy_fn base = base_policy(s, b->game);
    if (s->model.n == 0 || s->model.fn[0] != base)
        tbi_oppmodel_init(&s->model, b->game, base, tb_rng_next(&b->obs_rng));
}

/* The player count of the game in st, for a bot that was not told it when
 * the game started (tb_bot_choose): the result of a random playout of a
 * copy determinized for seat, on a generator of its own so that the bot's
 * choices do not depend on it. */
static int players_of(search *s, const tb_game *g, const void *st, int seat)
{
    tb_rng rng;
    tb_rng_seed(&rng, 0x9a7e5eedull);
    memcpy(s->world, st, g->state_size);
    g->determinize(s->world, seat, &rng);
    tb_random_playout(g, s->world, &rng);
    tb_result r;
    memset(&r, 0, sizeof r);
    tb_result_of(g, s->world, &r);
    return r.players;
}

static int keep_subtree(search *s);

/* The heuristic's choice at the root (the game has one): the hint asked
 * before the search when there is one, else asked now. */
static tb_action root_heuristic(tbi_bot *b, const void *st, int seat)
{
    search *s = b->data;
    return s->has_hint ? s->root_hint : b->game->heuristic(st, seat, &b->rng);
}

/* pair=on: the search in groups of one world each (paired_group) until
 * the budget is spent, each group costing one iteration per root action;
 * then paired_choice, measured from the heuristic's choice (the anchor's
 * base) when the game has a heuristic. */
static tb_action paired_search(tbi_bot *b, const void *st, int seat,
                               const tb_action *acts, int n)
{
    const tb_game *g = b->game;
    search *s = b->data;
    int base = 0;
    if (g->heuristic) {
        tb_action h = root_heuristic(b, st, seat);
        for (int i = 0; i < n; i++)
            if (acts[i] == h)
                base = i;
    }
    memset(s->pdiff, 0, sizeof s->pdiff);
    memset(s->pdiff_sq, 0, sizeof s->pdiff_sq);
    s->groups = 0;
    double start = s->p.time > 0 ? now_seconds() : 0;
    long it = 0;
    do {
        paired_group(s, g, &b->rng, st, seat, acts, n, base);
        it += n;
    } while (!budget_spent(s, it, start, 1));
    s->last_iters = it;
    s->n_seen = 0;
    s->seen_ok = 0; /* pair=on keeps no tree (settle_params) */
    return paired_choice(s, acts, n, base);
}

/* solve=on: asks the game's solver (tb_game.solve) about the root, st,
 * which is already determinized for seat, so the solver sees what the bot
 * was given and no more (and the game proves from seat's view alone).
 * Returns whether the search can be skipped, with the move in *out: a
 * proven win is played at once, and so is a proven draw, since a search
 * that takes the others for fallible players could trade the draw for a
 * move that loses against their best play.  A proven loss is searched as
 * usual: every move loses against best play, so the proof cannot rank the
 * moves, while the search rates them against its model of the others,
 * which is what a fallible opponent's errors depend on.  An unproven
 * position is searched as usual. */
static int root_proven(tbi_bot *b, const void *st, int seat, tb_action *out)
{
    search *s = b->data;
    int v = b->game->solve(st, seat, out);
    if (v != TB_PROVEN_WIN && v != TB_PROVEN_DRAW)
        return 0;
    s->n_seen = 0;
    s->seen_ok = 0; /* no tree was grown for this decision */
    return 1;
}

static tb_action ismcts_choose(tbi_bot *b, void *st, int seat)
{
    const tb_game *g = b->game;
    search *s = b->data;
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    s->last_iters = 0;
    s->use_belief = 0;
    if (n == 1)
        return acts[0];
    if (s->has_for && !s->tuned_for)
        tune_for(b, players_of(s, g, st, seat));
    tb_action proven;
    if (s->p.solve && root_proven(b, st, seat, &proven))
        return proven;
    if (s->p.prune) {
        n = g->candidates(st, seat, acts, n);
        assert(n >= 1); /* the heuristic's choice at least (conformance) */
        if (n == 1)
            return acts[0];
        memcpy(s->cand, acts, (size_t)n * sizeof acts[0]);
        s->n_cand = n;
    }
    /* Between decisions only: a time budget that filled the pool gets a
     * bigger one (an iteration budget was given room enough at the start). */
    if (s->full && !s->p.nodes && s->cap < MAX_NODES)
        pool_alloc(s, s->cap * 2);
    if (!keep_subtree(s))
        pool_reset(s);
    /* With quick playouts the model of the players is the quick policy;
     * the root still starts from the heuristic's choice, asked once. */
    s->has_hint = s->p.playout == PLAYOUT_QUICK && g->heuristic;
    if (s->has_hint)
        s->root_hint = g->heuristic(st, seat, &b->rng);
    if (s->p.horizon) {
        if (!s->higher)
            learn_standings(s, g, st, seat);
        s->root_round = g->standing(st, s->standing);
    }
    /* infer=N: this decision's worlds are drawn by the weight the moves
     * seen give them, when the belief reaches this decision. */
    s->use_belief = s->belief && s->p.infer &&
                    tbi_belief_prepare(s->belief, st, seat) > 0;
    if (s->p.pair) {
        tb_action best = paired_search(b, st, seat, acts, n);
        return s->p.solve ? verified(s, g, st, seat, acts, n, best) : best;
    }
    double start = s->p.time > 0 ? now_seconds() : 0;
    long it = 0;
    do {
        iterate(s, g, &b->rng, st, seat);
        it++;
    } while (!budget_spent(s, it, start, it % CLOCK_EVERY == 0));
    s->last_iters = it;
    s->n_seen = 0;
    s->seen_ok = 1; /* observations from here on lead on from this root */
    tb_action best = best_root_action(s, seat, acts, n);
    if (s->p.anchor >= 0 && g->heuristic)
        best = anchored(s, seat, best, root_heuristic(b, st, seat));
    if (s->p.solve)
        best = verified(s, g, st, seat, acts, n, best);
    return best;
}

/* keep=on: the search of the last decision stays when every action since
 * was seen (tbi_bot_observe), the pool has room for this decision's
 * nodes, and the path of those actions is in the tree (a dice roll on the
 * way breaks it, as its node's outcome was not observed); its end becomes
 * the root.  Returns whether it did. */
static int keep_subtree(search *s)
{
    if (!s->p.keep || !s->seen_ok || s->n_seen == 0 || s->p.time > 0 ||
        (long)s->used + 3 * s->p.iters + 64 > (long)s->cap)
        return 0;
    uint32_t at = s->root; /* node 0 is a root too, so 0 is no "none" here */
    for (int i = 0; i < s->n_seen; i++)
        if (!(at = find_child(s, at, s->seen[i])))
            return 0;
    s->root = at;
    return 1;
}

static void ismcts_start(tbi_bot *b, const tb_config *cfg, int seat)
{
    search *s = b->data;
    (void)seat;
    s->n_seen = 0;
    s->seen_ok = 0; /* a new game: no tree to keep */
    tbi_oppmodel_reset(&s->model, tb_rng_next(&b->obs_rng));
    if (s->belief) /* only then: other bots' streams stay as they were */
        tbi_belief_reset(s->belief, tb_rng_next(&b->obs_rng));
    /* The standings learnt for the round horizon hold the player count:
     * a game with another count learns them afresh (else score_world
     * would rank too few seats and leave stale rewards for the rest). */
    if (cfg && cfg->players != s->players)
        s->higher = 0;
    if (cfg && s->has_for && cfg->players != s->tuned_for)
        tune_for(b, cfg->players);
}

static void ismcts_observe(tbi_bot *b, int seat, tb_action a, int seen,
                           const void *world)
{
    search *s = b->data;
    /* Between decisions the search's world and seat_view blocks are free. */
    if (s->p.opp && seen && world)
        tbi_oppmodel_update(&s->model, b->game, world, b->seat, seat, a,
                            s->world, s->seat_view);
    if (s->belief && s->p.infer)
        tbi_belief_observe(s->belief, world, b->seat, seat, a, seen,
                           b->seen_key, &s->model, s->p.itemper);
    if (!s->p.keep)
        return;
    if (!seen || s->n_seen == SEEN_MAX)
        s->seen_ok = 0;
    else
        s->seen[s->n_seen++] = decision_key(seat, a);
}

long tbi_ismcts_iterations(const tbi_bot *b)
{
    if (b->kind != &tbi_bot_ismcts)
        return 0;
    return ((const search *)b->data)->last_iters;
}

const tbi_belief *tbi_ismcts_belief(const tbi_bot *b, int *used)
{
    if (b->kind != &tbi_bot_ismcts)
        return NULL;
    const search *s = b->data;
    if (used)
        *used = s->use_belief;
    return s->belief;
}

const tbi_oppmodel *tbi_ismcts_model(const tbi_bot *b)
{
    if (b->kind != &tbi_bot_ismcts)
        return NULL;
    return &((const search *)b->data)->model;
}

const tbi_bot_kind tbi_bot_ismcts = {
    .name = "ismcts",
    .help = "ismcts[:iters=N,time=S,c=X,playout=random|heuristic|quick,hmoves=N|all,"
            "fine=W,widen=W|off,rwiden=W|off,nodes=N,pdet=on|off,obs=on|off,"
            "horizon=game|round|turn,reward=win|score,keep=on|off,anchor=Z|off,pair=on|off,"
            "prune=on|off,flat=on|off,opp=on|off,infer=N|off,ishare=P,itemper=T,"
            "solve=on|off,verify=N|all,vote=on|off]: "
            "information-set Monte Carlo tree search",
    .legal_only = 0,
    .create = ismcts_create,
    .choose = ismcts_choose,
    .destroy = ismcts_destroy,
    .start = ismcts_start,
    .observe = ismcts_observe,
};
