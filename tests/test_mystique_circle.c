/*
 * test_mystique_circle.c - the tricky rules of Mystique Circle, each test
 * quoting the rule it checks, and how moves are told to each seat.
 * Positions are set up through the public API: the first chance node (the
 * first dealer) is given a seat, and the deal a chosen order of the cards in
 * use: each seat's 12 cards as one block in seat order.  Hands are written
 * as short forms ("3Rc"); a hand given short is filled up with the lowest
 * cards in use that nobody was given.
 */
#include "support.h"

#include "mystique_deck.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-circle");
}

/* The deal's order for these hands with `players` seats (see the file
 * comment); returns the number of cards. */
static int deck_for(int players, const char *const *hands, uint16_t *deck)
{
    int lowest = 6 - players, used[60] = {0}, named[5][12], nn[5], k = 0;
    for (int p = 0; p < players; p++) {
        nn[p] = ts_mq_cards(hands ? hands[p] : NULL, 0, named[p], 12);
        for (int i = 0; i < nn[p]; i++) {
            assert_true(tbi_mq_number(named[p][i]) >= lowest);
            assert_false(used[named[p][i]]);
            used[named[p][i]] = 1;
        }
    }
    int next = 0;
    for (int p = 0; p < players; p++)
        for (int i = 0; i < 12; i++) {
            if (i < nn[p]) {
                deck[k++] = (uint16_t)named[p][i];
                continue;
            }
            while (used[next] || tbi_mq_number(next) < lowest)
                next++;
            used[next] = 1;
            deck[k++] = (uint16_t)next;
        }
    return k;
}

/* A new game (options as "key=value" texts, or NULL) whose first dealer is
 * `dealer` and whose first hand deals these hands. */
static void *deal(int players, int dealer, const char *const *hands,
                  const char *const *opts)
{
    tb_config cfg = ts_config(game(), players, opts);
    void *st = ts_new_game(game(), &cfg);
    uint16_t roll = (uint16_t)dealer, deck[60];
    assert_int_equal(tb_apply_chance(game(), st, &roll, 1), TB_OK);
    int n = deck_for(players, hands, deck);
    assert_int_equal(tb_apply_chance(game(), st, deck, n), TB_OK);
    return st;
}

/* Plays card moves given as one string of short forms. */
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

/* Sets every seat's hole, in the order asked, to the first three cards of
 * its hand that `keep` does not name. */
static void holes_except(void *st, int players, const char *keep)
{
    for (int q = 0; q < players; q++) {
        char h[64] = "hole";
        int p = tb_current(game(), st), n = 0;
        json_t *v = ts_view(game(), st, p);
        json_t *hand = json_object_get(v, "hand");
        for (size_t i = 0; i < json_array_size(hand) && n < 3; i++) {
            const char *c = json_string_value(json_array_get(hand, i));
            if (strstr(keep, c))
                continue;
            strcat(h, " ");
            strcat(h, c);
            n++;
        }
        json_decref(v);
        ts_play(game(), st, h);
    }
}

/* The seat winning the trick in progress, by the spectator's view. */
static int winning(const void *st)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    int w = (int)json_integer_value(json_object_get(
        json_object_get(v, "trick"), "winning"));
    json_decref(v);
    return w;
}

/* Sets every seat's hole, in the order asked, from these texts (seat
 * order). */
static void set_holes(void *st, int players, const char *const *holes)
{
    for (int k = 0; k < players; k++) {
        int p = tb_current(game(), st);
        ts_play(game(), st, holes[p]);
    }
}

/* An integer field of seat q's entry in the spectator's view "seats". */
static int seat_int(const void *st, int q, const char *key)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *f = json_object_get(json_array_get(json_object_get(v, "seats"),
                                               (size_t)q), key);
    int r = f ? (int)json_integer_value(f) : -1;
    json_decref(v);
    return r;
}

