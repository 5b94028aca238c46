/*
 * test_myst.c - the rules of MYST and the project's readings of them, each
 * test quoting the text it checks (shared/rules/004_e0b7d788d86d6fa0.txt),
 * and the project's own content (the island, the cards, the spinner).
 *
 * Positions are reached through the public API: the deal is a chance node
 * fed a chosen card order (the first five cards to yellow, the next five
 * to blue), choices are typed as a person would, and spins and coins are
 * chance outcomes given by hand.  Where a position would take dozens of
 * race ticks to reach (a surrounded team at a given place, two playing
 * pieces side by side) the test writes the state's fields directly through
 * cover() and stand(), which keep the state's counts consistent; such tests
 * say so.
 */
#include "support.h"

#include "../src/games/myst/myst.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("myst");
}

/* The space named "c4". */
static int at(const char *name)
{
    int sp = -1;
    assert_non_null(tbi_myst_read_space(name, &sp));
    return sp;
}

/* A new game with options ("books=dealt", ...) whose shuffled cards start
 * with the n cards `first` (ids: Landmark cards 0-27, books 28 and 29),
 * then the rest in ascending order: yellow gets the first five, blue the
 * next five. */
static myst *dealt(const char *const *opts, const int *first, int n)
{
    tb_config cfg = ts_config(game(), 2, opts);
    int hi = cfg.opt[OPT_BOOKS] == BOOKS_EACH ? MYST_LM_CARDS - 1
                                              : MYST_CARDS - 1;
    return ts_deal_first(game(), &cfg, 0, hi, first, n);
}

/* The Rocket Ship's cards worth 4 and 5 (the text's example) and three
 * more to yellow; blue gets the five lowest other cards. */
static const int ROCKETS[5] = {9, 10, 0, 1, 4};

/* A game in the race: yellow's and blue's first Key Landmarks chosen. */
static myst *racing(const char *const *opts, const char *yellow,
                    const char *blue)
{
    myst *s = dealt(opts, ROCKETS, 5);
    ts_play(game(), s, yellow);
    ts_play(game(), s, blue);
    assert_int_equal(s->phase, PH_RACE);
    return s;
}

/* One race tick: yellow's choice, then blue's. */
static void tick(myst *s, const char *yellow, const char *blue)
{
    assert_int_equal(tb_current(game(), s), 0);
    ts_play(game(), s, yellow);
    assert_int_equal(tb_current(game(), s), 1);
    ts_play(game(), s, blue);
}

/* Covers a space for a team, as a placement would (test set-up only). */
static void cover(myst *s, int team, int sp)
{
    assert_int_equal(s->owner[sp], 0);
    tbi_myst_place(s, team, sp);
}

/* Plays the rest of the race by the heuristic for both teams, coins from
 * the generator, up to the spin of the number of turns. */
static void finish_race(myst *s, uint64_t seed)
{
    const tb_game *g = game();
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    while (s->phase == PH_RACE || s->phase == PH_COIN) {
        int cur = tb_current(g, s);
        if (cur == TB_CHANCE)
            assert_int_equal(tb_sample_chance(g, s, &rng, NULL, NULL), TB_OK);
        else
            assert_int_equal(tb_apply(g, s, g->heuristic(s, cur, &rng)), TB_OK);
    }
    assert_int_equal(s->phase, PH_TURNS);
}

/* Gives a chance node its outcome. */
static void luck(myst *s, int value)
{
    uint16_t v = (uint16_t)value;
    assert_int_equal(tb_current(game(), s), TB_CHANCE);
    assert_int_equal(tb_apply_chance(game(), s, &v, 1), TB_OK);
}

/* luck, returning what seat was told of it (tb_describe_chance; a static
 * buffer). */
static const char *luck_told(myst *s, int value, int seat)
{
    static char buf[1024];
    uint16_t v = (uint16_t)value;
    myst before = *s;
    luck(s, value);
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    assert_int_equal(tb_describe_chance(game(), &before, &v, 1, s, seat, &t),
                     TB_OK);
    return buf;
}

/* The spinner sector whose ring shows the number. */
static int sector_of(const uint8_t *ring, int number)
{
    for (int i = 0; i < MYST_SECTORS; i++)
        if (ring[i] == number)
            return i;
    fail_msg("no sector shows %d", number);
    return -1;
}

/* A finished race, the turns spun (turns), ready for the first spin. */
static myst *exploring(const char *const *opts, int turns)
{
    myst *s = racing(opts, "key rocket", "key library");
    finish_race(s, 2);
    /* In this race neither team was blocked: both keep their books. */
    assert_int_equal(s->books_played[0] + s->books_played[1], 0);
    luck(s, sector_of(tbi_myst_spin_turns, turns));
    assert_int_equal(s->phase, PH_SPIN);
    return s;
}

/* Puts the playing pieces where a test wants them (set-up only). */
static void stand(myst *s, const char *yellow, const char *blue)
{
    s->pos[0] = (uint8_t)at(yellow);
    s->pos[1] = (uint8_t)at(blue);
}

/* ------------------------------------------------------------ content */

/* "30 Cards": 28 Landmark cards and "two Linking Book Cards"; every
 * Landmark card has a Value, and "Bonuses are always worth two points". */
