/*
 * test_mystique_chain.c - the rules of Mystique Chain, each test quoting
 * the rule it checks, both readings of "follow" (the match option), and
 * the solver: it agrees with an exhaustive search through the game's own
 * rules, and over 1,000 games against other bots it never loses a
 * position it has proven won; and the default ISMCTS plays the solver's
 * proven wins (tb_game.solve).
 *
 * Deals are set up through the public API: deck[0..30) is the pool,
 * deck[30] seat 0's drawn card, deck[31] seat 1's, the rest is flipped
 * out of play.
 */
#include "support.h"

#include "../src/games/mystique_chain/chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tb_game *game(void)
{
    return tb_find_game("mystique-chain");
}

/* The pool: the cards named in `named`, then the lowest cards for which
 * keep() holds, up to 30; seat 0 draws card0 and seat 1 card1. */
static void *deal(const char *match, const char *named, int (*keep)(int),
                  const char *card0, const char *card1)
{
    char opt[64];
    snprintf(opt, sizeof opt, "match=%s", match);
    const char *const opts[] = {opt, NULL};
    tb_config cfg = ts_config(game(), 2, opts);
    void *st = ts_new_game(game(), &cfg);
    int ids[60], n = ts_mq_cards(named, 0, ids, 30), used[60] = {0};
    uint16_t deck[60];
    int drawn[2] = {ts_mq_card(card0), ts_mq_card(card1)};
    used[drawn[0]] = used[drawn[1]] = 1;
    for (int i = 0; i < n; i++) {
        assert_false(used[ids[i]]);
        used[ids[i]] = 1;
        deck[i] = (uint16_t)ids[i];
    }
    for (int id = 0; id < 60 && n < 30; id++)
        if (!used[id] && (!keep || keep(id))) {
            used[id] = 1;
            deck[n++] = (uint16_t)id;
        }
    assert_int_equal(n, 30);
    deck[30] = (uint16_t)drawn[0];
    deck[31] = (uint16_t)drawn[1];
    int k = 32;
    for (int id = 0; id < 60; id++)
        if (!used[id])
            deck[k++] = (uint16_t)id;
    assert_int_equal(k, 60);
    assert_int_equal(tb_apply_chance(game(), st, deck, 60), TB_OK);
    return st;
}

static int no_crowns(int id)
{
    return tbi_mq_suit(id) != TBI_MQ_CROWNS;
}

/* The deal of the booklet's example, 2Yc against 1Ba with no crowns in
 * the pool, after seat 0 has declared twos. */
static void *twos_declared(const char *match)
{
    void *st = deal(match, NULL, no_crowns, "2Yc", "1Ba");
    ts_play(game(), st, "2Yc twos");
    return st;
}

static int no_crowns_no_twos(int id)
{
    return no_crowns(id) && tbi_mq_number(id) != 2;
}

/* "Shuffle the deck, then reveal 30 of the cards, face-up ... This is the
 * pool.  Each player draws a card from the deck.  The player whose card
 * has a lower card number puts it face-up on the table to form a discard
 * pile, then flips the rest of the deck (28 cards) face-up onto the new
 * discard pile.  The other player plays her card onto the discard pile,
 * then declares one of the attributes." */
static void the_higher_card_declares_first(void **state)
{
    (void)state;
    void *st = deal("declared", NULL, no_crowns, "2Yc", "1Ba");
    const tb_game *g = game();
    json_t *v = ts_view(g, st, 1);
    assert_int_equal(json_array_size(json_object_get(v, "pool")), 30);
    assert_int_equal(json_array_size(json_object_get(v, "out_of_play")), 28);
    assert_int_equal(json_integer_value(json_object_get(v, "first")), 0);
    json_decref(v);
    /* 2Yc is card 47, 1Ba card 41: seat 0 declares, with its own card. */
    assert_int_equal(tb_current(g, st), 0);
    assert_string_equal(ts_describe(g, st, "2Yc twos", 1),
                        "seat 0 plays its drawn card 2Yc on seat 1's lower "
                        "1Ba and declares twos\n");
    free(st);
}

/* "Example: 2 (2 of yellow crowns) could be followed by any 2, any
 * yellow, or any crown.  If there are no crowns in the pool, you couldn't
 * choose the suit as the attribute for your opponent to follow." */