static void deck_follows_player_count(void **state)
{
    (void)state;
    /* "For 5 players, use a complete deck. For 4 players, remove all 1s
     * from the deck. For 3 players, remove all 1s and 2s from the deck.
     * For 2 players, remove all 1s, 2s, and 3s from the deck." */
    for (int players = 2; players <= 5; players++) {
        tb_config cfg = ts_config(game(), players, NULL);
        void *st = ts_new_game(game(), &cfg);
        tb_chance c;
        assert_int_equal(tb_chance_spec(game(), st, &c), TB_OK);
        assert_int_equal(c.kind, TB_CHANCE_ROLL); /* "Randomly determine a dealer" */
        assert_int_equal(c.hi, players - 1);
        uint16_t zero = 0;
        assert_int_equal(tb_apply_chance(game(), st, &zero, 1), TB_OK);
        assert_int_equal(tb_chance_spec(game(), st, &c), TB_OK);
        /* "Deal 12 cards to each player": the cards in use are all dealt. */
        assert_int_equal(c.n, 12 * players);
        for (int i = 0; i < c.n; i++)
            assert_true(tbi_mq_number(c.items[i]) >= 6 - players);
        free(st);
    }
}

static void hole_is_a_secret_bid(void **state)
{
    (void)state;
    const char *hands[] = {"3Ym 4Ya 4Ra 5Bc", "", ""};
    void *st = deal(3, 2, hands, NULL);
    /* "The player to the dealer's left leads": seat 0 sits left of seat 2,
     * and the holes are set from there round. */
    assert_int_equal(tb_current(game(), st), 0);
    /* A hole is three different cards of the hand. */
    assert_int_equal(ts_refused(game(), st, "hole 5Bc 5Bc 4Ya", "twice"),
                     TB_EPARSE);
    assert_int_equal(ts_refused(game(), st, "hole 3Ym 4Ya", "you named 2"),
                     TB_EPARSE);
    assert_int_equal(ts_refused(game(), st, "hole 3Ym 4Ya 5Rs", "not in your"),
                     TB_EPARSE);
    /* "If you place a Moon and two Arms in your hole, then you have made a
     * bid to win 0 + 2 x 2 = 4 tricks." */
    ts_play(game(), st, "hole 3Ym 4Ya 4Ra");
    json_t *v = ts_view(game(), st, 0);
    json_t *me = json_array_get(json_object_get(v, "seats"), 0);
    assert_int_equal(json_integer_value(json_object_get(me, "bid")), 4);
    assert_int_equal(json_integer_value(json_object_get(me, "hand_size")), 9);
    json_decref(v);
    /* The hole is face-down: no other seat, nor an onlooker, sees it. */
    assert_false(ts_view_has(game(), st, 1, "3Ym"));
    assert_false(ts_view_has(game(), st, TB_SPECTATOR, "3Ym"));
    assert_false(ts_view_has(game(), st, 1, "\"bid\""));
    assert_true(ts_view_has(game(), st, 1, "\"hole_set\":true"));
    free(st);
}

static void dealer_left_leads_and_colour_is_followed(void **state)
{
    (void)state;
    /* Hands chosen in full so the holes are known. */
    const char *full[] = {
        "3Rs 4Rs 5Bm 3Ym 4Ym 5Ym 3Ys 4Ys 5Ys 3Yc 4Yc 5Yc",
        "3Ra 4Ya 3Rm 4Rm 5Rm 3Bs 4Bs 5Bs 3Bc 4Bc 5Bc 5Ya",
        "5Ra 4Ra 5Rs 3Rc 4Rc 5Rc 3Bm 4Bm 3Ba 4Ba 5Ba 3Ya"};
    void *st = deal(3, 2, full, NULL);
    const char *h3[] = {"hole 3Yc 4Yc 5Yc", "hole 3Bc 4Bc 5Bc",
                        "hole 3Bm 4Bm 3Ya"};
    set_holes(st, 3, h3);
    /* "The player to the dealer's left leads to the first trick." */
    assert_int_equal(tb_current(game(), st), 0);
    play(st, "3Rs");
    /* "You must always follow colour: Whichever colour is led is the
     * colour of card you must play from your hand into the trick." */
    assert_string_equal(ts_legal_text(game(), st), "3Rm 4Rm 5Rm 3Ra");
    assert_int_equal(ts_refused(game(), st, "3Bs", "colour led"), TB_EILLEGAL);
    free(st);
}

