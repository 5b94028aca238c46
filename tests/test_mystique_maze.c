/*
 * test_mystique_maze.c - the rules of Mystique Maze, each test quoting the
 * rule it checks: the corner cards by player count, the deal, drawing from
 * the deck or the discard pile, the reshuffle that keeps the last discard,
 * the win at the end of a turn by a chain of connected cards, the suit
 * order (the booklet's design by default, the rules' README's as an
 * option), the turn limit, what a bot may resample, and the shortest
 * chains the doc states.
 * Positions are set up through the public API: the deal's chance node
 * gets the hands (dealt one card at a time round the table, seat 0 first)
 * and the top of the deck, the rest after them in ascending order.
 */
#include "support.h"

#include "graph.h"
#include "mystique_deck.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-maze");
}

/* The corner cards of players A-D, as the README of the rules gives
 * them. */
static const char *const corners[4][2] = {
    {"1Ys", "5Ba"}, {"1Bs", "5Ya"}, {"1Ba", "5Ys"}, {"1Ya", "5Bs"}};

static int is_corner(int id, int players)
{
    for (int p = 0; p < players; p++)
        for (int e = 0; e < 2; e++)
            if (id == ts_mq_card(corners[p][e]))
                return 1;
    return 0;
}

/* The suit order of the game's default, read from its option
 * `suit-order` ("suns-moons-crowns-arms": the four suits from one end of
 * the box's suit edge to the other) into order[4]. */
static void default_suit_order(uint8_t order[4])
{
    const tb_game *g = game();
    const tb_option_def *o = NULL;
    for (int i = 0; i < g->n_options; i++)
        if (!strcmp(g->options[i].name, "suit-order"))
            o = &g->options[i];
    assert_non_null(o);
    const char *name = o->choices[o->def];
    assert_string_equal(name, "suns-moons-crowns-arms");
    for (int k = 0; k < 4; k++) {
        size_t len = strcspn(name, "-");
        int found = -1;
        for (int suit = 0; suit < 4; suit++)
            if (strlen(tbi_mq_suit_names[suit]) == len &&
                !strncmp(name, tbi_mq_suit_names[suit], len))
                found = suit;
        assert_true(found >= 0);
        order[k] = (uint8_t)found;
        name += len + (name[len] == '-');
    }
}

/* The connection graph of the game's default suit order. */
static void default_graph(tbi_graph *g)
{
    uint8_t order[4];
    default_suit_order(order);
    tbi_mq_connection_graph(g, order);
}

/* The option that chooses the order the rules' README gives. */
static const char *const readme_order[] = {"suit-order=moons-suns-arms-crowns",
                                           NULL};

/* A new game of `players` seats (with options opts, or NULL) where seat p
 * is dealt the cards named in hands[p] (filled up to 8 with the lowest
 * cards nobody was given) and the deck starts with the cards named in
 * top, the rest after them ascending. */
static void *setup(int players, const char *const *hands, const char *top,
                   const char *const *opts)
{
    const tb_game *g = game();
    tb_config cfg = ts_config(g, players, opts);
    void *st = ts_new_game(g, &cfg);
    int used[60] = {0}, hand[4][8], deck[60], nd = 0;
    int named_top[60], nt = ts_mq_cards(top, 0, named_top, 60);
    for (int i = 0; i < nt; i++)
        used[named_top[i]] = 1;
    int named[4][8], nn[4];
    for (int p = 0; p < players; p++) {
        nn[p] = ts_mq_cards(hands[p], 0, named[p], 8);
        for (int i = 0; i < nn[p]; i++) {
            assert_false(used[named[p][i]]);
            used[named[p][i]] = 1;
        }
    }
    for (int p = 0; p < players; p++) {
        int low = 0;
        for (int i = 0; i < 8; i++) {
            if (i < nn[p]) {
                hand[p][i] = named[p][i];
                continue;
            }
            while (used[low] || is_corner(low, players))
                low++;
            hand[p][i] = low;
            used[low] = 1;
        }
    }
    for (int i = 0; i < nt; i++)
        deck[nd++] = named_top[i];
    for (int id = 0; id < 60; id++)
        if (!used[id] && !is_corner(id, players))
            deck[nd++] = id;
    uint16_t perm[60];
    int n = 0;
    for (int k = 0; k < 8; k++)
        for (int p = 0; p < players; p++)
            perm[n++] = (uint16_t)hand[p][k];
    for (int i = 0; i < nd; i++)
        perm[n++] = (uint16_t)deck[i];
    assert_int_equal(n, 60 - 2 * players);
    assert_int_equal(tb_apply_chance(g, st, perm, n), TB_OK);
    return st;
}

static int has(const void *st, int seat, const char *text)
{
    return ts_view_has(game(), st, seat, text);
}

/* Seat `seat`, to move, draws from the deck and discards the card it
 * drew (a turn that changes nothing but the piles); the card's short form
 * goes to card (8 bytes).  Before the discard, when describe is not NULL,
 * it receives what the spectator is told of it (a static buffer). */
static void draw_and_discard(void *st, int seat, char *card,
                             const char **describe)
{
    const tb_game *g = game();
    assert_int_equal(tb_current(g, st), seat);
    ts_play(g, st, "draw");
    json_t *v = ts_view(g, st, seat);
    snprintf(card, 8, "%s", json_string_value(json_array_get(
                                json_object_get(v, "drawn"), 0)));
    json_decref(v);
    if (describe)
        *describe = ts_describe(g, st, card, TB_SPECTATOR);
    ts_play(g, st, card);
}

/* Junk for hands that must not chain: moons and crowns of seat A's and
 * B's boxes. */
#define JUNK0 "1Ym 2Ym 3Ym 4Ym 1Rm 2Rm 3Rm 4Rm"
#define JUNK1 "1Yc 2Yc 3Yc 4Yc 1Rc 2Rc 3Rc 4Rc"

/* "Player A gets the Ace of Yellow Suns and the 5 of Blue Arms", B "the
 * Ace of Blue Suns and the 5 of Yellow Arms", C (if any) "the Ace of Blue
 * Arms and the 5 of Yellow Suns", D (if any) "the Ace of Yellow Arms and
 * the 5 of Blue Suns" (the icons lost from the text are in the rules'
 * README).  The corners of absent players stay in the deck. */
