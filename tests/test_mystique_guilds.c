/*
 * test_mystique_guilds.c - the rules of Mystique Guilds, each test quoting
 * the rule it checks, its options (the open tableau, Variants 1 and 2)
 * and the interpretations of docs/games/mystique-guilds.md.  Positions are
 * set up through the public API by giving the Draw Deck a chosen order:
 * the named cards on top, in order, then the rest ascending.
 */
#include "support.h"

#include "mystique_deck.h"

#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-guilds");
}

/* A game of `players` seats with options opts (NULL-terminated "k=v"
 * texts, or NULL) whose Draw Deck starts with the cards named in top. */
static void *deal(int players, const char *const *opts, const char *top)
{
    tb_config cfg = ts_config(game(), players, opts);
    int ids[TBI_MQ_CARDS];
    int n = ts_mq_cards(top, 0, ids, TBI_MQ_CARDS);
    return ts_deal_first(game(), &cfg, 0, TBI_MQ_CARDS - 1, ids, n);
}

/* Plays the moves of a text separated by commas ("draw,buy 3Rc,stop"). */
static void play_all(void *st, const char *moves)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok(buf, ","); m; m = strtok(NULL, ","))
        ts_play(game(), st, m);
}

/* The JSON text of viewer's view at a path of keys and array indices
 * ("seats", "1", "tableau"). */
static char *view_at(const void *st, int viewer, const char *const *path,
                     int n)
{
    json_t *v = ts_view(game(), st, viewer), *f = v;
    for (int i = 0; i < n && f; i++)
        f = json_is_array(f) ? json_array_get(f, (size_t)atoi(path[i]))
                             : json_object_get(f, path[i]);
    char *text = f ? json_dumps(f, JSON_COMPACT | JSON_ENCODE_ANY |
                                       JSON_SORT_KEYS)
                   : strdup("null");
    json_decref(v);
    return text;
}

static void expect_at(const void *st, int viewer, const char *a, const char *b,
                      const char *c, const char *want)
{
    const char *path[3] = {a, b, c};
    int n = c ? 3 : b ? 2 : 1;
    char *got = view_at(st, viewer, path, n);
    if (strcmp(got, want) != 0)
        fail_msg("%s/%s/%s seen by %d: %s, expected %s", a, b ? b : "",
                 c ? c : "", viewer, got, want);
    free(got);
}

/* "Shuffle the deck and place it face-down in the middle of the table.
 * This is the Draw Deck. Next to it a (now nonexistent) Discard Deck will
 * be created."  Nobody holds a card, so the first player can only draw. */
static void setup_has_no_hands_and_no_discards(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        void *st = deal(players, NULL, NULL);
        assert_int_equal(ts_view_int(game(), st, "draw_deck"), 60);
        expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[]");
        assert_int_equal(tb_current(game(), st), 0);
        assert_string_equal(ts_legal_text(game(), st), "draw");
        free(st);
    }
}

/* "Draw one card from either the Draw Deck or the Discard Deck", and
 * "Players take turns anticlockwise": seat 0, 1, 2 in turn. */
static void draw_from_either_deck(void **state)
{
    (void)state;
    void *st = deal(3, NULL, "5Rs 2Bm 3Yc 1Ra");
    play_all(st, "draw,draw,draw");
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau", "[\"5Rs\"]");
    expect_at(st, TB_SPECTATOR, "seats", "1", "tableau", "[\"2Bm\"]");
    expect_at(st, TB_SPECTATOR, "seats", "2", "tableau", "[\"3Yc\"]");
    /* Seat 0 buys with 5Rs, drawing 1Ra and stopping: 5Rs is discarded. */
    play_all(st, "buy 5Rs,draw,stop");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[\"5Rs\"]");
    assert_int_equal(tb_current(game(), st), 1);
    assert_true(ts_is_legal_text(game(), st, "take 5Rs"));
    ts_play(game(), st, "take");
    expect_at(st, TB_SPECTATOR, "seats", "1", "tableau", "[\"2Bm\",\"5Rs\"]");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[]");
    free(st);
}

/* "Draw one card from either the Draw Deck or the Discard Deck": the
 * Discard Deck gives only its top card, so `take CARD` naming any other
 * card is refused and changes nothing, rather than taking the top card
 * under a text that names another (issue 31: a record saying `take 5Bs`
 * replayed as taking 3Ya). */
