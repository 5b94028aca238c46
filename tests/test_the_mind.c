/*
 * test_the_mind.c - the rules of The Mind and the project's tick model,
 * each test quoting the rule it checks.  Positions are set up through the
 * public API: every level's deal is a chance node fed a chosen deck order
 * (`level` cards per seat in seat order, the rest unused), and each tick
 * takes one choice per seat holding cards, lowest seat first.
 */
#include "support.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("the-mind");
}

static void *new_game(int players, int stall)
{
    const tb_game *g = game();
    tb_config cfg;
    tb_config_default(g, players, &cfg);
    if (stall) {
        char v[16];
        snprintf(v, sizeof v, "%d", stall);
        assert_int_equal(tb_config_set(g, &cfg, "stall", v, NULL, 0), TB_OK);
    }
    return ts_new_game(g, &cfg);
}

/* Feeds the level's deal: the given hands first (each `level` long, seat
 * order), then every other card. */
static void deal(void *st, int players, int level, const int *hands)
{
    uint16_t deck[100];
    assert_int_equal(ts_deck_first(deck, 1, 100, hands, players * level), 100);
    assert_int_equal(tb_current(game(), st), TB_CHANCE);
    assert_int_equal(tb_apply_chance(game(), st, deck, 100), TB_OK);
}

/* The cards of a seat's hand, as its own view shows them. */
static int hand_of(const void *st, int seat, int *out)
{
    json_t *v = ts_view(game(), st, seat);
    json_t *h = json_object_get(v, "hand");
    int n = (int)json_array_size(h);
    for (int i = 0; i < n; i++)
        out[i] = (int)json_integer_value(json_array_get(h, (size_t)i));
    json_decref(v);
    return n;
}

static int hand_size(const void *st, int seat)
{
    int h[12];
    return hand_of(st, seat, h);
}

/* Plays one tick: moves[p] is seat p's choice ("wait", "play", ...), NULL
 * for seats without cards (they do not choose). */
static void tick(void *st, const char *const *moves, int players)
{
    for (int p = 0; p < players; p++) {
        if (!moves[p])
            continue;
        assert_int_equal(tb_current(game(), st), p);
        ts_play(game(), st, moves[p]);
    }
}

/* Plays the current level without a mistake: in every tick the holder of
 * the lowest card plays and everyone else waits. */
static void play_level_in_order(void *st, int players)
{
    const tb_game *g = game();
    while (tb_current(g, st) >= 0) {
        int lowest = 101, who = -1;
        for (int p = 0; p < players; p++) {
            int h[12];
            if (hand_of(st, p, h) > 0 && h[0] < lowest) {
                lowest = h[0];
                who = p;
            }
        }
        for (int p = 0; p < players; p++)
            if (hand_size(st, p) > 0)
                ts_play(g, st, p == who ? "play" : "wait");
    }
}

/* Deals the current level in plain order (seat 0 gets the lowest cards)
 * and plays it through. */
static void deal_and_play_level(void *st, int players)
{
    int level = ts_view_int(game(), st, "level");
    int hands[48];
    for (int i = 0; i < players * level; i++)
        hands[i] = i + 1;
    deal(st, players, level, hands);
    play_level_in_order(st, players);
}

/* "Players Levels Lives Shurikens: 2 1-12 2 1; 3 1-10 3 1; 4 1-8 4 1" */
static void table_sets_levels_lives_and_shurikens(void **state)
{
    (void)state;
    const int want[3][3] = {{12, 2, 1}, {10, 3, 1}, {8, 4, 1}};
    for (int players = 2; players <= 4; players++) {
        void *st = new_game(players, 0);
        const int *w = want[players - 2];
        assert_int_equal(ts_view_int(game(), st, "last_level"), w[0]);
        assert_int_equal(ts_view_int(game(), st, "lives"), w[1]);
        assert_int_equal(ts_view_int(game(), st, "shurikens"), w[2]);
        free(st);
    }
}

/* "For each level, each player is dealt a number of cards equal to the
 * level you're on." and "Deal everyone one card (because level 1)." */
