/*
 * belief.c - determinization weighted by the likelihood of past moves (see
 * belief.h): a particle filter over full states.  Plain determinization is
 * the proposal; a world that cannot make an observed move is replaced by
 * one drawn from the observer's knowledge at that moment until one can
 * (rejection, a few tries), so the worlds always hold the cards the moves
 * showed, and each move's likelihood under the opponent model weights them.
 */
#include "belief.h"
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FRESH_TRIES 32 /* deals tried for a world that can make the move */

struct tbi_belief {
    const tb_game *g;
    int n;                 /* worlds */
    unsigned char *worlds; /* n state blocks */
    double *logw;          /* log weight of each; -INFINITY: none */
    double *cdf;           /* cumulative normalized weights (prepare) */
    int live;              /* worlds with weight after the last prepare */
    double ess;            /* their effective number */
    void *view;            /* a world determinized for the moving seat */
    void *scratch;         /* for tb_infoset_key */
    int active;            /* the worlds stand after the last move seen */
    uint64_t key_after;    /* the observer's key after that move */
    int checked;           /* the worlds were caught up since that move */
    int moves;             /* moves replayed since the worlds started */
    int others;            /* of them, moves by other seats */
    tb_rng rng;
};

tbi_belief *tbi_belief_new(const tb_game *g, int worlds)
{
    if (worlds < 2)
        worlds = 2;
    tbi_belief *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->g = g;
    b->n = worlds;
    b->worlds = malloc((size_t)worlds * g->state_size);
    b->logw = calloc((size_t)worlds, sizeof *b->logw);
    b->cdf = calloc((size_t)worlds, sizeof *b->cdf);
    b->view = tb_state_new(g);
    b->scratch = tb_state_new(g);
    if (!b->worlds || !b->logw || !b->cdf || !b->view || !b->scratch) {
        tbi_belief_free(b);
        return NULL;
    }
    tbi_belief_reset(b, 0);
    return b;
}

void tbi_belief_free(tbi_belief *b)
{
    if (!b)
        return;
    free(b->worlds);
    free(b->logw);
    free(b->cdf);
    free(b->view);
    free(b->scratch);
    free(b);
}

void tbi_belief_reset(tbi_belief *b, uint64_t seed)
{
    b->active = 0;
    b->checked = 0;
    b->moves = b->others = 0;
    b->live = 0;
    b->ess = 0;
    tb_rng_seed(&b->rng, seed ^ 0x62656c696566ull);
}

/* World i's state block. */
static void *world(const tbi_belief *b, int i)
{
    return b->worlds + (size_t)i * b->g->state_size;
}

/* Whether the seat to move in w is actor and may take a; n gets the
 * number of its legal actions. */
static int can_make(const tb_game *g, const void *w, int actor, tb_action a,
                    int *n)
{
    tb_action acts[TB_MAX_ACTIONS];
    *n = 0;
    if (g->current(w) != actor)
        return 0;
    *n = g->legal(w, acts);
    return tbi_has_action(acts, *n, a);
}

/* The log-likelihood that actor plays a in w (where it has n legal
 * actions), deciding from what it sees there. */
static double log_likelihood(tbi_belief *b, const void *w, int actor,
                             tb_action a, int n, const tbi_oppmodel *model)
{
    memcpy(b->view, w, b->g->state_size);
    b->g->determinize(b->view, actor, &b->rng);
    return log(tbi_oppmodel_likelihood(model, b->view, actor, a, n, &b->rng));
}

/* Deals world i afresh from before (the state before the move, for the
 * observer) until actor may make a there, trying FRESH_TRIES deals;
 * returns whether one could. */
static int deal_fresh(tbi_belief *b, int i, const void *before, int observer,
                      int actor, tb_action a, int *n)
{
    void *w = world(b, i);
    for (int t = 0; t < FRESH_TRIES; t++) {
        memcpy(w, before, b->g->state_size);
        b->g->determinize(w, observer, &b->rng);
        if (can_make(b->g, w, actor, a, n))
            return 1;
    }
    return 0;
}

/* Brings the worlds to where the observer stands after the last move (its
 * key is key): chance the observer did not see is sampled, and a world
 * that does not then stand where the observer does (same information-set
 * key) is ruled out.  Done once a move: a decision and the bot's own move
 * after it find the worlds caught up already. */
