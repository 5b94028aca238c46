/*
 * random_bot.c - the `random` bot: a uniformly random legal action.  Every
 * game gets it through the engine; it is the baseline every other bot must
 * beat.
 */
#include "bot.h"
#include "internal.h"

static int random_create(tbi_bot *b, const char *params, char *err, size_t cap)
{
    (void)b;
    if (params[0]) {
        tbi_errf(err, cap, "the random bot takes no parameters");
        return TB_EINVAL;
    }
    return TB_OK;
}

static tb_action random_choose(tbi_bot *b, void *st, int seat)
{
    (void)seat;
    return tbi_random_action(b->game, st, &b->rng);
}

const tbi_bot_kind tbi_bot_random = {
    .name = "random",
    .help = "random: a uniformly random legal move",
    .legal_only = 1,
    .create = random_create,
    .choose = random_choose,
    .destroy = NULL,
};
