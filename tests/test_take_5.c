/*
 * test_take_5.c - the tricky rules of Take 5 (Hornochsen), each test quoting
 * the rule it checks.  Positions are set up through the public API by giving
 * the deal chance node a chosen deck order: each seat's hand in seat order,
 * then the table cards (laid out as sets A, B, ... in increasing order),
 * then the rest.
 */
#include "support.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("take-5");
}

/* Deals `hand` cards to each of `players` seats from hands[] (row p holds
 * seat p's cards) and `table` cards from table[], the unused cards after. */
static void *deal(int players, int hand, const int hands[][14], int table,
                  const int *tab)
{
    int first[100], n = 0;
    for (int p = 0; p < players; p++)
        for (int i = 0; i < hand; i++)
            first[n++] = hands[p][i];
    for (int i = 0; i < table; i++)
        first[n++] = tab[i];
    tb_config cfg = ts_config(game(), players, NULL);
    return ts_deal_first(game(), &cfg, 1, 100, first, n);
}

/* The bull cards of set i (0 = A) as a string "70 5". */
static const char *set_cards(const void *st, int i)
{
    static char buf[64];
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *cards = json_object_get(json_array_get(json_object_get(v, "sets"),
                                                   (size_t)i), "cards");
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    for (size_t k = 0; k < json_array_size(cards); k++)
        tb_text_printf(&t, "%s%lld", k ? " " : "",
                       json_integer_value(json_array_get(cards, k)));
    json_decref(v);
    return buf;
}

/* An integer field of set i, or of seat p when i < 0. */
static long long field(const void *st, const char *list, int i,
                       const char *key)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *o = json_array_get(json_object_get(v, list), (size_t)i);
    json_t *f = json_object_get(o, key);
    assert_non_null(f);
    long long x = json_is_boolean(f) ? json_is_true(f) : json_integer_value(f);
    json_decref(v);
    return x;
}

/* Seat p's score if the game ended now. */
static double standing_of(const void *st, int p)
{
    double scores[TB_MAX_PLAYERS];
    game()->standing(st, scores);
    return scores[p];
}

/* Two players: table 10 20 ... 70 (sets A-G). */
static const int decade_table[7] = {10, 20, 30, 40, 50, 60, 70};
static const int wrap_hands[2][14] = {
    {5, 3, 65, 25, 95, 81, 82, 83, 84, 86, 87, 89, 91, 92},
    {7, 1, 2, 4, 6, 8, 9, 12, 13, 14, 16, 17, 18, 19},
};

/* "A number that is smaller than all the End-Numbers gets added to the set
 * with the largest End-Number." */
static void smaller_than_all_goes_to_the_largest_set(void **state)
{
    (void)state;
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    ts_play(game(), st, "5");
    assert_string_equal(set_cards(st, 6), "70 5");
    assert_string_equal(set_cards(st, 0), "10");
    free(st);
}

/* "The Bull card being added to a set must be larger than its End-Number,
 * but must be smaller than the End-Number of the next set clockwise, unless
 * this set has the largest End-Number." */
static void between_end_numbers_and_the_largest_set(void **state)
{
    (void)state;
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    ts_play(game(), st, "25"); /* 20 < 25 < 30: set B */
    assert_string_equal(set_cards(st, 1), "20 25");
    ts_play(game(), st, "95"); /* above every End-Number: set G (70) */
    assert_string_equal(set_cards(st, 6), "70 95");
    free(st);
}

/* The wrap moves the largest End-Number: after 5 joins set G (70), set G's
 * End-Number is the smallest and set F (60) has the largest.  "unless this
 * set has the largest End-Number" then applies to F, and "smaller than all
 * the End-Numbers" goes to F too; a card between 5 and 10 goes to G, since
 * G's next set clockwise is A (10). */