static void the_box_holds_thirty_cards(void **state)
{
    (void)state;
    assert_int_equal(MYST_CARDS, 30);
    assert_int_equal(MYST_CARDS - MYST_LM_CARDS, 2);
    assert_int_equal(MYST_BONUS, 2);
    char name[32];
    tbi_myst_card_name(MYST_BOOK, name, sizeof name);
    assert_string_equal(name, "Linking Book");
    tbi_myst_card_name(MYST_BOOK + 1, name, sizeof name);
    assert_string_equal(name, "Linking Book");
    int per[MYST_LANDMARKS] = {0};
    for (int c = 0; c < MYST_LM_CARDS; c++) {
        assert_true(tbi_myst_card_value[c] >= 1 &&
                    tbi_myst_card_value[c] <= 5);
        per[tbi_myst_card_landmark[c]]++;
    }
    for (int l = 0; l < MYST_LANDMARKS; l++)
        assert_true(per[l] >= 3);
    /* The sums the bots read agree with the cards. */
    int values[MYST_LANDMARKS] = {0};
    for (int c = 0; c < MYST_LM_CARDS; c++)
        values[tbi_myst_card_landmark[c]] += tbi_myst_card_value[c];
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        assert_int_equal(per[l], tbi_myst_landmark_cards[l]);
        assert_int_equal(values[l], tbi_myst_landmark_values[l]);
    }
    /* "one has a value of 4, one has a value of 5" (rocket ships). */
    tbi_myst_card_name(9, name, sizeof name);
    assert_string_equal(name, "Rocket Ship 4");
    tbi_myst_card_name(10, name, sizeof name);
    assert_string_equal(name, "Rocket Ship 5");
}

/* "Each Landmark has one puzzle piece with the MYST logo on it": one key
 * space per landmark, where the picture shows its capital letter; every
 * other space of the picture is sea, land or a landmark's image. */
static void one_key_space_per_landmark(void **state)
{
    (void)state;
    int keys = 0;
    for (int sp = 0; sp < MYST_SPACES; sp++) {
        char c = tbi_myst_picture[sp / MYST_W][sp % MYST_W];
        int l = tbi_myst_landmark_at(sp);
        assert_true(c == '~' || c == '.' || l >= 0);
        if (tbi_myst_is_key(sp)) {
            keys++;
            assert_int_equal(tbi_myst_landmarks[l].key, sp);
        }
    }
    assert_int_equal(keys, MYST_LANDMARKS);
    /* The letter table agrees with the landmarks' letters. */
    for (int c = 0; c < 128; c++) {
        int want = 0;
        for (int l = 0; l < MYST_LANDMARKS; l++)
            if (c == tbi_myst_landmarks[l].letter ||
                c == tbi_myst_landmarks[l].letter - 'A' + 'a')
                want = l + 1;
        assert_int_equal(tbi_myst_letter_landmark[c], want);
    }
    for (int y = 0; y < MYST_H; y++) {
        assert_int_equal((int)strlen(tbi_myst_picture[y]), MYST_W);
        assert_int_equal((int)strlen(tbi_myst_switches[y]), MYST_W);
    }
}

/* Marker Switches: eight that count, on plain ground, and two drawn
 * inside landmark images, which "do not count towards these totals". */
static void marker_switches_in_and_out_of_images(void **state)
{
    (void)state;
    int scoring = 0, drawn = 0;
    for (int sp = 0; sp < MYST_SPACES; sp++) {
        scoring += tbi_myst_switch_scores(sp);
        drawn += tbi_myst_switch_drawn(sp);
        if (tbi_myst_switch_scores(sp))
            assert_false(tbi_myst_is_sea(sp));
    }
    assert_int_equal(scoring, MYST_SWITCHES);
    assert_int_equal(drawn, 10);
    for (int k = 0; k < MYST_SWITCHES; k++)
        assert_true(tbi_myst_switch_scores(tbi_myst_switch_spaces[k]));
    assert_true(tbi_myst_switch_drawn(at("g5")));
    assert_false(tbi_myst_switch_scores(at("g5")));
}

/* The island drawn in the game's doc is the island of the code: each row
 * of the doc's map is the picture with the scoring Marker Switches. */
static void the_doc_draws_this_island(void **state)
{
    (void)state;
    const char *doc = tb_game_doc(game());
    assert_non_null(doc);
    for (int y = 0; y < MYST_H; y++) {
        char row[64];
        int n = snprintf(row, sizeof row, "      %d ", y + 1);
        for (int x = 0; x < MYST_W; x++) {
            int sp = y * MYST_W + x;
            n += snprintf(row + n, sizeof row - (size_t)n, " %c",
                          tbi_myst_switch_scores(sp) ? '*'
                                                     : tbi_myst_picture[y][x]);
        }
        if (!strstr(doc, row))
            fail_msg("docs/games/myst.md does not draw row %d as:\n%s", y + 1,
                     row);
    }
}

/* "the inner ring of the spinner card; this number is the number of
 * turns"; "the outer ring": spaces to move. */
