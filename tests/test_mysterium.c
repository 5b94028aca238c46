/*
 * test_mysterium.c - Mysterium: the properties of our content (every motif
 * used, every psychic card reachable by some vision card, no two vision
 * cards alike), the rules, each test quoting the text it checks
 * (shared/rules/002_d78842dbe10ab59e.txt), the interpretations of
 * docs/games/mysterium.md (the sand timer among them), the secrecy of
 * targets, perceptions and votes, and the bots' reasoning.
 *
 * Positions are built through the public API by giving the opening
 * chance nodes chosen orders: the psychic cards (for each kind the cards
 * on the table, the psychics' targets first, psychic 1's first), the
 * vision deck (the cards in the order the ghost draws them) and each
 * psychic seat's eyes (the motifs in their own order).
 */
#include "support.h"

#include "../src/games/mysterium/msy.h"
#include "cards.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mysterium");
}

/* Card indices by name, for readable positions. */
static int card(const char *name)
{
    for (int c = 0; c < MSY_KINDS * MSY_PER_KIND; c++)
        if (strcmp(tbi_msy_cards[c].name, name) == 0)
            return c % MSY_PER_KIND;
    fail_msg("no psychic card %s", name);
    return -1;
}

/* A new game whose psychic cards are dealt so that row kind k holds the
 * cards named in rows[k] (targets first: psychic 1's, psychic 2's...),
 * and whose vision deck is drawn in the order draw[0..n_draw) (card
 * numbers 1-84), then the rest ascending. */
static msy *deal(int players, const char *difficulty,
                 const char *const rows[MSY_KINDS], const int *draw,
                 int n_draw)
{
    char opt[64];
    snprintf(opt, sizeof opt, "difficulty=%s", difficulty);
    const char *opts[] = {opt, NULL};
    tb_config cfg = ts_config(game(), players, opts);
    msy *s = ts_new_game(game(), &cfg);
    uint16_t order[MSY_KINDS * MSY_PER_KIND];
    int used[MSY_KINDS * MSY_PER_KIND] = {0}, n = 0;
    for (int k = 0; k < MSY_KINDS; k++) {
        char names[256];
        snprintf(names, sizeof names, "%s", rows[k]);
        for (char *w = strtok(names, " "); w; w = strtok(NULL, " ")) {
            int id = k * MSY_PER_KIND + card(w);
            order[n++] = (uint16_t)(id + 1);
            used[id] = 1;
        }
    }
    for (int id = 0; id < MSY_KINDS * MSY_PER_KIND; id++)
        if (!used[id])
            order[n++] = (uint16_t)(id + 1);
    assert_int_equal(tb_apply_chance(game(), s, order, n), TB_OK);
    uint16_t deck[MSY_VISIONS];
    int taken[MSY_VISIONS + 1] = {0}, k = 0;
    for (int i = 0; i < n_draw; i++) {
        deck[k++] = (uint16_t)draw[i]; /* top card first */
        taken[draw[i]] = 1;
    }
    for (int v = 1; v <= MSY_VISIONS; v++)
        if (!taken[v])
            deck[k++] = (uint16_t)v;
    assert_int_equal(tb_apply_chance(game(), s, deck, MSY_VISIONS), TB_OK);
    /* Each psychic seat's eyes: the motifs in their own order (motif 1
     * first), unless a test sets them. */
    uint16_t eye[MSY_MOTIFS];
    for (int m = 0; m < MSY_MOTIFS; m++)
        eye[m] = (uint16_t)(m + 1);
    for (int seat = 1; seat < players; seat++)
        assert_int_equal(tb_apply_chance(game(), s, eye, MSY_MOTIFS), TB_OK);
    assert_int_equal(s->phase, MSY_VISION);
    return s;
}

/* The row position of a named card of kind k. */
static int pos_of(const msy *s, int k, const char *name)
{
    for (int p = 0; p < s->suspects; p++)
        if (s->row[k][p] == card(name))
            return p;
    fail_msg("%s is not on the table", name);
    return -1;
}

/* Gives every psychic still waiting one card: the first card of the hand
 * (the lowest number) to the lowest psychic waiting, and so on. */
static void give_each_one(msy *s)
{
    char move[32];
    while (s->phase == MSY_VISION && !s->shuffle_pending) {
        for (int i = 0; i < s->psychics; i++)
            if (tbi_msy_active(s, i) && !s->given[i]) {
                snprintf(move, sizeof move, "give %d %d", i + 1,
                         s->hand[0] + 1);
                ts_play(game(), s, move);
                break;
            }
    }
}

/* The sand timer: each psychic still looking puts its intuition token on
 * its target (right) or, with wrong set for it, the first other card it
 * may guess; then everyone says done. */
static void guess_all(msy *s, unsigned wrong)
{
    char move[48];
    while (s->phase == MSY_TIMER) {
        int i = tbi_msy_guesser(s);
        if (!tbi_msy_active(s, i) || s->guess[i] != MSY_NONE) {
            ts_play(game(), s, "done");
            continue;
        }
        int k = s->stage[i], pos = s->target[i][k];
        if (wrong >> i & 1u)
            for (pos = 0; pos == s->target[i][k] ||
                          tbi_msy_has(s->sleeved[k], pos); pos++)
                ;
        snprintf(move, sizeof move, "guess %s",
                 tbi_msy_cards[k * MSY_PER_KIND + s->row[k][pos]].name);
        ts_play(game(), s, move);
    }
}

/* Nothing more: the sand timer ends with guess_all. */
static void no_tokens(msy *s)
{
    assert_int_not_equal(s->phase, MSY_TIMER);
}

/* One hour: one card each, the guesses (wrong for the psychics in the
 * mask), no tokens. */
static void hour(msy *s, unsigned wrong)
{
    give_each_one(s);
    guess_all(s, wrong);
    no_tokens(s);
}

static const char *const rows4[MSY_KINDS] = {
    "cook maid butler gardener chauffeur",
    "kitchen library greenhouse chapel cellar",
    "dagger poison noose candlestick revolver",
};

/* ------------------------------------------------------------ content */

static void content_every_motif_used(void **state)
{
    (void)state;
    uint64_t on_visions = 0, on_cards = 0;
    for (int v = 0; v < MSY_VISIONS; v++)
        on_visions |= tbi_msy_visions[v];
    for (int c = 0; c < MSY_KINDS * MSY_PER_KIND; c++)
        on_cards |= tbi_msy_cards[c].motifs;
    uint64_t all = (1ull << MSY_MOTIFS) - 1;
    assert_true(on_visions == all);
    assert_true(on_cards == all);
    /* A few dozen motifs, in six kinds, each with a distinct name. */
    for (int m = 0; m < MSY_MOTIFS; m++) {
        assert_true(tbi_msy_motif_kind[m] < MSY_MOTIF_KINDS);
        for (int n = m + 1; n < MSY_MOTIFS; n++)
            assert_string_not_equal(tbi_msy_motif_name[m],
                                    tbi_msy_motif_name[n]);
    }
}

/* Vision cards of 7 to 9 motifs, no two alike, each with one strong
 * motif, two medium and the rest faint (the prominences of our design). */
