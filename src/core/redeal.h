/*
 * redeal.h - the shared core of determinize() for card games: the cards a
 * seat has not seen (other hands, undealt or set-aside piles, secret
 * choices) are gathered into a pool, shuffled, and dealt back to the very
 * places they came from in the same numbers.  Every hand keeps its size and
 * every pile its length; only who holds which unseen card is sampled
 * afresh, uniformly.  Games whose hidden places differ (a single card per
 * seat, cards tied to a draw-pile generation) use the pool primitives; the
 * common "other hands and one pile" case is one call.
 *
 * Everything is inline, as in cards.h: determinize runs in every search
 * iteration, and a game's hand stride known at compile time keeps these
 * loops as tight as the hand-written ones they replaced.
 */
#ifndef TABULA_REDEAL_H
#define TABULA_REDEAL_H

#include "cards.h"
#include "tabula.h"

#include <stddef.h>
#include <stdint.h>

/* Room for every card of the largest deck a game determinizes (two
 * Mystique decks, 120 cards; 6 nimmt!'s 104). */
#define TBI_POOL_MAX 128

/* Unseen cards on their way round: gathered in any order, shuffled, then
 * taken back out in the order the places are visited again. */
typedef struct tbi_pool {
    uint8_t card[TBI_POOL_MAX];
    int n;    /* cards gathered */
    int next; /* the next card to hand back */
} tbi_pool;

static inline void tbi_pool_init(tbi_pool *p)
{
    p->n = 0;
    p->next = 0;
}

static inline void tbi_pool_add(tbi_pool *p, uint8_t card)
{
    p->card[p->n++] = card;
}

/* Adds the n cards of a pile.  (The count is kept in a local: a byte
 * store may alias p->n, which would otherwise be reloaded every card.) */
static inline void tbi_pool_add_run(tbi_pool *p, const uint8_t *a, int n)
{
    uint8_t *to = p->card + p->n;
    for (int i = 0; i < n; i++)
        to[i] = a[i];
    p->n += n;
}

/* Shuffles the gathered cards and starts handing them back from the first. */
/* Shuffles the pool after putting it in a canonical order (see
 * tbi_shuffle_unseen8), so that a determinization depends only on which
 * cards are unseen, never on where the hidden cards really lay. */
static inline void tbi_pool_shuffle(tbi_pool *p, tb_rng *rng)
{
    tbi_shuffle_unseen8(rng, p->card, p->n);
    p->next = 0;
}

static inline uint8_t tbi_pool_take(tbi_pool *p)
{
    return p->card[p->next++];
}

/* Refills a pile of n cards from the pool. */
static inline void tbi_pool_take_run(tbi_pool *p, uint8_t *a, int n)
{
    const uint8_t *from = p->card + p->next;
    for (int i = 0; i < n; i++)
        a[i] = from[i];
    p->next += n;
}

/*
 * Hands are passed as the first row of a game's hand[players][stride]
 * array (stride = sizeof hand[0]) with their sizes in hand_n[].  The hand
 * of `seat` is left alone (TB_SPECTATOR: no hand is).
 */

/* Adds every hand but seat's. */
static inline void tbi_pool_add_hands(tbi_pool *p, const uint8_t *hands,
                                      size_t stride, const uint8_t *hand_n,
                                      int players, int seat)
{
    for (int q = 0; q < players; q++)
        if (q != seat)
            tbi_pool_add_run(p, hands + (size_t)q * stride, hand_n[q]);
}

/* Deals every hand but seat's back in its size, and sorts it ascending:
 * every game keeps its hands in order (the views and the legal lists rely
 * on it). */
static inline void tbi_pool_take_hands(tbi_pool *p, uint8_t *hands,
                                       size_t stride, const uint8_t *hand_n,
                                       int players, int seat)
{
    for (int q = 0; q < players; q++) {
        if (q == seat)
            continue;
        uint8_t *h = hands + (size_t)q * stride;
        tbi_pool_take_run(p, h, hand_n[q]);
        tbi_sort_u8(h, hand_n[q]);
    }
}