static void corner_cards_by_player_count(void **state)
{
    (void)state;
    const tb_game *g = game();
    for (int players = 2; players <= 4; players++) {
        tb_config cfg = ts_config(g, players, NULL);
        void *st = ts_new_game(g, &cfg);
        tb_chance c;
        assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
        assert_int_equal(c.n, 60 - 2 * players);
        for (int p = 0; p < 4; p++)
            for (int e = 0; e < 2; e++) {
                int id = ts_mq_card(corners[p][e]), in_deck = 0;
                for (int i = 0; i < c.n; i++)
                    in_deck |= c.items[i] == id;
                assert_int_equal(in_deck, p >= players);
            }
        tb_rng rng;
        tb_rng_seed(&rng, 1);
        tb_settle(g, st, &rng);
        json_t *v = ts_view(g, st, TB_SPECTATOR);
        json_t *seats = json_object_get(v, "seats");
        for (int p = 0; p < players; p++) {
            json_t *o = json_array_get(seats, (size_t)p);
            json_t *cs = json_object_get(o, "corners");
            assert_string_equal(json_string_value(json_array_get(cs, 0)),
                                corners[p][0]);
            assert_string_equal(json_string_value(json_array_get(cs, 1)),
                                corners[p][1]);
            /* "Deal each player 8 cards face-down." */
            assert_int_equal(json_integer_value(json_object_get(o, "cards")),
                             8);
        }
        /* "Place the remaining cards face-down in the centre of the table
         * as the deck." */
        assert_int_equal(json_integer_value(json_object_get(v, "deck")),
                         60 - 10 * players);
        json_decref(v);
        free(st);
    }
}

/* "On your turn, draw the top card of either the deck or the discard pile
 * (face-up pile next to the deck), then discard a card from your hand
 * face-up on the discard pile."  "Play goes anticlockwise": seat 0, then
 * seat 1 (on its right).  A card drawn from the deck is the drawer's
 * secret; a card taken from the discard pile is seen by all. */
static void draw_or_take_then_discard(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    void *st = setup(2, hands, "5Rm 5Rc", NULL);
    assert_int_equal(tb_current(g, st), 0);
    /* Nothing has been discarded yet. */
    assert_string_equal(ts_legal_text(g, st), "draw");
    ts_refused(g, st, "take", "the discard pile is empty");
    ts_refused(g, st, "4Ym", "first draw a card");
    assert_string_equal(ts_describe(g, st, "draw", 1),
                        "seat 0 draws from the deck\n");
    assert_string_equal(ts_describe(g, st, "draw", 0),
                        "seat 0 draws 5Rm from the deck\n");
    ts_play(g, st, "draw");
    assert_true(has(st, 0, "\"drawn\":[\"5Rm\"]"));
    assert_false(has(st, 1, "5Rm"));
    ts_refused(g, st, "1Yc", "1Yc is not in your hand");
    ts_play(g, st, "4Ym");
    assert_int_equal(tb_current(g, st), 1);
    assert_string_equal(ts_legal_text(g, st), "draw take");
    assert_string_equal(ts_describe(g, st, "take", 0),
                        "seat 1 takes 4Ym from the discard pile\n");
    ts_play(g, st, "take");
    /* Everyone knows seat 1 holds it until it is discarded. */
    assert_true(has(st, 0, "\"known\":[\"4Ym\"]"));
    ts_play(g, st, "4Ym");
    assert_false(has(st, 0, "\"known\":[\"4Ym\"]"));
    assert_true(has(st, 0, "\"discards\":[\"4Ym\"]"));
    free(st);
}

/* "Take your corner cards, and place them face-up in front of you" and
 * "discard a card from your hand": a corner card typed as the discard is
 * refused as a corner card, which stays where it is, not as a card missing
 * from the hand.  An absent player's corners are ordinary cards. */
static void corner_cards_stay_in_front_of_you(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    void *st = setup(2, hands, "5Rm 5Rc", NULL);
    ts_play(g, st, "draw");
    char want[128];
    snprintf(want, sizeof want, "%s is one of your corner cards: they stay "
             "face up in front of you", corners[0][0]);
    ts_refused(g, st, corners[0][0], want);
    snprintf(want, sizeof want, "%s is one of your corner cards",
             corners[0][1]);
    ts_refused(g, st, corners[0][1], want);
    snprintf(want, sizeof want, "%s is a corner card of seat 1, face up in "
             "front of them", corners[1][0]);
    ts_refused(g, st, corners[1][0], want);
    snprintf(want, sizeof want, "%s is not in your hand", corners[2][0]);
    ts_refused(g, st, corners[2][0], want);
    free(st);
}

/* "If the deck runs out, reshuffle the discard pile (except for the last
 * discarded card) to make a new deck; the last discarded card remains to
 * seed the discard pile."  The shuffle is a chance node. */
static void the_reshuffle_keeps_the_last_discard(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    void *st = setup(2, hands, "", NULL);
    /* The 40 cards of the deck are drawn and discarded at once. */
    char last[8] = "";
    const char *told = NULL;
    for (int k = 0; k < 40; k++)
        draw_and_discard(st, k % 2, last, &told);
    char want[128];
    snprintf(want, sizeof want,
             "seat 1 discards %s\nthe deck is empty: the 39 discards under "
             "%s are shuffled into a new deck\n", last, last);
    assert_string_equal(told, want);
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    tb_chance c;
    assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
    assert_int_equal(c.n, 39);
    int last_id = ts_mq_card(last);
    for (int i = 0; i < c.n; i++)
        assert_int_not_equal(c.items[i], last_id);
    tb_rng rng;
    tb_rng_seed(&rng, 2);
    tb_settle(g, st, &rng);
    assert_int_equal(tb_current(g, st), 0);
    assert_int_equal(ts_view_int(g, st, "deck"), 39);
    char pile[32];
    snprintf(pile, sizeof pile, "\"discards\":[\"%s\"]", last);
    assert_true(has(st, TB_SPECTATOR, pile));
    assert_int_equal(ts_view_int(g, st, "reshuffles"), 1);
    /* And the seed of the new pile may be taken. */
    assert_true(ts_is_legal_text(g, st, "take"));
    free(st);
}

/* "A player wins the game when, at the end of her turn, the cards in her
 * hand form a chain of connected cards that links her two corner cards."
 * A's corners are 1Ys and 5Ba: 2Ys 3Ys 4Ys 4Rs 4Bs 4Bm 4Bc 4Ba links them
 * (suns - moons - crowns - arms). */
