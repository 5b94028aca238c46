/*
 * test_six_nimmt.c - the tricky rules of 6 nimmt!, each test quoting the
 * rule it checks.  Positions are set up through the public API by giving
 * the deal chance node a chosen deck order: ten cards per seat in seat
 * order, then the four row starters, then the rest.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("6-nimmt");
}

/* Deals hands (10 cards per seat) and rows (4 starters) from a deck that
 * places them first, the unused cards after. */
static void *deal(int players, const int hands[][10], const int rows[4],
                  const char *opt)
{
    const tb_game *g = game();
    tb_config cfg;
    tb_config_default(g, players, &cfg);
    if (opt)
        assert_int_equal(tb_config_set(g, &cfg, "single-round", opt, NULL, 0),
                         TB_OK);
    int first[104], n = 0;
    for (int p = 0; p < players; p++)
        for (int i = 0; i < 10; i++)
            first[n++] = hands[p][i];
    for (int r = 0; r < 4; r++)
        first[n++] = rows[r];
    return ts_deal_first(g, &cfg, 1, 100, first, n);
}

/* The JSON view of a seat, as text. */
static char *view(const void *st, int seat)
{
    return tb_view_json(game(), st, seat);
}

static const int two_hands[2][10] = {
    {3, 21, 22, 23, 24, 41, 42, 43, 44, 45},
    {2, 31, 32, 33, 34, 51, 52, 53, 54, 56},
};

/* "Rule 4: Lowest Card. Whoever plays a card that is too low to be placed at
 * the end of any of the rows must take cards. That player selects any one of
 * the rows and takes all of the cards from that row. His card now becomes the
 * first card in the row." */
static void rule4_lowest_card_takes_a_chosen_row(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    ts_play(g, st, "3");
    ts_play(g, st, "31");
    /* 3 is below every row end: seat 0 must choose, before 31 is placed. */
    assert_int_equal(tb_current(g, st), 0);
    assert_true(ts_is_legal_text(g, st, "r4"));
    assert_false(ts_is_legal_text(g, st, "21"));
    ts_play(g, st, "r4"); /* takes the 40: 3 heads */
    char *v = view(st, 0);
    /* Row 4 now starts with the 3; 31 went after the 30 (rule 2). */
    assert_non_null(strstr(v, "\"rows\":[[10],[20],[30,31],[3]]"));
    assert_non_null(strstr(v, "\"round_heads\":3"));
    free(v);
    free(st);
}

/* "Rule 3: Full Row. A row has 5 cards and a player ... must place the sixth
 * card in the row. That player must take all five cards from the row and his
 * sixth card now becomes the new first card for that row." */
static void rule3_sixth_card_takes_five(void **state)
{
    (void)state;
    const int rows[4] = {1, 60, 70, 80};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    /* Seats play 3,2 then 21,31: row 1 grows 1 2 3 21 31. */
    const char *moves[] = {"3", "2", "21", "31"};
    for (int i = 0; i < 4; i++)
        ts_play(g, st, moves[i]);
    char *v = view(st, 0);
    assert_non_null(strstr(v, "\"rows\":[[1,2,3,21,31]"));
    free(v);
    ts_play(g, st, "41");
    ts_play(g, st, "51");
    /* 41 is the sixth card: seat 0 takes 1,2,3,21,31 (1+1+1+1+1 = 5 heads)
     * and 41 starts the row; 51 follows it. */
    v = view(st, 0);
    assert_non_null(strstr(v, "\"rows\":[[41,51]"));
    assert_non_null(strstr(v, "{\"hand_size\":7,\"heads\":0,\"last\":41,"
                              "\"round_heads\":5}"));
    free(v);
    free(st);
}

/* "Rule 2: Lowest Difference. If a card may be placed in more than one row
 * (by Rule 1), choose the row with the highest value card on the right." and
 * "Whoever played the lowest card goes first." */
static void rule2_lowest_difference_and_order(void **state)
{
    (void)state;
    const int rows[4] = {5, 25, 35, 15};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    ts_play(g, st, "24"); /* 24 fits after 15 and after 5: goes after 15 */
    ts_play(g, st, "2");  /* lower than all: seat 1 chooses, first */
    assert_int_equal(tb_current(g, st), 1);
    ts_play(g, st, "r1");
    char *v = view(st, 1);
    assert_non_null(strstr(v, "\"rows\":[[2],[25],[35],[15,24]]"));
    free(v);
    free(st);
}

/* "All players choose one of the cards from their hand and place it face
 * down before themselves. They are revealed at the same time." */
