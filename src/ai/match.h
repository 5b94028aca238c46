/*
 * match.h - playing one whole game between bots, with every chance outcome
 * drawn from the game's seed and every step optionally written to a record.
 * `tabula sim`, `tabula play` without people, and the tests share it.
 */
#ifndef TABULA_MATCH_H
#define TABULA_MATCH_H

#include "bot.h"

/* Per-game seeds: game i of a run with master seed S uses
 * tbi_game_seed(S, i); its deal comes from a generator seeded with that,
 * and seat j's bot from tbi_seat_seed(game_seed, j). */
uint64_t tbi_game_seed(uint64_t master, uint64_t game_index);
uint64_t tbi_seat_seed(uint64_t game_seed, int seat);

/* The two steps every way of running a table takes (a match between bots,
 * `tabula play`, `tabula serve`), so that a record means the same
 * whoever wrote it.  tbi_step_chance resolves the chance node at st from
 * rng and appends the outcome to rec (when not NULL); the outcome also goes
 * to outcome/n when they are not NULL (TB_MAX_CHANCE capacity).
 * tbi_step_action takes the legal action a of the seat to move: appends
 * its text to rec (when not NULL), copies the state before it into before
 * (when not NULL, for tb_describe) and applies it.  Both return TB_OK, or
 * TB_ENOMEM when the record cannot grow (the step is then taken but is
 * missing from the record). */
int tbi_step_chance(const tb_game *g, void *st, tb_rng *rng, tb_record *rec,
                    uint16_t *outcome, int *n);
int tbi_step_action(const tb_game *g, void *st, void *before, tb_action a,
                    tb_record *rec);

/* What one match produced. */
typedef struct tbi_match_stats {
    long actions;
    tb_result result;
} tbi_match_stats;

/* Tells every bot that listens when the round number of st (standing())
 * has moved on from `round`, the round that then ended; returns st's
 * round.  A match calls it after each step when some bot wants rounds
 * (tbi_bot_wants_rounds).  A seat with no bot (NULL) is skipped. */
int tbi_note_round(const tb_game *g, const void *st, int round,
                   tbi_bot *const *bots, int players);
/* Plays a game of g with cfg from seed to the end, bots[j] at seat j, in
 * st (g->state_size bytes).  When rec is not NULL, every deal and action is
 * appended to it (it must be initialised) and its result set. */
int tbi_play_match(const tb_game *g, const tb_config *cfg, uint64_t seed,
                   tbi_bot *const *bots, void *st, tb_record *rec,
                   tbi_match_stats *out, char *err, size_t errcap);

/* Called after every action of a match, with the state after it. */
typedef struct tbi_match_observer {
    void (*after_action)(void *user, const tb_game *g, const void *st);
    void *user;
} tbi_match_observer;

/* tbi_play_match with an observer (may be NULL). */
int tbi_play_match_observed(const tb_game *g, const tb_config *cfg,
                            uint64_t seed, tbi_bot *const *bots, void *st,
                            tb_record *rec, const tbi_match_observer *obs,
                            tbi_match_stats *out, char *err, size_t errcap);

#endif
