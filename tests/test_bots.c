/*
 * test_bots.c - the bots on every registered game: no bot can peek (with a
 * given seed its choice depends only on its seat's view, so changing only
 * what that seat cannot see never changes it); ISMCTS is deterministic for a
 * seed and an iteration budget and plays only legal actions; its generic
 * reward orders outcomes the right way.  A tiny dice game defined here
 * drives the paths no registered game may reach yet: dice-roll chance nodes
 * inside the tree, cooperative results and a game's own reward function.
 */
#include "support.h"

#include "bot.h"
#include "ismcts.h"
#include "levels.h"
#include "match.h"
#include "net.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CONFIGS 64
#define N_SPECS 13

/* The bot specs every game is checked with.  A few ISMCTS iterations are
 * enough: every one of them samples a world, and any dependence of that
 * sample on the hidden truth shows in the choice soon enough. */
static const char *const specs[N_SPECS] = {
    "random",
    "heuristic",
    "ismcts:iters=12,hmoves=8",
    "ismcts:iters=12,playout=random",
    "ismcts:iters=12,pdet=on,hmoves=4",
    "ismcts:iters=12,obs=on,hmoves=4",
    "ismcts:iters=12,horizon=round,hmoves=4",
    "greedy:samples=2",
    "ismcts:iters=12,keep=on,hmoves=4",
    "ismcts:iters=12,opp=on,hmoves=4",
    "net", /* the built-in learnt policy, in the games that have one */
    /* The handicap of the levels: its random moves read the legal
     * actions of the true state, which must depend on the seat's view
     * alone. */
    "heuristic:blunder=0.5",
    "ismcts:iters=12,hmoves=4,blunder=0.3",
};

static tbi_bot *new_bot(const tb_game *g, const char *spec)
{
    char err[256];
    tbi_bot *b = tbi_bot_new(g, spec, err, sizeof err);
    if (!b)
        fail_msg("%s: bot '%s' refused: %s", g->id, spec, err);
    return b;
}

/* Whether spec asks for heuristic playouts from a game that has none, or
 * for a round horizon from a game without competitive rounds, or for the
 * built-in net of a game that has none (the bot refuses such a spec,
 * rightly). */
static int spec_unusable(const tb_game *g, const char *spec)
{
    size_t len;
    if (strcmp(spec, "net") == 0)
        return !tbi_net_builtin(g->id, &len);
    if (strstr(spec, "horizon=round") &&
        (!g->standing || (g->flags & TB_GAME_COOPERATIVE)))
        return 1;
    return !g->heuristic && strstr(spec, "ismcts") &&
           !strstr(spec, "playout=random");
}

/* Makes the bots of specs[] for g (NULL where a spec does not apply). */
static void new_bots(const tb_game *g, tbi_bot **bots)
{
    for (int k = 0; k < N_SPECS; k++)
        bots[k] = spec_unusable(g, specs[k]) ? NULL : new_bot(g, specs[k]);
}

static void free_bots(tbi_bot **bots)
{
    for (int k = 0; k < N_SPECS; k++)
        tbi_bot_free(bots[k]);
}

/* Fails unless a is among the legal actions of st. */
static void assert_legal(const tb_game *g, const void *st, tb_action a,
                         const char *who)
{
    static tb_action buf[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, buf);
    for (int i = 0; i < n; i++)
        if (buf[i] == a)
            return;
    fail_msg("%s: %s chose action %u, which is not legal", g->id, who, a);
}

/* Chooses with bot b reseeded to seed, checking the action is legal. */
static tb_action choose_seeded(tbi_bot *b, const void *st, uint64_t seed)
{
    tbi_bot_seed(b, seed);
    int seat = tb_current(b->game, st);
    tb_action a = tbi_bot_choose(b, st, seat);
    assert_legal(b->game, st, a, b->spec);
    return a;
}

/* At one decision: every bot, seeded alike, chooses the same action for the
 * true state and for a copy whose hidden information was resampled for the
 * seat to move.  Returns whether the copy differed from the true state. */
static int check_no_peek(const tb_game *g, const tb_config *cfg, void *st,
                         void *alt, tbi_bot **bots, tb_rng *rng,
                         uint64_t seed)
{
    int seat = tb_current(g, st);
    memcpy(alt, st, g->state_size);
    tb_determinize(g, alt, seat, rng);
    int changed = memcmp(alt, st, g->state_size) != 0;
    for (int k = 0; k < N_SPECS; k++) {
        if (!bots[k])
            continue;
        tb_action a1 = choose_seeded(bots[k], st, seed);
        tb_action a2 = choose_seeded(bots[k], alt, seed);
        if (a1 != a2) {
            char t1[TB_ACTION_TEXT], t2[TB_ACTION_TEXT];
            g->action_text(st, a1, t1, sizeof t1);
            g->action_text(alt, a2, t2, sizeof t2);
            fail_msg("%s: bot '%s' at seat %d chose %s, but %s when only "
                     "cards it cannot see were changed (does determinize "
                     "depend on where the hidden cards lay?)",
                     ts_config_name(g, cfg), specs[k], seat, t1, t2);
        }
    }
    return changed;
}

/* Whether decision number i of a game is one to check: a few early ones
 * and then ever sparser, so short and long games both get several. */
static int checked_decision(long i)
{
    return i < 2 || (i & (i + 1)) == 0;
}

/* Walks random games of every configuration of g, checking at several
 * decisions that no bot's choice depends on what its seat cannot see. */
static void bots_cannot_peek(void **state)
{
    const tb_game *g = *state;
    static tb_config cfgs[MAX_CONFIGS];
    int n = ts_configs(g, cfgs, MAX_CONFIGS);
    tbi_bot *bots[N_SPECS];
    new_bots(g, bots);
    void *alt = tb_state_new(g);
    int changed = 0;
    for (int c = 0; c < n; c++) {
        void *st = ts_new_game(g, &cfgs[c]);
        tb_rng rng;
        tb_rng_seed(&rng, 4242u + (uint64_t)c);
        /* A new game, perhaps with another player count, for every bot. */
        for (int k = 0; k < N_SPECS; k++)
            if (bots[k])
                tbi_bot_start(bots[k], &cfgs[c], 0, 1);
        static tb_action buf[TB_MAX_ACTIONS];
        for (long i = 0;; i++) {
            tb_settle(g, st, &rng);
            if (tb_current(g, st) == TB_TERMINAL)
                break;
            if (checked_decision(i))
                changed |= check_no_peek(g, &cfgs[c], st, alt, bots, &rng,
                                         (uint64_t)(c * 1000 + i));
            int k = tb_legal(g, st, buf);
            tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)k)]);
        }
        free(st);
    }
    if ((g->flags & TB_GAME_HIDDEN) && !changed)
        fail_msg("%s: determinize never changed a state, so the test proved "
                 "nothing", g->id);
    free(alt);
    free_bots(bots);
}

