/*
 * test_dicht_dran.c - the rules of Dicht Dran and the project's readings
 * of them, each test quoting the rule it checks.  Positions are set up
 * through the public API by giving the setup chance node a chosen order of
 * the cards 2-99: eight cards per seat in seat order, then the four circle
 * cards (positions 1, 2, 4, 5; the 1 is at 0 and the 100 at 3), then the
 * draw pile, top card first.  Rules that need long games are checked over
 * random games, trick by trick, through the views.
 */
#include "support.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("dicht-dran");
}

static void *new_game(int players, int games)
{
    const tb_game *g = game();
    tb_config cfg;
    tb_config_default(g, players, &cfg);
    if (games == 2)
        assert_int_equal(tb_config_set(g, &cfg, "games", "2", NULL, 0), TB_OK);
    return ts_new_game(g, &cfg);
}

/* A field of seat p's public entry in the view. */
static int seat_int(const void *st, int p, const char *key)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *o = json_array_get(json_object_get(v, "seats"), (size_t)p);
    int n = (int)json_integer_value(json_object_get(o, key));
    json_decref(v);
    return n;
}

/* The circle, clockwise from the 1's position. */
static void circle(const void *st, int *out)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *c = json_object_get(v, "circle");
    for (size_t i = 0; i < 6; i++)
        out[i] = (int)json_integer_value(json_array_get(c, i));
    json_decref(v);
}

static int has_card(const void *st, int seat, int card)
{
    json_t *v = ts_view(game(), st, seat);
    json_t *h = json_object_get(v, "hand");
    int found = 0;
    for (size_t i = 0; i < json_array_size(h); i++)
        found |= json_integer_value(json_array_get(h, i)) == card;
    json_decref(v);
    return found;
}

static int peppers(int c)
{
    return c % 5 == 0 ? 3 : c % 3 == 0 ? 2 : 1;
}

/* Three players: hands, circle 30 60 _ 70 80 and the draw pile 2, 3, 4,
 * 5, ... (every other card, ascending). */
static void *three_player_table(void)
{
    static const int hands[3][8] = {
        {28, 11, 13, 14, 16, 17, 19, 22},
        {32, 62, 23, 26, 29, 31, 34, 37},
        {65, 99, 38, 41, 43, 44, 46, 47},
    };
    static const int ring[4] = {30, 60, 70, 80};
    void *st = new_game(3, 1);
    uint16_t deck[98];
    int used[101] = {0}, k = 0;
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 8; i++) {
            deck[k++] = (uint16_t)hands[p][i];
            used[hands[p][i]] = 1;
        }
    for (int i = 0; i < 4; i++) {
        deck[k++] = (uint16_t)ring[i];
        used[ring[i]] = 1;
    }
    for (int c = 2; c <= 99; c++)
        if (!used[c])
            deck[k++] = (uint16_t)c;
    assert_int_equal(k, 98);
    assert_int_equal(tb_apply_chance(game(), st, deck, 98), TB_OK);
    return st;
}

static void trick(void *st, const char *a, const char *b, const char *c)
{
    ts_play(game(), st, a);
    ts_play(game(), st, b);
    ts_play(game(), st, c);
}

/* "Pull out 1 and 100. ... Deal 8 cards to each player. Deal 4 cards
 * face-up to the middle. Arrange six cards on table in a circle so that 1
 * and 100 are opposite" and "Starting with the card clockwise from the 1,
 * it becomes the Target card." */
static void setup_circle_and_first_target(void **state)
{
    (void)state;
    void *st = three_player_table();
    int c[6];
    circle(st, c);
    const int want[6] = {1, 30, 60, 100, 70, 80};
    assert_memory_equal(c, want, sizeof want);
    assert_int_equal(ts_view_int(game(), st, "target"), 1);
    assert_int_equal(ts_view_int(game(), st, "draw_pile"), 98 - 24 - 4);
    for (int p = 0; p < 3; p++)
        assert_int_equal(seat_int(st, p, "hand_size"), 8);
    free(st);
}