/* The common determinize(): the hands of every seat but `seat` and one
 * pile of n unseen cards are pooled, shuffled and handed back in the same
 * numbers, hands sorted. */
static inline void tbi_redeal_hands_and_pile(uint8_t *hands, size_t stride,
                                             const uint8_t *hand_n,
                                             int players, int seat,
                                             uint8_t *pile, int pile_n,
                                             tb_rng *rng)
{
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_hands(&pool, hands, stride, hand_n, players, seat);
    tbi_pool_add_run(&pool, pile, pile_n);
    tbi_pool_shuffle(&pool, rng);
    tbi_pool_take_hands(&pool, hands, stride, hand_n, players, seat);
    tbi_pool_take_run(&pool, pile, pile_n);
}

/* The number of ways to choose r of n things, as a double (exact for the
 * small decks here, and never overflowing: C(128, 64) is about 2.4e37). */
static inline double tbi_choose(int n, int r)
{
    if (r < 0 || r > n)
        return 0.0;
    double c = 1.0;
    for (int i = 1; i <= r; i++)
        c = c * (double)(n - r + i) / (double)i;
    return c;
}

/* How many cards of a set `good` a place of h cards gets when it must get
 * at least `least` of them and is dealt uniformly from k good and u other
 * cards among the deals that do: the hypergeometric law conditioned on
 * the count being at least `least`.  -1 when no deal does. */
static inline int tbi_required_count(int k, int u, int h, int least,
                                     tb_rng *rng)
{
    int lo = least > h - u ? least : h - u, hi = k < h ? k : h;
    if (lo > hi)
        return -1;
    double w[TBI_POOL_MAX + 1], total = 0.0;
    for (int j = lo; j <= hi; j++)
        total += w[j] = tbi_choose(k, j) * tbi_choose(u, h - j);
    double x = tb_rng_unit(rng) * total;
    int j = lo;
    while (j < hi && x >= w[j]) {
        x -= w[j];
        j++;
    }
    return j;
}

/*
 * Makes a shuffled pool respect one public fact about a single place: the
 * h cards at positions [off, off + h) (a hand, counted in the order the
 * places will be visited again) hold at least `least` cards of the set
 * `good`.  A seat's begun choice is public (it has started to answer "four
 * yellows", it still owes a play and the game goes on), so a
 * determinization must keep it possible.  The pool must already be
 * shuffled uniformly; afterwards it is uniform among the arrangements that
 * satisfy the fact: the number j of good cards the place gets is drawn
 * (tbi_required_count), the place takes j good and h - j other cards, and
 * the rest is shuffled into the other positions.  No rejection loop, so
 * no unbounded time.  When the pool cannot satisfy the fact (fewer than
 * `least` good cards) it is left as it is: the caller's state was not
 * consistent to begin with.
 */
static inline void tbi_pool_require(tbi_pool *p, int off, int h,
                                    const tbi_set128 *good, int least,
                                    tb_rng *rng)
{
    uint8_t in[TBI_POOL_MAX], out[TBI_POOL_MAX];
    int k = 0, u = 0, n = p->n;
    for (int i = 0; i < n; i++) {
        if (tbi_set_has(good, p->card[i]))
            in[k++] = p->card[i];
        else
            out[u++] = p->card[i];
    }
    int j = tbi_required_count(k, u, h, least, rng);
    if (j < 0)
        return;
    /* in[] and out[] are each in uniform random order: the place takes the
     * first j and h - j of them, everything else goes back shuffled. */
    uint8_t rest[TBI_POOL_MAX];
    int r = 0;
    for (int i = j; i < k; i++)
        rest[r++] = in[i];
    for (int i = h - j; i < u; i++)
        rest[r++] = out[i];
    tb_rng_shuffle8(rng, rest, r);
    uint8_t place[TBI_POOL_MAX];
    for (int i = 0; i < h; i++)
        place[i] = i < j ? in[i] : out[i - j];
    tb_rng_shuffle8(rng, place, h);
    for (int i = 0, a = 0; i < n; i++)
        p->card[i] = i >= off && i < off + h ? place[i - off] : rest[a++];
}

