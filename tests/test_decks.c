/*
 * test_decks.c - the shared card models: the 1-100 deck's values and the
 * Mystique Deck's numbering, names, parsing and Mystique Maze's
 * "connected" cards.
 */
#include "support.h"

#include "deck100.h"
#include "mystique_deck.h"

#include <string.h>

/* The README of the rules: "53 = 3 of red crowns, 26 = 1 of blue suns,
 * 35 = 5 of yellow arms". */
static void mystique_numbering_matches_the_booklet(void **state)
{
    (void)state;
    char buf[64];
    tbi_mq_long_name(52, 0, buf, sizeof buf);
    assert_string_equal(buf, "3 of red crowns");
    tbi_mq_long_name(25, 0, buf, sizeof buf);
    assert_string_equal(buf, "ace of blue suns");
    tbi_mq_long_name(34, 0, buf, sizeof buf);
    assert_string_equal(buf, "palm of yellow arms");
    assert_int_equal(tbi_mq_card_no(52), 53);
    /* Each colour has 20 cards, each suit 15, each number 12. */
    int colour[3] = {0}, suit[4] = {0}, number[6] = {0};
    for (int id = 0; id < 60; id++) {
        colour[tbi_mq_colour(id)]++;
        suit[tbi_mq_suit(id)]++;
        number[tbi_mq_number(id)]++;
        assert_int_equal(tbi_mq_make(tbi_mq_number(id), tbi_mq_suit(id),
                                     tbi_mq_colour(id), 0), id);
    }
    assert_int_equal(colour[1], 20);
    assert_int_equal(suit[3], 15);
    assert_int_equal(number[5], 12);
}

/* The card sets of the traits hold exactly the cards with the trait: 12
 * of each number, 15 of each suit, 20 of each colour. */
static void mystique_trait_cards_match_the_cards(void **state)
{
    (void)state;
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        uint64_t set = tbi_mq_trait_cards(1u << t);
        assert_int_equal(__builtin_popcountll(set), tbi_mq_trait_total(t, 1));
        for (int id = 0; id < TBI_MQ_CARDS; id++)
            assert_int_equal((int)(set >> id & 1u), tbi_mq_has_trait(id, t));
    }
    /* A card's three traits: everything sharing a number, suit or colour
     * with the 3 of red crowns (id 52) is 60 less 4 * 2 * 3 = 24 cards. */
    uint64_t sharing = tbi_mq_trait_cards(tbi_mq_traits_of(52));
    assert_int_equal(__builtin_popcountll(sharing), 60 - 24);
    assert_true(tbi_mq_trait_cards(0) == 0);
}

static void mystique_short_forms_round_trip(void **state)
{
    (void)state;
    for (int id = 0; id < 120; id++) {
        char buf[16];
        tbi_mq_short_name(id, 1, buf, sizeof buf);
        int back;
        const char *end = tbi_mq_parse(buf, 1, &back);
        assert_non_null(end);
        assert_int_equal(*end, '\0');
        assert_int_equal(back, id);
    }
    int id;
    assert_non_null(tbi_mq_parse("3rC", 0, &id));
    assert_int_equal(id, 52);
    assert_non_null(tbi_mq_parse("#26", 0, &id));
    assert_int_equal(id, 25);
    assert_null(tbi_mq_parse("3Rc+", 0, &id)); /* one deck: no silver */
    assert_null(tbi_mq_parse("6Rc", 0, &id));
    assert_null(tbi_mq_parse("3Xc", 0, &id));
}

/* Traits: what a group of cards has in common, for the climbing games. */
static void mystique_traits(void **state)
{
    (void)state;
    int id;
    const uint8_t threes[3] = {52, 2, 27}; /* 3Rc 3Ym 3Bs */
    assert_int_equal(tbi_mq_shared_traits(threes, 3),
                     1u << tbi_mq_trait(TBI_MQ_NUMBER, 3));
    assert_true(tbi_mq_is_spell(threes, 3, 5));
    assert_false(tbi_mq_is_spell(threes, 3, 2));
    const uint8_t mixed[2] = {52, 0}; /* 3Rc 1Ym */
    assert_false(tbi_mq_is_spell(mixed, 2, 5));
    /* Gold and silver copies share all three traits. */
    const uint8_t copies[2] = {52, 112};
    assert_int_equal(tbi_mq_shared_traits(copies, 2),
                     tbi_mq_traits_of(52));
    assert_int_equal(tbi_mq_count_trait(threes, 3, tbi_mq_trait(TBI_MQ_SUIT,
                                                             TBI_MQ_CROWNS)),
                     1);
    assert_int_equal(tbi_mq_trait_total(tbi_mq_trait(TBI_MQ_COLOUR, 0), 2), 40);
    assert_int_equal(tbi_mq_trait_total(tbi_mq_trait(TBI_MQ_SUIT, 1), 1), 15);
    assert_int_equal(tbi_mq_trait_total(0, 1), 12);
    const char *words[] = {"Suns", "sun", "threes", "THREE", "3", "reds",
                           "red", "aces", "palm"};
    const int want[] = {6, 6, 2, 2, 2, 10, 10, 0, 4};
    for (int i = 0; i < 9; i++) {
        const char *end = tbi_mq_parse_trait(words[i], &id);
        assert_non_null(end);
        assert_int_equal(*end, '\0');
        assert_int_equal(id, want[i]);
    }
    assert_null(tbi_mq_parse_trait("sunny", &id));
    assert_null(tbi_mq_parse_trait("6", &id));
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        const char *end = tbi_mq_parse_trait(tbi_mq_trait_word(t), &id);
        assert_non_null(end);
        assert_int_equal(id, t);
    }
}

