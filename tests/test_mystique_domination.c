/*
 * test_mystique_domination.c - the tricky rules of Mystique Domination, each
 * test quoting the rule it checks.  Positions are set up through the public
 * API: the deal's chance node gets a chosen deck order (15 cards for each
 * seat in turn; a hand given short is filled up with the lowest unnamed
 * cards), then the four secret passes are typed in.
 */
#include "support.h"

#include "mystique_deck.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-domination");
}

/* A new game whose first round deals these hands (before the pass). */
static void *deal(const char *const *hands)
{
    tb_config cfg = ts_config(game(), 4, NULL);
    void *st = ts_new_game(game(), &cfg);
    int named[4][60], nn[4], size[4];
    const int *hand[4];
    for (int p = 0; p < 4; p++) {
        nn[p] = ts_mq_cards(hands[p], 0, named[p], 60);
        size[p] = 15;
        hand[p] = named[p];
    }
    uint16_t deck[60];
    assert_int_equal(ts_deck_order(deck, 0, 59, 4, hand, nn, size), 60);
    assert_int_equal(tb_apply_chance(game(), st, deck, 60), TB_OK);
    return st;
}

/* The hands of the trick tests: after each seat passes its first three
 * named cards, seat 0 holds 1Ym (and leads) and the blues below. */
static const char *const trick_hands[4] = {
    "5Rm 5Rs 5Ra 1Ym 2Bm 3Ba 4Bs 4Ba",
    "5Ys 5Ya 5Yc 2Bs 3Bs 3Bc 1Rm",
    "5Bm 5Bs 5Ba 4Bm 2Ba 1Bc",
    "5Rc 5Ym 5Bc 3Bm 2Bc 4Bc",
};

/* Deals trick_hands and plays the four passes. */
static void *dealt_and_passed(void)
{
    void *st = deal(trick_hands);
    ts_play(game(), st, "5Rm 5Rs 5Ra");
    ts_play(game(), st, "5Ys 5Ya 5Yc");
    ts_play(game(), st, "5Bm 5Bs 5Ba");
    ts_play(game(), st, "5Rc 5Ym 5Bc");
    return st;
}

/* "Each player simultaneously chooses 3 cards from her hand, and gives them
 * face-down to her teammate, who adds them to his own hand." */
static void test_pass_is_secret_until_it_arrives(void **state)
{
    (void)state;
    void *st = deal(trick_hands);
    assert_int_equal(tb_current(game(), st), 0);
    assert_string_equal(ts_describe(game(), st, "5Rm 5Rs 5Ra", 0),
                        "seat 0 passes 5Rm 5Rs 5Ra to seat 2\n");
    for (int seat = TB_SPECTATOR; seat < 4; seat++)
        if (seat != 0)
            assert_string_equal(ts_describe(game(), st, "5Rm 5Rs 5Ra", seat),
                                "seat 0 chooses 3 cards to pass to seat 2\n");
    ts_play(game(), st, "5Rm 5Rs 5Ra");
    /* Not even the partner sees the choice before it arrives. */
    for (int seat = TB_SPECTATOR; seat < 4; seat++)
        if (seat != 0)
            assert_false(ts_view_has(game(), st, seat, "5Rs"));
    assert_true(ts_view_has(game(), st, 0, "\"gave\""));
    ts_refused(game(), st, "5Ys 5Ya", "exactly 3 cards");
    ts_play(game(), st, "5Ys 5Ya 5Yc");
    ts_play(game(), st, "5Bm 5Bs 5Ba");
    const char *d = ts_describe(game(), st, "5Rc 5Ym 5Bc", 2);
    assert_non_null(strstr(d, "seat 3 chooses 3 cards"));
    assert_non_null(strstr(d, "the passed cards arrive\n"));
    assert_non_null(strstr(d, "seat 0 passed you 5Rm 5Rs 5Ra\n"));
    assert_non_null(strstr(d, "seat 0 holds card 1 and leads\n"));
    assert_null(strstr(ts_describe(game(), st, "5Rc 5Ym 5Bc", TB_SPECTATOR),
                       "passed you"));
    ts_play(game(), st, "5Rc 5Ym 5Bc");
    json_t *v = ts_view(game(), st, 2);
    const char *want[] = {"5Rm", "5Rs", "5Ra"};
    json_t *hand = json_object_get(v, "hand");
    for (int i = 0; i < 3; i++) {
        int found = 0;
        for (size_t k = 0; k < json_array_size(hand); k++)
            found |= !strcmp(json_string_value(json_array_get(hand, k)),
                             want[i]);
        assert_true(found);
    }
    assert_int_equal((int)json_array_size(hand), 15);
    json_decref(v);
    free(st);
}

