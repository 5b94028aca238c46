/*
 * test_mystical_eddies.c - the tricky rules of Mystical Eddies, each test
 * quoting the rule it checks.  Positions are set up through the public API
 * by giving the deal chance node a chosen deck order: four cards set aside,
 * then each seat's hand as one block in seat order, then any extras.  Hands
 * are written as short forms ("3Rc"); a hand given short is filled up with
 * the lowest unnamed cards, and the next four unnamed cards are set aside.
 */
#include "support.h"

#include "mystique_deck.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystical-eddies");
}

/* A configuration for `players` seats with "key=value" options (a
 * NULL-terminated list, or NULL). */
static tb_config config(int players, const char *const *opts)
{
    return ts_config(game(), players, opts);
}

/* The round's deck order for these hands (see the file comment). */
static void deck_for(int players, const char *const *hands, uint16_t *deck)
{
    int hand_size = 56 / players, named[10][60], nn[10], size[10];
    const int *hand[10];
    for (int p = 0; p < players; p++) {
        nn[p] = ts_mq_cards(hands[p], 0, named[p], 60);
        size[p] = hand_size;
        hand[p] = named[p];
    }
    uint16_t order[60];
    assert_int_equal(ts_deck_order(order, 0, 59, players, hand, nn, size), 60);
    /* The four cards set aside lead the deck: the lowest nobody was given
     * once the hands are full. */
    int dealt = players * hand_size;
    memcpy(deck, order + dealt, 4 * sizeof *deck);
    memcpy(deck + 4, order, (size_t)dealt * sizeof *deck);
    memcpy(deck + 4 + dealt, order + dealt + 4,
           (size_t)(60 - 4 - dealt) * sizeof *deck);
}

/* A new game whose first round is dealt these hands. */
static void *deal(int players, const char *const *hands,
                  const char *const *opts)
{
    tb_config cfg = config(players, opts);
    void *st = ts_new_game(game(), &cfg);
    uint16_t deck[60];
    deck_for(players, hands, deck);
    assert_int_equal(tb_apply_chance(game(), st, deck, 60), TB_OK);
    return st;
}

/* Plays moves given as one string of short forms. */
static void play(void *st, const char *moves)
{
    int ids[64];
    int n = ts_mq_cards(moves, 0, ids, 64);
    for (int i = 0; i < n; i++) {
        char name[8];
        tbi_mq_short_name(ids[i], 0, name, sizeof name);
        ts_play(game(), st, name);
    }
}

/* An integer field of seat p in a view. */
static int seat_int(json_t *v, int p, const char *field)
{
    json_t *s = json_array_get(json_object_get(v, "seats"), (size_t)p);
    return (int)json_integer_value(json_object_get(s, field));
}

/* A balance category ("suit", "colour", "number") of seat p this round. */
static int round_cat(json_t *v, int p, const char *cat)
{
    json_t *s = json_array_get(json_object_get(v, "seats"), (size_t)p);
    return (int)json_integer_value(
        json_object_get(json_object_get(s, "round_categories"), cat));
}

/* The last completed trick's winner, and its followed attributes joined
 * by "+" ("" when nothing was followed). */
static int last_winner(const void *st, char *followed, size_t cap)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *last = json_object_get(v, "last_trick");
    assert_non_null(last);
    json_t *f = json_object_get(last, "followed");
    followed[0] = '\0';
    for (size_t i = 0; i < json_array_size(f); i++) {
        if (i)
            strncat(followed, "+", cap - strlen(followed) - 1);
        strncat(followed, json_string_value(json_array_get(f, i)),
                cap - strlen(followed) - 1);
    }
    int w = (int)json_integer_value(json_object_get(last, "winner"));
    json_decref(v);
    return w;
}

/* How the i-th card of the last trick was played: led/followed/tossed. */
static const char *last_play(const void *st, int i)
{
    static char buf[16];
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *c = json_array_get(
        json_object_get(json_object_get(v, "last_trick"), "cards"), (size_t)i);
    snprintf(buf, sizeof buf, "%s",
             json_string_value(json_object_get(c, "play")));
    json_decref(v);
    return buf;
}

/* Plays the first legal move until the round (or game) is over. */
static void finish_round(void *st)
{
    const tb_game *g = game();
    while (tb_current(g, st) >= 0) {
        tb_action a[TB_MAX_ACTIONS];
        tb_legal(g, st, a);
        tb_apply(g, st, a[0]);
    }
}

/* "Set aside four cards from the deck unseen.  Deal the rest of the deck
 * evenly, such that each player receives the same number of cards. (e.g.
 * With 4 players, each player will have a hand of 14 cards; with 5, 11
 * cards; with 6, 9 cards; with 7, 8 cards; with 8, 7 cards.)  Set any
 * extras aside with the cards set aside at the beginning of the round." */