static void content_visions_distinct_with_prominence(void **state)
{
    (void)state;
    for (int v = 0; v < MSY_VISIONS; v++) {
        int n = __builtin_popcountll(tbi_msy_visions[v]);
        if (n < 7 || n > 9)
            fail_msg("vision %d has %d motifs", v + 1, n);
        for (int w = v + 1; w < MSY_VISIONS; w++)
            if (tbi_msy_visions[v] == tbi_msy_visions[w])
                fail_msg("visions %d and %d are the same", v + 1, w + 1);
        assert_int_equal(__builtin_popcountll(tbi_msy_vision_strong[v]), 1);
        assert_int_equal(__builtin_popcountll(tbi_msy_vision_medium[v]), 2);
        assert_true(((tbi_msy_vision_strong[v] | tbi_msy_vision_medium[v]) &
                     ~tbi_msy_visions[v]) == 0);
        assert_true(!(tbi_msy_vision_strong[v] & tbi_msy_vision_medium[v]));
        int count[4] = {0};
        for (int m = 0; m < MSY_MOTIFS; m++)
            count[tbi_msy_strength(v, m)]++;
        assert_int_equal(count[3], 1);
        assert_int_equal(count[2], 2);
        assert_int_equal(count[1], n - 3);
    }
}

/* A vision points only probably: every vision card shares some motif
 * with many cards of each kind (at least 9 of the 18), so several
 * candidates on the table share something with it. */
static void content_visions_touch_many_cards(void **state)
{
    (void)state;
    for (int v = 0; v < MSY_VISIONS; v++)
        for (int k = 0; k < MSY_KINDS; k++) {
            int touched = 0;
            for (int c = 0; c < MSY_PER_KIND; c++)
                touched += tbi_msy_overlap(v, k, c) > 0;
            if (touched < 9)
                fail_msg("vision %d touches %d cards of kind %d", v + 1,
                         touched, k);
        }
}

/* Every psychic card is reachable: some vision card shares more motifs
 * with it than with any other card of its kind. */
static void content_every_card_reachable(void **state)
{
    (void)state;
    int alone = 0;
    for (int k = 0; k < MSY_KINDS; k++)
        for (int c = 0; c < MSY_PER_KIND; c++) {
            int reached = 0;
            for (int v = 0; v < MSY_VISIONS && !reached; v++) {
                int on = tbi_msy_overlap(v, k, c), best = 1;
                for (int o = 0; o < MSY_PER_KIND && best; o++)
                    if (o != c && tbi_msy_overlap(v, k, o) >= on)
                        best = 0;
                reached = best && on > 0;
            }
            if (!reached)
                fail_msg("%s is the best match of no vision card",
                         tbi_msy_cards[k * MSY_PER_KIND + c].title);
        }
    /* "Rarely by one card alone": about half the vision cards name no
     * single best card of a kind among all 18 by shared motifs (and the
     * perception blurs the rest). */
    for (int k = 0; k < MSY_KINDS; k++)
        for (int v = 0; v < MSY_VISIONS; v++) {
            int top = 0, ties = 0;
            for (int c = 0; c < MSY_PER_KIND; c++) {
                int on = tbi_msy_overlap(v, k, c);
                if (on > top) {
                    top = on;
                    ties = 1;
                } else if (on == top) {
                    ties++;
                }
            }
            alone += top > 0 && ties == 1;
        }
    assert_true(alone < MSY_VISIONS * MSY_KINDS * 6 / 10);
}

/* The generated table of shared motifs agrees with the motifs. */
static void content_overlap_table(void **state)
{
    (void)state;
    for (int v = 0; v < MSY_VISIONS; v++)
        for (int c = 0; c < MSY_KINDS * MSY_PER_KIND; c++)
            assert_int_equal(tbi_msy_shared_motifs[v][c],
                             __builtin_popcountll(tbi_msy_visions[v] &
                                                  tbi_msy_cards[c].motifs));
}

/* The psychic cards: 18 of each kind, names unique one-word keys, no two
 * cards of a kind with the same motifs. */
static void content_psychic_cards(void **state)
{
    (void)state;
    for (int a = 0; a < MSY_KINDS * MSY_PER_KIND; a++) {
        const msy_card *c = &tbi_msy_cards[a];
        assert_true(strlen(c->name) > 0 && strchr(c->name, ' ') == NULL);
        assert_true(__builtin_popcountll(c->motifs) >= 3);
        for (int b = a + 1; b < MSY_KINDS * MSY_PER_KIND; b++) {
            assert_string_not_equal(c->name, tbi_msy_cards[b].name);
            if (a / MSY_PER_KIND == b / MSY_PER_KIND)
                assert_true(c->motifs != tbi_msy_cards[b].motifs);
        }
    }
}

/* ------------------------------------------------------------ set-up */

/* "Total # Players: 2 3 4 5 6 7 / Easy: 4 5 5 6 6 7 / Medium: 5 6 6 7 8 8
 * / Hard: 6 7 7 8 9 9"; "2-3 players: 0 / 4-5 players: 4 / 6-7 players:
 * 6" clairvoyancy tokens; "Each player plays with 2 psychics" (2-3). */
static void setup_difficulty_table(void **state)
{
    (void)state;
    static const int want[3][8] = {{0, 0, 4, 5, 5, 6, 6, 7},
                                   {0, 0, 5, 6, 6, 7, 8, 8},
                                   {0, 0, 6, 7, 7, 8, 9, 9}};
    static const char *const names[3] = {"easy", "medium", "hard"};
    static const int psychics[8] = {0, 0, 2, 4, 3, 4, 5, 6};
    static const int tokens[8] = {0, 0, 0, 0, 4, 4, 6, 6};
    for (int d = 0; d < 3; d++)
        for (int p = 2; p <= 7; p++) {
            const char *opts[2] = {NULL, NULL};
            char o[32];
            snprintf(o, sizeof o, "difficulty=%s", names[d]);
            opts[0] = o;
            tb_config cfg = ts_config(game(), p, opts);
            msy *s = ts_new_game(game(), &cfg);
            assert_int_equal(s->suspects, want[d][p]);
            assert_int_equal(s->psychics, psychics[p]);
            assert_int_equal(s->tokens[0], tokens[p]);
            free(s);
        }
}

/* "This generates a combination of 3 cards (character, location and
 * object) for each psychic"; the ghost "draws as many cards as there are
 * psychics": every psychic's card of a kind is a different one; the
 * cards lie in a fixed order, so where they lie tells nothing. */
static void setup_combinations(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    assert_int_equal(s->target[0][0], pos_of(s, 0, "cook"));
    assert_int_equal(s->target[1][0], pos_of(s, 0, "maid"));
    assert_int_equal(s->target[2][2], pos_of(s, 2, "noose"));
    for (int k = 0; k < MSY_KINDS; k++)
        for (int p = 1; p < s->suspects; p++)
            assert_true(s->row[k][p - 1] < s->row[k][p]);
    /* "The ghost starts the game by drawing a hand of 7 cards". */
    assert_int_equal(s->hand_n, 7);
    assert_int_equal(s->deck_n, 77);
    assert_int_equal(tb_current(game(), s), 0);
    free(s);
}

