/*
 * test_up_and_down.c - the rules of Up and Down, each test quoting the
 * rule it checks: the decks by player count, who starts (gold before
 * silver), following colour or suit up or down, forced play and passing,
 * the change of direction, the fresh start, the win by overdrawing, and
 * what stays public when a bot resamples the hidden decks.  Positions are
 * set up through the public API: the deal's chance node gets each seat's
 * deck, top first (its first four cards are the hand), filled up with the
 * lowest cards nobody was given.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("up-and-down");
}

static int deck_size(int players)
{
    return (players >= 4 ? 120 : 60) / players;
}

/* A new game of `players` seats whose deck p starts (top first) with the
 * cards named in spec[p] (short forms; "+" marks a silver copy with two
 * decks). */
static void *setup(int players, const char *const *spec)
{
    const tb_game *g = game();
    tb_config cfg = ts_config(g, players, NULL);
    void *st = ts_new_game(g, &cfg);
    int two = players >= 4, n = two ? 120 : 60;
    int cards[6][30], count[6], size[6];
    const int *named[6];
    for (int p = 0; p < players; p++) {
        count[p] = ts_mq_cards(spec[p], two, cards[p], 30);
        size[p] = deck_size(players);
        named[p] = cards[p];
    }
    uint16_t perm[120];
    assert_int_equal(ts_deck_order(perm, 0, n - 1, players, named, count, size),
                     n);
    assert_int_equal(tb_apply_chance(g, st, perm, n), TB_OK);
    return st;
}

static int has(const void *st, int seat, const char *text)
{
    return ts_view_has(game(), st, seat, text);
}

/* "For 2-3 players use one Mystique Deck. For 4-6 players use two decks.
 * Shuffle the cards and divide them into equal-height face-down decks,
 * one for each player. Take the top 4 cards of your deck and place them
 * face-up in front of you." */
static void decks_by_player_count(void **state)
{
    (void)state;
    const tb_game *g = game();
    static const int decks[7] = {0, 0, 1, 1, 2, 2, 2};
    for (int players = 2; players <= 6; players++) {
        tb_config cfg = ts_config(g, players, NULL);
        void *st = ts_new_game(g, &cfg);
        tb_chance c;
        assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
        assert_int_equal(c.n, 60 * decks[players]);
        tb_rng rng;
        tb_rng_seed(&rng, (uint64_t)players);
        tb_settle(g, st, &rng);
        json_t *v = ts_view(g, st, TB_SPECTATOR);
        assert_int_equal(json_integer_value(json_object_get(v, "decks")),
                         decks[players]);
        json_t *seats = json_object_get(v, "seats");
        for (int p = 0; p < players; p++) {
            json_t *o = json_array_get(seats, (size_t)p);
            assert_int_equal(json_array_size(json_object_get(o, "hand")), 4);
            assert_int_equal(json_integer_value(json_object_get(o, "deck")),
                             deck_size(players) - 4);
        }
        json_decref(v);
        free(st);
    }
}

/* "The player who has the card with the highest card number (1-60)
 * starts by playing this card face-up in the middle of the table to
 * create a pile." */
static void the_highest_card_starts(void **state)
{
    (void)state;
    const tb_game *g = game();
    /* Card 60 is the palm of blue crowns; seat 1 holds it. */
    const char *spec[] = {"1Ym 2Ym 3Ym 4Ym 1Ya", "1Rs 2Rs 3Rs 5Bc 2Ya"};
    void *st = setup(2, spec);
    assert_int_equal(tb_current(g, st), 1);
    assert_string_equal(ts_legal_text(g, st), "5Bc");
    ts_refused(g, st, "1Rs", "you start with your highest card, 5Bc");
    ts_refused(g, st, "pass", "you can play a card, so you must");
    assert_string_equal(ts_describe(g, st, "5Bc", 0),
                        "seat 1 starts the pile with 5Bc, the highest card\n"
                        "seat 1 turns up 2Ya (25 left in its deck)\n");
    ts_play(g, st, "5Bc");
    assert_true(has(st, 0, "\"top\":\"5Bc\""));
    free(st);
}

