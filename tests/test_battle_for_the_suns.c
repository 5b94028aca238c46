/*
 * test_battle_for_the_suns.c - the tricky rules of Battle for the Suns,
 * each test quoting the rule it checks, and how bids are told to each seat.
 * Positions are set up through the public API: the horizon chance node gets
 * the suns in a chosen order, the deck node a chosen top (dealt one card at
 * a time round the table, seat 0 first) with the other cards after it in
 * ascending order.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("battle-for-the-suns");
}

/* An order of the cards in pool[0..n) that starts with the cards named in
 * `first` (short forms) and goes on with the rest ascending. */
static int order_of(const uint16_t *pool, int n, const char *first,
                    uint16_t *out)
{
    int named[60], k = ts_mq_cards(first, 0, named, 60), m = 0;
    int used[60] = {0};
    for (int i = 0; i < k; i++) {
        out[m++] = (uint16_t)named[i];
        used[named[i]] = 1;
    }
    for (int i = 0; i < n; i++)
        if (!used[pool[i]])
            out[m++] = pool[i];
    assert_int_equal(m, n);
    return m;
}

/* Resolves the chance node st is at with the cards named first, then the
 * rest of the node's cards ascending. */
static void chance_first(void *st, const char *first)
{
    const tb_game *g = game();
    tb_chance c;
    assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
    uint16_t pool[TB_MAX_CHANCE], out[TB_MAX_CHANCE];
    memcpy(pool, c.items, (size_t)c.n * sizeof *pool);
    /* items may come in any order: sort them for "the rest ascending" */
    for (int i = 1; i < c.n; i++)
        for (int j = i; j > 0 && pool[j - 1] > pool[j]; j--) {
            uint16_t t = pool[j];
            pool[j] = pool[j - 1];
            pool[j - 1] = t;
        }
    int n = order_of(pool, c.n, first, out);
    assert_int_equal(tb_apply_chance(g, st, out, n), TB_OK);
}

/* A new game of `players` seats whose horizon starts with the suns named
 * and whose deck starts with the cards named. */
static void *setup(int players, const char *horizon, const char *deck)
{
    tb_config cfg = ts_config(game(), players, NULL);
    void *st = ts_new_game(game(), &cfg);
    chance_first(st, horizon);
    chance_first(st, deck);
    return st;
}

/* Seat 0: 5Rm 1Ya 2Ya 3Ya 4Ya; seat 1: 5Bm 4Bc 1Ba 2Ba 3Ba (dealt
 * alternately); the first suns 5Rs, 1Bs, 3Ys. */
#define TWO_DEAL "5Rm 5Bm 1Ya 4Bc 2Ya 1Ba 3Ya 2Ba 4Ya 3Ba"
#define TWO_SUNS "5Rs 1Bs 3Ys"

static int has(const void *st, int seat, const char *text)
{
    return ts_view_has(game(), st, seat, text);
}

/* "Each card you bid will have a face value (1-5), but it will receive a
 * bonus +1 if it matches the colour or number of the current sun.  This
 * means that a card can be valued up to 7 if it matches both the colour
 * and number of the current sun." */
static void card_values_take_the_bonuses(void **state)
{
    (void)state;
    void *st = setup(2, TWO_SUNS, TWO_DEAL);
    const tb_game *g = game();
    /* The 5 of red moons on the 5 of red suns: 5 + 1 + 1. */
    assert_string_equal(ts_describe(g, st, "5Rm", 0), "seat 0 bids 5Rm (7)\n");
    ts_play(g, st, "5Rm");
    /* The 4 of blue crowns: neither colour nor number, face value 4. */
    assert_string_equal(ts_describe(g, st, "4Bc", 1),
                        "seat 1 bids 4Bc (4)\n"
                        "round 1 bids are revealed: seat 0 bids 5Rm (7), "
                        "seat 1 bids 4Bc (4)\n"
                        "seats 0 and 1 bid on in round 2\n");
    ts_play(g, st, "4Bc");
    assert_true(has(st, TB_SPECTATOR, "\"total\":7"));
    assert_true(has(st, TB_SPECTATOR, "\"total\":4"));
    free(st);
}

