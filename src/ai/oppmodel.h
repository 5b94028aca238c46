/*
 * oppmodel.h - opponent models inferred from play.  A search bot keeps, for
 * every other seat, a belief over a small pool of policies (the search's
 * own default model of the players, the game's heuristic, its quick
 * policy, its named policies, and uniform random play), updated by Bayes'
 * rule from the moves that seat is seen to make.  The likelihood of a move
 * under a policy is read from worlds consistent with what the observing
 * seat knows, so the belief never rests on a card the observer has not
 * seen.  The search then samples each seat's policy from that belief for
 * every world it plays, in the tree below the root and in playouts.
 *
 * Everything is fixed-size: no allocation after tbi_oppmodel_init.
 */
#ifndef TABULA_OPPMODEL_H
#define TABULA_OPPMODEL_H

#include "tabula.h"

#define TBI_OPP_MAX_MODELS 8

/* A policy of the pool; NULL stands for uniform random play. */
typedef tb_action (*tbi_policy_fn)(const void *st, int seat, tb_rng *rng);

typedef struct tbi_oppmodel {
    int n;                                 /* policies in the pool */
    const char *name[TBI_OPP_MAX_MODELS];  /* for tests and reports */
    tbi_policy_fn fn[TBI_OPP_MAX_MODELS];
    double prior[TBI_OPP_MAX_MODELS];      /* log prior of each */
    /* Summed log-likelihood of each seat's observed moves, per policy. */
    double loglik[TB_MAX_PLAYERS][TBI_OPP_MAX_MODELS];
    int moves[TB_MAX_PLAYERS];             /* moves that updated a seat */
    /* Each seat's posterior as a cumulative distribution, kept up to date
     * by every update, so that a search samples it cheaply per world. */
    double cdf[TB_MAX_PLAYERS][TBI_OPP_MAX_MODELS];
    tb_rng rng;                            /* its own, so bots' streams keep */
} tbi_oppmodel;

/* Fills m's pool for game g: `base` (the search's default model; NULL for
 * random) first, then the game's heuristic, quick policy and named policies
 * where they differ from it, then random.  The base policy gets half the
 * prior; the rest share the other half.  Clears every belief. */
void tbi_oppmodel_init(tbi_oppmodel *m, const tb_game *g, tbi_policy_fn base,
                       uint64_t seed);

/* Forgets every seat's evidence (a new game). */
void tbi_oppmodel_reset(tbi_oppmodel *m, uint64_t seed);

/* Updates the belief about `actor` from its move a.  world is the state
 * before the move, determinized for the observer (so it holds only what
 * the observer knows, with the rest sampled); scratch and view are
 * state-sized blocks the function may overwrite.  The likelihood is
 * averaged over a few worlds resampled for the observer. */
void tbi_oppmodel_update(tbi_oppmodel *m, const tb_game *g, const void *world,
                         int observer, int actor, tb_action a, void *scratch,
                         void *view);

/* The probability that actor plays a in view (a state determinized for
 * actor, where it has n legal actions) under the belief about it: the
 * pool's policies mixed by their posterior (each with its EPSILON of
 * uniform play; policies of posterior below 0.001 are skipped).  rng
 * drives policies that draw.  For weighted determinization (belief.h). */
double tbi_oppmodel_likelihood(const tbi_oppmodel *m, const void *view,
                               int actor, tb_action a, int n, tb_rng *rng);

/* The posterior probability that seat plays policy k. */
double tbi_oppmodel_posterior(const tbi_oppmodel *m, int seat, int k);

/* A policy index for seat drawn from its posterior with rng. */
int tbi_oppmodel_sample(const tbi_oppmodel *m, int seat, tb_rng *rng);

/* The most probable policy for seat (the first on a tie). */
int tbi_oppmodel_best(const tbi_oppmodel *m, int seat);

#endif
