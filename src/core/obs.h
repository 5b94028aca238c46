/*
 * obs.h - small writers for the games' observation tensors (tb_game.observe,
 * docs/learning.md): a cursor over the caller's float vector that appends
 * scalars, one-hot codes and sets of cards, so that each game's observe
 * reads as a list of what it encodes and its size is counted by the same
 * calls (observe with a NULL vector only counts: tb_observation_size).
 * Also the codes every game writes alike (seats counted from the
 * observer, the Mystique Deck's cards) and the rank of a choice of cards,
 * for action indices.
 */
#ifndef TABULA_OBS_H
#define TABULA_OBS_H

#include "cards.h"
#include "mystique_deck.h"
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

/* n floats, one per card value lo..lo+n-1: 1 for each member of set. */
static inline void tbi_obs_set128(tbi_obs *o, const tbi_set128 *set, int lo,
                                  int n)
{
    for (int i = 0; i < n; i++)
        tbi_obs_scalar(o, tbi_set_has(set, (unsigned)(lo + i)));
}

/* n floats, one per seat counted from seat (its own first): 1 for seat p,
 * all 0 when p is outside [0, n) ("nobody").  Observations count seats
 * from the observer so that one network serves every seat. */
static inline void tbi_obs_seat(tbi_obs *o, int p, int seat, int n)
{
    tbi_obs_onehot(o, p >= 0 && p < n ? (p - seat + n) % n : -1, n);
}

/* n floats, one per card value lo..lo+n-1: for each of the count cards
 * given, its place in that order plus one, over scale (0 for a card not
 * among them).  For piles whose order a seat sees and play depends on (a
 * discard pile whose top may be taken, the cards laid this round): flags
 * would lose the order. */
static inline void tbi_obs_order(tbi_obs *o, const uint8_t *cards, int count,
                                 int lo, int n, double scale)
{
    if (o->out) {
        for (int i = 0; i < n; i++)
            o->out[o->at + i] = 0;
        for (int i = 0; i < count; i++)
            if (cards[i] >= lo && cards[i] < lo + n)
                o->out[o->at + cards[i] - lo] = (float)((i + 1) / scale);
    }
    o->at += n;
}

/* n_cards one-hot codes of n_places floats each: card c's place where[c]
 * (a cell of a board, say), none when where[c] >= n_places (not placed). */
static inline void tbi_obs_places(tbi_obs *o, const uint8_t *where,
                                  int n_cards, int n_places)
{
    for (int c = 0; c < n_cards; c++)
        tbi_obs_onehot(o, where[c], n_places);
}

/* ------------------------------------------------ the Mystique Deck
 * Every Mystique game encodes its cards the same way: by card id, flags
 * (or one-hot codes) over the 60 ids of one deck, or 120 when the gold and
 * silver decks are both in play (mystique_deck.h). */

/* 60 flags: the members of a set of one deck's cards (bit id). */
static inline void tbi_obs_mq_set(tbi_obs *o, uint64_t set)
{
    tbi_obs_bits(o, set, 0, TBI_MQ_CARDS);
}

/* 60 x decks flags: the count cards given (ids of `decks` decks). */
static inline void tbi_obs_mq_cards(tbi_obs *o, const uint8_t *ids, int count,
                                    int decks)
{
    tbi_obs_cards(o, ids, count, 0, TBI_MQ_CARDS * decks);
}

/* 60 x decks floats: one card as a one-hot code, none when id < 0. */
static inline void tbi_obs_mq_card(tbi_obs *o, int id, int decks)
{
    tbi_obs_onehot(o, id, TBI_MQ_CARDS * decks);
}

/* 12 floats: a set of traits (bit t for trait t, mystique_deck.h), or a
 * single trait as a one-hot code with tbi_obs_onehot(o, t, TBI_MQ_TRAITS). */
static inline void tbi_obs_mq_traits(tbi_obs *o, unsigned traits)
{
    tbi_obs_bits(o, traits, 0, TBI_MQ_TRAITS);
}

/* ------------------------------------------------ action indices */

/* The number of a choice of k places p[0] < ... < p[k-1] out of n, in the
 * lexicographic order of such choices ((0, 1, ..., k-1) is 0): the index
 * of a move that picks k cards of a sorted hand of n (a pass, a discard),
 * among the C(n, k) such moves. */
static inline int tbi_subset_rank(const int *p, int k, int n)
{
    /* Choices before this one: for each place i, those that agree on the
     * places before it and take a smaller place there. */
    int rank = 0, prev = -1;
    for (int i = 0; i < k; i++) {
        for (int v = prev + 1; v < p[i]; v++) {
            /* choices of the remaining k-1-i places from above v */
            int m = n - 1 - v, r = k - 1 - i;
            long c = 1;
            for (int j = 0; j < r; j++)
                c = c * (m - j) / (j + 1);
            rank += (int)c;
        }
        prev = p[i];
    }
    return rank;
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