/* "The player with the 1 card begins by leading (but need not lead that
 * particular card)." */
static void test_card_one_leads_any_pattern(void **state)
{
    (void)state;
    void *st = dealt_and_passed();
    assert_int_equal(tb_current(game(), st), 0);
    assert_int_equal(ts_view_int(game(), st, "first_leader"), 0);
    ts_refused(game(), st, "pass", "you lead");
    assert_true(ts_is_legal_text(game(), st, "2Bm 3Ba"));
    assert_true(ts_is_legal_text(game(), st, "4Bs 4Ba"));
    ts_play(game(), st, "2Bm 3Ba");
    free(st);
}

/* The index of the action a text names, for the learning tensors. */
static int index_of(const void *st, const char *text)
{
    tb_action a;
    char err[256];
    assert_int_equal(tb_parse_action(game(), st, text, &a, err, sizeof err),
                     TB_OK);
    int k = -1;
    assert_int_equal(tb_action_index(game(), st, a, &k), TB_OK);
    return k;
}

/* The numbering of the actions docs/learning.md gives: a pass of three
 * cards is 1 + its rank among the C(15, 3) choices of places in the
 * sorted hand; a play is 456 + its pattern's number (an n-of-a-kind of
 * colour c, number v and suits m is 75 c + 15 (v - 1) + m - 1; a run of
 * colour c from lo of length L is 225 + 1792 c + B(L) + 4^L (lo - 1) +
 * the sum of s_i 4^i); passing in a trick is 0. */
static void test_action_numbers_as_documented(void **state)
{
    (void)state;
    void *st = deal(trick_hands);
    /* The passes are listed by places i < j < l of the hand, in
     * lexicographic order: the first is numbered 1, the last 455. */
    tb_action acts[TB_MAX_ACTIONS];
    int n = tb_legal(game(), st, acts), k;
    assert_int_equal(n, 455);
    for (int i = 0; i < n; i++) {
        assert_int_equal(tb_action_index(game(), st, acts[i], &k), TB_OK);
        assert_int_equal(k, 1 + i);
    }
    free(st);
    st = dealt_and_passed();
    assert_int_equal(index_of(st, "1Ym"), 456);          /* yellow 1, moons */
    assert_int_equal(index_of(st, "4Bs 4Ba"), 456 + 150 + 45 + 6 - 1);
    /* Blue 2-3-4 of moons (0), arms (2), suns (1): 0 + 2*4 + 1*16. */
    assert_int_equal(index_of(st, "2Bm 3Ba 4Bs"),
                     456 + 225 + 2 * 1792 + 64 + 64 + 24);
    ts_play(game(), st, "1Ym");
    assert_int_equal(index_of(st, "pass"), 0);
    free(st);
}

/* "patterns are always single-color ... n-of-a-kind; numerical sequence of
 * any length"; to follow, "The card(s) must be the same colour as the
 * card(s) led, and the total value must be higher than the previous play;
 * however ... the pattern does not need to be the same!" */
