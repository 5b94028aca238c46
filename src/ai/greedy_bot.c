/*
 * greedy_bot.c - the `greedy` bot: a short-sighted player for opponent
 * pools, the same for every game.  It plays the move after which its own
 * standing (the game's score so far, tb_game.standing) looks best against
 * the other seats' once play comes back to it, with no look further ahead.
 * It plays the way a casual player does who grabs the points in front of
 * them, and differs from both the hand-written heuristic (a game's own
 * judgement) and search.  In a game whose standings move only when a
 * round ends (Mystique Domination) it sees no difference between moves
 * within a round and plays the first legal one, which is why it loses to
 * random play there (docs/bots.md, "Mystique Domination").
 */
#include "bot.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_SAMPLES 4
#define MAX_SAMPLES 64

typedef struct greedy {
    int samples;  /* worlds tried per legal action */
    int higher;   /* which way standings point (0: not learnt yet) */
    int players;
    void *world;
} greedy;

static int greedy_create(tbi_bot *b, const char *params, char *err,
                         size_t cap)
{
    greedy *gr = calloc(1, sizeof *gr);
    if (!gr) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    b->data = gr;
    gr->samples = DEFAULT_SAMPLES;
    if (params[0]) {
        char *end;
        long v = strncmp(params, "samples=", 8) == 0
                     ? strtol(params + 8, &end, 10)
                     : (end = (char *)params, 0);
        if (*end || v < 1 || v > MAX_SAMPLES) {
            tbi_errf(err, cap, "greedy takes samples=N (1 to %d), not '%s'",
                     MAX_SAMPLES, params);
            return TB_EINVAL;
        }
        gr->samples = (int)v;
    }
    if (!b->game->standing) {
        tbi_errf(err, cap, "greedy needs a game that reports its standings; "
                 "%s does not", b->game->id);
        return TB_EINVAL;
    }
    if (!(gr->world = tb_state_new(b->game))) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    return TB_OK;
}

static void greedy_destroy(tbi_bot *b)
{
    greedy *gr = b->data;
    if (gr)
        free(gr->world);
    free(gr);
    b->data = NULL;
}

/* How the world stands for seat: its standing less the others' mean in a
 * competitive game, the team's standing in a cooperative one, turned so
 * that higher is better. */
static double value_for(const greedy *gr, const tb_game *g, const void *w,
                        int seat)
{
    double sc[TB_MAX_PLAYERS];
    g->standing(w, sc);
    double v = sc[seat];
    if (!(g->flags & TB_GAME_COOPERATIVE) && gr->players > 1) {
        double others = 0;
        for (int j = 0; j < gr->players; j++)
            if (j != seat)
                others += sc[j];
        v -= others / (gr->players - 1);
    }
    return gr->higher * v;
}

/* Plays the world on until seat is to move again or the game is over: the
 * other seats by the game's cheapest policy (its quick policy, else its
 * heuristic, else random moves), chance from the bot's generator. */
static void play_to_turn(const tb_game *g, void *w, int seat, tb_rng *rng)
{
    for (int guard = 0; guard < 256; guard++) {
        int cur = g->current(w);
        if (cur == seat || cur == TB_TERMINAL)
            return;
        if (cur == TB_CHANCE) {
            tb_sample_chance(g, w, rng, NULL, NULL);
            continue;
        }
        tb_action a = g->quick       ? g->quick(w, cur, rng)
                      : g->heuristic ? g->heuristic(w, cur, rng)
                                     : tbi_random_action(g, w, rng);
        g->apply(w, a);
    }
}

/* Tries each legal action in a few worlds sampled for the seat and plays
 * the one with the best mean value when play returns; ties go to the
 * first in legal order. */
static tb_action greedy_choose(tbi_bot *b, void *st, int seat)
{
    const tb_game *g = b->game;
    greedy *gr = b->data;
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    if (n == 1)
        return acts[0];
    if (!gr->higher)
        gr->higher = tbi_standings_direction(g, st, seat, gr->world,
                                             &gr->players);
    int best = 0;
    double best_v = 0;
    for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int k = 0; k < gr->samples; k++) {
            memcpy(gr->world, st, g->state_size);
            if (k)
                g->determinize(gr->world, seat, &b->rng);
            g->apply(gr->world, acts[i]);
            play_to_turn(g, gr->world, seat, &b->rng);
            sum += value_for(gr, g, gr->world, seat);
        }
        if (i == 0 || sum > best_v) {
            best = i;
            best_v = sum;
        }
    }
    return acts[best];
}

const tbi_bot_kind tbi_bot_greedy = {
    .name = "greedy",
    .help = "greedy[:samples=N]: the move whose standing looks best when "
            "play comes back (short-sighted)",
    .legal_only = 0,
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};
