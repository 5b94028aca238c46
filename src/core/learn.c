/*
 * learn.c - what learning agents need beyond the game model: a seat's
 * observation as a fixed-size float vector, the actions numbered 0..space-1
 * with a mask of the legal ones (each from the game's own hooks:
 * tb_game.observe, action_index), and tb_vec, many games stepped at once in
 * C so that a Python training loop pays one call per batch, not per move.
 * See docs/learning.md.
 */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int tb_has_tensors(const tb_game *g)
{
    return g->observe && g->action_space && g->action_index;
}

/* The size is counted by the game's own observe on a new game under cfg,
 * so that it can never disagree with what observe writes. */
int tb_observation_size(const tb_game *g, const tb_config *cfg)
{
    if (!tb_has_tensors(g))
        return TB_EINVAL;
    void *st = tb_state_new(g);
    if (!st)
        return TB_ENOMEM;
    char err[256];
    int n = tb_init(g, st, cfg, err, sizeof err);
    if (n == TB_OK)
        n = g->observe(st, 0, NULL);
    free(st);
    return n;
}

int tb_observe(const tb_game *g, const void *st, int seat, float *out)
{
    if (!tb_has_tensors(g) || seat < 0 || seat >= TB_MAX_PLAYERS)
        return TB_EINVAL;
    g->observe(st, seat, out);
    return TB_OK;
}

int tb_action_space(const tb_game *g, const tb_config *cfg)
{
    return tb_has_tensors(g) ? g->action_space(cfg) : TB_EINVAL;
}

/* TB_OK when g has tensors and a seat is to move in st, else the error
 * to return (TB_EINVAL, TB_ECHANCE or TB_ETERMINAL). */
static int decision_check(const tb_game *g, const void *st)
{
    if (!tb_has_tensors(g))
        return TB_EINVAL;
    int cur = g->current(st);
    return cur == TB_CHANCE ? TB_ECHANCE : cur == TB_TERMINAL ? TB_ETERMINAL
                                                              : TB_OK;
}

int tb_action_index(const tb_game *g, const void *st, tb_action a,
                    int *index)
{
    int rc = decision_check(g, st);
    if (rc != TB_OK)
        return rc;
    *index = g->action_index(st, a);
    return TB_OK;
}

int tb_action_mask(const tb_game *g, const void *st, uint8_t *mask,
                   int space)
{
    int rc = decision_check(g, st);
    if (rc != TB_OK)
        return rc;
    if (space < 1)
        return TB_EINVAL;
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    memset(mask, 0, (size_t)space);
    for (int i = 0; i < n; i++) {
        int k = g->action_index(st, acts[i]);
        if (k < 0 || k >= space)
            return TB_EINVAL; /* a game bug the conformance battery catches */
        mask[k] = 1;
    }
    return n;
}

int tb_action_of_index(const tb_game *g, const void *st, int index,
                       tb_action *out)
{
    int rc = decision_check(g, st);
    if (rc != TB_OK)
        return rc;
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    for (int i = 0; i < n; i++)
        if (g->action_index(st, acts[i]) == index) {
            *out = acts[i];
            return TB_OK;
        }
    return TB_EILLEGAL;
}

/* ------------------------------------------------------------ tb_vec */

struct tb_vec {
    const tb_game *g;
    tb_config cfg;
    int n, obs_size, space;
    uint64_t seed;
    uint64_t dealt;     /* games dealt so far: game k's seed derives from k */
    unsigned char *states; /* n blocks of state_size bytes */
    tb_rng *rng;        /* each game's chance */
    float *obs;
    uint8_t *mask;
    int32_t *seat;
    double *reward;
    uint8_t *done;
};

static void *state_at(tb_vec *v, int i)
{
    return v->states + (size_t)i * v->g->state_size;
}

/* Starts game i afresh (a zeroed block, as tb_init makes it) with the
 * next seed. */
static void deal_again(tb_vec *v, int i)
{
    void *st = state_at(v, i);
    memset(st, 0, v->g->state_size);
    v->g->init(st, &v->cfg);
    tb_rng_seed(&v->rng[i], tb_seed_derive(v->seed, v->dealt++));
}

/* Resolves chance until a seat decides; a game that ends meanwhile (one
 * that can end on a deal) is scored and dealt again. */
static void settle_to_decision(tb_vec *v, int i)
{
    const tb_game *g = v->g;
    void *st = state_at(v, i);
    for (;;) {
        tb_settle(g, st, &v->rng[i]);
        if (g->current(st) != TB_TERMINAL)
            return;
        tb_result r;
        tb_result_of(g, st, &r);
        for (int j = 0; j < v->cfg.players; j++)
            v->reward[(size_t)i * (size_t)v->cfg.players + (size_t)j] +=
                g->reward ? g->reward(&r, j)
                : r.cooperative ? r.team_win
                                : tbi_win_share(&r, j);
        v->done[i] = 1;
        deal_again(v, i);
    }
}