/* "The winner is the card that is numerically closest to the target (ties
 * go to highest card). That player takes the Target card and puts it in
 * their score pile. Then the winning card takes that card's place in the
 * circle.  All remaining player cards that are in the Free Range are
 * discarded.  Players that still have their card in front of them must
 * draw cards equal to its pepper value. Then discard their played card." */
static void closest_wins_ties_high_and_outside_draws(void **state)
{
    (void)state;
    void *st = three_player_table();
    /* Target 30, free range 1-60: 28 and 32 are both 2 away; 65 is out. */
    trick(st, "28", "32", "65");
    int c[6];
    circle(st, c);
    assert_int_equal(c[1], 32);                    /* 32 won, took place */
    assert_int_equal(seat_int(st, 1, "won"), 1);
    assert_int_equal(seat_int(st, 1, "won_peppers"), 3); /* 30: 3 peppers */
    assert_int_equal(seat_int(st, 0, "hand_size"), 7);   /* 28 discarded */
    assert_int_equal(seat_int(st, 2, "hand_size"), 10);  /* 65: drew 3 */
    assert_true(has_card(st, 2, 2) && has_card(st, 2, 3) &&
                has_card(st, 2, 4));
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    char *s = json_dumps(json_object_get(v, "discards"), JSON_COMPACT);
    assert_string_equal(s, "[28,65]");
    free(s);
    json_decref(v);
    /* "The next card clockwise in the circle becomes the new Target." */
    assert_int_equal(ts_view_int(game(), st, "target"), 2);
    free(st);
}

/* Interpretation: the 100 (and the 1) are cards of the circle like the
 * others, so each becomes the target in its turn.  Interpretation: the
 * winning card moves into the circle, so even when it lies outside the
 * free range its player draws nothing ("Players that still have their
 * card in front of them must draw"). */
static void hundred_is_a_target_and_winner_never_draws(void **state)
{
    (void)state;
    void *st = three_player_table();
    trick(st, "28", "32", "65");
    /* Target 60, range 32-100: 62 wins; 99 is inside; 22 is below. */
    trick(st, "22", "62", "99");
    assert_int_equal(seat_int(st, 1, "won_peppers"), 6);
    assert_int_equal(seat_int(st, 0, "hand_size"), 7); /* -22 +1 drawn */
    assert_true(has_card(st, 0, 5));
    assert_int_equal(seat_int(st, 2, "hand_size"), 9); /* 99 discarded */
    /* Target 100, range 62-70: 47 is closest though outside the range. */
    assert_int_equal(ts_view_int(game(), st, "target"), 3);
    trick(st, "5", "37", "47");
    int c[6];
    circle(st, c);
    assert_int_equal(c[3], 47);
    assert_int_equal(seat_int(st, 2, "won_peppers"), 3);
    assert_int_equal(seat_int(st, 2, "hand_size"), 8); /* no draw */
    /* Seats draw in seat order: seat 0 (the 5: three cards) takes 6 7 8,
     * seat 1 (the 37: one card) takes 9. */
    assert_int_equal(seat_int(st, 0, "hand_size"), 9);
    assert_true(has_card(st, 0, 6) && has_card(st, 0, 8));
    assert_true(has_card(st, 1, 9));
    /* Targets 70 and 80, then the 1 itself. */
    trick(st, "6", "9", "41");
    trick(st, "7", "23", "43");
    assert_int_equal(ts_view_int(game(), st, "target"), 0);
    circle(st, c);
    assert_int_equal(c[0], 1);
    trick(st, "8", "26", "44"); /* closest to 1: the 8 */
    assert_int_equal(seat_int(st, 0, "won_peppers"), 1);
    circle(st, c);
    assert_int_equal(c[0], 8);
    /* Round the circle again. */
    assert_int_equal(ts_view_int(game(), st, "target"), 1);
    free(st);
}

