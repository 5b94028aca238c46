/*
 * oppmodel.c - opponent models inferred from play (see oppmodel.h).  The
 * belief about a seat is a posterior over a pool of policies; each move the
 * seat is seen to make multiplies it by that move's likelihood under each
 * policy.  A deterministic policy would make one surprising move rule
 * itself out for good, and people (and bots with ties) are not that
 * regular, so every policy is taken to play its choice with probability
 * 1 - EPSILON and a uniformly random legal move otherwise.
 */
#include "oppmodel.h"
#include "internal.h"

#include <math.h>
#include <string.h>

#define EPSILON 0.15  /* a policy's chance of a move it would not choose */
/* Worlds resampled to read a move's likelihood.  A build may set more
 * (-DTBI_OPP_WORLDS=32) to measure what the few worlds cost: docs/bots.md,
 * "Opponent models", reads Chain of Restraints' belief with 32. */
#ifndef TBI_OPP_WORLDS
#define TBI_OPP_WORLDS 3
#endif
#define WORLDS TBI_OPP_WORLDS
#define MIXTURE_FLOOR 1e-3 /* posteriors below it are left out of a mixture */

/* Whether fn is already in m's pool. */
static int has_policy(const tbi_oppmodel *m, tbi_policy_fn fn)
{
    for (int k = 0; k < m->n; k++)
        if (m->fn[k] == fn)
            return 1;
    return 0;
}

/* Adds a policy to the pool unless it is there or the pool is full. */
static void add_policy(tbi_oppmodel *m, const char *name, tbi_policy_fn fn)
{
    if (m->n < TBI_OPP_MAX_MODELS && !has_policy(m, fn)) {
        m->name[m->n] = name;
        m->fn[m->n] = fn;
        m->n++;
    }
}

/* Rebuilds every seat's cumulative posterior from the evidence. */
static void refresh(tbi_oppmodel *m, int seat)
{
    double top = -INFINITY, w[TBI_OPP_MAX_MODELS], sum = 0;
    for (int k = 0; k < m->n; k++) {
        w[k] = m->prior[k] + m->loglik[seat][k];
        if (w[k] > top)
            top = w[k];
    }
    for (int k = 0; k < m->n; k++)
        sum += w[k] = exp(w[k] - top);
    double acc = 0;
    for (int k = 0; k < m->n; k++)
        m->cdf[seat][k] = acc += w[k] / sum;
    m->cdf[seat][m->n - 1] = 1.0; /* no draw can fall past the end */
}

void tbi_oppmodel_reset(tbi_oppmodel *m, uint64_t seed)
{
    memset(m->loglik, 0, sizeof m->loglik);
    memset(m->moves, 0, sizeof m->moves);
    tb_rng_seed(&m->rng, seed ^ 0x6f70706d6f64656cull);
    for (int j = 0; j < TB_MAX_PLAYERS; j++)
        refresh(m, j);
}

void tbi_oppmodel_init(tbi_oppmodel *m, const tb_game *g, tbi_policy_fn base,
                       uint64_t seed)
{
    memset(m, 0, sizeof *m);
    if (base)
        add_policy(m, base == g->quick       ? "quick"
                      : base == g->heuristic ? "heuristic"
                                             : "search model",
                   base);
    if (g->heuristic)
        add_policy(m, "heuristic", g->heuristic);
    if (g->quick)
        add_policy(m, "quick", g->quick);
    for (int i = 0; i < g->n_policies; i++)
        add_policy(m, g->policies[i].name, g->policies[i].choose);
    add_policy(m, "random", NULL);
    /* The search's own model keeps half the prior: evidence must speak
     * before the search plays a seat otherwise than it always has. */
    for (int k = 0; k < m->n; k++)
        m->prior[k] = m->n == 1 ? 0
                      : k == 0 ? log(0.5)
                               : log(0.5 / (m->n - 1));
    tbi_oppmodel_reset(m, seed);
}

/* The probability that policy k, deciding for actor in view (a state
 * determinized for actor, with n legal actions), plays a. */
static double policy_prob(const tbi_oppmodel *m, int k, const void *view,
                          int actor, tb_action a, int n, tb_rng *rng)
{
    if (!m->fn[k])
        return 1.0 / n;
    return EPSILON / n + (1 - EPSILON) * (m->fn[k](view, actor, rng) == a);
}

void tbi_oppmodel_update(tbi_oppmodel *m, const tb_game *g, const void *world,
                         int observer, int actor, tb_action a, void *scratch,
                         void *view)
{
    if (actor < 0 || actor >= TB_MAX_PLAYERS || actor == observer || m->n < 2)
        return;
    double lik[TBI_OPP_MAX_MODELS] = {0};
    int worlds = 0;
    tb_action acts[TB_MAX_ACTIONS];
    for (int w = 0; w < WORLDS; w++) {
        /* The first world is the one given; the others are resampled from
         * the observer's knowledge, so the actor's unseen cards vary. */
        memcpy(scratch, world, g->state_size);
        if (w > 0)
            g->determinize(scratch, observer, &m->rng);
        int n = g->legal(scratch, acts);
        if (n < 1 || !tbi_has_action(acts, n, a))
            continue; /* a world where the actor could not have done it */
        worlds++;
        /* Each policy decides as the actor would: from a world sampled
         * for the actor, which holds nothing the actor could not see. */
        memcpy(view, scratch, g->state_size);
        g->determinize(view, actor, &m->rng);
        for (int k = 0; k < m->n; k++)
            lik[k] += policy_prob(m, k, view, actor, a, n, &m->rng);
    }
    if (!worlds)
        return;
    for (int k = 0; k < m->n; k++)
        m->loglik[actor][k] += log(lik[k] / worlds);
    m->moves[actor]++;
    refresh(m, actor);
}

double tbi_oppmodel_likelihood(const tbi_oppmodel *m, const void *view,
                               int actor, tb_action a, int n, tb_rng *rng)
{
    if (actor < 0 || actor >= TB_MAX_PLAYERS || m->n < 1 || n < 1)
        return 1.0;
    double sum = 0, mass = 0;
    for (int k = 0; k < m->n; k++) {
        double w = tbi_oppmodel_posterior(m, actor, k);
        if (w < MIXTURE_FLOOR)
            continue; /* asking a policy costs; this one hardly counts */
        sum += w * policy_prob(m, k, view, actor, a, n, rng);
        mass += w;
    }
    return mass > 0 ? sum / mass : 1.0 / n;
}

double tbi_oppmodel_posterior(const tbi_oppmodel *m, int seat, int k)
{
    if (k < 0 || k >= m->n)
        return 0;
    return m->cdf[seat][k] - (k ? m->cdf[seat][k - 1] : 0);
}

int tbi_oppmodel_sample(const tbi_oppmodel *m, int seat, tb_rng *rng)
{
    double u = tb_rng_unit(rng);
    for (int k = 0; k < m->n; k++)
        if (u < m->cdf[seat][k])
            return k;
    return m->n - 1;
}

int tbi_oppmodel_best(const tbi_oppmodel *m, int seat)
{
    int best = 0;
    for (int k = 1; k < m->n; k++)
        if (tbi_oppmodel_posterior(m, seat, k) >
            tbi_oppmodel_posterior(m, seat, best))
            best = k;
    return best;
}