static void deal_is_even_and_extras_are_set_aside(void **state)
{
    (void)state;
    const int hand[9] = {0, 0, 0, 18, 14, 11, 9, 8, 7};
    const int aside[9] = {0, 0, 0, 6, 4, 5, 6, 4, 4};
    for (int n = 3; n <= 8; n++) {
        const char *none[8] = {0};
        void *st = deal(n, none, NULL);
        json_t *v = ts_view(game(), st, 0);
        for (int p = 0; p < n; p++)
            assert_int_equal(seat_int(v, p, "hand_size"), hand[n]);
        assert_int_equal(json_integer_value(json_object_get(v, "set_aside")),
                         aside[n]);
        json_decref(v);
        free(st);
    }
}

/* "Second player follows suit, colour, or number (her choice), if
 * possible" and "If more than one attribute matched (e.g. suit and
 * number), players must follow both attributes." */
static void second_player_establishes_every_shared_attribute(void **state)
{
    (void)state;
    const char *hands[4] = {
        "3Rm",
        /* shares suit+number, suit+colour, colour+number, suit, colour,
         * number with 3Rm; then eight cards sharing nothing */
        "3Ym 5Rm 3Ra 1Bm 2Rs 3Bs 1Ys 2Ys 4Ys 5Ys 1Ya 2Ya 4Ya 5Ya",
        "3Bm 5Bm 3Yc",
        "4Ym",
    };
    void *st = deal(4, hands, NULL);
    ts_play(game(), st, "3Rm");
    /* Only cards that share something with the led card may be played,
     * in the hand's order (moons, suns, arms, crowns; yellow, red, blue). */
    assert_string_equal(ts_legal_text(game(), st), "3Ym 5Rm 1Bm 2Rs 3Bs 3Ra");
    ts_play(game(), st, "3Ym"); /* suit and number match: both count */
    /* Seat 2 must play a 3 of moons: 5Bm (suit only) and 3Yc (number only)
     * do not follow both. */
    assert_string_equal(ts_legal_text(game(), st), "3Bm");
    assert_int_equal(
        ts_refused(game(), st, "5Bm", "suit (moons) and number (3)"),
        TB_EILLEGAL);
    ts_play(game(), st, "3Bm");
    /* No 3 of moons is left for seat 3, so any card may be tossed; a moon
     * that is not a 3 follows only part and is a toss. */
    assert_true(ts_is_legal_text(game(), st, "4Ym"));
    ts_play(game(), st, "4Ym");
    char followed[64];
    /* "Following suit and number: Highest colour." Yellow beats red and
     * blue. */
    assert_int_equal(last_winner(st, followed, sizeof followed), 1);
    assert_string_equal(followed, "number+suit");
    assert_string_equal(last_play(st, 3), "tossed");
    free(st);
}

/* "Second player follows ... if possible; otherwise, toss a card." and
 * "If nothing was established, due to tossing a card, this player will be
 * establishing suit, number, or colour." */
static void after_a_toss_the_next_player_establishes(void **state)
{
    (void)state;
    const char *hands[4] = {
        "5Ys",
        /* fourteen cards sharing nothing with 5Ys */
        "1Rm 2Rm 3Rm 4Rm 1Bm 2Bm 3Bm 4Bm 1Ra 2Ra 3Ra 4Ra 1Rc 2Rc",
        "5Rm 2Bs 4Yc 3Bc",
        "5Ya",
    };
    for (int competes = 0; competes < 2; competes++) {
    const char *opts[] = {competes ? "leader-competes=on" : NULL, NULL};
    void *st = deal(4, hands, opts);
    ts_play(game(), st, "5Ys");
    /* Seat 1 can follow nothing: every card may be tossed. */
    assert_string_equal(ts_legal_text(game(), st),
                        "1Rm 2Rm 3Rm 4Rm 1Bm 2Bm 3Bm 4Bm 1Ra 2Ra 3Ra 4Ra "
                        "1Rc 2Rc");
    ts_play(game(), st, "2Rc");
    /* Seat 2 now establishes, so it must play a card sharing something. */
    assert_false(ts_is_legal_text(game(), st, "3Bc"));
    assert_true(ts_is_legal_text(game(), st, "5Rm"));
    assert_true(ts_is_legal_text(game(), st, "2Bs"));
    assert_true(ts_is_legal_text(game(), st, "4Yc"));
    ts_play(game(), st, "5Rm"); /* number */
    assert_true(ts_is_legal_text(game(), st, "5Ya"));
    ts_play(game(), st, "5Ya");
    char followed[64];
    /* "Following number: Highest colour; tie goes to highest suit."  Only
     * the cards that followed compete: 5Ya (yellow) beats 5Rm.  With
     * leader-competes the led 5Ys takes part: both yellow, suns beat arms. */
    assert_int_equal(last_winner(st, followed, sizeof followed),
                     competes ? 0 : 3);
    assert_string_equal(followed, "number");
    assert_string_equal(last_play(st, 1), "tossed");
    free(st);
    }
}