/* "If there is a tie (when playing with two decks), the player with the
 * gold card starts." */
static void gold_starts_on_a_tie(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *spec[] = {"1Ym 2Ym 3Ym 4Ym", "5Bc+ 1Ym+ 2Ym+ 3Ym+",
                          "5Bc 1Rs 2Rs 3Rs", "1Ba 2Ba 3Ba 4Ba"};
    void *st = setup(4, spec);
    assert_int_equal(tb_current(g, st), 2);
    assert_string_equal(ts_legal_text(g, st), "5Bc");
    /* And the silver copy, held by the same seat as the gold one, is not
     * the one to start. */
    free(st);
    const char *same[] = {"5Bc+ 5Bc 1Ym 2Ym", "1Ym+ 2Ym+ 3Ym+ 4Ym+",
                          "1Rs 2Rs 3Rs 4Rs", "1Ba 2Ba 3Ba 4Ba"};
    st = setup(4, same);
    assert_int_equal(tb_current(g, st), 0);
    assert_string_equal(ts_legal_text(g, st), "5Bc");
    ts_play(g, st, "5Bc");
    /* The silver 5 of blue crowns fits on its gold copy (same colour and
     * suit, same number). */
    ts_play(g, st, "pass");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass");
    assert_int_equal(tb_current(g, st), 0);
    assert_true(ts_is_legal_text(g, st, "5Bc+"));
    free(st);
}

/* "For 4-6 players use two decks": two copies of each card, the silver
 * one written with a "+".  A player holding only the silver copy may type
 * the card without the "+"; holding both, the plain name is the gold copy
 * (its own spelling) and "+" the silver, and a card number ("#60"),
 * which names no copy, is asked about; "+" for a silver copy she does not
 * hold is refused. */
static void a_plain_name_fits_the_only_copy_held(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *same[] = {"5Bc+ 5Bc 1Ym 2Ym", "1Ym+ 2Ym+ 3Ym+ 4Ym+",
                          "1Rs 2Rs 3Rs 4Rs", "1Ba 2Ba 3Ba 4Ba"};
    void *st = setup(4, same);
    assert_int_equal(tb_current(g, st), 0);
    assert_string_equal(ts_parsed_text(game(), st, "5Bc"), "5Bc");
    ts_refused(g, st, "5Bc+", "you start with your highest card, 5Bc");
    /* A card number names no copy: with both held, it is asked which. */
    ts_refused(g, st, "#60", "you hold both copies of card 60: type 5Bc "
               "(gold) or 5Bc+ (silver)");
    ts_refused(g, st, "#60+", "you start with your highest card, 5Bc");
    ts_play(g, st, "5Bc");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass");
    /* Seat 0 holds the silver 5Bc only now. */
    assert_string_equal(ts_parsed_text(game(), st, "5Bc"), "5Bc+");
    assert_string_equal(ts_parsed_text(game(), st, "5bc"), "5Bc+");
    assert_string_equal(ts_parsed_text(game(), st, "#60"), "5Bc+");
    ts_refused(g, st, "1Ym+", "1Ym+ is not in your hand");
    ts_refused(g, st, "1Ym", "1Ym does not fit on 5Bc");
    ts_play(g, st, "5Bc");
    assert_true(has(st, 0, "\"top\":\"5Bc+\""));
    free(st);
}

/* "The card must have the same colour or suit as the last card played.
 * The card's number (1-5) must be higher/lower (alternates during the
 * game) than, or equal to the number of the last card played (at the
 * beginning of the game it must be higher or equal)." */
