/*
 * test_mystique_energy.c - the rules of Mystique Energy, each test quoting
 * the rule it checks.  Positions are set up through the public API by
 * giving the deal a chosen deck order: deck[0..P) are the energy cards of
 * seats 0..P-1, deck[P..2P) their first playing cards, and the k-th card
 * placed in the game (k from 0) is deck[P + k], since the turn goes round
 * and each seat draws as it plays.
 */
#include "support.h"

#include "mystique_deck.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-energy");
}

/* Deals a whole deck given as ids. */
static void *deal_ids(int players, const uint16_t *deck)
{
    tb_config cfg;
    tb_config_default(game(), players, &cfg);
    void *st = ts_new_game(game(), &cfg);
    assert_int_equal(tb_apply_chance(game(), st, deck, TBI_MQ_CARDS), TB_OK);
    return st;
}

/* Deals a deck that starts with the named cards, the rest in order. */
static void *deal(int players, const char *const *first, int n)
{
    int ids[TBI_MQ_CARDS];
    for (int i = 0; i < n; i++)
        ids[i] = ts_mq_card(first[i]);
    tb_config cfg = ts_config(game(), players, NULL);
    return ts_deal_first(game(), &cfg, 0, TBI_MQ_CARDS - 1, ids, n);
}

/* Places the k-th card (1-based) of a two-row strip running west from the
 * first card: 0,0 then -1,1 -1,0 -2,1 -2,0 ...  Each card touches the two
 * before it (and only those of the cards so far). */
static const char *strip_move(int k)
{
    static char move[32];
    if (k == 1)
        snprintf(move, sizeof move, "0,0");
    else if (k % 2 == 0)
        snprintf(move, sizeof move, "%d,1", -k / 2);
    else
        snprintf(move, sizeof move, "%d,0", -(k - 1) / 2);
    return move;
}

static void place_strip(void *st, int k)
{
    ts_play(game(), st, strip_move(k));
}

/* What seat is told of the move typed as text in st. */
static const char *told(const void *st, const char *text, int seat)
{
    return ts_describe(game(), st, text, seat);
}

/* The scores standing() gives now: minus each seat's product. */
static void standing(const void *st, double *scores)
{
    assert_non_null(game()->standing);
    game()->standing(st, scores);
}

/* "Each player then draws a card. Without showing it to the other players,
 * look at it, then place it face-down before you. This is your energy card
 * and you can look at it during play. Each player then draws another card.
 * This is your playing card." */
static void energy_and_playing_cards_are_secret(void **state)
{
    (void)state;
    const char *first[] = {"5Bs", "1Ym", "3Rc", "2Ba"};
    void *st = deal(2, first, 4);
    char *mine = tb_view_json(game(), st, 0), *theirs = tb_view_json(game(), st, 1);
    char *spectator = tb_view_json(game(), st, TB_SPECTATOR);
    char want_energy[32], want_card[32];
    snprintf(want_energy, sizeof want_energy, "\"energy\":%d",
             ts_mq_card("5Bs"));
    snprintf(want_card, sizeof want_card, "\"card\":%d", ts_mq_card("3Rc"));
    assert_non_null(strstr(mine, want_energy));
    assert_non_null(strstr(mine, want_card));
    assert_null(strstr(theirs, want_energy));
    assert_null(strstr(theirs, want_card));
    assert_null(strstr(spectator, "\"energy\""));
    free(mine);
    free(theirs);
    free(spectator);
    /* The text view hides them too. */
    char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 1, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "seat 0: energy ?  playing card ?"));
    assert_non_null(strstr(buf, "seat 1 (you): energy 1Ym  playing card 2Ba"));
    free(st);
}

/* "Of course, the first player simply places a card on the table, and then
 * the second player plays adjacent to the one card; but all plays after
 * that must be adjacent to two cards." */
static void first_card_then_next_to_it_then_next_to_two(void **state)
{
    (void)state;
    const char *first[] = {"5Bs", "1Ym"};
    void *st = deal(2, first, 2);
    const tb_game *g = game();
    tb_action a[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(g, st, a), 1);
    assert_true(ts_is_legal_text(g, st, "0,0"));
    ts_play(g, st, "0,0");
    /* The six neighbours of 0,0 (row 0 is even: the rows around touch
     * columns -1 and 0). */
    assert_int_equal(tb_legal(g, st, a), 6);
    const char *around[] = {"1,0", "-1,0", "-1,-1", "0,-1", "-1,1", "0,1"};
    for (int i = 0; i < 6; i++)
        assert_true(ts_is_legal_text(g, st, around[i]));
    ts_play(g, st, "1,0");
    /* Only the two cells touching both cards remain: above and below the
     * gap between them. */
    assert_int_equal(tb_legal(g, st, a), 2);
    assert_true(ts_is_legal_text(g, st, "0,-1"));
    assert_true(ts_is_legal_text(g, st, "0,1"));
    tb_action out;
    char err[256];
    ts_refused(g, st, "2,0", "does not touch two cards");
    ts_refused(g, st, "1,0", "already holds");
    /* Positions may be typed with spaces or brackets. */
    assert_int_equal(tb_parse_action(g, st, "( 0 , 1 )", &out, err,
                                     sizeof err), TB_OK);
    free(st);
}