/* One trick of four cards (seat 0 leads) and its expected winner. */
typedef struct trick_case {
    const char *rule, *cards[4], *followed;
    int winner;    /* by the booklet: the led card does not compete */
    int winner_lc; /* with leader-competes */
} trick_case;

/* "The trick winner is determined as follows: Following suit: Highest
 * number; tie goes to highest colour. Following colour: Highest suit; tie
 * goes to highest number. Following number: Highest colour; tie goes to
 * highest suit. Following suit and colour: Highest number. Following suit
 * and number: Highest colour. Following colour and number: Highest suit."
 * with "suit: suns > moons > arms > crowns", "number: 5>4>3>2>1", "colour:
 * yellow > red > blue".  Only the cards that follow compete: the leader
 * "has to assume she won't win the trick ... because a subsequent player
 * determines the context of the card she leads" (see Interpretations); with
 * the option leader-competes the led card competes too. */
static void winner_for_each_followed_combination(void **state)
{
    (void)state;
    static const trick_case cases[] = {
        {"suit: 4s tie, yellow wins", {"2Bm", "4Rm", "4Ym", "1Bm"}, "suit",
         2, 2},
        {"colour: moons tie, 4 wins", {"1Ra", "3Rc", "2Rm", "4Rm"}, "colour",
         3, 3},
        {"number: reds tie, arms win", {"2Bs", "2Rc", "2Ra", "2Bm"}, "number",
         2, 2},
        {"suit and colour: highest number", {"3Ya", "1Ya", "5Ya", "4Ya"},
         "suit+colour", 2, 2},
        {"suit and number: 5Ys is tossed", {"4Bs", "4Rs", "4Ys", "5Ys"},
         "number+suit", 2, 2},
        {"colour and number: suns", {"5Rc", "5Ra", "5Rm", "5Rs"},
         "number+colour", 3, 3},
        /* The led sun outranks every follower: it wins only when the led
         * card competes. */
        {"colour: the leader's suns", {"1Ys", "3Ym", "5Ya", "4Yc"}, "colour",
         1, 0},
        {"suit: the leader's palm", {"5Ys", "1Rs", "3Ys", "2Bs"}, "suit", 2,
         0},
    };
    for (size_t i = 0; i < 2 * (sizeof cases / sizeof cases[0]); i++) {
        const trick_case *c = &cases[i / 2];
        int competes = (int)(i % 2), want = competes ? c->winner_lc : c->winner;
        const char *opts[] = {competes ? "leader-competes=on" : NULL, NULL};
        void *st = deal(4, c->cards, opts);
        for (int k = 0; k < 4; k++)
            ts_play(game(), st, c->cards[k]);
        char followed[64];
        int w = last_winner(st, followed, sizeof followed);
        if (w != want || strcmp(followed, c->followed) != 0)
            fail_msg("%s%s: seat %d won following %s", c->rule,
                     competes ? " (leader-competes)" : "", w, followed);
        /* The winner leads the next trick. */
        assert_int_equal(tb_current(game(), st), want);
        free(st);
    }
}

/* A deal where seats 0 and 1 take turns winning six tricks as followers
 * (blue colour tricks won by suns, then two crown suit tricks) while seats
 * 1-3 spend every card that shares anything with the 1 of blue crowns;
 * then seat 0 leads 1Bc, which nobody can follow: the others hold only
 * moons, suns and arms in yellow and red, 2 to 5. */
static const char *const no_follow_hands[4] = {
    "2Ba 4Bs 4Ba 2Bs 2Yc 5Yc 1Bc 1Bm 1Bs 1Ba 1Yc 1Rc 1Ym 1Ys",
    "5Bs 3Ba 3Bs 5Ba 5Rc 2Rc 2Ym 3Ym 4Ym 5Ym 2Ys 3Ys 4Ys 5Ys",
    "2Bc 4Bc 2Bm 4Bm 3Rc 3Yc 2Ya 3Ya 4Ya 5Ya 2Rm 3Rm 4Rm 5Rm",
    "3Bc 5Bc 3Bm 5Bm 4Rc 4Yc 2Rs 3Rs 4Rs 5Rs 2Ra 3Ra 4Ra 5Ra",
};
/* Trick by trick, in playing order (the leader first, then clockwise). */
static const char *const no_follow_tricks =
    "2Ba 5Bs 2Bc 3Bc  3Ba 4Bc 5Bc 4Bs  4Ba 3Bs 2Bm 3Bm "
    "5Ba 4Bm 5Bm 2Bs  2Yc 5Rc 3Rc 4Rc  2Rc 3Yc 4Yc 5Yc";

/* "If nobody can follow the led card in any way, the person who played it
 * wins the trick." */