static void the_friendly_first_declaration(void **state)
{
    (void)state;
    void *st = deal("declared", NULL, no_crowns, "2Yc", "1Ba");
    const tb_game *g = game();
    assert_string_equal(ts_legal_text(g, st), "2Yc twos 2Yc yellows");
    assert_int_equal(ts_refused(g, st, "2Yc crowns", "a pool card follows"),
                     TB_EPARSE);
    /* The card may be left out: it is always one's own. */
    ts_play(g, st, "yellows");
    assert_int_equal(tb_current(g, st), 1);
    free(st);
}

/* "On your turn, find a card in the pool that matches the declared
 * attribute of the card your opponent just played.  Play it onto the
 * discard, and announce one of its attributes that your opponent must
 * follow."  The default reading (match=declared): any card with the
 * declared trait, even one sharing more with the card before ("any 2":
 * 2Ym shares the 2 and the yellow with 2Yc). */
static void follow_the_declared_attribute(void **state)
{
    (void)state;
    void *st = twos_declared("declared");
    const tb_game *g = game();
    /* The pool holds the twos of moons and suns in each colour. */
    assert_true(ts_is_legal_text(g, st, "2Ym twos"));
    assert_true(ts_is_legal_text(g, st, "2Ym yellows"));
    assert_true(ts_is_legal_text(g, st, "2Bs suns"));
    assert_false(ts_is_legal_text(g, st, "3Ym yellows"));
    tb_action a[TB_MAX_ACTIONS];
    assert_int_equal(tb_legal(g, st, a), 6 * 3);
    assert_int_equal(ts_refused(g, st, "3Ym yellows",
                                "3Ym is not one of the twos to follow"),
                     TB_EPARSE);
    assert_int_equal(ts_refused(g, st, "2Ym crowns", "2Ym has no crowns"),
                     TB_EPARSE);
    assert_int_equal(ts_refused(g, st, "twos", "several cards fit"),
                     TB_EPARSE);
    ts_play(g, st, "2Bs suns");
    assert_string_equal(ts_describe(g, st, "5Ys suns", 0),
                        "seat 0 takes 5Ys from the pool and declares suns\n");
    free(st);
}

/* The other reading (match=exactly-one): "Find cards that share exactly
 * one attribute with the card taken before."  After 2Yc declared as twos,
 * 2Ym and 2Ys (which are yellow too) may not follow. */
static void follow_exactly_one_attribute(void **state)
{
    (void)state;
    void *st = twos_declared("exactly-one");
    const tb_game *g = game();
    assert_string_equal(ts_legal_text(g, st),
                        "2Rm twos 2Rm moons 2Rm reds 2Bm twos 2Bm moons 2Bm "
                        "blues 2Rs twos 2Rs suns 2Rs reds 2Bs twos 2Bs suns "
                        "2Bs blues");
    assert_int_equal(ts_refused(g, st, "2Ym twos", "2Ym shares more than "
                                "twos with 2Yc (match=exactly-one)"), TB_EPARSE);
    free(st);
}

/* "If you cannot find a card in the pool that matches the declared
 * attribute of the card your opponent just played, you lose the game!"
 * The pool's only 2 is 2Rm: seat 1 takes it and declares twos. */
static void who_cannot_follow_loses(void **state)
{
    (void)state;
    void *st = deal("declared", "2Rm", no_crowns_no_twos, "2Yc", "1Ba");
    const tb_game *g = game();
    ts_play(g, st, "2Yc twos");
    assert_string_equal(ts_describe(g, st, "2Rm twos", 0),
                        "seat 1 takes 2Rm from the pool and declares twos\n"
                        "seat 0 cannot follow twos after 2Rm: no such card "
                        "is left in the pool\nseat 1 wins\n");
    ts_play(g, st, "2Rm twos");
    assert_int_equal(tb_current(g, st), TB_TERMINAL);
    tb_result r;
    tb_result_of(g, st, &r);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.rank[0], 2);
    free(st);
}

/* Cards sharing no attribute or two with 5Bc: a pool of them leaves no
 * friendly declaration under match=exactly-one. */
