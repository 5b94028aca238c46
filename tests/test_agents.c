/*
 * test_agents.c - the agent protocol (docs/protocol.md) and opponent pools.
 * The reference agents in agents/ play whole games through the protocol:
 * the rule-based one must play exactly as the built-in No Thanks!
 * `threshold` policy does, and the random one must finish a game of every
 * registered game.  Agents that crash, hang, stay silent or answer nonsense
 * must be survived quickly, with the fallback bot playing for them.  The
 * `greedy` bot and game policies must be valid seat specs.
 *
 * Run from the project root (make test does), so that agents/ is found.
 */
#include "support.h"

#include "ext_bot.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Plays `games` games of g with the given specs (one per seat) from seed,
 * returning the per-game results in out and each seat's fallback moves. */
static void play(const tb_game *g, int players, const char *const *specs,
                 int games, uint64_t seed, tb_result *out, long *fallback)
{
    tb_config cfg = ts_config(g, players, NULL);
    tbi_bot *bots[TB_MAX_PLAYERS];
    char err[256];
    for (int j = 0; j < players; j++) {
        bots[j] = tbi_bot_new(g, specs[j], err, sizeof err);
        if (!bots[j])
            fail_msg("%s: %s", specs[j], err);
    }
    void *st = tb_state_new(g);
    for (int i = 0; i < games; i++) {
        tbi_match_stats ms;
        assert_int_equal(tbi_play_match(g, &cfg, tbi_game_seed(seed, (uint64_t)i),
                                        bots, st, NULL, &ms, err, sizeof err),
                         TB_OK);
        out[i] = ms.result;
    }
    for (int j = 0; j < players; j++) {
        if (fallback)
            fallback[j] = tbi_ext_fallback_moves(bots[j]);
        tbi_bot_free(bots[j]);
    }
    free(st);
}

/* The rule-based reference agent plays No Thanks! by the threshold rule,
 * read off its view alone: through the protocol it must play exactly the
 * games the built-in `threshold` policy plays, with no fallback move. */
static void test_rules_agent_matches_threshold(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    const char *ext[] = {"heuristic", "ext:python3 agents/rules_agent.py",
                         "random"};
    const char *own[] = {"heuristic", "threshold", "random"};
    tb_result a[3], b[3];
    long fb[3];
    play(g, 3, ext, 3, 42, a, fb);
    play(g, 3, own, 3, 42, b, NULL);
    assert_int_equal(fb[1], 0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            assert_true(a[i].score[j] == b[i].score[j]);
}

/* The random reference agent finishes a game of every registered game at
 * its smallest player count, in every seat at once, with no fallback. */
static void test_random_agent_plays_every_game(void **state)
{
    (void)state;
    for (int k = 0; k < tb_game_count(); k++) {
        const tb_game *g = tb_game_at(k);
        const char *specs[TB_MAX_PLAYERS];
        int players = g->min_players < 2 ? 2 : g->min_players;
        if (players > g->max_players)
            players = g->max_players;
        for (int j = 0; j < players; j++)
            specs[j] = j == 0 ? "ext:python3 agents/random_agent.py --seed 1"
                              : "random";
        tb_result r;
        long fb[TB_MAX_PLAYERS];
        play(g, players, specs, 1, 7, &r, fb);
        if (fb[0])
            fail_msg("%s: the random agent needed %ld fallback moves", g->id,
                     fb[0]);
    }
}

/* A misbehaving agent: the game still ends, soon, and the fallback made
 * the moves the agent did not. */
static void misbehaving(const char *spec, double max_seconds, long min_fb)
{
    const tb_game *g = tb_find_game("no-thanks");
    const char *specs[] = {spec, "heuristic", "heuristic"};
    tb_result r;
    long fb[3];
    double t0 = wall();
    play(g, 3, specs, 1, 5, &r, fb);
    double took = wall() - t0;
    if (took > max_seconds)
        fail_msg("%s took %.1f s", spec, took);
    if (fb[0] < min_fb)
        fail_msg("%s: only %ld fallback moves", spec, fb[0]);
}

static void test_crashing_agent(void **state)
{
    (void)state;
    misbehaving("ext:python3 tests/bad_agent.py crash", 10, 20);
}

static void test_slow_agent(void **state)
{
    (void)state;
    misbehaving("ext:time=0.3 python3 tests/bad_agent.py slow", 10, 20);
}

static void test_silent_agent(void **state)
{
    (void)state;
    misbehaving("ext:time=0.3 python3 tests/bad_agent.py silent", 10, 20);
}

/* Nonsense answers: each such move falls to the fallback, the agent is
 * kept (it is told "error") and the game finishes. */
static void test_garbage_agent(void **state)
{
    (void)state;
    misbehaving("ext:fallback=heuristic python3 tests/bad_agent.py garbage "
                "2>/dev/null", 20, 20);
}

static void test_missing_program(void **state)
{
    (void)state;
    misbehaving("ext:./no/such/agent 2>/dev/null", 10, 20);
}

/* Protocol 2: an agent is told the end of every round (6 nimmt! is
 * played in rounds to 66 heads) with its view, and the end of every game
 * with the result, the same as the match's. */
static void test_agent_hears_round_and_game_end(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("6-nimmt");
    char log[] = "/tmp/tabula-news-XXXXXX";
    int fd = mkstemp(log);
    assert_true(fd >= 0);
    close(fd);
    char spec[TB_SEAT_SPEC];
    snprintf(spec, sizeof spec, "ext:python3 tests/news_agent.py %s", log);
    const char *specs[] = {"heuristic", spec, "random"};
    tb_result r[2];
    long fb[3];
    play(g, 3, specs, 2, 11, r, fb); /* frees the bots: the agent quits */
    assert_int_equal(fb[1], 0);
    FILE *f = fopen(log, "r");
    assert_non_null(f);
    char line[512];
    int games = 0, rounds = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "round ", 6) == 0) {
            rounds++;
            assert_non_null(strstr(line, "hand")); /* its view came too */
        } else if (strncmp(line, "game ", 5) == 0) {
            char want[64];
            snprintf(want, sizeof want, "game %d %d %d\n", r[games].rank[0],
                     r[games].rank[1], r[games].rank[2]);
            assert_string_equal(line, want);
            games++;
        }
    }
    fclose(f);
    unlink(log);
    assert_int_equal(games, 2);
    assert_true(rounds >= 2); /* every game to 66 heads takes rounds */
}