static void the_texts_example(void **state)
{
    (void)state;
    /* "The trick is led with the 3 [of red suns]. Now the second player
     * must play a red card from his hand. If he plays a [sun], then it
     * would need to be a 4 or 5 to make him the current trick-winner; but
     * playing any [arm] would make him the current trick-winner; any other
     * card played will leave the first player as the current trick-winner.
     * He decides to play the 2 [of red arms] so he can take charge. Now in
     * order for the third player to become the current trick-winner, she
     * must play a 3, 4, or 5 of [arms], or any [crown]."  (Arms beat suns,
     * crowns beat arms: shared/rules/README.md.) */
    const char *full[] = {"3Rs", "2Ra 4Rs 1Rm 5Rm 5Rc", "3Ra 1Rc 1Ra", "",
                          ""};
    const char *keep = "3Rs 2Ra 4Rs 1Rm 5Rm 5Rc 3Ra 1Rc 1Ra";
    /* The second card: a higher sun or any arm takes the lead; a moon or
     * a crown leaves it with seat 0. */
    const char *second[] = {"4Rs", "2Ra", "5Rm", "5Rc"};
    const int second_wins[] = {1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        void *st = deal(5, 4, full, NULL);
        holes_except(st, 5, keep);
        play(st, "3Rs");
        play(st, second[k]);
        assert_int_equal(winning(st), second_wins[k]);
        free(st);
    }
    /* After the 2 of red arms: a 1 of arms does not take charge, a 3 of
     * arms or any crown does. */
    const char *third[] = {"1Ra", "3Ra", "1Rc"};
    const int third_wins[] = {1, 2, 2};
    for (int k = 0; k < 3; k++) {
        void *st = deal(5, 4, full, NULL);
        holes_except(st, 5, keep);
        play(st, "3Rs 2Ra");
        play(st, third[k]);
        assert_int_equal(winning(st), third_wins[k]);
        free(st);
    }
}

static void full_circle_and_tosses(void **state)
{
    (void)state;
    /* "in a five-player game, it's possible to go full-circle through the
     * entire suit cycle, such that the fifth player wins the trick with a
     * lower number of the same suit that was led!" */
    const char *hands[] = {"5Rs", "1Ra", "1Rc", "1Rm", "2Rs"};
    void *st = deal(5, 4, hands, NULL);
    holes_except(st, 5, "5Rs 1Ra 1Rc 1Rm 2Rs");
    play(st, "5Rs 1Ra 1Rc 1Rm 2Rs");
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *last = json_object_get(v, "last_trick");
    assert_int_equal(json_integer_value(json_object_get(last, "winner")), 4);
    json_decref(v);
    assert_int_equal(seat_int(st, 4, "tricks"), 1);
    /* The winner leads the next trick. */
    assert_int_equal(tb_current(game(), st), 4);
    free(st);

    /* "If you have no cards in your hand matching the colour led, then you
     * must select a card to toss into the trick, but you will be
     * ineligible to win the trick."  Seat 1 holds no red: its 1 of blue
     * arms would beat the led sun, were it red. */
    const char *hands2[] = {"1Rs", "1Ba 1Ya 2Ya 2Ba 3Ya 3Ba 4Ya 4Ba 5Ya 5Ba "
                            "1Bs 1Ys", "", "", ""};
    st = deal(5, 4, hands2, NULL);
    holes_except(st, 5, "1Rs 1Ba");
    play(st, "1Rs");
    assert_true(strstr(ts_legal_text(game(), st), "1Ba") != NULL); /* any card */
    assert_string_equal(ts_describe(game(), st, "1Ba", 3),
                        "seat 1 has no red and tosses 1Ba\n");
    play(st, "1Ba");
    assert_true(ts_view_has(game(), st, TB_SPECTATOR, "\"lacks\":[\"red\"]"));
    assert_int_equal(winning(st), 0);
    free(st);
}

/* Plays the rest of the game, or of the hand when one_hand is set, with
 * the first legal move each time (dealing from rng). */
static void play_first(void *st, tb_rng *rng, int one_hand)
{
    while (tb_current(game(), st) != TB_TERMINAL) {
        if (tb_current(game(), st) == TB_CHANCE) {
            if (one_hand)
                return;
            tb_settle(game(), st, rng);
            continue;
        }
        tb_action a[TB_MAX_ACTIONS];
        tb_legal(game(), st, a);
        assert_int_equal(tb_apply(game(), st, a[0]), TB_OK);
    }
}