static void leader_wins_when_nobody_can_follow(void **state)
{
    (void)state;
    void *st = deal(4, no_follow_hands, NULL);
    play(st, no_follow_tricks);
    assert_int_equal(tb_current(game(), st), 0);
    ts_play(game(), st, "1Bc");
    /* Seat 1 shares nothing with 1Bc: all eight cards may be tossed. */
    assert_string_equal(ts_legal_text(game(), st), "2Ym 3Ym 4Ym 5Ym 2Ys 3Ys 4Ys 5Ys");
    play(st, "5Ym 5Ya 5Rs");
    char followed[64];
    assert_int_equal(last_winner(st, followed, sizeof followed), 0);
    assert_string_equal(followed, "");
    json_t *v = ts_view(game(), st, 0);
    /* Seat 0 won the three tricks it followed in, and this one. */
    assert_int_equal(seat_int(v, 0, "round_tricks"), 4);
    assert_int_equal(seat_int(v, 1, "round_tricks"), 3);
    json_decref(v);
    free(st);
}

/* Balance: "When you win a trick, you earn one point in the appropriate
 * category. If you won a trick that followed two attributes, you earn one
 * point in each of those two categories!"  A trick that followed nothing
 * earns no category point (see Interpretations). */
static void balance_categories_count_followed_attributes(void **state)
{
    (void)state;
    const char *opts[] = {"scoring=balance", NULL};
    void *st = deal(4, no_follow_hands, opts);
    play(st, no_follow_tricks);
    play(st, "1Bc 5Ym 5Ya 5Rs");
    json_t *v = ts_view(game(), st, 0);
    /* Seat 0: two colour tricks, a suit trick and one of nothing; seat 1:
     * two colour tricks and a suit trick. */
    assert_int_equal(round_cat(v, 0, "suit"), 1);
    assert_int_equal(round_cat(v, 0, "colour"), 2);
    assert_int_equal(round_cat(v, 0, "number"), 0);
    assert_int_equal(round_cat(v, 1, "suit"), 1);
    assert_int_equal(round_cat(v, 1, "colour"), 2);
    json_decref(v);
    free(st);
}

/* "Your category with the lowest score is what counts toward winning."
 * Categories add up over the rounds, and the lowest total is the score. */
static void balance_score_is_the_lowest_category(void **state)
{
    (void)state;
    tb_config cfg = config(5, (const char *const[]){"scoring=balance",
                                                    "rounds=2", NULL});
    void *st = ts_new_game(game(), &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 4);
    tb_random_playout(game(), st, &rng);
    tb_result r;
    assert_int_equal(tb_result_of(game(), st, &r), TB_OK);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *seats = json_object_get(v, "seats");
    for (int p = 0; p < 5; p++) {
        json_t *c = json_object_get(json_array_get(seats, (size_t)p),
                                    "categories");
        int low = 1000;
        const char *names[3] = {"suit", "colour", "number"};
        for (int a = 0; a < 3; a++) {
            int x = (int)json_integer_value(json_object_get(c, names[a]));
            low = x < low ? x : low;
        }
        assert_int_equal((int)r.score[p], low);
    }
    json_decref(v);
    free(st);
}

/* "At the end of the round, when everyone's hand is empty, each player
 * scores a number of points equal to the number of tricks she won." and
 * "Shuffle all the cards together (including any set aside from the
 * previous round)": a new deal of the whole deck; the first lead moves one
 * seat on each round (see Interpretations). */
static void round_scores_tricks_and_first_lead_rotates(void **state)
{
    (void)state;
    const char *none[4] = {0};
    void *st = deal(4, none, NULL);
    assert_int_equal(tb_current(game(), st), 0);
    finish_round(st);
    assert_int_equal(tb_current(game(), st), TB_CHANCE);
    tb_chance c;
    tb_chance_spec(game(), st, &c);
    assert_int_equal(c.n, 60);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    int total = 0;
    for (int p = 0; p < 4; p++)
        total += seat_int(v, p, "score");
    assert_int_equal(total, 14);
    json_decref(v);
    uint16_t deck[60];
    deck_for(4, none, deck);
    tb_apply_chance(game(), st, deck, 60);
    assert_int_equal(tb_current(game(), st), 1);
    free(st);
}

/* "Either play a fixed number of rounds, with the highest cumulative score
 * at the end winning": rounds=2 ends after two deals; by default one round
 * per player. */
static void fixed_number_of_rounds(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        tb_config cfg = config(3, k ? (const char *const[]){"rounds=2", NULL}
                                    : NULL);
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 9);
        int deals = 0;
        while (tb_current(game(), st) != TB_TERMINAL) {
            if (tb_current(game(), st) == TB_CHANCE) {
                deals++;
                tb_sample_chance(game(), st, &rng, NULL, NULL);
            } else {
                tb_action a[TB_MAX_ACTIONS];
                int n = tb_legal(game(), st, a);
                tb_apply(game(), st, a[tb_rng_below(&rng, (uint32_t)n)]);
            }
        }
        assert_int_equal(deals, k ? 2 : 3);
        tb_result r;
        tb_result_of(game(), st, &r);
        double total = 0;
        for (int p = 0; p < 3; p++)
            total += r.score[p];
        assert_true(total == 18.0 * deals);
        free(st);
    }
}