static void the_wrap_moves_the_largest_set(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    ts_play(g, st, "5");   /* G: 70 5 */
    ts_play(g, st, "end");
    ts_play(g, st, "7");   /* 5 < 7 < 10: G */
    assert_string_equal(set_cards(st, 6), "70 5 7");
    ts_play(g, st, "1");   /* below every End-Number (7 10 ... 60): F */
    assert_string_equal(set_cards(st, 5), "60 1");
    ts_play(g, st, "end");
    ts_play(g, st, "65");  /* ends now: A10 ... E50 F1 G7; 65 > all: the
                              largest End-Number is E's 50 */
    assert_string_equal(set_cards(st, 4), "50 65");
    ts_play(g, st, "3");   /* 1 < 3 < 7: F (next clockwise is G) */
    assert_string_equal(set_cards(st, 5), "60 1 3");
    free(st);
}

/* Two players: table 1 21 ... 71 (sets A-G); seat 0 holds the low cards
 * that fill set A. */
static const int bull_table[7] = {1, 21, 31, 41, 51, 61, 71};
static const int bull_hands[2][14] = {
    {2, 3, 4, 12, 23, 24, 26, 80, 81, 83, 84, 86, 87, 89},
    {22, 43, 90, 91, 93, 94, 96, 97, 98, 63, 64, 67, 68, 73},
};

/* "When adding the fifth Bull card to a set, take the whole set including
 * the Special cards. These are set aside in a scoring pile."  The starting
 * card is a bull card: the fourth card added is the fifth bull card. */
static void fifth_bull_card_takes_the_set_with_specials(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, bull_hands, 7, bull_table);
    ts_play(g, st, "2");
    ts_play(g, st, "3");
    ts_play(g, st, "4");
    assert_string_equal(set_cards(st, 0), "1 2 3 4"); /* four: not yet */
    assert_int_equal(field(st, "sets", 0, "taken_by"), -1);
    ts_play(g, st, "43");
    ts_play(g, st, "end");
    ts_play(g, st, "x2 A");
    ts_play(g, st, "+5 A");
    ts_play(g, st, "12"); /* the fifth bull card */
    assert_int_equal(field(st, "sets", 0, "taken_by"), 0);
    assert_int_equal(field(st, "seats", 0, "pile_cards"), 5);
    /* 1 + 2 + 1 + 1 + 2 bulls, a "+5" and an "x2": (7 + 5) x 2. */
    assert_int_equal(field(st, "seats", 0, "pile_bulls"), 7);
    assert_int_equal(field(st, "seats", 0, "pile_+5"), 1);
    assert_int_equal(field(st, "seats", 0, "pile_x2"), 1);
    assert_true(standing_of(st, 0) == 24.0);
    free(st);
}

/* "“+5” cards give you five more points, “x2” cards multiply your score at
 * the end. Special cards remaining in your hand are negative 10 points
 * each."  The x2 doubles the whole score, not only its set's cards; the
 * hand penalty is not doubled. */
static void x2_doubles_the_whole_score(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, bull_hands, 7, bull_table);
    const char *moves[] = {"2", "3", "4", "43", "end", "x2 A", "+5 A", "12",
                           "22", "end", "23", "24", "26"};
    for (int i = 0; i < 13; i++)
        ts_play(g, st, moves[i]);
    /* Set B (21 22 23 24 26) is -1 bulls: the pile is 6 bulls + 5, doubled
     * to 22 (doubling set A alone would give 24 - 1 = 23). */
    assert_int_equal(field(st, "sets", 1, "taken_by"), 0);
    assert_int_equal(field(st, "seats", 0, "pile_bulls"), 6);
    assert_true(standing_of(st, 0) == 22.0);
    /* Seat 1 still holds both special cards: -10 each. */
    assert_true(standing_of(st, 1) == -20.0);
    free(st);
}

/* "The player whose turn it is must play one card but can play up to three
 * cards." */
static void one_to_three_cards_a_turn(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    assert_false(ts_is_legal_text(g, st, "end"));
    ts_refused(g, st, "end", "at least one card");
    ts_play(g, st, "81");
    assert_true(ts_is_legal_text(g, st, "end"));
    assert_int_equal(tb_current(g, st), 0);
    ts_play(g, st, "82");
    assert_int_equal(tb_current(g, st), 0);
    ts_play(g, st, "83");
    /* Three cards: the turn passes by itself, clockwise to seat 1. */
    assert_int_equal(tb_current(g, st), 1);
    assert_false(ts_is_legal_text(g, st, "end"));
    ts_play(g, st, "12");
    ts_play(g, st, "end");
    assert_int_equal(tb_current(g, st), 0);
    free(st);
}

