/*
 * test_clique_mystique.c - the rules of Clique Mystique, each test quoting
 * the rule it checks.  Positions are set up through the public API by
 * giving the deal a chosen deck order: the first nine cards form the 3x3
 * array row by row from its top-left (c5 d5 e5 / c4 d4 e4 / c3 d3 e3), the
 * next seven are seat 0's hand, the next seven seat 1's, and the draw pile
 * is the rest, drawn from the end of the deck.
 */
#include "support.h"

#include "mystique_deck.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("clique-mystique");
}

/* Deals nine array cards and up to seven named cards per hand; hands are
 * filled up, and the pile made, from the unnamed cards in order. */
static void *deal(const char *const grid[9], const char *const *hand0,
                  int n0, const char *const *hand1, int n1)
{
    tb_config cfg;
    tb_config_default(game(), 2, &cfg);
    void *st = ts_new_game(game(), &cfg);
    const char *const *names[3] = {grid, hand0, hand1};
    int want[3] = {9, n0, n1}, size[3] = {9, 7, 7}, ids[3][9];
    const int *named[3] = {ids[0], ids[1], ids[2]};
    for (int part = 0; part < 3; part++)
        for (int i = 0; i < want[part]; i++)
            ids[part][i] = ts_mq_card(names[part][i]);
    uint16_t deck[TBI_MQ_CARDS];
    assert_int_equal(
        ts_deck_order(deck, 0, TBI_MQ_CARDS - 1, 3, named, want, size),
        TBI_MQ_CARDS);
    assert_int_equal(tb_apply_chance(game(), st, deck, TBI_MQ_CARDS), TB_OK);
    return st;
}

/* The seat owning the stack on cell ("d4"), or -1 when it is empty. */
static int owner(const void *st, const char *cell)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *o = json_object_get(json_object_get(v, "board"), cell);
    int who = o ? (int)json_integer_value(json_object_get(o, "owner")) : -1;
    json_decref(v);
    return who;
}

/* The number of cards in the stack on cell. */
static int height(const void *st, const char *cell)
{
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *o = json_object_get(json_object_get(v, "board"), cell);
    int n = o ? (int)json_array_size(json_object_get(o, "stack")) : 0;
    json_decref(v);
    return n;
}

/* Ends a Group being placed when it has not ended by itself. */
static void finish(void *st)
{
    if (ts_is_legal_text(game(), st, "done"))
        ts_play(game(), st, "done");
}

/* The booklet's example position, as far as its lost pictures allow: the
 * first player's 5 of blue moons on c4 left of the centre ace of blue suns,
 * and in column e the second player's 2 of yellow suns, the first player's
 * 4 of red suns and the second player's 2 of blue suns. */
static const char *const example_grid[9] = {"3Rc", "1Ya", "2Ys",
                                            "5Bm", "1Bs", "4Rs",
                                            "4Ym", "2Rm", "2Bs"};

/* "Throughout the game, the first player owns the vertical cards (of which
 * there are four after setup), and the second player owns the horizontal
 * ones (of which there are five after setup). Deal out a hand of 7 cards to
 * each player." */