static void test_patterns_and_following(void **state)
{
    (void)state;
    void *st = dealt_and_passed();
    ts_refused(game(), st, "1Ym 2Bm", "one colour");
    ts_refused(game(), st, "2Bm 4Bs", "run of consecutive numbers");
    ts_refused(game(), st, "4Bs 4Ba 3Ba", "one colour, all of one number");
    ts_play(game(), st, "2Bm 3Ba"); /* 5 blue */
    /* Seat 1 holds 2Bs 3Bs 3Bc 1Rm ...: 3+3 (6) beats 5 in another
     * pattern; 2+3 (5) does not; red is not the colour led. */
    assert_true(ts_is_legal_text(game(), st, "3Bs 3Bc"));
    ts_refused(game(), st, "2Bs 3Bs", "higher than 5");
    ts_refused(game(), st, "1Rm", "follow in blue");
    assert_true(ts_is_legal_text(game(), st, "pass"));
    assert_string_equal(ts_describe(game(), st, "3Bs 3Bc", 3),
                        "seat 1 plays 3Bs 3Bc (6 blue)\n");
    free(st);
}

/* The text's example of plays refused, as it stands in the extracted
 * booklet (its card icons lost): "You may not play 2 / colour), or 2 / +4 /
 * value is not higher). / (total value is not higher), or 5 / (not a legal
 * combination), or 2 / (wrong / +2 / (total".  Read back: a card of the
 * wrong colour, 2+4 ("not a legal combination": a run with a gap), and
 * plays whose total is not higher (2+2 after a 4).  The doc quotes it as
 * it stands. */
static void test_the_texts_refused_plays(void **state)
{
    (void)state;
    const char *hands[4] = {
        "5Rm 5Rs 5Ra 1Ym 4Bs",
        "5Ys 5Ya 5Yc 2Bs 2Bc 4Bm 3Bs 5Rc",
        "5Bm 5Bs 5Ba",
        "1Rs 1Ra 1Rc",
    };
    void *st = deal(hands);
    ts_play(game(), st, "5Rm 5Rs 5Ra");
    ts_play(game(), st, "5Ys 5Ya 5Yc");
    ts_play(game(), st, "5Bm 5Bs 5Ba");
    ts_play(game(), st, "1Rs 1Ra 1Rc");
    ts_play(game(), st, "4Bs");
    assert_int_equal(tb_current(game(), st), 1);
    ts_refused(game(), st, "2Bs 4Bm", "all of one number or a run of "
               "consecutive numbers");
    ts_refused(game(), st, "2Bs 2Bc", "your total 4 must be higher than 4");
    ts_refused(game(), st, "2Bs", "your total 2 must be higher than 4");
    ts_refused(game(), st, "5Rc", "follow in blue");
    assert_true(ts_is_legal_text(game(), st, "2Bs 3Bs"));
    const char *doc = tb_game_doc(game());
    assert_non_null(doc);
    assert_non_null(strstr(doc, "      (not a legal combination), or 2\n"));
    assert_non_null(strstr(doc, "2+4 as \"not a legal combination\": a run "
                                "with a gap"));
    assert_null(strstr(doc, "2+2+2"));
    free(st);
}

/* "If all other players pass after a play, the last player who played
 * 'wins the trick'. She takes the card(s) of her last play from the play
 * pile ... She also takes all cards from the play pile that match any of
 * the suits in her last play ... Any other cards in the play pile remain to
 * be won by winners of subsequent tricks. She then leads".  A pass does
 * not drop a player from the trick. */