static void a_chain_between_the_corners_wins(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {"2Ys 3Ys 4Ys 4Rs 4Bs 4Bm 4Bc 5Rm", JUNK1};
    void *st = setup(2, hands, "4Ba", NULL);
    assert_true(has(st, 0, "\"missing\":1"));
    ts_play(g, st, "draw");
    assert_true(has(st, 0, "\"missing\":0"));
    /* Discarding a link of the chain breaks it: no win. */
    void *copy = tb_state_new(g);
    memcpy(copy, st, g->state_size);
    ts_play(g, copy, "4Bm");
    assert_int_equal(tb_current(g, copy), 1);
    free(copy);
    assert_string_equal(ts_describe(g, st, "5Rm", 1),
                        "seat 0 discards 5Rm\n"
                        "seat 0's hand chains its corners: 1Ys 2Ys 3Ys 4Ys "
                        "4Rs 4Bs 4Bm 4Bc 4Ba 5Ba\n"
                        "seat 0 wins\n");
    ts_play(g, st, "5Rm");
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    tb_result r;
    assert_int_equal(tb_result_of(g, st, &r), TB_OK);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 2);
    assert_true(has(st, TB_SPECTATOR, "\"winner\":0"));
    free(st);
}

/* The win is checked "at the end of her turn", and only hers: a chain
 * dealt to seat 1 does not end seat 0's turn, and wins at the end of seat
 * 1's own turn if seat 1 keeps it.  B's corners are 1Bs and 5Ya. */
static void the_win_is_checked_at_the_end_of_ones_own_turn(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, "2Bs 3Bs 4Bs 5Bs 5Rs 5Ys 5Ym 5Yc"};
    void *st = setup(2, hands, "5Rm 5Rc", NULL);
    ts_play(g, st, "draw");
    ts_play(g, st, "5Rm");
    assert_int_equal(tb_current(g, st), 1);
    ts_play(g, st, "draw"); /* 5Rc */
    assert_int_equal(tb_current(g, st), 1);
    ts_play(g, st, "5Rc");
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    assert_true(has(st, TB_SPECTATOR, "\"winner\":1"));
    free(st);
}

/* The suits run suns - moons - crowns - arms by default: the booklet's
 * icons for them were lost, and of what it says only this order makes
 * true that the game links "two opposite corners of an imaginary 3D
 * rectangular prism" (each player's corner cards, an ace of suns or arms
 * and a 5 of the other, yellow and blue) and its example, "The 2 of Blue
 * Suns is connected to the 2 of Blue Moons, but not to the 2 of Blue
 * Arms" (docs/games/mystique-maze.md, Interpretations).  A's chain
 * 1Ys 2Ys 2Rs 2Bs 2Bm 2Bc 2Ba 3Ba 4Ba 5Ba steps from 2Bs to 2Bm and
 * wins; 2Ys 2Rs 2Bs 2Ba 3Ba 4Ba would step from 2Bs to 2Ba, and does
 * not. */
static void the_booklets_example_holds_and_the_corners_are_opposite(
    void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *moons[] = {"2Ys 2Rs 2Bs 2Bm 2Bc 2Ba 3Ba 5Rm", JUNK1};
    void *st = setup(2, moons, "4Ba", NULL);
    ts_play(g, st, "draw");
    ts_play(g, st, "5Rm");
    assert_true(has(st, TB_SPECTATOR, "\"winner\":0"));
    free(st);
    const char *arms[] = {"2Ys 2Rs 2Bs 3Ba 4Ba 1Ym 1Rm 2Ym", JUNK1};
    st = setup(2, arms, "2Ba", NULL);
    ts_play(g, st, "draw");
    ts_play(g, st, "1Ym");
    assert_int_equal(tb_current(g, st), 1);
    free(st);
    /* Opposite corners: each player's two corner cards are at the two
     * ends of every edge of the box (1 and 5, yellow and blue, the first
     * and the last suit), so they are 4 + 2 + 3 = 9 steps apart, as far
     * apart as any two cards. */
    uint8_t order[4];
    default_suit_order(order);
    tbi_graph box;
    tbi_mq_connection_graph(&box, order);
    int widest = 0;
    for (int v = 0; v < 60; v++)
        for (int w = 0; w < 60; w++) {
            int d = tbi_graph_distance(&box, v, w, tbi_graph_all(&box));
            widest = d > widest ? d : widest;
        }
    assert_int_equal(widest, 9);
    for (int p = 0; p < 4; p++) {
        int a = ts_mq_card(corners[p][0]), b = ts_mq_card(corners[p][1]);
        assert_int_equal(tbi_mq_number(a), 1);
        assert_int_equal(tbi_mq_number(b), 5);
        assert_int_equal(tbi_mq_colour(a) + tbi_mq_colour(b),
                         TBI_MQ_YELLOW + TBI_MQ_BLUE);
        assert_int_not_equal(tbi_mq_colour(a), TBI_MQ_RED);
        assert_true((tbi_mq_suit(a) == order[0] &&
                     tbi_mq_suit(b) == order[3]) ||
                    (tbi_mq_suit(a) == order[3] &&
                     tbi_mq_suit(b) == order[0]));
        assert_int_equal(tbi_graph_distance(&box, a, b, tbi_graph_all(&box)),
                         widest);
    }
}

/* The order the rules' README gives, moons - suns - arms - crowns (it
 * fits the booklet's "Moons are not connected to Crowns"), is the option
 * suit-order=moons-suns-arms-crowns, as the game was played before: suns
 * and arms are neighbours, so the 2 of blue suns is connected to the 2 of
 * blue arms, and A's 1Ys 2Ys 2Rs 2Bs 2Ba 3Ba 4Ba 5Ba wins, a chain of 6
 * cards; the corners are 4 + 2 + 1 = 7 steps apart, not opposite. */
static void the_readme_suit_order_is_an_option(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {"2Ys 2Rs 2Bs 3Ba 4Ba 1Ym 1Rm 2Ym", JUNK1};
    void *st = setup(2, hands, "2Ba", readme_order);
    ts_play(g, st, "draw");
    assert_true(has(st, 0, "\"missing\":0"));
    assert_string_equal(ts_describe(g, st, "1Ym", 1),
                        "seat 0 discards 1Ym\n"
                        "seat 0's hand chains its corners: 1Ys 2Ys 2Rs 2Bs "
                        "2Ba 3Ba 4Ba 5Ba\n"
                        "seat 0 wins\n");
    ts_play(g, st, "1Ym");
    assert_true(has(st, TB_SPECTATOR, "\"winner\":0"));
    free(st);
    /* The option is named and checked like any other. */
    tb_config cfg;
    char err[256];
    tb_config_default(g, 2, &cfg);
    assert_int_equal(tb_config_set(g, &cfg, "suit-order",
                                   "moons-suns-arms-crowns", err, sizeof err),
                     TB_OK);
    assert_int_equal(tb_config_set(g, &cfg, "suit-order",
                                   "moons-suns-crowns-arms", err, sizeof err),
                     TB_EINVAL);
}

