/*
 * test_mystique.c - the tricky rules of Mystique, each test quoting the
 * booklet's text it checks.  Positions are set up through the public API:
 * the draw for the deal is given a deck order in which the chosen dealer
 * draws card 60, and the deal a deck order that gives each seat the cards
 * a test names (seat 0's block first), filled up with the lowest unnamed
 * cards.
 */
#include "support.h"

#include "internal.h"
#include "mystique_deck.h"

#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique");
}

/* A game of `players` with options given as "key=value" strings (NULL
 * ends the list). */
static void *new_game(int players, const char *const *opts)
{
    tb_config cfg = ts_config(game(), players, opts);
    return ts_new_game(game(), &cfg);
}

static int deck_size(int players)
{
    return players > 4 ? 120 : 60;
}

/* Feeds the draw for the deal: `dealer` draws card 60 (id 59), the others
 * low cards. */
static void draw_dealer(void *st, int players, int dealer)
{
    uint16_t perm[120];
    int n = deck_size(players), k = 0, low = 0;
    for (int p = 0; p < players; p++)
        perm[k++] = (uint16_t)(p == dealer ? 59 : low++);
    for (int id = 0; id < n; id++)
        if (id != 59 && id >= low)
            perm[k++] = (uint16_t)id;
    assert_int_equal(k, n);
    assert_int_equal(tb_apply_chance(game(), st, perm, n), TB_OK);
}

/* Feeds the deal: seat p gets the cards named in spec[p] (short forms,
 * space separated), filled up with the lowest cards nobody was given. */
static void deal(void *st, int players, const char *const *spec)
{
    int n = deck_size(players), two = n == 120;
    int hand = (n - (players == 2 ? 20 : 0)) / players;
    int cards[6][24], count[6], size[6];
    const int *named[6];
    for (int p = 0; p < players; p++) {
        count[p] = ts_mq_cards(spec[p], two, cards[p], 24);
        size[p] = hand;
        named[p] = cards[p];
    }
    uint16_t perm[120];
    assert_int_equal(ts_deck_order(perm, 0, n - 1, players, named, count, size),
                     n);
    assert_int_equal(tb_apply_chance(game(), st, perm, n), TB_OK);
}

/* A dealt game: options, dealer, hands. */
static void *setup(int players, const char *const *opts, int dealer,
                   const char *const *spec)
{
    void *st = new_game(players, opts);
    draw_dealer(st, players, dealer);
    deal(st, players, spec);
    return st;
}

static void play_all(void *st, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok(buf, ","); m; m = strtok(NULL, ","))
        ts_play(game(), st, tbi_skip_space(m));
}

/* An integer field of seat p in the spectator's JSON view (-1: missing). */
static long seat_field(const void *st, int p, const char *field)
{
    char *js = tb_view_json(game(), st, TB_SPECTATOR);
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", field);
    const char *s = js;
    /* The seats array lists the seats in order, each with the field once. */
    s = strstr(s, "\"seats\":");
    for (int i = 0; s && i <= p; i++) {
        s = strstr(s, key);
        if (s && i < p)
            s += strlen(key);
    }
    long v = s ? strtol(s + strlen(key), NULL, 10) : -1;
    free(js);
    return v;
}

/* The spellcaster opens with the first n cards the legal list offers,
 * then casts with `cast` ("cast reds"), or the first cast offered when
 * cast is NULL. */
static void open_first(void *st, int n, const char *cast)
{
    const tb_game *g = game();
    tb_action buf[TB_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        assert_true(tb_legal(g, st, buf) > 0);
        assert_true(buf[0] < 200u); /* a card */
        assert_int_equal(tb_apply(g, st, buf[0]), TB_OK);
    }
    if (cast) {
        ts_play(g, st, cast);
        return;
    }
    int k = tb_legal(g, st, buf), i = 0;
    while (i < k && buf[i] < 200u)
        i++;
    assert_true(i < k);
    assert_int_equal(tb_apply(g, st, buf[i]), TB_OK);
}

/* ------------------------------------------------------------ setup */

/* "Each player draws a random card. The player who drew the card with the
 * highest card number (1 to 60) is the dealer ... The player on the right
 * of the dealer starts and she's called the spellcaster."  "The game is
 * played in anticlockwise order": seat p + 1 is on seat p's right. */
static void dealer_draw_and_first_player(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(4, NULL);
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    draw_dealer(st, 4, 2);
    assert_int_equal(tb_current(g, st), TB_CHANCE); /* now the deal */
    deal(st, 4, (const char *const[]){NULL, NULL, NULL, NULL});
    assert_int_equal(tb_current(g, st), 3);
    char *js = tb_view_json(g, st, 3);
    assert_non_null(strstr(js, "\"dealer\":2"));
    assert_non_null(strstr(js, "\"spellcaster\":3"));
    free(js);
    free(st);

    /* The dealer on the last seat: the first seat starts. */
    st = setup(3, NULL, 2, (const char *const[]){NULL, NULL, NULL});
    assert_int_equal(tb_current(g, st), 0);
    free(st);
}

/* With two decks the gold and silver copies of a card tie for the
 * highest number: the tied players draw again (our reading). */