/*
 * Dealing from a set.  A game that keeps the set of its cards still in
 * play knows a seat's unseen cards as a set difference, and can deal a
 * hand from it without gathering and shuffling them all; what it does not
 * deal stays a set, to be dealt from as far as it is needed (see
 * the_game.c: tbi_set_select takes the r-th card of a set).
 */

/* Takes a uniformly random card out of the list a[0..*n) into *got. */
static inline void tbi_take_listed(uint8_t *a, int *n, tbi_set128 *got,
                                   tb_rng *rng)
{
    int i = (int)tb_rng_below(rng, (uint32_t)*n);
    tbi_set_add(got, a[i]);
    a[i] = a[--*n];
}

/* Deals, from the n cards of *left, a hand of h cards that holds at least
 * `least` cards of the set `good` (a public fact about a hidden hand:
 * its seat still owes a play and the game goes on, so it holds a card
 * that fits), uniform among the deals that do: how many good cards it
 * gets is drawn first (tbi_required_count), then which.  The hand is
 * written in ascending order and its cards taken out of *left, which
 * keeps the rest to be dealt from later (tbi_set_select).  With no such
 * deal the hand is dealt freely: the caller's state was not consistent to
 * begin with. */
static inline void tbi_set_take_hand_requiring(tbi_set128 *left, uint8_t *hand,
                                               int h, const tbi_set128 *good,
                                               int least, tb_rng *rng)
{
    tbi_set128 in = {{left->w[0] & good->w[0], left->w[1] & good->w[1]}};
    tbi_set128 other = {{left->w[0] & ~good->w[0], left->w[1] & ~good->w[1]}};
    uint8_t a[TBI_POOL_MAX], b[TBI_POOL_MAX];
    int k = tbi_set_to_sorted(&in, a), u = tbi_set_to_sorted(&other, b);
    int j = tbi_required_count(k, u, h, least, rng);
    if (j < 0)
        j = tbi_required_count(k, u, h, 0, rng);
    tbi_set128 got = {{0, 0}};
    for (int i = 0; i < h; i++) {
        if (i < j)
            tbi_take_listed(a, &k, &got, rng);
        else
            tbi_take_listed(b, &u, &got, rng);
    }
    left->w[0] &= ~got.w[0];
    left->w[1] &= ~got.w[1];
    tbi_set_to_sorted(&got, hand);
}

/*
 * Dealing back under constraints.  Public play can show that a place may
 * not hold some cards: a seat that tossed instead of following has shown
 * it holds none of the cards that would have followed.  A determinization
 * must then deal each unseen card only to a place that may hold it.
 */

/* Where unseen cards go back: `size` cards written at `cards`, none of the
 * cards in `deny` (NULL: any card may go there). */
typedef struct tbi_deal_place {
    uint8_t *cards;
    int size;
    const tbi_set128 *deny;
} tbi_deal_place;

/* At most this many places, of which at most TBI_DEAL_CONSTRAINED_MAX deny
 * a card of the pool (the feasibility test keeps a count for every subset
 * of those: 2^8 of them). */
#define TBI_DEAL_PLACES_MAX 16
#define TBI_DEAL_CONSTRAINED_MAX 8

/*
 * Deals the shuffled pool's cards, from the next one on, back to the np
 * places (their sizes add up to the cards left) so that no place gets a
 * card it denies.  The cards go in pool order, each to a place with room
 * that takes it and leaves the rest dealable, chosen at random in
 * proportion to the room that place has left (+1); the test of "leaves the
 * rest dealable" is exact (Hall's condition, see redeal.c), so no deal
 * ever breaks a constraint and none fails when one exists, as when the
 * true deal satisfies them.  Without any deny set the places simply take
 * their runs of the pool in order, as tbi_pool_take_run does, drawing
 * nothing.  Returns 0; -1 when no deal keeps the constraints (the caller's
 * state was inconsistent) or more places deny cards than counted above,
 * and then the places take their runs in order, constraints ignored.  The
 * hands are not sorted: the caller does that.
 */
int tbi_pool_deal_constrained(tbi_pool *p, const tbi_deal_place *pl, int np,
                              tb_rng *rng);
#endif
