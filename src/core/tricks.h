/*
 * tricks.h - the shared model of one trick for trick-taking games: who led,
 * the seat order around the table, the cards played so far (each with a
 * small game-defined tag such as "followed" or "tossed"), the "must follow
 * if you can" filter of a hand, and the choice of a winner through hooks the
 * game supplies (which cards may win, and how they rank).
 *
 * A tbi_trick is flat and pointer-free, so it lives inside a game's state
 * and is copied with it.  Hooks are passed at each call, never stored.
 */
#ifndef TABULA_TRICKS_H
#define TABULA_TRICKS_H

#include "tabula.h"

#include <stdint.h>

/* One trick in progress (or just completed). */
typedef struct tbi_trick {
    uint8_t players;       /* seats at the table */
    uint8_t leader;        /* the seat that led */
    uint8_t anticlockwise; /* 1: play passes to the next lower seat */
    uint8_t n;             /* cards played so far */
    uint8_t card[TB_MAX_PLAYERS]; /* card[i]: the i-th card, from seat_of(i) */
    uint8_t tag[TB_MAX_PLAYERS];  /* tag[i]: game-defined mark of card[i] */
} tbi_trick;

/* Whether card `card` may be played, by the game's rule (for example "it
 * shares the led suit").  ctx is the game's own data. */
typedef int (*tbi_card_pred)(int card, const void *ctx);
/* Whether the i-th card of trick t may win it (for example "it was not a
 * tossed card"). */
typedef int (*tbi_trick_eligible)(const tbi_trick *t, int i, const void *ctx);
/* The rank of a card in this trick: higher beats lower. */
typedef int (*tbi_trick_key)(int card, const void *ctx);

/* Starts an empty trick led by `leader` among `players` seats. */
void tbi_trick_start(tbi_trick *t, int players, int leader, int anticlockwise);
/* The seat `k` places after `seat` in playing order. */
int tbi_trick_seat_after(const tbi_trick *t, int seat, int k);
/* The seat that plays (or played) the i-th card of the trick. */
int tbi_trick_seat_of(const tbi_trick *t, int i);
/* Whether every seat has played. */
int tbi_trick_complete(const tbi_trick *t);
/* The seat to play next, or -1 when the trick is complete. */
int tbi_trick_to_play(const tbi_trick *t);
/* How many seats still play after the one now to play. */
int tbi_trick_after_current(const tbi_trick *t);
/* Adds the next seat's card with its tag. */
void tbi_trick_play(tbi_trick *t, int card, int tag);
/* The index in the trick of seat's card, or -1 when it has not played. */
int tbi_trick_index_of(const tbi_trick *t, int seat);

/* Index of the highest-keyed card among those `eligible` accepts (all
 * cards when eligible is NULL); of equal keys the earliest played wins.
 * Returns -1 when no card is eligible. */
int tbi_trick_best(const tbi_trick *t, tbi_trick_eligible eligible,
                   tbi_trick_key key, const void *ctx);

/* Whether any of the n cards of hand satisfies pred. */
int tbi_trick_can_follow(const uint8_t *hand, int n, tbi_card_pred pred,
                         const void *ctx);
/* The cards of hand a seat may play under "follow if you can": those that
 * satisfy pred, or the whole hand when none does.  Writes them to out in
 * hand order and returns how many. */
int tbi_trick_playable(const uint8_t *hand, int n, tbi_card_pred pred,
                       const void *ctx, uint8_t *out);

#endif
