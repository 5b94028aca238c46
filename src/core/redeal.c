/*
 * redeal.c - the constrained deal of redeal.h: unseen cards dealt back to
 * their places when public play has shown that some places cannot hold
 * some cards (a seat that tossed holds nothing that would have followed),
 * with a test that the rest can still be dealt which is exact and cheap
 * enough to run for every card of every search iteration.
 *
 * The test.  Every place takes exactly its room, and the cards fill it.  By
 * Hall's theorem (places with capacities) such a deal exists if and only if
 * every set S of cards fits in the room of the places that may take at
 * least one of them.  A place that denies no card of the pool (a "free"
 * place: the cards set aside, a hand with no shown void) may take every
 * card, so it is among the places of every S; and for a given set T of the
 * c constrained places, the largest S whose places lie within T and the
 * free ones is every card that only places of T and free ones take.  So it
 * is enough that for each of the 2^c subsets T of the constrained places
 *
 *     need(T) = the cards taken by no constrained place outside T
 *            <= room(T) = the room of the places of T and of the free ones,
 *
 * 2^c tests rather than one per set of cards.  Their slack room - need is
 * kept per T and updated as each card is placed.  A card that the
 * constrained places m (a bit mask) take, going to place j: for T holding
 * all of m both sides fall by one (the card no longer needs room, and j is
 * in m or free), so the slack stays; for T not holding all of m only the
 * room may fall, by one when j is in T or free.  Placing the card at j thus
 * keeps every slack >= 0 exactly when each such T has slack 1 or more now.
 */
#include "redeal.h"

#include <limits.h>

/* The unconstrained deal: each place takes its run of the pool in order. */
static void take_runs(tbi_pool *p, const tbi_deal_place *pl, int np)
{
    for (int i = 0; i < np; i++)
        tbi_pool_take_run(p, pl[i].cards, pl[i].size);
}

/* Whether a place's deny set holds any card of the set `pool`. */
static int denies_any(const tbi_set128 *deny, const tbi_set128 *pool)
{
    return deny && ((deny->w[0] & pool->w[0]) | (deny->w[1] & pool->w[1]));
}

int tbi_pool_deal_constrained(tbi_pool *p, const tbi_deal_place *pl, int np,
                              tb_rng *rng)
{
    int any = 0;
    for (int i = 0; i < np; i++)
        any |= pl[i].deny != NULL;
    if (!any) {
        take_runs(p, pl, np);
        return 0;
    }
    if (np > TBI_DEAL_PLACES_MAX) {
        take_runs(p, pl, np);
        return -1;
    }
    const uint8_t *card = p->card + p->next;
    int n = p->n - p->next;
    tbi_set128 in_pool = {{0, 0}};
    tbi_set_add_all(&in_pool, card, n);

    /* bit[i]: place i's index among the constrained places, -1 if free. */
    int bit[TBI_DEAL_PLACES_MAX], c = 0, free_room = 0;
    for (int i = 0; i < np; i++) {
        if (denies_any(pl[i].deny, &in_pool)) {
            bit[i] = c++;
        } else {
            bit[i] = -1;
            free_room += pl[i].size;
        }
    }
    if (c > TBI_DEAL_CONSTRAINED_MAX) {
        take_runs(p, pl, np);
        return -1;
    }
    unsigned full = (1u << c) - 1;

    /* Each card's constrained places that take it, and the slack of every
     * T: first need(T) from the count of each mask (summed over the masks
     * within T), then room(T) - need(T). */
    uint8_t allow[TBI_POOL_MAX];
    int slack[1 << TBI_DEAL_CONSTRAINED_MAX];
    for (unsigned t = 0; t <= full; t++)
        slack[t] = 0;
    for (int k = 0; k < n; k++) {
        unsigned m = 0;
        for (int i = 0; i < np; i++)
            if (bit[i] >= 0 && !tbi_set_has(pl[i].deny, card[k]))
                m |= 1u << bit[i];
        allow[k] = (uint8_t)m;
        slack[m]++;
    }
    for (int b = 0; b < c; b++)
        for (unsigned t = 0; t <= full; t++)
            if (t >> b & 1u)
                slack[t] += slack[t ^ 1u << b];
    for (unsigned t = 0; t <= full; t++) {
        int room = free_room;
        for (int i = 0; i < np; i++)
            if (bit[i] >= 0 && (t >> bit[i] & 1u))
                room += pl[i].size;
        slack[t] = room - slack[t];
        if (slack[t] < 0) {
            take_runs(p, pl, np);
            return -1;
        }
    }

    int got[TBI_DEAL_PLACES_MAX] = {0};
    for (int k = 0; k < n; k++) {
        unsigned m = allow[k];
        /* The lowest slack among the T not holding all of m: over all of
         * them (what a free place needs) and over those holding each
         * constrained place of m (what that place needs). */
        int low_all = INT_MAX, low[TBI_DEAL_CONSTRAINED_MAX];
        for (int b = 0; b < c; b++)
            low[b] = INT_MAX;
        for (unsigned t = 0; t <= full; t++) {
            if ((t & m) == m)
                continue;
            int s = slack[t];
            low_all = s < low_all ? s : low_all;
            for (unsigned r = t & m; r; r &= r - 1) {
                int b = __builtin_ctz(r);
                low[b] = s < low[b] ? s : low[b];
            }
        }
        int ok[TBI_DEAL_PLACES_MAX], w[TBI_DEAL_PLACES_MAX], nok = 0;
        int total = 0;
        for (int i = 0; i < np; i++) {
            if (got[i] == pl[i].size)
                continue;
            if (bit[i] < 0 ? low_all < 1
                           : !(m >> bit[i] & 1u) || low[bit[i]] < 1)
                continue;
            ok[nok] = i;
            w[nok] = pl[i].size - got[i]; /* the room left after it, +1 */
            total += w[nok++];
        }
        int r = (int)tb_rng_below(rng, (uint32_t)(total > 0 ? total : 1));
        int pick = -1;
        for (int j = 0; j < nok && pick < 0; j++) {
            if (r < w[j])
                pick = ok[j];
            r -= w[j];
        }
        /* Hall's condition held before this card, so some place took it;
         * should it not, any place with room keeps the deal whole. */
        for (int i = 0; pick < 0 && i < np; i++)
            if (got[i] < pl[i].size)
                pick = i;
        unsigned jb = bit[pick] < 0 ? 0u : 1u << bit[pick];
        for (unsigned t = 0; t <= full; t++)
            if ((t & m) != m && (jb == 0 || (t & jb)))
                slack[t]--;
        pl[pick].cards[got[pick]++] = card[k];
    }
    p->next += n;
    return 0;
}