static int shares_none_or_two_with_5bc(int id)
{
    int k = tbi_mq_shared_attrs(id, 59);
    return k == 0 || k == 2;
}

/* Interpretation: under match=exactly-one a pool can hold no card sharing
 * exactly one attribute with the higher card; the friendly declaration
 * "must be an attribute for which there is a card in the pool that
 * matches" is then impossible, and the deal is void and made again (a new
 * chance node).  Under match=declared it cannot happen: only 24 cards
 * share nothing with a given card, and the pool holds 30. */
static void a_deal_with_no_friendly_declaration_is_made_again(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal("exactly-one", NULL, shares_none_or_two_with_5bc, "1Ym",
                    "5Bc");
    assert_int_equal(tb_current(g, st), TB_CHANCE);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    tb_settle(g, st, &rng);
    assert_int_equal(tb_current(g, st), ((chain_state *)st)->first);
    free(st);
    st = deal("declared", NULL, shares_none_or_two_with_5bc, "1Ym", "5Bc");
    assert_int_equal(tb_current(g, st), 1);
    free(st);
}

/* Everything is public after the deal: every seat sees the same, and
 * determinize changes nothing. */
static void nothing_is_hidden(void **state)
{
    (void)state;
    const tb_game *g = game();
    void *st = deal("declared", NULL, no_crowns, "2Yc", "1Ba");
    char *a = tb_view_json(g, st, 0), *b = tb_view_json(g, st, 1);
    assert_string_equal(a, b);
    free(a);
    free(b);
    assert_false(g->flags & TB_GAME_HIDDEN);
    free(st);
}

/* The heuristic takes a win on the spot, and otherwise does not leave the
 * opponent one. */
static void heuristic_kills_and_avoids_kills(void **state)
{
    (void)state;
    const tb_game *g = game();
    tb_rng rng;
    tb_rng_seed(&rng, 2);
    void *st = deal("declared", "2Rm", no_crowns_no_twos, "2Yc", "1Ba");
    ts_play(g, st, "2Yc twos");
    assert_string_equal(ts_heuristic_text(g, st, 1, &rng), "2Rm twos");
    free(st);
    /* Random positions: whenever a move wins on the spot the heuristic
     * takes one, and it never leaves a kill when it need not. */
    for (int d = 0; d < 200; d++) {
        tb_config cfg = ts_config(g, 2, NULL);
        st = ts_new_game(g, &cfg);
        tb_rng_seed(&rng, (uint64_t)d);
        tb_settle(g, st, &rng);
        while (tb_current(g, st) >= 0) {
            chain_state *s = st;
            tb_action list[TB_MAX_ACTIONS];
            int n = tb_legal(g, st, list), kill = 0, safe = 0;
            for (int i = 0; i < n; i++) {
                chain_state c = *s;
                g->apply(&c, list[i]);
                if (c.phase == CHAIN_OVER) {
                    kill = 1;
                    continue;
                }
                int gives = 0;
                tb_action reply[TB_MAX_ACTIONS];
                int m = tb_legal(g, &c, reply);
                for (int j = 0; j < m; j++) {
                    chain_state d2 = c;
                    g->apply(&d2, reply[j]);
                    gives |= d2.phase == CHAIN_OVER;
                }
                safe |= !gives;
            }
            tb_action a = g->heuristic(st, tb_current(g, st), &rng);
            chain_state after = *s;
            g->apply(&after, a);
            if (kill)
                assert_int_equal(after.phase, CHAIN_OVER);
            else if (safe) {
                tb_action reply[TB_MAX_ACTIONS];
                int m = tb_legal(g, &after, reply);
                for (int j = 0; j < m; j++) {
                    chain_state d2 = after;
                    g->apply(&d2, reply[j]);
                    assert_int_not_equal(d2.phase, CHAIN_OVER);
                }
            }
            tb_apply(g, st, list[tb_rng_below(&rng, (uint32_t)n)]);
        }
        free(st);
    }
}

/* ---------------------------------------------------------------- solver */

/* Whether the seat to move wins, by trying every move through the
 * game's own legal() and apply(): the solver's reference. */