/* ------------------------------------------------------------ visions */

/* "Chooses a psychic and places 1 or more vision cards facup in front of
 * him" ... "cannot give him any more cards in the current turn" ...
 * "Draws vision cards to bring his hand up to 7 cards" ... "until all
 * psychics have received at least one vision card." */
static void vision_one_per_psychic_and_refill(void **state)
{
    (void)state;
    int draw[] = {5, 9, 14, 20, 33, 41, 60, 70, 71};
    msy *s = deal(4, "easy", rows4, draw, 9);
    ts_play(game(), s, "give 2 5 9");
    assert_int_equal(s->vis_n[1], 2);
    assert_int_equal(s->hand_n, 7);
    assert_true(tbi_hand_has(s->hand, s->hand_n, 69) &&
                tbi_hand_has(s->hand, s->hand_n, 70));
    ts_refused(game(), s, "give 2 14", "has had its vision");
    ts_play(game(), s, "give 1 14 20 33");
    assert_int_equal(tb_current(game(), s), 0);
    ts_play(game(), s, "give 3 41");
    /* All have a vision: the sand timer runs, psychic 1 (seat 1) first. */
    assert_int_equal(s->phase, MSY_TIMER);
    assert_int_equal(tb_current(game(), s), 1);
    free(s);
}

/* "If the vision cards draw pile is empty, shuffle it to create a new
 * draw pile": the discards are shuffled by a chance node. */
static void vision_reshuffle(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    /* Empty the pile: move it to the discards (as if discarded). */
    memcpy(s->disc, s->deck, s->deck_n);
    memset(s->disc_seen, 1, s->deck_n);
    s->disc_n = s->deck_n;
    s->deck_n = 0;
    char move[64];
    snprintf(move, sizeof move, "give 1 %d %d", s->hand[0] + 1,
             s->hand[1] + 1);
    ts_play(game(), s, move);
    assert_int_equal(tb_current(game(), s), TB_CHANCE);
    tb_chance c;
    tb_chance_spec(game(), s, &c);
    assert_int_equal(c.n, 77);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tb_settle(game(), s, &rng);
    assert_int_equal(s->hand_n, 7);
    assert_int_equal(s->deck_n, 75);
    assert_int_equal(s->disc_n, 0);
    free(s);
}

/* "the ghost may discard any or all of his vision cards and draw new
 * cards to bring his hand to 7 cards (subject to the limit on the number
 * of discard operations determined by the difficulty level)": easy 1 a
 * turn, medium 3 a game, hard 1 a game. */
static void crows_by_difficulty(void **state)
{
    (void)state;
    char move[32];
    msy *s = deal(4, "easy", rows4, NULL, 0);
    snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
    ts_play(game(), s, move);
    snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
    ts_refused(game(), s, move, "no crow left");
    hour(s, 0);
    snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
    ts_play(game(), s, move); /* a new turn: a new crow */
    free(s);

    s = deal(4, "medium", rows4, NULL, 0);
    for (int i = 0; i < 3; i++) {
        snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
        ts_play(game(), s, move);
    }
    snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
    ts_refused(game(), s, move, "no crow left");
    free(s);

    s = deal(4, "hard", rows4, NULL, 0);
    snprintf(move, sizeof move, "discard %d %d", s->hand[0] + 1,
             s->hand[1] + 1);
    ts_play(game(), s, move);
    assert_int_equal(s->hand_n, 7);
    hour(s, 0);
    snprintf(move, sizeof move, "discard %d", s->hand[0] + 1);
    ts_refused(game(), s, move, "no crow left");
    free(s);
}

/* The psychics do not see which cards the ghost discards; the ghost
 * does. */
static void discards_are_secret(void **state)
{
    (void)state;
    int draw[] = {5, 9, 14, 20, 33, 41, 60};
    msy *s = deal(4, "easy", rows4, draw, 7);
    const char *to_ghost = ts_describe(game(), s, "discard 9 14", 0);
    assert_non_null(strstr(to_ghost, "discards 9 14"));
    const char *to_psychic = ts_describe(game(), s, "discard 9 14", 1);
    assert_non_null(strstr(to_psychic, "discards 2 cards"));
    assert_null(strstr(to_psychic, "14"));
    ts_play(game(), s, "discard 9 14");
    assert_false(ts_view_has(game(), s, 1, "\"id\":5,"));
    assert_true(ts_view_has(game(), s, 0, "\"id\":5,"));
    assert_false(ts_view_has(game(), s, 0, "\"id\":14,"));
    free(s);
}

/* ------------------------------------------------------------ guesses */

/* The sand timer: each psychic still looking puts its intuition token
 * on its first candidate other than its target (wrong) in turn, until
 * every psychic looking has one; stops at the turn after that. */
static void place_all_wrong(msy *s)
{
    char move[48];
    while (s->phase == MSY_TIMER) {
        int i = tbi_msy_guesser(s);
        if (!tbi_msy_active(s, i) || s->guess[i] != MSY_NONE)
            return;
        int k = s->stage[i], pos = 0;
        while (pos == s->target[i][k] || tbi_msy_has(s->sleeved[k], pos))
            pos++;
        snprintf(move, sizeof move, "guess %s",
                 tbi_msy_cards[k * MSY_PER_KIND + s->row[k][pos]].name);
        ts_play(game(), s, move);
    }
}

/* "Psychics may change the positions of their intuition tokens at any
 * time until the sand timer expires" and "At any time until the sand
 * timer expires, players may add or remove clairvoyancy tokens": after
 * the visions the intuition tokens are open and movable, and the
 * clairvoyance tokens placed or taken back, one change a turn, until
 * every psychic has said done since the last change.  The ghost is never
 * asked. */