static void each_level_deals_level_cards(void **state)
{
    (void)state;
    void *st = new_game(3, 0);
    for (int level = 1; level <= 3; level++) {
        int hands[9];
        for (int i = 0; i < 3 * level; i++)
            hands[i] = 10 * (i + 1);
        deal(st, 3, level, hands);
        for (int p = 0; p < 3; p++)
            assert_int_equal(hand_size(st, p), level);
        play_level_in_order(st, 3);
        /* "If everyone is out of cards, you complete the level." */
        assert_int_equal(ts_view_int(game(), st, "completed"), level);
    }
    free(st);
}

/* "If someone plays a card higher than your lowest card, play must stop
 * immediately. The team loses a life. Everyone discards cards lower than
 * the card played. Resume play." */
static void out_of_order_costs_a_life_and_discards_lower(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    const tb_game *g = game();
    /* Level 1 played cleanly, then level 2: seat 0 holds 30 60, seat 1
     * 40 50. */
    deal_and_play_level(st, 2);
    const int hands[] = {30, 60, 40, 50};
    deal(st, 2, 2, hands);
    const char *t1[] = {"wait", "play"}; /* seat 1 plays 40 over the 30 */
    tick(st, t1, 2);
    assert_int_equal(ts_view_int(game(), st, "lives"), 1);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    char *s = json_dumps(v, JSON_COMPACT);
    assert_non_null(strstr(s, "\"discarded\":[30]"));
    assert_non_null(strstr(s, "\"pile\":[40]"));
    free(s);
    json_decref(v);
    /* Play resumes: 50 then 60 are in order and cost nothing. */
    int h[12];
    assert_int_equal(hand_of(st, 0, h), 1);
    assert_int_equal(h[0], 60);
    const char *t2[] = {"wait", "play"};
    tick(st, t2, 2);
    const char *t3[] = {"play", NULL};
    tick(st, t3, 2);
    assert_int_equal(ts_view_int(game(), st, "lives"), 1);
    assert_int_equal(ts_view_int(game(), st, "completed"), 2);
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    free(st);
}

/* A card played over lower cards held by several players costs one life
 * ("The team loses a life") and discards all of them. */
static void one_life_per_card_played_out_of_order(void **state)
{
    (void)state;
    void *st = new_game(3, 0);
    deal_and_play_level(st, 3);
    const int hands[] = {10, 80, 20, 30, 90, 95};
    deal(st, 3, 2, hands);
    const char *t[] = {"wait", "wait", "play"}; /* 90 over 10, 20, 30, 80 */
    tick(st, t, 3);
    assert_int_equal(ts_view_int(game(), st, "lives"), 2);
    assert_int_equal(hand_size(st, 0), 0);
    assert_int_equal(hand_size(st, 1), 0);
    assert_int_equal(hand_size(st, 2), 1);
    free(st);
}

/* Interpretation: cards played in the same tick go down in ascending
 * order, so they never cost a life among themselves; a lower card still
 * held by someone who did not play costs one. */
static void same_tick_plays_resolve_ascending(void **state)
{
    (void)state;
    void *st = new_game(3, 0);
    /* Level 1: 50, 30, 70 all played in one tick: no life lost. */
    const int l1[] = {50, 30, 70};
    deal(st, 3, 1, l1);
    const char *all[] = {"play", "play", "play"};
    tick(st, all, 3);
    assert_int_equal(ts_view_int(game(), st, "lives"), 3);
    assert_int_equal(ts_view_int(game(), st, "completed"), 1);
    /* Level 2: seats 0 and 1 play 30 and 50 while seat 2 holds 40: the
     * 30 is fine, the 50 costs a life and discards the 40. */
    const int l2[] = {30, 60, 50, 70, 40, 80};
    deal(st, 3, 2, l2);
    const char *t[] = {"play", "play", "wait"};
    tick(st, t, 3);
    assert_int_equal(ts_view_int(game(), st, "lives"), 2);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    char *s = json_dumps(v, JSON_COMPACT);
    assert_non_null(strstr(s, "\"pile\":[30,50]"));
    assert_non_null(strstr(s, "\"discarded\":[40]"));
    free(s);
    json_decref(v);
    free(st);
}

/* "At any time you may suggest to the team to play a shuriken. Do so by
 * raising your hand. If all players raise their hand, the shuriken is
 * played. Otherwise play continues normally." and "Shuriken: When a
 * shuriken is played, remove it from play. Every player discards their
 * lowest card." */