/* "Count the cards in the largest connected group of cards matching the
 * colour of your energy card. ... matching the suit ... matching the number
 * ... Finally, multiply these three values together." (the booklet's
 * example: a palm of blue suns, blue group 5, suns 3, palms 1: 15). */
static void score_multiplies_largest_connected_groups(void **state)
{
    (void)state;
    /* Seat 0's energy is the palm of blue suns, seat 1's the ace of yellow
     * moons; the strip's cards are placed in this order. */
    const char *first[] = {"5Bs", "1Ym", "1Bm", "2Bc", "3Bs",
                           "4Ra", "5Ya", "1Rm", "2Yc", "4Bc"};
    void *st = deal(2, first, 10);
    for (int k = 1; k <= 8; k++)
        place_strip(st, k);
    /* Blue: 1Bm 2Bc 3Bs touch one another (3); 4Bc is blue too but is
     * walled off by 1Rm and 2Yc, a group of its own (1): largest 3.  Suns:
     * 3Bs (1).  Palms: 5Ya (1).  Seat 0: 3 x 1 x 1 = 3.
     * Yellow: 5Ya and 2Yc touch (2); moons: 1Bm and 1Rm are apart (1);
     * aces: 1Bm, 1Rm apart (1).  Seat 1: 2 x 1 x 1 = 2. */
    double scores[2];
    standing(st, scores);
    assert_true(scores[0] == -3.0);
    assert_true(scores[1] == -2.0);
    free(st);
}

/* The deck in which neighbours never share anything: card k has number
 * k % 5 + 1, suit k % 4 and colour k % 3 (by the Chinese remainder theorem
 * these are the 60 cards, once each), so cards up to two apart in the
 * order differ in all three attributes. */
static void deck_of_strangers(uint16_t *deck)
{
    for (int k = 0; k < TBI_MQ_CARDS; k++)
        deck[k] = (uint16_t)tbi_mq_make(k % 5 + 1, k % 4, k % 3, 0);
}

/* "The game ends when the last playing card has been placed on the table."
 * and "In case of a tie, the player among those tied who played her final
 * card first wins."  Every placed card here touches only strangers, so every
 * group has one card and every product is 1: the final cards decide, and
 * the turn order makes seat 0's final card the first. */
static void tie_goes_to_whoever_played_the_final_card_first(void **state)
{
    (void)state;
    for (int players = 2; players <= 6; players += 4) {
        uint16_t deck[TBI_MQ_CARDS];
        deck_of_strangers(deck);
        void *st = deal_ids(players, deck);
        int total = TBI_MQ_CARDS - players;
        for (int k = 1; k <= total; k++)
            place_strip(st, k);
        assert_int_equal(tb_current(game(), st), TB_TERMINAL);
        tb_result r;
        assert_int_equal(tb_result_of(game(), st, &r), TB_OK);
        for (int p = 0; p < players; p++) {
            assert_true(r.score[p] == -1.0);
            assert_int_equal(r.rank[p], p + 1);
        }
        free(st);
    }
}

/* The field "has no borders, and can grow as large as necessary": the state
 * holds a fixed array that every game fits in (see the doc).  A strip is
 * the fastest way out from the first card, one step per two cards; with two
 * players the 58th card lands 29 steps away, and the game still plays. */
static void the_longest_strip_fits_the_fixed_grid(void **state)
{
    (void)state;
    uint16_t deck[TBI_MQ_CARDS];
    deck_of_strangers(deck);
    void *st = deal_ids(2, deck);
    for (int k = 1; k < 58; k++)
        place_strip(st, k);
    assert_true(ts_is_legal_text(game(), st, "-29,1"));
    assert_true(ts_is_legal_text(game(), st, "-28,-1"));
    place_strip(st, 58);
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    char *v = tb_view_json(game(), st, TB_SPECTATOR);
    assert_non_null(strstr(v, "{\"card\":"));
    assert_non_null(strstr(v, "\"x\":-29,\"y\":1}"));
    free(v);
    free(st);
}