static void setup_gives_four_upright_and_five_sideways(void **state)
{
    (void)state;
    void *st = deal(example_grid, NULL, 0, NULL, 0);
    const char *edges[] = {"d5", "c4", "e4", "d3"};
    const char *corners[] = {"c5", "e5", "d4", "c3", "e3"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(owner(st, edges[i]), 0);
    for (int i = 0; i < 5; i++)
        assert_int_equal(owner(st, corners[i]), 1);
    assert_int_equal(owner(st, "d6"), -1);
    assert_int_equal(ts_view_int(game(), st, "deck"), 60 - 9 - 14);
    assert_int_equal(tb_current(game(), st), 0);
    free(st);
}

/* "You have the 4 and 5 in hand, and choose to place them to the left of
 * your 5. This forms a Clique of four Blue cards in all four suits. The 5
 * was there before, and the 1 is owned by the other player, so this is a
 * legal move. You rotate the 1" */
static void example_clique_of_four_suits_turns_the_ace(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_play(game(), st, "5Bc b4");
    /* One card is not yet a Group: the player must go on. */
    assert_int_equal(tb_current(game(), st), 0);
    assert_false(ts_is_legal_text(game(), st, "done"));
    assert_false(ts_is_legal_text(game(), st, "pass"));
    ts_play(game(), st, "4Ba a4");
    finish(st);
    assert_int_equal(owner(st, "d4"), 0);
    assert_int_equal(owner(st, "a4"), 0);
    assert_int_equal(owner(st, "b4"), 0);
    /* Nothing else turned, and the hand was refilled to seven. */
    assert_int_equal(owner(st, "c5"), 1);
    assert_int_equal(owner(st, "e5"), 1);
    json_t *v = ts_view(game(), st, 0);
    json_t *seat0 = json_array_get(json_object_get(v, "seats"), 0);
    assert_int_equal(json_integer_value(json_object_get(seat0, "hand_size")), 7);
    json_decref(v);
    assert_int_equal(ts_view_int(game(), st, "deck"), 35);
    assert_int_equal(tb_current(game(), st), 1);
    free(st);
}

/* "Now your opponent plays 3 atop her own 2, forming a stack of two cards,
 * 5 above that, and 1 below her 2. This forms a Clique of all five numbers
 * in the [suns] suit. It's legal because it includes her own 2 from before,
 * and your 4." */
static void example_stack_and_clique_of_five_numbers(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    const char *hand1[] = {"3Bs", "5Ys", "1Rs"};
    void *st = deal(example_grid, hand0, 2, hand1, 3);
    ts_play(game(), st, "5Bc b4");
    ts_play(game(), st, "4Ba a4");
    finish(st);
    ts_play(game(), st, "3Bs e5"); /* on her own 2 of yellow suns */
    ts_play(game(), st, "5Ys e6");
    ts_play(game(), st, "1Rs e2"); /* the third card ends the Group */
    assert_int_equal(tb_current(game(), st), 0);
    assert_int_equal(height(st, "e5"), 2);
    assert_int_equal(owner(st, "e5"), 1);
    assert_int_equal(owner(st, "e4"), 1); /* your 4 turned */
    assert_int_equal(owner(st, "e6"), 1);
    assert_int_equal(owner(st, "e2"), 1);
    /* The stack lists its cards bottom first. */
    json_t *v = ts_view(game(), st, 0);
    json_t *stack = json_object_get(
        json_object_get(json_object_get(v, "board"), "e5"), "stack");
    assert_int_equal(json_integer_value(json_array_get(stack, 0)),
                     ts_mq_card("2Ys"));
    assert_int_equal(json_integer_value(json_array_get(stack, 1)),
                     ts_mq_card("3Bs"));
    json_decref(v);
    free(st);
}

/* "Each card you put down can be placed either on an unoccupied space, or
 * on top of one of your own cards" - never on the opponent's - and "cards
 * must not be placed more than three cards above, below, to the left, or to
 * the right of the centre." */
static void cards_go_on_empty_cells_or_own_stacks_inside_the_board(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_refused(game(), st, "5Bc d4", "opponent's card");
    ts_refused(game(), st, "5Bc h4", "7x7 board");
    ts_refused(game(), st, "1Bc b4", "not in your hand");
    free(st);
}

/* "in the Group, at least one of your cards that were already on the table
 * must remain uncovered."  Column c would be a Clique of four yellow suits
 * (4Yc c6, 1Ym c5, 2Ys on c4, 3Ya c3), but covering c4 leaves the first
 * player no card of their own from before in it. */
static void an_own_card_from_before_must_stay_uncovered(void **state)
{
    (void)state;
    const char *grid[9] = {"1Ym", "1Rc", "4Bm", "5Rc", "2Bs",
                           "5Bm", "3Ya", "4Ra", "1Ba"};
    const char *hand0[] = {"2Ys", "4Yc"};
    void *st = deal(grid, hand0, 2, NULL, 0);
    assert_false(ts_is_legal_text(game(), st, "2Ys c4"));
    ts_refused(game(), st, "2Ys c4", "cannot complete");
    free(st);
}

/* "Besides the main Group that includes all the cards you put down, your
 * play may form 'incidental' Groups. As long as they meet conditions (1)
 * and (2) above, rotate all cards and stacks in these incidental Groups"
 * and "even though the 5, 5, 1, and 3 form a Clique, it doesn't cause any
 * rotation, because it doesn't include any of her cards from before the
 * move (Criterion 1)."
 * The first player covers their own d5 with the 3 of yellow suns: column d
 * (3Ys, 1Ra, 5Bm) is a Motley Crew with their 5Bm and the opponent's 1Ra;
 * row 5 (3Rs, 3Ys, 3Bs) is a Clique too, but holds no card of theirs from
 * before, so c5 and e5 do not turn. */
static void incidental_group_needs_an_own_card_from_before(void **state)
{
    (void)state;
    const char *grid[9] = {"3Rs", "4Rc", "3Bs", "2Yc", "1Ra",
                           "4Bc", "5Rc", "5Bm", "1Yc"};
    const char *hand0[] = {"3Ys"};
    void *st = deal(grid, hand0, 1, NULL, 0);
    ts_play(game(), st, "3Ys d5");
    finish(st);
    assert_int_equal(owner(st, "d4"), 0);
    assert_int_equal(owner(st, "c5"), 1);
    assert_int_equal(owner(st, "e5"), 1);
    assert_int_equal(height(st, "d5"), 2);
    free(st);
}

/* The same rule, the other way: the second player covers their own corner
 * c5 with the 2 of blue moons.  Row 5 (2Bm, 4Ys, 5Ra) is a Motley Crew with
 * their 5Ra and the opponent's 4Ys; column c (2Bm, 2Yc, 2Rs) is a Clique of
 * three colours sharing the number 2, with their 2Rs and the opponent's
 * 2Yc, an incidental Group meeting both conditions: d5 and c4 both turn.
 * (The first player passes first.) */
static void incidental_group_with_both_conditions_turns_too(void **state)
{
    (void)state;
    const char *grid[9] = {"1Yc", "4Ys", "5Ra", "2Yc", "3Rc",
                           "4Bc", "2Rs", "1Ba", "3Ym"};
    const char *hand1[] = {"2Bm"};
    void *st = deal(grid, NULL, 0, hand1, 1);
    ts_play(game(), st, "pass");
    ts_play(game(), st, "2Bm c5");
    finish(st);
    assert_int_equal(owner(st, "d5"), 1);
    assert_int_equal(owner(st, "c4"), 1);
    assert_int_equal(owner(st, "d3"), 0); /* not in either Group */
    free(st);
}

/* "Replace as much of your hand as you wish, as follows: First, remove all
 * the cards you don't want from your hand, and place them face-down on the
 * table. Then, draw the same number ... Finally, shuffle the face-down
 * cards back into the deck." */
static void replacing_draws_then_shuffles_the_cards_back(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_play(game(), st, "replace");
    ts_play(game(), st, "4Ba");
    ts_play(game(), st, "5Bc");
    /* The other seat sees how many are set aside, never which. */
    char *theirs = tb_view_json(game(), st, 1);
    assert_non_null(strstr(theirs, "\"set_aside\":2"));
    assert_null(strstr(theirs, "aside_cards"));
    free(theirs);
    ts_play(game(), st, "done");
    /* Drawn before the shuffle: the pile is a chance node now. */
    assert_int_equal(tb_current(game(), st), TB_CHANCE);
    tb_chance c;
    assert_int_equal(tb_chance_spec(game(), st, &c), TB_OK);
    assert_int_equal(c.n, 37); /* the set-aside cards are back in it */
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tb_settle(game(), st, &rng);
    assert_int_equal(tb_current(game(), st), 1);
    json_t *v = ts_view(game(), st, 0);
    json_t *hand = json_object_get(json_array_get(json_object_get(v, "seats"),
                                                  0), "hand");
    assert_int_equal(json_array_size(hand), 7);
    for (size_t i = 0; i < 7; i++) {
        int id = (int)json_integer_value(json_array_get(hand, i));
        assert_true(id != ts_mq_card("4Ba") && id != ts_mq_card("5Bc"));
    }
    json_decref(v);
    free(st);
}

/* "On your turn, do precisely one of the following: Place a Group.
 * Replace part or all of your hand. Pass."  Typing `replace` only starts
 * the choice, while the cards are "face-down on the table": until `done`
 * draws, `back` gives it up, the set-aside cards stay in the hand and the
 * turn is open again for a Group or a pass.  A replacement taken back
 * cannot be started again in that turn (so a turn cannot go round for
 * ever), and the opponent only hears that it was taken back. */
static void a_started_replacement_can_be_taken_back(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_refused(game(), st, "back", "there is none");
    ts_play(game(), st, "replace");
    assert_true(ts_is_legal_text(game(), st, "back"));
    ts_play(game(), st, "4Ba");
    assert_true(ts_is_legal_text(game(), st, "back"));
    assert_string_equal(ts_describe(game(), st, "back", 1),
                        "seat 0 takes the replacement back and keeps its "
                        "cards\n");
    ts_play(game(), st, "back");
    /* Seat 0 still moves, in the same turn, with its whole hand. */
    assert_int_equal(tb_current(game(), st), 0);
    json_t *v = ts_view(game(), st, 0);
    assert_string_equal(json_string_value(json_object_get(v, "phase")),
                        "turn");
    json_t *hand = json_object_get(json_array_get(json_object_get(v, "seats"),
                                                  0), "hand");
    assert_int_equal(json_array_size(hand), 7);
    assert_null(json_object_get(v, "set_aside"));
    assert_true(json_is_true(json_object_get(v, "withdrawn")));
    json_decref(v);
    assert_false(ts_is_legal_text(game(), st, "replace"));
    ts_refused(game(), st, "replace", "you took a replacement back this "
               "turn");
    assert_true(ts_is_legal_text(game(), st, "pass"));
    ts_play(game(), st, "pass");
    /* The next seat may replace as usual, and take it back too. */
    assert_int_equal(tb_current(game(), st), 1);
    assert_true(ts_is_legal_text(game(), st, "replace"));
    free(st);
}

/* "draw the same number (or as many as are left in the deck, if it runs
 * out)": with the pile empty, cards set aside are not replaced, so the
 * hand shrinks (read literally; see the doc).  Random play reaches a turn
 * with an empty pile. */
static void replacing_with_an_empty_pile_shrinks_the_hand(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(game(), 2, &cfg);
    tb_rng rng;
    int tested = 0;
    for (uint64_t seed = 1; seed < 200 && !tested; seed++) {
        void *st = ts_new_game(game(), &cfg);
        tb_rng_seed(&rng, seed);
        tb_action a[TB_MAX_ACTIONS];
        for (;;) {
            tb_settle(game(), st, &rng);
            int seat = tb_current(game(), st);
            if (seat < 0)
                break;
            json_t *v = ts_view(game(), st, seat);
            const char *phase = json_string_value(json_object_get(v, "phase"));
            json_t *me = json_array_get(json_object_get(v, "seats"),
                                        (size_t)seat);
            int hand = (int)json_integer_value(json_object_get(me, "hand_size"));
            int empty = strcmp(phase, "turn") == 0 &&
                        ts_view_int(game(), st, "deck") == 0 && hand >= 2;
            json_decref(v);
            if (empty) {
                ts_play(game(), st, "replace");
                json_t *w = ts_view(game(), st, seat);
                json_t *cards = json_object_get(
                    json_array_get(json_object_get(w, "seats"), (size_t)seat),
                    "hand");
                char first[8], second[8];
                tbi_mq_short_name((int)json_integer_value(
                                      json_array_get(cards, 0)), 0,
                                  first, sizeof first);
                tbi_mq_short_name((int)json_integer_value(
                                      json_array_get(cards, 1)), 0,
                                  second, sizeof second);
                json_decref(w);
                ts_play(game(), st, first);
                ts_play(game(), st, second);
                ts_play(game(), st, "done");
                tb_settle(game(), st, &rng);
                w = ts_view(game(), st, seat);
                me = json_array_get(json_object_get(w, "seats"), (size_t)seat);
                assert_int_equal(
                    json_integer_value(json_object_get(me, "hand_size")),
                    hand - 2);
                assert_int_equal(json_integer_value(json_object_get(w, "deck")),
                                 2);
                json_decref(w);
                tested = 1;
                break;
            }
            int n = tb_legal(game(), st, a);
            tb_apply(game(), st, a[tb_rng_below(&rng, (uint32_t)n)]);
        }
        free(st);
    }
    assert_true(tested);
}

/* "The game ends when both players pass consecutively." */
static void two_passes_in_a_row_end_the_game(void **state)
{
    (void)state;
    void *st = deal(example_grid, NULL, 0, NULL, 0);
    ts_play(game(), st, "pass");
    ts_play(game(), st, "replace"); /* breaks the run of passes */
    json_t *v = ts_view(game(), st, 1);
    json_t *hand = json_object_get(json_array_get(json_object_get(v, "seats"),
                                                  1), "hand");
    char name[8];
    tbi_mq_short_name((int)json_integer_value(json_array_get(hand, 0)), 0,
                      name, sizeof name);
    json_decref(v);
    ts_play(game(), st, name);
    ts_play(game(), st, "done");
    tb_rng rng;
    tb_rng_seed(&rng, 2);
    tb_settle(game(), st, &rng);
    ts_play(game(), st, "pass");
    assert_int_equal(tb_current(game(), st), 1);
    ts_play(game(), st, "pass");
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    /* "Your score is the number of cards in stacks you own, minus the
     * number of cards left in your hand": 4 - 7 and 5 - 7. */
    tb_result r;
    assert_int_equal(tb_result_of(game(), st, &r), TB_OK);
    assert_true(r.score[0] == -3.0);
    assert_true(r.score[1] == -2.0);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.rank[0], 2);
    free(st);
}

