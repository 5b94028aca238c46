/*
 * test_chain_of_restraints.c - the rules of Chain of Restraints, each test
 * quoting the rule it checks, and the interpretations of
 * docs/games/chain-of-restraints.md.  Positions are set up through the
 * public API by giving the deal a chosen deck order: the hands are dealt
 * one card at a time round the table from seat 0, and the cards after them
 * are drawn in order.
 */
#include "support.h"

#include "mystique_deck.h"

#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("chain-of-restraints");
}

/* A game of `players` seats whose hands are hands[p] (five short names
 * each) and whose deck then starts with the cards named in pile; the rest
 * follow in ascending order. */
static void *deal(int players, const char *const *hands, const char *pile)
{
    tb_config cfg = ts_config(game(), players, NULL);
    int h[4][5], ids[TBI_MQ_CARDS], n = 0;
    for (int p = 0; p < players; p++)
        assert_int_equal(ts_mq_cards(hands[p], 0, h[p], 5), 5);
    for (int k = 0; k < 5 * players; k++)
        ids[n++] = h[k % players][k / players];
    n += ts_mq_cards(pile, 0, ids + n, TBI_MQ_CARDS - n);
    return ts_deal_first(game(), &cfg, 0, TBI_MQ_CARDS - 1, ids, n);
}

/* The JSON text of field key of seat p's entry in viewer's view. */
static char *seat_field(const void *st, int viewer, int p, const char *key)
{
    json_t *v = ts_view(game(), st, viewer);
    json_t *f = json_object_get(json_array_get(json_object_get(v, "seats"),
                                               (size_t)p), key);
    char *text = f ? json_dumps(f, JSON_COMPACT | JSON_ENCODE_ANY)
                   : strdup("null");
    json_decref(v);
    return text;
}

static void expect_seat_field(const void *st, int viewer, int p,
                              const char *key, const char *want)
{
    char *got = seat_field(st, viewer, p, key);
    if (strcmp(got, want) != 0)
        fail_msg("seat %d's %s seen by %d: %s, expected %s", p, key, viewer,
                 got, want);
    free(got);
}

/* The JSON text of a top-level field of viewer's view. */
static void expect_view(const void *st, int viewer, const char *key,
                        const char *want)
{
    json_t *v = ts_view(game(), st, viewer);
    json_t *f = json_object_get(v, key);
    char *got = f ? json_dumps(f, JSON_COMPACT | JSON_ENCODE_ANY |
                                      JSON_SORT_KEYS)
                  : strdup("null");
    if (strcmp(got, want) != 0)
        fail_msg("%s: %s, expected %s", key, got, want);
    free(got);
    json_decref(v);
}

/* The booklet's example line of reds, built so that every card is free of
 * the one before: seat 0 lays 1Rm 2Rs 3Ra along row 4, seat 1 answers
 * with 3Yc 4Bm 5Ym on row 5. */
static const char *const reds[] = {"1Rm 2Rs 3Ra 4Rc 5Rc", "3Yc 4Bm 5Ym 1Ya 2Bc"};

/* Plays moves (texts) in order. */
static void play_moves(void *st, const char *const *moves, int n)
{
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    ts_play_texts(game(), st, &rng, moves, n);
}

/* The reds game up to seat 0's fourth red: 1Rm 2Rs 3Ra on d4 e4 f4, seat
 * 1's 3Yc 4Bm 5Ym above them; seat 0 to move with 4Rc in hand. */
static void *reds_at_the_brink(void)
{
    void *st = deal(2, reds, NULL);
    const char *moves[] = {"1Rm d4", "3Yc d5", "2Rs e4", "4Bm e5",
                           "3Ra f4", "5Ym f5"};
    play_moves(st, moves, 6);
    return st;
}

/* "Shuffle the deck, and deal 5 cards to each player." */
static void setup_deals_five_cards_each(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        tb_config cfg = ts_config(game(), players, NULL);
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 1);
        tb_settle(game(), st, &rng);
        for (int p = 0; p < players; p++)
            expect_seat_field(st, TB_SPECTATOR, p, "cards", "5");
        assert_int_equal(ts_view_int(game(), st, "deck"), 60 - 5 * players);
        assert_int_equal(tb_current(game(), st), 0);
        free(st);
    }
}