static void the_spinner_has_two_rings(void **state)
{
    (void)state;
    for (int i = 0; i < MYST_SECTORS; i++) {
        assert_true(tbi_myst_spin_turns[i] >= 4 && tbi_myst_spin_turns[i] <= 8);
        assert_true(tbi_myst_spin_spaces[i] >= 1 &&
                    tbi_myst_spin_spaces[i] <= 6);
    }
    myst *s = exploring(NULL, 4);
    tb_chance c;
    assert_int_equal(tb_chance_spec(game(), s, &c), TB_OK);
    assert_int_equal(c.kind, TB_CHANCE_ROLL);
    assert_int_equal(c.hi, MYST_SECTORS - 1);
    free(s);
}

/* ------------------------------------------------------------ deal */

/* "Shuffle the cards and deal five cards, face down, to each team."  With
 * the default books=each, each team also gets one Linking Book ("its
 * Linking Book Card"); the other team's cards are never shown. */
static void five_cards_and_a_book_each(void **state)
{
    (void)state;
    myst *s = dealt(NULL, ROCKETS, 5);
    assert_int_equal(s->phase, PH_FIRST);
    assert_int_equal(s->hand_n[0], 6);
    assert_int_equal(s->hand_n[1], 6);
    assert_int_equal(tbi_myst_books_held(s, 0), 1);
    assert_int_equal(tbi_myst_books_held(s, 1), 1);
    assert_true(ts_view_has(game(), s, 0, "Rocket Ship 4"));
    assert_false(ts_view_has(game(), s, 1, "Rocket Ship 4"));
    assert_false(ts_view_has(game(), s, TB_SPECTATOR, "Rocket Ship 4"));
    /* Blue got the five lowest other cards: Library 2 and 3 (ids 2, 3),
     * Planetarium 2, 3 and 3 (ids 5-7). */
    assert_true(ts_view_has(game(), s, 1, "Library 3"));
    free(s);
}

/* books=dealt: the two books are shuffled into the 30 cards, so a team
 * may get both, and then the other has none to play when blocked. */
static void dealt_books_may_both_go_to_one_team(void **state)
{
    (void)state;
    static const char *const opts[] = {"books=dealt", NULL};
    const int first[5] = {MYST_BOOK, MYST_BOOK + 1, 0, 1, 2};
    myst *s = dealt(opts, first, 5);
    assert_int_equal(s->hand_n[0], 5);
    assert_int_equal(tbi_myst_books_held(s, 0), 2);
    assert_int_equal(tbi_myst_books_held(s, 1), 0);
    assert_int_equal(s->undealt_n, 20);
    /* Nobody sees whether the other team holds a book. */
    json_t *v = ts_view(game(), s, 1);
    json_t *yellow = json_array_get(json_object_get(v, "teams"), 0);
    assert_null(json_object_get(yellow, "books_held"));
    json_decref(v);
    free(s);
}

/* ------------------------------------------------------------ first keys */

/* "each team secretly decides which Landmark it would like to control
 * first"; "The team with the youngest player goes first by placing the Key
 * Landmark Piece that it chose"; "The other team places the Key Landmark
 * Piece that it chose".  Yellow (seat 0) holds the youngest player. */
static void first_keys_are_chosen_in_secret(void **state)
{
    (void)state;
    myst *s = dealt(NULL, ROCKETS, 5);
    assert_int_equal(tb_current(game(), s), 0);
    assert_string_equal(ts_describe(game(), s, "key rocket", 1),
                        "yellow chooses its first Key Landmark in secret\n");
    ts_play(game(), s, "key rocket");
    assert_int_equal(tb_current(game(), s), 1);
    assert_false(ts_view_has(game(), s, 1, "key rocket"));
    assert_true(ts_view_has(game(), s, 0, "key rocket"));
    const char *told = ts_describe(game(), s, "key library", 0);
    assert_non_null(strstr(told, "yellow places its Key Landmark Piece of "
                                 "the Rocket Ship on k4"));
    assert_non_null(strstr(told, "blue places its Key Landmark Piece of the "
                                 "Library on g4"));
    ts_play(game(), s, "key library");
    assert_int_equal(s->owner[at("k4")], 1);
    assert_int_equal(s->owner[at("g4")], 2);
    assert_int_equal(s->phase, PH_RACE);
    free(s);
}

/* "If the second team chose the same Key Landmark Piece that the first
 * team played, the second team chooses another Key Landmark Piece". */
static void a_clash_of_first_keys_makes_blue_choose_again(void **state)
{
    (void)state;
    myst *s = dealt(NULL, ROCKETS, 5);
    ts_play(game(), s, "key rocket");
    assert_non_null(strstr(ts_describe(game(), s, "key rocket", 0),
                           "blue chose the Rocket Ship too: blue chooses "
                           "again"));
    ts_play(game(), s, "rocket");
    assert_int_equal(s->phase, PH_REPICK);
    assert_int_equal(tb_current(game(), s), 1);
    assert_int_equal(s->owner[at("k4")], 1);
    assert_false(ts_is_legal_text(game(), s, "key rocket"));
    ts_refused(game(), s, "key rocket", "choose another landmark");
    ts_play(game(), s, "Giant Gear");
    assert_int_equal(s->owner[at("d2")], 2);
    assert_int_equal(s->phase, PH_RACE);
    free(s);
}

/* ------------------------------------------------------------ race */