/* The value tables of 6 nimmt!, Take 5 and Dicht Dran. */
static void deck100_values(void **state)
{
    (void)state;
    assert_int_equal(tbi_cattle_heads(55), 7);
    assert_int_equal(tbi_cattle_heads(22), 5);
    assert_int_equal(tbi_cattle_heads(30), 3);
    assert_int_equal(tbi_cattle_heads(45), 2);
    assert_int_equal(tbi_cattle_heads(7), 1);
    assert_int_equal(tbi_take5_bulls(12), 2);
    assert_int_equal(tbi_take5_bulls(22), -5);
    assert_int_equal(tbi_take5_bulls(7), 1);
    assert_int_equal(tbi_peppers(15), 3);
    assert_int_equal(tbi_peppers(9), 2);
    assert_int_equal(tbi_peppers(7), 1);
    int total = 0;
    for (int c = 1; c <= 104; c++) {
        total += tbi_cattle_heads(c);
        assert_int_equal(tbi_cattle_heads_table[c], tbi_cattle_heads(c));
    }
    assert_int_equal(total, 171); /* the retail deck's well-known total */
}

/* Card sets: the masks agree with the traits card by card, and every card
 * has 9 cards sharing two attributes (2 of its number and suit, 3 of its
 * number and colour, 4 of its suit and colour), 26 sharing one and 24
 * sharing none. */
static void mystique_card_sets(void **state)
{
    (void)state;
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        uint64_t set = tbi_mq_trait_set(t);
        assert_int_equal(__builtin_popcountll(set), tbi_mq_trait_total(t, 1));
        for (int id = 0; id < TBI_MQ_CARDS; id++)
            assert_int_equal((int)(set >> id & 1u), tbi_mq_has_trait(id, t));
    }
    for (int id = 0; id < TBI_MQ_CARDS; id++) {
        static const int want[4] = {24, 26, 9, 1};
        uint64_t all = 0;
        for (int k = 0; k <= 3; k++) {
            uint64_t set = tbi_mq_sharing_set(id, k);
            assert_int_equal(__builtin_popcountll(set), want[k]);
            assert_int_equal(all & set, 0);
            all |= set;
            for (int other = 0; other < TBI_MQ_CARDS; other++)
                if (set >> other & 1u)
                    assert_int_equal(tbi_mq_shared_attrs(id, other), k);
        }
        assert_true(all == TBI_MQ_ALL_CARDS);
    }
    /* 3Rc and 3Rs share number and colour; the silver copy all three. */
    assert_int_equal(tbi_mq_shared_attrs(52, 22), 2);
    assert_int_equal(tbi_mq_shared_attrs(52, 112), 3);
    assert_int_equal(tbi_mq_shared_attrs(52, 0), 0);
}

/* The two suit orders Mystique Maze offers (docs/games/mystique-maze.md,
 * Interpretations): the booklet's design, and the rules' README. */
static const uint8_t smca[4] = {TBI_MQ_SUNS, TBI_MQ_MOONS, TBI_MQ_CROWNS,
                                TBI_MQ_ARMS};
static const uint8_t msac[4] = {TBI_MQ_MOONS, TBI_MQ_SUNS, TBI_MQ_ARMS,
                                TBI_MQ_CROWNS};

/* Checks the connection graph of a suit order against tbi_mq_connected
 * link by link, and that a plain graph of the same links expands every
 * set alike: 4 number steps in each of 12 suit-colours, 3 suit steps in
 * each of 15 number-colours, 2 colour steps in each of 20 number-suits,
 * 133 links; a corner of the box has 3 neighbours, a card inside it 6. */
static void check_connection_graph(const uint8_t suits[4])
{
    tbi_graph g, plain;
    tbi_mq_connection_graph(&g, suits);
    assert_int_equal(g.n, 60);
    assert_true(g.axes > 0); /* walked by shifts */
    tbi_graph_init(&plain, 60);
    int links = 0, corners = 0, inner = 0;
    for (int v = 0; v < 60; v++) {
        int deg = __builtin_popcountll(tbi_graph_neighbours(&g, v));
        assert_true(deg >= 3 && deg <= 6);
        corners += deg == 3;
        inner += deg == 6;
        links += deg;
        for (int w = 0; w < 60; w++) {
            int linked = tbi_mq_connected(v, w, suits);
            assert_int_equal(tbi_node_in(g.adj[v], w), linked);
            if (linked)
                tbi_graph_link(&plain, v, w);
        }
    }
    assert_int_equal(links, 2 * 133);
    assert_int_equal(corners, 8);
    assert_int_equal(inner, 3 * 1 * 2);
    assert_int_equal(plain.axes, 0);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    for (int i = 0; i < 1000; i++) {
        uint64_t s = tb_rng_next(&rng) & TBI_MQ_ALL_CARDS;
        assert_true(tbi_graph_expand(&g, s) == tbi_graph_expand(&plain, s));
    }
}