/* Plays one game of g at cfg with the same bot spec in every seat, using
 * the checked tb_apply so an illegal choice fails the test. */
static void play_checked(const tb_game *g, const tb_config *cfg,
                         const char *spec, uint64_t seed)
{
    void *st = ts_new_game(g, cfg);
    tbi_bot *b = new_bot(g, spec);
    tbi_bot_seed(b, seed);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    for (;;) {
        tb_settle(g, st, &rng);
        int seat = tb_current(g, st);
        if (seat == TB_TERMINAL)
            break;
        tb_action a = tbi_bot_choose(b, st, seat);
        if (tb_apply(g, st, a) != TB_OK)
            fail_msg("%s: %s chose an illegal action %u",
                     ts_config_name(g, cfg), spec, a);
    }
    tbi_bot_free(b);
    free(st);
}

/* ISMCTS plays whole games of every game at its smallest and largest
 * player counts with legal actions only, with either playout policy. */
static void ismcts_plays_legal_games(void **state)
{
    const tb_game *g = *state;
    int counts[2] = {g->min_players, g->max_players};
    for (int e = 0; e < 2; e++) {
        tb_config cfg;
        for (int p = counts[e]; p >= g->min_players; p--) {
            tb_config_default(g, p, &cfg);
            if (tb_config_check(g, &cfg, NULL, 0) == TB_OK)
                break;
        }
        play_checked(g, &cfg, "ismcts:iters=8,playout=random",
                     11u + (uint64_t)e);
        if (g->heuristic)
            play_checked(g, &cfg, "ismcts:iters=6", 21u + (uint64_t)e);
        if (g->quick)
            play_checked(g, &cfg, "ismcts:iters=6,playout=quick,obs=on",
                         31u + (uint64_t)e);
        if (!spec_unusable(g, "ismcts:horizon=round"))
            play_checked(g, &cfg, "ismcts:iters=6,horizon=round,obs=on",
                         41u + (uint64_t)e);
    }
}

/* The same seed and iteration budget give the same choice: from two bots,
 * and from one bot asked again after other searches. */
static void ismcts_is_deterministic(void **state)
{
    const tb_game *g = *state;
    tb_config cfg;
    tb_config_default(g, 0, &cfg);
    tb_config_check(g, &cfg, NULL, 0);
    const char *spec = "ismcts:iters=60,playout=random";
    tbi_bot *b1 = new_bot(g, spec), *b2 = new_bot(g, spec);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 99);
    static tb_action buf[TB_MAX_ACTIONS];
    for (long i = 0;; i++) {
        tb_settle(g, st, &rng);
        if (tb_current(g, st) == TB_TERMINAL)
            break;
        if (checked_decision(i)) {
            tb_action a1 = choose_seeded(b1, st, 7u + (uint64_t)i);
            tb_action a2 = choose_seeded(b2, st, 7u + (uint64_t)i);
            tb_action a3 = choose_seeded(b1, st, 7u + (uint64_t)i);
            assert_int_equal(a1, a2);
            assert_int_equal(a1, a3);
        }
        int k = tb_legal(g, st, buf);
        tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)k)]);
    }
    free(st);
    tbi_bot_free(b1);
    tbi_bot_free(b2);
}

/* The handicap blunder=P (docs/bots.md, "Bot specs": "with probability P
 * a decision is a uniformly random legal move instead of the bot's
 * choice"): at decisions of random games of No Thanks! and Schotten
 * Totten it blunders at its stated rate (within four standard errors),
 * plays only legal actions, chooses exactly as the bot without it
 * whenever it does not blunder (the handicap draws from a stream of its
 * own), and is deterministic for a seed: a second bot seeded alike makes
 * the same choices. */
static void blunder_plays_at_its_rate(void **state)
{
    (void)state;
    static const char *const games[] = {"no-thanks", "schotten-totten"};
    static const double rates[] = {0.1, 0.3, 0.6};
    static tb_action buf[TB_MAX_ACTIONS];
    for (int gi = 0; gi < 2; gi++) {
        const tb_game *g = tb_find_game(games[gi]);
        assert_non_null(g);
        tb_config cfg;
        tb_config_default(g, 0, &cfg);
        for (int ri = 0; ri < 3; ri++) {
            char spec[64];
            snprintf(spec, sizeof spec, "heuristic:blunder=%g", rates[ri]);
            tbi_bot *b = new_bot(g, spec), *twin = new_bot(g, spec);
            tbi_bot *plain = new_bot(g, "heuristic");
            assert_true(b->blunder == rates[ri]);
            long decisions = 0, agree = 0, agree_when_kept = 0;
            for (uint64_t game = 0; decisions < 3000; game++) {
                void *st = ts_new_game(g, &cfg);
                tb_rng rng;
                tb_rng_seed(&rng, 500 + game);
                for (long i = 0;; i++) {
                    tb_settle(g, st, &rng);
                    if (tb_current(g, st) == TB_TERMINAL)
                        break;
                    uint64_t seed = game * 1000 + (uint64_t)i;
                    long before = b->blunders;
                    tb_action a = choose_seeded(b, st, seed);
                    tb_action t = choose_seeded(twin, st, seed);
                    tb_action h = choose_seeded(plain, st, seed);
                    assert_int_equal(a, t);
                    if (b->blunders == before) {
                        assert_int_equal(a, h);
                        agree_when_kept++;
                    }
                    agree += a == h;
                    decisions++;
                    int k = tb_legal(g, st, buf);
                    tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)k)]);
                }
                free(st);
            }
            double p = rates[ri], n = (double)decisions;
            double seen = (double)b->blunders / n;
            double se = sqrt(p * (1 - p) / n);
            if (fabs(seen - p) > 4 * se)
                fail_msg("%s: %s blundered at %.3f of %ld decisions", g->id,
                         spec, seen, decisions);
            assert_int_equal(twin->blunders, b->blunders);
            /* Some blunders are real: they differ from the bot's choice. */
            assert_true(agree < decisions);
            assert_int_equal(agree_when_kept, decisions - b->blunders);
            tbi_bot_free(b);
            tbi_bot_free(twin);
            tbi_bot_free(plain);
        }
        /* Whole games with every seat handicapped, the checked apply
         * refusing any illegal action. */
        play_checked(g, &cfg, "heuristic:blunder=0.5", 77);
        play_checked(g, &cfg, "ismcts:iters=10,blunder=0.5", 78);
    }
    /* Bad values are refused, the kind's own parameters are kept. */
    const tb_game *g = tb_find_game("no-thanks");
    char err[256];
    assert_null(tbi_bot_new(g, "heuristic:blunder=1.5", err, sizeof err));
    assert_non_null(strstr(err, "blunder"));
    assert_null(tbi_bot_new(g, "heuristic:blunder=-0.1", err, sizeof err));
    assert_null(tbi_bot_new(g, "heuristic:blunder=", err, sizeof err));
    assert_null(tbi_bot_new(g, "heuristic:blunder=0.1,blunder=0.2", err,
                            sizeof err));
    assert_null(tbi_bot_new(g, "heuristic:blunder=0.1,x=1", err, sizeof err));
    tbi_bot *b = new_bot(g, "ismcts:iters=7,blunder=0.25,c=0.5");
    assert_true(b->blunder == 0.25);
    tbi_bot_free(b);
}