/* "Teams may only place puzzle pieces that touch a puzzle piece of their
 * color already on the board.  For example, if a team starts with the Key
 * Landmark Piece for the rocket ship, the second piece that team plays
 * must touch that piece." */
static void a_piece_must_touch_the_team_colour(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    assert_string_equal(ts_legal_text(game(), s),
                        "wait place k3 place j4 place l4 place k5");
    ts_refused(game(), s, "place a1", "does not touch a yellow piece");
    ts_refused(game(), s, "place g4", "covered already");
    /* "The third piece that it plays must touch one of the first two." */
    tick(s, "place k3", "place g5");
    assert_true(ts_is_legal_text(game(), s, "place k2"));
    assert_true(ts_is_legal_text(game(), s, "place j4"));
    free(s);
}

/* "Teams do not have to take turns; they build the puzzle ... as quickly
 * as they can": a tick takes both choices, each secret until both are
 * made, then both pieces go down at once. */
static void both_teams_place_at_once(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    assert_string_equal(ts_describe(game(), s, "place k3", 1),
                        "yellow chooses in secret\n");
    ts_play(game(), s, "place k3");
    assert_int_equal(s->owner[at("k3")], 0); /* not yet: blue chooses */
    assert_false(ts_view_has(game(), s, 1, "k3"));
    const char *told = ts_describe(game(), s, "place g3", 0);
    assert_non_null(strstr(told, "tick 1: yellow places k3, blue places g3 "
                                 "(the Planetarium's Key Landmark Piece)"));
    ts_play(game(), s, "place g3");
    assert_int_equal(s->owner[at("k3")], 1);
    assert_int_equal(s->owner[at("g3")], 2);
    /* The Planetarium's Key Landmark Piece is blue's now. */
    assert_int_equal(tbi_myst_key_owner(s, 1), 1);
    free(s);
}

/* Two pieces for one space in one tick: a coin, a chance node of its own
 * (so a record holds it), gives the space to one team; the other places
 * nothing this tick. */
static void a_coin_decides_a_contested_space(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key library", "key planetarium");
    tick(s, "place f4", "place h3");
    /* f3 touches yellow's f4 and blue's g3. */
    tick(s, "place f3", "place f3");
    assert_int_equal(tb_current(game(), s), TB_CHANCE);
    tb_chance c;
    tb_chance_spec(game(), s, &c);
    assert_int_equal(c.kind, TB_CHANCE_ROLL);
    assert_int_equal(c.lo, 0);
    assert_int_equal(c.hi, 1);
    /* Told as it is tossed (tb_describe_chance), to both teams. */
    assert_non_null(strstr(luck_told(s, 1, 1), "the coin gives f3 to blue"));
    assert_int_equal(s->owner[at("f3")], 2);
    assert_int_equal(s->placed[0], 2);
    assert_int_equal(s->placed[1], 3);
    free(s);
}

/* "a team may only play its Linking Book Card if the team is unable to
 * place a puzzle piece on the board. ... places a puzzle piece on an open
 * space on the board"; "Each Linking Book Card may be played only once
 * per game."  Blue surrounds yellow's Sunken Ship in seven ticks. */
static void a_blocked_team_plays_its_linking_book(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key ship", "key dock");
    ts_refused(game(), s, "link e5", "Linking Book may be played");
    const char *blue[] = {"c6", "b6", "c5", "a6", "a5", "c4", "b4"};
    for (int i = 0; i < 7; i++)
        tick(s, "wait", blue[i]);
    assert_int_equal(s->placed[0], 1);
    /* Yellow can place nowhere: it may wait or play its book anywhere. */
    assert_false(ts_is_legal_text(game(), s, "place a4"));
    assert_true(ts_is_legal_text(game(), s, "link e5"));
    assert_true(ts_is_legal_text(game(), s, "link l8"));
    assert_false(ts_is_legal_text(game(), s, "link b4")); /* covered */
    tb_action acts[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(game(), s, acts), 1 + s->open_n);
    tick(s, "link e5", "wait");
    assert_int_equal(s->owner[at("e5")], 1);
    assert_int_equal(tbi_myst_books_held(s, 0), 0);
    assert_int_equal(s->books_played[0], 1);
    assert_false(ts_view_has(game(), s, 0, "Linking Book\""));
    /* It grows from there; blocked again later, it has no book left. */
    assert_true(ts_is_legal_text(game(), s, "place e4"));
    free(s);
}

/* Interpretation: a Linking Book whose placement loses the coin is not
 * spent (no piece of the team went down).  Set-up writes the board. */
static void a_book_that_loses_the_coin_is_kept(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key ship", "key dock");
    const char *walls[] = {"c6", "b6", "c5", "a6", "a5", "c4", "b4", "d5"};
    for (int i = 0; i < 8; i++)
        cover(s, 1, at(walls[i]));
    /* e5 touches blue's d5; yellow, blocked, links onto it too. */
    tick(s, "link e5", "place e5");
    luck(s, 1);
    assert_int_equal(s->owner[at("e5")], 2);
    assert_int_equal(tbi_myst_books_held(s, 0), 1);
    assert_int_equal(s->books_played[0], 0);
    free(s);
}

/* Interpretation: waiting.  At a table a team places as fast as it can;
 * in ticks it may let one pass, but after `stall` ticks in a row in which
 * nobody placed a piece, a team that can place one must. */