static int exhaustive(const chain_state *s)
{
    const tb_game *g = game();
    tb_action list[TB_MAX_ACTIONS];
    int n = g->legal(s, list);
    for (int i = 0; i < n; i++) {
        chain_state c = *s;
        g->apply(&c, list[i]);
        if (c.phase == CHAIN_OVER || !exhaustive(&c))
            return 1;
    }
    return 0;
}

/* Plays k random moves of a new deal; NULL when the game ended. */
static void *position_after(const char *match, uint64_t seed, int k)
{
    const tb_game *g = game();
    char opt[64];
    snprintf(opt, sizeof opt, "match=%s", match);
    const char *const opts[] = {opt, NULL};
    tb_config cfg = ts_config(g, 2, opts);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    tb_settle(g, st, &rng);
    for (int i = 0; i < k && tb_current(g, st) >= 0; i++) {
        tb_action list[TB_MAX_ACTIONS];
        int n = tb_legal(g, st, list);
        tb_apply(g, st, list[tb_rng_below(&rng, (uint32_t)n)]);
    }
    if (tb_current(g, st) < 0) {
        free(st);
        return NULL;
    }
    return st;
}

/* The solver's verdict equals the exhaustive search's, in both readings,
 * and the move it returns for a won position wins. */
static void solver_agrees_with_exhaustive_search(void **state)
{
    (void)state;
    const tb_game *g = game();
    chain_solver *sv = chain_solver_new(16);
    assert_non_null(sv);
    static const char *const matches[] = {"declared", "exactly-one"};
    static const int depth[] = {17, 15};
    for (int m = 0; m < 2; m++) {
        int won = 0, positions = 0;
        for (uint64_t seed = 0; seed < 160; seed++) {
            chain_state *s = position_after(matches[m], seed, depth[m]);
            if (!s)
                continue;
            int outcome;
            tb_action a = chain_solver_move(sv, s, 1L << 40, &outcome);
            int truth = exhaustive(s);
            assert_int_equal(outcome, truth ? CHAIN_WON : CHAIN_LOST);
            if (truth) {
                chain_state c = *s;
                g->apply(&c, a);
                assert_true(c.phase == CHAIN_OVER || !exhaustive(&c));
            }
            won += truth;
            positions++;
            free(s);
        }
        /* Enough of both kinds to mean something. */
        assert_true(positions >= 80);
        assert_true(won >= 10 && positions - won >= 10);
    }
    chain_solver_free(sv);
}

/* The first declaration of a pool cut down to its first `keep` cards
 * (the retrograde table of a whole pool would be 2 GB). */
static chain_state *first_declaration_small(uint64_t seed, int keep)
{
    chain_state *s = position_after("declared", seed, 0);
    uint64_t pool = 0;
    for (uint64_t m = s->pool; m && keep; m &= m - 1, keep--)
        pool |= m & -m;
    s->pool = pool;
    return s;
}

/*
 * The retrograde solver (retro.c) agrees with df-pn on every position
 * tried: pools of 1 to 22 cards after random moves (above 20 cards the
 * table is solved block by block), and first declarations on pools cut
 * down to as many (the root rule: the declarer's own card, a trait
 * some pool card has).  Every kernel: AVX-512 and AVX2 where the
 * processor has them, and the portable one.
 */
