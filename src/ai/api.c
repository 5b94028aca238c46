/*
 * api.c - the public face of the bots and the simulation (tb_bot_*,
 * tb_sim in tabula.h), for programs linked with libtabula and for the
 * Python binding.  The work is done by bot.c and sim.c; this file only
 * checks arguments and turns the internal sums into report figures.
 */
#include "internal.h"
#include "sim.h"

#include <stdlib.h>
#include <string.h>

/* A public bot wraps an internal one; the extra allocation is made once
 * per bot, never per move. */
struct tb_bot {
    tbi_bot *bot;
};

tb_bot *tb_bot_new(const tb_game *g, const char *spec, uint64_t seed,
                   char *err, size_t errcap)
{
    if (!g || !spec) {
        tbi_errf(err, errcap, "tb_bot_new needs a game and a bot spec");
        return NULL;
    }
    tb_bot *b = malloc(sizeof *b);
    if (!b) {
        tbi_errf(err, errcap, "out of memory for a bot");
        return NULL;
    }
    b->bot = tbi_bot_new(g, spec, err, errcap);
    if (!b->bot) {
        free(b);
        return NULL;
    }
    tbi_bot_seed(b->bot, seed);
    return b;
}

void tb_bot_free(tb_bot *b)
{
    if (!b)
        return;
    tbi_bot_free(b->bot);
    free(b);
}

void tb_bot_seed(tb_bot *b, uint64_t seed)
{
    tbi_bot_seed(b->bot, seed);
}

int tb_bot_choose(tb_bot *b, const void *st, tb_action *out)
{
    int seat = tb_current(b->bot->game, st);
    if (seat == TB_CHANCE)
        return TB_ECHANCE;
    if (seat == TB_TERMINAL)
        return TB_ETERMINAL;
    *out = tbi_bot_choose(b->bot, st, seat);
    return TB_OK;
}

void tb_bot_start(tb_bot *b, const tb_config *cfg, int seat)
{
    tbi_bot_begin(b->bot, cfg, seat);
}

void tb_bot_observe(tb_bot *b, const void *before, tb_action a)
{
    tbi_bot_observe(b->bot, before, a);
}

/* A replay hook: tells the bot in user of each action of the record. */
static void tell_bot(const tb_game *g, const void *before, tb_action a,
                     const void *after, const tb_record_step *step,
                     int move_no, void *user)
{
    (void)g, (void)after, (void)step, (void)move_no;
    tbi_bot_observe(user, before, a);
}

int tb_bot_follow(tb_bot *b, const tb_record *rec, int seat, char *err,
                  size_t errcap)
{
    tbi_bot *bot = b->bot;
    tbi_bot_begin(bot, &rec->cfg, seat);
    /* Replaying costs a parse per action: skipped for a deaf bot. */
    if (!bot->kind->observe || !bot->observes || rec->n_actions == 0)
        return TB_OK;
    void *st = tb_state_new(rec->game);
    if (!st) {
        tbi_errf(err, errcap, "out of memory to replay the record");
        return TB_ENOMEM;
    }
    int rc = tb_record_replay(rec, st, tell_bot, bot, err, errcap);
    free(st);
    return rc;
}

tbi_bot *tbi_bot_inner(tb_bot *b)
{
    return b->bot;
}

int tb_sim(const tb_game *g, const tb_config *cfg, const char *const *seats,
           long games, uint64_t seed, int threads, tb_sim_report *out,
           char *err, size_t errcap)
{
    if (!g || !cfg || !seats || !out) {
        tbi_errf(err, errcap, "tb_sim needs a game, a config, seats and a "
                              "report to fill");
        return TB_EINVAL;
    }
    if (games < 1 || threads < 1) {
        tbi_errf(err, errcap, "tb_sim: games (%ld) and threads (%d) must be "
                              "at least 1", games, threads);
        return TB_EINVAL;
    }
    if (cfg->players < 1 || cfg->players > TB_MAX_PLAYERS) {
        tbi_errf(err, errcap, "tb_sim: %d players is out of range",
                 cfg->players);
        return TB_EINVAL;
    }
    tbi_sim_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.game = g;
    spec.cfg = *cfg;
    for (int j = 0; j < cfg->players; j++) {
        if (!seats[j] || strlen(seats[j]) >= TB_SEAT_SPEC) {
            tbi_errf(err, errcap, "tb_sim: seat %d has no bot spec or one "
                                  "longer than %d characters", j,
                     TB_SEAT_SPEC - 1);
            return TB_EINVAL;
        }
        strcpy(spec.seats[j], seats[j]);
    }
    spec.games = games;
    spec.seed = seed;
    spec.threads = threads;
    tbi_sim_out so;
    int rc = tbi_sim_run(&spec, &so, err, errcap);
    if (rc != TB_OK)
        return rc;
    memset(out, 0, sizeof *out);
    double n = (double)so.games;
    out->games = so.games;
    for (int j = 0; j < cfg->players; j++) {
        out->wins[j] = so.wins[j];
        tbi_wilson95(so.wins[j], n, &out->win_rate_ci95[j][0],
                     &out->win_rate_ci95[j][1]);
        out->mean_score[j] = tbi_moments_mean(&so.score[j]);
        out->mean_score_ci95[j] = tbi_moments_ci95(&so.score[j]);
    }
    out->mean_actions = tbi_moments_mean(&so.actions);
    out->team_wins = so.team_wins;
    tbi_wilson95(so.team_wins, n, &out->team_win_rate_ci95[0],
                 &out->team_win_rate_ci95[1]);
    out->team_mean_score = tbi_moments_mean(&so.team_score);
    out->team_mean_score_ci95 = tbi_moments_ci95(&so.team_score);
    out->draws = so.draws;
    tbi_wilson95(so.draws, n, &out->draw_rate_ci95[0],
                 &out->draw_rate_ci95[1]);
    tbi_sim_out_free(&so);
    return TB_OK;
}