static void scoring_and_the_deal_passing_left(void **state)
{
    (void)state;
    /* "You score 1 point for each trick you won. If the number of tricks
     * you won this hand matches your hole-bid, then you score a bonus of
     * 20 points."  Over many deals, every seat's points are its tricks,
     * plus 20 exactly when they equal the bid its hole made; both happen. */
    int met = 0, missed = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tb_config cfg = ts_config(game(), 4, NULL);
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), st, &rng);
        int dealer = ts_view_int(game(), st, "dealer");
        play_first(st, &rng, 1);
        /* "The role of "dealer" passes to the left between rounds." */
        assert_int_equal(ts_view_int(game(), st, "dealer"), (dealer + 1) % 4);
        json_t *v = ts_view(game(), st, TB_SPECTATOR);
        json_t *last = json_object_get(v, "last_hand");
        int tricks = 0;
        for (int p = 0; p < 4; p++) {
            json_t *o = json_array_get(last, (size_t)p);
            int bid = (int)json_integer_value(json_object_get(o, "bid"));
            int won = (int)json_integer_value(json_object_get(o, "tricks"));
            int pts = (int)json_integer_value(json_object_get(o, "points"));
            tricks += won;
            assert_int_equal(pts, won + (won == bid ? 20 : 0));
            assert_int_equal(seat_int(st, p, "score"), pts);
            met += won == bid;
            missed += won != bid;
        }
        assert_int_equal(tricks, 9); /* "Once all 9 tricks have been played" */
        json_decref(v);
        free(st);
    }
    assert_true(met > 0 && missed > 0);
}

static void game_ends_at_the_target(void **state)
{
    (void)state;
    /* "Play continues ... until one or more players have scored 60 or more
     * points ... The player with the highest score at the end wins the
     * game." */
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tb_config cfg = ts_config(game(), 3, NULL);
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), st, &rng);
        play_first(st, &rng, 0);
        tb_result r;
        tb_result_of(game(), st, &r);
        int top = 0, best = 0;
        for (int p = 0; p < 3; p++) {
            top |= r.score[p] >= 60;
            if (r.score[p] > r.score[best])
                best = p;
        }
        assert_true(top);
        assert_int_equal(r.rank[best], 1);
        /* It ended after the first hand that reached 60: the hand before
         * left everyone short (a hand scores at most 9 + 20 points). */
        for (int p = 0; p < 3; p++)
            assert_true(r.score[p] < 60 + 29);
        free(st);
    }
    /* The target is an option: with target=1, one hand ends the game. */
    const char *opts[] = {"target=1", NULL};
    void *st = deal(2, 0, NULL, opts);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    play_first(st, &rng, 1);
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    free(st);
}

static void describe_keeps_the_hole_secret(void **state)
{
    (void)state;
    const char *full[] = {"4Ym 5Ym 4Ys 5Ys 4Ya 5Ya 4Yc 5Yc 4Rm 5Rm 4Rs 5Rs",
                          "", ""};
    void *st = deal(2, 1, full, NULL);
    /* Seat 0 sits left of the dealer, seat 1. */
    assert_string_equal(ts_describe(game(), st, "hole 4Ym 4Ys 4Ya", 0),
                        "seat 0 sets aside its hole: 4Ym 4Ys 4Ya, a bid of 3 "
                        "tricks\n");
    const char *other = ts_describe(game(), st, "hole 4Ym 4Ys 4Ya", 1);
    assert_string_equal(other, "seat 0 sets aside its hole\n");
    /* Another hole is told alike to the others. */
    assert_string_equal(ts_describe(game(), st, "hole 5Rm 5Rs 4Yc", 1),
                        "seat 0 sets aside its hole\n");
    assert_string_equal(ts_describe(game(), st, "hole 5Rm 5Rs 4Yc",
                                    TB_SPECTATOR),
                        "seat 0 sets aside its hole\n");
    ts_play(game(), st, "hole 4Ym 4Ys 4Ya");
    const char *last = ts_describe(game(), st, "hole 4Bm 4Bs 4Ba", 0);
    assert_string_equal(last, "seat 1 sets aside its hole\nevery hole is "
                              "set; seat 0 leads the first trick\n");
    ts_play(game(), st, "hole 4Bm 4Bs 4Ba");
    assert_string_equal(ts_describe(game(), st, "5Ym", 1),
                        "seat 0 leads 5Ym\n");
    ts_play(game(), st, "5Ym");
    /* Seat 1 has 5Bm 4Rm 5Rm ... but no yellow: it tosses. */
    assert_string_equal(ts_describe(game(), st, "4Bc", TB_SPECTATOR),
                        "seat 1 has no yellow and tosses 4Bc\n"
                        "seat 0 wins the trick with 5Ym (1 trick this hand)\n");
    free(st);
}