static void shuriken_needs_every_hand(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    deal_and_play_level(st, 2);
    const int hands[] = {30, 60, 40, 50};
    deal(st, 2, 2, hands);
    const char *t1[] = {"raise", "wait"};
    tick(st, t1, 2);
    /* One hand up: nothing happens, and the raised hand is public. */
    assert_int_equal(ts_view_int(game(), st, "shurikens"), 1);
    assert_int_equal(hand_size(st, 0), 2);
    json_t *v = ts_view(game(), st, 1);
    assert_true(json_is_true(json_object_get(
        json_array_get(json_object_get(v, "seats"), 0), "raised")));
    json_decref(v);
    const char *t2[] = {"wait", "raise"};
    tick(st, t2, 2);
    assert_int_equal(ts_view_int(game(), st, "shurikens"), 0);
    int h[12];
    assert_int_equal(hand_of(st, 0, h), 1);
    assert_int_equal(h[0], 60);
    assert_int_equal(hand_of(st, 1, h), 1);
    assert_int_equal(h[0], 50);
    assert_int_equal(ts_view_int(game(), st, "lives"), 2); /* no life lost */
    /* No shuriken left: raising is no longer offered. */
    assert_false(ts_is_legal_text(game(), st, "raise"));
    free(st);
}

/* A hand can be lowered again before the others agree. */
static void raised_hand_can_be_lowered(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    const int hands[] = {30, 40};
    deal(st, 2, 1, hands);
    const char *t1[] = {"raise", "wait"};
    tick(st, t1, 2);
    assert_true(ts_is_legal_text(game(), st, "lower"));
    const char *t2[] = {"lower", "raise"};
    tick(st, t2, 2);
    /* Never all at once. */
    assert_int_equal(ts_view_int(game(), st, "shurikens"), 1);
    free(st);
}

/* Interpretation: "If all players raise their hand" counts the players
 * still holding cards; a player whose hand is empty has nothing to
 * discard and does not block the shuriken. */
static void empty_handed_players_do_not_block_the_shuriken(void **state)
{
    (void)state;
    void *st = new_game(3, 0);
    const int hands[] = {10, 20, 30};
    deal(st, 3, 1, hands);
    const char *t1[] = {"play", "raise", "wait"};
    tick(st, t1, 3);
    assert_int_equal(hand_size(st, 0), 0);
    const char *t2[] = {NULL, "wait", "raise"}; /* seat 0 has no choice */
    tick(st, t2, 3);
    assert_int_equal(ts_view_int(game(), st, "shurikens"), 0);
    assert_int_equal(ts_view_int(game(), st, "lives"), 3);
    /* 20 and 30 were discarded. */
    assert_int_equal(ts_view_int(game(), st, "completed"), 1);
    free(st);
}

/* "Bonus / Gain bonus when completing level: Shuriken 2, 5, 8; Life 3, 6,
 * 9", limited by the box's "5 life cards, 3 shuriken cards". */
static void level_bonuses_and_their_caps(void **state)
{
    (void)state;
    /* Two players: shurikens 1 -> 2 (level 2) -> 3 (level 5) -> 3 (level 8:
     * no fourth card); lives 2 -> 3 (3) -> 4 (6) -> 5 (9). */
    void *st = new_game(2, 0);
    const int shur[] = {1, 2, 2, 2, 3, 3, 3, 3, 3};
    const int lives[] = {2, 2, 3, 3, 3, 4, 4, 4, 5};
    for (int level = 1; level <= 9; level++) {
        deal_and_play_level(st, 2);
        assert_int_equal(ts_view_int(game(), st, "shurikens"), shur[level - 1]);
        assert_int_equal(ts_view_int(game(), st, "lives"), lives[level - 1]);
    }
    free(st);
    /* Four players: lives 4 -> 5 (level 3) -> 5 (level 6: no sixth). */
    st = new_game(4, 0);
    for (int level = 1; level <= 6; level++)
        deal_and_play_level(st, 4);
    assert_int_equal(ts_view_int(game(), st, "lives"), 5);
    free(st);
}

/* The team wins by completing the last level (8 with four players); the
 * team score is the number of levels completed. */
static void completing_the_last_level_wins(void **state)
{
    (void)state;
    void *st = new_game(4, 0);
    for (int level = 1; level <= 8; level++)
        deal_and_play_level(st, 4);
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    tb_result r;
    tb_result_of(game(), st, &r);
    assert_true(r.cooperative);
    assert_true(r.team_win);
    assert_int_equal((int)r.team_score, 8);
    for (int p = 0; p < 4; p++)
        assert_int_equal(r.rank[p], 1);
    free(st);
}