static void take_must_name_the_top_card(void **state)
{
    (void)state;
    void *st = deal(3, NULL, "5Rs 2Bm 3Yc 1Ra");
    play_all(st, "draw,draw,draw,buy 5Rs,draw,stop");
    assert_int_equal(tb_current(game(), st), 1);
    /* 2Bm is seat 1's own card; 1Ra lies in seat 0's tableau; 4Ya is in
     * the Draw Deck: none of them is on the Discard Deck. */
    ts_refused(game(), st, "take 2Bm", "top card");
    ts_refused(game(), st, "take 1Ra", "top card");
    ts_refused(game(), st, "take 4Ya", "top card");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[\"5Rs\"]");
    ts_play(game(), st, "take 5rs");
    expect_at(st, TB_SPECTATOR, "seats", "1", "tableau", "[\"2Bm\",\"5Rs\"]");
    free(st);
}

/* "1. Place one of your cards face-up before you. This is the Influence
 * Card.  2. Draw up to as many cards from the Draw Deck as the number on
 * your Influence Card.  3. Place the Influence Card face-up on the
 * Discard Deck." */
static void buying_draws_up_to_the_number(void **state)
{
    (void)state;
    void *st = deal(2, NULL, "3Rc 1Ym 2Ym 3Ym 4Ym 5Ym");
    play_all(st, "draw,draw,buy 3Rc");
    /* The Influence Card lies before the buyer: no longer in her hand. */
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau", "[]");
    expect_at(st, TB_SPECTATOR, "purchase", "influence", NULL, "[\"3Rc\"]");
    /* Nothing drawn yet: stopping would buy nothing. */
    assert_false(ts_is_legal_text(game(), st, "stop"));
    ts_refused(game(), st, "take", "not legal");
    play_all(st, "draw,draw,draw");
    /* The third card ends the purchase by itself. */
    assert_int_equal(tb_current(game(), st), 1);
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau",
              "[\"2Ym\",\"3Ym\",\"4Ym\"]");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[\"3Rc\"]");
    assert_int_equal(ts_view_int(game(), st, "draw_deck"), 55);
    free(st);
}

/* "Draw up to as many cards": the buyer may stop after any card. */
static void buying_may_stop_early(void **state)
{
    (void)state;
    void *st = deal(2, NULL, "5Rc 1Ym 2Ym 3Ym");
    play_all(st, "draw,draw,buy 5Rc,draw,stop");
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau", "[\"2Ym\"]");
    assert_int_equal(tb_current(game(), st), 1);
    /* With the open tableau everyone is told the card drawn. */
    void *fresh = deal(2, NULL, "5Rc 1Ym 2Ym");
    assert_non_null(strstr(ts_describe(game(), fresh, "draw", 1),
                           "seat 0 draws 5Rc from the Draw Deck"));
    free(fresh);
    free(st);
}

/* "If, at any moment, there are no cards left in the Draw Deck, the game
 * ends": also in the middle of a purchase, which then ends with its
 * Influence Card on the Discard Deck. */
static void empty_draw_deck_ends_at_once(void **state)
{
    (void)state;
    void *st = deal(2, NULL, "5Bs");
    ts_play(game(), st, "draw");
    for (int i = 0; i < 56; i++)
        ts_play(game(), st, "draw");
    /* Seat 1 to move; 3 cards left.  Seat 1 buys with a card worth 3 or
     * more and draws them all: the game ends at the last one. */
    assert_int_equal(ts_view_int(game(), st, "draw_deck"), 3);
    assert_int_equal(tb_current(game(), st), 1);
    json_t *v = ts_view(game(), st, 1);
    json_t *mine = json_object_get(
        json_array_get(json_object_get(v, "seats"), 1), "tableau");
    const char *pay = NULL;
    for (size_t i = 0; i < json_array_size(mine); i++) {
        const char *c = json_string_value(json_array_get(mine, i));
        if (c[0] >= '3')
            pay = c;
    }
    assert_non_null(pay);
    char buy[16];
    snprintf(buy, sizeof buy, "buy %s", pay);
    ts_play(game(), st, buy);
    ts_play(game(), st, "draw");
    ts_play(game(), st, "draw");
    assert_int_equal(tb_current(game(), st), 1);
    const char *told = ts_describe(game(), st, "draw", TB_SPECTATOR);
    assert_non_null(strstr(told, "goes onto the Discard Deck"));
    assert_non_null(strstr(told, "the Draw Deck is empty: the game ends"));
    ts_play(game(), st, "draw");
    assert_int_equal(tb_current(game(), st), TB_TERMINAL);
    char want[16];
    snprintf(want, sizeof want, "[\"%s\"]", pay);
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, want);
    json_decref(v);
    free(st);
}