/* "Special cards get added inwards, but each set can only have one of each
 * type, so at most one “x2” and one “+5”."  A special card is one of the
 * turn's cards, so a turn may be a special card alone. */
static void one_special_of_each_type_per_set(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    ts_play(g, st, "x2 c");
    ts_play(g, st, "end"); /* a turn of one special card */
    assert_int_equal(tb_current(g, st), 1);
    assert_int_equal(field(st, "sets", 2, "x2"), 1);
    assert_string_equal(set_cards(st, 2), "30"); /* not a bull card */
    assert_false(ts_is_legal_text(g, st, "x2 C"));
    assert_true(ts_is_legal_text(g, st, "x2 B"));
    assert_true(ts_is_legal_text(g, st, "+5 C"));
    ts_refused(g, st, "x2 c", "already has");
    ts_play(g, st, "+5 C");
    ts_play(g, st, "x2 d");
    ts_play(g, st, "1"); /* three cards: two specials and a bull card */
    assert_int_equal(tb_current(g, st), 0);
    /* Seat 0 played its x2: only its +5 is left. */
    assert_false(ts_is_legal_text(g, st, "x2 A"));
    ts_refused(g, st, "x2 a", "already played");
    free(st);
}

/* Plays seat p's lowest bull card. */
static void play_lowest(const tb_game *g, void *st, int p)
{
    json_t *v = ts_view(game(), st, p);
    json_t *hand = json_object_get(v, "hand");
    assert_true(json_array_size(hand) > 0);
    char text[16];
    snprintf(text, sizeof text, "%lld",
             json_integer_value(json_array_get(hand, 0)));
    json_decref(v);
    ts_play(g, st, text);
}

/* The letter of the first set still on the table. */
static char first_live_set(const void *st)
{
    for (int i = 0; i < 15; i++)
        if (field(st, "sets", i, "taken_by") < 0)
            return (char)('A' + i);
    fail_msg("no set left");
    return '?';
}

/* "The game ends when the last set is taken."  The hands hold four bull
 * cards per set, so that is when the last bull card is played.  A seat
 * with nothing left to play is skipped; a seat left with only special
 * cards must play one ("must play one card"). */
static void running_out_skips_and_the_game_ends(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    /* Seat 0 plays three bull cards a turn, seat 1 one. */
    while (field(st, "seats", 0, "hand_size") > 0) {
        assert_int_equal(tb_current(g, st), 0);
        for (int k = 0; k < 3 && tb_current(g, st) == 0 &&
                        field(st, "seats", 0, "hand_size") > 0; k++)
            play_lowest(g, st, 0);
        if (tb_current(g, st) == 0)
            ts_play(g, st, "end");
        assert_int_equal(tb_current(g, st), 1);
        play_lowest(g, st, 1);
        ts_play(g, st, "end");
    }
    /* Seat 0 has only its special cards: no "end" and no bull card. */
    assert_int_equal(tb_current(g, st), 0);
    assert_false(ts_is_legal_text(g, st, "end"));
    char move[8];
    snprintf(move, sizeof move, "x2 %c", first_live_set(st));
    ts_play(g, st, move);
    snprintf(move, sizeof move, "+5 %c", first_live_set(st));
    /* As the table hears it (issue 10). */
    assert_non_null(strstr(ts_describe(g, st, move, 1),
                           "seat 0's turn ends (it has no card it may "
                           "play)\n"));
    ts_play(g, st, move);
    assert_int_equal(tb_current(g, st), 1); /* nothing left: turn passes */
    /* From now on seat 0 is skipped: seat 1 plays every turn. */
    int told_skip = 0;
    while (tb_current(g, st) != TB_TERMINAL) {
        assert_int_equal(tb_current(g, st), 1);
        play_lowest(g, st, 1);
        if (tb_current(g, st) == 1) {
            told_skip += strstr(ts_describe(g, st, "end", 0),
                                "seat 0 has no card it may play and is "
                                "skipped\n") != NULL;
            ts_play(g, st, "end");
        }
    }
    assert_true(told_skip > 0);
    assert_int_equal(field(st, "seats", 1, "hand_size"), 0);
    for (int i = 0; i < 7; i++)
        assert_true(field(st, "sets", i, "taken_by") >= 0);
    /* Seat 1 kept both special cards: its score is its pile minus 20. */
    tb_result r;
    assert_int_equal(tb_result_of(g, st, &r), TB_OK);
    long long b = field(st, "seats", 1, "pile_bulls");
    long long p5 = field(st, "seats", 1, "pile_+5");
    long long x2 = field(st, "seats", 1, "pile_x2");
    assert_true(r.score[1] == (double)((b + 5 * p5) * (1 << x2) - 20));
    free(st);
}