/* "When you play a card out of order, your team loses a life, and when
 * you're out of lives you lose." */
static void losing_the_last_life_loses(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    deal_and_play_level(st, 2); /* level 1 done */
    const int l2[] = {10, 20, 30, 40};
    deal(st, 2, 2, l2);
    const char *over[] = {"wait", "play"}; /* 30 over 10, 20: a life */
    tick(st, over, 2);
    assert_int_equal(ts_view_int(game(), st, "lives"), 1);
    /* Seat 0 has no cards left; seat 1 plays 40 alone: level 2 done and
     * the shuriken bonus comes. */
    const char *last[] = {NULL, "play"};
    tick(st, last, 2);
    const int l3[] = {1, 2, 3, 4, 5, 6};
    deal(st, 2, 3, l3);
    tick(st, (const char *const[]){"wait", "play"}, 2); /* 4 over 1-3 */
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    tb_result r;
    tb_result_of(game(), st, &r);
    assert_false(r.team_win);
    assert_int_equal((int)r.team_score, 2);
    free(st);
}

/* Interpretation (the tick model needs an end): after `stall` ticks in a
 * row in which no card left a hand, nobody may wait or move a hand any
 * more; everyone holding cards must play. */
static void stalling_forces_a_play(void **state)
{
    (void)state;
    void *st = new_game(2, 3);
    const int hands[] = {30, 40};
    deal(st, 2, 1, hands);
    const char *w[] = {"wait", "raise"};
    tick(st, w, 2);
    const char *w2[] = {"wait", "wait"};
    tick(st, w2, 2);
    assert_true(ts_is_legal_text(game(), st, "wait"));
    tick(st, w2, 2);
    assert_int_equal(ts_view_int(game(), st, "quiet_ticks"), 3);
    assert_false(ts_is_legal_text(game(), st, "wait"));
    assert_false(ts_is_legal_text(game(), st, "raise"));
    assert_true(ts_is_legal_text(game(), st, "play"));
    assert_int_equal(ts_refused(game(), st, "wait", "must play"), TB_EPARSE);
    free(st);
}

/* The secret choice of a tick stays hidden until the tick resolves. */
static void tick_choices_are_secret_until_resolved(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    const int hands[] = {30, 40};
    deal(st, 2, 1, hands);
    ts_play(game(), st, "play");
    char *seen_by_1 = tb_view_json(game(), st, 1);
    char *seen_by_0 = tb_view_json(game(), st, 0);
    assert_null(strstr(seen_by_1, "\"play\""));
    assert_non_null(strstr(seen_by_1, "\"chosen\":true"));
    assert_non_null(strstr(seen_by_0, "\"chosen\":\"play\""));
    assert_null(strstr(seen_by_1, "30"));
    free(seen_by_1);
    free(seen_by_0);
    ts_play(game(), st, "wait");
    seen_by_1 = tb_view_json(game(), st, 1);
    assert_non_null(strstr(seen_by_1, "\"last\":\"play\",\"last_card\":30"));
    free(seen_by_1);
    free(st);
}

/* "You must play your lowest card." The typed number must be it. */
static void only_the_lowest_card_can_be_played(void **state)
{
    (void)state;
    void *st = new_game(2, 0);
    deal_and_play_level(st, 2);
    const int hands[] = {30, 60, 40, 50};
    deal(st, 2, 2, hands);
    tb_action a;
    char err[128];
    assert_int_equal(ts_refused(game(), st, "60", "lowest card, 30"),
                     TB_EPARSE);
    assert_int_equal(ts_refused(game(), st, "41", "not in your hand"),
                     TB_EPARSE);
    assert_int_equal(tb_parse_action(game(), st, "30", &a, err, sizeof err),
                     TB_OK);
    free(st);
}

/* The real-time keys: space or p plays, s raises, no key waits, and once
 * waiting is no longer allowed no key plays. */
