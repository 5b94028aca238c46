/*
 * deviation_eddies.c - Mystical Eddies' inference for bench/deviation.c
 * (--infer): worlds that keep what the table has shown of the hidden
 * hands.  A seat that does not follow (a toss) shows that it holds no card
 * that would have followed then, by the rules, whoever plays it; the
 * game's determinize used to deal the unseen cards uniformly and ignore
 * this (it keeps it now: the state's lacks[], redeal.h's constrained
 * deal).  Here each toss of the round is remembered, and a world deals
 * every other hand only cards it may still hold.  The experiment that
 * measured what such inference is worth before the game's determinize
 * was given it; kept so that its figures in docs/bots.md can be rerun.  The game is
 * compiled in here only to reach its state; its descriptor is renamed so
 * as not to clash with the library's.
 */
#define tbg_mystical_eddies tbdev_eddies_copy
#include "../src/games/mystical_eddies.c"

void tbdev_eddies_reset(void);
void tbdev_eddies_observe(const void *st, tb_action a);
void tbdev_eddies_infer(void *st, int seat, tb_rng *rng);

/* The round's tosses: for each seat, the rules it could not follow. */
#define MAX_TOSSES (MAX_HAND + 1)
static follow_rule tossed[MAX_P][MAX_TOSSES];
static int n_tossed[MAX_P];
static int seen_round;

/* Forgets every toss (a new game). */
void tbdev_eddies_reset(void)
{
    memset(n_tossed, 0, sizeof n_tossed);
    seen_round = 0;
}

/* Remembers a toss of the seat to move in st, about to play card a. */
void tbdev_eddies_observe(const void *st, tb_action a)
{
    const eddies *s = st;
    if (s->phase != PH_PLAY)
        return;
    if (s->round != seen_round) {
        memset(n_tossed, 0, sizeof n_tossed);
        seen_round = s->round;
    }
    if (s->trick.n == 0)
        return;
    follow_rule r = rule_now(s);
    int p = tbi_trick_to_play(&s->trick);
    if (!follows((int)a, &r) && n_tossed[p] < MAX_TOSSES)
        tossed[p][n_tossed[p]++] = r;
}

/* Whether seat p may hold card c, by its tosses this round. */
static int may_hold(int p, int c)
{
    for (int i = 0; i < n_tossed[p]; i++)
        if (follows(c, &tossed[p][i]))
            return 0;
    return 1;
}

/* Deals the cards seat has not seen again, each other hand only cards it
 * may hold: the seats with the fewest such cards first, each taking its
 * hand at random from them, the cards set aside the rest; tried again when
 * a seat is left short, and dealt uniformly (the game's determinize) after
 * 100 failures, which the true deal, always possible, makes rare. */
void tbdev_eddies_infer(void *st, int seat, tb_rng *rng)
{
    eddies *s = st;
    if (s->phase != PH_PLAY)
        return;
    uint8_t pool[TBI_MQ_CARDS];
    int n = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            for (int i = 0; i < s->hand_n[p]; i++)
                pool[n++] = s->hand[p][i];
    for (int i = 0; i < s->aside_n; i++)
        pool[n++] = s->aside[i];
    /* The seats to deal, fewest cards they may hold first. */
    int order[MAX_P], allowed[MAX_P], m = 0;
    for (int p = 0; p < s->players; p++) {
        if (p == seat || !s->hand_n[p])
            continue;
        allowed[p] = 0;
        for (int i = 0; i < n; i++)
            allowed[p] += may_hold(p, pool[i]);
        int j = m++;
        while (j > 0 && allowed[order[j - 1]] > allowed[p]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = p;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        uint8_t left[TBI_MQ_CARDS], hands[MAX_P][MAX_HAND];
        int nl = n, ok = 1;
        memcpy(left, pool, (size_t)n);
        for (int k = 0; k < m && ok; k++) {
            int p = order[k];
            for (int i = 0; i < s->hand_n[p] && ok; i++) {
                int fit = 0;
                for (int j = 0; j < nl; j++)
                    fit += may_hold(p, left[j]);
                if (!fit) {
                    ok = 0;
                    break;
                }
                int pick = (int)tb_rng_below(rng, (uint32_t)fit);
                for (int j = 0; j < nl; j++)
                    if (may_hold(p, left[j]) && pick-- == 0) {
                        hands[p][i] = left[j];
                        left[j] = left[--nl];
                        break;
                    }
            }
        }
        if (!ok)
            continue;
        for (int k = 0; k < m; k++) {
            int p = order[k];
            memcpy(s->hand[p], hands[p], s->hand_n[p]);
            tbi_sort_u8(s->hand[p], s->hand_n[p]);
        }
        memcpy(s->aside, left, (size_t)nl);
        return;
    }
    determinize(st, seat, rng);
}