static void the_hand_end_reveals_every_hole(void **state)
{
    (void)state;
    /* "Once all 9 tricks have been played out, reveal your hole-bid and
     * compare it to the number of tricks you won."  2 players: seat 0 holds
     * every yellow card and wins every trick it leads. */
    const char *full[] = {"4Ym 5Ym 4Ys 5Ys 4Ya 5Ya 4Yc 5Yc 4Rm 5Rm 4Rs 5Rs",
                          "", ""};
    void *st = deal(2, 1, full, NULL);
    ts_play(game(), st, "hole 4Rm 5Rm 4Rs");
    ts_play(game(), st, "hole 4Bm 4Bs 4Ba");
    /* Seat 0 leads its yellows; seat 1 has none. */
    const char *seq[] = {"4Ym", "4Bc", "5Ym", "5Bm", "4Ys", "5Bs", "5Ys",
                         "5Ba", "4Ya", "5Bc", "5Ya", "4Ra", "4Yc", "5Ra",
                         "5Yc", "4Rc"};
    for (int i = 0; i < 16; i++)
        ts_play(game(), st, seq[i]);
    /* The ninth trick: seat 0 leads 5Rs, seat 1 follows red. */
    ts_play(game(), st, "5Rs");
    const char *d = ts_describe(game(), st, "5Rc", 1);
    assert_non_null(strstr(d, "seat 1 plays 5Rc; 5Rs still leads\n"));
    assert_non_null(strstr(d, "seat 0 wins the trick with 5Rs (9 tricks this "
                              "hand)\n"));
    assert_non_null(strstr(d, "hand 1 is over; the holes are turned up:\n"));
    assert_non_null(strstr(d, "  seat 0's hole 4Rm 5Rm 4Rs bids 1; it won 9 "
                              "tricks: 9 points\n"));
    assert_non_null(strstr(d, "  seat 1's hole 4Bm 4Bs 4Ba bids 3; it won 0 "
                              "tricks: 0 points\n"));
    assert_non_null(strstr(d, "seat 0 deals the next hand\n"));
    ts_play(game(), st, "5Rc");
    /* Every seat now sees both holes. */
    assert_true(ts_view_has(game(), st, 1, "4Rm"));
    assert_true(ts_view_has(game(), st, TB_SPECTATOR, "4Bs"));
    free(st);
}

static void determinize_keeps_shown_voids(void **state)
{
    (void)state;
    const char *hands2[] = {"1Rs", "1Ba 1Ya 2Ya 2Ba 3Ya 3Ba 4Ya 4Ba 5Ya 5Ba "
                            "1Bs 1Ys", "", "", ""};
    void *st = deal(5, 4, hands2, NULL);
    holes_except(st, 5, "1Rs 1Ba");
    play(st, "1Rs 1Ba");
    /* Seat 1 has shown it has no red: no sample gives it one in hand. */
    void *det = malloc(game()->state_size);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    for (int k = 0; k < 200; k++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 2, &rng);
        json_t *v = ts_view(game(), det, 1);
        json_t *hand = json_object_get(v, "hand");
        for (size_t i = 0; i < json_array_size(hand); i++)
            assert_true(json_string_value(json_array_get(hand, i))[1] != 'R');
        json_decref(v);
    }
    free(det);
    free(st);
}

/* Joins a JSON array of card short forms with spaces into out. */
static void join_cards(json_t *a, char *out, size_t cap)
{
    out[0] = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        if (i)
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, json_string_value(json_array_get(a, i)),
                cap - strlen(out) - 1);
    }
}

static void determinize_gives_holes_the_bot_would_set(void **state)
{
    (void)state;
    /* docs/games/mystique-circle.md, Search defaults: a determinization
     * gives each other seat that has set its hole the hole the heuristic
     * would set aside from its cards in that world, so its bid is one a
     * player would make (not three random cards: 4.5 tricks on average).
     * Seat 0 sets its hole first (dealer 2); seat 1 determinizes. */
    void *st = deal(3, 2, NULL, NULL);
    holes_except(st, 1, "");
    void *det = malloc(game()->state_size);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    for (int k = 0; k < 20; k++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 1, &rng);
        json_t *v = ts_view(game(), det, 0);
        char cards[128], hole[64], want[64];
        join_cards(json_object_get(v, "hand"), cards, sizeof cards);
        join_cards(json_object_get(json_array_get(json_object_get(v, "seats"),
                                                  0), "hole"),
                   hole, sizeof hole);
        strcat(cards, " ");
        strcat(cards, hole);
        json_decref(v);
        /* The same twelve cards dealt to seat 0, who is to set its hole:
         * what the heuristic sets aside (it reads only its own cards). */
        const char *hands[] = {cards, "", ""};
        void *fresh = deal(3, 2, hands, NULL);
        snprintf(want, sizeof want, "%s",
                 ts_heuristic_text(game(), fresh, 0, &rng));
        free(fresh);
        char got[72];
        snprintf(got, sizeof got, "hole %s", hole);
        assert_string_equal(got, want);
    }
    free(det);
    free(st);
}

