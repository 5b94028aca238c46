/*
 * tricks.c - the shared trick model: seat order, cards played, the "follow
 * if you can" filter and winner selection through the game's hooks.
 */
#include "tricks.h"

void tbi_trick_start(tbi_trick *t, int players, int leader, int anticlockwise)
{
    t->players = (uint8_t)players;
    t->leader = (uint8_t)leader;
    t->anticlockwise = (uint8_t)(anticlockwise != 0);
    t->n = 0;
    for (int i = 0; i < TB_MAX_PLAYERS; i++)
        t->card[i] = t->tag[i] = 0;
}

int tbi_trick_seat_after(const tbi_trick *t, int seat, int k)
{
    int step = t->anticlockwise ? t->players - 1 : 1;
    return (seat + k * step) % t->players;
}

int tbi_trick_seat_of(const tbi_trick *t, int i)
{
    return tbi_trick_seat_after(t, t->leader, i);
}

int tbi_trick_complete(const tbi_trick *t)
{
    return t->n >= t->players;
}

int tbi_trick_to_play(const tbi_trick *t)
{
    return tbi_trick_complete(t) ? -1 : tbi_trick_seat_of(t, t->n);
}

int tbi_trick_after_current(const tbi_trick *t)
{
    return tbi_trick_complete(t) ? 0 : t->players - t->n - 1;
}

void tbi_trick_play(tbi_trick *t, int card, int tag)
{
    t->card[t->n] = (uint8_t)card;
    t->tag[t->n] = (uint8_t)tag;
    t->n++;
}

int tbi_trick_index_of(const tbi_trick *t, int seat)
{
    /* Seats are visited in playing order from the leader, so the index is
     * the seat's distance from the leader in that direction. */
    for (int i = 0; i < t->n; i++)
        if (tbi_trick_seat_of(t, i) == seat)
            return i;
    return -1;
}

int tbi_trick_best(const tbi_trick *t, tbi_trick_eligible eligible,
                   tbi_trick_key key, const void *ctx)
{
    int best = -1, best_key = 0;
    for (int i = 0; i < t->n; i++) {
        if (eligible && !eligible(t, i, ctx))
            continue;
        int k = key(t->card[i], ctx);
        if (best < 0 || k > best_key) {
            best = i;
            best_key = k;
        }
    }
    return best;
}

int tbi_trick_can_follow(const uint8_t *hand, int n, tbi_card_pred pred,
                         const void *ctx)
{
    for (int i = 0; i < n; i++)
        if (pred(hand[i], ctx))
            return 1;
    return 0;
}

int tbi_trick_playable(const uint8_t *hand, int n, tbi_card_pred pred,
                       const void *ctx, uint8_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (pred(hand[i], ctx))
            out[k++] = hand[i];
    if (k > 0)
        return k;
    for (int i = 0; i < n; i++)
        out[i] = hand[i];
    return n;
}