/* "The tiebreaker is the number of cards in intact Groups that you own
 * (including all cards in the stacks). For the tiebreaker, each card/stack
 * counts once for each intact Group in which it occurs."
 * After the booklet's first move the second player turns the first
 * player's 4Rs with 5Bs on e6: both own six cards and hold seven, a tie at
 * -1.  The first player owns one intact Group, a4-d4 (four cards); the
 * second owns two, e6-e4 and e5-e3 (three cards each), and wins. */
static void tie_broken_by_cards_in_intact_groups(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    const char *hand1[] = {"5Bs"};
    void *st = deal(example_grid, hand0, 2, hand1, 1);
    ts_play(game(), st, "5Bc b4");
    ts_play(game(), st, "4Ba a4");
    finish(st);
    ts_play(game(), st, "5Bs e6");
    finish(st);
    assert_int_equal(owner(st, "e4"), 1);
    ts_play(game(), st, "pass");
    ts_play(game(), st, "pass");
    tb_result r;
    assert_int_equal(tb_result_of(game(), st, &r), TB_OK);
    assert_true(r.score[0] == -1.0 && r.score[1] == -1.0);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *tie = json_object_get(v, "tiebreak");
    assert_int_equal(json_integer_value(json_array_get(tie, 0)), 4);
    assert_int_equal(json_integer_value(json_array_get(tie, 1)), 6);
    json_decref(v);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.rank[0], 2);
    free(st);
}