static void two_deck_draw_ties_draw_again(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(5, NULL);
    uint16_t perm[120];
    /* Seats 1 and 3 draw card 60 gold and silver. */
    int k = 0;
    perm[k++] = 0;
    perm[k++] = 59;
    perm[k++] = 1;
    perm[k++] = 119;
    perm[k++] = 2;
    for (int id = 3; id < 120; id++)
        if (id != 59 && id != 119)
            perm[k++] = (uint16_t)id;
    assert_int_equal(tb_apply_chance(g, st, perm, 120), TB_OK);
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    char *js = tb_view_json(g, st, TB_SPECTATOR);
    assert_non_null(strstr(js, "\"phase\":\"draw\""));
    free(js);
    /* Only seats 1 and 3 draw now, in seat order: seat 3 draws card 58. */
    k = 0;
    perm[k++] = 10;
    perm[k++] = 57;
    for (int id = 0; id < 120; id++)
        if (id != 10 && id != 57)
            perm[k++] = (uint16_t)id;
    assert_int_equal(tb_apply_chance(g, st, perm, 120), TB_OK);
    js = tb_view_json(g, st, TB_SPECTATOR);
    assert_non_null(strstr(js, "\"phase\":\"deal\""));
    assert_non_null(strstr(js, "\"dealer\":3"));
    free(js);
    deal(st, 5, (const char *const[]){NULL, NULL, NULL, NULL, NULL});
    assert_int_equal(tb_current(g, st), 4);
    free(st);
}

/* "If you are playing a 2-player game, set aside 20 random cards
 * face-down. They're not used during the game."  Each player gets 20; the
 * set-aside cards are hidden from both, and resampled when determinizing. */
static void two_players_set_aside_twenty(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(2, NULL, 1, (const char *const[]){NULL, NULL});
    assert_int_equal(seat_field(st, 0, "hand_size"), 20);
    assert_int_equal(seat_field(st, 1, "hand_size"), 20);
    /* The lowest 40 cards were dealt; card 60 (id 59) is set aside. */
    char *js = tb_view_json(g, st, 0);
    assert_null(strstr(js, "5Bc"));
    free(js);
    void *det = tb_state_new(g);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    int moved = 0;
    for (int i = 0; i < 20 && !moved; i++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, 0, &rng);
        char *a = tb_view_json(g, det, 0), *b = tb_view_json(g, st, 0);
        assert_string_equal(a, b); /* seat 0 sees no change */
        free(a);
        free(b);
        a = tb_view_json(g, det, 1);
        b = tb_view_json(g, st, 1);
        moved = strcmp(a, b) != 0; /* seat 1's hand was resampled */
        free(a);
        free(b);
    }
    assert_true(moved);
    free(det);
    free(st);
}

/* "Use 2 decks (gold and silver) for games with more than 4 players."
 * "the dealer deals the maximum number of cards out to the players ...
 * such that each player receives the same number of cards": 24 each with
 * 5 players, 20 each with 6; the silver copy is written "3Rc+". */
static void two_decks_above_four_players(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(5, NULL, 4,
                     (const char *const[]){"3Rc 3Rc+ 3Ys", NULL, NULL, NULL,
                                           NULL});
    for (int p = 0; p < 5; p++)
        assert_int_equal(seat_field(st, p, "hand_size"), 24);
    assert_true(ts_is_legal_text(g, st, "3Rc+"));
    /* Two copies of one card share all three attributes. */
    play_all(st, "3Rc, 3Rc+");
    assert_true(ts_is_legal_text(g, st, "cast threes"));
    assert_true(ts_is_legal_text(g, st, "cast reds"));
    assert_true(ts_is_legal_text(g, st, "cast crowns"));
    free(st);

    st = setup(6, NULL, 5, (const char *const[]){NULL, NULL, NULL, NULL,
                                                 NULL, NULL});
    for (int p = 0; p < 6; p++)
        assert_int_equal(seat_field(st, p, "hand_size"), 20);
    assert_int_equal(tb_current(g, st), 0);
    free(st);

    st = new_game(4, NULL);
    tb_chance c;
    tb_chance_spec(g, st, &c);
    assert_int_equal(c.n, 60); /* one deck up to four players */
    free(st);
}

/* "Use 2 decks (gold and silver) for games with more than 4 players": a
 * player holding only the silver copy of a card may type it without the
 * "+" (to pick, deflect or take it back); holding both, the plain name is
 * the gold copy and "3Rc+" the silver, and a card number ("#14"), which
 * names no copy, is asked about. */
static void a_plain_name_fits_the_only_copy_held(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(5, NULL, 4,
                     (const char *const[]){"3Rc+ 3Ys 3Bm 4Bm 4Bm+", NULL,
                                           NULL, NULL, NULL});
    assert_int_equal(tb_current(g, st), 0);
    assert_string_equal(ts_parsed_text(game(), st, "3Rc"), "3Rc+");
    assert_string_equal(ts_parsed_text(game(), st, "4Bm"), "4Bm");
    assert_string_equal(ts_parsed_text(game(), st, "4Bm+"), "4Bm+");
    /* A card number names no copy: the one held, or a question. */
    assert_string_equal(ts_parsed_text(game(), st, "#53"), "3Rc+");
    ts_refused(g, st, "#14", "you hold both copies of card 14: type 4Bm "
               "(gold) or 4Bm+ (silver)");
    ts_refused(g, st, "3Ys+", "3Ys+ is not in your hand");
    ts_play(g, st, "3rc");
    assert_string_equal(ts_parsed_text(game(), st, "unpick 3Rc"), "unpick 3Rc+");
    free(st);
}

/* ------------------------------------------------------------ spells */

/* "She chooses up to 5 cards from her hand that have an attribute in
 * common ... Then announces the number of cards she's chosen and what they
 * have in common." */