/* "Shuffle the deck and deal each player a number of cards based on player
 * count (see table)."  2: 14/7, 3: 12/9, 4: 12/12, 5: 12/15, 6: 10/15. */
static void deal_follows_the_table(void **state)
{
    (void)state;
    const tb_game *g = game();
    const int want[7][2] = {{0, 0}, {0, 0}, {14, 7}, {12, 9}, {12, 12},
                            {12, 15}, {10, 15}};
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    for (int p = 2; p <= 6; p++) {
        tb_config cfg;
        tb_config_default(g, p, &cfg);
        void *st = ts_new_game(g, &cfg);
        tb_settle(g, st, &rng);
        json_t *v = ts_view(game(), st, 0);
        assert_int_equal(json_array_size(json_object_get(v, "sets")),
                         want[p][1]);
        assert_int_equal(json_array_size(json_object_get(v, "hand")),
                         want[p][0]);
        /* "Arrange them in a circle so that they’re numerically increasing
         * clockwise": sets A, B, ... start in increasing order. */
        json_t *sets = json_object_get(v, "sets");
        for (size_t i = 1; i < json_array_size(sets); i++) {
            long long a = json_integer_value(json_array_get(
                json_object_get(json_array_get(sets, i - 1), "cards"), 0));
            long long b = json_integer_value(json_array_get(
                json_object_get(json_array_get(sets, i), "cards"), 0));
            assert_true(a < b);
        }
        json_decref(v);
        free(st);
    }
}

/* "The players keep their cards secret": another seat's view and the
 * spectator's show hand sizes only. */
static void hands_are_secret(void **state)
{
    (void)state;
    void *st = deal(2, 14, wrap_hands, 7, decade_table);
    char *v1 = tb_view_json(game(), st, 1);
    char *v0 = tb_view_json(game(), st, 0);
    assert_null(strstr(v1, "95"));
    assert_non_null(strstr(v0, "95"));
    assert_non_null(strstr(v1, "\"hand_size\":14"));
    free(v1);
    free(v0);
    ts_refused(game(), st, "7", "7 is not in your hand");
    free(st);
}

/* Bull values: "Multiple of 5 and 11: -7; Multiple of 11: -5; Multiple of
 * 10: -3; Ends in 5: -2; Ends in 2: +2; Otherwise: +1" (22 is a multiple of
 * 11 first). */
static void bull_values(void **state)
{
    (void)state;
    const int hands[2][14] = {
        {55, 22, 12, 2, 65, 60, 99, 1, 3, 4, 6, 7, 8, 9},
        {11, 13, 14, 16, 17, 18, 19, 21, 23, 24, 26, 27, 28, 29},
    };
    const int tab[7] = {50, 52, 53, 54, 56, 57, 58};
    void *st = deal(2, 14, hands, 7, tab);
    const tb_game *g = game();
    ts_play(g, st, "22"); /* below every End-Number: G (58) */
    ts_play(g, st, "55"); /* 54 < 55 < 56: D */
    ts_play(g, st, "60"); /* 57 < 60 and F's next clockwise is G (22) */
    assert_string_equal(set_cards(st, 5), "57 60");
    ts_play(g, st, "11"); /* below every End-Number: F (60, the largest) */
    assert_string_equal(set_cards(st, 5), "57 60 11");
    ts_play(g, st, "end");
    ts_play(g, st, "12"); /* 11 < 12 < 22: F */
    ts_play(g, st, "2");  /* below every End-Number: E (56, the largest) */
    assert_string_equal(set_cards(st, 4), "56 2");
    ts_play(g, st, "end");
    ts_play(g, st, "13"); /* F's fifth card: 57 60 11 12 13 */
    /* 57 +1, 60 -3, 11 -5, 12 +2, 13 +1 = -4 */
    assert_int_equal(field(st, "sets", 5, "taken_by"), 1);
    assert_int_equal(field(st, "seats", 1, "pile_bulls"), -4);
    free(st);
}