static void sand_timer_open_and_movable(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    assert_int_equal(s->phase, MSY_TIMER);
    assert_true(ts_view_has(game(), s, 2, "\"running\":true"));
    /* "Several psychics may place their intuition token on the same
     * psychic card"; every token is open to everyone at once. */
    ts_play(game(), s, "guess butler"); /* psychic 1 (the Cook's) */
    assert_true(ts_view_has(game(), s, 2, "\"guess\":\"butler\""));
    assert_true(ts_view_has(game(), s, 3, "\"guess\":\"butler\""));
    ts_play(game(), s, "guess butler"); /* psychic 2 (the Maid's) */
    ts_play(game(), s, "guess butler"); /* psychic 3 (the Butler's) */
    /* Psychic 1 moves its token. */
    assert_int_equal(tb_current(game(), s), 1);
    ts_refused(game(), s, "guess butler", "already");
    assert_non_null(strstr(ts_describe(game(), s, "guess cook", 2),
                           "psychic 1 moves its intuition token from the "
                           "Butler to the Cook"));
    ts_play(game(), s, "guess cook");
    /* Psychic 2 puts a yes on psychic 1's, psychic 3 a no. */
    ts_refused(game(), s, "yes 2", "not on your own");
    ts_play(game(), s, "yes 1");
    ts_play(game(), s, "no 1");
    assert_int_equal(s->tokens[1], 3);
    assert_int_equal(s->ctok[1][0], 1);
    /* Psychic 1 says done; psychic 2 takes its token back ("remove"),
     * which reopens the timer for psychic 1. */
    ts_play(game(), s, "done");
    assert_true(s->timer_done & 1u);
    assert_true(ts_view_has(game(), s, 0, "\"done\":[1]"));
    ts_refused(game(), s, "take 3", "no token on that");
    ts_play(game(), s, "take 1");
    assert_int_equal(s->tokens[1], 4);
    assert_int_equal(s->timer_done, 0);
    /* Psychic 3 says done; psychic 1 moves back to the Butler: the tokens
     * on its intuition token judged another card and go back. */
    ts_play(game(), s, "done");
    ts_play(game(), s, "guess butler");
    assert_int_equal(s->ctok[2][0], 0);
    assert_int_equal(s->tokens[2], 4);
    /* Psychic 1 (seat 1) never moves twice in a row; everyone done ends
     * the timer: the ghost manifests, and never acted in it. */
    ts_play(game(), s, "done"); /* psychic 2 */
    ts_play(game(), s, "done"); /* psychic 3 */
    assert_int_equal(s->phase, MSY_TIMER);
    assert_int_equal(tb_current(game(), s), 1);
    ts_play(game(), s, "guess cook");
    ts_play(game(), s, "done");
    ts_play(game(), s, "done");
    assert_int_equal(s->phase, MSY_TIMER);
    const char *said = ts_describe(game(), s, "done", 2);
    assert_non_null(strstr(said, "the ghost manifests (hour I): psychic 1's "
                                 "cook is right; psychic 2's butler is "
                                 "wrong; psychic 3's butler is right"));
    ts_play(game(), s, "done");
    assert_int_equal(s->hour, 2);
    assert_int_equal(s->phase, MSY_VISION);
    assert_true(ts_view_has(game(), s, 2, "\"running\":false"));
    free(s);
}

/* The sand timer's stand-in in turns: it runs out after MSY_TIMER_ROUNDS
 * turns a psychic even if someone keeps changing, and what is marked
 * then stands. */
static void sand_timer_runs_out(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    int turns = 0;
    while (s->phase == MSY_TIMER) {
        int i = tbi_msy_guesser(s);
        /* Everyone flips between two cards forever. */
        ts_play(game(), s, s->guess[i] == pos_of(s, 0, "gardener")
                               ? "guess chauffeur"
                               : "guess gardener");
        turns++;
    }
    assert_int_equal(turns, MSY_TIMER_ROUNDS * 3);
    /* 18 turns: each psychic moved 6 times, last to the Chauffeur. */
    assert_int_equal(s->last_guess[0], pos_of(s, 0, "chauffeur"));
    free(s);
}

/* A psychic without an intuition token when the timer ends (a person who
 * ran out of time) makes no guess that hour: nothing is eliminated. */
static void sand_timer_no_token_no_guess(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    ts_play(game(), s, "done"); /* psychic 1 marks nothing */
    ts_play(game(), s, "guess maid");
    ts_play(game(), s, "guess butler");
    ts_play(game(), s, "done"); /* psychic 1, again after the changes */
    ts_play(game(), s, "done");
    ts_play(game(), s, "done");
    assert_int_equal(s->hour, 2);
    assert_int_equal(s->stage[0], 0);
    assert_int_equal(s->wrong[0][0], 0);
    assert_int_equal(s->last_guess[0], MSY_NONE);
    assert_int_equal(s->stage[1], 1);
    free(s);
}

/* "If the psychic picked the correct psychic card: ... The psychic
 * collects the correct psychic card ... discards all his vision cards,
 * then ... places it on the next progress board."  "If the psychic has
 * not picked the correct psychic card: ... retains his vision cards". */
static void manifestation(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    guess_all(s, 1u << 1); /* psychic 2 wrong */
    no_tokens(s);
    assert_int_equal(s->stage[0], 1);
    assert_int_equal(s->stage[1], 0);
    assert_int_equal(s->vis_n[0], 0);
    assert_int_equal(s->vis_n[1], 1);
    assert_int_equal(s->disc_n, 2); /* psychics 1 and 3's cards, seen */
    assert_true(s->disc_seen[0] && s->disc_seen[1]);
    assert_true(tbi_msy_has(s->sleeved[0], pos_of(s, 0, "cook")));
    assert_true(s->wrong[1][0] != 0);
    assert_int_equal(s->hour, 2);
    /* The card found is no longer a guess for anyone. */
    give_each_one(s);
    ts_play(game(), s, "guess kitchen"); /* psychic 1, now on locations */
    assert_true(ts_is_legal_text(game(), s, "guess maid"));
    ts_refused(game(), s, "guess cook", "found already");
    free(s);
}

/* "If the clock was already showing the VII (the 7th hour), the game ends
 * and all players lose." */
static void seventh_hour_lost(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    for (int h = 1; h <= 7; h++) {
        assert_int_equal(s->hour, h);
        hour(s, 1u << 2); /* psychic 3 never finds anything */
    }
    assert_int_equal(tb_current(game(), s), TB_TERMINAL);
    tb_result r;
    tb_result_of(game(), s, &r);
    assert_false(r.team_win);
    assert_true(r.cooperative);
    /* Psychics 1 and 2 found 3 cards each, psychic 3 none. */
    assert_int_equal((int)r.team_score, 6);
    free(s);
}

/* ------------------------------------------------------------ clairvoyance */

/* "A psychic may not play more than 1 clairvoyancy token per intuition
 * token or add a clairvoyancy token to his own intuition token."  "Any
 * psychics who played a ✓ clairvoyancy token move their markers forward
 * 1 space"; a ✗ on a wrong intuition likewise. */
static void clairvoyance_tokens(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    ts_play(game(), s, "guess cook");   /* psychic 1: right */
    ts_play(game(), s, "guess butler"); /* psychic 2: wrong */
    ts_play(game(), s, "guess butler"); /* psychic 3: right */
    assert_int_equal(tb_current(game(), s), 1);
    ts_refused(game(), s, "yes 1", "not on your own");
    ts_play(game(), s, "yes 2"); /* psychic 1: yes on a wrong guess */
    ts_play(game(), s, "no 3");  /* psychic 2: no on a right guess */
    ts_play(game(), s, "no 2");  /* psychic 3: no on a wrong guess */
    ts_refused(game(), s, "no 2", "one per token");
    ts_play(game(), s, "yes 3"); /* psychic 1: right */
    ts_play(game(), s, "done");
    ts_play(game(), s, "done");
    ts_play(game(), s, "done");
    assert_int_equal(s->track[0], 1);
    assert_int_equal(s->track[1], 0);
    assert_int_equal(s->track[2], 1);
    assert_int_equal(s->tokens[0], 2);
    free(s);
}

/* "After use, all clairvoyancy tokens must be discarded to the space on
 * the clock board, to be retrieved at the start of the fourth game turn."
 * Tokens used from the fourth hour on do not come back. */