/* "If a Clique has two attributes constant, it counts twice (Example: 3,
 * 3, 3)."  The second player's diagonal c5-d4-e3 holds the 3s of moons in
 * all three colours (6 for the tiebreaker) and the other diagonal e5-d4-c3
 * is a Motley Crew (3). */
static void clique_with_two_constants_counts_twice(void **state)
{
    (void)state;
    const char *grid[9] = {"3Ym", "1Ba", "1Ys", "2Rc", "3Rm",
                           "4Bc", "5Ba", "5Yc", "3Bm"};
    void *st = deal(grid, NULL, 0, NULL, 0);
    ts_play(game(), st, "pass");
    ts_play(game(), st, "pass");
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *tie = json_object_get(v, "tiebreak");
    assert_int_equal(json_integer_value(json_array_get(tie, 1)), 9);
    assert_int_equal(json_integer_value(json_array_get(tie, 0)), 0);
    json_decref(v);
    free(st);
}

/* Hands and the pile are hidden: determinizing for seat 0 keeps its hand
 * and the board and deals seat 1's hand again. */
static void determinize_keeps_what_the_seat_knows(void **state)
{
    (void)state;
    void *st = deal(example_grid, NULL, 0, NULL, 0);
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    int changed = 0;
    for (int i = 0; i < 10; i++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 0, &rng);
        char *a = tb_view_json(game(), st, 0), *b = tb_view_json(game(), det, 0);
        assert_string_equal(a, b);
        free(a);
        free(b);
        a = tb_view_json(game(), st, 1);
        b = tb_view_json(game(), det, 1);
        changed |= strcmp(a, b) != 0;
        free(a);
        free(b);
    }
    assert_true(changed);
    free(det);
    free(st);
}