static void opening_up_to_five_sharing_an_attribute(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(4, NULL, 3,
                     (const char *const[]){"1Ys 2Ys 3Ys 4Ys 1Rs 2Rs 3Bm",
                                           NULL, NULL, NULL});
    ts_refused(game(), st, "take", "must open");
    ts_refused(game(), st, "cast", "pick the cards");
    ts_play(g, st, "3Ys");
    /* One card shares its number, suit and colour with itself. */
    assert_true(ts_is_legal_text(g, st, "cast threes"));
    assert_true(ts_is_legal_text(g, st, "cast suns"));
    assert_true(ts_is_legal_text(g, st, "cast yellows"));
    ts_play(g, st, "3Bm"); /* threes only now */
    ts_refused(game(), st, "1Ys", "shares no number, suit or colour");
    ts_refused(game(), st, "cast suns", "not all suns");
    ts_refused(game(), st, "5Bc", "not in your hand");
    free(st);

    st = setup(4, NULL, 3,
               (const char *const[]){"1Ys 2Ys 3Ys 4Ys 1Rs 2Rs", NULL, NULL,
                                     NULL});
    play_all(st, "1Ys, 2Ys, 3Ys, 4Ys, 1Rs");
    assert_false(ts_is_legal_text(g, st, "2Rs"));
    ts_refused(game(), st, "2Rs", "at most 5 cards");
    ts_play(g, st, "cast"); /* suns is the only trait all five share */
    char *js = tb_view_json(g, st, 1);
    assert_non_null(strstr(js, "\"announced\":\"suns\""));
    assert_non_null(strstr(js, "\"need\":5"));
    free(js);
    assert_int_equal(tb_current(g, st), 1);
    free(st);
}

/* "Alejandro opened with three [suns]; Brenna plays five [suns]; Cedric
 * plays six [suns]; Didier can't possibly have more than one [sun] in his
 * hand (There are only fifteen [suns] in the deck!), so he must gather the
 * fourteen [suns] played as burns. The good news is that Didier is the new
 * spellcaster."  Answers must be of the announced trait, at least as many
 * cards, and may exceed five. */
static void answers_match_the_trait_and_may_exceed_five(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(4, NULL, 3,
                     (const char *const[]){
                         "1Ys 2Ys 3Ys",
                         "4Ys 5Ys 1Rs 2Rs 3Rs",
                         "4Rs 5Rs 1Bs 2Bs 3Bs 4Bs",
                         "5Bs",
                     });
    play_all(st, "1Ys, 2Ys, 3Ys, cast suns");
    /* Brenna: only suns, and at least three. */
    ts_refused(game(), st, "5Ym", "not in your hand");
    assert_false(ts_is_legal_text(g, st, "2Ym"));
    play_all(st, "4Ys, 5Ys, 1Rs");
    ts_refused(game(), st, "cast moons", "the spell to beat is of suns");
    play_all(st, "2Rs, 3Rs, cast");
    /* Cedric: four suns are not enough... */
    play_all(st, "4Rs, 5Rs, 1Bs, 2Bs");
    ts_refused(game(), st, "cast", "at least 5");
    /* ...he could stop at five, but plays six. */
    play_all(st, "3Bs");
    assert_true(ts_is_legal_text(g, st, "cast"));
    play_all(st, "4Bs, cast");
    /* Didier holds one sun: he can only take. */
    assert_int_equal(tb_current(g, st), 3);
    ts_refused(game(), st, "5Bs", "fewer than the 6 needed");
    tb_action buf[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(g, st, buf), 1);
    ts_play(g, st, "take");
    assert_int_equal(seat_field(st, 3, "burns"), 14);
    assert_int_equal(tb_current(g, st), 3); /* the new spellcaster opens */
    char *js = tb_view_json(g, st, 3);
    assert_non_null(strstr(js, "\"spellcaster\":3"));
    assert_null(strstr(js, "\"announced\""));
    free(js);
    free(st);
}

/* "Examples of openings: ... 'Two ones' (of any colours and suits)": a
 * number spell is answered by as many cards of that number. */
static void number_spells(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(3, NULL, 2,
                     (const char *const[]){"1Ym 1Rs", "1Bs 1Ra 2Ra", NULL});
    play_all(st, "1Ym, 1Rs, cast ones");
    assert_false(ts_is_legal_text(g, st, "2Ra"));
    play_all(st, "1Bs, 1Ra, cast");
    assert_int_equal(tb_current(g, st), 2);
    free(st);
}

/* ------------------------------------------------------------ skirmish */

/* The skirmish used by the next tests: 2 players, seat 0 holds all twenty
 * reds and opens five at a time; seat 1 takes each time and opens a single
 * card, which seat 0 takes. */
static void *reds_skirmish(const char *const *opts)
{
    const tb_game *g = game();
    void *st = setup(2, opts, 1,
                     (const char *const[]){
                         "1Rm 2Rm 3Rm 4Rm 5Rm 1Rs 2Rs 3Rs 4Rs 5Rs "
                         "1Ra 2Ra 3Ra 4Ra 5Ra 1Rc 2Rc 3Rc 4Rc 5Rc",
                         NULL});
    for (int i = 0; i < 4; i++) {
        open_first(st, 5, "cast reds");
        ts_play(g, st, "take");
        open_first(st, 1, NULL);
        if (i < 3) {
            /* Seat 0 still has cards: the skirmish goes on. */
            ts_play(g, st, "take");
        }
    }
    return st;
}

/* "If it's a spellcaster's turn to open a new round and the spellcaster
 * has no cards left in her hand, the skirmish ends. All players place
 * their remaining cards face-down in their burns piles. Note that the
 * skirmish doesn't end just because a player empties her hand."
 * "The player with the fewest burns wins the skirmish." */
