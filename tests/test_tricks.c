/*
 * test_tricks.c - the shared trick model (src/core/tricks.h): seat order in
 * both directions, the "follow if you can" filter and the choice of a
 * winner through a game's hooks.
 */
#include "support.h"

#include "tricks.h"

/* Play goes round from the leader, clockwise or anticlockwise, and the
 * trick is complete when every seat has played once. */
static void seat_order_from_the_leader(void **state)
{
    (void)state;
    tbi_trick t;
    tbi_trick_start(&t, 4, 2, 0);
    int want[4] = {2, 3, 0, 1};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tbi_trick_to_play(&t), want[i]);
        assert_int_equal(tbi_trick_after_current(&t), 3 - i);
        tbi_trick_play(&t, 10 + i, 0);
    }
    assert_true(tbi_trick_complete(&t));
    assert_int_equal(tbi_trick_to_play(&t), -1);
    assert_int_equal(tbi_trick_index_of(&t, 0), 2);
    tbi_trick_start(&t, 5, 1, 1);
    int back[5] = {1, 0, 4, 3, 2};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(tbi_trick_seat_of(&t, i), back[i]);
        tbi_trick_play(&t, i, 0);
    }
    assert_int_equal(tbi_trick_seat_after(&t, 0, 2), 3);
}

static int is_even(int card, const void *ctx)
{
    (void)ctx;
    return card % 2 == 0;
}

/* Cards that follow are the only ones allowed; with none, any card. */
static void follow_if_you_can(void **state)
{
    (void)state;
    uint8_t hand[4] = {1, 2, 3, 4}, odd[2] = {5, 7}, out[4];
    assert_true(tbi_trick_can_follow(hand, 4, is_even, NULL));
    assert_int_equal(tbi_trick_playable(hand, 4, is_even, NULL, out), 2);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 4);
    assert_false(tbi_trick_can_follow(odd, 2, is_even, NULL));
    assert_int_equal(tbi_trick_playable(odd, 2, is_even, NULL, out), 2);
    assert_int_equal(out[1], 7);
}

static int by_value(int card, const void *ctx)
{
    (void)ctx;
    return card;
}

static int untagged(const tbi_trick *t, int i, const void *ctx)
{
    (void)ctx;
    return t->tag[i] == 0;
}

/* The best eligible card wins; equal keys go to the earlier card. */
static void best_card_through_hooks(void **state)
{
    (void)state;
    tbi_trick t;
    tbi_trick_start(&t, 4, 0, 0);
    tbi_trick_play(&t, 5, 0);
    tbi_trick_play(&t, 9, 1); /* not eligible */
    tbi_trick_play(&t, 7, 0);
    tbi_trick_play(&t, 7, 0);
    assert_int_equal(tbi_trick_best(&t, untagged, by_value, NULL), 2);
    assert_int_equal(tbi_trick_best(&t, NULL, by_value, NULL), 1);
    tbi_trick_start(&t, 3, 0, 0);
    tbi_trick_play(&t, 4, 1);
    assert_int_equal(tbi_trick_best(&t, untagged, by_value, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seat_order_from_the_leader),
        cmocka_unit_test(follow_if_you_can),
        cmocka_unit_test(best_card_through_hooks),
    };
    return cmocka_run_group_tests_name("tricks", tests, NULL, NULL);
}