static void clairvoyance_tokens_return_at_four(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    for (int h = 1; h <= 3; h++) {
        give_each_one(s);
        place_all_wrong(s); /* everyone wrong: psychic 1's 'no' is right */
        ts_play(game(), s, "no 2");
        guess_all(s, 0);
    }
    /* Three tokens used in hours I-III came back at the start of IV. */
    assert_int_equal(s->hour, 4);
    assert_int_equal(s->track[0], 3);
    assert_int_equal(s->tokens[0], 4);
    assert_int_equal(s->tokens_back[0], 0);
    give_each_one(s);
    place_all_wrong(s);
    ts_play(game(), s, "no 2");
    guess_all(s, 0);
    /* One used in hour IV is gone for good. */
    assert_int_equal(s->hour, 5);
    assert_int_equal(s->tokens[0], 3);
    assert_int_equal(s->tokens_back[0], 0);
    free(s);
}

/* "He then moves his marker forward 1 space on the clairvoyancy track
 * for each hour remaining on the clock." (Ours: done in hour h leaves
 * 7 - h hours.) */
static void completion_bonus(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    hour(s, 0);
    hour(s, 0);
    hour(s, 0x6); /* psychic 1 done in hour III */
    assert_int_equal(s->stage[0], 3);
    assert_int_equal(s->done_hour[0], 3);
    assert_int_equal(s->track[0], 4);
    /* "Thereafter, he continues ... and may still play any remaining
     * clairvoyancy tokens": psychic 1 still places tokens. */
    give_each_one(s);
    assert_int_equal(tb_current(game(), s), 2); /* psychic 1 waits */
    place_all_wrong(s);
    assert_int_equal(tb_current(game(), s), 1);
    assert_true(ts_is_legal_text(game(), s, "yes 2"));
    ts_refused(game(), s, "guess cook", "whole combination");
    free(s);
}

/* 2-3 players: "The clairvoyancy track, the related markers and the
 * clairvoyancy tokens are not used". */
static void no_clairvoyance_with_three(void **state)
{
    (void)state;
    const char *rows[MSY_KINDS] = {"cook maid butler gardener chauffeur",
                                   "kitchen library greenhouse chapel cellar",
                                   "dagger poison noose candlestick revolver"};
    msy *s = deal(3, "easy", rows, NULL, 0);
    assert_int_equal(s->psychics, 4);
    give_each_one(s);
    /* Seat 1 plays psychics 1 and 2, seat 2 psychics 3 and 4. */
    assert_int_equal(tb_current(game(), s), 1);
    guess_all(s, 0);
    assert_int_equal(s->phase, MSY_VISION);
    assert_int_equal(s->hour, 2);
    free(s);
}

/* ------------------------------------------------------------ epilogue */

/* Plays a 4-player game to the epilogue, everyone right every hour. */
static msy *to_epilogue(int players, const char *difficulty)
{
    const char *rows[MSY_KINDS] = {
        "cook maid butler gardener chauffeur countess colonel",
        "kitchen library greenhouse chapel cellar tower lake",
        "dagger poison noose candlestick revolver axe hourglass"};
    msy *s = deal(players, difficulty, rows, NULL, 0);
    for (int h = 0; h < 3; h++)
        hour(s, 0);
    return s;
}

/* "Place 1 ghost token per psychic in the centre of the table" and the
 * groups; "The ghost picks 3 vision cards ... The ghost then shuffles the
 * shared vision cards and places them facedown"; "Psychics with a low
 * clairvoyancy level will see only 1 card ... intermediate ... 2 cards;
 * high ... all 3 cards." */
static void epilogue_shared_vision_by_level(void **state)
{
    (void)state;
    msy *s = to_epilogue(4, "easy");
    assert_int_equal(s->phase, MSY_SHARED_VISION);
    assert_int_equal(s->groups, 3);
    assert_int_equal(s->group[1][0], pos_of(s, 0, "maid"));
    /* Each psychic done at hour III: 4 steps, intermediate with 4-5
     * players (ours: 4 to 7). */
    assert_int_equal(s->track[0], 4);
    s->track[0] = 0;  /* low */
    s->track[2] = 9;  /* high */
    char move[64];
    snprintf(move, sizeof move, "culprit 2 %d %d %d", s->hand[0] + 1,
             s->hand[1] + 1, s->hand[2] + 1);
    const char *to_psychic = ts_describe(game(), s, move, 1);
    assert_non_null(strstr(to_psychic, "three cards face down"));
    assert_null(strstr(to_psychic, "group 2"));
    ts_play(game(), s, move);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    tb_settle(game(), s, &rng);
    assert_int_equal(s->phase, MSY_VOTE);
    assert_int_equal(tbi_msy_shared_seen(s, 1), 1);
    assert_int_equal(tbi_msy_shared_seen(s, 2), 2);
    assert_int_equal(tbi_msy_shared_seen(s, 3), 3);
    assert_int_equal(tbi_msy_shared_seen(s, TB_SPECTATOR), 0);
    json_t *v = ts_view(game(), s, 1);
    json_t *ep = json_object_get(v, "epilogue");
    assert_int_equal(json_array_size(json_object_get(ep,
                                                     "shared_vision_seen")),
                     1);
    assert_null(json_object_get(ep, "culprit"));
    json_decref(v);
    /* "The psychics vote in secret". */
    assert_non_null(strstr(ts_describe(game(), s, "vote 2", 2),
                           "seat 1 votes in secret"));
    free(s);
}

/* "If one of the groups has received more votes than the others, it is
 * the suspected culprit's group.  If no single group has a clear
 * majority, the tie is broken in favor of the group chosen by the player
 * who progressed furthest along the clairvoyancy track ... If a tie
 * persists, it is broken in favour of the group for which the eldest
 * player voted." (Ours: the eldest is seat 1, then seat 2...) */
static void tally_tie_breaks(void **state)
{
    (void)state;
    msy *s = to_epilogue(7, "easy");
    s->phase = MSY_VOTE;
    s->culprit = 0;
    /* A majority. */
    uint8_t votes1[] = {0, 2, 2, 1, 1, 2, 5};
    memcpy(s->vote, votes1, 7);
    assert_int_equal(tbi_msy_tally(s), 2);
    /* 2-2-2: the furthest on the track (seat 4, psychic 4) voted 1. */
    uint8_t votes2[] = {0, 2, 2, 1, 1, 3, 3};
    memcpy(s->vote, votes2, 7);
    memset(s->track, 5, sizeof s->track);
    s->track[3] = 9;
    assert_int_equal(tbi_msy_tally(s), 1);
    /* The furthest voted for a group outside the tie: the tie is among
     * the leading groups only, so the furthest of their voters. */
    uint8_t votes3[] = {0, 2, 2, 1, 1, 3, 4};
    memcpy(s->vote, votes3, 7);
    s->track[5] = 12; /* seat 6 voted 4, a single vote */
    s->track[3] = 8;
    assert_int_equal(tbi_msy_tally(s), 1);
    /* Equal tracks: the eldest voter's group. */
    memset(s->track, 5, sizeof s->track);
    memcpy(s->vote, votes2, 7);
    assert_int_equal(tbi_msy_tally(s), 2);
    free(s);
}

/* 2 players: "Randomly create 2 additional groups of cards ... using
 * psychic cards discarded during the game, bringing the total number of
 * groups to 4"; "uses only one of his intuition tokens"; the 3 cards are
 * "placed faceup". */