static void secret_choice_is_hidden_until_revealed(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    ts_play(g, st, "45");
    char *seen_by_1 = view(st, 1), *seen_by_0 = view(st, 0);
    assert_null(strstr(seen_by_1, "45"));
    assert_non_null(strstr(seen_by_1, "\"chosen\":true"));
    assert_non_null(strstr(seen_by_0, "\"chosen\":45"));
    free(seen_by_1);
    free(seen_by_0);
    free(st);
}

/* "The game is over when one or more players reach 66 Cattle Heads. The
 * player with the least number of Cattle heads wins." and the single-round
 * option: one round of ten cards. */
static void single_round_and_scoring(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, "on");
    const tb_game *g = game();
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    tb_random_playout(g, st, &rng);
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    tb_result r;
    tb_result_of(g, st, &r);
    /* Scores are minus the heads taken; fewer heads ranks higher. */
    assert_true(r.score[0] <= 0 && r.score[1] <= 0);
    assert_int_equal(r.rank[0], r.score[0] >= r.score[1] ? 1 : 2);
    free(st);
}

/* The game runs over as many rounds as it takes someone to reach 66, each
 * with a new shuffle. */
static void rounds_continue_until_66(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_config cfg;
    tb_config_default(g, 4, &cfg);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 11);
    int deals = 0;
    while (tb_current(g, st) != TB_TERMINAL) {
        if (tb_current(g, st) == TB_CHANCE) {
            deals++;
            tb_sample_chance(g, st, &rng, NULL, NULL);
            continue;
        }
        tb_action a[TB_MAX_ACTIONS];
        int n = tb_legal(g, st, a);
        tb_apply(g, st, a[tb_rng_below(&rng, (uint32_t)n)]);
    }
    tb_result r;
    tb_result_of(g, st, &r);
    double worst = 0;
    for (int p = 0; p < 4; p++)
        worst = r.score[p] < worst ? r.score[p] : worst;
    assert_true(worst <= -66);
    assert_true(deals >= 2);
    free(st);
}

/* cards=100 allows 2-9 players; the retail deck of 104 allows 10. */
static void player_limits_follow_the_deck(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_config cfg;
    char err[256];
    tb_config_default(g, 10, &cfg);
    assert_int_equal(tb_config_check(g, &cfg, err, sizeof err), TB_EINVAL);
    assert_non_null(strstr(err, "cards=104"));
    assert_int_equal(tb_config_set(g, &cfg, "cards", "104", err, sizeof err),
                     TB_OK);
    assert_int_equal(tb_config_check(g, &cfg, err, sizeof err), TB_OK);
}

/* How a move is shown to each seat (issue 10): a secret choice is "seat 0
 * chooses a card" to the others and the spectator, its card to the
 * chooser; the last choice reveals every card, and each placement says
 * which row it joined. */
static void describe_keeps_the_choice_secret_until_the_reveal(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    assert_string_equal(ts_describe(g, st, "45", 1), "seat 0 chooses a card\n");
    assert_string_equal(ts_describe(g, st, "45", TB_SPECTATOR),
                        "seat 0 chooses a card\n");
    /* Another card leaves the others' view the same: described alike. */
    assert_string_equal(ts_describe(g, st, "21", 1), "seat 0 chooses a card\n");
    assert_string_equal(ts_describe(g, st, "45", 0), "seat 0 chooses 45\n");
    ts_play(g, st, "45");
    assert_string_equal(
        ts_describe(g, st, "31", 0),
        "seat 1 chooses a card\n"
        "the cards are revealed: seat 0 45, seat 1 31; they are placed "
        "lowest first\n"
        "seat 1's 31 joins row 3\n"
        "seat 0's 45 joins row 4\n");
    free(st);
}

/* Rule 4 as the table hears it: the too-low card is announced at the
 * reveal, the row choice names the row, its cards and heads, and the
 * cards still to place follow. */
static void describe_rule4_and_the_row_taken(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    ts_play(g, st, "3");
    assert_non_null(strstr(ts_describe(g, st, "31", TB_SPECTATOR),
                           "seat 0's 3 is lower than every row: seat 0 must "
                           "take a row\n"));
    ts_play(g, st, "31");
    assert_string_equal(ts_describe(g, st, "r4", 1),
                        "seat 0 takes row 4 (1 card, 3 heads), and its 3 "
                        "starts the row\n"
                        "seat 1's 31 joins row 3\n");
    free(st);
}