/* The retract contract, for games that offer it: after taking back the
 * secret choices seat has not seen and letting those seats choose again
 * (here at random), seat faces the same decision with the same view. */
static void retract_keeps_the_decision(void **state)
{
    const tb_game *g = *state;
    if (!g->retract)
        return; /* nothing to check */
    static tb_config cfgs[MAX_CONFIGS];
    int n = ts_configs(g, cfgs, MAX_CONFIGS);
    void *alt = tb_state_new(g);
    static tb_action a1[TB_MAX_ACTIONS], a2[TB_MAX_ACTIONS];
    for (int c = 0; c < n; c++) {
        void *st = ts_new_game(g, &cfgs[c]);
        tb_rng rng;
        tb_rng_seed(&rng, 31u + (uint64_t)c);
        for (;;) {
            tb_settle(g, st, &rng);
            int seat = tb_current(g, st);
            if (seat == TB_TERMINAL)
                break;
            memcpy(alt, st, g->state_size);
            tb_determinize(g, alt, seat, &rng);
            g->retract(alt, seat);
            int steps = 0;
            while (tb_current(g, alt) != seat && steps++ < 4 * TB_MAX_PLAYERS) {
                assert_true(tb_current(g, alt) >= 0);
                int k = tb_legal(g, alt, a2);
                tb_apply_legal(g, alt, a2[tb_rng_below(&rng, (uint32_t)k)]);
            }
            assert_int_equal(tb_current(g, alt), seat);
            int n1 = tb_legal(g, st, a1), n2 = tb_legal(g, alt, a2);
            assert_int_equal(n1, n2);
            assert_memory_equal(a1, a2, (size_t)n1 * sizeof *a1);
            char *v1 = tb_view_json(g, st, seat), *v2 = tb_view_json(g, alt, seat);
            if (strcmp(v1, v2) != 0)
                fail_msg("%s: seat %d's view changed after retract and "
                         "replay:\n%s\n%s", ts_config_name(g, &cfgs[c]), seat,
                         v1, v2);
            free(v1);
            free(v2);
            tb_apply_legal(g, st, a1[tb_rng_below(&rng, (uint32_t)n1)]);
        }
        free(st);
    }
    free(alt);
}

/* ------------------------------------------------------------ reward */

static const tb_game no_reward_game = {.id = "no-reward"};

/* A competitive result from scores (higher wins) with given ranks. */
static tb_result result_of(int players, const double *score, const int *rank)
{
    tb_result r;
    memset(&r, 0, sizeof r);
    r.players = players;
    for (int j = 0; j < players; j++) {
        r.score[j] = score[j];
        r.rank[j] = rank[j];
    }
    return r;
}

/* The generic reward: a sole win beats a shared one, which beats second
 * place, which beats last; a win share is 1 and a k-way tie 1/k when only
 * winning counts; lower-is-better scores are read from the ranks. */
static void generic_reward_orders_outcomes(void **state)
{
    (void)state;
    const tb_game *g = &no_reward_game;
    double s1[3] = {10, 5, 0};
    int r1[3] = {1, 2, 3};
    tb_result r = result_of(3, s1, r1);
    double win = tbi_ismcts_reward(g, &r, 0, TBI_ISMCTS_FINE);
    double second = tbi_ismcts_reward(g, &r, 1, TBI_ISMCTS_FINE);
    double last = tbi_ismcts_reward(g, &r, 2, TBI_ISMCTS_FINE);
    assert_true(win > second && second > last);
    assert_true(win <= 1.0 && last >= 0.0);
    assert_true(tbi_ismcts_reward(g, &r, 0, 0) == 1.0);
    assert_true(tbi_ismcts_reward(g, &r, 1, 0) == 0.0);

    double s2[3] = {7, 7, 1};
    int r2[3] = {1, 1, 3};
    r = result_of(3, s2, r2);
    assert_true(tbi_ismcts_reward(g, &r, 0, 0) == 0.5);
    double tie = tbi_ismcts_reward(g, &r, 0, TBI_ISMCTS_FINE);
    assert_true(tie < win && tie > second);

    /* Penalty points: the lowest score wins, and the margin follows. */
    double s3[3] = {0, 5, 20};
    r = result_of(3, s3, r1);
    assert_true(tbi_ismcts_reward(g, &r, 0, 1) >
                tbi_ismcts_reward(g, &r, 1, 1));
    assert_true(tbi_ismcts_reward(g, &r, 1, 1) >
                tbi_ismcts_reward(g, &r, 2, 1));

    /* Cooperative without a reward function: the team's win alone. */
    memset(&r, 0, sizeof r);
    r.players = 2;
    r.cooperative = 1;
    r.rank[0] = r.rank[1] = 1;
    r.team_score = 40;
    assert_true(tbi_ismcts_reward(g, &r, 1, TBI_ISMCTS_FINE) == 0.0);
    r.team_win = 1;
    assert_true(tbi_ismcts_reward(g, &r, 1, TBI_ISMCTS_FINE) == 1.0);
}

/* ------------------------------------------------------------ dice game */

/*
 * A tiny test game with public dice: two seats take four turns each; a die
 * is rolled (a TB_CHANCE_ROLL node) and the seat either keeps it (adds the
 * roll to its score) or banks a safe 3.  The competitive version ranks by
 * score; the cooperative one wins when the team makes 28 or more, with a
 * reward function that also values the total.
 */
typedef struct dice {
    uint8_t coop, turn, rolled, roll;
    uint8_t score[2];
} dice;

enum { DICE_KEEP, DICE_BANK };
#define DICE_TURNS 8
#define DICE_TEAM_TARGET 28

static void dice_init(void *st, const tb_config *cfg)
{
    ((dice *)st)->coop = (uint8_t)cfg->opt[0];
}