/* Placing a card shows it to everyone ("place it face-up on the table");
 * the card drawn after it is seen by the player who drew it alone. */
static void placements_are_told_and_draws_kept_secret(void **state)
{
    (void)state;
    const char *first[] = {"5Bs", "1Ym", "3Rc", "2Ba"};
    void *st = deal(2, first, 4);
    /* The deck goes on with the lowest unnamed card, 2Ym. */
    assert_string_equal(told(st, "0,0", 0),
                        "seat 0 places 3Rc at 0,0\nseat 0 draws 2Ym\n");
    const char *others = "seat 0 places 3Rc at 0,0\n"
                         "seat 0 draws a card (55 left in the deck)\n";
    assert_string_equal(told(st, "0,0", 1), others);
    assert_string_equal(told(st, "0,0", TB_SPECTATOR), others);
    ts_play(game(), st, "0,0");
    char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, 1, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "last card: seat 0 placed 3Rc at 0,0\n"));
    free(st);
}

/* docs/games/mystique-energy.md, "Typing in a real deal": a record typed
 * by hand from the doc gives the table it describes.  Two players: the
 * deal's entries 0 and 1 are the energy cards of seats 0 and 1, entries 2
 * and 3 their playing cards, and the draw pile is taken from entry 4 on. */
static void a_real_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    const tb_game *g = game();
    char json[2048];
    tb_text t;
    tb_text_init(&t, json, sizeof json);
    tb_text_puts(&t, "{\"format\":\"tabula-record/1\",\"game\":"
                     "\"mystique-energy\",\"players\":2,\"deal\":[[");
    for (int i = 0; i < TBI_MQ_CARDS; i++)
        tb_text_printf(&t, "%s%d", i ? "," : "", TBI_MQ_CARDS - 1 - i);
    tb_text_puts(&t, "]],\"actions\":[{\"seat\":0,\"move\":\"0,0\"},"
                     "{\"seat\":1,\"move\":\"1,0\"}]}");
    void *st = ts_replay_json(json);
    /* Energies 59 and 58; the cards placed, 57 and 56; then each seat drew
     * from the top of the pile in turn: 55 for seat 0, 54 for seat 1. */
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    json_t *table = json_object_get(v, "table");
    assert_int_equal(json_integer_value(json_object_get(
                         json_array_get(table, 0), "card")), 57);
    assert_int_equal(json_integer_value(json_object_get(
                         json_array_get(table, 1), "card")), 56);
    json_decref(v);
    for (int p = 0; p < 2; p++) {
        v = ts_view(g, st, p);
        json_t *me = json_array_get(json_object_get(v, "seats"), (size_t)p);
        assert_int_equal(json_integer_value(json_object_get(me, "energy")),
                         59 - p);
        assert_int_equal(json_integer_value(json_object_get(me, "card")),
                         55 - p);
        json_decref(v);
    }
    free(st);
}

/* At the end every energy card is turned up for the tally. */
static void energy_cards_are_revealed_at_the_end(void **state)
{
    (void)state;
    uint16_t deck[TBI_MQ_CARDS];
    deck_of_strangers(deck);
    void *st = deal_ids(3, deck);
    for (int k = 1; k < TBI_MQ_CARDS - 3; k++)
        place_strip(st, k);
    /* The last placement is told to everyone with the energy cards, every
     * seat's groups and the winner. */
    char want[96], name[16];
    const char *last = told(st, strip_move(TBI_MQ_CARDS - 3), 0);
    assert_string_equal(last, told(st, strip_move(TBI_MQ_CARDS - 3),
                                   TB_SPECTATOR));
    assert_non_null(strstr(last, "the last card is placed: the game ends and "
                                 "the energy cards are shown\n"));
    for (int p = 0; p < 3; p++) {
        tbi_mq_short_name(deck[p], 0, name, sizeof name);
        snprintf(want, sizeof want, "seat %d's energy card is %s: largest "
                 "groups ", p, name);
        assert_non_null(strstr(last, want));
    }
    assert_non_null(strstr(last, "wins with the lowest product"));
    place_strip(st, TBI_MQ_CARDS - 3);
    char *v = tb_view_json(game(), st, TB_SPECTATOR);
    json_t *root = json_loads(v, 0, NULL);
    assert_non_null(root);
    json_t *seats = json_object_get(root, "seats");
    for (int p = 0; p < 3; p++) {
        json_t *e = json_object_get(json_array_get(seats, (size_t)p), "energy");
        assert_non_null(e);
        assert_int_equal(json_integer_value(e), deck[p]);
    }
    json_decref(root);
    free(v);
    free(st);
}