static void follow_colour_or_suit_higher_or_equal(void **state)
{
    (void)state;
    const tb_game *g = game();
    /* Seat 0 starts with 3Ba (card 43, the highest in the hands). */
    const char *spec[] = {"3Ba 1Ym 1Rm 1Bm 2Ym",
                          "3Rs 2Ba 4Ya 3Ys 5Ym"};
    void *st = setup(2, spec);
    ts_play(g, st, "3Ba");
    /* Seat 1: 3Rs and 3Ys share neither colour nor suit; 2Ba is blue
     * arms but lower; 4Ya is arms and higher. */
    assert_string_equal(ts_legal_text(g, st), "4Ya");
    ts_refused(g, st, "2Ba", "2Ba does not fit on 3Ba: it must share its "
                             "colour or suit and be 3 or higher");
    ts_refused(g, st, "3Ys", "3Ys does not fit on 3Ba");
    ts_refused(g, st, "1Bs", "1Bs is not in your hand");
    ts_refused(g, st, "pass", "you can play a card, so you must");
    ts_play(g, st, "4Ya");
    /* Seat 0 holds 1Ym 1Rm 1Bm 2Ym: nothing yellow or arms of 4 or more. */
    assert_string_equal(ts_legal_text(g, st), "pass");
    free(st);
}

/* "If you do not have a card meeting those criteria, you must pass;
 * however, if you can play a card, you must.  If all players have passed
 * consecutively, the direction (higher/lower) changes." */
static void all_pass_and_the_direction_changes(void **state)
{
    (void)state;
    const tb_game *g = game();
    /* 5Bc starts; nothing can follow it heading up but another 5. */
    const char *spec[] = {"5Bc 1Ym 2Ym 3Ym 1Ya", "1Rs 2Rs 3Rs 4Bc 2Ya"};
    void *st = setup(2, spec);
    ts_play(g, st, "5Bc");
    assert_int_equal(tb_current(g, st), 1);
    assert_string_equal(ts_legal_text(g, st), "pass"); /* 4Bc is lower */
    assert_string_equal(ts_describe(g, st, "pass", 0), "seat 1 passes\n");
    ts_play(g, st, "pass");
    assert_true(has(st, TB_SPECTATOR, "\"direction\":\"up\""));
    /* Seat 0, who played the card, passes too: all players have passed. */
    assert_string_equal(ts_legal_text(g, st), "pass");
    assert_string_equal(ts_describe(g, st, "pass", 1),
                        "seat 0 passes\n"
                        "all 2 players passed: now heading down (lower or "
                        "equal)\n");
    ts_play(g, st, "pass");
    assert_true(has(st, TB_SPECTATOR, "\"direction\":\"down\""));
    /* Now 4Bc (blue, 4 <= 5) fits and must be played. */
    assert_int_equal(tb_current(g, st), 1);
    assert_string_equal(ts_legal_text(g, st), "4Bc");
    ts_refused(g, st, "pass", "you can play a card, so you must");
    ts_play(g, st, "4Bc");
    /* Heading down stays until everyone passes again: 3Ym? No colour or
     * suit shared with 4Bc, so seat 0 passes; 2Ya neither. */
    assert_true(has(st, TB_SPECTATOR, "\"direction\":\"down\""));
    free(st);
}

/* "In the rare case that all players still have to pass again, the player
 * who has the card with the highest card number begins, as if you were
 * starting a new game." */
static void all_pass_again_and_play_starts_afresh(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *spec[] = {"5Bc 1Ym 2Ym 3Ym 1Ya", "1Rs 2Rs 3Rs 4Rs 5Rs"};
    void *st = setup(2, spec);
    ts_play(g, st, "5Bc");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass"); /* now heading down */
    ts_play(g, st, "pass");
    /* The highest card in the hands is 1Ya (card 31) of seat 0. */
    assert_string_equal(ts_describe(g, st, "pass", TB_SPECTATOR),
                        "seat 0 passes\n"
                        "all 2 players passed again: seat 0, holding the "
                        "highest card 1Ya, starts afresh, heading up\n");
    ts_play(g, st, "pass");
    assert_int_equal(tb_current(g, st), 0);
    assert_true(has(st, TB_SPECTATOR, "\"direction\":\"up\""));
    assert_true(has(st, TB_SPECTATOR, "\"starting\":true"));
    assert_string_equal(ts_legal_text(g, st), "1Ya");
    ts_play(g, st, "1Ya");
    /* A new start: the pile's last card is 1Ya, and heading up again. */
    assert_true(has(st, TB_SPECTATOR, "\"top\":\"1Ya\""));
    assert_true(has(st, TB_SPECTATOR, "\"starts\":2"));
    free(st);
}

