/*
 * ismcts.h - what the ISMCTS bot exposes beyond the bot interface: the
 * reward it maximizes (so tests can check it) and how many iterations its
 * last decision ran (so `tabula bench` can report a speed).
 */
#ifndef TABULA_ISMCTS_H
#define TABULA_ISMCTS_H

#include "belief.h"
#include "bot.h"
#include "oppmodel.h"

/* The default weight of the graded part of the generic competitive reward
 * (placement and score margin) against the plain win share. */
#define TBI_ISMCTS_FINE 0.5

/* The reward in [0, 1] of `seat` for a finished game with result r: the
 * game's own reward function when it has one, otherwise a generic one (see
 * docs/bots.md).  `fine` weighs the graded terms of competitive games. */
double tbi_ismcts_reward(const tb_game *g, const tb_result *r, int seat,
                         double fine);

/* The iterations the bot's last decision ran (0 when it had one legal
 * action, or when b is not an ISMCTS bot). */
long tbi_ismcts_iterations(const tbi_bot *b);

/* The bot's belief about the other seats' policies (opp=on; see
 * oppmodel.h), or NULL when b is not an ISMCTS bot. */
const tbi_oppmodel *tbi_ismcts_model(const tbi_bot *b);

/* The bot's weighted worlds (infer=N; see belief.h) and whether its last
 * decision drew its worlds from them; NULL when it keeps none. */
const tbi_belief *tbi_ismcts_belief(const tbi_bot *b, int *used);

#endif