/* "You must bid in the first round, but may choose to stop after that." */
static void everyone_bids_in_the_first_round(void **state)
{
    (void)state;
    void *st = setup(2, TWO_SUNS, TWO_DEAL);
    const tb_game *g = game();
    ts_refused(g, st, "stop", "everyone must bid in the first round");
    assert_false(ts_is_legal_text(g, st, "stop"));
    ts_refused(g, st, "5Bm", "5Bm is not in your hand");
    ts_play(g, st, "1Ya");
    ts_play(g, st, "1Ba");
    assert_true(ts_is_legal_text(g, st, "stop"));
    free(st);
}

/* "If several people tie with the highest total bid, the suns resolve
 * their differences.  Remove that sun from the game; nobody gets it."  And
 * "If you decide not to commit any more cards to your bid, your total bid
 * still stands, but you cannot add more later": a seat that stopped is not
 * asked in the third round. */
static void a_tie_removes_the_sun_and_a_stop_is_final(void **state)
{
    (void)state;
    void *st = setup(2, TWO_SUNS, TWO_DEAL);
    const tb_game *g = game();
    ts_play(g, st, "5Rm"); /* 7 */
    ts_play(g, st, "5Bm"); /* 6: the number matches */
    ts_play(g, st, "stop");
    ts_play(g, st, "1Ba"); /* 6 + 1 = 7 */
    /* Round 3: only seat 1 still bids. */
    assert_int_equal(tb_current(g, st), 1);
    assert_true(has(st, TB_SPECTATOR, "\"round\":3"));
    assert_string_equal(ts_describe(g, st, "stop", TB_SPECTATOR),
                        "seat 1 decides in secret whether to add a card\n"
                        "round 3 bids are revealed: seat 1 stops at 7\n"
                        "seats 0 and 1 tie at 7: the palm of red suns is "
                        "removed from the game\n"
                        "the bids are discarded; everyone draws back up to 5 "
                        "cards\n"
                        "the next sun rises: the ace of blue suns (13 left on "
                        "the horizon)\n");
    ts_play(g, st, "stop");
    assert_true(has(st, TB_SPECTATOR, "\"removed\":[\"5Rs\"]"));
    assert_true(has(st, TB_SPECTATOR, "\"sun\":\"1Bs\""));
    assert_true(has(st, TB_SPECTATOR, "\"discards\":[\"5Rm\",\"5Bm\",\"1Ba\"]"));
    /* Both hands are back to five. */
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    json_t *seats = json_object_get(v, "seats");
    for (int p = 0; p < 2; p++)
        assert_int_equal(json_integer_value(json_object_get(
                             json_array_get(seats, (size_t)p), "cards")), 5);
    json_decref(v);
    free(st);
}

/* "If a player has the single highest total bid (whether one, two, or three
 * cards), she wins that sun" and "If nobody reveals a card ... it's time to
 * award the sun": when everyone stops in round 2 there is no round 3. */
static void the_single_highest_bid_wins_and_stops_end_the_bidding(void **state)
{
    (void)state;
    void *st = setup(2, TWO_SUNS, TWO_DEAL);
    const tb_game *g = game();
    ts_play(g, st, "4Ya"); /* 4 */
    ts_play(g, st, "3Ba"); /* 3 */
    ts_play(g, st, "stop");
    assert_string_equal(ts_describe(g, st, "stop", 0),
                        "seat 1 decides in secret whether to add a card\n"
                        "round 2 bids are revealed: seat 0 stops at 4, "
                        "seat 1 stops at 3\n"
                        "seat 0 wins the palm of red suns with 4 and scores 5\n"
                        "the bids are discarded; everyone draws back up to 5 "
                        "cards\n"
                        "the next sun rises: the ace of blue suns (13 left on "
                        "the horizon)\n");
    ts_play(g, st, "stop");
    assert_true(has(st, TB_SPECTATOR, "\"won\":[\"5Rs\"]"));
    assert_true(has(st, TB_SPECTATOR, "\"score\":5"));
    assert_true(has(st, TB_SPECTATOR, "\"round\":1"));
    free(st);
}