static void waiting_ends_after_quiet_ticks(void **state)
{
    (void)state;
    static const char *const opts[] = {"stall=2", NULL};
    myst *s = racing(opts, "key rocket", "key library");
    tick(s, "wait", "wait");
    assert_true(ts_is_legal_text(game(), s, "wait"));
    tick(s, "wait", "wait");
    assert_false(ts_is_legal_text(game(), s, "wait"));
    ts_play(game(), s, "place k3");
    assert_false(ts_is_legal_text(game(), s, "wait"));
    ts_play(game(), s, "place g3");
    assert_true(ts_is_legal_text(game(), s, "wait"));
    free(s);
}

/* "The Puzzle Phase continues until the puzzle is finished and the game
 * board is completely covered." */
static void the_race_ends_when_the_board_is_covered(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    finish_race(s, 3);
    assert_int_equal(s->open_n, 0);
    assert_int_equal(s->placed[0] + s->placed[1], MYST_SPACES);
    for (int l = 0; l < MYST_LANDMARKS; l++)
        assert_true(tbi_myst_key_owner(s, l) >= 0);
    free(s);
}

/* ------------------------------------------------------------ exploration */

/* "the youngest player spins the spinner ... the number of turns"; "Each
 * team places its playing piece on the first Key Landmark Piece that it
 * placed"; "The team that placed the fewest puzzle pieces on the board
 * goes first". */
static void the_exploration_starts_on_the_first_keys(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    finish_race(s, 7);
    int fewer = s->placed[1] < s->placed[0] ? 1 : 0;
    assert_non_null(strstr(luck_told(s, sector_of(tbi_myst_spin_turns, 6),
                                     TB_SPECTATOR),
                           "the spinner gives 6 turns"));
    assert_int_equal(s->turns, 6);
    assert_int_equal(s->pos[0], at("k4"));
    assert_int_equal(s->pos[1], at("g4"));
    assert_int_equal(s->mover, fewer);
    assert_non_null(strstr(luck_told(s, sector_of(tbi_myst_spin_spaces, 3),
                                     TB_SPECTATOR), "spins 3"));
    assert_int_equal(tb_current(game(), s), fewer);
    free(s);
}

/* Interpretation: on a tie in pieces placed, yellow (the youngest) goes
 * first.  Set-up rewrites the counts before the spin. */
static void a_tie_in_pieces_lets_the_youngest_go_first(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    finish_race(s, 7);
    s->placed[0] = s->placed[1] = MYST_SPACES / 2;
    luck(s, 0);
    assert_int_equal(s->mover, 0);
    s->phase = PH_TURNS;
    s->placed[0] = MYST_SPACES / 2 + 1;
    s->placed[1] = MYST_SPACES / 2 - 1;
    luck(s, 0);
    assert_int_equal(s->mover, 1);
    free(s);
}

/* "moving the number of spaces indicated on the outer ring ... Each puzzle
 * piece on the board counts as one space"; "Teams may move fewer spaces
 * than the number indicated"; "Playing pieces may not share a space"
 * (read: nor pass through the other's space). */
static void moves_count_spaces_and_avoid_the_other_piece(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 4);
    int me = s->mover;
    stand(s, me == 0 ? "a1" : "b1", me == 0 ? "b1" : "a1");
    luck(s, sector_of(tbi_myst_spin_spaces, 2));
    assert_true(ts_is_legal_text(game(), s, "move a3"));  /* 2 down */
    assert_true(ts_is_legal_text(game(), s, "move b2"));  /* round */
    assert_true(ts_is_legal_text(game(), s, "move a2"));  /* fewer */
    assert_true(ts_is_legal_text(game(), s, "move a1"));  /* none */
    assert_false(ts_is_legal_text(game(), s, "move a4")); /* 3 */
    /* c1 is 2 steps through b1 but 4 round it. */
    assert_false(ts_is_legal_text(game(), s, "move c1"));
    ts_refused(game(), s, "move b1", "may not share a space");
    free(s);
}

/* "When a team reaches a Key landmark Piece that the other team placed,
 * it may, at its option, lay its Key Landmark Piece for that Landmark on
 * top"; "When a team reaches a Key Landmark Piece that the other team laid
 * on top of its Key Landmark Piece, it may ... remove the other team's
 * Key Landmark Piece.  The removed Key Landmark Piece is put aside; it may
 * not be used again during this game."  The text's rocket-ship example. */
static void key_pieces_are_laid_and_removed(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 8);
    int yellow_rocket = tbi_myst_key_owner(s, 2) == 0;
    assert_true(yellow_rocket); /* yellow's first key */
    /* Blue moves to the rocket ship's Key Landmark Piece. */
    s->mover = s->first_mover = 1;
    stand(s, "a1", "k2");
    luck(s, sector_of(tbi_myst_spin_spaces, 2));
    ts_play(game(), s, "move k4");
    assert_int_equal(s->phase, PH_KEY);
    assert_string_equal(ts_legal_text(game(), s), "lay leave");
    ts_play(game(), s, "lay");
    assert_int_equal(tbi_myst_controller(s, 2), 1);
    ts_play(game(), s, "end");
    /* Later the yellow team moves there and removes blue's piece. */
    stand(s, "k6", "b1");
    luck(s, sector_of(tbi_myst_spin_spaces, 2));
    ts_play(game(), s, "move k4");
    assert_string_equal(ts_legal_text(game(), s), "remove leave");
    ts_play(game(), s, "remove");
    assert_int_equal(tbi_myst_controller(s, 2), 0);
    assert_true(s->aside[1] >> 2 & 1);
    ts_play(game(), s, "end");
    /* Blue's piece is out of play: blue may not lay it again. */
    stand(s, "a1", "k3");
    luck(s, sector_of(tbi_myst_spin_spaces, 1));
    ts_play(game(), s, "move k4");
    assert_int_equal(s->phase, PH_AFTER);
    free(s);
}