static void catch_up(tbi_belief *b, int observer, uint64_t key)
{
    if (b->checked)
        return;
    b->checked = 1;
    for (int i = 0; i < b->n; i++) {
        if (b->logw[i] == -INFINITY)
            continue;
        void *w = world(b, i);
        if (b->g->current(w) == TB_CHANCE)
            tb_settle(b->g, w, &b->rng);
        if (tb_infoset_key(b->g, w, observer, b->scratch) != key)
            b->logw[i] = -INFINITY;
    }
}

/* The log of the mean weight of the worlds still standing (-INFINITY when
 * none is). */
static double log_mean_weight(const tbi_belief *b)
{
    double top = -INFINITY, sum = 0;
    int live = 0;
    for (int i = 0; i < b->n; i++)
        if (b->logw[i] > top)
            top = b->logw[i];
    if (top == -INFINITY)
        return top;
    for (int i = 0; i < b->n; i++)
        if (b->logw[i] > -INFINITY) {
            sum += exp(b->logw[i] - top);
            live++;
        }
    return top + log(sum / live);
}

void tbi_belief_observe(tbi_belief *b, const void *before, int observer,
                        int actor, tb_action a, int seen, uint64_t key_after,
                        const tbi_oppmodel *model, double temper)
{
    const tb_game *g = b->g;
    if (!seen || !before) {
        b->active = 0; /* a move the worlds cannot replay */
        return;
    }
    uint64_t key = tb_infoset_key(g, before, observer, b->scratch);
    if (!b->active || key != b->key_after) {
        /* The observer saw something besides the moves (or this is the
         * first move): the worlds start again from what it knows now. */
        for (int i = 0; i < b->n; i++)
            b->logw[i] = -INFINITY;
        b->moves = b->others = 0;
    } else {
        catch_up(b, observer, key);
    }
    double prior = b->moves ? log_mean_weight(b) : 0;
    if (prior == -INFINITY)
        prior = 0; /* every world was ruled out: start from the deal */
    for (int i = 0; i < b->n; i++) {
        int n;
        if (!(b->logw[i] > -INFINITY &&
              can_make(g, world(b, i), actor, a, &n))) {
            /* This world could not have seen the move: a fresh one that
             * could, of the weight the worlds had on average. */
            if (!deal_fresh(b, i, before, observer, actor, a, &n)) {
                b->logw[i] = -INFINITY;
                continue;
            }
            b->logw[i] = prior;
        }
        if (actor != observer)
            b->logw[i] +=
                temper * log_likelihood(b, world(b, i), actor, a, n, model);
        g->apply(world(b, i), a);
    }
    b->active = 1;
    b->checked = 0;
    b->key_after = key_after;
    b->moves++;
    b->others += actor != observer;
}

int tbi_belief_prepare(tbi_belief *b, const void *root, int observer)
{
    b->live = 0;
    b->ess = 0;
    if (!b->active || b->others == 0)
        return 0;
    uint64_t key = tb_infoset_key(b->g, root, observer, b->scratch);
    if (key != b->key_after)
        return 0; /* something happened since that the worlds lack */
    catch_up(b, observer, key);
    double top = -INFINITY;
    for (int i = 0; i < b->n; i++)
        if (b->logw[i] > top)
            top = b->logw[i];
    if (top == -INFINITY)
        return 0;
    double acc = 0, sq = 0;
    for (int i = 0; i < b->n; i++) {
        double w = exp(b->logw[i] - top);
        b->cdf[i] = acc += w;
        sq += w * w;
        b->live += b->logw[i] > -INFINITY;
    }
    for (int i = 0; i < b->n; i++)
        b->cdf[i] /= acc;
    b->cdf[b->n - 1] = 1.0; /* no draw can fall past the end */
    b->ess = acc * acc / sq;
    return b->live;
}

void tbi_belief_draw(const tbi_belief *b, void *out, tb_rng *rng)
{
    double u = tb_rng_unit(rng);
    int lo = 0, hi = b->n - 1;
    while (lo < hi) { /* the first world whose cumulative weight passes u */
        int mid = (lo + hi) / 2;
        if (b->cdf[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    memcpy(out, world(b, lo), b->g->state_size);
}

int tbi_belief_moves(const tbi_belief *b)
{
    return b->active ? b->moves : 0;
}

double tbi_belief_effective(const tbi_belief *b)
{
    return b->ess;
}