static void skirmish_ends_when_the_spellcaster_cannot_open(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = reds_skirmish((const char *const[]){"skirmishes=1", NULL});
    /* Seat 0 emptied her hand with her fourth opening, yet the skirmish
     * went on: seat 1 took and opened again.  Now seat 0, with no cards,
     * can only take, and then cannot open. */
    assert_int_equal(tb_current(g, st), 0);
    assert_int_equal(seat_field(st, 0, "hand_size"), 0);
    tb_action buf[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(g, st, buf), 1);
    ts_play(g, st, "take");
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    /* Seat 0 took four single cards; seat 1 took twenty reds and burns
     * the sixteen cards left in her hand. */
    assert_int_equal(seat_field(st, 0, "burns"), 4);
    assert_int_equal(seat_field(st, 1, "burns"), 36);
    tb_result r;
    tb_result_of(g, st, &r);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 2);
    assert_true(r.score[0] == 1.0 && r.score[1] == 0.0);
    free(st);
}

/* "Aces Scoring: At the end of the skirmish, aces count as 5 burns instead
 * of just 1." */
static void aces_count_five_burns(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = reds_skirmish(
        (const char *const[]){"skirmishes=1", "aces=on", NULL});
    ts_play(g, st, "take");
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    /* Seat 0's four cards include the ace of yellow moons: 5 + 3. */
    assert_int_equal(seat_field(st, 0, "burn_cards"), 4);
    assert_int_equal(seat_field(st, 0, "burns"), 8);
    /* Seat 1: the four red aces taken and three aces left in hand. */
    assert_int_equal(seat_field(st, 1, "burn_cards"), 36);
    assert_int_equal(seat_field(st, 1, "burn_aces"), 7);
    assert_int_equal(seat_field(st, 1, "burns"), 64);
    free(st);
}

/* "The game can be played to the best of 3 or 5 skirmishes."  Our reading:
 * the game ends once a player has won a majority (2 of 3, 3 of 5), or
 * after the last skirmish; each skirmish is set up anew, with a new draw
 * for the deal. */
static void best_of_three(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = reds_skirmish(NULL); /* best of 3 is the default */
    ts_play(g, st, "take");
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    char *js = tb_view_json(g, st, TB_SPECTATOR);
    assert_non_null(strstr(js, "\"phase\":\"draw\""));
    free(js);
    assert_int_equal(seat_field(st, 0, "skirmishes_won"), 1);
    assert_int_equal(seat_field(st, 0, "total_burns"), 4);
    free(st);

    /* Random games: never more than 3 skirmishes, and fewer only when a
     * player has won 2. */
    for (uint64_t seed = 1; seed <= 30; seed++) {
        st = new_game(3, NULL);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_random_playout(g, st, &rng);
        js = tb_view_json(g, st, TB_SPECTATOR);
        const char *k = strstr(js, "\"skirmish\":");
        int played = atoi(k + strlen("\"skirmish\":"));
        free(js);
        int most = 0;
        for (int p = 0; p < 3; p++)
            if (seat_field(st, p, "skirmishes_won") > most)
                most = (int)seat_field(st, p, "skirmishes_won");
        assert_true(played >= 2 && played <= 3);
        if (played == 2)
            assert_int_equal(most, 2);
        free(st);
    }
}

/* "Ties are possible": every player with the fewest burns wins the
 * skirmish; players level on skirmishes and burns share a rank. */
static void tied_skirmish_is_won_by_both(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(2, (const char *const[]){"skirmishes=1", NULL}, 1,
                     (const char *const[]){NULL, NULL});
    /* Each opens one card and the other takes it, until seat 0 (who
     * started) is out of cards; she then takes seat 1's last card. */
    while (tb_current(g, st) != TB_TERMINAL) {
        char *js = tb_view_json(g, st, TB_SPECTATOR);
        int answering = strstr(js, "\"announced\"") != NULL;
        free(js);
        if (answering)
            ts_play(g, st, "take");
        else
            open_first(st, 1, NULL);
    }
    assert_int_equal(seat_field(st, 0, "burns"), 20);
    assert_int_equal(seat_field(st, 1, "burns"), 20);
    tb_result r;
    tb_result_of(g, st, &r);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 1);
    free(st);
}

/* ------------------------------------------------------------ options */

/* "Alejandro opens with 3 [X]; Brenna plays 4 [X]; Cedric plays a palm of
 * [X] to deflect, passing the turn forward to Didier. Didier plays another
 * palm of [X] to deflect, passing the turn to Alejandro. Alejandro can
 * neither play 4 or more [X], nor deflect with a palm of [X], so he takes
 * all nine cards that were played." */