static void test_trick_winner_takes_matching_suits(void **state)
{
    (void)state;
    void *st = dealt_and_passed();
    ts_play(game(), st, "2Bm 3Ba");     /* seat 0: 5 blue (moons, arms) */
    ts_play(game(), st, "pass");        /* seat 1 */
    ts_play(game(), st, "pass");        /* seat 2 */
    assert_int_equal(tb_current(game(), st), 3); /* not over: 2 passes */
    ts_play(game(), st, "2Bc 3Bm 4Bc"); /* seat 3: a run, 9 (crowns, moons) */
    ts_play(game(), st, "5Bs 5Ba");     /* seat 0 again: 10 (suns, arms) */
    assert_int_equal(tb_current(game(), st), 1); /* seat 1 passed, yet plays */
    ts_play(game(), st, "pass");
    ts_play(game(), st, "pass");
    assert_string_equal(ts_describe(game(), st, "pass", 1),
                        "seat 3 passes\nseat 0 wins the trick and takes 3Ba "
                        "5Bs 5Ba for team A; 4 cards stay in the pile; seat 0 "
                        "leads\n");
    ts_play(game(), st, "pass");
    assert_int_equal(tb_current(game(), st), 0);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *pile = json_object_get(v, "pile");
    const char *stay[] = {"2Bm", "3Bm", "2Bc", "4Bc"};
    assert_int_equal((int)json_array_size(pile), 4);
    for (int i = 0; i < 4; i++)
        assert_string_equal(json_string_value(json_array_get(pile, (size_t)i)),
                            stay[i]);
    json_t *a = json_array_get(json_object_get(v, "teams"), 0);
    assert_int_equal(json_integer_value(json_object_get(a, "pile_cards")), 3);
    json_t *bys = json_object_get(a, "pile_by_suit");
    assert_int_equal(json_integer_value(json_array_get(bys, 1)), 1); /* sun */
    assert_int_equal(json_integer_value(json_array_get(bys, 2)), 2); /* arms */
    json_decref(v);
    /* The winner leads: passing is not allowed. */
    ts_refused(game(), st, "pass", "you lead");
    free(st);
}

/* A hidden hand is resampled, but what a seat knows stays: "the player
 * with the 1 card begins by leading", so card 1 stays in that hand until
 * played, and the cards a seat passed stay in its partner's hand. */
static void test_determinize_keeps_what_is_known(void **state)
{
    (void)state;
    void *st = dealt_and_passed();
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 7);
    for (int i = 0; i < 20; i++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 1, &rng);
        assert_true(ts_view_has(game(), det, 0, "\"1Ym\""));
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 0, &rng);
        assert_true(ts_view_has(game(), det, 2, "\"5Rm\""));
        assert_true(ts_view_has(game(), det, 2, "\"5Rs\""));
        assert_true(ts_view_has(game(), det, 2, "\"5Ra\""));
    }
    free(det);
    free(st);
}

/* An integer field of team t in a view ("score", "pile_cards"...). */
static int team_int(json_t *v, int t, const char *key)
{
    json_t *o = json_array_get(json_object_get(v, "teams"), (size_t)t);
    return (int)json_integer_value(json_object_get(o, key));
}

/* "When a player plays their last card ('goes out'), the round ends
 * immediately. When you go out, take all the cards from the play pile, and
 * from your opponents' hands, and add them to your score pile. Your
 * partner's hand goes into your opponents' score pile."  Then "10 points
 * per suit in which they have the majority of cards (that is, 8 or more
 * cards)" and "10 points if they have the majority of cards overall (that
 * is, more than 30). If both teams have exactly 30 cards, the 10 points
 * are awarded to the team whose player went out."  Checked on the first
 * round of 30 random games. */