/* "... or to a target score, with the highest cumulative score when
 * someone meets or exceeds the goal winning."  Scores are made at the end
 * of a round, so the game ends after the round in which someone reaches
 * the target. */
static void target_score_ends_after_the_round(void **state)
{
    (void)state;
    tb_config cfg = config(4, (const char *const[]){"end=target", "target=9",
                                                    NULL});
    void *st = ts_new_game(game(), &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 2);
    int best_before = 0;
    while (tb_current(game(), st) != TB_TERMINAL) {
        if (tb_current(game(), st) == TB_CHANCE) {
            json_t *v = ts_view(game(), st, TB_SPECTATOR);
            for (int p = 0; p < 4; p++)
                if (seat_int(v, p, "score") > best_before)
                    best_before = seat_int(v, p, "score");
            json_decref(v);
            assert_true(best_before < 9);
            tb_sample_chance(game(), st, &rng, NULL, NULL);
        } else {
            tb_action a[TB_MAX_ACTIONS];
            int n = tb_legal(game(), st, a);
            tb_apply(game(), st, a[tb_rng_below(&rng, (uint32_t)n)]);
        }
    }
    tb_result r;
    tb_result_of(game(), st, &r);
    double best = 0;
    for (int p = 0; p < 4; p++)
        best = r.score[p] > best ? r.score[p] : best;
    assert_true(best >= 9);
    free(st);
}

/* "If you play to a target score, you should set the target at about 1/5 of
 * what you would for a basic game."  target=0 lets the game choose: the
 * hand size for the basic game, a fifth of it (rounded) with Balance. */
static void automatic_targets(void **state)
{
    (void)state;
    const int want_basic[9] = {0, 0, 0, 18, 14, 11, 9, 8, 7};
    const int want_balance[9] = {0, 0, 0, 4, 3, 2, 2, 2, 1};
    for (int n = 3; n <= 8; n++)
        for (int b = 0; b < 2; b++) {
            tb_config cfg = config(n, (const char *const[]){
                "end=target", b ? "scoring=balance" : "scoring=basic", NULL});
            void *st = ts_new_game(game(), &cfg);
            json_t *v = ts_view(game(), st, TB_SPECTATOR);
            assert_int_equal(json_integer_value(json_object_get(v, "target")),
                             b ? want_balance[n] : want_basic[n]);
            json_decref(v);
            free(st);
        }
}

/* Hands, the cards set aside and the deck order are hidden: a seat sees its
 * own hand only; a spectator sees no hand. */
static void hands_and_set_aside_cards_are_hidden(void **state)
{
    (void)state;
    const char *none[4] = {0};
    void *st = deal(4, none, NULL);
    char *own = tb_view_json(game(), st, 1), *spec =
                                                 tb_view_json(game(), st, -1);
    /* Seat 0 holds the first fourteen unnamed cards: 1Ym..4Bm; seat 1
     * holds 5Bm onward.  Seat 1's view must not name 1Ym. */
    assert_null(strstr(own, "\"1Ym\""));
    assert_non_null(strstr(own, "\"5Bm\""));
    assert_null(strstr(spec, "\"hand\""));
    free(own);
    free(spec);
    tb_text t;
    char buf[4096];
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 1, TB_STYLE_PLAIN, &t);
    assert_null(strstr(buf, "1Ym"));
    assert_non_null(strstr(buf, "set aside: 4 cards, unseen"));
    free(st);
}

/* Typed moves: a helpful message for a card not held. */
static void typed_moves(void **state)
{
    (void)state;
    const char *hands[4] = {"3Rm 5Ys"};
    void *st = deal(4, hands, NULL);
    char err[256];
    tb_action a;
    ts_refused(game(), st, "4Bc", "4Bc is not in your hand");
    assert_int_equal(tb_parse_action(game(), st, "5ys", &a, err, sizeof err),
                     TB_OK);
    assert_int_equal(tb_parse_action(game(), st, "#1", &a, err, sizeof err),
                     TB_OK); /* card 1, the ace of yellow moons, is held */
    ts_refused(game(), st, "#16", "1Ys is not in your hand");
    ts_refused(game(), st, "3 of red", "e.g. 3Rc");
    free(st);
}

/* The table shows who is winning the trick as it stands, and each play is
 * said as the table saw it: the lead, a toss, the card that establishes
 * what is followed, and the trick's winner (issue 10). */