static void deflection_with_palms(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *const opts[] = {"deflection=on", NULL};
    const char *const hands[] = {
        "1Ys 2Ys 3Ys",
        "4Ys 1Rs 2Rs 3Rs",
        "5Ys 4Rs",
        "5Rs 1Bs 2Bs 3Bs 4Bs 5Bs",
    };
    void *st = setup(4, opts, 3, hands);
    play_all(st, "1Ys, 2Ys, 3Ys, cast suns, 4Ys, 1Rs, 2Rs, 3Rs, cast");
    /* Cedric holds two suns, fewer than four: take, or deflect. */
    assert_true(ts_is_legal_text(g, st, "deflect 5Ys"));
    ts_refused(game(), st, "deflect 4Rs", "only a palm");
    ts_play(g, st, "deflect 5Ys");
    assert_int_equal(tb_current(g, st), 3);
    /* Didier could answer with four suns, but deflects too. */
    assert_true(ts_is_legal_text(g, st, "1Bs"));
    ts_play(g, st, "deflect 5Rs");
    assert_int_equal(tb_current(g, st), 0);
    /* Alejandro has no suns left: the spell to beat is still four. */
    char *js = tb_view_json(g, st, 0);
    assert_non_null(strstr(js, "\"need\":4"));
    free(js);
    tb_action buf[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(g, st, buf), 1);
    ts_play(g, st, "take");
    assert_int_equal(seat_field(st, 0, "burns"), 9);
    free(st);

    /* Without the optional rule there is no deflection. */
    st = setup(4, NULL, 3, hands);
    play_all(st, "1Ys, 2Ys, 3Ys, cast suns, 4Ys, 1Rs, 2Rs, 3Rs, cast");
    assert_false(ts_is_legal_text(g, st, "deflect 5Ys"));
    ts_refused(game(), st, "deflect 5Ys", "no spell can be deflected");
    free(st);
}

/* "Palms can deflect colour or suit, but not number."  "Note that fives
 * can still be used as openings (Example: Alejandro opens with 3 fives)." */
static void palms_do_not_deflect_numbers(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *const opts[] = {"deflection=on", NULL};
    void *st = setup(4, opts, 3,
                     (const char *const[]){"5Ym 5Ys 5Ya", "5Rm 1Rm", NULL,
                                           NULL});
    play_all(st, "5Ym, 5Ys, 5Ya, cast fives");
    assert_false(ts_is_legal_text(g, st, "deflect 5Rm"));
    ts_refused(game(), st, "deflect 5Rm", "no spell can be deflected");
    free(st);

    /* A colour spell: a palm of that colour deflects. */
    st = setup(4, opts, 3,
               (const char *const[]){"1Ym 2Ym", "5Ya 1Rm", NULL, NULL});
    play_all(st, "1Ym, 2Ym, cast yellows");
    assert_true(ts_is_legal_text(g, st, "deflect 5Ya"));
    assert_false(ts_is_legal_text(g, st, "deflect 5Rm"));
    free(st);
}

/* "Partnerships: Rules for 2 or 3 Couples. Play as usual, but couples sit
 * facing each other, and then add up their scores."  Couples are seats p
 * and p + players/2; a couple's burns are added, and both partners get the
 * couple's skirmishes and rank. */
static void partnerships_add_up_burns(void **state)
{
    (void)state;
    const tb_game *g = game();
    char err[256];
    tb_config cfg;
    tb_config_default(g, 3, &cfg);
    assert_int_equal(tb_config_set(g, &cfg, "partnership", "on", err,
                                   sizeof err), TB_OK);
    assert_int_equal(tb_config_check(g, &cfg, err, sizeof err), TB_EINVAL);
    assert_non_null(strstr(err, "4 players"));
    for (int players = 4; players <= 6; players += 2) {
        for (uint64_t seed = 1; seed <= 10; seed++) {
            void *st = new_game(players, (const char *const[]){
                "partnership=on", "skirmishes=1", NULL});
            tb_rng rng;
            tb_rng_seed(&rng, seed);
            tb_random_playout(g, st, &rng);
            int half = players / 2, couple[3] = {0}, fewest = 1 << 20;
            for (int p = 0; p < players; p++)
                couple[p % half] += (int)seat_field(st, p, "burns");
            for (int d = 0; d < half; d++)
                if (couple[d] < fewest)
                    fewest = couple[d];
            tb_result r;
            tb_result_of(g, st, &r);
            for (int p = 0; p < players; p++) {
                assert_int_equal(r.rank[p], r.rank[(p + half) % players]);
                assert_true(r.score[p] == (couple[p % half] == fewest));
                assert_int_equal(r.rank[p] == 1, couple[p % half] == fewest);
            }
            free(st);
        }
    }
}

/* ------------------------------------------------------------ hidden */

/* Issue 10's reproducer: seat 2 opens "four yellows" and seat 3 begins
 * answering with 2Ym.  A seat may only begin an answer holding as many
 * cards of the trait as the spell ("an answer is only begun by a player
 * holding enough cards of the trait", docs/games/mystique.md), and its
 * picks are face up, so every seat knows seat 3 holds three more yellows:
 * a determinization for seat 0, seat 1 or the spectator must deal it
 * them, or seat 3 would be left with no legal move. */
static const char reproducer[] =
    "{\"format\":\"tabula-record/1\",\"game\":\"mystique\",\"players\":4,"
    "\"options\":{\"skirmishes\":\"1\",\"aces\":false,\"deflection\":true,"
    "\"partnership\":true},"
    "\"seats\":[\"random\",\"random\",\"random\",\"random\"],"
    "\"seed\":896179571,"
    "\"deal\":[[58,59,13,15,11,8,35,55,23,27,51,18,1,48,42,30,6,53,24,54,46,"
    "21,45,36,39,19,44,17,40,34,38,2,4,50,43,57,49,22,32,16,9,0,26,7,25,20,"
    "12,5,29,47,28,37,56,31,3,10,52,41,14,33],"
    "[21,49,53,46,26,55,13,48,37,16,32,56,5,38,57,28,52,35,59,14,17,0,11,42,"
    "2,12,24,10,44,25,54,51,19,3,58,31,9,41,29,50,40,20,4,47,33,45,1,15,36,"
    "34,23,8,6,43,18,39,30,7,22,27]],"
    "\"actions\":[{\"seat\":2,\"move\":\"5Ys\"},{\"seat\":2,\"move\":\"5Ym\"},"
    "{\"seat\":2,\"move\":\"4Ya\"},{\"seat\":2,\"move\":\"2Ya\"},"
    "{\"seat\":2,\"move\":\"cast yellows\"},{\"seat\":3,\"move\":\"2Ym\"}]}";