static void two_players(void **state)
{
    (void)state;
    const char *rows[MSY_KINDS] = {"cook maid butler gardener",
                                   "kitchen library greenhouse chapel",
                                   "dagger poison noose candlestick"};
    msy *s = deal(2, "easy", rows, NULL, 0);
    assert_int_equal(s->psychics, 2);
    for (int h = 0; h < 3; h++)
        hour(s, 0);
    assert_int_equal(s->phase, MSY_GROUPS);
    tb_chance c;
    tb_chance_spec(game(), s, &c);
    assert_int_equal(c.n, 6); /* two leftover cards of each kind */
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    tb_settle(game(), s, &rng);
    assert_int_equal(s->groups, 4);
    for (int k = 0; k < MSY_KINDS; k++) {
        int seen = 0;
        for (int g = 0; g < 4; g++)
            seen |= 1 << s->group[g][k];
        assert_int_equal(seen, 0xf); /* the four cards of the kind */
    }
    char move[64];
    snprintf(move, sizeof move, "culprit 4 %d %d %d", s->hand[0] + 1,
             s->hand[1] + 1, s->hand[2] + 1);
    const char *to_psychic = ts_describe(game(), s, move, 1);
    assert_non_null(strstr(to_psychic, "face up: #"));
    assert_null(strstr(to_psychic, "group 4"));
    ts_play(game(), s, move);
    tb_settle(game(), s, &rng);
    assert_int_equal(tbi_msy_shared_seen(s, 1), 3);
    assert_int_equal(tb_current(game(), s), 1);
    ts_play(game(), s, "vote 4");
    assert_int_equal(tb_current(game(), s), TB_TERMINAL);
    tb_result r;
    tb_result_of(game(), s, &r);
    assert_true(r.team_win);
    assert_int_equal((int)r.team_score, 7);
    free(s);
}

/* 3 players: "Psychics vote openly rather than in secret." */
static void three_players_vote_openly(void **state)
{
    (void)state;
    msy *s = to_epilogue(3, "easy");
    assert_int_equal(s->groups, 4);
    char move[64];
    snprintf(move, sizeof move, "culprit 1 %d %d %d", s->hand[0] + 1,
             s->hand[1] + 1, s->hand[2] + 1);
    ts_play(game(), s, move);
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    tb_settle(game(), s, &rng);
    assert_non_null(strstr(ts_describe(game(), s, "vote 3", 2),
                           "seat 1 votes for group 3"));
    ts_play(game(), s, "vote 3");
    assert_true(ts_view_has(game(), s, 2, "\"1\":3"));
    /* Disagreeing, the eldest's group stands (no track with 3). */
    ts_play(game(), s, "vote 1");
    assert_int_equal(s->chosen, 2);
    free(s);
}

/* ------------------------------------------------------------ hidden */

/* A psychic never sees the ghost's hand or a target not yet found; the
 * ghost sees every target. */
static void psychics_see_no_targets(void **state)
{
    (void)state;
    msy *s = deal(5, "easy", rows4, NULL, 0);
    json_t *v = ts_view(game(), s, 2);
    assert_null(json_object_get(v, "hand"));
    json_t *ps = json_object_get(v, "psychics");
    for (size_t i = 0; i < json_array_size(ps); i++)
        assert_null(json_object_get(json_array_get(ps, i),
                                    "combination_left"));
    json_decref(v);
    v = ts_view(game(), s, 0);
    assert_non_null(json_object_get(v, "hand"));
    json_t *p0 = json_array_get(json_object_get(v, "psychics"), 0);
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(p0, "combination_left"), 0)),
                        "cook");
    json_decref(v);
    free(s);
}

/* Each psychic seat's perception is its own: a view does not change when
 * only another seat's perception differs, a seat's view shows the
 * strengths its own eyes see, and determinizing for a seat keeps its own
 * perception and draws the others' anew. */
static void perception_is_hidden(void **state)
{
    (void)state;
    msy *s = deal(5, "hard", rows4, NULL, 0);
    give_each_one(s);
    msy *o = malloc(sizeof *s);
    memcpy(o, s, sizeof *s);
    for (int m = 0; m < MSY_MOTIFS; m++) /* seat 3's eyes reversed */
        o->percept[3][m] = (uint8_t)(MSY_MOTIFS - 1 - m);
    for (int seat = -1; seat < 5; seat++) {
        json_t *a = ts_view(game(), s, seat), *b = ts_view(game(), o, seat);
        char *ta = json_dumps(a, JSON_SORT_KEYS),
             *tb = json_dumps(b, JSON_SORT_KEYS);
        if (seat == 3)
            assert_string_not_equal(ta, tb);
        else
            assert_string_equal(ta, tb);
        free(ta);
        free(tb);
        json_decref(a);
        json_decref(b);
    }
    /* The ghost sees the print; seat 1 its own eyes. */
    int v = s->vis[0][0], m = __builtin_ctzll(tbi_msy_visions[v]);
    assert_int_equal(tbi_msy_perceived(s, 0, v, m), tbi_msy_strength(v, m));
    json_t *view = ts_view(game(), s, 1);
    json_t *strength = json_object_get(
        json_array_get(json_object_get(json_array_get(
                                           json_object_get(view, "psychics"),
                                           0),
                                       "visions"),
                       0),
        "strength");
    assert_int_equal(json_integer_value(json_array_get(strength, 0)),
                     tbi_msy_perceived(s, 1, v, m));
    json_decref(view);
    /* Determinized for seat 2: its eyes stay, the others' are redrawn. */
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    memcpy(o, s, sizeof *s);
    game()->determinize(o, 2, &rng);
    assert_memory_equal(o->percept[2], s->percept[2], MSY_MOTIFS);
    assert_memory_not_equal(o->percept[1], s->percept[1], MSY_MOTIFS);
    assert_memory_not_equal(o->percept[4], s->percept[4], MSY_MOTIFS);
    /* For the ghost every psychic seat's eyes are redrawn. */
    memcpy(o, s, sizeof *s);
    game()->determinize(o, 0, &rng);
    for (int seat = 1; seat < 5; seat++)
        assert_memory_not_equal(o->percept[seat], s->percept[seat],
                                MSY_MOTIFS);
    free(o);
    free(s);
}

/* The learning tensors (docs/learning.md, Mysterium) hold exactly what
 * each seat sees, which the generic test (tests/test_tensors.c) checks
 * only where random games happen to meet: "A psychic's view ... shows
 * only what its eyes see" and "The ghost ... also sees ... its own hand".
 * Other eyes change only that seat's observation; another hand only the
 * ghost's. */