/* Mystique Maze: "Two cards are said to be connected if they share 2
 * common attributes and the third attribute is consecutive", along
 * "Yellow <-> Red <-> Blue (It doesn't "wrap": Blue is not connected to
 * Yellow)", the suits in the order the game chooses (their icons were
 * lost) and "1<->2<->3<->4<->5 (It doesn't "wrap": 1 is not connected to
 * 5)". */
static void mystique_maze_connection(void **state)
{
    (void)state;
    int c2Bs = ts_mq_card("2Bs");
    /* Suns - moons - crowns - arms: "The 2 of Blue Suns is connected to
     * the 2 of Blue Moons, but not to the 2 of Blue Arms". */
    assert_true(tbi_mq_connected(c2Bs, ts_mq_card("2Bm"), smca));
    assert_true(tbi_mq_connected(ts_mq_card("2Bm"), c2Bs, smca));
    assert_false(tbi_mq_connected(c2Bs, ts_mq_card("2Ba"), smca));
    assert_false(tbi_mq_connected(c2Bs, ts_mq_card("2Bc"), smca));
    assert_true(tbi_mq_connected(ts_mq_card("2Bm"), ts_mq_card("2Bc"), smca));
    assert_true(tbi_mq_connected(ts_mq_card("2Bc"), ts_mq_card("2Ba"), smca));
    /* Moons - suns - arms - crowns (the README's): suns and arms are
     * neighbours, and "Moons are not connected to Crowns" in both. */
    assert_true(tbi_mq_connected(c2Bs, ts_mq_card("2Bm"), msac));
    assert_true(tbi_mq_connected(c2Bs, ts_mq_card("2Ba"), msac));
    assert_false(tbi_mq_connected(c2Bs, ts_mq_card("2Bc"), msac));
    assert_false(tbi_mq_connected(ts_mq_card("1Yc"), ts_mq_card("1Ym"), msac));
    for (int k = 0; k < 2; k++) {
        const uint8_t *o = k ? msac : smca;
        assert_true(tbi_mq_connected(c2Bs, ts_mq_card("2Rs"), o));
        assert_true(tbi_mq_connected(c2Bs, ts_mq_card("1Bs"), o));
        assert_true(tbi_mq_connected(c2Bs, ts_mq_card("3Bs"), o));
        /* Two attributes must be equal, and no wrapping. */
        assert_false(tbi_mq_connected(c2Bs, ts_mq_card("3Rs"), o));
        assert_false(tbi_mq_connected(c2Bs, ts_mq_card("2Ys"), o));
        assert_false(tbi_mq_connected(ts_mq_card("5Ra"), ts_mq_card("1Ra"), o));
        assert_false(tbi_mq_connected(c2Bs, c2Bs, o));
        /* With two decks a card is not connected to its own copy, and
         * the silver copies connect as the gold ones do. */
        assert_false(tbi_mq_connected(c2Bs, c2Bs + 60, o));
        assert_true(tbi_mq_connected(c2Bs + 60, ts_mq_card("2Bm"), o));
        check_connection_graph(o);
    }
    /* The README's order is the plain lattice of 5 numbers x 3 colours x
     * 4 suits; the booklet's needs a fourth translation (moons to crowns,
     * 45 ids apart). */
    tbi_graph g, built;
    tbi_mq_connection_graph(&g, msac);
    tbi_graph_lattice(&built, 3, (const int[]){5, 3, 4});
    assert_memory_equal(&built, &g, sizeof g);
    tbi_mq_connection_graph(&g, smca);
    assert_int_equal(g.axes, 4);
    /* Opposite corners of the box are 4 + 2 + 3 = 9 steps apart in
     * either order. */
    assert_int_equal(tbi_graph_distance(&g, ts_mq_card("1Ys"),
                                        ts_mq_card("5Ba"), tbi_graph_all(&g)),
                     9);
    tbi_mq_connection_graph(&g, msac);
    assert_int_equal(tbi_graph_distance(&g, ts_mq_card("1Ym"),
                                        ts_mq_card("5Bc"), tbi_graph_all(&g)),
                     9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mystique_numbering_matches_the_booklet),
        cmocka_unit_test(mystique_trait_cards_match_the_cards),
        cmocka_unit_test(mystique_short_forms_round_trip),
        cmocka_unit_test(mystique_traits),
        cmocka_unit_test(mystique_card_sets),
        cmocka_unit_test(deck100_values),
        cmocka_unit_test(mystique_maze_connection),
    };
    return cmocka_run_group_tests_name("decks", tests, NULL, NULL);
}