/* Plays a game to its end in which, after the opening moves, the seats
 * draw in turn: seat 0 gets `first0` and then the cards of mine0 in order,
 * seat 1 those of mine1 (the opening's draws come first in each list). */
static void *scripted(const char *top, const char *opening, const char *mine0,
                      const char *mine1, int s1_first)
{
    int a[TBI_MQ_CARDS], b[TBI_MQ_CARDS], ids[TBI_MQ_CARDS];
    int na = ts_mq_cards(mine0, 0, a, TBI_MQ_CARDS);
    int nb = ts_mq_cards(mine1, 0, b, TBI_MQ_CARDS);
    int n = ts_mq_cards(top, 0, ids, TBI_MQ_CARDS);
    /* After the opening, turns alternate from s1_first's seat. */
    int i = 0, j = 0;
    while (i < na || j < nb) {
        int take_b = s1_first ? (j <= i) : (j < i);
        if (take_b && j < nb)
            ids[n++] = b[j++];
        else if (i < na)
            ids[n++] = a[i++];
        else
            ids[n++] = b[j++];
    }
    assert_int_equal(n, TBI_MQ_CARDS);
    tb_config cfg = ts_config(game(), 2, NULL);
    void *st = ts_deal_first(game(), &cfg, 0, TBI_MQ_CARDS - 1, ids, n);
    play_all(st, opening);
    while (tb_current(game(), st) >= 0)
        ts_play(game(), st, "draw");
    return st;
}

/* Checks a finished 2-player game's points, ranks and card counts. */
static void expect_end(const void *st, int points0, int points1, int rank0,
                       int rank1, const char *cards0, const char *cards1)
{
    tb_result r;
    tb_result_of(game(), st, &r);
    assert_int_equal((int)r.score[0], points0);
    assert_int_equal((int)r.score[1], points1);
    assert_int_equal(r.rank[0], rank0);
    assert_int_equal(r.rank[1], rank1);
    expect_at(st, TB_SPECTATOR, "seats", "0", "cards", cards0);
    expect_at(st, TB_SPECTATOR, "seats", "1", "cards", cards1);
}

/* The ten guilds other than yellow moons and blue suns: seat 0 takes the
 * 1, 3 and 5 (a total of 9) of the first `mine` of them and the 2 and 4
 * (6) of the rest; seat 1 the others. */
static void split_guilds(int mine, char *s0, char *s1, size_t cap)
{
    static const char *const guilds[10] = {"Rm", "Bm", "Ys", "Rs", "Ya",
                                           "Ra", "Ba", "Yc", "Rc", "Bc"};
    s0[0] = s1[0] = '\0';
    for (int g = 0; g < 10; g++)
        for (int num = 1; num <= 5; num++) {
            char card[16];
            snprintf(card, sizeof card, " %d%s", num, guilds[g]);
            int odd = num % 2 == 1;
            strncat((g < mine) == odd ? s0 : s1, card, cap - strlen(s0) - 1);
        }
}

/* "The player with the highest total value for any given guild controls
 * that guild and scores 1 point ... If two or more players have the same
 * total value for a guild, none of them scores for it.  The guild of blue
 * suns is special, and scores 2 points"; "Ties for first place are broken
 * by the lowest number of cards."  Seat 0 buys with 1Ym, so yellow moons
 * split 2+5 against 3+4 (a tie: nobody scores); seat 0 holds the 1, 3 and
 * 5 of blue suns (2 points) and four guilds, seat 1 six: 6 points each,
 * and seat 0 wins with 29 cards against 30. */
static void guilds_blue_suns_and_the_card_tiebreak(void **state)
{
    (void)state;
    char s0[512], s1[512], mine0[600], mine1[600];
    split_guilds(4, s0, s1, sizeof s0);
    snprintf(mine0, sizeof mine0, "2Ym 5Ym 1Bs 3Bs 5Bs%s", s0);
    snprintf(mine1, sizeof mine1, "3Ym 4Ym 2Bs 4Bs%s", s1);
    /* Opening: seat 0 draws 1Ym, seat 1 3Ym, seat 0 buys with 1Ym and
     * draws 2Ym; then seat 1 draws first. */
    void *st = scripted("1Ym 3Ym 2Ym", "draw,draw,buy 1Ym",
                        mine0 + 4, /* 2Ym is drawn in the opening */
                        mine1 + 4, /* 3Ym too */ 1);
    expect_end(st, 6, 6, 1, 2, "29", "30");
    free(st);
}