/* Interpretation: "in the Free Range" is between the two neighbours; as
 * every card is unique, no played card can equal a neighbour, so whether
 * the ends count is moot.  A card just inside each end is discarded
 * without drawing; one just outside draws. */
static void free_range_edges(void **state)
{
    (void)state;
    void *st = three_player_table();
    /* Target 30, neighbours 1 and 60: the 2..59 are inside. */
    trick(st, "28", "32", "65");
    /* Target 60, neighbours 32 and 100: 62 wins; 38, near the low end,
     * is inside; 11 is outside (one pepper: one card). */
    trick(st, "11", "62", "38");
    assert_int_equal(seat_int(st, 0, "hand_size"), 7); /* 11 out: drew 1 */
    assert_int_equal(seat_int(st, 2, "hand_size"), 9); /* 38 in: no draw */
    free(st);
}

/* Steps a game with random legal moves until it ends, calling check with
 * the state before the last choice of every trick and the state after
 * the trick. */
typedef void (*trick_check)(const void *before, const void *after,
                            void *user);

static void random_game(void *st, uint64_t seed, trick_check check,
                        void *user)
{
    const tb_game *g = game();
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    void *before = tb_state_new(g);
    while (tb_current(g, st) != TB_TERMINAL) {
        if (tb_current(g, st) == TB_CHANCE) {
            tb_sample_chance(g, st, &rng, NULL, NULL);
            continue;
        }
        tb_action a[TB_MAX_ACTIONS];
        int n = tb_legal(g, st, a);
        memcpy(before, st, g->state_size);
        tb_apply(g, st, a[tb_rng_below(&rng, (uint32_t)n)]);
        tb_settle(g, st, &rng); /* a reshuffle finishes the trick */
        if (check &&
            ts_view_int(g, st, "trick") != ts_view_int(g, before, "trick"))
            check(before, st, user);
    }
    free(before);
}

/* After every trick: "The game ends when a player runs out of cards and
 * does not need to draw anymore."  A player who played the last card
 * outside the range (and lost) drew again, so the game went on. */
typedef struct end_stats {
    int refilled;
} end_stats;

static void check_end(const void *before, const void *after, void *user)
{
    end_stats *es = user;
    const tb_game *g = game();
    int players = 3, any_empty = 0;
    for (int p = 0; p < players; p++)
        any_empty |= seat_int(after, p, "hand_size") == 0;
    if (tb_current(g, after) == TB_TERMINAL) {
        assert_true(any_empty);
        return;
    }
    assert_false(any_empty);
    for (int p = 0; p < players; p++)
        if (seat_int(before, p, "hand_size") == 0 &&
            seat_int(after, p, "hand_size") > 0)
            es->refilled++;
}

static void game_ends_when_a_hand_is_empty(void **state)
{
    (void)state;
    end_stats es = {0};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        void *st = new_game(3, 1);
        random_game(st, seed, check_end, &es);
        free(st);
    }
    /* The last seat to choose had played its last card outside the range
     * in some of these games and drew: the game did not end then. */
    assert_true(es.refilled > 0);
}

/* "Cards in the score pile are positive points, and cards left in hand
 * are negative. Highest score wins." */
static void score_is_won_minus_hand_peppers(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        void *st = new_game(4, 1);
        random_game(st, seed, NULL, NULL);
        tb_result r;
        tb_result_of(game(), st, &r);
        json_t *v = ts_view(game(), st, TB_SPECTATOR);
        json_t *seats = json_object_get(v, "seats");
        for (size_t p = 0; p < 4; p++) {
            json_t *o = json_array_get(seats, p);
            int score = (int)json_integer_value(json_object_get(o,
                                                                "won_peppers"));
            json_t *h = json_object_get(o, "hand");
            for (size_t i = 0; i < json_array_size(h); i++)
                score -= peppers((int)json_integer_value(json_array_get(h, i)));
            assert_int_equal((int)r.score[p], score);
        }
        for (size_t p = 0; p < 4; p++)
            for (size_t q = 0; q < 4; q++)
                if (r.score[q] > r.score[p])
                    assert_true(r.rank[p] > r.rank[q]);
        json_decref(v);
        free(st);
    }
}