/* At the default order a shortest chain between a player's corners is
 * exactly her hand: 9 links, 8 cards, whoever else plays (the other
 * players' corners are out of reach), and every game won by heuristic
 * players ends with a chain of all 8 cards of the winner's hand. */
static void a_shortest_chain_is_the_whole_hand(void **state)
{
    (void)state;
    tbi_graph box;
    default_graph(&box);
    for (int players = 2; players <= 4; players++)
        for (int p = 0; p < players; p++) {
            uint64_t within = tbi_graph_all(&box);
            for (int q = 0; q < players; q++)
                for (int e = 0; e < 2 && q != p; e++)
                    within &= ~tbi_node_bit(ts_mq_card(corners[q][e]));
            assert_int_equal(tbi_graph_distance(&box,
                                                ts_mq_card(corners[p][0]),
                                                ts_mq_card(corners[p][1]),
                                                within),
                             8 + 1);
        }
    const tb_game *g = game();
    int won = 0;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            tb_config cfg = ts_config(g, players, NULL);
            void *st = ts_new_game(g, &cfg);
            tb_rng rng;
            tb_rng_seed(&rng, seed);
            const char *told = NULL;
            for (;;) {
                tb_settle(g, st, &rng);
                int cur = tb_current(g, st);
                if (cur == TB_TERMINAL)
                    break;
                tb_action a = g->heuristic(st, cur, &rng);
                char text[16];
                tb_action_text(g, st, a, text, sizeof text);
                told = ts_describe(g, st, text, TB_SPECTATOR);
                tb_apply_legal(g, st, a);
            }
            const char *chain = strstr(told, "chains its corners:");
            if (chain) {
                int cards = 0;
                for (const char *c = chain + 19; *c && *c != '\n'; c++)
                    cards += *c == ' ';
                assert_int_equal(cards, 2 + 8); /* the corners and the hand */
                won++;
            }
            free(st);
        }
    assert_true(won >= 25);
}

/* The deck can cycle for ever, so the game ends in a draw after `rounds`
 * rounds (10 here: 20 turns of 2 players) without a winner. */
static void the_turn_limit_is_a_draw(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    const char *opts[] = {"rounds=10", NULL};
    void *st = setup(2, hands, "", opts);
    char card[8];
    const char *told = NULL;
    for (int k = 0; k < 20; k++)
        draw_and_discard(st, k % 2, card, &told);
    assert_non_null(strstr(told, "the turn limit (20 turns) is reached: the "
                                 "game is a draw\n"));
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    tb_result r;
    assert_int_equal(tb_result_of(g, st, &r), TB_OK);
    assert_int_equal(r.draw, 1); /* nobody won: not a shared win */
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 1);
    assert_true(has(st, TB_SPECTATOR, "\"winner\":null"));
    free(st);
    /* Refused out of range, with the range named. */
    tb_config cfg;
    char err[256];
    tb_config_default(g, 2, &cfg);
    assert_int_equal(tb_config_set(g, &cfg, "rounds", "5", err, sizeof err),
                     TB_EINVAL);
}

/* A bot's determinization for seat 0 keeps what seat 0 knows: a card seat
 * 1 took from the discard pile stays in its hand, and after a reshuffle a
 * card seat 1 held before it cannot be in the new deck (whose cards lay
 * face up in the discard pile). */
static void determinize_keeps_known_and_old_cards(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    void *st = setup(2, hands, "", NULL);
    char last[8];
    for (int k = 0; k < 40; k++)
        draw_and_discard(st, k % 2, last, NULL);
    tb_rng rng;
    tb_rng_seed(&rng, 4);
    tb_settle(g, st, &rng);
    /* Seat 0 draws from the new deck and discards 1Ym; seat 1 takes it. */
    ts_play(g, st, "draw");
    ts_play(g, st, "1Ym");
    ts_play(g, st, "take");
    ts_play(g, st, "1Yc");
    void *det = tb_state_new(g);
    for (int k = 0; k < 50; k++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, 0, &rng);
        /* Seat 1's hand: the 7 cards it held from before the reshuffle,
         * and 1Ym; none of them could be resampled. */
        assert_true(has(det, 1, "\"hand\":[\"1Ym\",\"2Yc\",\"3Yc\",\"4Yc\","
                                "\"1Rc\",\"2Rc\",\"3Rc\",\"4Rc\"]"));
    }
    /* Seat 0 plays on; seat 1 draws a card from the new deck: that one is
     * resampled among the deck's cards, its old cards are not. */
    ts_play(g, st, "draw");
    ts_play(g, st, "2Ym");
    ts_play(g, st, "draw");
    int moved = 0;
    static const char *const old[] = {"\"2Yc\"", "\"3Yc\"", "\"4Yc\"",
                                      "\"1Rc\"", "\"2Rc\"", "\"3Rc\"",
                                      "\"4Rc\"", "\"1Ym\""};
    for (int k = 0; k < 50; k++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, 0, &rng);
        for (int i = 0; i < 8; i++)
            assert_true(has(det, 1, old[i]));
        char *a = tb_view_json(g, st, 1), *b = tb_view_json(g, det, 1);
        moved |= strcmp(a, b) != 0;
        free(a);
        free(b);
    }
    assert_true(moved);
    free(det);
    free(st);
}

/* How many cards seat p's hand misses in st, as p sees it (the standing
 * is minus that, plus a fraction for the cards that would help). */
static double missing_of(const tb_game *g, const void *st, int p)
{
    double sc[TB_MAX_PLAYERS];
    g->standing(st, sc);
    return ceil(-sc[p]);
}

/* The cards of seat p's hand in st (as p sees them) into ids; returns
 * how many. */