/* The first card has no card to go atop or beside: it goes on d4, the
 * middle of the frame, and the window is set around it later. */
static void first_card_goes_on_d4(void **state)
{
    (void)state;
    void *st = deal(2, reds, NULL);
    assert_string_equal(ts_legal_text(game(), st),
                        "1Rm d4 2Rs d4 3Ra d4 4Rc d4 5Rc d4");
    ts_refused(game(), st, "1Rm e4", "the first card goes on d4");
    /* The card alone is read as d4 while there is no other place. */
    tb_action a;
    char err[256];
    assert_int_equal(tb_parse_action(game(), st, "1Rm", &a, err, sizeof err),
                     TB_OK);
    ts_play(game(), st, "1rm@D4");
    free(st);
}

/* A move is a card and a cell; a word after them is refused as the extra
 * word it is, not with a request for the cell already typed. */
static void an_extra_word_is_named(void **state)
{
    (void)state;
    void *st = deal(2, reds, NULL);
    char err[256];
    tb_action a;
    assert_int_equal(tb_parse_action(game(), st, "2Rs d4 now", &a, err,
                                     sizeof err), TB_EPARSE);
    assert_string_equal(err, "'now' is more than a move: type just the card "
                             "and the cell, e.g. 2Rs d4");
    ts_refused(game(), st, "  2Rs@d4 now please", "'now please' is more than "
               "a move: type just the card and the cell, e.g. 2Rs@d4");
    /* Without a cell, the cell is what is missing. */
    ts_refused(game(), st, "2Rs now", "after the card, type the cell");
    free(st);
}

/* "play one card to the virtual grid: either atop another card, or to an
 * empty space orthogonally adjacent to something in play" */
static void atop_or_orthogonally_next(void **state)
{
    (void)state;
    void *st = deal(2, reds, NULL);
    ts_play(game(), st, "1Rm d4");
    assert_string_equal(ts_legal_text(game(), st),
                        "3Yc d5 3Yc c4 3Yc d4 3Yc e4 3Yc d3 "
                        "2Bc d5 2Bc c4 2Bc d4 2Bc e4 2Bc d3");
    ts_refused(game(), st, "3Yc c5", "touches no card orthogonally");
    free(st);
}

/* "The card you play must match neither the number, the colour, nor the
 * suit of the card the previous player played." */
static void restraint_forbids_any_shared_attribute(void **state)
{
    (void)state;
    void *st = deal(2, reds, NULL);
    ts_play(game(), st, "1Rm d4");
    /* 4Bm and 5Ym share moons, 1Ya the number: only 3Yc and 2Bc are free. */
    ts_refused(game(), st, "4Bm e4", "shares a number, colour or suit with 1Rm");
    ts_refused(game(), st, "1Ya e4", "no ones, moons or reds");
    assert_true(ts_is_legal_text(game(), st, "3Yc e4"));
    free(st);
}

/* "without causing the playfield to become larger than 4x4": the grid
 * floats until the cards span four columns (or rows), and is then fixed
 * there. */
static void field_floats_until_it_spans_four(void **state)
{
    (void)state;
    const char *const hands[] = {"1Rm 2Rs 3Ra 4Rc 5Rc", "3Yc 4Bm 5Ym 1Ya 2Bc"};
    void *st = deal(2, hands, NULL);
    ts_play(game(), st, "1Rm d4");
    ts_play(game(), st, "3Yc e4");
    /* Two columns used: the window may still lie left or right. */
    assert_true(ts_is_legal_text(game(), st, "2Rs c4"));
    assert_true(ts_is_legal_text(game(), st, "2Rs f4"));
    ts_play(game(), st, "2Rs f4");
    ts_play(game(), st, "4Bm g4");
    /* Columns d-g are used: c4 would make five columns; rows still float. */
    ts_refused(game(), st, "3Ra c4", "past 4x4");
    assert_true(ts_is_legal_text(game(), st, "3Ra g5"));
    assert_true(ts_is_legal_text(game(), st, "3Ra d3"));
    ts_refused(game(), st, "3Ra h4", "a1 to g7");
    expect_view(st, TB_SPECTATOR, "in_use", "{\"from\":\"d4\",\"to\":\"g4\"}");
    free(st);
}