/* Interpretation: when a player must draw from an empty draw pile, the
 * discard pile is shuffled into a new draw pile (a chance node) and the
 * drawing goes on. */
static void empty_draw_pile_reshuffles_discards(void **state)
{
    (void)state;
    const tb_game *g = game();
    int seen = 0;
    for (uint64_t seed = 1; seed <= 400 && !seen; seed++) {
        void *st = new_game(3, 1);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        while (tb_current(g, st) != TB_TERMINAL) {
            if (tb_current(g, st) == TB_CHANCE) {
                tb_chance c;
                tb_chance_spec(g, st, &c);
                if (strcmp(c.what, "reshuffled discards") == 0) {
                    /* The spec is exactly the discard pile, the draw pile
                     * is empty. */
                    json_t *v = ts_view(game(), st, TB_SPECTATOR);
                    json_t *d = json_object_get(v, "discards");
                    assert_int_equal((int)json_array_size(d), c.n);
                    for (int i = 0; i < c.n; i++)
                        assert_int_equal((int)json_integer_value(
                                             json_array_get(d, (size_t)i)),
                                         c.items[i]);
                    assert_int_equal(ts_view_int(game(), st, "draw_pile"), 0);
                    json_decref(v);
                    seen++;
                }
                tb_sample_chance(g, st, &rng, NULL, NULL);
                continue;
            }
            tb_action a[TB_MAX_ACTIONS];
            int n = tb_legal(g, st, a);
            tb_apply(g, st, a[tb_rng_below(&rng, (uint32_t)n)]);
        }
        free(st);
    }
    assert_true(seen > 0);
}

/* After a reshuffle, the cards another player drew from the new pile can
 * only be cards of that pile (the old discards, which everyone saw), so
 * determinizing keeps how many of them each hand holds. */
static void determinize_respects_reshuffled_cards(void **state)
{
    (void)state;
    const tb_game *g = game();
    int checked = 0;
    void *det = tb_state_new(g);
    for (uint64_t seed = 1; seed <= 400 && checked < 30; seed++) {
        void *st = new_game(3, 1);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        int pile[101] = {0}, reshuffles = 0;
        while (tb_current(g, st) != TB_TERMINAL) {
            if (tb_current(g, st) == TB_CHANCE) {
                tb_chance c;
                tb_chance_spec(g, st, &c);
                if (strcmp(c.what, "reshuffled discards") == 0) {
                    reshuffles++;
                    for (int i = 0; i < c.n; i++)
                        pile[c.items[i]] = 1;
                }
                tb_sample_chance(g, st, &rng, NULL, NULL);
                continue;
            }
            if (reshuffles == 1) {
                /* Count, per other hand, the cards of the new pile. */
                int cur = tb_current(g, st);
                memcpy(det, st, g->state_size);
                tb_determinize(g, det, cur, &rng);
                for (int p = 0; p < 3; p++) {
                    if (p == cur)
                        continue;
                    int a = 0, b = 0;
                    for (int c = 2; c < 100; c++) {
                        a += pile[c] && has_card(st, p, c);
                        b += pile[c] && has_card(det, p, c);
                    }
                    assert_int_equal(a, b);
                }
                checked++;
            }
            tb_action a[TB_MAX_ACTIONS];
            int n = tb_legal(g, st, a);
            tb_apply(g, st, a[tb_rng_below(&rng, (uint32_t)n)]);
        }
        free(st);
    }
    free(det);
    assert_true(checked > 0);
}

/* "(Suggestion is to play twice and add up scores.)": games=2 deals a
 * second game and the result adds both. */