/* "If a tie persists, then play again": level in points and in cards, the
 * two seats share first place.  Both buy with an ace (1Ym, 1Bs), so yellow
 * moons and blue suns tie; each controls five other guilds. */
static void a_persisting_tie_is_shared(void **state)
{
    (void)state;
    char s0[512], s1[512], mine0[600], mine1[600];
    split_guilds(5, s0, s1, sizeof s0);
    snprintf(mine0, sizeof mine0, "2Ym 5Ym 2Bs 5Bs%s", s0);
    snprintf(mine1, sizeof mine1, "3Ym 4Ym 3Bs 4Bs%s", s1);
    void *st = scripted("1Ym 1Bs", "draw,draw,buy 1Ym,draw,buy 1Bs,draw",
                        mine0, mine1, 0);
    expect_end(st, 5, 5, 1, 1, "29", "29");
    free(st);
}

/* "Variant 1: Cards can be bought from both decks": with both-decks, a
 * purchase may take the Discard Deck's top card too. */
static void variant_1_buys_from_the_discard_deck(void **state)
{
    (void)state;
    const char *on[] = {"both-decks=on", NULL};
    void *st = deal(2, on, "5Rs 4Bm 2Ya 1Yc 3Rc");
    play_all(st, "draw,draw,buy 5Rs,draw,stop");
    /* Seat 1 buys with 4Bm: it may take 5Rs from the Discard Deck. */
    play_all(st, "buy 4Bm,take 5Rs,draw,stop");
    expect_at(st, TB_SPECTATOR, "seats", "1", "tableau", "[\"5Rs\",\"1Yc\"]");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[\"4Bm\"]");
    /* Without the variant, a purchase only draws. */
    void *plain = deal(2, NULL, "5Rs 4Bm 2Ya 1Yc 3Rc");
    play_all(plain, "draw,draw,buy 5Rs,draw,stop,buy 4Bm");
    assert_false(ts_is_legal_text(game(), plain, "take 5Rs"));
    free(plain);
    free(st);
}

/* "Variant 2: You can buy cards from another player. Both players must
 * agree on the cards being exchanged. Give the Influence Card to that
 * player, instead of discarding it."  The buyer asks for cards of the
 * seller's tableau; the seller, to move in the middle of the buyer's
 * turn, accepts or declines. */
static void variant_2_offer_accepted(void **state)
{
    (void)state;
    const char *on[] = {"from-players=on", NULL};
    void *st = deal(3, on, "3Rc 5Bs 1Ym 2Ya 4Ya 2Rm");
    play_all(st, "draw,draw,draw,draw,draw,draw,buy 3Rc");
    /* Every card of another player may be asked for. */
    assert_true(ts_is_legal_text(game(), st, "ask 5Bs"));
    assert_true(ts_is_legal_text(game(), st, "ask 1Ym"));
    ts_play(game(), st, "ask 5Bs");
    /* Further asks come from the same seller, seat 1. */
    assert_false(ts_is_legal_text(game(), st, "ask 1Ym"));
    const char *told = ts_describe(game(), st, "offer", 2);
    assert_non_null(strstr(told, "seat 0 offers 3Rc to seat 1 for 5Bs; seat 1 "
                                 "accepts or declines"));
    ts_play(game(), st, "offer");
    assert_int_equal(tb_current(game(), st), 1);
    assert_string_equal(ts_legal_text(game(), st), "accept decline");
    ts_play(game(), st, "accept");
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau", "[\"5Bs\",\"2Ya\"]");
    expect_at(st, TB_SPECTATOR, "seats", "1", "tableau", "[\"4Ya\",\"3Rc\"]");
    expect_at(st, TB_SPECTATOR, "discard_deck", NULL, NULL, "[]");
    assert_int_equal(tb_current(game(), st), 1); /* seat 1's own turn */
    free(st);
}

/* A declined offer returns the Influence Card to the buyer, whose turn
 * goes on; she may not ask the same player again this turn. */