/* How many yellow cards seat p holds, as its own view shows them. */
static int yellows_in_hand(const void *st, int p)
{
    json_t *v = ts_view(game(), st, p), *c;
    size_t i;
    int n = 0;
    json_array_foreach(json_object_get(v, "hand"), i, c)
        n += json_string_value(c)[1] == 'Y';
    json_decref(v);
    return n;
}

static void determinize_keeps_a_begun_answer_possible(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = ts_replay_json(reproducer), *det = tb_state_new(g);
    assert_int_equal(tb_current(g, st), 3);
    tb_action acts[TB_MAX_ACTIONS];
    tb_rng rng;
    tb_rng_seed(&rng, 10);
    for (int seat = TB_SPECTATOR; seat < 4; seat++) {
        for (int i = 0; i < 200; i++) {
            memcpy(det, st, g->state_size);
            tb_determinize(g, det, seat, &rng);
            assert_int_equal(tb_current(g, det), 3);
            int n = tb_legal(g, det, acts);
            assert_true(n >= 1);
            /* Not just a move: seat 3 can still finish the answer. */
            assert_true(yellows_in_hand(det, 3) >= 3);
            /* And the determinized game plays to its end. */
            assert_true(tb_random_playout(g, det, &rng) >= 0);
            assert_int_equal(tb_current(g, det), TB_TERMINAL);
        }
    }
    /* Taking the card back keeps the knowledge: seat 3 still holds four. */
    ts_play(g, st, "back");
    assert_true(ts_view_has(g, st, 0, "\"answer_begun\":true"));
    for (int seat = TB_SPECTATOR; seat < 3; seat++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, seat, &rng);
        assert_true(yellows_in_hand(det, 3) >= 4);
    }
    free(st);
    free(det);
}

/* ------------------------------------------------------------ describe */

/* What seat is told of the move typed as text in st. */
static const char *told(const void *st, const char *text, int seat)
{
    return ts_describe(game(), st, text, seat);
}

/* Whether seat's render of st contains text. */
static int renders(const void *st, int seat, const char *text)
{
    static char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, seat, TB_STYLE_PLAIN, &t);
    return strstr(buf, text) != NULL;
}

/* Every move is public in Mystique, so every seat is told the same; the
 * spell is said in words ("a single red", "five reds"), and the end of a
 * skirmish is announced with the hands that burn, the burns, the winner
 * and what follows. */
static void moves_are_described_in_words(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(2, (const char *const[]){"skirmishes=1", NULL}, 1,
                     (const char *const[]){
                         "1Rm 2Rm 3Rm 4Rm 5Rm 1Rs 2Rs 3Rs 4Rs 5Rs "
                         "1Ra 2Ra 3Ra 4Ra 5Ra 1Rc 2Rc 3Rc 4Rc 5Rc",
                         NULL});
    assert_string_equal(told(st, "1Rm", TB_SPECTATOR),
                        "seat 0 picks 1Rm to open the round (picked so far: "
                        "1Rm)\n");
    play_all(st, "1Rm, 2Rm");
    assert_string_equal(told(st, "back", 1),
                        "seat 0 takes 2Rm back into hand (picked so far: "
                        "1Rm)\n");
    assert_string_equal(told(st, "cast reds", 0),
                        "seat 0 opens with two reds: 1Rm 2Rm\n"
                        "seat 1 is to beat it or take the 2 cards on the "
                        "table\n");
    play_all(st, "unpick 2Rm, cast moons");
    assert_true(renders(st, 1, "spell to beat: a single moon, cast by seat 0"));
    assert_string_equal(told(st, "take", 0),
                        "seat 1 takes the card of the round as burns (1 burn "
                        "this skirmish)\nseat 1 is the spellcaster and opens "
                        "round 2\n");
    free(st);

    /* The end of the skirmish, told alike to every seat. */
    st = reds_skirmish((const char *const[]){"skirmishes=1", NULL});
    const char *end =
        "seat 0 takes the card of the round as burns (4 burns this "
        "skirmish)\n"
        "seat 0 has no cards to open with: skirmish 1 ends\n"
        "the cards left in hand burn: 16 cards of seat 1\n"
        "burns this skirmish: 4 for seat 0, 36 for seat 1\n"
        "seat 0 won skirmish 1 with the fewest burns, 4\n"
        "the game is over: seat 0 wins the game with 1 skirmish won\n";
    for (int seat = TB_SPECTATOR; seat < 2; seat++)
        assert_string_equal(told(st, "take", seat), end);
    ts_play(g, st, "take");
    assert_true(renders(st, 1, "seat 0 won skirmish 1 with the fewest burns"));
    assert_true(renders(st, 1, "game over: seat 0 wins the game"));
    free(st);

    /* In a best of three, the running count and what follows. */
    st = reds_skirmish(NULL);
    const char *told_end = told(st, "take", TB_SPECTATOR);
    assert_non_null(strstr(told_end, "skirmishes won so far: 1 by seat 0, 0 "
                                     "by seat 1; burns in all skirmishes: 4 "
                                     "for seat 0, 36 for seat 1\n"));
    assert_non_null(strstr(told_end, "skirmish 2 of best of 3 follows"));
    free(st);
}