/* "During the Exploration Phase, a team may use its Linking Book Card to
 * jump to any space on the board.  A team may play a Linking Book Card
 * either before or after moving."  "Each Linking Book Card may be played
 * only once per game." */
static void the_linking_book_jumps_before_or_after_moving(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 8);
    int me = s->mover, other = 1 - me;
    luck(s, sector_of(tbi_myst_spin_spaces, 1));
    /* Before moving: jump, then move from where it landed. */
    char jump[16];
    snprintf(jump, sizeof jump, "jump %s", "a8");
    ts_play(game(), s, jump);
    assert_int_equal(s->pos[me], at("a8"));
    assert_int_equal(s->phase, PH_MOVE);
    assert_true(ts_is_legal_text(game(), s, "move a7"));
    assert_false(ts_is_legal_text(game(), s, "jump l1"));
    ts_play(game(), s, "move a7");
    /* The turn is over: no book, so no jump after moving. */
    assert_int_equal(s->mover, other);
    /* The other team moves first, then jumps after moving. */
    luck(s, sector_of(tbi_myst_spin_spaces, 1));
    ts_play(game(), s, "stay");
    if (s->phase == PH_KEY)
        ts_play(game(), s, "leave");
    assert_int_equal(s->phase, PH_AFTER);
    assert_true(ts_is_legal_text(game(), s, "end"));
    ts_play(game(), s, "jump l1");
    assert_int_equal(s->pos[other], at("l1"));
    assert_int_equal(s->books_played[other], 1);
    /* Neither team holds a book now: turns have no jump step. */
    assert_int_equal(s->phase, PH_SPIN);
    luck(s, 0);
    assert_false(ts_is_legal_text(game(), s, "jump c3"));
    free(s);
}

/* "The exploration phase ends when both teams have moved the number of
 * times that the youngest player spun." */
static void the_game_ends_after_the_turns_spun(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 4);
    int moves = 0;
    while (s->phase != PH_OVER) {
        if (tb_current(game(), s) == TB_CHANCE) {
            luck(s, 0);
            continue;
        }
        if (s->phase == PH_MOVE)
            moves++;
        ts_play(game(), s, s->phase == PH_MOVE    ? "stay"
                           : s->phase == PH_KEY ? "leave"
                                                : "end");
    }
    assert_int_equal(moves, 8);
    assert_int_equal(tb_current(game(), s), TB_TERMINAL);
    free(s);
}

/* ------------------------------------------------------------ scoring */

/* Plays the exploration with both teams standing still. */
static void stand_still_to_the_end(myst *s)
{
    while (s->phase != PH_OVER) {
        if (tb_current(game(), s) == TB_CHANCE) {
            luck(s, 0);
            continue;
        }
        ts_play(game(), s, s->phase == PH_MOVE    ? "stay"
                           : s->phase == PH_KEY ? "leave"
                                                : "end");
    }
}

/* The text's worked example: "the yellow team holds two rocket ships Key
 * Landmarks Cards; one has a value of 4, one has a value of 5.  If the
 * yellow team controls the rocket ship ... it will earn 9 points from
 * these cards.  If the yellow team placed the rocket ship Key Landmark
 * Piece during the Puzzle Phase, it earns an additional 2 points (for a
 * total of 11 points.)" */
static void the_worked_example_scores_eleven(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 4);
    stand_still_to_the_end(s);
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    assert_int_equal(tbi_myst_controller(s, 2), 0);
    assert_int_equal(lp[0][2], 11);
    /* Told as the text scores it, card by card. */
    tb_result r;
    tb_result_of(game(), s, &r);
    assert_int_equal((int)r.score[0], total[0]);
    /* Had blue laid its piece on top, yellow would earn nothing from them. */
    s->top[2] = 2;
    tbi_myst_score(s, total, sw, lp);
    assert_int_equal(lp[0][2], 0);
    /* and blue, holding no rocket card, nothing either. */
    assert_int_equal(lp[1][2], 0);
    free(s);
}

/* The scoring told as the text has it: "the team that went first counts
 * how many Marker Switches it controls and announces its points", then
 * the teams take turns flipping over Landmark Cards, adding "Value and
 * Bonus", one Bonus per landmark. */