/* "To win, place a card such that it creates 4-in-a-row of a single
 * attribute type (e.g. four reds ...)" */
static void four_reds_in_a_row_win(void **state)
{
    (void)state;
    void *st = reds_at_the_brink();
    const char *told = ts_describe(game(), st, "4Rc g4", TB_SPECTATOR);
    assert_non_null(strstr(told, "seat 0 completes four reds in a row "
                                 "(d4 e4 f4 g4) and wins"));
    ts_play(game(), st, "4Rc g4");
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    tb_result r;
    tb_result_of(game(), st, &r);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 2);
    expect_view(st, TB_SPECTATOR, "row", "[\"d4\",\"e4\",\"f4\",\"g4\"]");
    free(st);
}

/* "The 4-in-a-row can be either orthogonal or diagonal": four threes on
 * the diagonal d4 e5 f6 g7 (the window is then fixed at d-g, 4-7). */
static void four_threes_on_a_diagonal_win(void **state)
{
    (void)state;
    const char *const hands[] = {"3Rm 3Ys 3Ba 3Rc 5Rc", "1Bc 2Rc 4Ym 1Ya 2Bm"};
    void *st = deal(2, hands, NULL);
    const char *moves[] = {"3Rm d4", "1Bc e4", "3Ys e5", "2Rc f5",
                           "3Ba f6", "4Ym g6", "3Rc g7"};
    play_moves(st, moves, 7);
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    expect_view(st, TB_SPECTATOR, "winner", "0");
    expect_view(st, TB_SPECTATOR, "row", "[\"d4\",\"e5\",\"f6\",\"g7\"]");
    free(st);
}

/* Rows are read from the top cards: "play one card ... atop another card"
 * hides the card beneath, which no longer counts. */
static void covered_cards_do_not_count(void **state)
{
    (void)state;
    void *st = deal(2, reds, NULL);
    const char *moves[] = {"1Rm d4", "3Yc d5", "2Rs e4", "4Bm e4",
                           "3Ra f4", "5Ym f5", "4Rc g4"};
    play_moves(st, moves, 7);
    assert_int_equal(tb_current(game(), st), 1);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    char *e4 = json_dumps(json_object_get(json_object_get(v, "board"), "e4"),
                          JSON_COMPACT);
    assert_string_equal(e4, "[\"2Rs\",\"4Bm\"]");
    free(e4);
    json_decref(v);
    free(st);
}

/* Hidden information: the order in which seat 0's cards were dealt is
 * nobody else's knowledge (the hands are sorted), so two deals that differ
 * only in that order must be one information set for seat 1.  The cards
 * already dealt stayed in the deck's first places and made the keys
 * differ. */
static void deal_order_is_hidden(void **state)
{
    (void)state;
    const char *shuffled[] = {"5Rc 4Rc 3Ra 2Rs 1Rm", "3Yc 4Bm 5Ym 1Ya 2Bc"};
    void *a = deal(2, reds, NULL), *b = deal(2, shuffled, NULL);
    void *scratch = tb_state_new(game());
    assert_int_equal(tb_infoset_key(game(), a, 1, scratch),
                     tb_infoset_key(game(), b, 1, scratch));
    free(scratch);
    free(a);
    free(b);
}

/* "At the end of your turn, draw a card to return your hand size to five
 * cards." */