static int hand_of(const tb_game *g, const void *st, int p, int *ids)
{
    json_t *v = ts_view(g, st, p), *h = json_object_get(v, "hand");
    int n = 0;
    for (size_t i = 0; i < json_array_size(h); i++)
        ids[n++] = ts_mq_card(json_string_value(json_array_get(h, i)));
    json_decref(v);
    return n;
}

/* Whether card id is among seat p's known cards (taken from the discard
 * pile) in the public view. */
static int known_by_all(const tb_game *g, const void *st, int p, int id)
{
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    json_t *k = json_object_get(json_array_get(json_object_get(v, "seats"),
                                               (size_t)p), "known");
    int found = 0;
    for (size_t i = 0; i < json_array_size(k); i++)
        found |= ts_mq_card(json_string_value(json_array_get(k, i))) == id;
    json_decref(v);
    return found;
}

/* Samples of seat 1's hand that seat 0 draws at the start of its turns
 * in games between heuristic players: the real hand and the sample are
 * handed to a visitor, after checking that seat 0 sees the same in the
 * sample as in the game and that seat 1's known cards stayed in it. */
typedef struct sampler {
    int players, games, from_round, after_reshuffle;
    uint64_t seed;
    void (*visit)(struct sampler *sp, const tb_game *g, const void *st,
                  const void *det);
    double real, sampled, overlap, chance;
    int n;
} sampler;

static void check_sample(const tb_game *g, const void *st, const void *det)
{
    int hand[9], got[9];
    int nh = hand_of(g, st, 1, hand);
    assert_int_equal(hand_of(g, det, 1, got), nh);
    for (int i = 0; i < nh; i++) {
        int kept = 0;
        for (int j = 0; j < nh; j++)
            kept |= got[j] == hand[i];
        assert_true(kept || !known_by_all(g, st, 1, hand[i]));
    }
    char *a = tb_view_json(g, st, 0), *b = tb_view_json(g, det, 0);
    assert_string_equal(a, b); /* seat 0 sees the same */
    free(a);
    free(b);
}

/* Plays sp->games games (seeds sp->seed on) and samples 10 times at each
 * start of seat 0's turn from round sp->from_round on, before the first
 * reshuffle or (sp->after_reshuffle) after it. */
static void sample_games(sampler *sp)
{
    const tb_game *g = game();
    tb_config cfg = ts_config(g, sp->players, NULL);
    void *st = tb_state_new(g), *det = tb_state_new(g);
    tb_rng rng, drng;
    tb_rng_seed(&drng, sp->seed);
    for (int game_no = 0; game_no < sp->games; game_no++) {
        char err[128];
        assert_int_equal(tb_init(g, st, &cfg, err, sizeof err), TB_OK);
        tb_rng_seed(&rng, sp->seed * 25 + (uint64_t)game_no);
        for (;;) {
            tb_settle(g, st, &rng);
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            double sc[TB_MAX_PLAYERS];
            int round = g->standing(st, sc);
            tb_action acts[TB_MAX_ACTIONS];
            tb_legal(g, st, acts);
            int reshuffled = ts_view_int(g, st, "reshuffles") > 0;
            if (cur == 0 && round >= sp->from_round &&
                reshuffled == sp->after_reshuffle &&
                acts[0] >= 100 /* draw or take: the start of a turn */) {
                for (int k = 0; k < 10; k++) {
                    memcpy(det, st, g->state_size);
                    tb_determinize(g, det, 0, &drng);
                    check_sample(g, st, det);
                    sp->visit(sp, g, st, det);
                    sp->n++;
                }
            }
            tb_apply_legal(g, st, g->heuristic(st, cur, &rng));
        }
    }
    assert_true(sp->n > 500);
    free(det);
    free(st);
}

/* How many cards seat 1's sampled and real hands miss, and how many of
 * its real unseen cards the sample holds, against a uniform deal. */
static void tally_missing_and_overlap(sampler *sp, const tb_game *g,
                                      const void *st, const void *det)
{
    sp->sampled += missing_of(g, det, 1);
    sp->real += missing_of(g, st, 1);
    int hand[9], hidden[9], got[9], h = 0;
    int nh = hand_of(g, st, 1, hand), ng = hand_of(g, det, 1, got);
    for (int i = 0; i < nh; i++)
        if (!known_by_all(g, st, 1, hand[i]))
            hidden[h++] = hand[i];
    int hits = 0;
    for (int i = 0; i < h; i++)
        for (int j = 0; j < ng; j++)
            hits += got[j] == hidden[i];
    int deck = ts_view_int(g, st, "deck");
    if (h > 0) {
        sp->overlap += hits / (double)h;
        sp->chance += h / (double)(h + deck);
    }
}

/* A search's worlds must hold hands like the real ones.  Dealt uniformly
 * from the unseen cards, another player's hand misses about twice as
 * many cards for a chain as a real one (3.2 against 1.6 at round 10 with
 * 2 players, suits moons-suns-arms-crowns) and holds its real unseen
 * cards no more often than chance; at the default suit order the weights
 * fitted for that order still gave hands missing 2.7 cards against 2.0,
 * and the order's own weights (orders[] in the game) 2.3.
 * Determinize infers the hands from each seat's public history (what it
 * discarded, took and refused), so that over games between heuristic
 * players the hands seat 0 samples for seat 1 miss about as many cards
 * as seat 1's real hand, and hold more of its real unseen cards than a
 * uniform deal does; seat 0 sees the same in the sample as in the game. */
static void determinize_infers_hands_from_the_public_history(void **state)
{
    (void)state;
    sampler sp = {.players = 2, .games = 40, .from_round = 4, .seed = 12,
                  .visit = tally_missing_and_overlap};
    sample_games(&sp);
    double real = sp.real / sp.n, sampled = sp.sampled / sp.n;
    double overlap = sp.overlap / sp.n, chance = sp.chance / sp.n;
    if (fabs(sampled - real) > 0.5)
        fail_msg("seat 1's real hand misses %.2f cards on average, the "
                 "sampled ones %.2f", real, sampled);
    if (overlap < chance + 0.03)
        fail_msg("the samples hold %.3f of seat 1's unseen cards, a "
                 "uniform deal %.3f", overlap, chance);
}

/* The cards seat p's plan misses in st, whether or not the plan runs
 * through cards other hands may hold (which missing_of counts as 9 more). */
static double plan_gap(const tb_game *g, const void *st, int p)
{
    double m = missing_of(g, st, p);
    return m > 8 ? m - 9 : m;
}