static void tensors_hold_what_each_seat_sees(void **state)
{
    (void)state;
    msy *s = deal(5, "hard", rows4, NULL, 0);
    give_each_one(s);
    tb_config cfg = ts_config(game(), 5, NULL);
    int size = tb_observation_size(game(), &cfg);
    assert_true(size > 0);
    float *a = malloc((size_t)size * sizeof *a),
          *b = malloc((size_t)size * sizeof *b);
    msy *o = malloc(sizeof *s);
    memcpy(o, s, sizeof *s);
    for (int m = 0; m < MSY_MOTIFS; m++) /* seat 3's eyes reversed */
        o->percept[3][m] = (uint8_t)(MSY_MOTIFS - 1 - m);
    for (int seat = 0; seat < 5; seat++) {
        assert_int_equal(tb_observe(game(), s, seat, a), TB_OK);
        assert_int_equal(tb_observe(game(), o, seat, b), TB_OK);
        int same = memcmp(a, b, (size_t)size * sizeof *a) == 0;
        assert_int_equal(same, seat != 3);
    }
    /* A card of the ghost's hand swapped with one of the pile. */
    memcpy(o, s, sizeof *s);
    uint8_t top = o->deck[o->deck_n - 1];
    o->deck[o->deck_n - 1] = o->hand[0];
    o->hand[0] = top;
    tbi_sort_u8(o->hand, o->hand_n);
    for (int seat = 0; seat < 5; seat++) {
        tb_observe(game(), s, seat, a);
        tb_observe(game(), o, seat, b);
        int same = memcmp(a, b, (size_t)size * sizeof *a) == 0;
        assert_int_equal(same, seat != 0);
    }
    free(a);
    free(b);
    free(o);
    free(s);
}

/* ------------------------------------------------------------ notation */

static void parse_forms(void **state)
{
    (void)state;
    int draw[] = {5, 9, 14, 20, 33, 41, 60};
    msy *s = deal(4, "easy", rows4, draw, 7);
    tb_action a, b;
    char err[256];
    assert_int_equal(tb_parse_action(game(), s, "give 2 9 5", &a, err,
                                     sizeof err), TB_OK);
    assert_int_equal(tb_parse_action(game(), s, "GIVE 2: #5, #9", &b, err,
                                     sizeof err), TB_OK);
    assert_int_equal(a, b);
    ts_refused(game(), s, "give 2 6", "not a vision card in your hand");
    ts_refused(game(), s, "give 9 5", "not a psychic");
    ts_refused(game(), s, "give 2 5 5", "named twice");
    ts_refused(game(), s, "guess cook", "give PSYCHIC");
    give_each_one(s);
    assert_int_equal(tb_parse_action(game(), s, "cook", &a, err, sizeof err),
                     TB_OK);
    assert_int_equal(tb_parse_action(game(), s, "guess Cook", &b, err,
                                     sizeof err), TB_OK);
    assert_int_equal(a, b);
    /* In the sand timer a number names a psychic, never a card. */
    ts_refused(game(), s, "guess 1", "not a character");
    ts_refused(game(), s, "guess kitchen", "not a character");
    free(s);
}

/* The table as seat sees it, in plain text (a static buffer). */
static const char *rendered(const msy *s, int seat)
{
    static char buf[1 << 14];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(game(), s, seat, TB_STYLE_PLAIN, &t);
    return buf;
}

/* Plain English in the messages: "an object", "1 hour left", and an input
 * far longer than any move is told how long a move is. */
static void messages_read_as_english(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    char err[256];
    tb_action a;
    assert_int_equal(tb_parse_action(game(), s, "give 2 1 2 3 4 5 6 7 8 9 10 "
                                     "11 12", &a, err, sizeof err),
                     TB_EPARSE);
    assert_string_equal(err, "14 words are too many for a move: type give "
                             "PSYCHIC CARDS... (at most 9 words: give, a "
                             "psychic and the 7 cards of your hand) or "
                             "discard CARDS...");
    /* Psychic 1 is wrong for three hours, then finds a card an hour: the
     * others are done in hour III, psychic 1 in hour VI. */
    for (int h = 1; h <= 5; h++)
        hour(s, h <= 3 ? 1u : 0u);
    assert_int_equal(s->stage[0], 2);
    assert_non_null(strstr(rendered(s, 1), "now: the ghost gives a vision to "
                                           "psychic 1 (or discards)\n"));
    assert_non_null(strstr(rendered(s, 1), "psychic 1 (seat 1, you): looking "
                                           "for an object"));
    give_each_one(s);
    assert_non_null(strstr(rendered(s, 1), "makes one change (guess an "
                                           "object, "));
    ts_refused(game(), s, "guess cook", "'cook' is not an object on the "
               "table");
    const char *said = "";
    while (s->phase == MSY_TIMER) {
        int i = tbi_msy_guesser(s);
        if (tbi_msy_active(s, i) && s->guess[i] == MSY_NONE) {
            int k = s->stage[i];
            char move[48];
            snprintf(move, sizeof move, "guess %s",
                     tbi_msy_cards[k * MSY_PER_KIND +
                                   s->row[k][s->target[i][k]]].name);
            said = ts_describe(game(), s, move, TB_SPECTATOR);
            ts_play(game(), s, move);
        } else {
            said = ts_describe(game(), s, "done", TB_SPECTATOR);
            ts_play(game(), s, "done");
        }
    }
    assert_non_null(strstr(said, "psychic 1 has found a whole combination "
                                 "(1 hour left)"));
    free(s);
}

/* ------------------------------------------------------------ the bots */

/* The psychic reads its visions: it guesses the candidate that shares the
 * most motifs with them, never a card found by another psychic or one it
 * guessed wrongly. */
static void psychic_reads_motifs(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    give_each_one(s);
    int i = tbi_msy_guesser(s);
    double w[MSY_MAX_SUSPECTS];
    tbi_msy_weights(s, 1, i, w); /* as seat 1's eyes read it */
    int best = 0;
    for (int p = 1; p < s->suspects; p++)
        if (w[p] > w[best])
            best = p;
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    char want[48];
    snprintf(want, sizeof want, "guess %s",
             tbi_msy_cards[s->row[0][best]].name);
    assert_string_equal(ts_heuristic_text(game(), s, 1, &rng), want);
    /* Found or wrongly guessed cards weigh nothing. */
    s->sleeved[0] |= 1u << 4;
    s->wrong[0][0] |= 1u << 3;
    tbi_msy_weights(s, 1, 0, w);
    assert_true(w[4] == 0.0 && w[3] == 0.0);
    free(s);
}

/* The murk is ours (docs/games/mysterium.md, "Design"): the eyes pass
 * over motifs of psychic cards by difficulty and player count, so that
 * every count's medium and hard are near the middle of their bands.
 * Medium passes over 4 motifs of every card (5 on a few) with 4 players
 * but 3 (4 on some) with 6; easy over at most one at any count. */
