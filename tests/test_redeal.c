/*
 * test_redeal.c - the shared pool of unseen cards (src/core/redeal.h) that
 * the games' determinize() is built on: the seat's own hand is left alone,
 * every other hand and pile keeps its size, hands stay sorted, no card is
 * lost or duplicated, and the cards really move; and the deal that keeps
 * cards out of places known not to hold them.
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

/* Whether an assignment of the cards 0..n-1 to places (place[c] for card
 * c) fills every place to its size and gives none a card it denies. */
static int deal_keeps(const int *place, int n, const tbi_deal_place *pl,
                      int np)
{
    int got[TBI_DEAL_PLACES_MAX] = {0};
    for (int c = 0; c < n; c++) {
        const tbi_set128 *d = pl[place[c]].deny;
        if (d && tbi_set_has(d, (unsigned)c))
            return 0;
        got[place[c]]++;
    }
    for (int i = 0; i < np; i++)
        if (got[i] != pl[i].size)
            return 0;
    return 1;
}

/* The constrained deal in a case small enough to list: the cards 0-5 go to
 * three places of two; the first denies 0, 1 and 2, the second 3, the
 * third nothing.  Every deal it makes keeps the constraints, and every deal
 * that keeps them is made (so none is ruled out by mistake). */
static void a_constrained_deal_reaches_every_allowed_deal(void **state)
{
    (void)state;
    enum { N = 6, NP = 3, CODES = 729 }; /* 3^6 ways to place 6 cards */
    tbi_set128 deny_a = {{0x7, 0}}, deny_b = {{0x8, 0}};
    uint8_t a[2], b[2], c[2];
    tbi_deal_place pl[NP] = {{a, 2, &deny_a}, {b, 2, &deny_b}, {c, 2, NULL}};
    int allowed = 0, seen[CODES] = {0};
    for (int code = 0; code < CODES; code++) {
        int place[N];
        for (int k = 0, x = code; k < N; k++, x /= 3)
            place[k] = x % 3;
        allowed += deal_keeps(place, N, pl, NP);
    }
    assert_true(allowed > 1);
    tb_rng rng;
    tb_rng_seed(&rng, 13);
    for (int draw = 0; draw < 20000; draw++) {
        tbi_pool pool;
        tbi_pool_init(&pool);
        for (uint8_t k = 0; k < N; k++)
            tbi_pool_add(&pool, k);
        tbi_pool_shuffle(&pool, &rng);
        assert_int_equal(tbi_pool_deal_constrained(&pool, pl, NP, &rng), 0);
        assert_int_equal(pool.next, N);
        int place[N], code = 0;
        for (int i = 0; i < NP; i++)
            for (int j = 0; j < 2; j++)
                place[pl[i].cards[j]] = i;
        assert_true(deal_keeps(place, N, pl, NP));
        for (int k = N - 1; k >= 0; k--)
            code = code * 3 + place[k];
        seen[code]++;
    }
    int reached = 0;
    for (int code = 0; code < CODES; code++)
        reached += seen[code] > 0;
    assert_int_equal(reached, allowed);
}

/* Random small deals (card ids across both words of a set): a true deal is
 * made, each place denies some cards it does not hold, and the pooled,
 * shuffled cards are dealt back.  A deal always exists (the true one), so
 * the constrained deal never fails, keeps every constraint, keeps every
 * size and loses no card.  When the places deny more than they can (a
 * card nowhere allowed) it says so and still deals every card.  With no
 * deny set at all it deals the runs in order and draws nothing. */
static void a_constrained_deal_never_fails_when_one_exists(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 17);
    for (int round = 0; round < 3000; round++) {
        int np = 2 + (int)tb_rng_below(&rng, 6), n = 0;
        uint8_t cards[TBI_DEAL_PLACES_MAX][12];
        tbi_set128 deny[TBI_DEAL_PLACES_MAX];
        tbi_deal_place pl[TBI_DEAL_PLACES_MAX];
        int owner[128];
        uint8_t ids[128];
        for (int c = 0; c < 128; c++)
            ids[c] = (uint8_t)c;
        tb_rng_shuffle8(&rng, ids, 128);
        for (int i = 0; i < np; i++) {
            int size = (int)tb_rng_below(&rng, 5);
            for (int j = 0; j < size; j++)
                owner[ids[n + j]] = i;
            pl[i] = (tbi_deal_place){cards[i], size, NULL};
            n += size;
        }
        for (int i = 0; i < np; i++) {
            deny[i] = (tbi_set128){{0, 0}};
            if (tb_rng_below(&rng, 3) == 0)
                continue;
            for (int k = 0; k < n; k++)
                if (owner[ids[k]] != i && tb_rng_below(&rng, 3) != 0)
                    tbi_set_add(&deny[i], ids[k]);
            pl[i].deny = &deny[i];
        }
        int broken = round % 10 == 9 && n > 0;
        if (broken) /* one card denied everywhere */
            for (int i = 0; i < np; i++) {
                tbi_set_add(&deny[i], ids[0]);
                pl[i].deny = &deny[i];
            }
        tbi_pool pool;
        tbi_pool_init(&pool);
        for (int k = 0; k < n; k++)
            tbi_pool_add(&pool, ids[k]);
        tbi_pool_shuffle(&pool, &rng);
        int rc = tbi_pool_deal_constrained(&pool, pl, np, &rng);
        assert_int_equal(rc, broken ? -1 : 0);
        assert_int_equal(pool.next, n);
        tbi_set128 back = {{0, 0}};
        for (int i = 0; i < np; i++)
            for (int j = 0; j < pl[i].size; j++) {
                tbi_set_add(&back, cards[i][j]);
                if (!broken && pl[i].deny)
                    assert_false(tbi_set_has(pl[i].deny, cards[i][j]));
            }
        assert_int_equal(tbi_set_count(&back), n);
    }
    /* No deny set: the runs in pool order, and the generator untouched. */
    uint8_t x[3], y[2];
    tbi_deal_place free_pl[2] = {{x, 3, NULL}, {y, 2, NULL}};
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (uint8_t k = 10; k < 15; k++)
        tbi_pool_add(&pool, k);
    tb_rng before = rng;
    assert_int_equal(tbi_pool_deal_constrained(&pool, free_pl, 2, &rng), 0);
    assert_memory_equal(&rng, &before, sizeof rng);
    const uint8_t want_x[3] = {10, 11, 12}, want_y[2] = {13, 14};
    assert_memory_equal(x, want_x, 3);
    assert_memory_equal(y, want_y, 2);
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
        cmocka_unit_test(a_constrained_deal_reaches_every_allowed_deal),
        cmocka_unit_test(a_constrained_deal_never_fails_when_one_exists),
    };
    return cmocka_run_group_tests_name("redeal", tests, NULL, NULL);
}