/* Determinizing for a seat keeps its own energy and playing card and the
 * table, and deals the others' secret cards from the unseen ones. */
static void determinize_keeps_what_the_seat_knows(void **state)
{
    (void)state;
    const char *first[] = {"5Bs", "1Ym", "3Rc", "2Ba", "4Yc"};
    void *st = deal(3, first, 5);
    ts_play(game(), st, "0,0");
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    int changed = 0;
    for (int i = 0; i < 20; i++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 1, &rng);
        char *a = tb_view_json(game(), st, 1), *b = tb_view_json(game(), det, 1);
        assert_string_equal(a, b);
        free(a);
        free(b);
        char *c = tb_view_json(game(), det, 0);
        char want[32];
        snprintf(want, sizeof want, "\"energy\":%d", ts_mq_card("5Bs"));
        changed |= strstr(c, want) == NULL;
        free(c);
    }
    assert_true(changed);
    free(det);
    free(st);
}

/* Floor of y / 2, for negative y too. */
static int half_down(int y)
{
    return y >= 0 ? y / 2 : -((1 - y) / 2);
}

/* "all plays after that must be adjacent to two cards": on positions from
 * random games, the legal cells are exactly the empty cells touching two
 * or more cards, worked out independently in axial coordinates (q, r) from
 * the table in the public view. */
static void legal_cells_match_a_search_in_axial_coordinates(void **state)
{
    (void)state;
    static const int dq[6] = {1, -1, 0, 0, 1, -1}, dr[6] = {0, 0, 1, -1, -1, 1};
    tb_config cfg;
    tb_config_default(game(), 3, &cfg);
    void *st = ts_new_game(game(), &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 17);
    tb_settle(game(), st, &rng);
    tb_action a[TB_MAX_ACTIONS];
    static int occupied[121][121];
    memset(occupied, 0, sizeof occupied);
    int placed = 0;
    while (tb_current(game(), st) >= 0) {
        int n = tb_legal(game(), st, a);
        if (placed >= 2) {
            /* Count the empty cells next to two or more cards. */
            int want = 0;
            for (int q = -59; q <= 59; q++)
                for (int r = -59; r <= 59; r++) {
                    if (occupied[q + 60][r + 60])
                        continue;
                    int touching = 0;
                    for (int d = 0; d < 6; d++) {
                        int nq = q + dq[d] + 60, nr = r + dr[d] + 60;
                        touching += nq >= 0 && nq < 121 && nr >= 0 &&
                                    nr < 121 && occupied[nq][nr];
                    }
                    if (touching < 2)
                        continue;
                    want++;
                    char move[32]; /* back to offset: x = q + floor(r/2) */
                    snprintf(move, sizeof move, "%d,%d", q + half_down(r), r);
                    assert_true(ts_is_legal_text(game(), st, move));
                }
            assert_int_equal(n, want);
        }
        tb_action pick = a[tb_rng_below(&rng, (uint32_t)n)];
        char text[32];
        assert_int_equal(tb_action_text(game(), st, pick, text, sizeof text),
                         TB_OK);
        int x, y;
        assert_int_equal(sscanf(text, "%d,%d", &x, &y), 2);
        occupied[x - half_down(y) + 60][y + 60] = 1;
        placed++;
        tb_apply(game(), st, pick);
    }
    assert_int_equal(placed, 57);
    free(st);
}

/* The heuristic only ever picks legal positions and finishes games. */
static void heuristic_plays_legal_moves(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(game(), 4, &cfg);
    void *st = ts_new_game(game(), &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    tb_settle(game(), st, &rng);
    while (tb_current(game(), st) >= 0) {
        int seat = tb_current(game(), st);
        tb_action a = game()->heuristic(st, seat, &rng);
        assert_int_equal(tb_apply(game(), st, a), TB_OK);
        tb_settle(game(), st, &rng);
    }
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(energy_and_playing_cards_are_secret),
        cmocka_unit_test(first_card_then_next_to_it_then_next_to_two),
        cmocka_unit_test(score_multiplies_largest_connected_groups),
        cmocka_unit_test(tie_goes_to_whoever_played_the_final_card_first),
        cmocka_unit_test(the_longest_strip_fits_the_fixed_grid),
        cmocka_unit_test(placements_are_told_and_draws_kept_secret),
        cmocka_unit_test(a_real_deal_typed_in_from_the_doc),
        cmocka_unit_test(energy_cards_are_revealed_at_the_end),
        cmocka_unit_test(determinize_keeps_what_the_seat_knows),
        cmocka_unit_test(legal_cells_match_a_search_in_axial_coordinates),
        cmocka_unit_test(heuristic_plays_legal_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