/* A Group half placed is a begun choice everybody saw (issue 10): seat 0
 * put the 5 of blue crowns on b4, which needs another card to be a Group,
 * so its opponent knows it holds one.  Determinizing for seat 1 or a
 * spectator deals seat 0's hand afresh, but always one that can go on. */
static void determinize_keeps_a_begun_group_possible(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_play(game(), st, "5Bc b4");
    assert_false(ts_is_legal_text(game(), st, "done"));
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 10);
    static tb_action acts[TB_MAX_ACTIONS];
    int other_hands = 0;
    char *mine = tb_view_json(game(), st, 0);
    for (int i = 0; i < 300; i++) {
        int seat = i % 2 ? 1 : TB_SPECTATOR;
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, seat, &rng);
        assert_int_equal(tb_current(game(), det), 0);
        assert_true(tb_legal(game(), det, acts) >= 1);
        char *v = tb_view_json(game(), det, 0);
        other_hands += strcmp(v, mine) != 0;
        free(v);
        /* And the Group can be finished from there. */
        tb_rng play;
        tb_rng_seed(&play, (uint64_t)i);
        assert_true(tb_random_playout(game(), det, &play) >= 0);
    }
    assert_true(other_hands > 250);
    free(mine);
    free(det);
    free(st);
}

/* ------------------------------------------------------------ the table */

/* What seat is told when the seat to move in st plays move (a copy, in
 * one of two buffers, so that two descriptions can be compared). */
static const char *said(const void *st, const char *move, int seat, int slot)
{
    static char buf[2][2048];
    snprintf(buf[slot], sizeof buf[slot], "%s",
             ts_describe(game(), st, move, seat));
    return buf[slot];
}

/* The table as seat sees it, plain (a static buffer). */
static const char *table(const void *st, int seat)
{
    static char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), st, seat, TB_STYLE_PLAIN, &t);
    return buf;
}

/* "First, remove all the cards you don't want from your hand, and place
 * them face-down on the table": the opponent hears that cards are set
 * aside and how many are replaced, never which; the replacer is told its
 * own cards (issue 10). */
static void replacing_is_told_face_down(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    assert_string_equal(said(st, "replace", 1, 0),
                        "seat 0 starts replacing cards (face down)\n");
    ts_play(game(), st, "replace");
    /* Two different cards set aside are the same to seat 1. */
    assert_string_equal(said(st, "4Ba", 1, 0), said(st, "5Bc", 1, 1));
    assert_string_equal(said(st, "4Ba", 1, 0), "seat 0 sets a card aside\n");
    assert_string_equal(said(st, "4Ba", TB_SPECTATOR, 0),
                        "seat 0 sets a card aside\n");
    assert_string_equal(said(st, "4Ba", 0, 0), "seat 0 sets 4Ba aside\n");
    ts_play(game(), st, "4Ba");
    ts_play(game(), st, "5Bc");
    const char *theirs = said(st, "done", 1, 0);
    assert_non_null(strstr(theirs, "seat 0 replaces 2 cards\n"));
    assert_non_null(strstr(theirs, "seat 0 draws 2 cards\n"));
    assert_null(strstr(theirs, "4Ba"));
    assert_null(strstr(theirs, "5Bc"));
    const char *mine = said(st, "done", 0, 1);
    assert_non_null(strstr(mine, "seat 0 replaces 2 cards: 4Ba 5Bc\n"));
    assert_non_null(strstr(mine, "seat 0 draws 2 cards: "));
    ts_play(game(), st, "done");
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tb_settle(game(), st, &rng);
    assert_non_null(strstr(table(st, 1),
                           "last turn: seat 0 replaced 2 cards"));
    free(st);
}

/* "Rotate all of your opponent's cards and stacks in the Group so that
 * you now own them": the capture is said, with the cards and cells turned,
 * and the next player sees the Group (+) and what it turned (!) marked on
 * the board (issue 10). */
static void captures_are_said_and_marked(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    assert_string_equal(said(st, "5Bc b4", 1, 0),
                        "seat 0 plays 5Bc at b4; the Group goes on\n");
    ts_play(game(), st, "5Bc b4");
    const char *theirs = said(st, "4Ba a4", 1, 0);
    assert_non_null(strstr(theirs, "seat 0 plays 4Ba at a4, completing a "
                           "Group with 5Bc at b4, and captures 1 card "
                           "(d4)\n"));
    assert_non_null(strstr(theirs, "seat 0 draws 2 cards\n"));
    ts_play(game(), st, "4Ba a4");
    const char *t = table(st, 1);
    assert_non_null(strstr(t, "|4Ba|+  |5Bc|+  |5Bm|   |1Bs|!"));
    assert_non_null(strstr(t, "last Group: seat 0 put down 2 cards (+) and "
                           "turned 1 card (!: d4)"));
    free(st);
}

/* Cards under the top of a stack were face up when put down: the table
 * lists them, top card first (the doc's Views). */
static void buried_cards_are_shown(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    const char *hand1[] = {"3Bs", "5Ys", "1Rs"};
    void *st = deal(example_grid, hand0, 2, hand1, 3);
    ts_play(game(), st, "5Bc b4");
    ts_play(game(), st, "4Ba a4");
    finish(st);
    ts_play(game(), st, "3Bs e3");
    assert_non_null(strstr(table(st, 0), "stacks, top card first:\n    e3 "
                           "3Bs 2Bs\n"));
    free(st);
}

