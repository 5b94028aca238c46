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

/* A pool made to respect a public fact about one place (a hand that must
 * hold a card of a set) is uniform among the deals that respect it: with
 * six cards, a place of two that must hold the 1 gets each of the five
 * others beside it equally often, the 1 in either slot, and the other
 * cards fall uniformly elsewhere. */
static void a_required_card_is_dealt_uniformly(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    tbi_set128 good = {{0, 0}};
    tbi_set_add(&good, 1);
    int partner[7] = {0}, first_slot = 0, at_end[7] = {0};
    enum { DRAWS = 6000 };
    for (int i = 0; i < DRAWS; i++) {
        tbi_pool pool;
        tbi_pool_init(&pool);
        for (uint8_t c = 1; c <= 6; c++)
            tbi_pool_add(&pool, c);
        tbi_pool_shuffle(&pool, &rng);
        tbi_pool_require(&pool, 2, 2, &good, 1, &rng);
        int a = pool.card[2], b = pool.card[3];
        assert_true(a == 1 || b == 1);
        first_slot += a == 1;
        partner[a == 1 ? b : a]++;
        at_end[pool.card[5]]++;
    }
    for (int c = 2; c <= 6; c++) {
        assert_in_range(partner[c], DRAWS / 5 - 150, DRAWS / 5 + 150);
        assert_in_range(at_end[c], DRAWS / 5 - 150, DRAWS / 5 + 150);
    }
    assert_int_equal(at_end[1], 0);
    assert_in_range(first_slot, DRAWS / 2 - 200, DRAWS / 2 + 200);
    /* A fact already true in every deal changes nothing: ask for one of
     * the cards 1-6 in a place of two. */
    for (unsigned c = 1; c <= 6; c++)
        tbi_set_add(&good, c);
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (uint8_t c = 1; c <= 6; c++)
        tbi_pool_add(&pool, c);
    tbi_pool_require(&pool, 0, 2, &good, 1, &rng);
    int seen[7] = {0};
    for (int i = 0; i < 6; i++)
        seen[pool.card[i]]++;
    for (int c = 1; c <= 6; c++)
        assert_int_equal(seen[c], 1);
}

/* tbi_set_select, tbi_set_count_below and tbi_set_count_range agree
 * with a plain walk along the set, in both words and at their edges. */
static void a_set_selects_and_ranks_its_members(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    for (int round = 0; round < 200; round++) {
        tbi_set128 s = {{tb_rng_next(&rng), tb_rng_next(&rng)}};
        if (round % 3 == 0)
            s.w[round % 2] = 0;
        if (round == 1)
            s.w[0] = s.w[1] = ~0ull;
        int n = 0;
        for (unsigned x = 0; x <= 128; x++) {
            assert_int_equal(tbi_set_count_below(&s, x), n);
            if (x < 128 && tbi_set_has(&s, x)) {
                assert_int_equal(tbi_set_select(&s, n), (int)x);
                n++;
            }
        }
        assert_int_equal(tbi_set_count(&s), n);
        /* tbi_set_count_range: the members in [lo, hi), walked. */
        for (unsigned lo = 0; lo <= 128; lo += 7)
            for (unsigned hi = lo; hi <= 128; hi += 5) {
                int m = 0;
                for (unsigned x = lo; x < hi; x++)
                    m += tbi_set_has(&s, x);
                assert_int_equal(tbi_set_count_range(&s, lo, hi), m);
            }
    }
}

/* tbi_set_take_hand_requiring: from the cards 1-6, a hand of two that must
 * hold the 1 gets each other card beside it equally often, comes out
 * sorted, and its cards leave the set; with nothing required the hand is
 * a uniform pair. */
static void a_hand_taken_from_a_set_holds_what_it_must(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 11);
    tbi_set128 good = {{0, 0}}, none = {{0, 0}};
    tbi_set_add(&good, 1);
    int partner[7] = {0}, seen[7] = {0};
    enum { DRAWS = 6000 };
    for (int i = 0; i < DRAWS; i++) {
        tbi_set128 left = {{0, 0}};
        for (unsigned c = 1; c <= 6; c++)
            tbi_set_add(&left, c);
        uint8_t hand[2];
        tbi_set_take_hand_requiring(&left, hand, 2, &good, 1, &rng);
        assert_int_equal(hand[0], 1);
        assert_true(hand[1] > 1 && hand[1] <= 6);
        partner[hand[1]]++;
        assert_int_equal(tbi_set_count(&left), 4);
        assert_false(tbi_set_has(&left, 1));
        assert_false(tbi_set_has(&left, hand[1]));
        tbi_set_take_hand_requiring(&left, hand, 2, &none, 0, &rng);
        assert_true(hand[0] < hand[1]);
        seen[hand[0]]++;
        seen[hand[1]]++;
        assert_int_equal(tbi_set_count(&left), 2);
    }
    for (int c = 2; c <= 6; c++) {
        assert_in_range(partner[c], DRAWS / 5 - 150, DRAWS / 5 + 150);
        /* each of the four cards left is in the second hand half the time */
        assert_in_range(seen[c], 2 * DRAWS / 5 - 200, 2 * DRAWS / 5 + 200);
    }
    assert_int_equal(seen[1], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hands_and_pile_are_dealt_again),
        cmocka_unit_test(a_spectator_redeals_every_hand),
        cmocka_unit_test(pool_hands_back_what_it_gathered),
        cmocka_unit_test(a_required_card_is_dealt_uniformly),
        cmocka_unit_test(a_set_selects_and_ranks_its_members),
        cmocka_unit_test(a_hand_taken_from_a_set_holds_what_it_must),
    };
    return cmocka_run_group_tests_name("redeal", tests, NULL, NULL);
}
