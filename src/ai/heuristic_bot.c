/*
 * heuristic_bot.c - the `heuristic` bot: the game's own hand-written policy
 * (tb_game.heuristic), given a state determinized for its seat.  Games that
 * have none fall back to random play, and say so in their docs.
 */
#include "bot.h"
#include "internal.h"

static int heuristic_create(tbi_bot *b, const char *params, char *err,
                            size_t cap)
{
    (void)b;
    if (params[0]) {
        tbi_errf(err, cap, "the heuristic bot takes no parameters");
        return TB_EINVAL;
    }
    return TB_OK;
}

static tb_action heuristic_choose(tbi_bot *b, void *st, int seat)
{
    const tb_game *g = b->game;
    if (g->heuristic)
        return g->heuristic(st, seat, &b->rng);
    return tbi_random_action(g, st, &b->rng);
}

const tbi_bot_kind tbi_bot_heuristic = {
    .name = "heuristic",
    .help = "heuristic: the game's hand-written policy (cheap, decent)",
    .legal_only = 0,
    .heuristic_only = 1,
    .create = heuristic_create,
    .choose = heuristic_choose,
    .destroy = NULL,
};