/* Hints offer only moves that exist now: `done` is not suggested while the
 * cards put down are not a Group yet, and the example move is a real one. */
static void hints_offer_only_legal_moves(void **state)
{
    (void)state;
    const char *hand0[] = {"4Ba", "5Bc"};
    void *st = deal(example_grid, hand0, 2, NULL, 0);
    ts_play(game(), st, "5Bc b4");
    assert_false(ts_is_legal_text(game(), st, "done"));
    const char *t = table(st, 0);
    assert_non_null(strstr(t, "you may: put down a card on a cell (e.g. "
                           "4Ba a4)\n"));
    assert_null(strstr(t, "done"));
    tb_action a;
    char err[256] = "";
    assert_int_equal(tb_parse_action(game(), st, "done", &a, err, sizeof err),
                     TB_EILLEGAL);
    assert_string_equal(err, "the cards put down are not a Group yet: put "
                        "down a card on a cell (e.g. 4Ba a4)");
    free(st);
}

/* The doc's "Typing in a real deal", followed to the letter: the nine
 * array cards as they lie (row by row from c5), seat 0's hand, seat 1's
 * hand, then the pile from its bottom card up to its top card; a
 * replacement's reshuffle is a permutation of the pile's positions.  The
 * record is built by hand from that description alone. */
static void a_real_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    const char *array[9] = {"3Rc", "1Ya", "2Ys", "5Bm", "1Bs", "4Rs",
                            "4Ym", "2Rm", "2Bs"};
    const char *hand0[7] = {"1Ym", "2Ym", "3Ym", "4Yc", "5Yc", "1Rc", "2Rc"};
    const char *hand1[7] = {"1Bm", "2Bm", "3Bm", "4Bc", "5Bc", "1Bc", "2Bc"};
    int used[60] = {0}, n = 0;
    char json[4096];
    tb_text t;
    tb_text_init(&t, json, sizeof json);
    tb_text_puts(&t, "{\"format\":\"tabula-record/1\",\"game\":"
                 "\"clique-mystique\",\"players\":2,\"deal\":[[");
    const char *const *parts[3] = {array, hand0, hand1};
    int sizes[3] = {9, 7, 7};
    for (int part = 0; part < 3; part++)
        for (int i = 0; i < sizes[part]; i++) {
            int id = ts_mq_card(parts[part][i]);
            used[id] = 1;
            tb_text_printf(&t, "%s%d", n++ ? "," : "", id);
        }
    int top = -1; /* the pile, bottom first: the unused ids ascending */
    for (int id = 0; id < 60; id++)
        if (!used[id]) {
            tb_text_printf(&t, ",%d", id);
            top = id;
        }
    /* After seat 0 replaces one card, the pile has 37 cards again: the
     * reshuffle leaves every card where it is (the set-aside card on top). */
    tb_text_puts(&t, "],[");
    for (int i = 0; i < 37; i++)
        tb_text_printf(&t, "%s%d", i ? "," : "", i);
    tb_text_puts(&t, "]],\"actions\":[{\"seat\":0,\"move\":\"replace\"},"
                 "{\"seat\":0,\"move\":\"2Rc\"},{\"seat\":0,\"move\":"
                 "\"done\"},{\"seat\":1,\"move\":\"replace\"},{\"seat\":1,"
                 "\"move\":\"2Bc\"},{\"seat\":1,\"move\":\"done\"}]}");
    assert_false(t.truncated);
    /* Unfinished: it stops at the reshuffle after seat 1's replacement. */
    void *st = ts_replay_json(json);
    const char *cells[9] = {"c5", "d5", "e5", "c4", "d4", "e4",
                            "c3", "d3", "e3"};
    json_t *v = ts_view(game(), st, 0);
    json_t *board = json_object_get(v, "board");
    for (int i = 0; i < 9; i++) {
        json_t *stack = json_object_get(json_object_get(board, cells[i]),
                                        "stack");
        assert_int_equal(json_integer_value(json_array_get(stack, 0)),
                         ts_mq_card(array[i]));
        /* Corners and the centre lie sideways: seat 1's. */
        assert_int_equal(owner(st, cells[i]), i % 2 == 0);
    }
    /* Seat 0 drew the pile's top card (the deal's last entry) ... */
    json_t *h0 = json_object_get(json_array_get(json_object_get(v, "seats"),
                                                0), "hand");
    int drew_top = 0, kept_2rc = 0;
    for (size_t i = 0; i < json_array_size(h0); i++) {
        int id = (int)json_integer_value(json_array_get(h0, i));
        drew_top |= id == top;
        kept_2rc |= id == ts_mq_card("2Rc");
    }
    assert_true(drew_top && !kept_2rc);
    json_decref(v);
    /* ... and seat 1, after the reshuffle that kept 2Rc on top, drew it. */
    v = ts_view(game(), st, 1);
    json_t *h1 = json_object_get(json_array_get(json_object_get(v, "seats"),
                                                1), "hand");
    int drew_2rc = 0;
    for (size_t i = 0; i < json_array_size(h1); i++)
        drew_2rc |= (int)json_integer_value(json_array_get(h1, i)) ==
                    ts_mq_card("2Rc");
    assert_true(drew_2rc);
    json_decref(v);
    free(st);
}

/* ------------------------------------------------------------ oracle */