static void the_scoring_is_announced_card_by_card(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 4);
    myst *next = malloc(sizeof *next);
    int told_end = 0;
    while (s->phase != PH_OVER) {
        if (tb_current(game(), s) == TB_CHANCE) {
            luck(s, 0);
            continue;
        }
        const char *move = s->phase == PH_MOVE  ? "stay"
                           : s->phase == PH_KEY ? "leave"
                                                : "end";
        memcpy(next, s, sizeof *s);
        ts_play(game(), next, move);
        if (next->phase == PH_OVER) {
            const char *told = ts_describe(game(), s, move, TB_SPECTATOR);
            const char *first = s->first_mover == 0 ? "yellow" : "blue";
            char counts[64];
            snprintf(counts, sizeof counts, "over\n%s controls", first);
            assert_non_null(strstr(told, counts));
            assert_non_null(strstr(told, "yellow turns over Library 1: not "
                                         "controlled, 0, total"));
            assert_non_null(strstr(told, "yellow turns over Rocket Ship 4: "
                                         "6 with the Bonus, total"));
            assert_non_null(strstr(told, "yellow turns over Rocket Ship 5: "
                                         "5, total"));
            told_end = 1;
        }
        ts_play(game(), s, move);
    }
    assert_true(told_end);
    free(next);
    free(s);
}

/* "teams also earn 1 point for each Marker Switch that they control ...
 * Only the Marker Switches that appear on their own puzzle pieces count
 * ... (i.e., the Marker Switches that appear inside the Landmark images do
 * not count".  Set-up writes the board. */
static void marker_switches_count_on_own_pieces_only(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    cover(s, 0, at("e2")); /* a switch on plain ground */
    cover(s, 1, at("i3")); /* another, blue's */
    cover(s, 0, at("g5")); /* drawn inside the Library's image */
    cover(s, 0, at("j5")); /* inside the Rocket Ship's */
    tbi_myst_score(s, total, sw, lp);
    assert_int_equal(sw[0], 1);
    assert_int_equal(sw[1], 1);
    free(s);
}

/* "Teams that hold more than one card for a Landmark earn Value points for
 * every card that they hold for that Landmark, but may only earn one Bonus
 * for that Landmark."  Interpretation: the Bonus is "shown on the
 * Landmark Card", so a team earns it only holding a card of the landmark;
 * and a first Key Landmark Piece counts as placed in the Puzzle Phase. */
static void the_bonus_needs_a_card_and_comes_once(void **state)
{
    (void)state;
    myst *s = racing(NULL, "key rocket", "key library");
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    assert_int_equal(lp[0][2], 4 + 5 + 2); /* first key: placed, one Bonus */
    /* Blue holds Library 2 and 3 (ids 2, 3): 5 and the Bonus. */
    assert_int_equal(lp[1][0], 2 + 3 + 2);
    /* Yellow covers the Giant Gear's key space without a Gear card. */
    cover(s, 0, at("d2"));
    tbi_myst_score(s, total, sw, lp);
    assert_int_equal(lp[0][6], 0);
    free(s);
}

/* A tie for the most points is a shared first place.  Set-up writes the
 * board: no cards held, four scoring Marker Switches each. */
static void a_tie_shares_the_win(void **state)
{
    (void)state;
    myst *s = exploring(NULL, 4);
    stand_still_to_the_end(s);
    s->hand_n[0] = s->hand_n[1] = 0;
    for (int sp = 0; sp < MYST_SPACES; sp++)
        s->owner[sp] = 1;
    const char *blue[] = {"i3", "i5", "h7", "f6"};
    for (int i = 0; i < 4; i++)
        s->owner[at(blue[i])] = 2;
    tb_result r;
    tb_result_of(game(), s, &r);
    assert_int_equal((int)r.score[0], 4);
    assert_int_equal((int)r.score[1], 4);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 1);
    free(s);
}

/* ------------------------------------------------------------ views */

/* "For an extra challenge, play the game with the board flipped over so
 * that the puzzle image is not visible": with flip=on a space's picture
 * (and where a landmark lies) is shown only once a piece covers it. */
static void a_flipped_board_hides_the_picture(void **state)
{
    (void)state;
    static const char *const opts[] = {"flip=on", NULL};
    myst *s = racing(opts, "key rocket", "key library");
    json_t *v = ts_view(game(), s, 0);
    const char *row4 = json_string_value(
        json_array_get(json_object_get(v, "picture"), 3));
    assert_string_equal(row4, "::::::L:::R:");
    json_t *gear = json_array_get(json_object_get(v, "landmarks"), 6);
    assert_null(json_object_get(gear, "key_space"));
    json_t *rocket = json_array_get(json_object_get(v, "landmarks"), 2);
    assert_string_equal(json_string_value(json_object_get(rocket, "key_space")),
                        "k4");
    json_decref(v);
    char buf[1 << 14];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), s, 0, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, "board flipped"));
    /* Row 2 (the Giant Gear's row) shows nothing but hidden spaces. */
    char row2[128] = "  2  ";
    for (int x = 0; x < MYST_W; x++)
        strcat(row2, " :  ");
    strcat(row2, "\n");
    assert_non_null(strstr(buf, row2));
    /* Unflipped, the same position shows the whole picture. */
    myst *plain = racing(NULL, "key rocket", "key library");
    v = ts_view(game(), plain, 0);
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(v, "picture"), 3)),
                        "~s..*lLl.rR~");
    json_decref(v);
    free(plain);
    free(s);
}