static int dice_current(const void *st)
{
    const dice *d = st;
    if (d->turn >= DICE_TURNS)
        return TB_TERMINAL;
    return d->rolled ? d->turn % 2 : TB_CHANCE;
}

static void dice_chance(const void *st, tb_chance *c)
{
    (void)st;
    memset(c, 0, sizeof *c);
    c->kind = TB_CHANCE_ROLL;
    c->n = 1;
    c->lo = 1;
    c->hi = 6;
    c->what = "1d6";
}

static void dice_apply_chance(void *st, const uint16_t *outcome)
{
    dice *d = st;
    d->roll = (uint8_t)outcome[0];
    d->rolled = 1;
}

static int dice_legal(const void *st, tb_action *out)
{
    (void)st;
    out[0] = DICE_KEEP;
    out[1] = DICE_BANK;
    return 2;
}

static void dice_apply(void *st, tb_action a)
{
    dice *d = st;
    d->score[d->turn % 2] =
        (uint8_t)(d->score[d->turn % 2] + (a == DICE_KEEP ? d->roll : 3));
    d->rolled = 0;
    d->turn++;
}

static void dice_result(const void *st, tb_result *out)
{
    const dice *d = st;
    out->players = 2;
    out->cooperative = d->coop;
    out->team_score = d->score[0] + d->score[1];
    out->team_win = d->coop && out->team_score >= DICE_TEAM_TARGET;
    for (int j = 0; j < 2; j++) {
        out->score[j] = d->coop ? out->team_score : d->score[j];
        out->rank[j] = d->coop || d->score[j] >= d->score[1 - j] ? 1 : 2;
    }
}

static void dice_determinize(void *st, int seat, tb_rng *rng)
{
    (void)st;
    (void)seat;
    (void)rng;
}

static void dice_action_text(const void *st, tb_action a, char *buf,
                             size_t cap)
{
    (void)st;
    snprintf(buf, cap, "%s", a == DICE_KEEP ? "keep" : "bank");
}

/* The team's win, and a little for every point of its total. */
static double dice_reward(const tb_result *r, int seat)
{
    (void)seat;
    return 0.8 * r->team_win + 0.2 * r->team_score / 48.0;
}

static const tb_option_def dice_options[] = {
    {"coop", "cooperative", TB_OPT_BOOL, 0, 0, 1, NULL},
};

#define DICE_GAME(coop_flags, reward_fn)                                     \
    {                                                                        \
        .id = "dice", .min_players = 2, .max_players = 2,                    \
        .flags = (coop_flags), .options = dice_options, .n_options = 1,      \
        .state_size = sizeof(dice), .init = dice_init,                       \
        .current = dice_current, .chance = dice_chance,                      \
        .apply_chance = dice_apply_chance, .legal = dice_legal,              \
        .apply = dice_apply, .result = dice_result,                          \
        .determinize = dice_determinize, .action_text = dice_action_text,    \
        .reward = (reward_fn),                                               \
    }

static const tb_game dice_game = DICE_GAME(0, NULL);
static const tb_game dice_coop_game = DICE_GAME(TB_GAME_COOPERATIVE,
                                                dice_reward);

/* A dice state at the first seat's decision after rolling `roll`. */
static void dice_at_roll(const tb_game *g, dice *d, int roll)
{
    tb_config cfg;
    tb_config_default(g, 2, &cfg);
    cfg.opt[0] = g == &dice_coop_game;
    assert_int_equal(tb_init(g, d, &cfg, NULL, 0), TB_OK);
    uint16_t r = (uint16_t)roll;
    assert_int_equal(tb_apply_chance(g, d, &r, 1), TB_OK);
}

/* ISMCTS keeps a high roll and banks a low one, in the competitive game and
 * (through the game's reward function) in the cooperative one, with dice
 * rolled inside its tree for the turns to come; and so does the search
 * whose root compares its actions paired, world by world (pair=on), which
 * counts one iteration per action and world, and the search whose tree is
 * the root alone (flat=on), paired or not. */
static void ismcts_plays_dice_well(void **state)
{
    (void)state;
    const tb_game *games[2] = {&dice_game, &dice_coop_game};
    const char *bot_specs[4] = {
        "ismcts:iters=600,playout=random",
        "ismcts:iters=600,playout=random,pair=on",
        "ismcts:iters=600,playout=random,flat=on",
        "ismcts:iters=600,playout=random,pair=on,flat=on"};
    for (int k = 0; k < 8; k++) {
        const tb_game *g = games[k % 2];
        tbi_bot *b = new_bot(g, bot_specs[k / 2]);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            dice d;
            dice_at_roll(g, &d, 6);
            assert_int_equal(choose_seeded(b, &d, seed), DICE_KEEP);
            assert_int_equal(tbi_ismcts_iterations(b), 600);
            dice_at_roll(g, &d, 1);
            assert_int_equal(choose_seeded(b, &d, seed), DICE_BANK);
        }
        tbi_bot_free(b);
    }
}

/* Heuristics for the dice game that bank in seven calls of ten, or in
 * three, whatever the roll. */
static tb_action banks_mostly(const void *st, int seat, tb_rng *rng)
{
    (void)st;
    (void)seat;
    return tb_rng_below(rng, 10) < 7 ? DICE_BANK : DICE_KEEP;
}

static tb_action keeps_mostly(const void *st, int seat, tb_rng *rng)
{
    (void)st;
    (void)seat;
    return tb_rng_below(rng, 10) < 3 ? DICE_BANK : DICE_KEEP;
}

/* vote=on: every walk takes the heuristic's root choice in its world, so
 * the search plays the choice the heuristic makes most often, here
 * against what its playouts say (a 6 is worth keeping and a 1 banking,
 * ismcts_plays_dice_well); without it the playouts decide. */
static void ismcts_vote_follows_the_heuristic(void **state)
{
    (void)state;
    tb_game voting = dice_game;
    tbi_policy_fn heuristics[2] = {banks_mostly, keeps_mostly};
    tb_action expected[2] = {DICE_BANK, DICE_KEEP};
    for (int h = 0; h < 2; h++) {
        voting.heuristic = heuristics[h];
        tbi_bot *b =
            new_bot(&voting, "ismcts:iters=400,playout=random,vote=on");
        tbi_bot *plain = new_bot(&voting, "ismcts:iters=400,playout=random");
        for (uint64_t seed = 1; seed <= 3; seed++) {
            dice d;
            for (int roll = 1; roll <= 6; roll += 5) {
                dice_at_roll(&voting, &d, roll);
                assert_int_equal(choose_seeded(b, &d, seed), expected[h]);
                assert_int_equal(tbi_ismcts_iterations(b), 400);
            }
            dice_at_roll(&voting, &d, 6);
            assert_int_equal(choose_seeded(plain, &d, seed), DICE_KEEP);
        }
        tbi_bot_free(b);
        tbi_bot_free(plain);
    }
}