/* "Each player still bidding ... selects a card from her hand, and places
 * it face-down.  Once each player has selected a card, everyone
 * simultaneously reveals them."  A choice, card or stop, is hidden from the
 * others (and the spectator) until the reveal; the chooser is told hers. */
static void a_secret_bid_stays_secret_until_the_reveal(void **state)
{
    (void)state;
    void *st = setup(3, TWO_SUNS, "5Rm 5Bm 5Ym 1Ya 4Bc 4Yc 2Ya 1Ba 1Bc "
                                  "3Ya 2Ba 2Bc 4Ya 3Ba 3Bc");
    const tb_game *g = game();
    assert_string_equal(ts_describe(g, st, "5Rm", 1), "seat 0 bids a card\n");
    assert_string_equal(ts_describe(g, st, "1Ya", 1), "seat 0 bids a card\n");
    ts_play(g, st, "5Rm");
    assert_false(has(st, 1, "5Rm"));
    assert_false(has(st, TB_SPECTATOR, "5Rm"));
    assert_true(has(st, 1, "\"chosen\":true"));
    assert_true(has(st, 0, "\"chosen\":[\"5Rm\"]"));
    ts_play(g, st, "5Bm");
    ts_play(g, st, "5Ym");
    /* Round 2: a card and a stop look alike to the others. */
    const char *card = ts_describe(g, st, "4Ya", 2);
    assert_string_equal(card,
                        "seat 0 decides in secret whether to add a card\n");
    assert_string_equal(ts_describe(g, st, "stop", 2), card);
    assert_string_equal(ts_describe(g, st, "stop", 0), "seat 0 stops bidding\n");
    assert_string_equal(ts_describe(g, st, "4Ya", 0), "seat 0 adds 4Ya (4)\n");
    void *other = malloc(g->state_size);
    memcpy(other, st, g->state_size);
    ts_play(g, st, "4Ya");
    ts_play(g, other, "stop");
    for (int seat = 1; seat <= 2; seat++) {
        char *a = tb_view_json(g, st, seat), *b = tb_view_json(g, other, seat);
        assert_string_equal(a, b); /* the hand counts too: 5 each */
        free(a);
        free(b);
    }
    char *a = tb_view_json(g, st, TB_SPECTATOR);
    char *b = tb_view_json(g, other, TB_SPECTATOR);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(other);
    free(st);
}

/* "Each player draws enough cards (1-3) from the deck to fill her hand back
 * to 5 cards.  Note: If the deck runs out, shuffle the discards to create a
 * new deck."  With four players the deck holds 25 cards after the deal; when
 * every seat bids in every round, each sun takes 12 cards, so the third
 * refill runs the deck out after one card and the 36 discards (the bids just
 * made among them) become a new deck. */
static void the_discards_become_the_deck_when_it_runs_out(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 4, NULL);
    void *st = ts_new_game(game(), &cfg);
    chance_first(st, TWO_SUNS);
    chance_first(st, "");
    const tb_game *g = game();
    tb_action acts[TB_MAX_ACTIONS];
    /* Everyone bids its first card in every round. */
    while (tb_current(g, st) >= 0) {
        tb_legal(g, st, acts);
        tb_apply(g, st, acts[0]);
    }
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    assert_int_equal(ts_view_int(g, st, "risen"), 4); /* the 4th sun is up */
    tb_chance c;
    assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
    assert_int_equal(c.n, 36);
    assert_string_equal(c.what, "discards shuffled into a new deck");
    assert_int_equal(ts_view_int(g, st, "deck"), 0);
    chance_first(st, "");
    assert_int_equal(tb_current(g, st), 0);
    /* Seat 0 drew one card of the old deck and two of the new; the others
     * three each: 36 - 11 are left. */
    assert_int_equal(ts_view_int(g, st, "deck"), 25);
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    assert_int_equal(json_array_size(json_object_get(v, "discards")), 0);
    assert_int_equal(json_array_size(json_object_get(v, "reshuffled")), 36);
    json_t *seats = json_object_get(v, "seats");
    assert_int_equal(json_integer_value(json_object_get(
                         json_array_get(seats, 0), "from_deck")), 2);
    assert_int_equal(json_integer_value(json_object_get(
                         json_array_get(seats, 3), "from_deck")), 3);
    json_decref(v);
    free(st);
}