static void test_going_out_and_scoring(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 4, NULL);
    tb_rng rng;
    tb_rng_seed(&rng, 11);
    static tb_action acts[TB_MAX_ACTIONS];
    for (int g = 0; g < 30; g++) {
        void *st = ts_new_game(game(), &cfg);
        tb_settle(game(), st, &rng);
        for (;;) {
            int p = tb_current(game(), st);
            int n = tb_legal(game(), st, acts);
            tb_action a = acts[tb_rng_below(&rng, (uint32_t)n)];
            json_t *b = ts_view(game(), st, TB_SPECTATOR);
            tb_apply_legal(game(), st, a);
            json_t *v = ts_view(game(), st, TB_SPECTATOR);
            const char *ph = json_string_value(json_object_get(v, "phase"));
            if (strcmp(ph, "deal") && strcmp(ph, "over")) {
                json_decref(b);
                json_decref(v);
                continue;
            }
            /* p went out with action a. */
            json_t *sizes = json_object_get(b, "hand_sizes");
            int pile = (int)json_array_size(json_object_get(b, "pile"));
            size_t mate = (size_t)((p + 2) % 4);
            int opp = 0, partner =
                (int)json_integer_value(json_array_get(sizes, mate));
            for (int q = 1; q < 4; q += 2)
                opp += (int)json_integer_value(
                    json_array_get(sizes, (size_t)((p + q) % 4)));
            int own = (int)json_integer_value(json_array_get(sizes, (size_t)p));
            int t = p % 2;
            assert_int_equal(team_int(v, t, "pile_cards"),
                             team_int(b, t, "pile_cards") + pile + own + opp);
            assert_int_equal(team_int(v, 1 - t, "pile_cards"),
                             team_int(b, 1 - t, "pile_cards") + partner);
            assert_int_equal(json_integer_value(json_object_get(v, "went_out")),
                             p);
            for (int u = 0; u < 2; u++) {
                json_t *o = json_array_get(json_object_get(v, "teams"),
                                           (size_t)u);
                json_t *bys = json_object_get(o, "pile_by_suit");
                int pts = 0, cards = team_int(v, u, "pile_cards");
                for (size_t k = 0; k < 4; k++)
                    pts += json_integer_value(json_array_get(bys, k)) >= 8
                               ? 10 : 0;
                if (cards > 30 || (cards == 30 && u == t))
                    pts += 10;
                assert_int_equal(team_int(v, u, "last_round"), pts);
                assert_int_equal(team_int(v, u, "score"), pts);
            }
            json_decref(b);
            json_decref(v);
            break;
        }
        free(st);
    }
}

/* "Be the team with more points when a team reaches 100": partners share
 * a score and a rank. */
static void test_result_by_team(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 4, NULL);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    void *st = ts_new_game(game(), &cfg);
    assert_true(tb_random_playout(game(), st, &rng) > 0);
    tb_result r;
    assert_int_equal(tb_result_of(game(), st, &r), TB_OK);
    assert_true(r.score[0] == r.score[2] && r.rank[0] == r.rank[2]);
    assert_true(r.score[1] == r.score[3] && r.rank[1] == r.rank[3]);
    assert_true(r.score[0] >= 100 || r.score[1] >= 100);
    assert_true(r.score[0] != r.score[1]
                    ? r.rank[r.score[0] > r.score[1] ? 0 : 1] == 1
                    : r.rank[0] == 1 && r.rank[1] == 1);
    free(st);
}

/* Plays one game of cfg with random moves from seed to its end and returns
 * how many times a round began with the teams tied at or above the target
 * (an extra round); r receives the result. */
static int play_counting_ties(const tb_config *cfg, uint64_t seed,
                              tb_result *r)
{
    void *st = ts_new_game(game(), cfg);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    tb_action acts[TB_MAX_ACTIONS];
    int ties = 0, target = -1;
    for (;;) {
        int cur = tb_current(game(), st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            json_t *v = ts_view(game(), st, TB_SPECTATOR);
            target = (int)json_integer_value(json_object_get(v, "target"));
            int a = team_int(v, 0, "score"), b = team_int(v, 1, "score");
            if (a == b && a >= target)
                ties++;
            json_decref(v);
            tb_settle(game(), st, &rng);
            continue;
        }
        int n = tb_legal(game(), st, acts);
        assert_true(n > 0);
        tb_apply_legal(game(), st, acts[tb_rng_below(&rng, (uint32_t)n)]);
    }
    assert_int_equal(tb_result_of(game(), st, r), TB_OK);
    free(st);
    return ties;
}