static void tally_plan_gap(sampler *sp, const tb_game *g, const void *st,
                           const void *det)
{
    sp->sampled += plan_gap(g, det, 1);
    sp->real += plan_gap(g, st, 1);
}

/* After a reshuffle the other hands' unseen cards are mostly cards of an
 * older deck: everyone knows they are in some hand, not in which.  Dealt
 * among the hands at random they made hands far from a chain (with 3
 * players, 3.6 cards missing where the real ones miss 2.6, suits
 * moons-suns-arms-crowns; at the default order 12 steps for each hand
 * left 2.6 against 1.5, 36 steps 1.8); determinize
 * infers which hand holds each of them from the hands' public history
 * too, so that over games between heuristic players, after the first
 * reshuffle, the hands seat 0 samples for seat 1 miss about as many
 * cards as the real one, and each keeps its size and its known cards. */
static void determinize_infers_which_hand_holds_old_cards(void **state)
{
    (void)state;
    sampler sp = {.players = 3, .games = 40, .after_reshuffle = 1,
                  .seed = 28, .visit = tally_plan_gap};
    sample_games(&sp);
    double real = sp.real / sp.n, sampled = sp.sampled / sp.n;
    if (fabs(sampled - real) > 0.6)
        fail_msg("after a reshuffle seat 1's real hand misses %.2f cards "
                 "on average, the sampled ones %.2f", real, sampled);
}

/* Hidden information is sacred: a seat's samples of the other hands may
 * depend on what it has seen, never on where the hidden cards really
 * are.  Two games that differ only in one unseen card of seat 1's hand
 * (3Bs in one, 3Ba in the other, the other card in the deck), played
 * alike in public (draws refusing the discard pile's top, a take,
 * discards), give seat 0 the same view, and then the very same samples
 * from the same generator: the same hands, the same deck. */
static void determinize_never_reads_the_hidden_cards(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *top = "5Rm 5Rc 5Bm 5Bc 1Bm 1Bc 2Bm 2Bc 3Bm 3Bc 4Bm 4Bc";
    const char *hands_a[] = {JUNK0, "1Yc 2Yc 3Yc 4Yc 1Rc 2Rc 3Rc 3Bs"};
    const char *hands_b[] = {JUNK0, "1Yc 2Yc 3Yc 4Yc 1Rc 2Rc 3Rc 3Ba"};
    void *a = setup(2, hands_a, top, NULL), *b = setup(2, hands_b, top, NULL);
    char card[8];
    for (int k = 0; k < 4; k++) {
        draw_and_discard(a, k % 2, card, NULL);
        draw_and_discard(b, k % 2, card, NULL);
    }
    /* Seat 0 discards 1Ym, seat 1 takes it and discards 1Yc. */
    static const char *const moves[] = {"draw", "1Ym", "take", "1Yc"};
    for (int i = 0; i < 4; i++) {
        ts_play(g, a, moves[i]);
        ts_play(g, b, moves[i]);
    }
    for (int k = 0; k < 4; k++) {
        draw_and_discard(a, k % 2, card, NULL);
        draw_and_discard(b, k % 2, card, NULL);
    }
    char *va = tb_view_json(g, a, 0), *vb = tb_view_json(g, b, 0);
    assert_string_equal(va, vb);
    free(va);
    free(vb);
    assert_true(has(a, 1, "3Bs") && has(b, 1, "3Ba"));
    void *da = tb_state_new(g), *db = tb_state_new(g);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        tb_rng ra, rb;
        tb_rng_seed(&ra, seed);
        tb_rng_seed(&rb, seed);
        memcpy(da, a, g->state_size);
        memcpy(db, b, g->state_size);
        tb_determinize(g, da, 0, &ra);
        tb_determinize(g, db, 0, &rb);
        assert_memory_equal(da, db, g->state_size);
    }
    free(da);
    free(db);
    free(a);
    free(b);
}

/* The public history each seat leaves, which the search infers its hand
 * from, is in the view: since the last reshuffle the cards it refused
 * (drawing from the deck while they lay on the discard pile) and the
 * cards it discarded, and its last turns, newest first. */
static void the_view_shows_each_seats_public_history(void **state)
{
    (void)state;
    const tb_game *g = game();
    const char *hands[] = {JUNK0, JUNK1};
    void *st = setup(2, hands, "5Rm 5Rc", NULL);
    ts_play(g, st, "draw"); /* seat 0 draws 5Rm, discards 1Ym */
    ts_play(g, st, "1Ym");
    ts_play(g, st, "draw"); /* seat 1 refuses 1Ym, draws 5Rc */
    ts_play(g, st, "1Yc");
    ts_play(g, st, "take"); /* seat 0 takes 1Yc, discards it again */
    ts_play(g, st, "1Yc");
    /* The view's keys come in alphabetical order. */
    for (int seat = -1; seat < 2; seat++) {
        assert_true(has(st, seat, "\"discarded\":[\"1Ym\",\"1Yc\"],"
                                  "\"from_deck\":8,\"known\":[],"
                                  "\"last_turns\":[{\"discarded\":[\"1Yc\"],"
                                  "\"took\":true,\"top\":[\"1Yc\"]},"
                                  "{\"discarded\":[\"1Ym\"],\"took\":false,"
                                  "\"top\":null}],\"refused\":[]}"));
        assert_true(has(st, seat, "\"discarded\":[\"1Yc\"],\"from_deck\":8,"
                                  "\"known\":[],\"last_turns\":[{"
                                  "\"discarded\":[\"1Yc\"],\"took\":false,"
                                  "\"top\":[\"1Ym\"]}],\"refused\":[\"1Ym\"]"));
    }
    free(st);
}

/* The search reward: a finished game is a win, a loss or a share of a
 * draw; at a search's cut-off, where the scores are the standings (minus
 * the cards each hand misses), it is a race: graded, each seat's chance
 * higher the fewer cards it misses and lower when its plan needs cards
 * other hands hold, the chances summing to 1. */