/* A determinization never puts in a reshuffled deck a card that was never
 * revealed: the new deck is made of the discards, which everyone saw. */
static void determinize_keeps_unseen_old_cards_out_of_a_new_deck(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 4, NULL);
    void *st = ts_new_game(game(), &cfg);
    chance_first(st, TWO_SUNS);
    chance_first(st, "");
    const tb_game *g = game();
    tb_action acts[TB_MAX_ACTIONS];
    while (tb_current(g, st) != TB_CHANCE) {
        tb_legal(g, st, acts);
        tb_apply(g, st, acts[0]);
    }
    chance_first(st, "");
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    char fresh[600] = "";
    json_t *r = json_object_get(v, "reshuffled");
    for (size_t i = 0; i < json_array_size(r); i++) {
        strcat(fresh, json_string_value(json_array_get(r, i)));
        strcat(fresh, " ");
    }
    json_decref(v);
    void *d = malloc(g->state_size);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    for (int k = 0; k < 50; k++) {
        memcpy(d, st, g->state_size);
        tb_determinize(g, d, 0, &rng);
        /* Every card left in the deck is one of the reshuffled: the deck
         * is what seat 0 would draw if the others all stopped at once. */
        while (tb_current(g, d) >= 0) {
            int n = tb_legal(g, d, acts);
            tb_apply(g, d, ts_is_legal_text(g, d, "stop") ? acts[n - 1]
                                                           : acts[0]);
        }
        if (tb_current(g, d) == TB_CHANCE)
            continue; /* the deck ran out again */
        json_t *h = ts_view(g, d, 0);
        json_t *hand = json_object_get(h, "hand");
        json_t *was = ts_view(g, st, 0);
        json_t *old = json_object_get(was, "hand");
        for (size_t i = 0; i < json_array_size(hand); i++) {
            const char *c = json_string_value(json_array_get(hand, i));
            int kept = 0;
            for (size_t j = 0; j < json_array_size(old); j++)
                kept |= strcmp(c, json_string_value(json_array_get(old, j))) == 0;
            if (!kept)
                assert_non_null(strstr(fresh, c)); /* drawn: from the new deck */
        }
        json_decref(h);
        json_decref(was);
    }
    free(d);
    free(st);
}

/* "The game is over when the horizon is empty ... Add up the face values
 * (1-5) of the sun cards in your score pile.  Whoever has the highest total
 * wins.  If there's a tie for the win, play again!": a tie is a shared
 * first place. */
static void the_game_ends_with_the_horizon_and_ties_share(void **state)
{
    (void)state;
    const tb_game *g = game();
    int ended = 0, shared = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        tb_config cfg = ts_config(g, 2, NULL);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_random_playout(g, st, &rng);
        assert_int_equal(tb_current(g, st), TB_TERMINAL);
        json_t *v = ts_view(g, st, TB_SPECTATOR);
        json_t *seats = json_object_get(v, "seats");
        int won = (int)json_array_size(json_object_get(v, "removed"));
        int score[2];
        for (int p = 0; p < 2; p++) {
            json_t *o = json_array_get(seats, (size_t)p);
            json_t *suns = json_object_get(o, "won");
            won += (int)json_array_size(suns);
            score[p] = 0;
            for (size_t i = 0; i < json_array_size(suns); i++)
                score[p] += json_string_value(json_array_get(suns, i))[0] - '0';
            assert_int_equal(json_integer_value(json_object_get(o, "score")),
                             score[p]);
        }
        assert_int_equal(won, 15); /* every sun won or removed */
        assert_int_equal(json_integer_value(json_object_get(v, "horizon")), 0);
        json_decref(v);
        tb_result r;
        tb_result_of(g, st, &r);
        if (score[0] == score[1]) {
            shared++;
            assert_int_equal(r.rank[0], 1);
            assert_int_equal(r.rank[1], 1);
        } else {
            assert_int_equal(r.rank[score[0] > score[1] ? 0 : 1], 1);
            assert_int_equal(r.rank[score[0] > score[1] ? 1 : 0], 2);
        }
        ended++;
        free(st);
    }
    assert_int_equal(ended, 200);
    assert_true(shared > 0);
}