static void two_games_add_up(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(3, 2);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    int deals = 0, first[3] = {0};
    while (tb_current(g, st) != TB_TERMINAL) {
        if (tb_current(g, st) == TB_CHANCE) {
            tb_chance c;
            tb_chance_spec(g, st, &c);
            if (c.n == 98 && strcmp(c.what, "reshuffled discards") != 0) {
                if (++deals == 2)
                    for (int p = 0; p < 3; p++)
                        first[p] = seat_int(st, p, "earlier_games");
            }
            tb_sample_chance(g, st, &rng, NULL, NULL);
            continue;
        }
        tb_action a[TB_MAX_ACTIONS];
        int n = tb_legal(g, st, a);
        tb_apply(g, st, a[tb_rng_below(&rng, (uint32_t)n)]);
    }
    assert_int_equal(deals, 2);
    tb_result r;
    tb_result_of(g, st, &r);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    for (size_t p = 0; p < 3; p++) {
        json_t *o = json_array_get(json_object_get(v, "seats"), p);
        int score = (int)json_integer_value(json_object_get(o, "won_peppers"));
        json_t *h = json_object_get(o, "hand");
        for (size_t i = 0; i < json_array_size(h); i++)
            score -= peppers((int)json_integer_value(json_array_get(h, i)));
        assert_int_equal((int)r.score[p], first[p] + score);
    }
    json_decref(v);
    free(st);
}

/* "Each player plays a card face down in front of them. Then everyone
 * reveals at once." */
static void secret_card_hidden_until_reveal(void **state)
{
    (void)state;
    void *st = three_player_table();
    ts_play(game(), st, "28");
    char *seen_by_1 = tb_view_json(game(), st, 1);
    assert_null(strstr(seen_by_1, "28"));
    assert_non_null(strstr(seen_by_1, "\"chosen\":true"));
    free(seen_by_1);
    assert_int_equal(ts_refused(game(), st, "65", "not in your hand"),
                     TB_EPARSE);
    free(st);
}

/* How moves are shown (issue 10): a secret card is "seat 0 chooses a
 * card" to the others, its number to the chooser; the last choice reveals
 * every card against the target and its free range, and says who wins,
 * who discards and who draws (the drawn cards only to the drawer). */
static void describe_choices_reveal_and_draws(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = three_player_table();
    assert_string_equal(ts_describe(g, st, "28", 1), "seat 0 chooses a card\n");
    assert_string_equal(ts_describe(g, st, "11", 1), "seat 0 chooses a card\n");
    assert_string_equal(ts_describe(g, st, "28", 0), "seat 0 chooses 28\n");
    ts_play(g, st, "28");
    ts_play(g, st, "32");
    static const char *const reveal =
        "the cards are revealed for the target 30 (free range 1-60): seat 0 "
        "28, seat 1 32, seat 2 65\n"
        "seat 0's 28 is inside the free range and is discarded\n"
        "seat 1's 32 is closest and wins the 30 (3 peppers); the 32 takes "
        "its place in the circle\n"
        "seat 2's 65 is outside the free range: seat 2 draws 3 cards (its 3 "
        "peppers)";
    char want[1024];
    snprintf(want, sizeof want, "seat 2 chooses a card\n%s\n", reveal);
    assert_string_equal(ts_describe(g, st, "65", 0), want);
    assert_string_equal(ts_describe(g, st, "65", TB_SPECTATOR), want);
    snprintf(want, sizeof want, "seat 2 chooses 65\n%s: 2, 3 and 4\n", reveal);
    assert_string_equal(ts_describe(g, st, "65", 2), want);
    free(st);
}

/* Issue 10, item 4: with games=2 the end of game 1 is shown to everyone:
 * the last trick, each seat's peppers won and in hand with the hands laid
 * open, the totals, and that game 2 is dealt next. */