/* Rule 3 as the table hears it: the sixth card takes the row's five. */
static void describe_sixth_card(void **state)
{
    (void)state;
    const int rows[4] = {1, 60, 70, 80};
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    const char *moves[] = {"3", "2", "21", "31", "41"};
    for (int i = 0; i < 5; i++)
        ts_play(g, st, moves[i]);
    assert_non_null(strstr(ts_describe(g, st, "51", 1),
                           "seat 0's 41 is the sixth card of row 1: seat 0 "
                           "takes its 5 cards (5 heads), and the 41 starts "
                           "the row\nseat 1's 51 joins row 1\n"));
    free(st);
}

/* The round's end and the game's end are said with the heads of each seat
 * and the winner (issue 10, item 4). */
static void describe_round_and_game_end(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40};
    void *st = deal(2, two_hands, rows, "on");
    const tb_game *g = game();
    char last[8192] = "";
    while (tb_current(g, st) >= 0) {
        tb_action a[TB_MAX_ACTIONS];
        tb_legal(g, st, a);
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, a[0], text, sizeof text);
        snprintf(last, sizeof last, "%s",
                 ts_describe(g, st, text, TB_SPECTATOR));
        ts_play(g, st, text);
    }
    tb_result r;
    tb_result_of(g, st, &r);
    char want[200];
    snprintf(want, sizeof want, "round 1 is over; heads this round (and in "
             "all): seat 0 %g (%g), seat 1 %g (%g)\n", -r.score[0],
             -r.score[0], -r.score[1], -r.score[1]);
    assert_non_null(strstr(last, want));
    assert_non_null(strstr(last, "the game ends after its one round; fewest "
                                 "heads wins: seat"));
    free(st);
}

/* The head marks: "44(5)" in plain text (a dot would read as a decimal),
 * "44·5" with Unicode, and a legend on the table. */
static void head_marks_and_legend(void **state)
{
    (void)state;
    const int rows[4] = {10, 20, 30, 40}; /* seat 0 holds the 44 */
    void *st = deal(2, two_hands, rows, NULL);
    const tb_game *g = game();
    char buf[4096];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, 0, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, " 44(5) "));
    assert_null(strstr(buf, "44."));
    assert_non_null(strstr(buf, "cattle heads: 44(5) is the 44 with 5 heads"));
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, 0, TB_STYLE_UNICODE, &t);
    assert_non_null(strstr(buf, " 44\xc2\xb7" "5 "));
    free(st);
}

/* docs/games/6-nimmt.md, "Typing in a real deal": the deal entry is the
 * deck in order; seat 0 gets the first ten cards, seat 1 the next ten, and
 * so on; the next four cards start rows r1 to r4; the rest are unused.  A
 * record typed by hand from that description gives the table described. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    /* Two seats: hands of ten, then the rows 7, 19, 55, 90. */
    static const int first[] = {3,  12, 25, 33, 41, 58, 64, 72, 86, 99,
                                1,  2,  14, 27, 38, 44, 50, 61, 77, 100,
                                7,  19, 55, 90};
    char deal[1024];
    ts_deal_json(deal, sizeof deal, 1, 100, first,
                 (int)(sizeof first / sizeof first[0]));
    char json[2048];
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"6-nimmt\","
             "\"players\":2,\"deal\":[%s],\"actions\":["
             "{\"seat\":0,\"move\":\"58\"},{\"seat\":1,\"move\":\"1\"}]}",
             deal);
    void *st = ts_replay_json(json);
    /* Seat 1's 1 is lower than every row: it must take one, before the 58
     * is placed. */
    assert_int_equal(tb_current(game(), st), 1);
    char *v = view(st, 0);
    assert_non_null(strstr(v, "\"rows\":[[7],[19],[55],[90]]"));
    assert_non_null(strstr(v, "\"hand\":[3,12,25,33,41,64,72,86,99]"));
    free(v);
    v = view(st, 1);
    assert_non_null(strstr(v, "\"hand\":[2,14,27,38,44,50,61,77,100]"));
    free(v);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule4_lowest_card_takes_a_chosen_row),
        cmocka_unit_test(rule3_sixth_card_takes_five),
        cmocka_unit_test(rule2_lowest_difference_and_order),
        cmocka_unit_test(secret_choice_is_hidden_until_revealed),
        cmocka_unit_test(single_round_and_scoring),
        cmocka_unit_test(rounds_continue_until_66),
        cmocka_unit_test(player_limits_follow_the_deck),
        cmocka_unit_test(describe_keeps_the_choice_secret_until_the_reveal),
        cmocka_unit_test(describe_rule4_and_the_row_taken),
        cmocka_unit_test(describe_sixth_card),
        cmocka_unit_test(describe_round_and_game_end),
        cmocka_unit_test(head_marks_and_legend),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("6-nimmt", tests, NULL, NULL);
}