/* The last reveal of the game: the award, then the points and the winner. */
static void describe_tells_the_end(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_config cfg = ts_config(g, 2, NULL);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    void *before = malloc(g->state_size);
    tb_action acts[TB_MAX_ACTIONS], a = 0;
    for (;;) {
        tb_settle(g, st, &rng);
        if (tb_current(g, st) == TB_TERMINAL)
            break;
        memcpy(before, st, g->state_size);
        int n = tb_legal(g, st, acts);
        a = acts[tb_rng_below(&rng, (uint32_t)n)];
        tb_apply(g, st, a);
    }
    char buf[2048];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    assert_int_equal(tb_describe(g, before, a, st, TB_SPECTATOR, &t), TB_OK);
    assert_non_null(strstr(buf, "the horizon is empty, so the game ends; "
                                "points: seat 0 "));
    assert_true(strstr(buf, " wins\n") || strstr(buf, " share the win\n"));
    free(before);
    free(st);
}

/* The doc's "Typing in a real deal": the horizon top first, then the deck
 * top first (dealt one at a time round the table), then the moves. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    /* Horizon: 3Ys rises first (id 17), then 1Ys (15) and the others.  Deck: seat 0
     * is dealt 5Rm 1Ya 2Ya 3Ya 4Ya (ids 9 30 31 32 33), seat 1 5Bm 4Bc 1Ba
     * 2Ba 3Ba (ids 14 58 40 41 42), alternately. */
    char json[4096];
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"battle-for-the-suns\","
             "\"players\":2,\"deal\":["
             "[17,15,16,18,19,20,21,22,23,24,25,26,27,28,29],"
             "[9,14,30,58,31,40,32,41,33,42,"
             "0,1,2,3,4,5,6,7,8,10,11,12,13,34,35,36,37,38,39,43,44,45,46,"
             "47,48,49,50,51,52,53,54,55,56,57,59]],"
             "\"actions\":["
             "{\"seat\":0,\"move\":\"3Ya\"},{\"seat\":1,\"move\":\"3Ba\"},"
             "{\"seat\":0,\"move\":\"5Rm\"},{\"seat\":1,\"move\":\"stop\"},"
             "{\"seat\":0,\"move\":\"stop\"}]}");
    void *st = ts_replay_json(json);
    /* 3Ya on the 3 of yellow suns is 3 + 1 + 1 = 5 and 5Rm adds 5: seat 0
     * wins with 10 against 4 (3Ba matches the number). */
    assert_true(has(st, TB_SPECTATOR, "\"won\":[\"3Ys\"]"));
    assert_true(has(st, TB_SPECTATOR, "\"sun\":\"1Ys\""));
    /* Refilled from the deck in order: seat 0 draws the ids 0 and 1. */
    assert_true(has(st, 0, "\"hand\":[\"1Ym\",\"2Ym\",\"1Ya\",\"2Ya\","
                           "\"4Ya\"]"));
    assert_true(has(st, 1, "\"hand\":[\"3Ym\",\"5Bm\",\"1Ba\",\"2Ba\","
                           "\"4Bc\"]"));
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_values_take_the_bonuses),
        cmocka_unit_test(everyone_bids_in_the_first_round),
        cmocka_unit_test(a_tie_removes_the_sun_and_a_stop_is_final),
        cmocka_unit_test(the_single_highest_bid_wins_and_stops_end_the_bidding),
        cmocka_unit_test(a_secret_bid_stays_secret_until_the_reveal),
        cmocka_unit_test(the_discards_become_the_deck_when_it_runs_out),
        cmocka_unit_test(determinize_keeps_unseen_old_cards_out_of_a_new_deck),
        cmocka_unit_test(the_game_ends_with_the_horizon_and_ties_share),
        cmocka_unit_test(describe_tells_the_end),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("battle-for-the-suns", tests, NULL,
                                       NULL);
}