static void retrograde_agrees_with_df_pn(void **state)
{
    (void)state;
    chain_solver *sv = chain_solver_new(18);
    chain_retro *retro[3];
    for (int kernel = 0; kernel < 3; kernel++) {
        retro[kernel] = chain_retro_new(22, kernel);
        assert_non_null(retro[kernel]);
    }
    assert_non_null(sv);
    int positions = 0, won = 0;
    for (uint64_t seed = 0; seed < 260; seed++) {
        /* Mostly pools of 12-18 cards; one in ten of 21 or 22, one in
         * ten of 1-6 (fewer cards than a vector's lanes need). */
        int cards = seed % 10 == 9   ? 21 + (int)(seed / 10 % 2)
                    : seed % 10 == 5 ? 1 + (int)(seed / 10 % 6)
                                     : 12 + (int)(seed / 2 % 7);
        chain_state *s = seed % 4 == 3
                             ? first_declaration_small(seed, cards)
                             : position_after("declared", seed, 31 - cards);
        if (!s)
            continue;
        int truth = chain_solver_outcome(sv, s, 1L << 40);
        assert_int_not_equal(truth, CHAIN_UNKNOWN);
        for (int kernel = 0; kernel < 3; kernel++)
            if (chain_retro_outcome(retro[kernel], s) != truth)
                fail_msg("seed %llu (pool of %d, %d links, kernel %d): "
                         "df-pn says %s", (unsigned long long)seed,
                         __builtin_popcountll(s->pool), s->links, kernel,
                         truth == CHAIN_WON ? "won" : "lost");
        positions++;
        won += truth == CHAIN_WON;
        free(s);
    }
    assert_true(positions >= 200);
    assert_true(won >= 40 && positions - won >= 40);
    /* Not its reading, nor a pool larger than its table. */
    chain_state *s = position_after("exactly-one", 1, 10);
    assert_int_equal(chain_retro_outcome(retro[0], s), CHAIN_UNKNOWN);
    free(s);
    s = position_after("declared", 1, 2);
    assert_int_equal(chain_retro_outcome(retro[0], s), CHAIN_UNKNOWN);
    free(s);
    for (int kernel = 0; kernel < 3; kernel++)
        chain_retro_free(retro[kernel]);
    chain_solver_free(sv);
}

/*
 * 1,000 games between the `solver` seat and other bots (random,
 * heuristic, greedy, ISMCTS without the solver's help, which would
 * make it slow here), the solver in either seat.  Both seats are
 * played by the other bot until the pool is down to 22 cards (a whole
 * deal can take the solver far longer to prove than a test may run: see
 * docs/games/mystique-chain.md); from then on the solver plays its seat,
 * and once it has a position it has proven won, it must win the game.
 */
static void solver_never_loses_a_won_position(void **state)
{
    (void)state;
    const tb_game *g = game();
    static const char *const others[] = {"random", "heuristic", "greedy",
                                         "ismcts:iters=30,solve=off"};
    chain_solver *check = chain_solver_new(18);
    char err[256];
    tb_bot *solver = tb_bot_new(g, "solver", 1, err, sizeof err);
    assert_non_null(solver);
    int games = 0, proven = 0;
    for (int i = 0; i < 1000; i++) {
        const char *match = i % 5 == 4 ? "exactly-one" : "declared";
        const char *other = others[i % 4];
        int me = i / 4 % 2;
        tb_bot *bot = tb_bot_new(g, other, (uint64_t)i, err, sizeof err);
        assert_non_null(bot);
        char opt[64];
        snprintf(opt, sizeof opt, "match=%s", match);
        const char *const opts[] = {opt, NULL};
        tb_config cfg = ts_config(g, 2, opts);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 5000u + (uint64_t)i);
        tb_settle(g, st, &rng);
        tb_bot_seed(solver, (uint64_t)i);
        int won_seen = 0;
        while (tb_current(g, st) >= 0) {
            chain_state *s = st;
            int cur = tb_current(g, st);
            tb_action a;
            if (cur == me && __builtin_popcountll(s->pool) <= 22) {
                if (!won_seen && chain_solver_outcome(check, s, 1L << 40) == CHAIN_WON)
                    won_seen = 1;
                assert_int_equal(tb_bot_choose(solver, st, &a), TB_OK);
            } else {
                assert_int_equal(tb_bot_choose(bot, st, &a), TB_OK);
            }
            assert_int_equal(tb_apply(g, st, a), TB_OK);
        }
        tb_result r;
        tb_result_of(g, st, &r);
        if (won_seen) {
            proven++;
            if (r.rank[me] != 1)
                fail_msg("game %d (%s, solver seat %d against %s): the solver "
                         "lost a position it had proven won", i, match, me,
                         other);
        }
        games++;
        tb_bot_free(bot);
        free(st);
    }
    assert_int_equal(games, 1000);
    assert_true(proven >= 300); /* the test is about something */
    tb_bot_free(solver);
    chain_solver_free(check);
}

/*
 * The default `ismcts` asks the game's solver about the position before it
 * searches (tb_game.solve; docs/bots.md, "solve"): where the solver proves
 * a win, it plays the solver's winning move.  With solve=off it searches
 * as before.  The test looks for a position the solver proves won where a
 * small search without the solver plays another move, and checks that the
 * same search with the solver (on by default) plays the proven move, and
 * so does the default bot, and that the move wins.
 */