/* "After playing a card, always refill your hand by placing the top card
 * of your deck face-up next to your other face-up cards."  And "If you
 * need to refill your hand, but can't because you have no more cards in
 * your deck, you win!": a seat whose deck is empty plays on with its
 * hand, and wins with the next card it plays. */
static void overdrawing_wins(void **state)
{
    (void)state;
    const tb_game *g = game();
    for (int players = 2; players <= 6; players++) {
        tb_config cfg = ts_config(g, players, NULL);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 40u + (uint64_t)players);
        tb_settle(g, st, &rng);
        tb_action acts[TB_MAX_ACTIONS];
        int empty_seen = 0;
        while (tb_current(g, st) >= 0) {
            int p = tb_current(g, st);
            json_t *v = ts_view(g, st, TB_SPECTATOR);
            json_t *o = json_array_get(json_object_get(v, "seats"), (size_t)p);
            int deck = (int)json_integer_value(json_object_get(o, "deck"));
            json_decref(v);
            int n = tb_legal(g, st, acts);
            tb_action a = acts[tb_rng_below(&rng, (uint32_t)n)];
            char text[TB_ACTION_TEXT];
            tb_action_text(g, st, a, text, sizeof text);
            tb_apply_legal(g, st, a);
            if (deck == 0) {
                empty_seen = 1;
                /* With an empty deck, a card played ends the game at once
                 * and a pass does not. */
                assert_int_equal(tb_current(g, st) == TB_TERMINAL,
                                 strcmp(text, "pass") != 0);
            } else {
                assert_int_not_equal(tb_current(g, st), TB_TERMINAL);
            }
            if (tb_current(g, st) == TB_TERMINAL) {
                tb_result r;
                assert_int_equal(tb_result_of(g, st, &r), TB_OK);
                assert_int_equal(r.rank[p], 1);
                assert_true(r.score[p] == 0.0);
                for (int q = 0; q < players; q++)
                    if (q != p)
                        assert_true(r.rank[q] > 1 && r.score[q] <= -1.0);
                char want[64];
                snprintf(want, sizeof want, "\"winner\":%d", p);
                assert_true(has(st, TB_SPECTATOR, want));
            }
        }
        assert_true(empty_seen);
        free(st);
    }
}

/* The others are placed by the cards each still had to play: its deck and
 * the one play that would find it empty. */
static void the_others_are_placed_by_cards_left(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_config cfg = ts_config(g, 4, NULL);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    tb_random_playout(g, st, &rng);
    tb_result r;
    assert_int_equal(tb_result_of(g, st, &r), TB_OK);
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    json_t *seats = json_object_get(v, "seats");
    int winner = (int)json_integer_value(json_object_get(v, "winner"));
    for (int p = 0; p < 4; p++) {
        json_t *o = json_array_get(seats, (size_t)p);
        int deck = (int)json_integer_value(json_object_get(o, "deck"));
        if (p == winner)
            assert_true(r.score[p] == 0.0);
        else
            assert_true(r.score[p] == -(double)(deck + 1));
        for (int q = 0; q < 4; q++)
            if (r.score[q] > r.score[p])
                assert_true(r.rank[q] < r.rank[p]);
    }
    json_decref(v);
    free(st);
}

/* "The hands are face-up: public."  Every seat sees every hand; the only
 * hidden thing is the personal decks, which a bot's determinization
 * resamples for any seat while the hands and the pile stay. */