/* "Spell deflection ... instead of casting a spell or taking the cards"
 * (an optional rule): the hint offers 'deflect' only where a palm may
 * deflect now, and never when the rule is off. */
static void hints_offer_only_moves_that_exist(void **state)
{
    (void)state;
    const char *const hands[] = {
        "1Ys 2Ys 3Ys",
        "4Ys 1Rs 2Rs 3Rs",
        "5Ys 4Rs",
        "5Rs 1Bs 2Bs 3Bs 4Bs 5Bs",
    };
    const char *const moves = "1Ys, 2Ys, 3Ys, cast suns, 4Ys, 1Rs, 2Rs, 3Rs, "
                              "cast";
    void *st = setup(4, (const char *const[]){"deflection=on", NULL}, 3,
                     hands);
    play_all(st, moves);
    assert_true(renders(st, 2, "your move: 'take' to take the round's cards "
                               "as burns; 'deflect 5Ys' to deflect with a "
                               "palm\n"));
    assert_true(renders(st, 1, "spell to beat: four suns, cast by seat 1"));
    assert_false(renders(st, 1, "your move"));
    assert_string_equal(told(st, "deflect 5Ys", 3),
                        "seat 2 deflects the spell with the palm 5Ys: seat 3 "
                        "is to beat four suns\n");
    free(st);
    st = setup(4, NULL, 3, hands);
    play_all(st, moves);
    assert_true(renders(st, 2, "your move: 'take' to take the round's cards "
                               "as burns\n"));
    ts_refused(game(), st, "fly", "type 'take' to take the round's cards");
    assert_false(renders(st, 2, "deflect"));
    free(st);
}

/* Taking a picked card back (not in the booklet: a table lets a player
 * change her mind before she announces the spell) is legal only while a
 * spell is being built, returns the card to the hand for the rest of the
 * turn, in view of all, and is kept in records as "unpick 2Ys". */
static void unpick_takes_a_picked_card_back(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *const hands[] = {"1Ys 2Ys 3Ys", "4Ys 1Rs 2Rs 3Rs 4Rs",
                                 "5Ys", "1Bs"};
    void *st = setup(4, NULL, 3, hands);
    ts_refused(g, st, "back", "no card is picked");
    ts_refused(g, st, "unpick 1Ys", "no card is picked");
    play_all(st, "1Ys, 2Ys, 3Ys");
    ts_refused(g, st, "unpick 4Ys", "not among your picked cards");
    play_all(st, "unpick 2Ys, back");
    char *js = tb_view_json(g, st, TB_SPECTATOR);
    assert_non_null(strstr(js, "\"casting\":[\"1Ys\"]"));
    free(js);
    assert_int_equal(seat_field(st, 0, "hand_size"), 14);
    /* Everyone saw 2Ys and 3Ys go back into seat 0's hand: they stay
     * there this turn, and determinize leaves them there. */
    ts_refused(g, st, "2Ys", "you took 2Ys back this turn");
    assert_true(ts_view_has(g, st, 1, "\"taken_back\":[\"2Ys\",\"3Ys\"]"));
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    void *det = tb_state_new(g);
    for (int i = 0; i < 20; i++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, 1, &rng);
        assert_true(ts_view_has(g, det, 0, "\"2Ys\",\"3Ys\""));
    }
    free(det);
    play_all(st, "cast suns");
    /* An answer begun may be taken back in full, and then taken. */
    play_all(st, "4Ys, 1Rs, 2Rs");
    assert_false(ts_is_legal_text(g, st, "take"));
    play_all(st, "back, back, back, take");
    assert_int_equal(seat_field(st, 1, "burns"), 1);
    /* The record keeps the take-backs and replays them. */
    tb_action a;
    assert_int_equal(tb_parse_action(g, st, "1Rs", &a, NULL, 0), TB_OK);
    tb_apply(g, st, a);
    char text[TB_ACTION_TEXT];
    assert_int_equal(tb_parse_action(g, st, "back", &a, NULL, 0), TB_OK);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "unpick 1Rs");
    free(st);
}

/* A card taken back and picked again stays in the spell.  Taking back is
 * ours ("not in the booklet", above); a spellcaster with nothing else to
 * open with may pick a card she took back, and before this rule she could
 * then take it back again, and so on: the default search did that for tens
 * of thousands of moves in one game.  Now a card is taken back once a turn. */
static void a_card_is_taken_back_once_a_turn(void **state)
{
    (void)state;
    const tb_game *g = game();
    /* Seat 0 opens; 1Ys shares a trait only with 2Ys among her cards. */
    const char *const hands[] = {
        "1Ys 2Ys 2Rm 3Rm 4Rm 5Rm 2Bm 3Bm 4Bm 5Bm 2Ra 3Ra 4Ra 5Ra 2Ba",
        "", "", ""};
    void *st = setup(4, NULL, 3, hands);
    play_all(st, "1Ys, 2Ys, back");
    /* Nothing else opens with 1Ys, so 2Ys may be picked again... */
    assert_true(ts_is_legal_text(g, st, "2Ys"));
    play_all(st, "2Ys");
    /* ...but not taken back again, by name or as the card picked last. */
    ts_refused(g, st, "unpick 2Ys", "you took 2Ys back once this turn");
    ts_refused(g, st, "back", "you took 2Ys back once this turn");
    assert_true(ts_is_legal_text(g, st, "unpick 1Ys"));
    tb_action acts[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, acts), unpicks = 0;
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, acts[i], text, sizeof text);
        unpicks += strncmp(text, "unpick", 6) == 0;
    }
    assert_int_equal(unpicks, 1);
    play_all(st, "cast suns");
    free(st);
}