static void ismcts_plays_the_proven_win(void **state)
{
    (void)state;
    const tb_game *g = game();
    char err[256];
    chain_solver *check = chain_solver_new(18);
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        void *st = position_after("declared", seed, 4 + (int)(seed % 5));
        if (!st)
            continue;
        int cur = tb_current(g, st);
        tb_action proven;
        if (g->solve(st, cur, &proven) != TB_PROVEN_WIN) {
            free(st);
            continue;
        }
        tb_bot *off = tb_bot_new(g, "ismcts:iters=20,solve=off", seed, err,
                                 sizeof err);
        assert_non_null(off);
        tb_action a;
        assert_int_equal(tb_bot_choose(off, st, &a), TB_OK);
        tb_bot_free(off);
        if (a != proven) {
            found = 1;
            const char *const on_specs[] = {"ismcts:iters=20", "ismcts"};
            for (int i = 0; i < 2; i++) {
                tb_bot *on = tb_bot_new(g, on_specs[i], seed, err, sizeof err);
                assert_non_null(on);
                assert_int_equal(tb_bot_choose(on, st, &a), TB_OK);
                assert_int_equal(a, proven);
                tb_bot_free(on);
            }
            chain_state after = *(chain_state *)st;
            g->apply(&after, proven);
            assert_true(after.phase == CHAIN_OVER ||
                        chain_solver_outcome(check, &after, 1L << 40) ==
                            CHAIN_LOST);
        }
        free(st);
    }
    assert_true(found);
    chain_solver_free(check);
    /* solve=on is refused where the game proves nothing. */
    assert_null(tb_bot_new(tb_find_game("no-thanks"), "ismcts:solve=on", 1,
                           err, sizeof err));
    assert_non_null(strstr(err, "tb_game.solve"));
}

/* The doc's "Typing in a real deal": a record whose deal lists the pool,
 * the two drawn cards and the 28 flipped out of play, by card id. */
static void typing_in_a_real_deal(void **state)
{
    (void)state;
    char json[2048];
    tb_text t;
    tb_text_init(&t, json, sizeof json);
    tb_text_puts(&t, "{\"format\": \"tabula-record/1\", \"game\": "
                     "\"mystique-chain\", \"players\": 2, \"options\": "
                     "{\"match\": \"declared\"}, \"deal\": [[");
    /* The pool is cards 1-30 (ids 0-29); seat 0 drew card 31 (1Ya), seat
     * 1 card 60 (5Bc), which declares first. */
    for (int i = 0; i < 60; i++)
        tb_text_printf(&t, "%s%d", i ? "," : "", i == 31 ? 59 : i == 59 ? 31 : i);
    tb_text_puts(&t, "]], \"actions\": [{\"seat\": 1, \"move\": \"5Bc blues\"},"
                     " {\"seat\": 0, \"move\": \"5Bm fives\"}]}");
    void *st = ts_replay_json(json);
    json_t *v = ts_view(game(), st, TB_SPECTATOR);
    json_t *chain = json_object_get(v, "chain");
    assert_int_equal(json_array_size(chain), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(chain, 1),
                                                          "card")), "5Bm");
    json_decref(v);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_higher_card_declares_first),
        cmocka_unit_test(the_friendly_first_declaration),
        cmocka_unit_test(follow_the_declared_attribute),
        cmocka_unit_test(follow_exactly_one_attribute),
        cmocka_unit_test(who_cannot_follow_loses),
        cmocka_unit_test(a_deal_with_no_friendly_declaration_is_made_again),
        cmocka_unit_test(nothing_is_hidden),
        cmocka_unit_test(heuristic_kills_and_avoids_kills),
        cmocka_unit_test(solver_agrees_with_exhaustive_search),
        cmocka_unit_test(retrograde_agrees_with_df_pn),
        cmocka_unit_test(solver_never_loses_a_won_position),
        cmocka_unit_test(ismcts_plays_the_proven_win),
        cmocka_unit_test(typing_in_a_real_deal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