/* What the oracle knows of a position, read from the seat's JSON view. */
typedef struct position {
    int top[49], owner[49]; /* top card id or -1; owner seat */
    int fresh[49], fresh_n; /* cards put down so far this turn */
    int hand[7], hand_n, seat;
} position;

static void read_position(const void *st, position *pos)
{
    pos->seat = tb_current(game(), st);
    json_t *v = ts_view(game(), st, pos->seat);
    json_t *board = json_object_get(v, "board");
    for (int c = 0; c < 49; c++) {
        char name[4] = {(char)('a' + c % 7), (char)('7' - c / 7), 0, 0};
        json_t *o = json_object_get(board, name);
        json_t *stack = o ? json_object_get(o, "stack") : NULL;
        pos->top[c] = stack ? (int)json_integer_value(json_array_get(
                                  stack, json_array_size(stack) - 1))
                            : -1;
        pos->owner[c] = o ? (int)json_integer_value(json_object_get(o, "owner"))
                          : -1;
        pos->fresh[c] = o && json_is_true(json_object_get(o, "new"));
    }
    pos->fresh_n = 0;
    for (int c = 0; c < 49; c++)
        pos->fresh_n += pos->fresh[c];
    json_t *hand = json_object_get(
        json_array_get(json_object_get(v, "seats"), (size_t)pos->seat), "hand");
    pos->hand_n = (int)json_array_size(hand);
    for (int i = 0; i < pos->hand_n; i++)
        pos->hand[i] = (int)json_integer_value(json_array_get(hand, (size_t)i));
    json_decref(v);
}

/* How many different values attribute attr takes among n cards. */
static int values(const int *cards, int n, int attr)
{
    int seen[6] = {0}, k = 0;
    for (int i = 0; i < n; i++) {
        int v = tbi_mq_attr(cards[i], attr);
        k += !seen[v];
        seen[v] = 1;
    }
    return k;
}

/* The rules' Group test, written plainly from the text. */
static int is_group(const int *cards, int n)
{
    int num = values(cards, n, TBI_MQ_NUMBER), suit = values(cards, n, TBI_MQ_SUIT);
    int col = values(cards, n, TBI_MQ_COLOUR);
    if (n == 3)
        return (col == 3 && (suit == 1 || num == 1)) ||
               (col == 3 && suit == 3 && num == 3);
    if (n == 4)
        return suit == 4 && (col == 1 || num == 1);
    return n == 5 && num == 5 && (col == 1 || suit == 1);
}

typedef struct oracle {
    const position *pos;
    int cells[5], len;
    int put[5];      /* hand index put on each cell, -1 kept, -2 put before */
    int legal[60][49];
    int done;        /* the cards put down so far are a Group already */
} oracle;

/* Tries every way to give the line's cells hand cards (empty cells must
 * get one, own cells may), and marks the cards of each legal placement. */
static void oracle_cell(oracle *o, int i, int used, int down)
{
    const position *pos = o->pos;
    if (i == o->len) {
        int tops[5], own = 0, opp = 0, fresh = 0;
        for (int k = 0; k < o->len; k++) {
            int c = o->cells[k];
            tops[k] = o->put[k] >= 0 ? pos->hand[o->put[k]] : pos->top[c];
            if (o->put[k] == -2)
                fresh++;
            else if (o->put[k] == -1 && pos->owner[c] == pos->seat)
                own++;
            else if (o->put[k] == -1)
                opp++;
        }
        if (down < 1 || down > 3 || fresh < pos->fresh_n || !own || !opp ||
            !is_group(tops, o->len))
            return;
        o->done |= down == pos->fresh_n;
        for (int k = 0; k < o->len; k++)
            if (o->put[k] >= 0)
                o->legal[pos->hand[o->put[k]]][o->cells[k]] = 1;
        return;
    }
    int c = o->cells[i];
    if (pos->fresh[c]) { /* put down earlier this turn */
        o->put[i] = -2;
        oracle_cell(o, i + 1, used, down + 1);
        return;
    }
    if (pos->top[c] >= 0) { /* keep what is there */
        o->put[i] = -1;
        oracle_cell(o, i + 1, used, down);
    }
    if ((pos->top[c] < 0 || pos->owner[c] == pos->seat) && down < 3)
        for (int h = 0; h < pos->hand_n; h++) {
            if (used >> h & 1)
                continue;
            o->put[i] = h;
            oracle_cell(o, i + 1, used | 1 << h, down + 1);
        }
}

/* The first steps that some legal placement begins with, by brute force
 * over every line of 3-5 cells. */
static void oracle_steps(const position *pos, oracle *o)
{
    static const int dx[4] = {1, 0, 1, -1}, dy[4] = {0, 1, 1, 1};
    memset(o, 0, sizeof *o);
    o->pos = pos;
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
            for (int d = 0; d < 4; d++)
                for (int len = 3; len <= 5; len++) {
                    int ex = x + dx[d] * (len - 1), ey = y + dy[d] * (len - 1);
                    if (ex < 0 || ex > 6 || ey > 6)
                        continue;
                    o->len = len;
                    for (int k = 0; k < len; k++)
                        o->cells[k] = (y + dy[d] * k) * 7 + x + dx[d] * k;
                    oracle_cell(o, 0, 0, 0);
                }
}

/* Legal placements must be enumerated exactly: at the start of a turn and
 * after each card put down, the cards and cells offered are exactly those
 * some legal Group goes on with, and done is offered exactly when the cards
 * down are a legal Group; checked against a plain brute-force search on
 * positions from random games. */