/* The dice game's candidates for a search that may only bank: the one
 * move kept of the two. */
static int bank_only(const void *st, int seat, tb_action *acts, int n)
{
    (void)st;
    (void)seat;
    for (int i = 0; i < n; i++)
        if (acts[i] == DICE_BANK) {
            acts[0] = DICE_BANK;
            return 1;
        }
    return n;
}

/* prune=on: the root compares only the game's candidates, so a search
 * that would keep a 6 banks it when banking is the one candidate, and
 * plays it without searching at all (tree or paired root). */
static void ismcts_prune_keeps_to_the_candidates(void **state)
{
    (void)state;
    tb_game pruned = dice_game;
    pruned.candidates = bank_only;
    const char *pruned_specs[2] = {"ismcts:iters=600,playout=random,prune=on",
                            "ismcts:iters=600,playout=random,pair=on,"
                            "prune=on"};
    for (int k = 0; k < 2; k++) {
        tbi_bot *b = new_bot(&pruned, pruned_specs[k]);
        dice d;
        dice_at_roll(&pruned, &d, 6);
        assert_int_equal(choose_seeded(b, &d, 1), DICE_BANK);
        assert_int_equal(tbi_ismcts_iterations(b), 0);
        tbi_bot_free(b);
    }
}

/* A whole dice game between ISMCTS bots ends, choosing legally, with the
 * pool far smaller than the tree wants (so a full pool is survived), with
 * the root's actions compared paired too. */
static void ismcts_survives_full_pool(void **state)
{
    (void)state;
    tb_config cfg;
    tb_config_default(&dice_game, 2, &cfg);
    play_checked(&dice_game, &cfg, "ismcts:iters=500,nodes=64,playout=random",
                 5);
    play_checked(&dice_game, &cfg,
                 "ismcts:iters=500,nodes=64,playout=random,pair=on", 5);
}

/* Bad parameters are refused with a message. */
static void ismcts_refuses_bad_params(void **state)
{
    (void)state;
    const char *bad[] = {"ismcts:iters=0", "ismcts:iters=abc",
                         "ismcts:c=-1", "ismcts:playout=smart",
                         "ismcts:depth=3", "ismcts:iters", "ismcts:time=0",
                         "ismcts:obs=maybe", "ismcts:horizon=turn",
                         "ismcts:playout=quick", "ismcts:horizon=round",
                         "ismcts:anchor=-1", "ismcts:anchor=far",
                         "ismcts:pair=maybe", "ismcts:prune=maybe",
                         "ismcts:flat=maybe", "ismcts:vote=maybe",
                         "ismcts:vote=on" /* nor has it a heuristic */,
                         "ismcts:prune=on" /* the dice game has no
                                              candidates */};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        tbi_bot *b = tbi_bot_new(&dice_game, bad[i], err, sizeof err);
        if (b)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(err[0] != '\0');
    }
    char err[256];
    tbi_bot *b = tbi_bot_new(&dice_game, "ismcts:playout=heuristic", err,
                             sizeof err);
    assert_null(b); /* the dice game has no heuristic */
    /* A game's own search defaults are read first, and must be valid. */
    tb_game broken = dice_game;
    broken.search_defaults = "widen=lots";
    assert_null(tbi_bot_new(&broken, "ismcts", err, sizeof err));
    assert_non_null(strstr(err, "search defaults"));
    tb_game tuned = dice_game;
    tuned.search_defaults = "c=0.3";
    b = tbi_bot_new(&tuned, "ismcts:iters=10", err, sizeof err);
    assert_non_null(b);
    tbi_bot_free(b);
    /* Defaults for one player count are read over the game's once the bot
     * knows the count: told when the game starts, or learnt from the state
     * at its first decision; the seat's own parameters still come last. */
    tb_game counted = dice_game;
    counted.search_defaults = "iters=40";
    counted.search_defaults_for[2] = "iters=25";
    dice at4;
    dice_at_roll(&counted, &at4, 4);
    b = tbi_bot_new(&counted, "ismcts", err, sizeof err);
    assert_non_null(b);
    choose_seeded(b, &at4, 1);
    assert_int_equal(tbi_ismcts_iterations(b), 25);
    tbi_bot_free(b);
    tb_config two;
    tb_config_default(&counted, 2, &two);
    b = tbi_bot_new(&counted, "ismcts", err, sizeof err);
    assert_non_null(b);
    tbi_bot_start(b, &two, 0, 7);
    choose_seeded(b, &at4, 1);
    assert_int_equal(tbi_ismcts_iterations(b), 25);
    tbi_bot_free(b);
    b = tbi_bot_new(&counted, "ismcts:iters=30", err, sizeof err);
    assert_non_null(b);
    choose_seeded(b, &at4, 1);
    assert_int_equal(tbi_ismcts_iterations(b), 30);
    tbi_bot_free(b);
    counted.search_defaults_for[2] = "iters=many";
    assert_null(tbi_bot_new(&counted, "ismcts", err, sizeof err));
    assert_non_null(strstr(err, "for this player count"));
    b = tbi_bot_new(&dice_game, "ismcts:time=0.01,c=1.2,fine=0", err,
                    sizeof err);
    assert_non_null(b);
    dice d;
    dice_at_roll(&dice_game, &d, 4);
    choose_seeded(b, &d, 1);
    assert_true(tbi_ismcts_iterations(b) > 0);
    tbi_bot_free(b);
}

/* The index of the policy called name in m's pool; fails if absent. */
static int policy_index(const tbi_oppmodel *m, const char *name)
{
    for (int k = 0; k < m->n; k++)
        if (strcmp(m->name[k], name) == 0)
            return k;
    fail_msg("no policy '%s' in the opponent model's pool", name);
    return -1;
}

/* Expects the model m of seat 0, after a game of No Thanks! against a
 * random seat 1 and a heuristic seat 2, to believe seat 1 random and seat
 * 2 the heuristic, and never to have moved its belief about seat 0. */
static void expect_random_then_heuristic(const tbi_oppmodel *m)
{
    int rnd = policy_index(m, "random"), heu = policy_index(m, "heuristic");
    assert_true(m->moves[1] > 10 && m->moves[2] > 10);
    assert_int_equal(m->moves[0], 0);
    assert_true(tbi_oppmodel_posterior(m, 1, rnd) > 0.95);
    assert_true(tbi_oppmodel_posterior(m, 2, rnd) < 0.05);
    assert_int_equal(tbi_oppmodel_best(m, 2), heu);
}