static void realtime_keys(void **state)
{
    (void)state;
    const tb_game *g = game();
    assert_true(g->flags & TB_GAME_REALTIME);
    void *st = new_game(2, 1);
    const int hands[] = {30, 40};
    deal(st, 2, 1, hands);
    tb_action a;
    char text[TB_ACTION_TEXT];
    assert_int_equal(g->realtime_key(st, ' ', &a), TB_OK);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "play");
    assert_int_equal(g->realtime_key(st, 's', &a), TB_OK);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "raise");
    assert_int_equal(g->realtime_key(st, 0, &a), TB_OK);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "wait");
    assert_int_equal(g->realtime_key(st, 'x', &a), TB_EPARSE);
    const char *w[] = {"wait", "wait"};
    tick(st, w, 2); /* stall=1: now everyone must play */
    assert_int_equal(g->realtime_key(st, 0, &a), TB_OK);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "play");
    assert_int_equal(g->realtime_key(st, 's', &a), TB_EPARSE);
    free(st);
}

/* Determinizing for a seat keeps its own hand and resamples the others'. */
static void determinize_keeps_own_hand(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(2, 0);
    for (int level = 1; level <= 4; level++)
        deal_and_play_level(st, 2);
    const int hands[] = {3, 9, 27, 33, 81, 2, 4, 8, 16, 32};
    deal(st, 2, 5, hands);
    void *det = tb_state_new(g);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    int changed = 0;
    for (int k = 0; k < 20; k++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, 0, &rng);
        int h[12];
        assert_int_equal(hand_of(det, 0, h), 5);
        assert_int_equal(h[0], 3);
        assert_int_equal(h[4], 81);
        assert_int_equal(hand_of(det, 1, h), 5);
        changed |= h[0] != 2 || h[4] != 32;
    }
    assert_true(changed);
    free(det);
    free(st);
}

/* The heuristic plays at once when nobody else holds cards, and waits
 * with a high card over an empty pile. */
static void heuristic_waits_by_the_gap(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(2, 0);
    const int hands[] = {95, 2};
    deal(st, 2, 1, hands);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    assert_string_equal(ts_heuristic_text(g, st, 0, &rng), "wait");
    ts_play(g, st, "wait");
    assert_string_equal(ts_heuristic_text(g, st, 1, &rng), "play");
    ts_play(g, st, "play");
    /* Alone now. */
    assert_string_equal(ts_heuristic_text(g, st, 0, &rng), "play");
    free(st);
}

/* What seat is told of the move typed as `move` in st. */
static const char *told(const void *st, const char *move, int seat)
{
    return ts_describe(game(), st, move, seat);
}

/* A tick's choices are secret until it resolves: the others are told only
 * that a seat chose, the chooser what it chose; the last choice reveals
 * the tick to everyone, with a mistake's cost ("The team loses a life.
 * Everyone discards cards lower than the card played.") and the end of
 * the level, before the next deal. */
static void choices_are_told_when_the_tick_resolves(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(2, 0);
    deal_and_play_level(st, 2);
    const int hands[] = {30, 60, 40, 55};
    deal(st, 2, 2, hands); /* seat 0: 30 60, seat 1: 40 55 */
    assert_string_equal(told(st, "play", 1), "seat 0 chooses in secret\n");
    assert_string_equal(told(st, "wait", 1), "seat 0 chooses in secret\n");
    assert_string_equal(told(st, "play", TB_SPECTATOR),
                        "seat 0 chooses in secret\n");
    assert_string_equal(told(st, "play", 0), "seat 0 chooses to play 30\n");
    assert_string_equal(told(st, "raise", 0),
                        "seat 0 chooses to raise a hand\n");
    ts_play(g, st, "wait");
    /* Seat 1 plays its lowest card, the 40, over seat 0's 30. */
    assert_string_equal(told(st, "play", 0),
                        "seat 1 chooses in secret\n"
                        "tick 1: seat 1 played 40; the other waited; out of "
                        "order: 1 life lost; discarded 30\n"
                        "1 life left\n");
    ts_play(g, st, "play");
    ts_play(g, st, "wait");
    assert_string_equal(told(st, "play", 0),
                        "seat 1 chooses in secret\n"
                        "tick 2: seat 1 played 55; the other waited\n");
    ts_play(g, st, "play");
    /* The last card ends level 2 with its bonus, a shuriken. */
    assert_string_equal(told(st, "play", 1),
                        "seat 0 chooses in secret\n"
                        "tick 3: seat 0 played 60\n"
                        "level 2 is complete; the team gains a shuriken; next, "
                        "level 3: 3 cards each\n");
    ts_play(g, st, "play");
    char buf[2048];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, 1, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "level 2 complete; level 3 of 12 to be dealt"));
    assert_non_null(strstr(buf, "last tick: seat 0 played 60"));
    free(st);
}