static void hands_are_public_and_only_decks_are_resampled(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *spec[] = {"3Ba 1Ym 1Rm 1Bm 2Ym 4Rc", "3Rs 2Ba 4Ya 3Ys 5Ym"};
    void *st = setup(2, spec);
    ts_play(g, st, "3Ba");
    assert_true(has(st, 1, "\"hand\":[\"1Ym\",\"2Ym\",\"1Rm\",\"1Bm\"]"));
    assert_true(has(st, 0, "\"hand\":[\"3Ys\",\"3Rs\",\"4Ya\",\"2Ba\"]"));
    char *before = tb_view_json(g, st, TB_SPECTATOR);
    void *det = tb_state_new(g);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    int changed = 0;
    for (int k = 0; k < 20; k++) {
        for (int seat = TB_SPECTATOR; seat < 2; seat++) {
            memcpy(det, st, g->state_size);
            tb_determinize(g, det, seat, &rng);
            char *after = tb_view_json(g, det, TB_SPECTATOR);
            assert_string_equal(before, after);
            free(after);
            /* The card seat 1 turns up after playing 4Ya comes from a
             * resampled deck: with 51 unseen cards it differs at once. */
            ts_play(g, det, "4Ya");
            changed |= !has(det, TB_SPECTATOR, "\"5Ym\"");
        }
    }
    assert_true(changed);
    free(before);
    free(det);
    free(st);
}

/* What the table sees on a terminal: whose turn, the direction, the cards
 * that fit. */
static void the_terminal_says_what_fits(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *spec[] = {"3Ba 1Ym 1Rm 1Bm 2Ym", "3Rs 2Ba 4Ya 5Ya 5Ym"};
    void *st = setup(2, spec);
    ts_play(g, st, "3Ba");
    char buf[2048];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, 1, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "heading up (higher or equal)"));
    assert_non_null(strstr(buf, "> seat 1 (you): hand"));
    assert_non_null(strstr(buf, "seat 1 to play blue or arms, 3 or higher: "
                                "4Ya 5Ya"));
    free(st);
}

/* A record typed in from a real table: the deal is the shuffled deck,
 * seat 0's deck first (top first), then seat 1's. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    /* Seat 0's deck starts 3Ba 1Ym 1Rm 1Bm 2Ym (ids 42 0 5 10 1), seat 1's
     * 3Rs 2Ba 4Ya 3Ys 5Ym (ids 22 41 33 17 4); the rest ascending. */
    int first[60] = {42, 0, 5, 10, 1};
    int k = 5;
    int used[60] = {0};
    int seat1[5] = {22, 41, 33, 17, 4};
    for (int i = 0; i < 5; i++)
        used[first[i]] = used[seat1[i]] = 1;
    for (int id = 0; k < 30; id++)
        if (!used[id]) {
            first[k++] = id;
            used[id] = 1;
        }
    for (int i = 0; i < 5; i++)
        first[k++] = seat1[i];
    char deal[1024];
    ts_deal_json(deal, sizeof deal, 0, 59, first, k);
    char json[2048];
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"up-and-down\","
             "\"players\":2,\"deal\":[%s],\"actions\":["
             "{\"seat\":0,\"move\":\"3Ba\"},{\"seat\":1,\"move\":\"4Ya\"},"
             "{\"seat\":0,\"move\":\"pass\"}]}", deal);
    void *st = ts_replay_json(json);
    assert_true(has(st, TB_SPECTATOR, "\"top\":\"4Ya\""));
    /* Seat 1 turned up its fifth card, 5Ym. */
    assert_true(has(st, TB_SPECTATOR, "\"5Ym\""));
    assert_int_equal(tb_current(game(), st), 1);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decks_by_player_count),
        cmocka_unit_test(the_highest_card_starts),
        cmocka_unit_test(gold_starts_on_a_tie),
        cmocka_unit_test(a_plain_name_fits_the_only_copy_held),
        cmocka_unit_test(follow_colour_or_suit_higher_or_equal),
        cmocka_unit_test(all_pass_and_the_direction_changes),
        cmocka_unit_test(all_pass_again_and_play_starts_afresh),
        cmocka_unit_test(overdrawing_wins),
        cmocka_unit_test(the_others_are_placed_by_cards_left),
        cmocka_unit_test(hands_are_public_and_only_decks_are_resampled),
        cmocka_unit_test(the_terminal_says_what_fits),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("up-and-down", tests, NULL, NULL);
}