/* Issue 35: "Each bot keeps, for every other seat, a belief over a pool of
 * policies ... updated from the moves that seat has made."  In a game of
 * No Thanks! a seat that plays at random must come to be believed random,
 * and a seat that plays the heuristic must not; the belief about the bot's
 * own seat never moves. */
static void opponent_model_follows_play(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    assert_non_null(g);
    tb_config cfg;
    assert_int_equal(tb_config_default(g, 3, &cfg), TB_OK);
    tbi_bot *bots[3] = {new_bot(g, "ismcts:iters=50,opp=on"),
                        new_bot(g, "random"), new_bot(g, "heuristic")};
    void *st = tb_state_new(g);
    tbi_match_stats stats;
    char err[256];
    assert_int_equal(tbi_play_match(g, &cfg, 5, bots, st, NULL, &stats, err,
                                    sizeof err),
                     TB_OK);
    const tbi_oppmodel *m = tbi_ismcts_model(bots[0]);
    assert_non_null(m);
    expect_random_then_heuristic(m);
    free(st);
    for (int j = 0; j < 3; j++)
        tbi_bot_free(bots[j]);
}

/* Plays one 2-player game of `game` (seed `seed`) between the game's
 * default search, told nothing but the game's search defaults, and a seat
 * playing `policy`, and expects the search to have come to believe that
 * seat plays `policy` (posterior above 0.9) without ever moving its
 * belief about its own seat. */
static void expect_default_search_learns(const char *game,
                                         const char *policy, uint64_t seed)
{
    const tb_game *g = tb_find_game(game);
    assert_non_null(g);
    tb_config cfg;
    assert_int_equal(tb_config_default(g, 2, &cfg), TB_OK);
    tbi_bot *bots[2] = {new_bot(g, "ismcts:iters=30"), new_bot(g, policy)};
    void *st = tb_state_new(g);
    tbi_match_stats stats;
    char err[256];
    assert_int_equal(tbi_play_match(g, &cfg, seed, bots, st, NULL, &stats,
                                    err, sizeof err),
                     TB_OK);
    const tbi_oppmodel *m = tbi_ismcts_model(bots[0]);
    assert_non_null(m);
    assert_true(m->moves[1] > 5);
    assert_int_equal(m->moves[0], 0);
    assert_true(tbi_oppmodel_posterior(m, 1, policy_index(m, policy)) > 0.9);
    free(st);
    for (int j = 0; j < 2; j++)
        tbi_bot_free(bots[j]);
}

/* Issue 35, "strongest in every field": Mystique Guilds' search defaults
 * switch the opponent model on (docs/bots.md, "Mystique Guilds"), because
 * a search that takes every rival for the heuristic misreads a table of
 * weaker players.  The game's default bot, told nothing but the game's
 * defaults, must come to believe a `collector` seat plays `collector`. */
static void guilds_search_models_a_collector(void **state)
{
    (void)state;
    expect_default_search_learns("mystique-guilds", "collector", 7);
}

/* Issue 35: MYST's search defaults switch the opponent model on too
 * (docs/bots.md, "MYST: opponent models"): its search plays the others
 * with the quick policy, which is neither the heuristic nor `nearest`,
 * and learning which one a seat plays put it first in its mixed field
 * with the intervals apart.  The default bot must come to believe a
 * `nearest` seat plays `nearest`. */
static void myst_search_models_nearest(void **state)
{
    (void)state;
    expect_default_search_learns("myst", "nearest", 7);
}

/* tb_bot_follow: a bot made afresh from the public API and told a
 * finished game's record reads the table as the bot that sat through it
 * did (a server makes a bot for each move and briefs it so): its model
 * believes the random seat random and the heuristic seat not, and its
 * belief about its own seat never moves.  A bot that learns nothing from
 * play is only started. */
static void a_bot_follows_a_record(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    assert_non_null(g);
    tb_config cfg;
    assert_int_equal(tb_config_default(g, 3, &cfg), TB_OK);
    tbi_bot *bots[3] = {new_bot(g, "heuristic"), new_bot(g, "random"),
                        new_bot(g, "heuristic")};
    void *st = tb_state_new(g);
    tb_record rec;
    tb_record_init(&rec, g, &cfg, 5);
    tbi_match_stats stats;
    char err[256];
    assert_int_equal(tbi_play_match(g, &cfg, 5, bots, st, &rec, &stats, err,
                                    sizeof err),
                     TB_OK);
    tb_bot *b = tb_bot_new(g, "ismcts:iters=50,opp=on", 3, err, sizeof err);
    assert_non_null(b);
    assert_int_equal(tb_bot_follow(b, &rec, 0, err, sizeof err), TB_OK);
    const tbi_oppmodel *m = tbi_ismcts_model(tbi_bot_inner(b));
    assert_non_null(m);
    expect_random_then_heuristic(m);
    tb_bot_free(b);
    /* Deaf bots: nothing to replay, and a record that does not replay is
     * not even read. */
    b = tb_bot_new(g, "heuristic", 3, err, sizeof err);
    assert_non_null(b);
    snprintf(rec.actions[0].text, sizeof rec.actions[0].text, "nonsense");
    assert_int_equal(tb_bot_follow(b, &rec, 1, err, sizeof err), TB_OK);
    tb_bot_free(b);
    /* A listening bot is told what is wrong with such a record. */
    b = tb_bot_new(g, "ismcts:iters=50,opp=on", 3, err, sizeof err);
    assert_int_equal(tb_bot_follow(b, &rec, 0, err, sizeof err),
                     TB_EMISMATCH);
    assert_non_null(strstr(err, "1"));
    tb_bot_free(b);
    tb_record_free(&rec);
    free(st);
    for (int j = 0; j < 3; j++)
        tbi_bot_free(bots[j]);
}

/* Every game has its four levels, easiest first, each a spec that makes a
 * bot; a level's name makes the same bot as its spec (the same choice,
 * seeded alike), and names that are no level are refused as bots. */