static void variant_2_offer_declined(void **state)
{
    (void)state;
    const char *on[] = {"from-players=on", NULL};
    void *st = deal(3, on, "3Rc 5Bs 1Ym 2Ya 4Ya 2Rm");
    play_all(st, "draw,draw,draw,draw,draw,draw,buy 3Rc,ask 5Bs,offer,decline");
    assert_int_equal(tb_current(game(), st), 0);
    expect_at(st, TB_SPECTATOR, "seats", "0", "tableau", "[\"2Ya\",\"3Rc\"]");
    expect_at(st, TB_SPECTATOR, "declined", NULL, NULL, "[1]");
    ts_play(game(), st, "buy 3Rc");
    assert_false(ts_is_legal_text(game(), st, "ask 5Bs"));
    assert_true(ts_is_legal_text(game(), st, "ask 1Ym"));
    /* Once nothing more can be asked (the Influence Card's number, or
     * every card of the seller) the offer is made at once. */
    ts_play(game(), st, "ask 1Ym");
    assert_int_equal(tb_current(game(), st), 0);
    ts_play(game(), st, "ask 2Rm");
    assert_int_equal(tb_current(game(), st), 2);
    free(st);
}

/* Variant 2 names the cards asked for, so it needs the open tableau. */
static void variant_2_needs_the_open_tableau(void **state)
{
    (void)state;
    tb_config cfg;
    char err[256];
    tb_config_default(game(), 2, &cfg);
    assert_int_equal(tb_config_set(game(), &cfg, "from-players", "on", err,
                                   sizeof err), TB_OK);
    assert_int_equal(tb_config_set(game(), &cfg, "open", "off", err,
                                   sizeof err), TB_OK);
    assert_int_equal(tb_config_check(game(), &cfg, err, sizeof err),
                     TB_EINVAL);
    assert_non_null(strstr(err, "needs open=on"));
}

/* "It is recommended to play with your hand cards on the table in a
 * face-up tableau" is the default; with open=off a hand is secret, but a
 * card taken from the Discard Deck was seen by all, and determinize keeps
 * it where it is. */
static void secret_hands_keep_taken_cards_known(void **state)
{
    (void)state;
    const char *off[] = {"open=off", NULL};
    void *st = deal(2, off, "5Rs 4Bm 2Ya 1Yc");
    play_all(st, "draw,draw,buy 5Rs,draw,stop,take 5Rs");
    expect_at(st, 0, "seats", "1", "seen", "[\"5Rs\"]");
    expect_at(st, 0, "seats", "1", "cards", "2");
    expect_at(st, 0, "seats", "1", "tableau", "null");
    expect_at(st, 1, "seats", "1", "tableau", "[\"4Bm\",\"5Rs\"]");
    /* Seat 0 was told a card was drawn, not which. */
    void *again = deal(2, off, "5Rs 4Bm");
    ts_play(game(), again, "draw");
    assert_non_null(strstr(ts_describe(game(), again, "draw", 0),
                           "seat 1 draws a card from the Draw Deck"));
    free(again);
    void *det = tb_state_new(game());
    tb_rng rng;
    tb_rng_seed(&rng, 9);
    for (int i = 0; i < 20; i++) {
        memcpy(det, st, game()->state_size);
        tb_determinize(game(), det, 0, &rng);
        json_t *v = ts_view(game(), det, 1);
        char *t = json_dumps(json_object_get(json_array_get(json_object_get(v, "seats"),
                                                      1), "tableau"),
                       JSON_COMPACT);
        assert_non_null(strstr(t, "5Rs"));
        free(t);
        json_decref(v);
    }
    free(det);
    free(st);
}

/* With secret hands, "draw" shows the table that a card was drawn, not
 * which: two games that differ only in the card seat 0 drew are the same
 * to seat 1, so its information set (the state determinized for it, which
 * search and the learning tensors read) must not hold the card, though
 * the Draw Deck and the last turn remembered it. */
static void secret_draw_is_not_kept_for_others(void **state)
{
    (void)state;
    const char *off[] = {"open=off", NULL};
    void *a = deal(2, off, "5Rs 4Bm"), *b = deal(2, off, "4Bm 5Rs");
    ts_play(game(), a, "draw");
    ts_play(game(), b, "draw");
    void *scratch = tb_state_new(game());
    assert_true(tb_infoset_key(game(), a, 1, scratch) ==
                tb_infoset_key(game(), b, 1, scratch));
    assert_true(tb_infoset_key(game(), a, 0, scratch) !=
                tb_infoset_key(game(), b, 0, scratch));
    free(scratch);
    free(a);
    free(b);
}