static void the_table_says_who_is_winning(void **state)
{
    (void)state;
    const char *hands[4] = {
        "5Ys",
        "1Rm 2Rm 3Rm 4Rm 1Bm 2Bm 3Bm 4Bm 1Ra 2Ra 3Ra 4Ra 1Rc 2Rc",
        "5Rm 2Bs 4Yc 3Bc",
        "5Ya",
    };
    void *st = deal(4, hands, NULL);
    assert_string_equal(ts_describe(game(), st, "5Ys", 2), "seat 0 leads 5Ys\n");
    ts_play(game(), st, "5Ys");
    char buf[4096];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 1, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "winning now: nobody has followed; seat 0, "
                           "the leader, wins if nobody does"));
    assert_string_equal(ts_describe(game(), st, "2Rc", TB_SPECTATOR),
                        "seat 1 tosses 2Rc: it cannot follow the led card\n");
    ts_play(game(), st, "2Rc");
    assert_string_equal(ts_describe(game(), st, "5Rm", 0), "seat 2 plays 5Rm, following the "
                        "led 5Ys's number (5)\n");
    ts_play(game(), st, "5Rm");
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 3, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "winning now: seat 2 with 5Rm"));
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    assert_int_equal(json_integer_value(json_object_get(
                         json_object_get(v, "trick"), "winning")), 2);
    json_decref(v);
    assert_string_equal(ts_describe(game(), st, "5Ya", 1), "seat 3 plays 5Ya, following\n"
                        "seat 3 wins the trick, which followed number (5)\n");
    free(st);
}

/* The doc's "Typing in a real deal", followed to the letter: one deal
 * entry per round, the shuffled deck first card first; its first four
 * cards are set aside, then each seat in turn takes the next block of
 * 56 / N cards, and any extras are set aside too.  The record is built by
 * hand from that description alone. */
static void a_real_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    /* A 5-player table: 11 cards each, 4 + 1 set aside.  The deck in id
     * order, turned around, is as good a shuffle as any. */
    char json[2048];
    tb_text t;
    tb_text_init(&t, json, sizeof json);
    tb_text_puts(&t, "{\"format\":\"tabula-record/1\",\"game\":"
                 "\"mystical-eddies\",\"players\":5,\"deal\":[[");
    for (int i = 0; i < 60; i++)
        tb_text_printf(&t, "%s%d", i ? "," : "", 59 - i);
    /* Seat 0 leads the first trick with a card of its block: card number
     * 56, written as the game writes it (a record gives each move's own
     * text, not the `#56` a person may type). */
    tb_text_puts(&t, "]],\"actions\":[{\"seat\":0,\"move\":\"1Bc\"}]}");
    void *st = ts_replay_json(json);
    /* Entries 0-3 (ids 59-56) are set aside; seat p holds entries 4 + 11p
     * to 14 + 11p; entry 59 (id 0) is the extra, set aside too. */
    for (int p = 0; p < 5; p++) {
        json_t *v = ts_view(game(), st, p);
        json_t *hand = json_object_get(v, "hand");
        int want = 11 - (p == 0); /* seat 0 has played one card */
        assert_int_equal((int)json_array_size(hand), want);
        for (size_t i = 0; i < json_array_size(hand); i++) {
            int id = ts_mq_card(json_string_value(json_array_get(hand, i)));
            int entry = 59 - id;
            assert_true(entry >= 4 + 11 * p && entry < 15 + 11 * p);
        }
        assert_int_equal(json_integer_value(json_object_get(v, "set_aside")),
                         5);
        json_decref(v);
    }
    free(st);
}

/* The two ways to end are exclusive: a target with end=rounds (or rounds
 * with end=target) is refused with a message. */
static void end_options_are_checked(void **state)
{
    (void)state;
    tb_config cfg = config(4, (const char *const[]){"target=10", NULL});
    char err[256];
    assert_int_equal(tb_config_check(game(), &cfg, err, sizeof err),
                     TB_EINVAL);
    assert_non_null(strstr(err, "end=target"));
    cfg = config(4, (const char *const[]){"end=target", "rounds=3", NULL});
    assert_int_equal(tb_config_check(game(), &cfg, err, sizeof err),
                     TB_EINVAL);
    cfg = config(9, NULL);
    assert_int_equal(tb_config_check(game(), &cfg, err, sizeof err),
                     TB_EINVAL);
}

/* The cards named in a view's array field (short forms), as a mask of
 * card ids. */
static uint64_t view_cards(json_t *a)
{
    uint64_t set = 0;
    for (size_t i = 0; i < json_array_size(a); i++)
        set |= 1ull << ts_mq_card(json_string_value(json_array_get(a, i)));
    return set;
}

/* Seat p's hand in st, as a mask of card ids (read from p's own view). */
static uint64_t hand_of(const void *st, int p)
{
    json_t *v = ts_view(game(), st, p);
    uint64_t set = view_cards(json_object_get(v, "hand"));
    json_decref(v);
    return set;
}

/* The cards that share any attribute with card `led` (with mask 0) or
 * every attribute of mask (bits TBI_MQ_NUMBER, _SUIT, _COLOUR). */
static uint64_t sharing(int led, unsigned mask)
{
    uint64_t set = 0;
    for (int c = 0; c < 60; c++) {
        unsigned m = (tbi_mq_number(c) == tbi_mq_number(led) ? 1u << TBI_MQ_NUMBER : 0u) |
                     (tbi_mq_suit(c) == tbi_mq_suit(led) ? 1u << TBI_MQ_SUIT : 0u) |
                     (tbi_mq_colour(c) == tbi_mq_colour(led) ? 1u << TBI_MQ_COLOUR : 0u);
        if (mask ? (m & mask) == mask : m != 0)
            set |= 1ull << c;
    }
    return set;
}