/* ------------------------------------------------------------ records */

/* docs/games/mystique.md, "Typing in a real deal": a record typed by hand
 * from the doc's description gives the table it describes.  Four players:
 * seat 1 draws the 5 of blue crowns (id 59, card 60) and deals; then seat 0
 * is dealt the fifteen moons (ids 0-14), seat 1 the suns, seat 2 the arms
 * and seat 3 the crowns, and seat 2, after the dealer, opens. */
static void a_real_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    const tb_game *g = game();
    char json[4096];
    tb_text t;
    tb_text_init(&t, json, sizeof json);
    tb_text_puts(&t, "{\"format\":\"tabula-record/1\",\"game\":\"mystique\","
                     "\"players\":4,\"deal\":[[7,59,3,20");
    for (int id = 0; id < 60; id++)
        if (id != 7 && id != 59 && id != 3 && id != 20)
            tb_text_printf(&t, ",%d", id);
    tb_text_puts(&t, "],[");
    for (int id = 0; id < 60; id++)
        tb_text_printf(&t, "%s%d", id ? "," : "", id);
    tb_text_puts(&t, "]],\"actions\":[{\"seat\":2,\"move\":\"1Ya\"},"
                     "{\"seat\":2,\"move\":\"cast arms\"}]}");
    assert_false(t.truncated);
    void *st = ts_replay_json(json);
    assert_int_equal(ts_view_int(g, st, "dealer"), 1);
    assert_int_equal(tb_current(g, st), 3);
    const char *suits[4] = {"m", "s", "a", "c"};
    for (int p = 0; p < 4; p++) {
        json_t *v = ts_view(g, st, p), *c;
        size_t i;
        int n = 0;
        json_array_foreach(json_object_get(v, "hand"), i, c) {
            assert_int_equal(json_string_value(c)[2], suits[p][0]);
            n++;
        }
        /* Seat 2 has cast one of its fifteen arms. */
        assert_int_equal(n, p == 2 ? 14 : 15);
        json_decref(v);
    }
    assert_true(ts_view_has(g, st, TB_SPECTATOR, "\"spell\":[\"1Ya\"]"));
    free(st);
}

/* ------------------------------------------------------------ notation */

static void notation_and_views(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = setup(3, NULL, 2,
                     (const char *const[]){"1Ys 2Ys", "3Ys", NULL});
    /* Card forms in any case, "#n", and trait words in any form. */
    play_all(st, "1ys, #17, CAST Sun");
    ts_refused(game(), st, "3Ys+", "type a card");
    play_all(st, "3Ys");
    /* While building a spell, take is refused and the picks are public. */
    ts_refused(game(), st, "take", "finish your spell");
    char *js = tb_view_json(g, st, TB_SPECTATOR);
    assert_non_null(strstr(js, "\"casting\":[\"3Ys\"]"));
    free(js);
    ts_refused(game(), st, "cast", "at least 2");
    ts_refused(game(), st, "fly", "type a card");
    free(st);
}

/* The heuristic only ever returns legal actions, in every configuration. */
static void heuristic_plays_legally(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *const opts[] = {"deflection=on", "aces=on", NULL};
    const char *const couples[] = {"deflection=on", "aces=on",
                                   "partnership=on", NULL};
    for (int players = 2; players <= 6; players++) {
        void *st = new_game(players, players == 4 || players == 6 ? couples
                                                                  : opts);
        void *det = tb_state_new(g);
        tb_rng rng;
        tb_rng_seed(&rng, (uint64_t)players);
        for (;;) {
            tb_settle(g, st, &rng);
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            memcpy(det, st, g->state_size);
            tb_determinize(g, det, cur, &rng);
            assert_int_equal(tb_apply(g, st, g->heuristic(det, cur, &rng)),
                             TB_OK);
        }
        free(det);
        free(st);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dealer_draw_and_first_player),
        cmocka_unit_test(two_deck_draw_ties_draw_again),
        cmocka_unit_test(two_players_set_aside_twenty),
        cmocka_unit_test(two_decks_above_four_players),
        cmocka_unit_test(a_plain_name_fits_the_only_copy_held),
        cmocka_unit_test(opening_up_to_five_sharing_an_attribute),
        cmocka_unit_test(answers_match_the_trait_and_may_exceed_five),
        cmocka_unit_test(number_spells),
        cmocka_unit_test(skirmish_ends_when_the_spellcaster_cannot_open),
        cmocka_unit_test(aces_count_five_burns),
        cmocka_unit_test(best_of_three),
        cmocka_unit_test(tied_skirmish_is_won_by_both),
        cmocka_unit_test(deflection_with_palms),
        cmocka_unit_test(palms_do_not_deflect_numbers),
        cmocka_unit_test(partnerships_add_up_burns),
        cmocka_unit_test(determinize_keeps_a_begun_answer_possible),
        cmocka_unit_test(moves_are_described_in_words),
        cmocka_unit_test(hints_offer_only_moves_that_exist),
        cmocka_unit_test(unpick_takes_a_picked_card_back),
        cmocka_unit_test(a_card_is_taken_back_once_a_turn),
        cmocka_unit_test(a_real_deal_typed_in_from_the_doc),
        cmocka_unit_test(notation_and_views),
        cmocka_unit_test(heuristic_plays_legally),
    };
    return cmocka_run_group_tests_name("mystique", tests, NULL, NULL);
}