/* "When one team reaches 100 points, the team with more points wins."  At
 * a tie (50-50 here, with target=50) neither team has more, so by default
 * another round is played, and one round always settles it (a round scores
 * 50 points in all); `tie=shared` keeps the shared win. */
static void test_tie_at_target_plays_another_round(void **state)
{
    (void)state;
    const char *const again[] = {"target=50", NULL};
    const char *const shared[] = {"target=50", "tie=shared", NULL};
    tb_config cfg = ts_config(game(), 4, again);
    int extra = 0, shared_wins = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tb_result r;
        int ties = play_counting_ties(&cfg, seed, &r);
        assert_true(ties <= 1);
        assert_true(r.score[0] != r.score[1]);
        assert_true(r.score[0] >= 50 || r.score[1] >= 50);
        assert_int_equal(r.rank[r.score[0] > r.score[1] ? 0 : 1], 1);
        assert_true(r.rank[r.score[0] > r.score[1] ? 1 : 0] > 1);
        extra += ties;
    }
    assert_true(extra > 0); /* some games went to another round */
    cfg = ts_config(game(), 4, shared);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tb_result r;
        assert_int_equal(play_counting_ties(&cfg, seed, &r), 0);
        if (r.score[0] == r.score[1]) {
            assert_true(r.rank[0] == 1 && r.rank[1] == 1);
            shared_wins++;
        }
    }
    assert_true(shared_wins > 0);
}

/* A record typed in as docs/games/mystique-domination.md says: the deck
 * in order (entries 0-14 seat 0's hand: all 15 moons; then the suns, arms
 * and crowns), the four passes, then the plays. */
static void test_typed_in_record(void **state)
{
    (void)state;
    char deal_text[400], json[1200];
    ts_deal_json(deal_text, sizeof deal_text, 0, 59, NULL, 0);
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"mystique-domination\","
             "\"players\":4,\"deal\":[%s],\"actions\":["
             "{\"seat\":0,\"move\":\"1Ym 2Ym 3Ym\"},"
             "{\"seat\":1,\"move\":\"1Ys 2Ys 3Ys\"},"
             "{\"seat\":2,\"move\":\"1Ya 2Ya 3Ya\"},"
             "{\"seat\":3,\"move\":\"1Yc 2Yc 3Yc\"},"
             "{\"seat\":2,\"move\":\"1Ym 2Ym 3Ym 4Ya 5Ya\"},"
             "{\"seat\":3,\"move\":\"pass\"},"
             "{\"seat\":0,\"move\":\"pass\"},"
             "{\"seat\":1,\"move\":\"pass\"}]}",
             deal_text);
    void *st = ts_replay_json(json);
    /* Seat 2 received card 1 from seat 0 and led the whole yellow run
     * (15); nobody could beat it, so team A took its five cards and seat 2
     * leads again. */
    assert_int_equal(tb_current(game(), st), 2);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    assert_int_equal(team_int(v, 0, "pile_cards"), 5);
    assert_int_equal((int)json_array_size(json_object_get(v, "pile")), 0);
    json_decref(v);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pass_is_secret_until_it_arrives),
        cmocka_unit_test(test_card_one_leads_any_pattern),
        cmocka_unit_test(test_action_numbers_as_documented),
        cmocka_unit_test(test_patterns_and_following),
        cmocka_unit_test(test_the_texts_refused_plays),
        cmocka_unit_test(test_trick_winner_takes_matching_suits),
        cmocka_unit_test(test_determinize_keeps_what_is_known),
        cmocka_unit_test(test_going_out_and_scoring),
        cmocka_unit_test(test_result_by_team),
        cmocka_unit_test(test_tie_at_target_plays_another_round),
        cmocka_unit_test(test_typed_in_record),
    };
    return cmocka_run_group_tests_name("mystique-domination", tests, NULL,
                                       NULL);
}
