/*
 * redeal.c - gathering the other seats' hands into a pool of unseen cards
 * and dealing them back, for the games' determinize().
 */
#include "redeal.h"

#include "cards.h"

void tbi_pool_add_hands(tbi_pool *p, const uint8_t *hands, size_t stride,
                        const uint8_t *hand_n, int players, int seat)
{
    for (int q = 0; q < players; q++)
        if (q != seat)
            tbi_pool_add_run(p, hands + (size_t)q * stride, hand_n[q]);
}

/* Every game keeps its hands in ascending order (the views and the legal
 * lists rely on it), so each redealt hand is sorted again. */
void tbi_pool_take_hands(tbi_pool *p, uint8_t *hands, size_t stride,
                         const uint8_t *hand_n, int players, int seat)
{
    for (int q = 0; q < players; q++) {
        if (q == seat)
            continue;
        uint8_t *h = hands + (size_t)q * stride;
        tbi_pool_take_run(p, h, hand_n[q]);
        tbi_sort_u8(h, hand_n[q]);
    }
}

void tbi_redeal_hands_and_pile(uint8_t *hands, size_t stride,
                               const uint8_t *hand_n, int players, int seat,
                               uint8_t *pile, int pile_n, tb_rng *rng)
{
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_hands(&pool, hands, stride, hand_n, players, seat);
    tbi_pool_add_run(&pool, pile, pile_n);
    tbi_pool_shuffle(&pool, rng);
    tbi_pool_take_hands(&pool, hands, stride, hand_n, players, seat);
    tbi_pool_take_run(&pool, pile, pile_n);
}