static void the_reward_grades_a_cut_off_game_as_a_race(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_result r = {.players = 3};
    r.score[0] = 0, r.score[1] = -2, r.score[2] = -3; /* seat 0 won */
    r.rank[0] = 1, r.rank[1] = 2, r.rank[2] = 2;
    assert_true(g->reward(&r, 0) == 1.0 && g->reward(&r, 1) == 0.0);
    /* Cut off: seat 0 misses 1 card (and 0.9 of the cards it could get
     * would help), seat 1 misses 2, seat 2 misses 1 but only through
     * cards other hands hold (HAND + 1 = 9 more). */
    r.score[0] = -0.1, r.score[1] = -2, r.score[2] = -10;
    r.rank[0] = 1, r.rank[1] = 2, r.rank[2] = 3;
    double a = g->reward(&r, 0), b = g->reward(&r, 1), c = g->reward(&r, 2);
    assert_true(a > b && b > c && c > 0.0 && a < 1.0);
    assert_true(fabs(a + b + c - 1.0) < 1e-9);
    r.rank[0] = r.rank[1] = r.rank[2] = 1; /* a draw, or equal standings */
    assert_true(fabs(g->reward(&r, 2) - 1.0 / 3) < 1e-9);
}

/* Plays one game of `players` in which the bot `spec` (seeded bot_seed)
 * makes every seat's decisions, the chance events drawn from rng_seed,
 * for at most max_moves decisions, and hands each decision to check
 * before it is applied; the game must last more than 20 of them. */
static void bot_plays_a_game(int players, const char *spec,
                             uint64_t bot_seed, uint64_t rng_seed,
                             int max_moves,
                             void (*check)(const void *st, int seat,
                                           tb_action a, tb_rng *rng))
{
    const tb_game *g = game();
    tb_config cfg = ts_config(g, players, NULL);
    char err[256];
    tb_bot *b = tb_bot_new(g, spec, bot_seed, err, sizeof err);
    assert_non_null(b);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, rng_seed);
    int moves = 0;
    for (; moves < max_moves; moves++) {
        tb_settle(g, st, &rng);
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        tb_action a;
        assert_int_equal(tb_bot_choose(b, st, &a), TB_OK);
        check(st, cur, a, &rng);
        tb_apply_legal(g, st, a);
    }
    assert_true(moves > 20);
    tb_bot_free(b);
    free(st);
}

/* A check for bot_plays_a_game: the bot chose the heuristic's move. */
static void plays_the_heuristic(const void *st, int seat, tb_action a,
                                tb_rng *rng)
{
    assert_int_equal(a, game()->heuristic(st, seat, rng));
}

/* A check for bot_plays_a_game: the bot chose one of the game's
 * candidate moves. */
static void plays_a_candidate(const void *st, int seat, tb_action a,
                              tb_rng *rng)
{
    (void)rng;
    const tb_game *g = game();
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->candidates(st, seat, acts, tb_legal(g, st, acts));
    int found = 0;
    for (int i = 0; i < n; i++)
        found |= acts[i] == a;
    assert_true(found);
}

/* The game's search plays the heuristic's choice unless it finds another
 * clearly better (ismcts anchor=Z): with a bar no search can clear, it
 * plays the heuristic's every move through a whole game, with the game's
 * defaults at 2 and 3 players and with the root's actions compared paired
 * (pair=on, docs/bots.md, Mystique Maze, "Paired playouts"). */
static void an_unreachable_anchor_plays_the_heuristic(void **state)
{
    (void)state;
    static const struct {
        int players;
        const char *spec;
    } runs[] = {
        {2, "ismcts:iters=40,anchor=100"},
        {3, "ismcts:iters=40,anchor=100"},
        {3, "ismcts:pair=on,widen=0,horizon=game,iters=40,anchor=100"},
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
        bot_plays_a_game(runs[k].players, runs[k].spec, 5, 6, 120,
                         plays_the_heuristic);
}

/* The cards seat's hand misses for a chain, as its view says ("missing"),
 * once it has discarded card a from the state st (which is left as it
 * was). */
static int missing_after(const void *st, int seat, tb_action a)
{
    const tb_game *g = game();
    void *copy = tb_state_new(g);
    memcpy(copy, st, g->state_size);
    tb_apply_legal(g, copy, a);
    json_t *v = ts_view(g, copy, seat);
    int m = (int)json_integer_value(json_object_get(v, "missing"));
    json_decref(v);
    free(copy);
    return m;
}

/* The moves the game's search compares (tb_game.candidates, ISMCTS's
 * prune=on; docs/games/mystique-maze.md, Search defaults): the
 * heuristic's draw alone, and every discard that leaves the hand missing
 * as few cards as the best discard does.  Checked at each decision of
 * games between heuristic players until the first reshuffle (after it a
 * plan through other hands counts apart from the view's figure). */
static void the_search_compares_the_discards_that_keep_the_chain(void **state)
{
    (void)state;
    const tb_game *g = game();
    for (int players = 2; players <= 4; players++) {
        tb_config cfg = ts_config(g, players, NULL);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, (uint64_t)(40 + players));
        int discards = 0, several = 0;
        for (;;) {
            tb_settle(g, st, &rng);
            int cur = tb_current(g, st);
            json_t *v = ts_view(g, st, cur < 0 ? 0 : cur);
            int reshuffled = (int)json_integer_value(
                json_object_get(v, "reshuffles"));
            const char *phase =
                json_string_value(json_object_get(v, "phase"));
            int discard = phase && !strcmp(phase, "discard");
            json_decref(v);
            if (cur == TB_TERMINAL || reshuffled)
                break;
            tb_action acts[TB_MAX_ACTIONS], h = g->heuristic(st, cur, &rng);
            int n = tb_legal(g, st, acts);
            int k = g->candidates(st, cur, acts, n);
            if (!discard) {
                assert_int_equal(k, 1);
                assert_int_equal(acts[0], h);
            } else {
                tb_action all[TB_MAX_ACTIONS];
                tb_legal(g, st, all);
                int least = 99, want = 0;
                for (int i = 0; i < n; i++) {
                    int m = missing_after(st, cur, all[i]);
                    least = m < least ? m : least;
                }
                for (int i = 0; i < n; i++)
                    want += missing_after(st, cur, all[i]) == least;
                assert_int_equal(k, want);
                for (int i = 0; i < k; i++)
                    assert_int_equal(missing_after(st, cur, acts[i]), least);
                discards++;
                several += k > 1;
            }
            tb_apply_legal(g, st, h);
        }
        assert_true(discards > 10);
        assert_true(several > 0);
        free(st);
    }
}

/* The pruned search (ismcts prune=on, the game's default) plays the
 * heuristic's every draw and only discards that keep its chain as near as
 * the heuristic's, over whole games at 3 and 4 players, paired and flat
 * (the defaults, with no anchor) or a tree searched unpaired. */