static void heuristic_plays_to_its_bid(void **state)
{
    (void)state;
    /* Seat 4 leads 2Rm; seat 0 can take the lead with 3Rm or stay under it
     * with 1Ra (arms do not beat moons).  Its other cards are weak. */
    const char *hands[] = {"1Ym 2Ym 3Ym 3Rm 1Ra 1Ys 1Bs 1Ba 2Ba 1Yc 2Yc 1Bc",
                           "", "", "", "2Rm"};
    const char *keep[] = {"3Rm 1Ra 2Rm 1Ys 1Bs 1Ba 2Ba 1Yc 2Yc 1Bc",
                          "3Rm 1Ra 2Rm 1Ys 1Bs 1Ba 2Ba 1Ym 2Ym 3Ym"};
    /* With three moons in its hole it bids 0 and ducks; with three crowns
     * it bids 9 and takes the lead. */
    const char *want[] = {"1Ra", "3Rm"};
    for (int k = 0; k < 2; k++) {
        void *st = deal(5, 3, hands, NULL);
        holes_except(st, 5, keep[k]);
        play(st, "2Rm");
        tb_rng rng;
        tb_rng_seed(&rng, 1);
        assert_string_equal(ts_heuristic_text(game(), st, 0, &rng), want[k]);
        free(st);
    }
}

static void typing_in_a_real_deal(void **state)
{
    (void)state;
    /* As docs/games/mystique-circle.md says: the first deal entry is the
     * first dealer, the next the 24 cards of a 2-player game, seat 0's
     * twelve then seat 1's. */
    const char *full[] = {"4Ym 5Ym 4Ys 5Ys 4Ya 5Ya 4Yc 5Yc 4Rm 5Rm 4Rs 5Rs",
                          ""};
    uint16_t deck[24];
    deck_for(2, full, deck);
    char json[2048];
    int k = snprintf(json, sizeof json,
                     "{\"format\":\"tabula-record/1\",\"game\":"
                     "\"mystique-circle\",\"players\":2,\"deal\":[[1],[");
    for (int i = 0; i < 24; i++)
        k += snprintf(json + k, sizeof json - (size_t)k, "%s%d", i ? "," : "",
                      deck[i]);
    snprintf(json + k, sizeof json - (size_t)k,
             "]],\"actions\":[{\"seat\":0,\"move\":\"hole 4Rm 5Rm 4Rs\"},"
             "{\"seat\":1,\"move\":\"hole 4Bm 4Bs 4Ba\"},"
             "{\"seat\":0,\"move\":\"5Yc\"},{\"seat\":1,\"move\":\"5Ra\"}]}");
    void *st = ts_replay_json(json);
    /* Seat 0 led its 5 of yellow crowns; seat 1, with no yellow, tossed. */
    assert_int_equal(seat_int(st, 0, "tricks"), 1);
    assert_true(ts_view_has(game(), st, TB_SPECTATOR, "\"lacks\":[\"yellow\"]"));
    assert_int_equal(tb_current(game(), st), 0);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deck_follows_player_count),
        cmocka_unit_test(hole_is_a_secret_bid),
        cmocka_unit_test(dealer_left_leads_and_colour_is_followed),
        cmocka_unit_test(the_texts_example),
        cmocka_unit_test(full_circle_and_tosses),
        cmocka_unit_test(scoring_and_the_deal_passing_left),
        cmocka_unit_test(game_ends_at_the_target),
        cmocka_unit_test(describe_keeps_the_hole_secret),
        cmocka_unit_test(the_hand_end_reveals_every_hole),
        cmocka_unit_test(determinize_keeps_shown_voids),
        cmocka_unit_test(determinize_gives_holes_the_bot_would_set),
        cmocka_unit_test(heuristic_plays_to_its_bid),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("mystique-circle", tests, NULL, NULL);
}
