/*
 * test_redeal.c - the shared pool of unseen cards (src/core/redeal.h) that
 * the games' determinize() is built on: the seat's own hand is left alone,
 * every other hand and pile keeps its size, hands stay sorted, no card is
 * lost or duplicated, and the cards really move.
 */
#include "support.h"

#include "cards.h"
#include "redeal.h"

#include <string.h>

enum { PLAYERS = 3, STRIDE = 8, PILE = 10 };

/* Three hands of 5, 4 and 3 cards in a wider array, and a pile. */
typedef struct table {
    uint8_t hand[PLAYERS][STRIDE], hand_n[PLAYERS];
    uint8_t pile[PILE];
} table;

static void set_up(table *t)
{
    memset(t, 0, sizeof *t);
    uint8_t c = 1;
    for (int p = 0; p < PLAYERS; p++) {
        t->hand_n[p] = (uint8_t)(5 - p);
        for (int i = 0; i < t->hand_n[p]; i++)
            t->hand[p][i] = c++;
    }
    for (int i = 0; i < PILE; i++)
        t->pile[i] = c++;
}

/* Counts every card on the table, hands and pile. */
static void census(const table *t, int *count)
{
    memset(count, 0, 64 * sizeof *count);
    for (int p = 0; p < PLAYERS; p++)
        for (int i = 0; i < t->hand_n[p]; i++)
            count[t->hand[p][i]]++;
    for (int i = 0; i < PILE; i++)
        count[t->pile[i]]++;
}

/* The common case keeps the seat's hand and every size, keeps hands sorted,
 * neither loses nor copies a card, and moves cards between the others'
 * hands and the pile. */
static void hands_and_pile_are_dealt_again(void **state)
{
    (void)state;
    table before, t;
    set_up(&before);
    int want[64], got[64];
    census(&before, want);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    int moved = 0;
    for (int round = 0; round < 20; round++) {
        t = before;
        tbi_redeal_hands_and_pile(t.hand[0], sizeof t.hand[0], t.hand_n,
                                  PLAYERS, 1, t.pile, PILE, &rng);
        assert_memory_equal(t.hand[1], before.hand[1], STRIDE);
        assert_memory_equal(t.hand_n, before.hand_n, sizeof t.hand_n);
        census(&t, got);
        assert_memory_equal(got, want, sizeof want);
        for (int p = 0; p < PLAYERS; p++) {
            for (int i = 1; i < t.hand_n[p]; i++)
                assert_true(t.hand[p][i - 1] < t.hand[p][i]);
            /* Bytes past a hand's size are not touched. */
            for (int i = t.hand_n[p]; i < STRIDE; i++)
                assert_int_equal(t.hand[p][i], 0);
        }
        moved |= memcmp(&t, &before, sizeof t) != 0;
    }
    assert_true(moved);
}

/* For a spectator every hand is unseen. */
static void a_spectator_redeals_every_hand(void **state)
{
    (void)state;
    table before, t;
    set_up(&before);
    tb_rng rng;
    tb_rng_seed(&rng, 4);
    int moved[PLAYERS] = {0};
    for (int round = 0; round < 20; round++) {
        t = before;
        tbi_redeal_hands_and_pile(t.hand[0], sizeof t.hand[0], t.hand_n,
                                  PLAYERS, TB_SPECTATOR, t.pile, PILE, &rng);
        for (int p = 0; p < PLAYERS; p++)
            moved[p] |= memcmp(t.hand[p], before.hand[p], STRIDE) != 0;
    }
    for (int p = 0; p < PLAYERS; p++)
        assert_true(moved[p]);
}

/* The primitives hand cards back in the order the places are visited
 * again, whatever order they were gathered in. */
static void pool_hands_back_what_it_gathered(void **state)
{
    (void)state;
    tbi_pool pool;
    tbi_pool_init(&pool);
    const uint8_t run[3] = {7, 8, 9};
    tbi_pool_add(&pool, 5);
    tbi_pool_add_run(&pool, run, 3);
    assert_int_equal(pool.n, 4);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tbi_pool_shuffle(&pool, &rng);
    uint8_t back[4];
    back[0] = tbi_pool_take(&pool);
    tbi_pool_take_run(&pool, back + 1, 3);
    assert_int_equal(pool.next, 4);
    assert_memory_equal(back, pool.card, 4);
    const uint8_t all[4] = {5, 7, 8, 9};
    tbi_sort_u8(back, 4);
    assert_memory_equal(back, all, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hands_and_pile_are_dealt_again),
        cmocka_unit_test(a_spectator_redeals_every_hand),
        cmocka_unit_test(pool_hands_back_what_it_gathered),
    };
    return cmocka_run_group_tests_name("redeal", tests, NULL, NULL);
}
