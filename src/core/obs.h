/*
 * obs.h - small writers for the games' observation tensors (tb_game.observe,
 * docs/learning.md): a cursor over the caller's float vector that appends
 * scalars, one-hot codes and sets of cards, so that each game's observe
 * reads as a list of what it encodes and its size is counted by the same
 * calls (observe with a NULL vector only counts: tb_observation_size).
 */
#ifndef TABULA_OBS_H
#define TABULA_OBS_H

#include "cards.h"
#include "tricks.h"

#include <stdint.h>

typedef struct tbi_obs {
    float *out; /* NULL: only count */
    int at;     /* floats written (or counted) so far */
} tbi_obs;

static inline void tbi_obs_scalar(tbi_obs *o, double v)
{
    if (o->out)
        o->out[o->at] = (float)v;
    o->at++;
}

/* n floats, 1 at position k and 0 elsewhere (all 0 when k is outside
 * [0, n): "none"). */
static inline void tbi_obs_onehot(tbi_obs *o, int k, int n)
{
    for (int i = 0; i < n; i++)
        tbi_obs_scalar(o, i == k);
}

/* n floats: the seat p counted from the observing seat (one-hot at
 * (p - seat) mod n), all 0 when p is outside [0, n) ("nobody"), so that
 * one network serves every seat. */
static inline void tbi_obs_seat(tbi_obs *o, int p, int seat, int n)
{
    tbi_obs_onehot(o, p >= 0 && p < n ? (p - seat + n) % n : -1, n);
}

/* n floats: bit lo + i of bits for i in [0, n). */
static inline void tbi_obs_bits(tbi_obs *o, uint64_t bits, int lo, int n)
{
    for (int i = 0; i < n; i++)
        tbi_obs_scalar(o, (double)(bits >> (lo + i) & 1u));
}

/* n floats, one per card value lo..lo+n-1: 1 for each of the count cards
 * given. */
static inline void tbi_obs_cards(tbi_obs *o, const uint8_t *cards, int count,
                                 int lo, int n)
{
    if (o->out) {
        for (int i = 0; i < n; i++)
            o->out[o->at + i] = 0;
        for (int i = 0; i < count; i++)
            if (cards[i] >= lo && cards[i] < lo + n)
                o->out[o->at + cards[i] - lo] = 1;
    }
    o->at += n;
}

/* n floats, one per card value lo..lo+n-1: (i + 1) / n for the card at
 * position i of the count cards of seq (a pile, oldest first), 0 for a
 * value not in it, so that the order of a pile is kept as well as its
 * cards (and its top is the largest). */
static inline void tbi_obs_order(tbi_obs *o, const uint8_t *seq, int count,
                                 int lo, int n)
{
    if (o->out) {
        for (int i = 0; i < n; i++)
            o->out[o->at + i] = 0;
        for (int i = 0; i < count; i++)
            if (seq[i] >= lo && seq[i] < lo + n)
                o->out[o->at + seq[i] - lo] = (float)(i + 1) / (float)n;
    }
    o->at += n;
}

/* n floats, one per card value lo..lo+n-1: 1 for each member of set. */
static inline void tbi_obs_set128(tbi_obs *o, const tbi_set128 *set, int lo,
                                  int n)
{
    for (int i = 0; i < n; i++)
        tbi_obs_scalar(o, tbi_set_has(set, (unsigned)(lo + i)));
}

/* A trick seen from seat: its leader (tbi_obs_seat, none when not shown)
 * and, per seat from seat on, the card it played into it (one-hot over
 * card values lo..lo+cards-1, none before it plays) and, when the game
 * tags its cards (tags > 0 kinds, tricks.h), that card's tag (one-hot).
 * shown 0 writes the same floats as an empty trick: for a trick that is
 * not in play or not kept (no last trick yet). */
static inline void tbi_obs_trick(tbi_obs *o, const tbi_trick *tr, int shown,
                                 int seat, int n, int lo, int cards, int tags)
{
    tbi_obs_seat(o, shown ? tr->leader : -1, seat, n);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        int i = shown ? tbi_trick_index_of(tr, p) : -1;
        tbi_obs_onehot(o, i >= 0 ? tr->card[i] - lo : -1, cards);
        if (tags > 0)
            tbi_obs_onehot(o, i >= 0 ? tr->tag[i] : -1, tags);
    }
}

#endif