static void draws_back_to_five(void **state)
{
    (void)state;
    void *st = deal(2, reds, "2Ym");
    ts_play(game(), st, "1Rm d4");
    expect_seat_field(st, TB_SPECTATOR, 0, "cards", "5");
    assert_int_equal(ts_view_int(game(), st, "deck"), 49);
    json_t *v = ts_view(game(), st, 0);
    char *hand = json_dumps(json_object_get(v, "hand"), JSON_COMPACT);
    assert_string_equal(hand, "[\"2Ym\",\"2Rs\",\"3Ra\",\"4Rc\",\"5Rc\"]");
    free(hand);
    json_decref(v);
    /* The draw is the drawer's secret. */
    void *again = deal(2, reds, "2Ym");
    assert_non_null(strstr(ts_describe(game(), again, "1Rm d4", 0),
                           "seat 0 draws 2Ym (49 left in the deck)"));
    assert_non_null(strstr(ts_describe(game(), again, "1Rm d4", 1),
                           "seat 0 draws a card (49 left in the deck)"));
    free(again);
    free(st);
}

/* Three seats: seat 1 can play nothing under 5Bs, seat 2 can. */
static const char *const stuck3[] = {"5Bs 1Rm 2Rm 3Rc 4Rc",
                                     "5Ym 1Bm 2Ys 3Ba 4Bc",
                                     "1Ya 2Rc 3Rm 4Ya 2Yc"};

/* "If you have no such cards, reveal your hand, and all players pass their
 * hands one player to the right until you can play."  Play goes
 * clockwise, so the player to your right is the one before you: seat 1
 * receives seat 2's hand, seat 0 seat 1's and seat 2 seat 0's. */
static void no_free_card_passes_hands_right(void **state)
{
    (void)state;
    void *st = deal(3, stuck3, "5Rs");
    const char *told = ts_describe(game(), st, "5Bs d4", TB_SPECTATOR);
    assert_non_null(strstr(told, "seat 1 has no card free of 5Bs (no fives, "
                                 "suns or blues)\n"
                                 "seat 1 shows its hand: 5Ym 1Bm 2Ys 3Ba 4Bc\n"
                                 "every seat passes its hand one seat to the "
                                 "right\n"
                                 "seat 1 can play from seat 2's hand\n"));
    assert_null(strstr(told, "now holds"));
    /* Each receiver is told its new hand; nobody else is. */
    assert_non_null(strstr(ts_describe(game(), st, "5Bs d4", 2),
                           "seat 2 (you) now holds seat 0's hand: 1Rm 2Rm "
                           "5Rs 3Rc 4Rc"));
    ts_play(game(), st, "5Bs d4");
    assert_int_equal(tb_current(game(), st), 1);
    json_t *v = ts_view(game(), st, 1);
    char *hand = json_dumps(json_object_get(v, "hand"), JSON_COMPACT);
    assert_string_equal(hand, "[\"3Rm\",\"1Ya\",\"4Ya\",\"2Yc\",\"2Rc\"]");
    free(hand);
    json_decref(v);
    expect_view(st, TB_SPECTATOR, "stuck",
                "{\"new_hands\":0,\"passes\":1,\"seat\":1,\"turn\":2}");
    free(st);
}

/* What a hand shown to the table or passed through a seat showed stays
 * known: the table knows seat 0 now holds the hand seat 1 showed; seat 2
 * knows seat 1 holds its old hand, and seat 0 that seat 2 holds its own;
 * the spectator knows only what was shown. */