/* For every seat but `tosser` (and a spectator), 300 worlds: the tosser's
 * hand holds none of `lacked` and keeps its size, each world has the
 * information-set key of the true state for the seat that sampled it, and
 * the worlds do move the tosser's cards about. */
static void worlds_keep(const void *st, int tosser, uint64_t lacked)
{
    const tb_game *g = game();
    void *world = tb_state_new(g), *scratch = tb_state_new(g);
    uint64_t truth = hand_of(st, tosser);
    assert_int_equal(truth & lacked, 0);
    for (int seat = -1; seat < 4; seat++) {
        if (seat == tosser)
            continue;
        uint64_t key = tb_infoset_key(g, st, seat, scratch);
        int moved = 0;
        for (uint64_t seed = 1; seed <= 300; seed++) {
            tb_rng rng;
            tb_rng_seed(&rng, seed * 7919u + (uint64_t)(seat + 1));
            memcpy(world, st, g->state_size);
            tb_determinize(g, world, seat, &rng);
            uint64_t h = hand_of(world, tosser);
            assert_int_equal(h & lacked, 0);
            assert_int_equal(__builtin_popcountll(h),
                             __builtin_popcountll(truth));
            assert_true(tb_infoset_key(g, world, seat, scratch) == key);
            moved |= h != truth;
        }
        assert_true(moved);
    }
    free(world);
    free(scratch);
}

/* "Second player follows suit, colour, or number (her choice), if
 * possible; otherwise, toss a card" and "Subsequent players must follow
 * what was established, if possible; otherwise, toss a card."  A toss thus
 * tells the table that its player held no card that followed: the second
 * player's toss, none sharing anything with the led card; a later toss,
 * none sharing every established attribute.  The view lists the unplayed
 * cards a seat has shown it lacks, the same for every seat, and the worlds
 * the bots search never give it one of them. */
static void a_toss_shows_what_a_seat_lacks(void **state)
{
    (void)state;
    const char *hands[4] = {
        "5Ys",
        /* fourteen cards sharing nothing with 5Ys */
        "1Rm 2Rm 3Rm 4Rm 1Bm 2Bm 3Bm 4Bm 1Ra 2Ra 3Ra 4Ra 1Rc 2Rc",
        "5Rm 2Bs 4Yc 3Bc",
        /* fourteen cards without a 5 */
        "1Bc 2Bc 4Bc 1Yc 2Yc 3Yc 3Rc 4Rc 1Ba 2Ba 3Ba 4Ba 1Ya 2Ya",
    };
    void *st = deal(4, hands, NULL);
    int led = ts_mq_card("5Ys");
    play(st, "5Ys");
    json_t *v = ts_view(game(), st, 2);
    assert_int_equal(json_array_size(json_object_get(
                         json_array_get(json_object_get(v, "seats"), 1),
                         "lacks")),
                     0);
    json_decref(v);
    play(st, "2Rc"); /* seat 1 tosses: nothing shares a thing with 5Ys */
    uint64_t lacks1 = sharing(led, 0);
    worlds_keep(st, 1, lacks1);
    /* Every seat's view says so, naming the unplayed cards only. */
    uint64_t played = 1ull << led | 1ull << ts_mq_card("2Rc");
    for (int seat = -1; seat < 4; seat++) {
        v = ts_view(game(), st, seat);
        json_t *s1 = json_array_get(json_object_get(v, "seats"), 1);
        assert_true(view_cards(json_object_get(s1, "lacks")) ==
                    (lacks1 & ~played));
        json_decref(v);
    }
    tb_text t;
    char buf[4096];
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 3, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "seat 1: score 0, this round 0 tricks, 13 "
                                "cards\n    has shown it holds none of: 1Ym "
                                "2Ym 3Ym 4Ym 5Ym 5Rm"));
    play(st, "5Rm"); /* seat 2 establishes number (5) */
    play(st, "1Ya"); /* seat 3 has no 5: a toss */
    /* Seat 2 won the only follow and leads; what both tosses showed holds
     * for the rest of the round. */
    worlds_keep(st, 1, lacks1);
    worlds_keep(st, 3, sharing(led, 1u << TBI_MQ_NUMBER));
    /* A new round forgets it. */
    finish_round(st);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    tb_settle(game(), st, &rng);
    v = ts_view(game(), st, TB_SPECTATOR);
    for (int p = 0; p < 4; p++)
        assert_int_equal(json_array_size(json_object_get(
                             json_array_get(json_object_get(v, "seats"),
                                            (size_t)p), "lacks")),
                         0);
    json_decref(v);
    free(st);
}

/* Checks that every seat's observation (docs/learning.md) holds, in each
 * seat's block, the 60 flags of the cards it has shown it lacks: the
 * block of seat q as seen from seat o is the (q - o mod n)-th of n blocks
 * of 70 floats that end 11 + n floats before the observation's end, and
 * its flags are its last 60. */