/* The real-time race at a terminal: the placements are labelled a, b, c
 * ... in the order they are listed, a key places the chosen piece, no key
 * (or space, or w) waits; outside the race nothing runs on the clock. */
static void keys_place_pieces_in_real_time(void **state)
{
    (void)state;
    const tb_game *g = game();
    myst *s = dealt(NULL, ROCKETS, 5);
    tb_action a;
    assert_int_equal(g->realtime_key(s, 0, &a), TB_EINVAL);
    ts_play(g, s, "key rocket");
    ts_play(g, s, "key library");
    assert_int_equal(g->realtime_key(s, 0, &a), TB_OK);
    assert_int_equal(a, MYST_ACT(ACT_WAIT, 0));
    assert_int_equal(g->realtime_key(s, 'a', &a), TB_OK);
    assert_int_equal(a, MYST_ACT(ACT_PLACE, at("k3")));
    assert_int_equal(g->realtime_key(s, 'd', &a), TB_OK);
    assert_int_equal(a, MYST_ACT(ACT_PLACE, at("k5")));
    assert_int_equal(g->realtime_key(s, 'e', &a), TB_EPARSE);
    assert_int_equal(g->realtime_key(s, 'q', &a), TB_EPARSE);
    /* The labels are drawn on the board for the team to place (k3 is
     * sea, k5 the Rocket Ship's image), never for the other team, and a
     * typed label is read as the same placement. */
    char buf[1 << 14];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, s, 0, TB_STYLE_PLAIN, &t);
    assert_non_null(strstr(buf, " ~a "));
    assert_non_null(strstr(buf, " rd "));
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, s, 1, TB_STYLE_PLAIN, &t);
    assert_null(strstr(buf, " rd "));
    ts_play(g, s, "b");
    ts_play(g, s, "wait");
    assert_int_equal(s->owner[at("j4")], 1);
    free(s);
}

/* A record typed from a real table (docs/games/myst.md, "Typing in a real
 * deal"): the shuffled cards, the coin and the spins are deal entries, the
 * choices are moves in order. */
static void a_deal_typed_in_from_the_doc(void **state)
{
    (void)state;
    char deal[512];
    ts_deal_json(deal, sizeof deal, 0, 27, ROCKETS, 5);
    char json[2048];
    snprintf(json, sizeof json,
             "{\"game\":\"myst\",\"players\":2,\"deal\":[%s,[1]],"
             "\"actions\":["
             "{\"seat\":0,\"move\":\"key library\"},"
             "{\"seat\":1,\"move\":\"key planetarium\"},"
             "{\"seat\":0,\"move\":\"place f4\"},"
             "{\"seat\":1,\"move\":\"place h3\"},"
             "{\"seat\":0,\"move\":\"place f3\"},"
             "{\"seat\":1,\"move\":\"place f3\"},"
             "{\"seat\":0,\"move\":\"wait\"}]}",
             deal);
    myst *s = ts_replay_json(json);
    assert_int_equal(s->owner[at("f3")], 2);
    assert_int_equal(tb_current(game(), s), 1);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_box_holds_thirty_cards),
        cmocka_unit_test(one_key_space_per_landmark),
        cmocka_unit_test(marker_switches_in_and_out_of_images),
        cmocka_unit_test(the_doc_draws_this_island),
        cmocka_unit_test(the_spinner_has_two_rings),
        cmocka_unit_test(five_cards_and_a_book_each),
        cmocka_unit_test(dealt_books_may_both_go_to_one_team),
        cmocka_unit_test(first_keys_are_chosen_in_secret),
        cmocka_unit_test(a_clash_of_first_keys_makes_blue_choose_again),
        cmocka_unit_test(a_piece_must_touch_the_team_colour),
        cmocka_unit_test(both_teams_place_at_once),
        cmocka_unit_test(a_coin_decides_a_contested_space),
        cmocka_unit_test(a_blocked_team_plays_its_linking_book),
        cmocka_unit_test(a_book_that_loses_the_coin_is_kept),
        cmocka_unit_test(waiting_ends_after_quiet_ticks),
        cmocka_unit_test(the_race_ends_when_the_board_is_covered),
        cmocka_unit_test(the_exploration_starts_on_the_first_keys),
        cmocka_unit_test(a_tie_in_pieces_lets_the_youngest_go_first),
        cmocka_unit_test(moves_count_spaces_and_avoid_the_other_piece),
        cmocka_unit_test(key_pieces_are_laid_and_removed),
        cmocka_unit_test(the_linking_book_jumps_before_or_after_moving),
        cmocka_unit_test(the_game_ends_after_the_turns_spun),
        cmocka_unit_test(the_worked_example_scores_eleven),
        cmocka_unit_test(the_scoring_is_announced_card_by_card),
        cmocka_unit_test(marker_switches_count_on_own_pieces_only),
        cmocka_unit_test(the_bonus_needs_a_card_and_comes_once),
        cmocka_unit_test(a_tie_shares_the_win),
        cmocka_unit_test(a_flipped_board_hides_the_picture),
        cmocka_unit_test(keys_place_pieces_in_real_time),
        cmocka_unit_test(a_deal_typed_in_from_the_doc),
    };
    return cmocka_run_group_tests_name("myst", tests, NULL, NULL);
}