static void passed_hands_stay_known(void **state)
{
    (void)state;
    void *st = deal(3, stuck3, "5Rs");
    ts_play(game(), st, "5Bs d4");
    const char *shown = "[\"5Ym\",\"1Bm\",\"2Ys\",\"3Ba\",\"4Bc\"]";
    for (int viewer = TB_SPECTATOR; viewer < 3; viewer++)
        if (viewer != 0)
            expect_seat_field(st, viewer, 0, "known", shown);
    expect_seat_field(st, 2, 1, "known",
                      "[\"3Rm\",\"1Ya\",\"4Ya\",\"2Yc\",\"2Rc\"]");
    expect_seat_field(st, 0, 2, "known",
                      "[\"1Rm\",\"2Rm\",\"5Rs\",\"3Rc\",\"4Rc\"]");
    expect_seat_field(st, TB_SPECTATOR, 1, "known", "[]");
    expect_seat_field(st, 0, 1, "known", "[]");
    /* determinize keeps every card its seat knows where it is, and seat 1,
     * to move, keeps a card free of 5Bs. */
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    for (int i = 0; i < 50; i++) {
        for (int seat = TB_SPECTATOR; seat < 3; seat++) {
            memcpy(det, st, game()->state_size);
            tb_determinize(game(), det, seat, &rng);
            if (seat != 0)
                expect_seat_field(det, seat, 0, "known", shown);
            assert_true(tb_legal(game(), det, (tb_action[TB_MAX_ACTIONS]){0}) > 0);
        }
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 2, &rng);
        expect_seat_field(det, 2, 1, "known",
                          "[\"3Rm\",\"1Ya\",\"4Ya\",\"2Yc\",\"2Rc\"]");
        json_t *v = ts_view(game(), det, 1);
        char *hand = json_dumps(json_object_get(v, "hand"), JSON_COMPACT);
        assert_string_equal(hand, "[\"3Rm\",\"1Ya\",\"4Ya\",\"2Yc\",\"2Rc\"]");
        free(hand);
        json_decref(v);
    }
    free(det);
    free(st);
}

/* Two seats, neither of whose hands holds a card free of 5Bs. */
static const char *const stuck2[] = {"5Bs 5Ym 1Bm 2Ys 3Ba",
                                     "5Rm 1Ba 2Bs 3Ys 4Rs"};

/* "If, after rotating through all the players, it still is not possible to
 * play, discard your hand, and draw a new hand until you can play."  The
 * rotation goes all the way round, so every hand is home again and has
 * been shown. */
static void whole_round_then_a_new_hand(void **state)
{
    (void)state;
    void *st = deal(2, stuck2, "4Bc 1Ya 2Ra 3Rc 4Ym 1Rc");
    ts_play(game(), st, "5Bs d4");
    assert_int_equal(tb_current(game(), st), 1);
    expect_view(st, TB_SPECTATOR, "discard",
                "[\"5Rm\",\"3Ys\",\"4Rs\",\"2Bs\",\"1Ba\"]");
    expect_view(st, TB_SPECTATOR, "stuck",
                "{\"new_hands\":1,\"passes\":2,\"seat\":1,\"turn\":2}");
    expect_seat_field(st, TB_SPECTATOR, 0, "known",
                      "[\"5Ym\",\"1Bm\",\"2Ys\",\"3Ba\",\"4Bc\"]");
    expect_seat_field(st, TB_SPECTATOR, 1, "known", "[]");
    assert_int_equal(ts_view_int(game(), st, "deck"), 60 - 10 - 1 - 5);
    json_t *v = ts_view(game(), st, 1);
    char *hand = json_dumps(json_object_get(v, "hand"), JSON_COMPACT);
    assert_string_equal(hand, "[\"4Ym\",\"1Ya\",\"2Ra\",\"1Rc\",\"3Rc\"]");
    free(hand);
    json_decref(v);
    free(st);
}

/* "... draw a new hand until you can play": a new hand with no free card
 * is shown and thrown away too. */
static void new_hands_until_one_plays(void **state)
{
    (void)state;
    void *st = deal(2, stuck2, "4Bc 5Yc 5Ra 1Rs 2Bm 3Bc 1Ya 2Ra 3Rc 4Ym 1Rc");
    const char *told = ts_describe(game(), st, "5Bs d4", TB_SPECTATOR);
    assert_non_null(strstr(told, "seat 1 cannot play from its new hand "
                                 "either\nseat 1 shows its hand: 2Bm 1Rs "
                                 "5Ra 5Yc 3Bc\n"));
    ts_play(game(), st, "5Bs d4");
    expect_view(st, TB_SPECTATOR, "stuck",
                "{\"new_hands\":2,\"passes\":2,\"seat\":1,\"turn\":2}");
    assert_int_equal(ts_view_int(game(), st, "deck"), 60 - 10 - 1 - 10);
    free(st);
}