static void observed_lacks_match(const tb_game *g, const tb_config *cfg,
                                 const void *st, const uint64_t *want,
                                 uint64_t played)
{
    int n = cfg->players, size = tb_observation_size(g, cfg);
    float *obs = malloc((size_t)size * sizeof *obs);
    assert_non_null(obs);
    for (int o = 0; o < n; o++) {
        tb_observe(g, st, o, obs);
        for (int q = 0; q < n; q++) {
            int r = (q - o + n) % n;
            int end = size - (11 + n) - (n - 1 - r) * 70;
            uint64_t got = 0;
            for (int c = 0; c < 60; c++)
                if (obs[end - 60 + c] != 0.0f)
                    got |= 1ull << c;
            assert_true(got == (want[q] & ~played));
        }
    }
    free(obs);
}

/* In random play (4 and 7 players, both readings), each seat's `lacks` in
 * the view is always the unplayed part of what its tosses showed this
 * round, computed here from the rule card by card: after each toss, the
 * cards sharing anything with the led card (nothing established) or
 * sharing every established attribute; and every seat's observation holds
 * the same flags. */
static void lacks_follow_the_rule_in_random_play(void **state)
{
    (void)state;
    const tb_game *g = game();
    for (int k = 0; k < 4; k++) {
        int players = k % 2 ? 7 : 4;
        const char *opts[] = {k >= 2 ? "leader-competes=on" : NULL, NULL};
        tb_config cfg = config(players, opts);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 40u + (uint64_t)k);
        uint64_t want[8] = {0};
        int round = 0;
        for (;;) {
            tb_settle(g, st, &rng);
            int p = tb_current(g, st);
            if (p < 0)
                break;
            json_t *v = ts_view(g, st, TB_SPECTATOR);
            if (json_integer_value(json_object_get(v, "round")) != round) {
                round = (int)json_integer_value(json_object_get(v, "round"));
                memset(want, 0, sizeof want);
            }
            json_t *trick = json_object_get(v, "trick");
            json_t *cards = json_object_get(trick, "cards");
            tb_action a[TB_MAX_ACTIONS];
            int n = tb_legal(g, st, a);
            int card = (int)a[tb_rng_below(&rng, (uint32_t)n)];
            if (json_array_size(cards) > 0) {
                int led = ts_mq_card(json_string_value(json_object_get(
                    json_array_get(cards, 0), "card")));
                unsigned mask = 0;
                json_t *f = json_object_get(trick, "followed");
                for (size_t i = 0; i < json_array_size(f); i++)
                    for (unsigned at = 0; at < 3; at++)
                        if (strcmp(json_string_value(json_array_get(f, i)),
                                   tbi_mq_attr_names[at]) == 0)
                            mask |= 1u << at;
                uint64_t ok = sharing(led, mask);
                if (!(ok >> card & 1u))
                    want[p] |= ok;
            }
            json_decref(v);
            tb_apply(g, st, (tb_action)card);
            v = ts_view(g, st, TB_SPECTATOR);
            if (json_integer_value(json_object_get(v, "round")) == round &&
                strcmp(json_string_value(json_object_get(v, "phase")),
                       "play") == 0) {
                uint64_t played = view_cards(json_object_get(v, "played"));
                for (int q = 0; q < players; q++) {
                    json_t *sq = json_array_get(json_object_get(v, "seats"),
                                                (size_t)q);
                    assert_true(view_cards(json_object_get(sq, "lacks")) ==
                                (want[q] & ~played));
                }
                observed_lacks_match(g, &cfg, st, want, played);
            }
            json_decref(v);
        }
        free(st);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deal_is_even_and_extras_are_set_aside),
        cmocka_unit_test(second_player_establishes_every_shared_attribute),
        cmocka_unit_test(after_a_toss_the_next_player_establishes),
        cmocka_unit_test(winner_for_each_followed_combination),
        cmocka_unit_test(leader_wins_when_nobody_can_follow),
        cmocka_unit_test(balance_categories_count_followed_attributes),
        cmocka_unit_test(balance_score_is_the_lowest_category),
        cmocka_unit_test(round_scores_tricks_and_first_lead_rotates),
        cmocka_unit_test(fixed_number_of_rounds),
        cmocka_unit_test(target_score_ends_after_the_round),
        cmocka_unit_test(automatic_targets),
        cmocka_unit_test(hands_and_set_aside_cards_are_hidden),
        cmocka_unit_test(typed_moves),
        cmocka_unit_test(end_options_are_checked),
        cmocka_unit_test(the_table_says_who_is_winning),
        cmocka_unit_test(a_real_deal_typed_in_from_the_doc),
        cmocka_unit_test(a_toss_shows_what_a_seat_lacks),
        cmocka_unit_test(lacks_follow_the_rule_in_random_play),
    };
    return cmocka_run_group_tests_name("mystical-eddies", tests, NULL, NULL);
}
