/*
 * belief.h - determinization weighted by the likelihood of past moves.
 * Plain determinization deals every card a seat has not seen uniformly
 * among the places it could be, as if the other players' moves said
 * nothing about their hands.  A belief keeps a set of candidate worlds
 * instead (a particle filter): full states consistent with what the
 * observing seat knows, each weighted by how likely the other seats'
 * moves were in it under the bot's opponent model (oppmodel.h).  Each
 * move another seat makes is replayed in every world: a world in which
 * the seat could not have made it (the card was not in its hand there)
 * drops out and is replaced by a fresh world in which it could, dealt
 * from what the observer knows at that moment; every world then gains
 * the move's likelihood there.  The search draws its worlds by weight.
 *
 * A fresh world carries the mean weight of the worlds still standing
 * before the move: it stands for the hands the earlier moves did not rule
 * out, not for those they made likely, so the belief is an approximation that leans
 * towards the uniform deal; worlds that survive many moves carry their
 * evidence.  The worlds last while the seat sees nothing but the moves:
 * a move it cannot tell apart (a secret choice) or something it sees
 * happen by chance (a card it draws, a new deal) starts them afresh.
 * Nothing here reads more than the observing seat was shown: every world
 * comes from a state already determinized for it, and the moves are those
 * tbi_bot_observe passed on as seen.
 *
 * All memory is allocated by tbi_belief_new; nothing after.
 */
#ifndef TABULA_BELIEF_H
#define TABULA_BELIEF_H

#include "oppmodel.h"
#include "tabula.h"

typedef struct tbi_belief tbi_belief;

/* A belief of `worlds` candidate worlds (at least 2) for game g; NULL
 * when memory runs out. */
tbi_belief *tbi_belief_new(const tb_game *g, int worlds);
void tbi_belief_free(tbi_belief *b);

/* Forgets everything (a new game); seed starts the belief's generator. */
void tbi_belief_reset(tbi_belief *b, uint64_t seed);

/* Replays in every world that actor took action a, weighting each by the
 * move's likelihood there under model raised to the power temper (1: as
 * the model says; below 1, flatter, for a model that may be wrong).
 * seen, before and key_after are tbi_bot_observe's: whether the observer
 * could tell the action, the state before it determinized for the
 * observer, and the observer's information-set key just after it.  An
 * unseen action ends the worlds. */
void tbi_belief_observe(tbi_belief *b, const void *before, int observer,
                        int actor, tb_action a, int seen, uint64_t key_after,
                        const tbi_oppmodel *model, double temper);

/* Readies the weighted worlds for observer's decision at root (a state
 * determinized for observer).  Returns how many worlds carry weight, 0
 * when the belief has nothing to offer here (the worlds do not reach this
 * decision, or no other seat has moved since they started); the search
 * then determinizes as usual. */
int tbi_belief_prepare(tbi_belief *b, const void *root, int observer);

/* Copies into out a world drawn by weight (after a prepare that returned
 * more than 0). */
void tbi_belief_draw(const tbi_belief *b, void *out, tb_rng *rng);

/* For tests and reports: the moves the worlds have been through, and the
 * effective number of worlds (the square of the summed weights over the
 * summed squares) after the last prepare. */
int tbi_belief_moves(const tbi_belief *b);
double tbi_belief_effective(const tbi_belief *b);

#endif