/* "... or if the deck runs out, which ends the game in a draw": read as
 * the moment a card must be drawn from an empty deck.  Every seat shares
 * first place. */
static void empty_deck_is_a_draw(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 2, NULL);
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && !found; seed++) {
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), st, &rng);
        while (tb_current(game(), st) >= 0) {
            tb_action a = game()->heuristic(st, tb_current(game(), st), &rng);
            assert_int_equal(tb_apply(game(), st, a), TB_OK);
        }
        tb_result r;
        tb_result_of(game(), st, &r);
        json_t *v = ts_view(game(), st, TB_SPECTATOR);
        if (json_is_true(json_object_get(v, "draw"))) {
            found = 1;
            assert_int_equal(r.draw, 1); /* nobody won: not a shared win */
            assert_int_equal(r.rank[0], 1);
            assert_int_equal(r.rank[1], 1);
            assert_int_equal(ts_view_int(game(), st, "deck"), 0);
            assert_true(json_is_null(json_object_get(v, "winner")));
        }
        json_decref(v);
        free(st);
    }
    assert_true(found);
}

/* The heuristic completes a row when it can (c4 or g4 here), and does not
 * leave the next seat a row it surely completes. */
static void heuristic_takes_a_win(void **state)
{
    (void)state;
    void *st = reds_at_the_brink();
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    const char *pick = ts_heuristic_text(game(), st, 0, &rng);
    assert_true(strcmp(pick, "4Rc g4") == 0 || strcmp(pick, "4Rc c4") == 0);
    free(st);
}

/* Seat 1 faces reds on d4 e4 f4 with c4 and g4 open; it holds 2Bc, and
 * the next seat 0 holds 4Rc.  Covering a red with 2Bc stops the row. */
static void heuristic_blocks_a_known_row(void **state)
{
    (void)state;
    const char *const hands[] = {"1Rm 2Rs 3Ra 4Rc 5Rc", "3Yc 4Bm 1Bs 1Ya 2Bc"};
    void *st = deal(2, hands, NULL);
    const char *moves[] = {"1Rm d4", "3Yc d5", "2Rs e4", "4Bm e5", "3Ra f4"};
    play_moves(st, moves, 5);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    for (int i = 0; i < 20; i++) {
        void *after = tb_state_new(game());
        memcpy(after, st, game()->state_size);
        tb_action a = game()->heuristic(after, 1, &rng);
        tb_apply(game(), after, a);
        /* Whatever seat 0 plays next, no row of four is made. */
        tb_action acts[TB_MAX_ACTIONS];
        int n = tb_legal(game(), after, acts);
        for (int k = 0; k < n; k++) {
            void *next = tb_state_new(game());
            memcpy(next, after, game()->state_size);
            tb_apply(game(), next, acts[k]);
            assert_int_not_equal(tb_current(game(), next), TB_TERMINAL);
            free(next);
        }
        free(after);
    }
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setup_deals_five_cards_each),
        cmocka_unit_test(first_card_goes_on_d4),
        cmocka_unit_test(an_extra_word_is_named),
        cmocka_unit_test(atop_or_orthogonally_next),
        cmocka_unit_test(restraint_forbids_any_shared_attribute),
        cmocka_unit_test(field_floats_until_it_spans_four),
        cmocka_unit_test(four_reds_in_a_row_win),
        cmocka_unit_test(four_threes_on_a_diagonal_win),
        cmocka_unit_test(covered_cards_do_not_count),
        cmocka_unit_test(draws_back_to_five),
        cmocka_unit_test(no_free_card_passes_hands_right),
        cmocka_unit_test(passed_hands_stay_known),
        cmocka_unit_test(whole_round_then_a_new_hand),
        cmocka_unit_test(new_hands_until_one_plays),
        cmocka_unit_test(empty_deck_is_a_draw),
        cmocka_unit_test(deal_order_is_hidden),
        cmocka_unit_test(heuristic_takes_a_win),
        cmocka_unit_test(heuristic_blocks_a_known_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