/* The shuriken's discards are told apart from a mistake's, and the end of
 * the game is said ("when you're out of lives you lose"). */
static void shuriken_and_last_life_are_told(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = new_game(2, 0);
    const int hands1[] = {10, 20};
    deal(st, 2, 1, hands1);
    ts_play(g, st, "raise");
    assert_string_equal(told(st, "raise", 0),
                        "seat 1 chooses in secret\n"
                        "tick 1: seat 0 raised a hand, seat 1 raised a hand; "
                        "the shuriken is played: discarded 10 20\n"
                        "level 1 is complete; next, level 2: 2 cards each\n");
    ts_play(g, st, "raise");
    const int hands2[] = {10, 40, 20, 30}; /* seat 0: 10 40, seat 1: 20 30 */
    deal(st, 2, 2, hands2);
    const char *t1[] = {"wait", "play"}; /* 20 over 10: the first life */
    tick(st, t1, 2);
    ts_play(g, st, "play"); /* seat 0's 40 over the 30: the last life */
    assert_string_equal(told(st, "wait", 0),
                        "seat 1 chooses in secret\n"
                        "tick 2: seat 0 played 40; the other waited; out of "
                        "order: 1 life lost; discarded 30\n"
                        "no lives left: the team loses, 1 of 12 levels "
                        "completed\n");
    free(st);
}

/* docs/games/the-mind.md, "Typing in a real deal": one entry per level,
 * top card first; in level n seat 0 gets the first n cards, seat 1 the
 * next n.  A record typed in from that description replays to the hands
 * it promises. */
static void a_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    char json[4096];
    int n = snprintf(json, sizeof json, "{\"game\":\"the-mind\",\"players\":2,"
                     "\"deal\":[[5,9");
    for (int level = 1; level <= 2; level++) {
        for (int c = 1; c <= 100; c++)
            if (level == 2 || (c != 5 && c != 9))
                n += snprintf(json + n, sizeof json - (size_t)n, "%s%d",
                              level == 2 && c == 1 ? "" : ",", c);
        n += snprintf(json + n, sizeof json - (size_t)n, "%s",
                      level == 1 ? "],[" : "]],");
    }
    snprintf(json + n, sizeof json - (size_t)n,
             "\"actions\":[{\"seat\":0,\"move\":\"play\"},"
             "{\"seat\":1,\"move\":\"wait\"},{\"seat\":1,\"move\":\"play\"}]}");
    void *st = ts_replay_json(json);
    /* Level 1 went 5 then 9 with no life lost; level 2 dealt 1 2 to seat 0
     * and 3 4 to seat 1. */
    assert_int_equal(ts_view_int(game(), st, "lives"), 2);
    assert_true(ts_view_has(game(), st, 0, "\"hand\":[1,2]"));
    assert_true(ts_view_has(game(), st, 1, "\"hand\":[3,4]"));
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_sets_levels_lives_and_shurikens),
        cmocka_unit_test(each_level_deals_level_cards),
        cmocka_unit_test(out_of_order_costs_a_life_and_discards_lower),
        cmocka_unit_test(one_life_per_card_played_out_of_order),
        cmocka_unit_test(same_tick_plays_resolve_ascending),
        cmocka_unit_test(shuriken_needs_every_hand),
        cmocka_unit_test(raised_hand_can_be_lowered),
        cmocka_unit_test(empty_handed_players_do_not_block_the_shuriken),
        cmocka_unit_test(level_bonuses_and_their_caps),
        cmocka_unit_test(completing_the_last_level_wins),
        cmocka_unit_test(losing_the_last_life_loses),
        cmocka_unit_test(stalling_forces_a_play),
        cmocka_unit_test(tick_choices_are_secret_until_resolved),
        cmocka_unit_test(only_the_lowest_card_can_be_played),
        cmocka_unit_test(realtime_keys),
        cmocka_unit_test(determinize_keeps_own_hand),
        cmocka_unit_test(heuristic_waits_by_the_gap),
        cmocka_unit_test(choices_are_told_when_the_tick_resolves),
        cmocka_unit_test(shuriken_and_last_life_are_told),
        cmocka_unit_test(a_deal_typed_in_from_the_doc),
    };
    return cmocka_run_group_tests_name("the-mind", tests, NULL, NULL);
}