/* Seat specs of the opponent pool: greedy everywhere, a game's own
 * policies by name, and clear refusals. */
static void test_pool_specs(void **state)
{
    (void)state;
    char err[300];
    for (int k = 0; k < tb_game_count(); k++) {
        const tb_game *g = tb_game_at(k);
        tbi_bot *b = tbi_bot_new(g, "greedy", err, sizeof err);
        if (!b)
            fail_msg("%s: greedy: %s", g->id, err);
        tbi_bot_free(b);
        for (int i = 0; i < g->n_policies; i++) {
            b = tbi_bot_new(g, g->policies[i].name, err, sizeof err);
            assert_non_null(b);
            tbi_bot_free(b);
        }
    }
    const tb_game *nt = tb_find_game("no-thanks");
    assert_null(tbi_bot_new(tb_find_game("6-nimmt"), "threshold", err,
                            sizeof err));
    assert_non_null(strstr(err, "unknown player"));
    assert_null(tbi_bot_new(nt, "threshold:t=3", err, sizeof err));
    assert_null(tbi_bot_new(nt, "greedy:samples=0", err, sizeof err));
    assert_null(tbi_bot_new(nt, "ext:", err, sizeof err));
    assert_null(tbi_bot_new(nt, "ext:time=-1 x", err, sizeof err));
    assert_null(tbi_bot_new(nt, "ext:fallback=ext:x y", err, sizeof err));
    tbi_bot *b = tbi_bot_new(nt, "ismcts:iters=50,playout=threshold,"
                             "reward=score,c=30", err, sizeof err);
    assert_non_null(b);
    tbi_bot_free(b);
    assert_null(tbi_bot_new(nt, "ismcts:playout=nosuch", err, sizeof err));
    assert_null(tbi_bot_new(nt, "ismcts:reward=money", err, sizeof err));
}

/* The threshold policy, as the rule says: take when the net cost is at
 * most 0.  With one card taken, a card next to it costs nothing. */
static void test_threshold_rule(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    tb_config cfg = ts_config(g, 3, NULL);
    const int first[] = {10, 11, 30};
    void *st = ts_deal_first(g, &cfg, 3, 35, first, 3);
    tbi_bot *b = tbi_bot_new(g, "threshold", NULL, 0);
    tbi_bot_start(b, &cfg, 0, 1);
    char text[TB_ACTION_TEXT];
    /* Seat 0 faces 10 with no tokens on it: cost 10 > 0, pass. */
    tb_action a = tbi_bot_choose(b, st, 0);
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "pass");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass");
    ts_play(g, st, "pass"); /* back to seat 0, 3 tokens on 10 */
    ts_play(g, st, "take"); /* seat 0 holds 10; 11 is up */
    a = tbi_bot_choose(b, st, 0); /* 11 joins the run: cost 0 */
    tb_action_text(g, st, a, text, sizeof text);
    assert_string_equal(text, "take");
    tbi_bot_free(b);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_agent_matches_threshold),
        cmocka_unit_test(test_random_agent_plays_every_game),
        cmocka_unit_test(test_crashing_agent),
        cmocka_unit_test(test_slow_agent),
        cmocka_unit_test(test_silent_agent),
        cmocka_unit_test(test_garbage_agent),
        cmocka_unit_test(test_missing_program),
        cmocka_unit_test(test_agent_hears_round_and_game_end),
        cmocka_unit_test(test_pool_specs),
        cmocka_unit_test(test_threshold_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
