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

int tbi_step_chance(const tb_game *g, void *st, tb_rng *rng, tb_record *rec,
                    uint16_t *outcome, int *n)
{
    uint16_t buf[TB_MAX_CHANCE];
    int len;
    int rc = tb_sample_chance(g, st, rng, buf, &len);
    if (rc != TB_OK)
        return rc;
    if (outcome)
        memcpy(outcome, buf, (size_t)len * sizeof buf[0]);
    if (n)
        *n = len;
    return rec ? tb_record_add_deal(rec, buf, len) : TB_OK;
}

int tbi_step_action(const tb_game *g, void *st, void *before, tb_action a,
                    tb_record *rec)
{
    if (rec) {
        char text[TB_ACTION_TEXT];
        g->action_text(st, a, text, sizeof text);
        if (tb_record_add_action(rec, g->current(st), text) != TB_OK)
            return TB_ENOMEM;
    }
    if (before)
        memcpy(before, st, g->state_size);
    g->apply(st, a);
    return TB_OK;
}

int tbi_note_round(const tb_game *g, const void *st, int round,
                   tbi_bot *const *bots, int players)
{
    double standing[TB_MAX_PLAYERS];
    int now = g->standing(st, standing);
    /* A round that ends the game is told by game_end alone. */
    if (now != round && g->current(st) != TB_TERMINAL)
        for (int j = 0; j < players; j++)
            if (bots[j]) /* a person's seat in `tabula play` has none */
                tbi_bot_round_end(bots[j], st, round);
    return now;
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
    int rounds = 0; /* whether some bot hears of each round's end */
    for (int j = 0; j < cfg->players; j++) {
        tbi_bot_start(bots[j], cfg, j, tbi_seat_seed(seed, j));
        rounds |= tbi_bot_wants_rounds(bots[j]);
    }
    double standing[TB_MAX_PLAYERS];
    int round = rounds ? g->standing(st, standing) : 0;
    long actions = 0;
    for (;;) {
        int cur = g->current(st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            if (tbi_step_chance(g, st, &deal, rec, NULL, NULL) != TB_OK)
                goto nomem;
            if (rounds) /* a game may count the round at its deal */
                round = tbi_note_round(g, st, round, bots, cfg->players);
            continue;
        }
        tb_action a = tbi_bot_choose(bots[cur], st, cur);
        for (int j = 0; j < cfg->players; j++)
            tbi_bot_observe(bots[j], st, a);
        if (tbi_step_action(g, st, NULL, a, rec) != TB_OK)
            goto nomem;
        actions++;
        if (obs)
            obs->after_action(obs->user, g, st);
        if (rounds)
            round = tbi_note_round(g, st, round, bots, cfg->players);
    }
    for (int j = 0; j < cfg->players; j++)
        tbi_bot_game_end(bots[j], st);
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