static void every_game_has_levels(void **state)
{
    (void)state;
    static const char *const names[TBI_LEVELS] = {"easy", "medium", "hard",
                                                  "expert"};
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        const tbi_levels *lv = tbi_levels_of(g);
        if (!lv)
            fail_msg("%s has no levels in src/ai/levels.c", g->id);
        for (int k = 0; k < TBI_LEVELS; k++) {
            assert_string_equal(lv->level[k].name, names[k]);
            assert_true(tbi_is_level(names[k]));
            assert_string_equal(tbi_level_spec(g, names[k]),
                                lv->level[k].spec);
            /* A level is never named by its own spec (no loop). */
            assert_false(tbi_is_level(lv->level[k].spec));
            tbi_bot *b = new_bot(g, names[k]);
            assert_string_equal(b->spec, names[k]);
            tbi_bot_free(b);
            if (lv->games > 0) {
                assert_true(lv->players >= g->min_players &&
                            lv->players <= g->max_players);
                assert_true(lv->level[k].lo <= lv->level[k].rating &&
                            lv->level[k].rating <= lv->level[k].hi);
            }
        }
        /* A game calibrated step by step: each step names an arena of
         * levels that holds both of its levels, at a player count the game
         * takes, with its figure inside its interval; a step not shown is
         * said so in the row's note. */
        const tbi_steps *ss = tbi_steps_of(g);
        for (int k = 0; ss && k < TBI_LEVELS - 1; k++) {
            const tbi_step *st = &ss->step[k];
            if (st->games <= 0)
                continue;
            assert_true(st->players >= g->min_players &&
                        st->players <= g->max_players);
            assert_true(st->lo <= st->share && st->share <= st->hi);
            assert_non_null(strstr(st->agents, names[k]));
            assert_non_null(strstr(st->agents, names[k + 1]));
            if (!tbi_step_shown(lv, ss, k))
                assert_true(lv->note &&
                            strstr(lv->note, "not a measured step"));
        }
    }
    const tb_game *g = tb_find_game("no-thanks");
    assert_non_null(g);
    tb_config cfg;
    tb_config_default(g, 3, &cfg);
    void *st = tb_state_new(g);
    char err[256];
    assert_int_equal(tb_init(g, st, &cfg, err, sizeof err), TB_OK);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    tb_settle(g, st, &rng);
    tbi_bot *level = new_bot(g, "Hard");
    tbi_bot *spec = new_bot(g, tbi_level_spec(g, "hard"));
    tbi_bot_seed(level, 9);
    tbi_bot_seed(spec, 9);
    int seat = tb_current(g, st);
    assert_int_equal(tbi_bot_choose(level, st, seat),
                     tbi_bot_choose(spec, st, seat));
    tbi_bot_free(level);
    tbi_bot_free(spec);
    free(st);
    assert_null(tbi_bot_new(g, "hard:iters=5", err, sizeof err));
    assert_null(tbi_bot_new(g, "master", err, sizeof err));
    assert_non_null(strstr(err, "easy, medium, hard, expert"));
    assert_false(tbi_is_level("heuristic"));
}

/* 6 nimmt!'s search defaults for 4 players add pair=on (docs/bots.md,
 * "Against flat Monte Carlo of the same time per move"): there the default
 * search compares the cards in hand in paired worlds, each world costing
 * one iteration per card, so a budget of 41 iterations is spent in whole
 * worlds (a multiple of the legal count, above 41) and the choices are
 * those of ismcts:pair=on; at 2 players the search stays unpaired and
 * spends exactly 41. */
static void six_nimmt_pairs_at_four(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("6-nimmt");
    assert_non_null(g);
    static tb_action buf[TB_MAX_ACTIONS];
    for (int players = 2; players <= 4; players += 2) {
        tb_config cfg;
        assert_int_equal(tb_config_default(g, players, &cfg), TB_OK);
        tbi_bot *dflt = new_bot(g, "ismcts:iters=41");
        tbi_bot *twin = new_bot(g, players == 4 ? "ismcts:iters=41,pair=on"
                                                : "ismcts:iters=41,pair=off");
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 35);
        int checked = 0;
        while (checked < 6) {
            tb_settle(g, st, &rng);
            assert_true(tb_current(g, st) != TB_TERMINAL);
            int k = tb_legal(g, st, buf);
            if (k > 1) {
                uint64_t seed = 100 + (uint64_t)checked;
                assert_int_equal(choose_seeded(dflt, st, seed),
                                 choose_seeded(twin, st, seed));
                long it = tbi_ismcts_iterations(dflt);
                if (players == 4)
                    assert_true(it > 41 && it % k == 0);
                else
                    assert_int_equal(it, 41);
                checked++;
            }
            tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)k)]);
        }
        free(st);
        tbi_bot_free(dflt);
        tbi_bot_free(twin);
    }
}

/* The Mind's search stops at a hundred iterations a tick, whatever its
 * time budget (more iterations play worse there: docs/bots.md, "The Mind:
 * a small search"): the default bot and one given a second both spend
 * exactly 100. */
static void the_mind_searches_one_hundred(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("the-mind");
    assert_non_null(g);
    static tb_action buf[TB_MAX_ACTIONS];
    tb_config cfg;
    assert_int_equal(tb_config_default(g, 2, &cfg), TB_OK);
    const char *mind_specs[] = {"ismcts", "ismcts:time=1"};
    for (int i = 0; i < 2; i++) {
        tbi_bot *b = new_bot(g, mind_specs[i]);
        void *st = ts_new_game(g, &cfg);
        tb_rng rng;
        tb_rng_seed(&rng, 36);
        tb_settle(g, st, &rng);
        assert_true(tb_current(g, st) >= 0);
        assert_true(tb_legal(g, st, buf) > 1);
        (void)choose_seeded(b, st, 7);
        assert_int_equal(tbi_ismcts_iterations(b), 100);
        free(st);
        tbi_bot_free(b);
    }
}

/* Issue 35: the opponent model is used "for that seat in determinization
 * where moves reveal cards" (infer=N, src/ai/belief.h).  Whole games of g
 * with a weighting bot in seat 0 and random players elsewhere, every bot
 * told every move: each world the bot's belief offers a decision must be
 * one its seat could be in (the same information-set key as the true
 * state), so weighting never makes the search play in a world the seat
 * knows to be false.  Returns how many decisions drew on the belief. */