/* Writes game i's seat to move, its observation and its mask. */
static void publish(tb_vec *v, int i)
{
    const tb_game *g = v->g;
    const void *st = state_at(v, i);
    int seat = g->current(st);
    v->seat[i] = seat;
    g->observe(st, seat, v->obs + (size_t)i * (size_t)v->obs_size);
    tb_action_mask(g, st, v->mask + (size_t)i * (size_t)v->space, v->space);
}

tb_vec *tb_vec_new(const tb_game *g, const tb_config *cfg, int n,
                   uint64_t seed, char *err, size_t errcap)
{
    if (!tb_has_tensors(g)) {
        tbi_errf(err, errcap, "%s has no observation tensors yet (see "
                 "docs/learning.md for the games that do)", g->id);
        return NULL;
    }
    if (n < 1 || n > 1000000) {
        tbi_errf(err, errcap, "a vec holds 1 to 1000000 games, not %d", n);
        return NULL;
    }
    if (tb_config_check(g, cfg, err, errcap) != TB_OK)
        return NULL;
    tb_vec *v = calloc(1, sizeof *v);
    if (!v)
        goto nomem;
    v->g = g;
    v->cfg = *cfg;
    v->n = n;
    v->seed = seed;
    v->obs_size = tb_observation_size(g, cfg);
    v->space = g->action_space(cfg);
    if (v->obs_size < 1 || v->space < 1) {
        free(v);
        goto nomem;
    }
    size_t un = (size_t)n;
    v->states = calloc(un, g->state_size);
    v->rng = calloc(un, sizeof *v->rng);
    v->obs = calloc(un * (size_t)v->obs_size, sizeof *v->obs);
    v->mask = calloc(un * (size_t)v->space, 1);
    v->seat = calloc(un, sizeof *v->seat);
    v->reward = calloc(un * (size_t)cfg->players, sizeof *v->reward);
    v->done = calloc(un, 1);
    if (!v->states || !v->rng || !v->obs || !v->mask || !v->seat ||
        !v->reward || !v->done) {
        tb_vec_free(v);
        goto nomem;
    }
    for (int i = 0; i < n; i++) {
        deal_again(v, i);
        settle_to_decision(v, i);
        publish(v, i);
    }
    memset(v->reward, 0, un * (size_t)cfg->players * sizeof *v->reward);
    memset(v->done, 0, un);
    return v;
nomem:
    tbi_errf(err, errcap, "out of memory for %d games", n);
    return NULL;
}

void tb_vec_free(tb_vec *v)
{
    if (!v)
        return;
    free(v->states);
    free(v->rng);
    free(v->obs);
    free(v->mask);
    free(v->seat);
    free(v->reward);
    free(v->done);
    free(v);
}

int tb_vec_step(tb_vec *v, const int32_t *actions, char *err, size_t errcap)
{
    const tb_game *g = v->g;
    /* Every index is checked before any game moves, so a bad batch leaves
     * every game as it was. */
    for (int i = 0; i < v->n; i++) {
        int k = actions[i];
        if (k < 0 || k >= v->space ||
            !v->mask[(size_t)i * (size_t)v->space + (size_t)k]) {
            tbi_errf(err, errcap, "game %d: action %d is not legal there "
                     "(see its mask)", i, k);
            return TB_EILLEGAL;
        }
    }
    memset(v->reward, 0,
           (size_t)v->n * (size_t)v->cfg.players * sizeof *v->reward);
    memset(v->done, 0, (size_t)v->n);
    for (int i = 0; i < v->n; i++) {
        void *st = state_at(v, i);
        tb_action a;
        int rc = tb_action_of_index(g, st, actions[i], &a);
        assert(rc == TB_OK); /* the mask said it is legal */
        (void)rc;
        g->apply(st, a);
        settle_to_decision(v, i);
        publish(v, i);
    }
    return TB_OK;
}

int tb_vec_size(const tb_vec *v) { return v->n; }
int tb_vec_obs_size(const tb_vec *v) { return v->obs_size; }
int tb_vec_space(const tb_vec *v) { return v->space; }
const float *tb_vec_obs(const tb_vec *v) { return v->obs; }
const uint8_t *tb_vec_mask(const tb_vec *v) { return v->mask; }
const int32_t *tb_vec_seat(const tb_vec *v) { return v->seat; }
const double *tb_vec_reward(const tb_vec *v) { return v->reward; }
const uint8_t *tb_vec_done(const tb_vec *v) { return v->done; }