/* Variant 1 lets purchases go on from the Discard Deck alone, so the Draw
 * Deck need never shrink: after 60 turns in a row without a card leaving
 * it the game ends and is scored (an interpretation). */
static void stalled_game_ends_after_60_turns(void **state)
{
    (void)state;
    const char *on[] = {"both-decks=on", NULL};
    void *st = deal(2, on, "1Rs 1Bm 2Ya");
    play_all(st, "draw,draw,buy 1Rs,draw");
    /* Seat 1 on: each turn, buy with an ace and take the Discard Deck's
     * top card, which the Draw Deck never feels. */
    int turns = 0;
    while (tb_current(game(), st) >= 0) {
        int p = tb_current(game(), st);
        json_t *v = ts_view(game(), st, p);
        json_t *mine = json_object_get(
            json_array_get(json_object_get(v, "seats"), (size_t)p), "tableau");
        char buy[16];
        snprintf(buy, sizeof buy, "buy %s",
                 json_string_value(json_array_get(mine, 0)));
        json_decref(v);
        ts_play(game(), st, buy);
        ts_play(game(), st, "take");
        if (tb_current(game(), st) == p)
            ts_play(game(), st, "stop");
        turns++;
        assert_true(turns <= 60);
    }
    assert_int_equal(turns, 60);
    assert_int_equal(ts_view_int(game(), st, "draw_deck"), 57);
    expect_at(st, TB_SPECTATOR, "stalled_out", NULL, NULL, "true");
    free(st);
}

/* The heuristic draws the Draw Deck's last card, ending the game, when
 * that wins, and otherwise takes from the Discard Deck to go on (an
 * interpretation of how a decent player plays).  Checked
 * on several deals against the true outcome of that draw (with the open
 * tableau the last card is the one card nobody holds or discarded). */
static void heuristic_ends_only_when_it_wins(void **state)
{
    (void)state;
    tb_config cfg = ts_config(game(), 2, NULL);
    int wins = 0, losses = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        void *st = ts_new_game(game(), &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        tb_settle(game(), st, &rng);
        /* Seat 0 buys with its first card and stops after one, so the
         * Discard Deck holds a card; then everyone draws. */
        json_t *v;
        play_all(st, "draw,draw");
        v = ts_view(game(), st, 0);
        char buy[16];
        snprintf(buy, sizeof buy, "buy %s",
                 json_string_value(json_array_get(json_object_get(
                     json_array_get(json_object_get(v, "seats"), 0),
                     "tableau"), 0)));
        json_decref(v);
        play_all(st, buy);
        ts_play(game(), st, "draw");
        if (tb_current(game(), st) == 0)
            ts_play(game(), st, "stop");
        while (ts_view_int(game(), st, "draw_deck") > 1)
            ts_play(game(), st, "draw");
        int p = tb_current(game(), st);
        void *probe = tb_state_new(game());
        memcpy(probe, st, game()->state_size);
        ts_play(game(), probe, "draw");
        tb_result r;
        tb_result_of(game(), probe, &r);
        int win = r.rank[p] == 1 && r.rank[1 - p] == 2;
        const char *pick = ts_heuristic_text(game(), st, p, &rng);
        if (win) {
            assert_string_equal(pick, "draw");
            wins++;
        } else {
            /* Any purchase would draw the last card too. */
            assert_int_equal(strncmp(pick, "take", 4), 0);
            losses++;
        }
        free(probe);
        free(st);
    }
    assert_true(wins > 0 && losses > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setup_has_no_hands_and_no_discards),
        cmocka_unit_test(draw_from_either_deck),
        cmocka_unit_test(take_must_name_the_top_card),
        cmocka_unit_test(buying_draws_up_to_the_number),
        cmocka_unit_test(buying_may_stop_early),
        cmocka_unit_test(empty_draw_deck_ends_at_once),
        cmocka_unit_test(guilds_blue_suns_and_the_card_tiebreak),
        cmocka_unit_test(a_persisting_tie_is_shared),
        cmocka_unit_test(variant_1_buys_from_the_discard_deck),
        cmocka_unit_test(variant_2_offer_accepted),
        cmocka_unit_test(variant_2_offer_declined),
        cmocka_unit_test(variant_2_needs_the_open_tableau),
        cmocka_unit_test(secret_hands_keep_taken_cards_known),
        cmocka_unit_test(secret_draw_is_not_kept_for_others),
        cmocka_unit_test(stalled_game_ends_after_60_turns),
        cmocka_unit_test(heuristic_ends_only_when_it_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