static int belief_worlds_stand_where_the_seat_does(const tb_game *g,
                                                   uint64_t seed)
{
    tb_config cfg;
    tb_config_default(g, 0, &cfg);
    if (tb_config_check(g, &cfg, NULL, 0) != TB_OK)
        return 0;
    tbi_bot *bots[TB_MAX_PLAYERS] = {0};
    bots[0] = new_bot(g, "ismcts:iters=6,infer=8");
    for (int p = 1; p < cfg.players; p++)
        bots[p] = new_bot(g, "random");
    for (int p = 0; p < cfg.players; p++)
        tbi_bot_start(bots[p], &cfg, p, seed + (uint64_t)p);
    void *st = ts_new_game(g, &cfg), *w = tb_state_new(g);
    void *scratch = tb_state_new(g);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    int used_at = 0;
    for (int step = 0; step < 400; step++) {
        tb_settle(g, st, &rng);
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        tb_action a = tbi_bot_choose(bots[cur], st, cur);
        int used = 0;
        const tbi_belief *b = tbi_ismcts_belief(bots[0], &used);
        assert_non_null(b);
        if (cur == 0 && used) {
            used_at++;
            uint64_t key = tb_infoset_key(g, st, 0, scratch);
            for (int k = 0; k < 16; k++) {
                tbi_belief_draw(b, w, &rng);
                if (tb_infoset_key(g, w, 0, scratch) != key)
                    fail_msg("%s: a weighted world is not one seat 0 could "
                             "be in (decision %d)", g->id, step);
            }
        }
        for (int p = 0; p < cfg.players; p++)
            tbi_bot_observe(bots[p], st, a);
        assert_int_equal(tb_apply(g, st, a), TB_OK);
    }
    for (int p = 0; p < cfg.players; p++)
        tbi_bot_free(bots[p]);
    free(st);
    free(w);
    free(scratch);
    return used_at;
}

/* Runs the check above for every game; in Mystical Eddies, where every
 * card played shows where it was, the belief must serve decisions. */
static void belief_keeps_to_the_seats_knowledge(void **state)
{
    (void)state;
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        int used = belief_worlds_stand_where_the_seat_does(g, 60u + (uint64_t)i);
        if (strcmp(g->id, "mystical-eddies") == 0)
            assert_true(used > 5);
    }
}

/* A state in seat's information set in st in which the seat to move may
 * still take a: st determinized for seat, dealt again until a is legal
 * (st itself when no deal of 64 allows it). */
static void same_to_seat(const tb_game *g, const void *st, int seat,
                         tb_action a, void *out, tb_rng *rng)
{
    static tb_action acts[TB_MAX_ACTIONS];
    for (int t = 0; t < 64; t++) {
        memcpy(out, st, g->state_size);
        tb_determinize(g, out, seat, rng);
        int n = tb_legal(g, out, acts);
        for (int i = 0; i < n; i++)
            if (acts[i] == a)
                return;
    }
    memcpy(out, st, g->state_size);
}

/* The weighted worlds never read hidden cards: two bots with infer=N in
 * seat 0, one told each move with the true state before it, the other
 * with a state that differs from it only in what seat 0 has not seen
 * (and in which the move is still legal), choose alike at every decision
 * of seat 0, in games where the belief serves those decisions.  The games
 * are ones whose hands are dealt for the round, with no draws within it:
 * where a seat draws from a pile held in the state, the other state would
 * show it another card, which it could tell apart. */
static void belief_cannot_peek(void **state)
{
    (void)state;
    const char *ids[] = {"mystical-eddies", "mystique-circle", "take-5"};
    for (int k = 0; k < 3; k++) {
        const tb_game *g = tb_find_game(ids[k]);
        assert_non_null(g);
        tb_config cfg;
        assert_int_equal(tb_config_default(g, 0, &cfg), TB_OK);
        tbi_bot *told = new_bot(g, "ismcts:iters=30,infer=16");
        tbi_bot *fooled = new_bot(g, "ismcts:iters=30,infer=16");
        tbi_bot *other = new_bot(g, "heuristic");
        tbi_bot_start(told, &cfg, 0, 5);
        tbi_bot_start(fooled, &cfg, 0, 5);
        tbi_bot_start(other, &cfg, 1, 6);
        void *st = ts_new_game(g, &cfg), *alt = tb_state_new(g);
        tb_rng rng, alt_rng;
        tb_rng_seed(&rng, 77);
        tb_rng_seed(&alt_rng, 78);
        int served = 0;
        for (int step = 0; step < 300; step++) {
            tb_settle(g, st, &rng);
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            tb_action a;
            if (cur == 0) {
                tbi_bot_seed(told, (uint64_t)step);
                tbi_bot_seed(fooled, (uint64_t)step);
                memcpy(alt, st, g->state_size);
                a = tbi_bot_choose(told, st, 0);
                int used = 0;
                (void)tbi_ismcts_belief(told, &used);
                served += used;
                tb_action fa = tbi_bot_choose(fooled, alt, 0);
                if (fa != a)
                    fail_msg("%s: a bot's choice depended on hidden cards "
                             "it was told of (decision %d)", g->id, step);
            } else {
                a = tbi_bot_choose(other, st, cur);
            }
            same_to_seat(g, st, 0, a, alt, &alt_rng);
            tbi_bot_observe(told, st, a);
            tbi_bot_observe(fooled, alt, a);
            tbi_bot_observe(other, st, a);
            assert_int_equal(tb_apply(g, st, a), TB_OK);
        }
        assert_true(served > 3);
        tbi_bot_free(told);
        tbi_bot_free(fooled);
        tbi_bot_free(other);
        free(st);
        free(alt);
    }
}

int main(void)
{
    struct CMUnitTest tests[128];
    int n = 0;
    static char names[64][4][64];
    for (int i = 0; i < tb_game_count() && i < 64; i++) {
        const tb_game *g = tb_game_at(i);
        void *gp = (void *)(uintptr_t)g;
        snprintf(names[i][0], 64, "%s: bots cannot peek", g->id);
        snprintf(names[i][1], 64, "%s: ismcts plays legally", g->id);
        snprintf(names[i][2], 64, "%s: ismcts is deterministic", g->id);
        snprintf(names[i][3], 64, "%s: retract keeps the decision", g->id);
        tests[n++] = (struct CMUnitTest){names[i][0], bots_cannot_peek, NULL,
                                         NULL, gp};
        tests[n++] = (struct CMUnitTest){names[i][1], ismcts_plays_legal_games,
                                         NULL, NULL, gp};
        tests[n++] = (struct CMUnitTest){names[i][2], ismcts_is_deterministic,
                                         NULL, NULL, gp};
        tests[n++] = (struct CMUnitTest){names[i][3],
                                         retract_keeps_the_decision, NULL,
                                         NULL, gp};
    }
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(
        generic_reward_orders_outcomes);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(ismcts_plays_dice_well);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(ismcts_survives_full_pool);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(ismcts_vote_follows_the_heuristic);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(ismcts_refuses_bad_params);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(every_game_has_levels);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(blunder_plays_at_its_rate);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(ismcts_prune_keeps_to_the_candidates);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(opponent_model_follows_play);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(a_bot_follows_a_record);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(six_nimmt_pairs_at_four);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(the_mind_searches_one_hundred);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(guilds_search_models_a_collector);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(myst_search_models_nearest);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(belief_keeps_to_the_seats_knowledge);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(belief_cannot_peek);
    return _cmocka_run_group_tests("bots", tests, (size_t)n, NULL, NULL);
}