static void steps_match_a_brute_force_search(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(game(), 2, &cfg);
    static oracle o;
    int positions = 0, later = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_action a[TB_MAX_ACTIONS];
        for (;;) {
            tb_settle(game(), st, &rng);
            if (tb_current(game(), st) < 0)
                break;
            json_t *v = ts_view(game(), st, TB_SPECTATOR);
            const char *phase = json_string_value(json_object_get(v, "phase"));
            int turn = strcmp(phase, "turn") == 0;
            int placing = strcmp(phase, "place") == 0;
            int withdrawn = json_is_true(json_object_get(v, "withdrawn"));
            json_decref(v);
            int n = tb_legal(game(), st, a);
            if (turn || placing) {
                position pos;
                read_position(st, &pos);
                oracle_steps(&pos, &o);
                int want = 0;
                for (int c = 0; c < 60; c++)
                    for (int cell = 0; cell < 49; cell++) {
                        if (!o.legal[c][cell])
                            continue;
                        want++;
                        char text[32], name[8];
                        tbi_mq_short_name(c, 0, name, sizeof name);
                        snprintf(text, sizeof text, "%s %c%d", name,
                                 'a' + cell % 7, 7 - cell / 7);
                        if (!ts_is_legal_text(game(), st, text))
                            fail_msg("seed %llu: %s missing",
                                     (unsigned long long)seed, text);
                    }
                /* Besides the cards: replace (unless taken back this
                 * turn) and pass at the start of a turn, done while
                 * placing when the Group is complete. */
                int extra = turn ? (pos.hand_n > 0 && !withdrawn) + 1 : o.done;
                if (placing)
                    assert_int_equal(ts_is_legal_text(game(), st, "done"),
                                     o.done);
                assert_int_equal(n - extra, want);
                positions++;
                later += placing;
            }
            tb_apply(game(), st, a[tb_rng_below(&rng, (uint32_t)n)]);
        }
        free(st);
    }
    assert_true(positions > 100);
    assert_true(later > 20);
}

/* The heuristic plays only legal moves and games between two of them end. */
static void heuristic_games_end(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(game(), 2, &cfg);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), st, &rng);
        int steps = 0;
        while (tb_current(game(), st) >= 0) {
            int seat = tb_current(game(), st);
            tb_action a = game()->heuristic(st, seat, &rng);
            assert_int_equal(tb_apply(game(), st, a), TB_OK);
            tb_settle(game(), st, &rng);
            assert_true(++steps < 5000);
        }
        free(st);
    }
}

/* Replacing never ends the game by the rules ("The game ends when both
 * players pass consecutively"), so players who only ever replace would play
 * for ever.  Interpretation: after 60 turns in a row with no Group placed
 * (30 each) the game ends as if both had passed. */
static void endless_replacing_ends_the_game(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(game(), 2, &cfg);
    void *st = ts_new_game(game(), &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    tb_settle(game(), st, &rng);
    int turns = 0;
    while (tb_current(game(), st) >= 0) {
        ts_play(game(), st, "replace");
        /* Set the first card of the hand aside, then finish. */
        tb_action a[TB_MAX_ACTIONS];
        int n = tb_legal(game(), st, a);
        char text[TB_ACTION_TEXT];
        for (int i = 0; i < n; i++) {
            tb_action_text(game(), st, a[i], text, sizeof text);
            if (strcmp(text, "done") != 0) {
                assert_int_equal(tb_apply(game(), st, a[i]), TB_OK);
                break;
            }
        }
        ts_play(game(), st, "done");
        tb_settle(game(), st, &rng);
        turns++;
        assert_true(turns <= 60);
    }
    assert_int_equal(turns, 60);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setup_gives_four_upright_and_five_sideways),
        cmocka_unit_test(example_clique_of_four_suits_turns_the_ace),
        cmocka_unit_test(example_stack_and_clique_of_five_numbers),
        cmocka_unit_test(cards_go_on_empty_cells_or_own_stacks_inside_the_board),
        cmocka_unit_test(an_own_card_from_before_must_stay_uncovered),
        cmocka_unit_test(incidental_group_needs_an_own_card_from_before),
        cmocka_unit_test(incidental_group_with_both_conditions_turns_too),
        cmocka_unit_test(replacing_draws_then_shuffles_the_cards_back),
        cmocka_unit_test(a_started_replacement_can_be_taken_back),
        cmocka_unit_test(replacing_with_an_empty_pile_shrinks_the_hand),
        cmocka_unit_test(two_passes_in_a_row_end_the_game),
        cmocka_unit_test(tie_broken_by_cards_in_intact_groups),
        cmocka_unit_test(clique_with_two_constants_counts_twice),
        cmocka_unit_test(determinize_keeps_what_the_seat_knows),
        cmocka_unit_test(determinize_keeps_a_begun_group_possible),
        cmocka_unit_test(replacing_is_told_face_down),
        cmocka_unit_test(captures_are_said_and_marked),
        cmocka_unit_test(buried_cards_are_shown),
        cmocka_unit_test(hints_offer_only_legal_moves),
        cmocka_unit_test(a_real_deal_typed_in_from_the_doc),
        cmocka_unit_test(steps_match_a_brute_force_search),
        cmocka_unit_test(heuristic_games_end),
        cmocka_unit_test(endless_replacing_ends_the_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