static void the_pruned_search_keeps_to_the_candidates(void **state)
{
    (void)state;
    static const char *const specs[2] = {
        "ismcts:iters=60,anchor=off", /* the game's defaults */
        "ismcts:pair=off,flat=off,iters=60"};
    for (int k = 0; k < 2; k++)
        bot_plays_a_game(3 + k, specs[k], 9, 11, 160, plays_a_candidate);
}

/* The shortest chains the doc states ("Shortest chains"), at the default
 * suit order: for each corner pair and player count, the fewest cards a hand needs between the two
 * corners (the other players' corners are not to be had) and how many
 * such shortest chains there are, counted here with the graph helper. */
static void the_doc_states_the_shortest_chains(void **state)
{
    (void)state;
    const char *doc = tb_game_doc(game());
    assert_non_null(doc);
    tbi_graph box;
    default_graph(&box);
    const tbi_graph *g = &box;
    int rows = 0;
    for (int p = 0; p < 4; p++) {
        char head[32];
        snprintf(head, sizeof head, "| %c: %s to %s |", 'A' + p,
                 corners[p][0], corners[p][1]);
        const char *line = strstr(doc, head);
        if (!line)
            fail_msg("the doc has no row \"%s\"", head);
        const char *cell = line + strlen(head);
        int a = ts_mq_card(corners[p][0]), b = ts_mq_card(corners[p][1]);
        for (int players = 2; players <= 4; players++) {
            while (*cell == ' ')
                cell++;
            if (p >= players) {
                assert_true(*cell == '-');
                cell = strchr(cell, '|') + 1;
                continue;
            }
            uint64_t within = tbi_graph_all(g);
            for (int q = 0; q < players; q++)
                if (q != p)
                    for (int e = 0; e < 2; e++)
                        within &= ~tbi_node_bit(ts_mq_card(corners[q][e]));
            int d = tbi_graph_distance(g, a, b, within);
            /* Count the shortest paths layer by layer. */
            long count[64] = {0};
            count[a] = 1;
            uint64_t seen = tbi_node_bit(a), layer = seen;
            for (int k = 0; k < d; k++) {
                uint64_t next = tbi_graph_expand(g, layer) &
                                (within | tbi_node_bit(b)) & ~seen;
                for (uint64_t n = next; n; n &= n - 1) {
                    int v = __builtin_ctzll(n);
                    for (uint64_t u = layer & g->adj[v]; u; u &= u - 1)
                        count[v] += count[__builtin_ctzll(u)];
                }
                seen |= next;
                layer = next;
            }
            int cards, chains;
            if (sscanf(cell, "%d cards (%d chains)", &cards, &chains) != 2)
                fail_msg("row %c, %d players: cannot read \"%.30s\"", 'A' + p,
                         players, cell);
            assert_int_equal(cards, d - 1);
            assert_int_equal(chains, (int)count[b]);
            cell = strchr(cell, '|') + 1;
            rows++;
        }
    }
    assert_int_equal(rows, 2 + 3 + 4);
}

/* A record typed in from a real table: the deal's cards are dealt one at
 * a time round the table, seat 0 first, the rest is the deck, top first. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    /* Seat 0 gets 0, 2, 4, ... and seat 1 gets 1, 3, 5, ... of the cards
     * that are not A's or B's corners; the deck starts after 16 cards. */
    int cards[56], n = 0;
    for (int id = 0; id < 60; id++)
        if (!is_corner(id, 2))
            cards[n++] = id;
    char deal[1024];
    tb_text t;
    tb_text_init(&t, deal, sizeof deal);
    tb_text_puts(&t, "[");
    for (int i = 0; i < n; i++)
        tb_text_printf(&t, "%s%d", i ? "," : "", cards[i]);
    tb_text_puts(&t, "]");
    char json[2048];
    snprintf(json, sizeof json,
             "{\"format\":\"tabula-record/1\",\"game\":\"mystique-maze\","
             "\"players\":2,\"options\":{\"rounds\":50},\"deal\":[%s],"
             "\"actions\":[{\"seat\":0,\"move\":\"draw\"},"
             "{\"seat\":0,\"move\":\"1Ym\"},{\"seat\":1,\"move\":\"take\"},"
             "{\"seat\":1,\"move\":\"2Ym\"}]}", deal);
    void *st = ts_replay_json(json);
    /* Seat 0 was dealt 1Ym 3Ym 5Ym ... (ids 0 2 4 ...), drew the 17th card
     * (id 17, 3Ys) and discarded 1Ym, which seat 1 took back out. */
    assert_true(has(st, 0, "\"hand\":[\"3Ym\",\"5Ym\",\"2Rm\",\"4Rm\","
                           "\"1Bm\",\"3Bm\",\"5Bm\",\"3Ys\"]"));
    assert_true(has(st, TB_SPECTATOR, "\"discards\":[\"2Ym\"]"));
    assert_int_equal(ts_view_int(game(), st, "max_turns"), 100);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corner_cards_by_player_count),
        cmocka_unit_test(draw_or_take_then_discard),
        cmocka_unit_test(corner_cards_stay_in_front_of_you),
        cmocka_unit_test(the_reshuffle_keeps_the_last_discard),
        cmocka_unit_test(a_chain_between_the_corners_wins),
        cmocka_unit_test(the_win_is_checked_at_the_end_of_ones_own_turn),
        cmocka_unit_test(the_booklets_example_holds_and_the_corners_are_opposite),
        cmocka_unit_test(the_readme_suit_order_is_an_option),
        cmocka_unit_test(a_shortest_chain_is_the_whole_hand),
        cmocka_unit_test(the_turn_limit_is_a_draw),
        cmocka_unit_test(determinize_keeps_known_and_old_cards),
        cmocka_unit_test(determinize_infers_hands_from_the_public_history),
        cmocka_unit_test(determinize_infers_which_hand_holds_old_cards),
        cmocka_unit_test(determinize_never_reads_the_hidden_cards),
        cmocka_unit_test(the_view_shows_each_seats_public_history),
        cmocka_unit_test(the_reward_grades_a_cut_off_game_as_a_race),
        cmocka_unit_test(an_unreachable_anchor_plays_the_heuristic),
        cmocka_unit_test(the_search_compares_the_discards_that_keep_the_chain),
        cmocka_unit_test(the_pruned_search_keeps_to_the_candidates),
        cmocka_unit_test(the_doc_states_the_shortest_chains),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests_name("mystique-maze", tests, NULL, NULL);
}