/* How moves are shown (issue 10): every card and the set it joins, the set
 * taken with its cards, special cards and bulls, and a turn that ends by
 * itself.  Plays are public: every seat is told the same. */
static void describe_plays_and_sets_taken(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal(2, 14, bull_hands, 7, bull_table);
    assert_string_equal(ts_describe(g, st, "2", 1),
                        "seat 0 plays 2 to set A\n");
    ts_play(g, st, "2");
    ts_play(g, st, "3");
    assert_string_equal(ts_describe(g, st, "4", TB_SPECTATOR),
                        "seat 0 plays 4 to set A\n"
                        "seat 0's turn ends (three cards played)\n");
    ts_play(g, st, "4");
    assert_string_equal(ts_describe(g, st, "43", 0),
                        "seat 1 plays 43 to set D\n");
    ts_play(g, st, "43");
    assert_string_equal(ts_describe(g, st, "end", 0), "seat 1 ends its turn\n");
    ts_play(g, st, "end");
    assert_string_equal(ts_describe(g, st, "x2 A", 1),
                        "seat 0 puts its x2 card on set A\n");
    ts_play(g, st, "x2 A");
    ts_play(g, st, "+5 A");
    assert_string_equal(ts_describe(g, st, "12", 1),
                        "seat 0 plays 12 to set A, its fifth bull card, and "
                        "takes the set: 1 2(+2) 3 4 12(+2) x2 +5, +7 bulls\n"
                        "seat 0's turn ends (three cards played)\n");
    free(st);
}

/* docs/games/take-5.md, "Typing in a real deal": the deal entry is the
 * deck in order; each seat gets its hand in seat order (seat 0 first), then
 * come the table cards, which start the sets A, B, ... lowest first
 * whatever their order in the deck; the rest are unused. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    int first[35], n = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 14; i++)
            first[n++] = bull_hands[p][i];
    static const int table[7] = {71, 1, 51, 21, 61, 31, 41};
    for (int i = 0; i < 7; i++)
        first[n++] = table[i];
    char deal[1024], json[2048];
    ts_deal_json(deal, sizeof deal, 1, 100, first, n);
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"take-5\","
             "\"players\":2,\"deal\":[%s],\"actions\":["
             "{\"seat\":0,\"move\":\"2\"},{\"seat\":0,\"move\":\"end\"}]}",
             deal);
    void *st = ts_replay_json(json);
    assert_string_equal(set_cards(st, 0), "1 2");
    assert_string_equal(set_cards(st, 1), "21");
    assert_string_equal(set_cards(st, 6), "71");
    assert_true(ts_view_has(game(), st, 1, "\"hand\":[22,43,63,64,67,68,73,"
                                           "90,91,93,94,96,97,98]"));
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(smaller_than_all_goes_to_the_largest_set),
        cmocka_unit_test(between_end_numbers_and_the_largest_set),
        cmocka_unit_test(the_wrap_moves_the_largest_set),
        cmocka_unit_test(fifth_bull_card_takes_the_set_with_specials),
        cmocka_unit_test(x2_doubles_the_whole_score),
        cmocka_unit_test(one_to_three_cards_a_turn),
        cmocka_unit_test(one_special_of_each_type_per_set),
        cmocka_unit_test(running_out_skips_and_the_game_ends),
        cmocka_unit_test(deal_follows_the_table),
        cmocka_unit_test(hands_are_secret),
        cmocka_unit_test(bull_values),
        cmocka_unit_test(describe_plays_and_sets_taken),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("take-5", tests, NULL, NULL);
}
