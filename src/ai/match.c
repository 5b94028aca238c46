/*
 * match.c - plays one game between bots from a seed, optionally recording.
 */
#include "match.h"
#include "internal.h"

#include <string.h>

uint64_t tbi_game_seed(uint64_t master, uint64_t game_index)
{
    return tb_seed_derive(master, game_index);
}

uint64_t tbi_seat_seed(uint64_t game_seed, int seat)
{
    return tb_seed_derive(game_seed ^ 0x5eed5eedull, (uint64_t)seat + 1);
}

int tbi_play_match(const tb_game *g, const tb_config *cfg, uint64_t seed,
                   tbi_bot *const *bots, void *st, tb_record *rec,
                   tbi_match_stats *out, char *err, size_t errcap)
{
    return tbi_play_match_observed(g, cfg, seed, bots, st, rec, NULL, out,
                                   err, errcap);
}

int tbi_play_match_observed(const tb_game *g, const tb_config *cfg,
                            uint64_t seed, tbi_bot *const *bots, void *st,
                            tb_record *rec, const tbi_match_observer *obs,
                            tbi_match_stats *out, char *err, size_t errcap)
{
    int rc = tb_init(g, st, cfg, err, errcap);
    if (rc != TB_OK)
        return rc;
    tb_rng deal;
    tb_rng_seed(&deal, seed);
    for (int j = 0; j < cfg->players; j++)
        tbi_bot_start(bots[j], cfg, j, tbi_seat_seed(seed, j));
    long actions = 0;
    uint16_t outcome[TB_MAX_CHANCE];
    for (;;) {
        int cur = g->current(st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            int n;
            tb_sample_chance(g, st, &deal, outcome, &n);
            if (rec && tb_record_add_deal(rec, outcome, n) != TB_OK)
                goto nomem;
            continue;
        }
        tb_action a = tbi_bot_choose(bots[cur], st, cur);
        for (int j = 0; j < cfg->players; j++)
            tbi_bot_observe(bots[j], st, a);
        if (rec) {
            char text[TB_ACTION_TEXT];
            g->action_text(st, a, text, sizeof text);
            if (tb_record_add_action(rec, cur, text) != TB_OK)
                goto nomem;
        }
        g->apply(st, a);
        actions++;
        if (obs)
            obs->after_action(obs->user, g, st);
    }
    out->actions = actions;
    tb_result_of(g, st, &out->result);
    if (rec) {
        rec->result = out->result;
        rec->has_result = 1;
    }
    return TB_OK;
nomem:
    tbi_errf(err, errcap, "out of memory while recording");
    return TB_ENOMEM;
}