static void describe_end_of_the_first_game(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(3, 2);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    char last[8192] = "";
    int seen = 0;
    while (tb_current(g, st) != TB_TERMINAL) {
        if (tb_current(g, st) == TB_CHANCE) {
            tb_chance c;
            tb_chance_spec(g, st, &c);
            if (c.n == 98 && last[0]) {
                /* Game 2 is about to be dealt: the last move said why. */
                assert_non_null(strstr(last, "the cards are revealed"));
                assert_non_null(strstr(last, "has no cards left\n"
                                             "game 1 of 2 is over; peppers "
                                             "won minus peppers in hand:\n"));
                for (int p = 0; p < 3; p++) {
                    char line[32];
                    snprintf(line, sizeof line, "\nseat %d won ", p);
                    assert_non_null(strstr(last, line));
                }
                assert_non_null(strstr(last, "in all\ngame 2 is dealt "
                                             "next\n"));
                seen = 1;
            }
            tb_sample_chance(g, st, &rng, NULL, NULL);
            continue;
        }
        tb_action a[TB_MAX_ACTIONS];
        int n = tb_legal(g, st, a);
        tb_action pick = a[tb_rng_below(&rng, (uint32_t)n)];
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, pick, text, sizeof text);
        snprintf(last, sizeof last, "%s",
                 ts_describe(g, st, text, TB_SPECTATOR));
        tb_apply(g, st, pick);
    }
    assert_true(seen);
    assert_non_null(strstr(last, "game 2 of 2 is over"));
    assert_non_null(strstr(last, " wins\n"));
    free(st);
}

/* docs/games/dicht-dran.md, "Typing in a real deal": the deal entry is the
 * cards 2-99 in the order shuffled; each seat gets eight in seat order,
 * the next four go into the circle clockwise after the 1 (two before the
 * 100, two after it), and the rest is the draw pile, the first on top. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    static const int first[] = {
        28, 11, 13, 14, 16, 17, 19, 22, /* seat 0 */
        32, 62, 23, 26, 29, 31, 34, 37, /* seat 1 */
        65, 99, 38, 41, 43, 44, 46, 47, /* seat 2 */
        30, 60, 70, 80,                 /* the circle */
        97, 2, 98};                     /* the top of the draw pile */
    char deal[1024], json[2048];
    ts_deal_json(deal, sizeof deal, 2, 99, first,
                 (int)(sizeof first / sizeof first[0]));
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"dicht-dran\","
             "\"players\":3,\"deal\":[%s],\"actions\":["
             "{\"seat\":0,\"move\":\"28\"},{\"seat\":1,\"move\":\"32\"},"
             "{\"seat\":2,\"move\":\"65\"}]}", deal);
    void *st = ts_replay_json(json);
    int c[6];
    circle(st, c);
    const int want[6] = {1, 32, 60, 100, 70, 80};
    assert_memory_equal(c, want, sizeof want);
    /* The 65 made seat 2 draw three: the top three of the pile. */
    assert_true(has_card(st, 2, 97) && has_card(st, 2, 2) &&
                has_card(st, 2, 98));
    assert_true(has_card(st, 1, 62) && !has_card(st, 1, 32));
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setup_circle_and_first_target),
        cmocka_unit_test(closest_wins_ties_high_and_outside_draws),
        cmocka_unit_test(hundred_is_a_target_and_winner_never_draws),
        cmocka_unit_test(free_range_edges),
        cmocka_unit_test(game_ends_when_a_hand_is_empty),
        cmocka_unit_test(score_is_won_minus_hand_peppers),
        cmocka_unit_test(empty_draw_pile_reshuffles_discards),
        cmocka_unit_test(determinize_respects_reshuffled_cards),
        cmocka_unit_test(two_games_add_up),
        cmocka_unit_test(secret_card_hidden_until_reveal),
        cmocka_unit_test(describe_choices_reveal_and_draws),
        cmocka_unit_test(describe_end_of_the_first_game),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("dicht-dran", tests, NULL, NULL);
}
