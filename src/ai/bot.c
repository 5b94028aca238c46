/*
 * bot.c - the table of bot kinds, making bots from seat specs, and the one
 * door through which every bot sees a game: a copy determinized for its seat.
 * It also holds the one option every kind takes, `blunder=P`: a handicap
 * that plays a uniformly random legal move instead of the bot's choice with
 * probability P, so that a game's levels of play (levels.c) can be stepped
 * below its best bot by measured amounts.
 */
#include "bot.h"
#include "internal.h"
#include "levels.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const tbi_bot_kind tbi_bot_random;
extern const tbi_bot_kind tbi_bot_heuristic;
extern const tbi_bot_kind tbi_bot_greedy;
extern const tbi_bot_kind tbi_bot_ismcts;
extern const tbi_bot_kind tbi_bot_ext;
extern const tbi_bot_kind tbi_bot_net;

static const tbi_bot_kind *const kinds[] = {
    &tbi_bot_random,
    &tbi_bot_heuristic,
    &tbi_bot_greedy,
    &tbi_bot_ismcts,
    &tbi_bot_ext,
    &tbi_bot_net,
};

/* ------------------------------------------------------------ policies */

/* A game's own simple policy (tb_game.policies) as a bot: data points at
 * the tb_policy, set by tbi_bot_new before create. */
static int policy_create(tbi_bot *b, const char *params, char *err,
                         size_t cap)
{
    if (params[0]) {
        tbi_errf(err, cap, "the %s policy takes no parameters",
                 ((const tb_policy *)b->data)->name);
        return TB_EINVAL;
    }
    return TB_OK;
}

static tb_action policy_choose(tbi_bot *b, void *st, int seat)
{
    const tb_policy *p = b->data;
    return p->choose(st, seat, &b->rng);
}

static const tbi_bot_kind policy_kind = {
    .name = "policy",
    .help = "a game's own simple policy, by its name (see 'tabula rules')",
    .legal_only = 0,
    .create = policy_create,
    .choose = policy_choose,
    .destroy = NULL,
};

/* The policy of g called name, or NULL. */
static const tb_policy *find_policy(const tb_game *g, const char *name)
{
    for (int i = 0; i < g->n_policies; i++)
        if (tbi_word_eq(g->policies[i].name, name))
            return &g->policies[i];
    return NULL;
}

int tbi_bot_kind_count(void)
{
    return (int)(sizeof kinds / sizeof kinds[0]);
}

const tbi_bot_kind *tbi_bot_kind_at(int i)
{
    return i >= 0 && i < tbi_bot_kind_count() ? kinds[i] : NULL;
}

/* Takes the generic `blunder=P` piece out of a spec's parameters: params
 * is copied into rest (of size cap) without it, and *p gets P (0 when the
 * piece is absent).  The piece is one of the comma-separated pieces of the
 * parameters, so it may follow any kind's own ("ismcts:iters=100,
 * blunder=0.2", "ext:prog,blunder=0.1").  Returns TB_OK, or TB_EINVAL
 * with a message when P is not a probability or the piece is repeated. */
static int take_blunder(const char *params, char *rest, size_t cap,
                        double *p, char *err, size_t errcap)
{
    static const char key[] = "blunder=";
    size_t klen = sizeof key - 1, out = 0;
    int found = 0;
    *p = 0;
    rest[0] = '\0';
    for (const char *piece = params; *piece;) {
        const char *comma = strchr(piece, ',');
        size_t len = comma ? (size_t)(comma - piece) : strlen(piece);
        if (len >= klen && strncmp(piece, key, klen) == 0) {
            char num[32], *end;
            size_t nlen = len - klen;
            if (nlen >= sizeof num) {
                tbi_errf(err, errcap, "blunder takes a probability from 0 "
                         "to 1, not '%.*s'", (int)nlen, piece + klen);
                return TB_EINVAL;
            }
            memcpy(num, piece + klen, nlen);
            num[nlen] = '\0';
            double v = strtod(num, &end);
            if (end == num || *end || !(v >= 0 && v <= 1) || found) {
                tbi_errf(err, errcap, found ? "blunder is given twice"
                         : "blunder takes a probability from 0 to 1, not "
                           "'%s'", num);
                return TB_EINVAL;
            }
            *p = v;
            found = 1;
        } else {
            if (out + (out > 0) + len >= cap) {
                tbi_errf(err, errcap, "overlong bot parameters");
                return TB_EINVAL;
            }
            if (out > 0)
                rest[out++] = ',';
            memcpy(rest + out, piece, len);
            out += len;
            rest[out] = '\0';
        }
        piece += len + (comma != NULL);
    }
    return TB_OK;
}

