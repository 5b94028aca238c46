/*
 * bot.c - the table of bot kinds, making bots from seat specs, and the one
 * door through which every bot sees a game: a copy determinized for its seat.
 */
#include "bot.h"
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

extern const tbi_bot_kind tbi_bot_random;
extern const tbi_bot_kind tbi_bot_heuristic;
extern const tbi_bot_kind tbi_bot_ismcts;

static const tbi_bot_kind *const kinds[] = {
    &tbi_bot_random,
    &tbi_bot_heuristic,
    &tbi_bot_ismcts,
};

int tbi_bot_kind_count(void)
{
    return (int)(sizeof kinds / sizeof kinds[0]);
}

const tbi_bot_kind *tbi_bot_kind_at(int i)
{
    return i >= 0 && i < tbi_bot_kind_count() ? kinds[i] : NULL;
}

tbi_bot *tbi_bot_new(const tb_game *g, const char *spec, char *err,
                     size_t cap)
{
    char name[48];
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    if (len == 0 || len >= sizeof name) {
        tbi_errf(err, cap, "empty or overlong bot name in '%s'", spec);
        return NULL;
    }
    memcpy(name, spec, len);
    name[len] = '\0';
    const tbi_bot_kind *kind = NULL;
    for (int i = 0; i < tbi_bot_kind_count(); i++)
        if (tbi_word_eq(kinds[i]->name, name))
            kind = kinds[i];
    if (!kind) {
        tb_text t;
        char names[200];
        tb_text_init(&t, names, sizeof names);
        for (int i = 0; i < tbi_bot_kind_count(); i++)
            tb_text_printf(&t, "%s%s", i ? ", " : "", kinds[i]->name);
        tbi_errf(err, cap, "unknown player '%s'; choose human or a bot: %s",
                 name, names);
        return NULL;
    }
    tbi_bot *b = calloc(1, sizeof *b);
    if (!b) {
        tbi_errf(err, cap, "out of memory");
        return NULL;
    }
    b->kind = kind;
    b->game = g;
    snprintf(b->spec, sizeof b->spec, "%s", spec);
    b->scratch = tb_state_new(g);
    if (!b->scratch ||
        (kind->create && kind->create(b, colon ? colon + 1 : "", err, cap))) {
        tbi_bot_free(b);
        return NULL;
    }
    tb_rng_seed(&b->rng, 0);
    return b;
}

void tbi_bot_free(tbi_bot *b)
{
    if (!b)
        return;
    if (b->kind->destroy)
        b->kind->destroy(b);
    free(b->scratch);
    free(b);
}

void tbi_bot_seed(tbi_bot *b, uint64_t seed)
{
    tb_rng_seed(&b->rng, seed);
}

tb_action tbi_random_action(const tb_game *g, const void *st, tb_rng *rng)
{
    tb_action buf[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, buf);
    assert(n >= 1); /* the contract of legal, checked by the conformance battery */
    return buf[tb_rng_below(rng, (uint32_t)n)];
}

tb_action tbi_bot_choose(tbi_bot *b, const void *st, int seat)
{
    const tb_game *g = b->game;
    memcpy(b->scratch, st, g->state_size);
    if (!b->kind->legal_only)
        g->determinize(b->scratch, seat, &b->rng);
    return b->kind->choose(b, b->scratch, seat);
}