static void murk_by_player_count(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 7);
    int most[3][MSY_MAX_P + 1] = {{0}}, least[3][MSY_MAX_P + 1];
    for (int d = 0; d < 3; d++)
        for (int p = 2; p <= MSY_MAX_P; p++)
            least[d][p] = 6;
    for (int x = 0; x < 200; x++) {
        uint8_t eye[MSY_MOTIFS];
        tbi_msy_draw_perception(eye, &rng);
        for (int d = 0; d < 3; d++)
            for (int p = 2; p <= MSY_MAX_P; p++)
                for (int k = 0; k < MSY_KINDS; k++)
                    for (int c = 0; c < MSY_PER_KIND; c++) {
                        int seen = 0;
                        for (int m = 0; m < MSY_MOTIFS; m++)
                            seen += tbi_msy_attention(
                                eye, tbi_msy_murk(d, p), k, c, m);
                        int over = 6 - seen;
                        most[d][p] = over > most[d][p] ? over : most[d][p];
                        least[d][p] = over < least[d][p] ? over
                                                         : least[d][p];
                    }
    }
    assert_int_equal(least[MSY_MEDIUM][4], 4);
    assert_int_equal(most[MSY_MEDIUM][4], 5);
    assert_int_equal(least[MSY_MEDIUM][6], 3);
    assert_int_equal(most[MSY_MEDIUM][6], 4);
    for (int p = 2; p <= MSY_MAX_P; p++)
        assert_true(most[MSY_EASY][p] <= 1);
    /* The print (no eyes) shows every motif at any murk. */
    for (int m = 0; m < MSY_MOTIFS; m++)
        assert_int_equal(tbi_msy_attention(NULL, tbi_msy_murk(MSY_HARD, 5),
                                           0, 0, m),
                         (int)(tbi_msy_cards[0].motifs >> m & 1u));
}

/* The psychics are read together: two psychics whose visions point to the
 * same card cannot both hold it, so the weaker reading yields. */
static void beliefs_use_uniqueness(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS], w0[MSY_MAX_SUSPECTS];
    /* Psychic 1 sees a card that fits the Cook best; psychic 2 sees two. */
    int cook = pos_of(s, 0, "cook");
    int best_v = -1, best_margin = 0;
    for (int v = 0; v < MSY_VISIONS; v++) {
        int margin = 99;
        for (int q = 0; q < s->suspects; q++)
            if (q != cook) {
                int d = tbi_msy_reading(s, 0, v, 0, card("cook")) -
                        tbi_msy_reading(s, 0, v, 0, s->row[0][q]);
                margin = d < margin ? d : margin;
            }
        if (margin > best_margin) {
            best_margin = margin;
            best_v = v;
        }
    }
    assert_true(best_v >= 0);
    s->vis[0][s->vis_n[0]++] = (uint8_t)best_v;
    s->vis[1][s->vis_n[1]++] = (uint8_t)best_v;
    s->vis[1][s->vis_n[1]++] = (uint8_t)best_v;
    tbi_msy_weights(s, 0, 0, w0); /* the printed prominences */
    tbi_msy_beliefs(s, 0, p);
    double alone = w0[cook];
    double total = 0.0;
    for (int q = 0; q < s->suspects; q++)
        total += w0[q];
    /* Psychic 1 alone would favour the Cook more than it does beside
     * psychic 2, who favours it more strongly still. */
    assert_true(p[0][cook] < alone / total - 0.05);
    assert_true(p[1][cook] > p[0][cook]);
    for (int i = 0; i < 3; i++) {
        double sum = 0.0;
        for (int q = 0; q < s->suspects; q++)
            sum += p[i][q];
        assert_true(sum > 0.999 && sum < 1.001);
    }
    free(s);
}

/* The ghost foresees the reading only probably (it does not know the
 * psychic's eyes): its vision makes the target the favourite of the
 * psychic, as the psychic's own eyes read it, in most deals, far more
 * often than a card at random would. */
static void ghost_points_to_target(void **state)
{
    (void)state;
    int served = 0, could = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tb_config cfg = ts_config(game(), 4, NULL);
        msy *s = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), s, &rng);
        tb_action a = tbi_msy_heuristic(s, 0, &rng);
        if (MSY_A_KIND(a) != MSY_K_GIVE) {
            free(s);
            continue;
        }
        int i = (int)((a & 0xfffu) >> 7);
        could++;
        tb_apply(game(), s, a);
        double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
        tbi_msy_beliefs(s, tbi_msy_seat_of(s, i), p);
        int t = s->target[i][0], best = 0;
        for (int q = 1; q < s->suspects; q++)
            if (p[i][q] > p[i][best])
                best = q;
        served += best == t;
        free(s);
    }
    assert_true(could >= 20);
    assert_true(served * 10 >= could * 6);
}

/* When no set of its cards gives any waiting psychic a fair chance of
 * reading its target, the ghost discards (on easy, a crow a turn). */
static void ghost_discards_a_useless_hand(void **state)
{
    (void)state;
    msy *s = deal(4, "easy", rows4, NULL, 0);
    /* A hand of cards each pointing (in print) much more strongly to some
     * other character than to any waiting psychic's target. */
    int n = 0;
    for (int v = 0; v < MSY_VISIONS && n < 7; v++) {
        int away = 1;
        for (int i = 0; i < 3 && away; i++) {
            int t = s->row[0][s->target[i][0]], far = 0;
            for (int q = 0; q < s->suspects; q++)
                far |= tbi_msy_reading(s, 0, v, 0, s->row[0][q]) >=
                       tbi_msy_reading(s, 0, v, 0, t) + 4;
            away = far;
        }
        if (away)
            s->hand[n++] = (uint8_t)v;
    }
    assert_int_equal(n, 7);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tb_action a = tbi_msy_heuristic(s, 0, &rng);
    assert_int_equal(MSY_A_KIND(a), MSY_K_DISCARD);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(content_every_motif_used),
        cmocka_unit_test(content_visions_distinct_with_prominence),
        cmocka_unit_test(content_visions_touch_many_cards),
        cmocka_unit_test(content_every_card_reachable),
        cmocka_unit_test(content_psychic_cards),
        cmocka_unit_test(content_overlap_table),
        cmocka_unit_test(setup_difficulty_table),
        cmocka_unit_test(setup_combinations),
        cmocka_unit_test(vision_one_per_psychic_and_refill),
        cmocka_unit_test(vision_reshuffle),
        cmocka_unit_test(crows_by_difficulty),
        cmocka_unit_test(discards_are_secret),
        cmocka_unit_test(sand_timer_open_and_movable),
        cmocka_unit_test(sand_timer_runs_out),
        cmocka_unit_test(sand_timer_no_token_no_guess),
        cmocka_unit_test(manifestation),
        cmocka_unit_test(seventh_hour_lost),
        cmocka_unit_test(clairvoyance_tokens),
        cmocka_unit_test(clairvoyance_tokens_return_at_four),
        cmocka_unit_test(completion_bonus),
        cmocka_unit_test(no_clairvoyance_with_three),
        cmocka_unit_test(epilogue_shared_vision_by_level),
        cmocka_unit_test(tally_tie_breaks),
        cmocka_unit_test(two_players),
        cmocka_unit_test(three_players_vote_openly),
        cmocka_unit_test(psychics_see_no_targets),
        cmocka_unit_test(perception_is_hidden),
        cmocka_unit_test(tensors_hold_what_each_seat_sees),
        cmocka_unit_test(parse_forms),
        cmocka_unit_test(messages_read_as_english),
        cmocka_unit_test(psychic_reads_motifs),
        cmocka_unit_test(murk_by_player_count),
        cmocka_unit_test(beliefs_use_uniqueness),
        cmocka_unit_test(ghost_points_to_target),
        cmocka_unit_test(ghost_discards_a_useless_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