tbi_bot *tbi_bot_new(const tb_game *g, const char *spec, char *err,
                     size_t cap)
{
    /* A level's name ("hard") stands for the spec the game gives it
     * (levels.c); the bot keeps the name it was asked for. */
    const char *level = tbi_level_spec(g, spec);
    if (level) {
        tbi_bot *b = tbi_bot_new(g, level, err, cap);
        if (b)
            snprintf(b->spec, sizeof b->spec, "%s", spec);
        return b;
    }
    char name[48];
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0 || len >= sizeof name) {
        tbi_errf(err, cap, "empty or overlong bot name in '%s'", spec);
        return NULL;
    }
    memcpy(name, spec, len);
    name[len] = '\0';
    const tbi_bot_kind *kind = NULL;
    for (int i = 0; i < tbi_bot_kind_count(); i++)
        if (tbi_word_eq(kinds[i]->name, name))
            kind = kinds[i];
    const tb_policy *policy = kind ? NULL : find_policy(g, name);
    if (policy)
        kind = &policy_kind;
    if (!kind) {
        tb_text t;
        char names[300];
        tb_text_init(&t, names, sizeof names);
        for (int i = 0; i < tbi_bot_kind_count(); i++)
            tb_text_printf(&t, "%s%s", i ? ", " : "", kinds[i]->name);
        for (int i = 0; i < g->n_policies; i++)
            tb_text_printf(&t, ", %s", g->policies[i].name);
        tbi_errf(err, cap, "unknown player '%s'; choose human, a level "
                 "(easy, medium, hard, expert: 'tabula bots %s') or a bot: %s",
                 name, g->id, names);
        return NULL;
    }
    char params[TB_SEAT_SPEC];
    double blunder;
    if (take_blunder(colon ? colon + 1 : "", params, sizeof params, &blunder,
                     err, cap))
        return NULL;
    tbi_bot *b = calloc(1, sizeof *b);
    if (!b) {
        tbi_errf(err, cap, "out of memory");
        return NULL;
    }
    b->kind = kind;
    b->blunder = blunder;
    b->game = g;
    snprintf(b->spec, sizeof b->spec, "%s", spec);
    b->data = (void *)(uintptr_t)policy; /* the policy kind's; else NULL */
    b->scratch = tb_state_new(g);
    if (!b->scratch ||
        (kind->create && kind->create(b, params, err, cap))) {
        tbi_bot_free(b);
        return NULL;
    }
    tb_rng_seed(&b->rng, 0);
    return b;
}

void tbi_bot_free(tbi_bot *b)
{
    if (!b)
        return;
    if (b->kind->destroy)
        b->kind->destroy(b);
    free(b->seen[0]);
    free(b->seen[1]);
    free(b->scratch);
    free(b);
}

void tbi_bot_seed(tbi_bot *b, uint64_t seed)
{
    tb_rng_seed(&b->rng, seed);
    tb_rng_seed(&b->obs_rng, seed ^ 0x0b5e7fedull);
    tb_rng_seed(&b->blunder_rng, seed ^ 0xb1a2de75ull);
}

void tbi_bot_start(tbi_bot *b, const tb_config *cfg, int seat, uint64_t seed)
{
    tbi_bot_seed(b, seed);
    tbi_bot_begin(b, cfg, seat);
}

void tbi_bot_begin(tbi_bot *b, const tb_config *cfg, int seat)
{
    b->seat = seat;
    if (b->kind->start)
        b->kind->start(b, cfg, seat);
}

void tbi_bot_observe(tbi_bot *b, const void *before, tb_action a)
{
    if (!b->kind->observe || !b->observes)
        return; /* the check below costs an apply per legal action */
    const tb_game *g = b->game;
    int actor = g->current(before);
    if (!b->seen[0])
        b->seen[0] = tb_state_new(g);
    if (!b->seen[1])
        b->seen[1] = tb_state_new(g);
    if (!b->seen[0] || !b->seen[1]) {
        b->kind->observe(b, actor, 0, 0, NULL);
        return;
    }
    /* The view after a, against the view after each other legal action;
     * scratch is free here (choose is not running). */
    memcpy(b->seen[0], before, g->state_size);
    g->apply(b->seen[0], a);
    uint64_t key = tb_infoset_key(g, b->seen[0], b->seat, b->scratch);
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(before, acts);
    for (int i = 0; i < n; i++) {
        if (acts[i] == a)
            continue;
        memcpy(b->seen[1], before, g->state_size);
        g->apply(b->seen[1], acts[i]);
        if (tb_infoset_key(g, b->seen[1], b->seat, b->scratch) == key) {
            b->kind->observe(b, actor, 0, 0, NULL);
            return;
        }
    }
    /* What the seat knew before the move, the rest sampled: seen[1] is
     * free again. */
    memcpy(b->seen[1], before, g->state_size);
    g->determinize(b->seen[1], b->seat, &b->obs_rng);
    b->seen_key = key;
    b->kind->observe(b, actor, a, 1, b->seen[1]);
}

int tbi_bot_wants_rounds(const tbi_bot *b)
{
    return b->kind->round_end != NULL && b->game->standing != NULL;
}

/* Copies st into b's scratch block, determinized for b's seat: what a
 * bot is shown of the table outside its own decisions. */
static void *seat_world(tbi_bot *b, const void *st)
{
    memcpy(b->scratch, st, b->game->state_size);
    b->game->determinize(b->scratch, b->seat, &b->rng);
    return b->scratch;
}

void tbi_bot_round_end(tbi_bot *b, const void *st, int round)
{
    if (tbi_bot_wants_rounds(b))
        b->kind->round_end(b, seat_world(b, st), round);
}

void tbi_bot_game_end(tbi_bot *b, const void *st)
{
    if (!b->kind->game_end)
        return;
    tb_result r;
    tb_result_of(b->game, st, &r);
    b->kind->game_end(b, seat_world(b, st), &r);
}

int tbi_standings_direction(const tb_game *g, const void *st, int seat,
                            void *world, int *players)
{
    tb_result r;
    memset(&r, 0, sizeof r);
    if (g->flags & TB_GAME_COOPERATIVE) {
        /* Every seat stands alike; which way is better is the reward's. */
        double sc[TB_MAX_PLAYERS];
        *players = 1;
        if (g->standing)
            g->standing(st, sc);
        r.cooperative = 1;
        r.players = 1;
        double lo = g->reward ? g->reward(&r, 0) : 0;
        r.team_score = 1;
        double hi = g->reward ? g->reward(&r, 0) : 0;
        return hi < lo ? -1 : 1;
    }
    /* A generator of its own, so that a bot's choices do not depend on
     * whether it has learnt this already. */
    tb_rng rng;
    tb_rng_seed(&rng, 0x5ca1ab1eull);
    double standing[TB_MAX_PLAYERS];
    *players = 0;
    for (int tries = 0; tries < 16; tries++) {
        memcpy(world, st, g->state_size);
        g->determinize(world, seat, &rng);
        tb_random_playout(g, world, &rng);
        tb_result_of(g, world, &r);
        g->standing(world, standing);
        *players = r.players;
        int winner = 0, top = 1, bottom = 1, firsts = 0;
        for (int j = 0; j < r.players; j++)
            if (r.rank[j] == 1) {
                winner = j;
                firsts++;
            }
        /* A shared first place (a draw: Pillars' turn cap, the Maze's
         * turn limit) tells no direction. */
        if (firsts != 1)
            continue;
        for (int j = 0; j < r.players; j++) {
            top &= standing[j] <= standing[winner];
            bottom &= standing[j] >= standing[winner];
        }
        if (top != bottom)
            return top ? 1 : -1;
    }
    return 1; /* every game tied: either way will do */
}

tb_action tbi_random_action(const tb_game *g, const void *st, tb_rng *rng)
{
    tb_action buf[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, buf);
    assert(n >= 1); /* the contract of legal, checked by the conformance battery */
    return buf[tb_rng_below(rng, (uint32_t)n)];
}

/* Whether b must be given a state determinized for its seat: not when
 * all it reads is what its seat may see anyway (its legal actions, or a
 * heuristic the game flags as reading only its seat's view). */
static int needs_world(const tbi_bot *b)
{
    if (b->kind->legal_only)
        return 0;
    return !(b->kind->heuristic_only && b->game->heuristic &&
             (b->game->flags & TB_GAME_VIEW_HEURISTIC));
}

tb_action tbi_bot_choose(tbi_bot *b, const void *st, int seat)
{
    const tb_game *g = b->game;
    struct timespec t0, t1;
    if (b->timed)
        clock_gettime(CLOCK_MONOTONIC, &t0);
    tb_action a;
    /* The handicap draws once a decision, from a stream of its own, so
     * that, seeded alike, the bot chooses as it would unhandicapped
     * whenever it does not blunder (when it does it is not asked).  The random move reads only the legal
     * actions of the seat to move, which depend on what that seat knows
     * alone (as the random bot relies on). */
    if (b->blunder > 0 && tb_rng_unit(&b->blunder_rng) < b->blunder) {
        a = tbi_random_action(g, st, &b->blunder_rng);
        b->blunders++;
    } else {
        memcpy(b->scratch, st, g->state_size);
        if (needs_world(b))
            g->determinize(b->scratch, seat, &b->rng);
        a = b->kind->choose(b, b->scratch, seat);
    }
    if (b->timed) {
        clock_gettime(CLOCK_MONOTONIC, &t1);
        b->moves++;
        b->seconds += (double)(t1.tv_sec - t0.tv_sec) +
                      1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    }
    return a;
}
